"""``atout serve``: the browser table on http://HOST:PORT, on a SQLite file or the database of ``--db``/``ATOUT_DB``."""

from __future__ import annotations

import argparse
import ipaddress
import logging
import math
import os
import signal
import socket
import time
from collections.abc import Callable
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``serve`` subcommand and its options."""
    p = sub.add_parser("serve", help="play in the browser: start the web table (http://127.0.0.1:8000)",
                       epilog="environment: ATOUT_DB, the database URL when --db is not given; ATOUT_WARM_SOLVER=0, "
                              "the analyses' solver is not loaded at the start (the first analysis loads it; "
                              "default 1)")
    p.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST}: this machine only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--db", default=None, metavar="URL",
                   help="database URL (default: $ATOUT_DB, else sqlite:///atout.db in the current folder; "
                        "postgresql://user:pass@host/db for PostgreSQL)")
    p.add_argument("--allowed-hosts", default=None, metavar="NAMES",
                   help="host names the server answers to, comma-separated, or * for any (default: localhost, "
                        "127.0.0.1 and ::1 when --host is a loopback address, else any): against DNS rebinding")
    p.add_argument("--bot-delay", type=float, default=0.7, metavar="SECONDS",
                   help="pause before each bot move, so people can follow, 0..10 (default 0.7)")
    p.add_argument("--http-rate", type=float, default=2.0, metavar="PER_SECOND",
                   help="tables, seats and uploads one address may create per second, 0.01..1000, in bursts of "
                        "30 s' worth (default 2)")
    p.add_argument("--upload-quota", type=int, default=20_000_000, metavar="BYTES",
                   help="bytes of new uploaded records one address may store an hour, 0..10^10 (default 20000000)")
    p.add_argument("--max-spectators", type=int, default=100, metavar="N",
                   help="spectators per table, 0..10000 (default 100; seated players are never refused)")
    p.add_argument("--max-sockets", type=int, default=20, metavar="N",
                   help="open WebSocket connections per client address, 1..10000 (default 20)")
    p.add_argument("--table-rate", type=float, default=6.0, metavar="PER_MINUTE",
                   help="new-table tokens one address earns a minute, 0.1..6000 (default 6; at most 20 saved; a table "
                        "costs 1, +1 with bots only, +1 at levels hard and expert)")
    p.add_argument("--continue-timeout", type=float, default=60.0, metavar="SECONDS",
                   help="seconds a player has to say 'continue' at the end of a deal before being continued for, "
                        "at a table of several people (alone with bots, the deal's end waits), 5..3600 (default 60)")
    p.add_argument("--move-timeout", type=float, default=300.0, metavar="SECONDS",
                   help="seconds a player has to move at a table of several people before a bot plays for the seat "
                        "until the player moves again, 10..86400, or 0 for no deadline (default 300)")
    p.add_argument("--table-expiry", type=float, default=24.0, metavar="HOURS",
                   help="hours after which a table nobody plays at or watches expires, 0.02..720 (default 24)")
    p.add_argument("--bot-workers", type=int, default=None, metavar="N",
                   help="processes where bots think, 1..256 (default: one per core)")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="server processes sharing the port, 1..64 (default 1; more than one needs PostgreSQL: "
                        "they share its tables, see docs/web.md, Deployment)")


def _within(option: str, value: float, low: float, high: float) -> None:
    """Refuse an option outside its documented range, in one line (exit 2)."""
    if not (math.isfinite(value) and low <= value <= high):  # nan, inf and 1e999 (read as inf) refused too
        raise ValueError(f"{option} must be {low:g}..{high:g}, not {value:g}")


def allowed_hosts(host: str, names: str | None) -> list[str] | None:
    """The host names to serve: ``--allowed-hosts`` (``*``: any), else this machine's names on loopback, else any.

    >>> allowed_hosts("127.0.0.1", None), allowed_hosts("0.0.0.0", None), allowed_hosts("::1", "a.example, b")
    (['localhost', '127.0.0.1', '::1'], None, ['a.example', 'b'])
    """
    from atout.web.limits import LOOPBACK_HOSTS

    if names is not None:
        listed = [n.strip() for n in names.split(",") if n.strip()]
        if not listed:
            raise ValueError("--allowed-hosts names no host (give names, or * for any)")
        return None if "*" in listed else listed
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    return list(LOOPBACK_HOSTS) if loopback else None


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound now: a port in use or an address not of this machine is one line (exit 2)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except (OSError, UnicodeError) as exc:
        raise ValueError(f"--host {host}: not an address of this machine ({exc})") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


RESPAWN_AFTER = 10.0  # a worker that dies sooner after its start dies "at once"
QUICK_DEATHS = 5  # workers dead at once in a row before all stop (a database gone, a crash at start: no busy loop)


def workers(n: int, run: Callable[[], None]) -> None:
    """Fork ``n`` server processes that accept on the one listening socket (the kernel shares the connections
    out), and start again one that dies (SIGKILL, a crash) so the others' tables are never left alone for long.
    SIGINT or SIGTERM stops them all. Forked before any thread or connection exists in this process."""
    log = logging.getLogger("atout.web")
    children: dict[int, float] = {}
    stopping = False
    quick = 0  # workers dead at once, in a row

    def spawn() -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            code = 0
            try:
                signal.signal(signal.SIGINT, signal.default_int_handler)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                run()
            except BaseException:
                logging.getLogger("atout.web").exception("a server process failed")
                code = 1
            finally:
                os._exit(code)
        children[pid] = time.monotonic()

    def stop(_sig: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    for _ in range(n):
        spawn()
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        started = children.pop(pid, None)
        if stopping or started is None:
            continue
        quick = quick + 1 if time.monotonic() - started < RESPAWN_AFTER else 0
        if quick >= QUICK_DEATHS:
            log.error("%d server processes in a row ended at once (the last: %d, status %d): stopping", quick, pid, status)
            stop(signal.SIGTERM, None)
            continue
        log.warning("server process %d ended (status %d); starting another", pid, status)
        spawn()


class _Stop(Exception):
    """SIGTERM, raised again by uvicorn once it has shut down."""


def _stopped(_sig: int, _frame: object) -> None:
    raise _Stop


def serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted; returns the exit code."""
    import uvicorn
    from sqlalchemy.exc import OperationalError

    from atout.web import create_app
    from atout.web.lock import check_url, lock_database
    from atout.web.store import database_url

    if not 0 < args.port < 65536:
        raise ValueError(f"--port must be 1..65535, not {args.port}")
    _within("--bot-delay", args.bot_delay, 0, 10)
    warm_solver = os.environ.get("ATOUT_WARM_SOLVER", "1").strip()
    if warm_solver not in ("0", "1"):  # read by atout.web.replays.solver_warmup: anything but 0 would load it
        raise ValueError(f"ATOUT_WARM_SOLVER must be 0 or 1, not {warm_solver[:20]!r}")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)  # the schema check at each start is not news
    url = database_url(args.db)
    _within("--http-rate", args.http_rate, 0.01, 1000)
    _within("--upload-quota", args.upload_quota, 0, 10**10)
    hosts = allowed_hosts(args.host, args.allowed_hosts)
    _within("--max-spectators", args.max_spectators, 0, 10_000)
    _within("--max-sockets", args.max_sockets, 1, 10_000)
    _within("--table-rate", args.table_rate, 0.1, 6000)
    if args.bot_workers is not None:
        _within("--bot-workers", args.bot_workers, 1, 256)
    _within("--continue-timeout", args.continue_timeout, 5, 3600)
    _within("--table-expiry", args.table_expiry, 0.02, 720)
    _within("--workers", args.workers, 1, 64)
    if args.move_timeout != 0:
        _within("--move-timeout", args.move_timeout, 10, 86_400)
    check_url(url)  # an unknown scheme: one line, exit 2
    if args.workers > 1 and not url.startswith("postgresql"):
        raise ValueError("--workers above 1 needs PostgreSQL (--db postgresql://USER:PASS@HOST/DB): "
                         "the processes share its tables; a SQLite file is served by one process")
    lock = lock_database(url)  # a second server on this SQLite file: one line, exit 2 (held until we return)
    listening: socket.socket | None = None
    shown = url.split("@")[-1] if "@" in url else url  # never print a password
    try:
        listening = bind(args.host, args.port)  # before anything is printed: a port in use is exit 2
        def make_app() -> Any:
            return create_app(url, bot_delay=args.bot_delay, http_rate=args.http_rate,
                              max_spectators=args.max_spectators, max_sockets=args.max_sockets,
                              table_rate=args.table_rate, bot_workers=args.bot_workers, allowed_hosts=hosts,
                              upload_quota=args.upload_quota, continue_timeout=args.continue_timeout,
                              table_expiry=args.table_expiry * 3600, move_timeout=args.move_timeout)

        try:
            app = make_app()  # the schema migrated once, here, before any worker starts
        except OperationalError as exc:  # the database cannot be reached (PostgreSQL down, a wrong password…)
            reason = str(exc.orig or exc).strip().splitlines()[0][:200]
            raise ValueError(f"database {shown}: cannot connect: {reason}") from None
        sock = listening
        procs = f" by {args.workers} processes" if args.workers > 1 else ""
        print(f"atout: serving on http://{args.host}:{args.port}{procs} (database {shown}); Ctrl+C to stop", flush=True)

        def run(app: Any) -> None:
            config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", ws_max_size=65536)
            uvicorn.Server(config).run(sockets=[sock])

        if args.workers == 1:
            # uvicorn shuts down gracefully on Ctrl+C or SIGTERM, then raises the signal again: either is the
            # expected way to stop the server, said as such (not "error: interrupted"), the lock released.
            signal.signal(signal.SIGTERM, _stopped)
            try:
                run(app)
            except (KeyboardInterrupt, _Stop):
                print("atout: server stopped", flush=True)
        else:
            app.state.hub.store.engine.dispose()  # no connection shared with the forked workers
            workers(args.workers, lambda: run(make_app()))
    finally:
        if listening is not None:
            listening.close()
        if lock is not None:
            lock.release()
    return 0
