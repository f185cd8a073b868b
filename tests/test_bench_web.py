"""``benchmarks/bench_web.py`` (docs/web.md, Load) still runs: its smallest load table and spectator flood, a few seconds each.

Each run starts the real ``atout serve`` of this checkout on a free loopback port, plays, and stops by itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def bench(*args: str) -> dict[str, Any]:
    """Run bench_web.py with ``--json`` against this checkout's code; its one JSON object."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_web.py"), "--json", *args],
                          capture_output=True, text=True, timeout=120, env=env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def test_load_table_of_one_table_plays_and_measures() -> None:
    r = bench("--tables", "1", "--seconds", "2")
    assert r["mode"] == "load" and r["connections"] == 4 and r["setup"] == {"create 200": 1, "join 200": 3}
    assert r["actions"] > 0 and r["latency_ms"]["n"] > 0 and r["latency_ms"]["p50"] > 0
    assert r["server_cpu_ms_per_action"] > 0
    frames = r["frame_bytes"]  # after each socket's first frame, deltas (a whole Tarot frame is 8 kB or more)
    assert frames["deltas"] is True and frames["frames"] > 0 and 0 < frames["p50"] < 4000, frames


def test_spectator_flood_counts_every_socket() -> None:
    r = bench("--flood", "spectators", "--spectators", "3", "--warmup", "1", "--seconds", "2")
    attacker = r["attacker"]
    assert attacker["sockets"] == 3 and sum(attacker["outcomes"].values()) == 3  # one final fate per socket
    kept = sum(v for k, v in attacker["outcomes"].items() if k.startswith(("held", "dropped", "accepted")))
    assert attacker["accepted"] == kept  # the rest were refused or failed, each counted by kind
    assert r["quiet"]["actions"] > 0 and r["attack"]["healthz_ms"]["n"] > 0
