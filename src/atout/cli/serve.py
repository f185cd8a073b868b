"""``atout serve``: the browser table on http://HOST:PORT, on a SQLite file or the database of ``--db``/``ATOUT_DB``."""

from __future__ import annotations

import argparse
import logging

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``serve`` subcommand and its options."""
    p = sub.add_parser("serve", help="play in the browser: start the web table (http://127.0.0.1:8000)")
    p.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST}: this machine only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--db", default=None, metavar="URL",
                   help="database URL (default: $ATOUT_DB, else sqlite:///atout.db in the current folder; "
                        "postgresql://user:pass@host/db for PostgreSQL)")
    p.add_argument("--bot-delay", type=float, default=0.7, metavar="SECONDS",
                   help="pause before each bot move, so people can follow (default 0.7)")
    p.add_argument("--http-rate", type=float, default=2.0, metavar="PER_SECOND",
                   help="tables, seats and uploads one address may create per second, in bursts of 30 s' worth (default 2)")
    p.add_argument("--max-spectators", type=int, default=100, metavar="N",
                   help="spectators per table, 0..10000 (default 100; seated players are never refused)")
    p.add_argument("--max-sockets", type=int, default=20, metavar="N",
                   help="open WebSocket connections per client address, 1..10000 (default 20)")
    p.add_argument("--table-rate", type=float, default=6.0, metavar="PER_MINUTE",
                   help="new-table tokens one address earns a minute, 0.1..6000 (default 6; at most 20 saved; a table "
                        "costs 1, +1 with bots only, +1 at levels hard and expert)")
    p.add_argument("--bot-workers", type=int, default=None, metavar="N",
                   help="processes where bots think, 1..256 (default: one per core)")


def _within(option: str, value: float, low: float, high: float) -> None:
    """Refuse an option outside its documented range, in one line (exit 2)."""
    if not low <= value <= high:
        raise ValueError(f"{option} must be {low:g}..{high:g}, not {value:g}")


def serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted; returns the exit code."""
    import uvicorn

    from atout.web import create_app
    from atout.web.lock import check_url, lock_database
    from atout.web.store import database_url

    if not 0 < args.port < 65536:
        raise ValueError(f"--port must be 1..65535, not {args.port}")
    if args.bot_delay < 0:
        raise ValueError(f"--bot-delay must be 0 or more, not {args.bot_delay}")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)  # the schema check at each start is not news
    url = database_url(args.db)
    if args.http_rate <= 0:
        raise ValueError(f"--http-rate must be above 0, not {args.http_rate}")
    _within("--max-spectators", args.max_spectators, 0, 10_000)
    _within("--max-sockets", args.max_sockets, 1, 10_000)
    _within("--table-rate", args.table_rate, 0.1, 6000)
    if args.bot_workers is not None:
        _within("--bot-workers", args.bot_workers, 1, 256)
    check_url(url)  # an unknown scheme: one line, exit 2
    lock = lock_database(url)  # a second server on this SQLite file: one line, exit 2 (held until we return)
    try:
        app = create_app(url, bot_delay=args.bot_delay, http_rate=args.http_rate, max_spectators=args.max_spectators,
                         max_sockets=args.max_sockets, table_rate=args.table_rate, bot_workers=args.bot_workers)
        shown = url.split("@")[-1] if "@" in url else url  # never print a password
        print(f"atout: serving on http://{args.host}:{args.port} (database {shown}); Ctrl+C to stop", flush=True)
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=65536)
    finally:
        if lock is not None:
            lock.release()
    return 0
