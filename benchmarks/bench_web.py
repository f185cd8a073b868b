"""Load and flood test of ``atout serve`` (the real server, a subprocess) over HTTP and WebSockets on loopback.

Usage:
  python benchmarks/bench_web.py --tables N [--db sqlite|postgresql] [--seconds S]       # the load table
  python benchmarks/bench_web.py --flood spectators --spectators K [--seconds S]         # K spectator sockets
  python benchmarks/bench_web.py --flood bots --bot-tables K --level expert              # K "watch bots" tables
  python benchmarks/bench_web.py --flood replay [--replayers 2 --uploaders 1]            # replays and big uploads

The load table: N Tarot tables for 4 (bots' pacing off), one WebSocket client per seat playing random legal
moves from its own frames, each seat from its own loopback address (127.1.x.y, as people at their homes);
it reports accepted actions per second over all tables, the latency of each action (from sending it to the
frame that shows it: checked, committed, sent to every seat) and the server's CPU time per action (from
/proc, which does not depend on the machine's load as wall-clock figures do).

A flood: a default ``atout serve`` (``--serve-arg`` adds options), one Tarot table played by four clients
(each waits ``--think`` seconds before its move), measured for ``--warmup`` seconds alone, then for
``--seconds`` while benchmarks/web_attack.py (another process, from 127.66.x.y: one visitor) attacks it;
the played table's acknowledgement latency, ``/healthz`` latency and the server's CPU share in each phase,
and what the attacker got (accepted, refused by kind).

PostgreSQL: ``--db-url`` or $ATOUT_TEST_PG_URL, else a throw-away server (initdb in a temp folder, as the
postgres user when run as root, on a free loopback port) stopped and removed at the end.
Several processes (``--processes N``, PostgreSQL): N ``atout serve`` on N ports sharing the database; table t
is created and played on process t mod N (as a reverse proxy routing by table), or with ``--split`` each seat of
a table on another process, so every move is heard across processes (NOTIFY). ``--think 1``: human-paced seats.
Bounded: at most 600 tables, 4 processes, 1,000 spectators, 60 bot tables, 300 seconds (plus setup, cut by a hard
alarm); loopback only; it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pwd
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from glob import glob
from pathlib import Path
from typing import Any

import httpx
import jsonpatch  # type: ignore[import-untyped]
from web_attack import address, latency_summary
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

MAX_TABLES = 600
MAX_PROCESSES = 4
MAX_SPECTATORS = 1000
MAX_BOT_TABLES = 60
MAX_SECONDS = 300.0
SETUP_SECONDS = 240.0  # creating 400 tables and 1,200 seats on a loaded machine; past it, the alarm stops all
PLAYER_BLOCK = 1  # measured clients speak from 127.1.x.y
ATTACK = Path(__file__).with_name("web_attack.py")
FRAMES: dict[str, Any] = {"deltas": True, "bytes": []}  # --frames; each frame's bytes after a socket's first one


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process and of its live descendants (a bot process pool), from Linux /proc.

    The server's own figure, apart from the machine's load (which only stretches the wall clock).
    """
    stats: dict[int, list[str]] = {}
    for path in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError):
            stats[int(path.parent.name)] = path.read_text().rsplit(")", 1)[1].split()
    if pid not in stats:
        return None
    tree, grew = {pid}, True
    while grew:  # fields: state, ppid, …; utime and stime are the 12th and 13th after the name
        more = {p for p, f in stats.items() if int(f[1]) in tree} - tree
        tree |= more
        grew = bool(more)
    return sum(int(stats[p][11]) + int(stats[p][12]) for p in tree) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    """CPU seconds this process (the measured clients) has used: do they, rather than the server, set the pace?"""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def rss_mb(pid: int) -> float | None:
    """Resident memory of a process in MB (Linux /proc)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return None


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A throw-away PostgreSQL server on a free loopback port (as .ci/run starts one); yields its URL."""
    versions = {p: Path(p).parent.name for p in glob("/usr/lib/postgresql/*/bin")}
    bins = sorted(versions, key=lambda p: int(versions[p]) if versions[p].isdigit() else 0)
    if not bins:
        raise SystemExit("no PostgreSQL binaries under /usr/lib/postgresql: give --db-url")
    pg, port = Path(bins[-1]), free_port()
    data = Path(tempfile.mkdtemp(prefix="atout-bench-pg."))
    as_pg: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        user = pwd.getpwnam("postgres")
        os.chown(data, user.pw_uid, user.pw_gid)
        as_pg = ["runuser", "-u", "postgres", "--"]
    data.chmod(0o700)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "timeout": 120}
    try:
        subprocess.run([*as_pg, str(pg / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"], check=True, **quiet)
        subprocess.run([*as_pg, str(pg / "pg_ctl"), "-D", str(data), "-l", str(data / "server.log"), "-w", "-o",
                        f"-k {data} -p {port} -c listen_addresses=127.0.0.1", "start"], check=True, **quiet)
        try:
            subprocess.run([*as_pg, str(pg / "createdb"), "-h", "127.0.0.1", "-p", str(port), "atout_bench"], check=True, **quiet)
            yield f"postgresql://postgres@127.0.0.1:{port}/atout_bench"
        finally:
            subprocess.run([*as_pg, str(pg / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"], check=False, **quiet)
    finally:
        shutil.rmtree(data, ignore_errors=True)


def start_server(port: int, db: str, extra: list[str], log: Path) -> subprocess.Popen[bytes]:
    """``atout serve`` on 127.0.0.1:port (its log to a file, never to a pipe nobody reads); waits for /healthz."""
    argv = ["serve", "--port", str(port), "--db", db, *extra]
    code = f"import sys; from atout.cli.main import main; sys.exit(main({argv!r}))"
    with log.open("wb") as err:
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"the server did not start: {log.read_text(errors='replace')[-2000:]}")


def http_client(base: str, addr: str) -> httpx.AsyncClient:
    """An HTTP client speaking from one loopback address (plain HTTP: no certificate store to load)."""
    return httpx.AsyncClient(base_url=base, timeout=60, verify=False,
                             transport=httpx.AsyncHTTPTransport(local_address=addr, verify=False))


async def seat_client(url: str, token: str, addr: str, seed: int, samples: list[tuple[float, float, bool]], end: float,
                      fate: Counter[str], think: float = 0.0) -> int:
    """Play one seat until the game ends or ``end``; ``samples`` gets (sent at, latency, acknowledged) of each action.

    At a deal's end the seat says "continue" (after ``think`` seconds), as a person does, so whole matches are
    played (counted in ``fate``; a continue is not an action: no latency sample).
    An action still unacknowledged at the end counts as waiting until then (a lower bound). A refused action
    (an error frame) is counted and tried again from the last state; a refused or closed
    socket is counted in ``fate``. Returns the number of actions sent.
    """
    rng = random.Random(seed)
    made, acted, last, continued = 0, -1, None, -1  # continued: the last deal this seat said "continue" after
    sent_at: dict[int, float] = {}
    try:
        async with connect(url, local_addr=(addr, 0), max_size=2**24, close_timeout=1,
                           open_timeout=max(0.5, end - time.monotonic())) as ws:
            hello = {"type": "hello", "token": token, "lang": "en", **({"deltas": True} if FRAMES["deltas"] else {})}
            await ws.send(json.dumps(hello))  # no "deltas" field at all for whole frames: older servers refuse it
            while (left := end - time.monotonic()) > 0:
                try:
                    text = await asyncio.wait_for(ws.recv(), left)
                except TimeoutError:
                    break
                msg = json.loads(text)
                if msg["type"] in ("state", "delta") and last is not None:
                    FRAMES["bytes"].append(len(text.encode() if isinstance(text, str) else text))
                if msg["type"] == "delta":  # the frame rebuilt (docs/web.md, "Frames"); a gap: a full one asked for
                    if last is None or msg["base"] != last.get("seq"):
                        await ws.send(json.dumps({"type": "resync"}))
                        continue
                    msg = {**jsonpatch.apply_patch(last, msg["patch"], in_place=True), "seq": msg["seq"]}
                if msg["type"] == "error":
                    fate[f"error frame {msg.get('code')}"] += 1
                    sent_at.clear()
                    acted = -1
                    await asyncio.sleep(0.2)
                    msg = last
                if msg is None or msg["type"] != "state":
                    continue
                last, n = msg, msg["n"]
                for k in [k for k in sent_at if k < n]:
                    samples.append((sent_at[k], time.monotonic() - sent_at.pop(k), True))
                if msg["over"]:
                    break
                end_of_deal = msg.get("deal_end")
                if end_of_deal and not end_of_deal["final"] and msg["you"] in end_of_deal["waiting"] \
                        and end_of_deal["deal"] != continued:  # a person reads the result, then goes on
                    if think:
                        await asyncio.sleep(think)
                    continued = end_of_deal["deal"]
                    await ws.send(json.dumps({"type": "continue"}))
                    fate["continues"] += 1
                    continue
                legal = msg["obs"]["legal_actions"]
                if legal and n != acted:
                    if think:
                        await asyncio.sleep(think)
                    acted = n
                    sent_at[n] = time.monotonic()
                    await ws.send(json.dumps({"type": "act", "action": rng.choice(legal), "n": n}))
                    made += 1
            fate["game over" if last is not None and last["over"] else "played to the end"] += 1
    except InvalidStatus as exc:
        fate[f"refused: HTTP {exc.response.status_code}"] += 1
    except ConnectionClosed as exc:
        fate[f"closed {exc.rcvd.code if exc.rcvd is not None else 'none'}"] += 1
    except (OSError, InvalidHandshake, TimeoutError) as exc:
        fate[f"failed: {type(exc).__name__}"] += 1
    for at in sent_at.values():  # never acknowledged: counted as waiting until now (a lower bound)
        samples.append((at, time.monotonic() - at, False))
        fate["unacknowledged at the end"] += 1
    return made


async def make_table(base: str, first: int, body: dict[str, Any], seats: int,
                     statuses: Counter[str]) -> list[tuple[str, str, str]]:
    """Create a table from address ``first`` and join its other ``seats - 1`` seats, each from the next address.

    Returns (table id, token, address) per seat obtained; refusals are counted in ``statuses``, not raised.
    """
    got: list[tuple[str, str, str]] = []
    addr = address(PLAYER_BLOCK, first)
    async with http_client(base, addr) as http:
        r = await http.post("/api/tables", json=body)
    statuses[f"create {r.status_code}"] += 1
    if r.status_code != 200:
        return got
    table = r.json()["id"]
    got.append((table, r.json()["token"], addr))
    for s in range(1, seats):
        addr = address(PLAYER_BLOCK, first + s)
        async with http_client(base, addr) as http:
            j = await http.post(f"/api/tables/{table}/join", json={"seat": s})
        statuses[f"join {j.status_code}"] += 1
        if j.status_code == 200:
            got.append((table, j.json()["token"], addr))
    return got


def cpu_all(pids: list[int]) -> float | None:
    """:func:`cpu_seconds` summed over several server processes (None if one is gone)."""
    times = [cpu_seconds(p) for p in pids]
    return None if any(t is None for t in times) else sum(t for t in times if t is not None)


async def load(bases: list[str], pids: list[int], tables: int, seconds: float, deals: int, think: float = 0.0,
               split: bool = False) -> dict[str, Any]:
    """The load table: ``tables`` Tarot tables for 4 (matches of ``deals`` deals, so that none ends early),
    every seat a client playing at once for ``seconds`` (``think``: seconds each waits before its move).

    With several server processes (``bases``), table ``t`` is created on process ``t mod N`` and its seats play
    there (as a reverse proxy routing by table does); ``split``: seat ``s`` plays on process ``(t + s) mod N``,
    so every move crosses processes (PostgreSQL NOTIFY and a catch-up)."""
    statuses: Counter[str] = Counter()
    gate = asyncio.Semaphore(8)

    async def one(t: int) -> list[tuple[str, str, str]]:
        async with gate:
            body = {"game": "tarot", "players": 4, "seat": 0, "fill": False, "seed": t, "deals": deals}
            return await make_table(bases[t % len(bases)], 4 * t, body, 4, statuses)

    made_tables = await asyncio.gather(*(one(t) for t in range(tables)))
    seats = [(s, t) for t, got in enumerate(made_tables) for s in got]
    samples: list[tuple[float, float, bool]] = []
    fate: Counter[str] = Counter()

    def ws_base(t: int, s: int) -> str:
        return bases[(t + (s if split else 0)) % len(bases)].replace("http://", "ws://")

    start, cpu0, mine = time.monotonic(), cpu_all(pids), own_cpu()
    made = await asyncio.gather(*(seat_client(f"{ws_base(t, i % 4)}/ws/{tid}", tok, addr, i, samples,
                                              start + seconds, fate, think)
                                  for i, ((tid, tok, addr), t) in enumerate(seats)))
    elapsed, cpu1 = time.monotonic() - start, cpu_all(pids)
    acked = sum(ok for _, _, ok in samples)
    cpu: dict[str, Any] = {}
    if cpu0 is not None and cpu1 is not None and acked:  # the play alone, not the tables' creation
        cpu = {"server_cpu_ms_per_action": round((cpu1 - cpu0) * 1000 / acked, 2),
               "clients_cpu_share": round((own_cpu() - mine) / elapsed, 2),
               "server_cpu_share": round((cpu1 - cpu0) / elapsed, 2)}
    sizes = sorted(FRAMES["bytes"])
    if sizes:
        cpu["frame_bytes"] = {"deltas": FRAMES["deltas"], "frames": len(sizes), "mean": round(sum(sizes) / len(sizes)),
                              "p50": sizes[len(sizes) // 2], "p95": sizes[int(0.95 * len(sizes))],
                              "per_action": round(sum(sizes) / max(1, acked))}
    return {**cpu, "mode": "load", "tables": tables, "deals": deals, "processes": len(bases), "split": split,
            "think_s": think, "connections": len(seats), "setup": dict(statuses),
            "clients": dict(fate),
            "sent": sum(made), "actions": acked, "seconds": round(elapsed, 2), "actions_per_s": round(acked / elapsed, 1),
            "latency_ms": latency_summary([x for _, x, _ in samples])}


async def healthz(base: str, end: float, out: list[tuple[float, float | None]]) -> None:
    """Ask /healthz every half second until ``end``: (asked at, seconds to answer or None if it failed)."""
    async with http_client(base, address(PLAYER_BLOCK, 9000)) as http:
        while (left := end - time.monotonic()) > 0.05:
            t = time.monotonic()
            try:
                ok = (await http.get("/healthz", timeout=left)).status_code == 200
            except httpx.HTTPError:
                ok = False
            out.append((t, time.monotonic() - t if ok else None))
            await asyncio.sleep(max(0.0, 0.5 - (time.monotonic() - t)))


async def flood(base: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    """One table played while web_attack.py floods the server; the table's figures alone, then under attack."""
    statuses: Counter[str] = Counter()
    body = {"game": "tarot", "players": 4, "seat": 0, "fill": False, "seed": 1, "deals": 20}
    seats = await make_table(base, 0, body, 4, statuses)
    if len(seats) != 4:
        raise SystemExit(f"could not seat the played table: {dict(statuses)}")
    spec: dict[str, Any] = {"base": base, "kind": args.flood, "addresses": args.attack_addresses}
    if args.flood == "spectators":
        spec.update(count=args.spectators, targets=[seats[0][0]])
        if args.spectate != "played":  # a "watch bots" table at the default pace, watched by the other half
            async with http_client(base, address(PLAYER_BLOCK, 8000)) as http:
                r = await http.post("/api/tables", json={"game": "tarot", "players": 4, "seat": None, "level": "easy",
                                                         "deals": 20})
            statuses[f"create {r.status_code}"] += 1
            other = [r.json()["id"]] if r.status_code == 200 else []
            spec["targets"] = other if args.spectate == "other" else spec["targets"] + other
    elif args.flood == "bots":
        spec.update(count=args.bot_tables, level=args.level, watch=args.bot_watch)
    else:
        spec.update(replayers=args.replayers, uploaders=args.uploaders)
    attacker = await asyncio.create_subprocess_exec(sys.executable, str(ATTACK), json.dumps(spec),
                                                    stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    assert attacker.stdin is not None and attacker.stdout is not None
    try:
        first = await asyncio.wait_for(attacker.stdout.readline(), 120)
        if not first.startswith(b'{"ready"'):
            raise SystemExit(f"web_attack.py did not get ready (exit {attacker.returncode}): {first[:500]!r}")
        ready = json.loads(first)["ready"]
        t0 = time.monotonic()
        start, end = t0 + args.warmup, t0 + args.warmup + args.seconds
        attacker.stdin.write((json.dumps({"start": start, "end": end}) + "\n").encode())
        await attacker.stdin.drain()
        samples: list[tuple[float, float, bool]] = []
        checks: list[tuple[float, float | None]] = []
        fate: Counter[str] = Counter()
        ws_base = base.replace("http://", "ws://")
        cpu, mine = [cpu_seconds(pid)], [own_cpu()]

        async def mark() -> None:  # the server's CPU time when the attack starts
            await asyncio.sleep(max(0.0, start - time.monotonic()))
            cpu.append(cpu_seconds(pid))
            mine.append(own_cpu())

        made = await asyncio.gather(mark(), healthz(base, end, checks), *(
            seat_client(f"{ws_base}/ws/{tid}", tok, addr, i, samples, end, fate, args.think)
            for i, (tid, tok, addr) in enumerate(seats)))
        cpu.append(cpu_seconds(pid))
        mine.append(own_cpu())
        out, _ = await asyncio.wait_for(attacker.communicate(), max(5.0, end - time.monotonic() + 30))
        lines = out.decode().strip().splitlines()
        attack = json.loads(lines[-1]) if lines else {"failed": f"web_attack.py exited {attacker.returncode}"}
    finally:
        if attacker.returncode is None:
            attacker.kill()
            await attacker.wait()

    def phase(lo: float, hi: float, c0: float | None, c1: float | None, m: int) -> dict[str, Any]:
        lat = [x for t, x, _ in samples if lo <= t < hi]
        acked = sum(ok for t, _, ok in samples if lo <= t < hi)
        hz = [x for t, x in checks if lo <= t < hi]
        return {"seconds": round(hi - lo, 1), "actions": acked, "unacknowledged": len(lat) - acked,
                "actions_per_s": round(acked / (hi - lo), 1),
                "ack_ms": latency_summary(lat), "healthz_ms": latency_summary([x for x in hz if x is not None]),
                "healthz_unanswered": sum(x is None for x in hz),
                "clients_cpu_share": round((mine[m + 1] - mine[m]) / (hi - lo), 2),
                "server_cpu_share": round((c1 - c0) / (hi - lo), 2) if c0 is not None and c1 is not None else None}

    c = cpu + [None] * (3 - len(cpu))
    return {"mode": f"flood {args.flood}", "setup": dict(statuses), "clients": dict(fate),
            "sent": sum(x for x in made if isinstance(x, int)),
            "think_s": args.think, "ready": ready, "quiet": phase(t0, start, c[0], c[1], 0),
            "attack": phase(start, end, c[1], c[2], 1), "attacker": attack}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    arg = parser.add_argument
    arg("--tables", type=int, default=8, help=f"load table: concurrent tables (1..{MAX_TABLES}, default 8)")
    arg("--deals", type=int, default=20, help="load table: deals in each table's match (1..100, default 20)")
    arg("--flood", choices=("spectators", "bots", "replay"), help="a flood instead of the load table")
    arg("--spectators", type=int, default=1000, help=f"spectator sockets (1..{MAX_SPECTATORS}, default 1000)")
    arg("--spectate", choices=("both", "played", "other"), default="both",
        help="which tables the spectators watch: the played one, a 'watch bots' one, or half each (default)")
    arg("--bot-tables", type=int, default=60, help=f"'watch bots' tables created (1..{MAX_BOT_TABLES}, default 60)")
    arg("--level", default="expert", help="their bots' level (default expert)")
    arg("--bot-watch", action="store_true", help="open one spectator socket on each bot table")
    arg("--replayers", type=int, default=2, help="clients looping on the replay (0..8, default 2)")
    arg("--uploaders", type=int, default=1, help="clients looping on uploading a big record (0..8, default 1)")
    arg("--attack-addresses", type=int, default=1, help="loopback addresses the attacker spreads over (default 1)")
    arg("--think", type=float, default=None,
        help="seconds a played seat waits before its move (flood: default 0.1; load table: default 0; "
             "1 = human-paced, about a move a second per table)")
    arg("--processes", type=int, default=1,
        help=f"load table: `atout serve` processes on one PostgreSQL, each on its own port (1..{MAX_PROCESSES})")
    arg("--split", action="store_true", help="load table: each table's seats spread over the processes")
    arg("--warmup", type=float, default=5.0, help="flood: seconds the table is measured alone first (default 5)")
    arg("--seconds", type=float, default=30.0, help=f"time limit (at most {MAX_SECONDS:.0f}, default 30)")
    arg("--db", choices=("sqlite", "postgresql"), default="sqlite", help="database (default: a fresh SQLite file)")
    arg("--db-url", help="PostgreSQL URL (default: $ATOUT_TEST_PG_URL, else a throw-away server)")
    arg("--serve-arg", action="append", default=[], help="an extra `atout serve` argument (repeatable)")
    arg("--frames", choices=("delta", "full"), default="delta",
        help="load table: the clients ask for deltas after the first frame (default) or whole frames every time")
    arg("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    limits = [("tables", 1, MAX_TABLES), ("deals", 1, 100), ("spectators", 1, MAX_SPECTATORS), ("bot_tables", 1, MAX_BOT_TABLES),
              ("replayers", 0, 8), ("uploaders", 0, 8), ("attack_addresses", 1, 60000)]
    for name, lo, hi in limits:
        if not lo <= getattr(args, name) <= hi:
            parser.error(f"--{name.replace('_', '-')} must be {lo}..{hi}")
    args.seconds = min(max(args.seconds, 1.0), MAX_SECONDS)
    args.warmup = min(max(args.warmup, 0.5), 60.0)
    args.think = min(max(args.think if args.think is not None else (0.1 if args.flood else 0.0), 0.0), 5.0)
    if not 1 <= args.processes <= MAX_PROCESSES:
        parser.error(f"--processes must be 1..{MAX_PROCESSES}")
    if args.processes > 1 and (args.db != "postgresql" or args.flood):
        parser.error("--processes above 1: the load table on --db postgresql")
    FRAMES["deltas"] = args.frames == "delta"

    def out_of_time(_sig: int, _frame: object) -> None:
        raise SystemExit("bench_web: hard time bound reached; stopping")

    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(int(SETUP_SECONDS + args.seconds + args.warmup + 60))
    result = measure(args)
    signal.alarm(0)
    if args.json:
        print(json.dumps(result))
    else:
        print(summary(result))


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Start the database and the server, run the load table or the flood, stop everything."""
    ports = [free_port() for _ in range(args.processes)]
    base = f"http://127.0.0.1:{ports[0]}"
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        if args.db == "sqlite":
            db = f"sqlite:///{Path(tmp) / 'bench.db'}"
        else:
            db = args.db_url or os.environ.get("ATOUT_TEST_PG_URL") or stack.enter_context(postgres())
        extra = ["--bot-delay", "0", "--http-rate", "1000"] if args.flood is None else []
        logs = [Path(tmp) / f"server{i}.log" for i in range(len(ports))]
        servers: list[subprocess.Popen[bytes]] = []
        try:
            for port, log in zip(ports, logs, strict=True):
                servers.append(start_server(port, db, extra + args.serve_arg, log))
            pids = [p.pid for p in servers]
            before, t = cpu_all(pids), time.monotonic()
            if args.flood is None:
                bases = [f"http://127.0.0.1:{p}" for p in ports]
                result = asyncio.run(load(bases, pids, args.tables, args.seconds, args.deals, args.think, args.split))
            else:
                result = asyncio.run(flood(base, servers[0].pid, args))
            after = cpu_all(pids)
            if before is not None and after is not None:  # setup included
                result["server_cpu_s"] = round(after - before, 2)
                result["wall_s"] = round(time.monotonic() - t, 1)
            result["server_rss_mb"] = sum(rss_mb(p) or 0 for p in pids)
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                try:
                    server.wait(15)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()
        lines = [x for log in logs if log.exists() for x in log.read_text(errors="replace").splitlines()]
        result["server_log"] = {"lines": len(lines), "warnings": sum(" WARNING " in x for x in lines),
                                "errors": sum(" ERROR " in x for x in lines), "last": lines[-3:]}
    result["db"] = args.db
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return result


def summary(r: dict[str, Any]) -> str:
    """One paragraph a person reads."""
    def lat(d: dict[str, Any]) -> str:
        return f"p50 {d['p50']} / p90 {d['p90']} / p99 {d['p99']} / max {d['max']} ms (n={d['n']})"

    if r["mode"] == "load":
        procs = f", {r['processes']} processes{' (seats split)' if r['split'] else ''}" if r["processes"] > 1 else ""
        pace = f", each seat thinking {r['think_s']} s" if r["think_s"] else ""
        return (f"{r['tables']} Tarot tables x 4 seats ({r['connections']} sockets, {r['db']}{procs}{pace}): "
                f"{r['actions']} actions acknowledged in "
                f"{r['seconds']} s = {r['actions_per_s']} actions/s; latency {lat(r['latency_ms'])}; server CPU "
                f"{r.get('server_cpu_ms_per_action')} ms/action; frames after the first {r.get('frame_bytes')}; "
                f"load average {r['load_average']}; setup {r['setup']}")
    lines = [f"{r['mode']} ({r['db']}), load average {r['load_average']}, server RSS {r['server_rss_mb']} MB"]
    for name in ("quiet", "attack"):
        p = r[name]
        lines.append(f"  {name} ({p['seconds']} s): {p['actions']} moves acknowledged ({p['unacknowledged']} not), "
                     f"ack {lat(p['ack_ms'])}; /healthz "
                     f"{lat(p['healthz_ms'])}, {p['healthz_unanswered']} unanswered; "
                     f"server CPU {p['server_cpu_share']} of a core")
    lines.append(f"  attacker: {json.dumps(r['attacker'])[:600]}")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
