"""Load test of ``atout serve``: N concurrent tables played over WebSockets on loopback.

Usage: python benchmarks/bench_web.py [--tables 8] [--game tarot] [--players 4] [--seconds 60] [--db URL]

Starts a server on a free 127.0.0.1 port (bots' pacing off) on a fresh SQLite file (or ``--db``), creates
``--tables`` tables and seats a client at every seat of each (one WebSocket per seat); each client plays
random legal moves from its own frames. Measures accepted actions per second over all tables and the
latency of each action: from sending it to receiving the frame that shows it (validated, committed to
the database, sent to every seat). Bounded: at most 64 tables, at most 300 seconds, loopback only; it
stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

MAX_TABLES = 64
MAX_SECONDS = 300.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (Linux /proc), to judge the server apart from the machine's load."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(port: int, db: str) -> subprocess.Popen[bytes]:
    argv = ["serve", "--port", str(port), "--db", db, "--bot-delay", "0", "--http-rate", "1000",
            "--table-rate", "6000", "--max-sockets", "10000"]  # one address opens every table and socket
    code = f"from atout.cli.main import main; main({argv!r})"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


async def seat_client(url: str, token: str, seed: int, latencies: list[float], deadline: float) -> int:
    """Play one seat until the game ends or time is up; returns the number of actions it made."""
    rng = random.Random(seed)
    made = 0
    sent_at: dict[int, float] = {}
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        acted = -1
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] != "state":
                continue
            n = msg["n"]
            for k in [k for k in sent_at if k < n]:
                latencies.append(time.perf_counter() - sent_at.pop(k))
            if msg["over"]:
                break
            obs = msg["obs"]
            if obs["legal_actions"] and n != acted:
                acted = n
                sent_at[n] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": rng.choice(obs["legal_actions"]), "n": n}))
                made += 1
    return made


async def run(base: str, tables: int, game: str, players: int, seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        seats: list[tuple[str, str, int]] = []
        for t in range(tables):
            r = await http.post("/api/tables", json={"game": game, "players": players, "seat": 0, "fill": False, "seed": t})
            r.raise_for_status()
            created = r.json()
            seats.append((created["id"], created["token"], 0))
            for s in range(1, players):
                j = await http.post(f"/api/tables/{created['id']}/join", json={"seat": s})
                j.raise_for_status()
                seats.append((created["id"], j.json()["token"], s))
    ws_base = base.replace("http://", "ws://")
    start = time.perf_counter()
    deadline = time.monotonic() + seconds
    made = await asyncio.gather(*(seat_client(f"{ws_base}/ws/{tid}", tok, hash((tid, s)) & 0xFFFF, latencies, deadline)
                                  for tid, tok, s in seats))
    elapsed = time.perf_counter() - start
    lat_ms = sorted(x * 1000 for x in latencies)

    def pct(p: float) -> float:
        return lat_ms[min(len(lat_ms) - 1, int(p / 100 * len(lat_ms)))] if lat_ms else float("nan")

    return {
        "tables": tables, "game": game, "players": players, "connections": len(seats),
        "actions": sum(made), "seconds": round(elapsed, 2), "actions_per_s": round(sum(made) / elapsed, 1),
        "latency_ms": {"p50": round(pct(50), 1), "p90": round(pct(90), 1), "p99": round(pct(99), 1),
                       "max": round(lat_ms[-1], 1) if lat_ms else None,
                       "mean": round(statistics.fmean(lat_ms), 1) if lat_ms else None},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=8, help=f"concurrent tables (1..{MAX_TABLES}, default 8)")
    parser.add_argument("--game", default="tarot")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0, help=f"time limit (at most {MAX_SECONDS:.0f})")
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file in a temp folder)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables must be 1..{MAX_TABLES}")
    seconds = min(max(args.seconds, 1.0), MAX_SECONDS)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        server = start_server(port, db)
        try:
            before = cpu_seconds(server.pid)
            result = asyncio.run(run(f"http://127.0.0.1:{port}", args.tables, args.game, args.players, seconds))
            after = cpu_seconds(server.pid)
            if before is not None and after is not None and result["actions"]:
                result["server_cpu_ms_per_action"] = round((after - before) * 1000 / result["actions"], 2)
            result["load_average"] = [round(x, 2) for x in os.getloadavg()]
        finally:
            server.terminate()
            server.wait(10)
    result["db"] = "sqlite" if args.db is None else args.db.split(":", 1)[0]
    if args.json:
        print(json.dumps(result))
        return
    lat = result["latency_ms"]
    print(f"{result['tables']} {result['game']} tables x {result['players']} seats over WebSockets ({result['db']}): "
          f"{result['actions']} actions in {result['seconds']} s = {result['actions_per_s']} actions/s; "
          f"latency p50 {lat['p50']} ms, p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms; "
          f"server CPU {result.get('server_cpu_ms_per_action')} ms/action; load average {result['load_average']}")


if __name__ == "__main__":
    main()
