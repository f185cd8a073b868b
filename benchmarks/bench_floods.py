"""Issue 16's floods against ``atout serve``: many spectators on one table, or a burst of expert bot tables.

Usage: python benchmarks/bench_floods.py spectators [--count 1000] [--seconds 30] [-- serve options]
       python benchmarks/bench_floods.py bots [--count 60] [--seconds 30] [-- serve options]

Starts a server on a free 127.0.0.1 port (a fresh SQLite file, default limits unless serve options follow
``--``), then either connects ``--count`` spectators (from 127.0.0.1) to one watched bots table, or creates
``--count`` "Watch bots" Tarot tables at level expert and watches each one created. Meanwhile a seat plays
another table (a Triomphe against bots, from 127.0.0.2) and ``/healthz`` is asked twice a second. Prints one
JSON line: ``/healthz`` latency, the other table's moves and acknowledgement latency (its ``act`` to the frame
showing it), the server's CPU seconds. Bounded: at most 2,000 sockets or tables, 120 seconds; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from typing import Any

import httpx
import websockets

MAX_COUNT, MAX_SECONDS = 2000, 120.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def watch(port: int, table_id: str, stop: asyncio.Event, seen: dict[str, int]) -> None:
    """A spectator reading every frame until ``stop``; counts its frames, and whether it was welcomed."""
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table_id}", open_timeout=60, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            while not stop.is_set():
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 1))
                except TimeoutError:
                    continue
                seen["welcomed"] += msg["type"] == "welcome"
                seen["frames"] += msg["type"] == "state"
    except (OSError, TimeoutError, websockets.ConnectionClosed):
        pass  # refused (an error frame, then the close), or closed by the server


async def play(port: int, table: dict[str, Any], stop: asyncio.Event, acks: list[float]) -> None:
    """Seat 0 of another table, from another loopback address: random legal moves, each acknowledgement timed."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table['id']}", max_size=None,
                                  local_addr=("127.0.0.2", 0), open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "token": table["token"]}))
        sent: tuple[int, float] | None = None
        while not stop.is_set():
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 1))
            except TimeoutError:
                continue
            if msg["type"] != "state":
                continue
            if sent and msg["n"] > sent[0]:
                acks.append(time.monotonic() - sent[1])
                sent = None
            obs = msg["obs"]
            if obs["current_player"] == 0 and obs["legal_actions"] and not sent and not msg["over"]:
                sent = (msg["n"], time.monotonic())
                await ws.send(json.dumps({"type": "act", "action": random.choice(obs["legal_actions"]), "n": msg["n"]}))


async def run(mode: str, count: int, seconds: float, serve: list[str]) -> dict[str, Any]:
    port = free_port()
    db = f"sqlite:///{os.path.abspath(f'bench-floods-{port}.db')}"
    argv = ["serve", "--port", str(port), "--db", db, "--http-rate", "1000", *serve]
    proc = subprocess.Popen([sys.executable, "-c", f"from atout.cli.main import main; main({argv!r})"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stop, seen, acks, health = asyncio.Event(), {"welcomed": 0, "frames": 0}, [], []
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            for _ in range(150):
                try:
                    await http.get("/healthz")
                    break
                except httpx.HTTPError:
                    await asyncio.sleep(0.2)
            other = (await http.post("/api/tables", json={"game": "triomphe", "players": 2, "level": "easy",
                                                          "deals": 100})).json()
            if mode == "spectators":
                shown = (await http.post("/api/tables", json={"game": "tarot", "seat": None, "level": "easy",
                                                              "deals": 100})).json()
                targets, created = [shown["id"]] * count, 1
            else:
                made = [await http.post("/api/tables", json={"game": "tarot", "seat": None, "level": "expert",
                                                              "deals": 100}) for _ in range(count)]
                targets = [r.json()["id"] for r in made if r.status_code == 200]
                created = len(targets)
            tasks = [asyncio.create_task(watch(port, t, stop, seen)) for t in targets]
            player = asyncio.create_task(play(port, other, stop, acks))
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                t0 = time.monotonic()
                try:
                    await http.get("/healthz", timeout=60)
                except httpx.HTTPError:
                    pass
                health.append(time.monotonic() - t0)
                await asyncio.sleep(0.5)
            stop.set()
            await asyncio.wait([*tasks, player], timeout=15)
        cpu = cpu_seconds(proc.pid)
    finally:
        proc.terminate()
        proc.wait(30)
        for suffix in ("", "-shm", "-wal"):
            with contextlib.suppress(FileNotFoundError):
                os.remove(db.removeprefix("sqlite:///") + suffix)
    return {"mode": mode, "count": count, "created": created, "seconds": seconds, **seen,
            "healthz_ms_median": round(statistics.median(health) * 1000, 1),
            "healthz_ms_max": round(max(health) * 1000, 1), "other_table_moves": len(acks),
            "ack_ms_median": round(statistics.median(acks) * 1000, 1) if acks else None, "server_cpu_s": cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["spectators", "bots"])
    parser.add_argument("--count", type=int, default=None, help="spectators (default 1000) or bot tables (default 60)")
    parser.add_argument("--seconds", type=float, default=30.0, help=f"measured time (at most {MAX_SECONDS:g})")
    parser.add_argument("serve", nargs="*", help="options for atout serve, after --")
    args = parser.parse_args()
    count = args.count or (1000 if args.mode == "spectators" else 60)
    if not 1 <= count <= MAX_COUNT or not 0 < args.seconds <= MAX_SECONDS:
        raise SystemExit(f"--count is 1..{MAX_COUNT} and --seconds 0..{MAX_SECONDS:g}")
    print(json.dumps(asyncio.run(run(args.mode, count, args.seconds, args.serve))))


if __name__ == "__main__":
    main()
