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
    check_url(url)  # an unknown scheme: one line, exit 2
    lock = lock_database(url)  # a second server on this SQLite file: one line, exit 2 (held until we return)
    try:
        app = create_app(url, bot_delay=args.bot_delay, http_rate=args.http_rate)
        shown = url.split("@")[-1] if "@" in url else url  # never print a password
        print(f"atout: serving on http://{args.host}:{args.port} (database {shown}); Ctrl+C to stop", flush=True)
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=65536)
    finally:
        if lock is not None:
            lock.release()
    return 0
