"""The server's move path in one process, without sockets: what a move costs the hub (issue 21's profile).

Usage:
  python benchmarks/bench_move_path.py [--tables 20] [--moves 2000] [--db sqlite|URL] [--spectators 0] [--profile]

``--tables`` Tarot tables for 4, every seat a person with a delta-asking connection (as benchmarks/bench_web.py's
clients), ``--spectators`` more connections per table; random legal moves are played through ``Hub.act`` (each
seat's "continue" at a deal's end through ``Hub.go_on``, as a person does) until ``--moves`` moves are made.
Reports the hub's milliseconds per move (CPU of this process: the engine, the frames, their encoding, the
database write) and the mean bytes of a frame after a socket's first; ``--profile`` prints cProfile's top costs.
No network, no server: the figure is the move path alone, what the wall clock of a busy machine does not change.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import random
import re
import tempfile
import time
from pathlib import Path

from atout.web.hub import Conn, Hub, Live
from atout.web.messages import CreateTable
from atout.web.store import Store

DUMP: list[str] = []  # --dump: every text sent, in order


def drain(live: Live, sizes: list[int], first: set[int]) -> None:
    """Empty every connection's outbox (what the socket would send), noting the bytes after each one's first."""
    for conn in live.conns:
        while not conn.outbox.empty():
            text = conn.outbox.get_nowait()
            DUMP.append(text.replace(live.id, "TABLE"))
            if id(conn) in first:
                sizes.append(len(text.encode()))
            first.add(id(conn))


async def run(tables: int, moves: int, url: str, spectators: int, seed: int) -> dict[str, float]:
    hub = Hub(Store(url), bot_delay=0, move_timeout=0)  # no turn deadline: frames that depend on the moves alone
    rng = random.Random(seed)
    lives: list[Live] = []
    for t in range(tables):
        live, _ = hub.create(CreateTable(game="tarot", players=4, seat=0, fill=False, seed=t + 1, deals=20))
        for s in range(1, 4):
            hub.join(live, s)
        for s in [0, 1, 2, 3] + [None] * spectators:  # type: ignore[list-item]
            hub.attach(live, Conn(seat=s, lang="en", deltas=True))
        hub.broadcast(live)
        lives.append(live)
    sizes: list[int] = []
    first: set[int] = set()
    for live in lives:
        drain(live, sizes, first)
    made, continues = 0, 0
    t0, c0 = time.perf_counter(), time.process_time()
    while made < moves:
        for live in lives:
            if live.state.is_terminal():
                continue
            if live.ended is not None and not live.ended.final:
                for s in live.ended.waiting:
                    await hub.go_on(live, s)
                    continues += 1
            else:
                seat = live.state.current_player
                assert seat is not None
                legal = [str(a) for a in live.state.legal_actions()]
                await hub.act(live, seat, rng.choice(legal), len(live.moves))
                made += 1
            drain(live, sizes, first)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    await hub.close()
    return {"moves": made, "continues": continues, "cpu_ms_per_move": round(cpu * 1000 / made, 3),
            "wall_ms_per_move": round(wall * 1000 / made, 3), "frames": len(sizes),
            "frame_bytes_mean": round(sum(sizes) / max(1, len(sizes))),
            "frame_bytes_p95": sorted(sizes)[int(0.95 * len(sizes))] if sizes else 0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--spectators", type=int, default=0, help="spectator connections per table (default 0)")
    parser.add_argument("--db", default="sqlite", help="sqlite (a temporary file, default) or a database URL")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dump", type=Path, help="write every text sent to this file, one a line (to compare two versions)")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top 30 costs (cumulative)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'moves.db'}" if args.db == "sqlite" else args.db
        coro = run(args.tables, args.moves, url, args.spectators, args.seed)
        if args.profile:
            prof = cProfile.Profile()
            result = prof.runcall(asyncio.run, coro)
            pstats.Stats(prof).sort_stats("tottime").print_stats(30)
            pstats.Stats(prof).sort_stats("cumulative").print_stats(45)
        else:
            result = asyncio.run(coro)
    if args.dump:
        args.dump.write_text("".join(re.sub(r'"deadline":[0-9.]+', '"deadline":0', t) + "\n" for t in DUMP))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
