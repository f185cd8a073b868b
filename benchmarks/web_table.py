"""docs/web.md's load and flood tables (Markdown) from the JSON files of ``bench_web_table.sh LABEL``.

Usage: python benchmarks/web_table.py before [after]   (reads benchmarks/results/LABEL-*.json)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).with_name("results")
FLOODS = ("spectators", "spectators-spread", "spectators-uncapped", "bots", "bots-watched", "bots-watched-spread", "replay")


def lat(d: dict[str, Any], keys: tuple[str, ...] = ("p50", "p90", "p99", "max")) -> str:
    """Latencies in ms as 'a / b / c': whole numbers past 100 ms, one decimal below."""
    def one(x: float | None) -> str:
        return "—" if x is None else (f"{x:,.0f}" if x >= 100 else f"{x:.1f}")

    return " / ".join(one(d.get(k)) for k in keys)


def load_rows(label: str) -> list[str]:
    rows = []
    for db in ("sqlite", "postgresql"):
        runs = [json.loads(p.read_text()) for p in RESULTS.glob(f"{label}-load-{db}-*.json")]
        for r in sorted(runs, key=lambda r: r["tables"]):
            name = "SQLite" if db == "sqlite" else "PostgreSQL 15"
            rows.append(f"| {label} | {r['tables']} ({r['connections']} sockets) | {name} | {r['actions']:,} "
                        f"| {r['actions_per_s']} | {lat(r['latency_ms'])} | {r['server_cpu_ms_per_action']} ms "
                        f"| {r['server_cpu_share']} / {r['clients_cpu_share']} | {r['load_average'][0]} |")
    return rows


def attacker(r: dict[str, Any]) -> str:
    """What the attack got, in a few words."""
    a = r["attacker"]
    if "failed" in a:
        return str(a["failed"])
    if "sockets" in a:
        return f"{a['accepted']} of {a['sockets']} sockets accepted; " + counts(a["outcomes"])
    if "asked" in a:
        text = f"{a['accepted']} of {a['asked']} created; statuses: {counts(a['statuses'])}"
        if "watchers" in a:
            text += f"; {a['watchers']['accepted']} watcher sockets accepted"
        return text
    sizes = ", ".join(f"{t['deals']} deals: {t.get('status', t.get('engine', '?'))}" for t in a["setup"])
    return (f"record uploaded at setup ({sizes}); replays: {counts(a['replay_statuses'])}, "
            f"p50 {lat(a['replay_ms'], ('p50',))} ms; uploads: {counts(a['upload_statuses'])}")


def counts(statuses: dict[str, int]) -> str:
    """HTTP statuses (or fates) and how many times each came: '7 × 200, 2 × cut at the end'."""
    return ", ".join(f"{v} × {k}" for k, v in statuses.items()) or "none"


def flood_rows(label: str) -> list[str]:
    rows = []
    for name in FLOODS:
        path = RESULTS / f"{label}-flood-{name}.json"
        if not path.exists():
            continue
        r = json.loads(path.read_text())
        q, a = r["quiet"], r["attack"]
        rows.append(f"| {label} | {name} | {q['actions']} in {q['seconds']:.0f} s, {lat(q['ack_ms'], ('p50', 'p99'))} "
                    f"| {a['actions']} in {a['seconds']:.0f} s ({a['unacknowledged']} unanswered), "
                    f"{lat(a['ack_ms'], ('p50', 'p99', 'max'))} | {lat(q['healthz_ms'], ('p50',))} → "
                    f"{lat(a['healthz_ms'], ('p50', 'max'))} ({a['healthz_unanswered']} unanswered) "
                    f"| {q['server_cpu_share']} → {a['server_cpu_share']} | {r['load_average'][0]} | {attacker(r)} |")
    return rows


def main(labels: list[str]) -> None:
    print("| code | tables | database | actions | actions/s | latency p50 / p90 / p99 / max (ms) | server CPU per action "
          "| CPU share server / clients | load |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for label in labels:
        print("\n".join(load_rows(label)))
    print()
    print("| code | flood | played table alone: moves, ack p50 / p99 (ms) | under attack: moves, ack p50 / p99 / max (ms) "
          "| /healthz p50 (ms), alone → attacked | server CPU share | load | what the attacker got |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for label in labels:
        print("\n".join(flood_rows(label)))


if __name__ == "__main__":
    main(sys.argv[1:] or ["before"])
