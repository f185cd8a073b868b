"""Several server processes on one PostgreSQL database (issue 21): what one process hears of the others.

Each process keeps the tables it serves in memory (atout.web.hub). A history write takes the table's
advisory lock and checks the history's length first (atout.web.store: one writer per table, a late writer
gets ``Behind`` and catches up), and its ``NOTIFY atout_tables, '<table>:<index>'`` (or ``'<table>:seat'``)
goes out with the commit. :class:`Cluster` listens on that channel (psycopg 3, one connection) and has the
hub catch up every table it holds from the database, then send its sockets the new frames.

Bots: exactly one process drives a table's bots, the one holding the table's *lease*, a session-level
advisory lock (:meth:`Cluster.lease`) on a connection of its own, so PostgreSQL drops it when the process
dies, even by SIGKILL, and another process takes the table's bots over.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import psycopg

from atout.web.store import CHANNEL

if TYPE_CHECKING:
    from atout.web.live import Live, Tables

log = logging.getLogger("atout.web")

RECONNECT = 1.0  # seconds between attempts to listen again after the database connection was lost


def lease_key(table_id: str) -> int:
    """A table's lease: a signed 64-bit advisory lock key (one-key form: never the writers' two-key locks)."""
    return int.from_bytes(hashlib.blake2b(table_id.encode(), digest_size=8).digest(), "big", signed=True)


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL as libpq reads it (``postgresql+psycopg://`` -> ``postgresql://``)."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


class Cluster:
    """This process's link to the others: LISTEN for their writes, and the bot leases it holds."""

    def __init__(self, url: str, heard: Callable[[str, str], None], resync: Callable[[], None]) -> None:
        self.url = libpq_url(url)
        self._heard, self._resync = heard, resync
        self._task: asyncio.Task[None] | None = None
        self._leases = ThreadPoolExecutor(max_workers=1, thread_name_prefix="atout-lease")  # one connection, in order
        self._lease_conn: psycopg.Connection[Any] | None = None
        self.held: set[str] = set()  # tables whose bots this process drives
        self.listening = asyncio.Event()  # set once LISTEN is in force (tests wait for it)

    async def start(self) -> None:
        """Listen from now on (a task on the event loop, reconnecting when the database comes back)."""
        self._task = asyncio.create_task(self._listen())
        await asyncio.wait_for(self.listening.wait(), 30)

    async def _listen(self) -> None:
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:  # what was said while nobody listened: every table caught up
                        self._resync()
                    first = False
                    async for note in conn.notifies():
                        table_id, _, what = note.payload.partition(":")
                        self._heard(table_id, what)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: listen again, then catch up
                log.warning("not listening to the other server processes (%s); again in %.0f s", exc, RECONNECT)
                await asyncio.sleep(RECONNECT)

    # --- bot leases ---------------------------------------------------------------------------
    def _lease_sql(self, sql: str, key: int) -> bool:
        """Run one advisory lock call on the lease connection (reconnected if it was lost: its leases with it)."""
        if self._lease_conn is None or self._lease_conn.closed:
            self.held.clear()  # a new connection holds nothing
            self._lease_conn = psycopg.connect(self.url, autocommit=True)
        row = self._lease_conn.execute(sql, (key,)).fetchone()
        return bool(row and row[0])

    async def lease(self, table_id: str) -> bool:
        """True when this process drives the table's bots: it holds the lease, or has just taken it."""
        if table_id in self.held:
            return True
        try:
            got = await asyncio.get_running_loop().run_in_executor(
                self._leases, self._lease_sql, "SELECT pg_try_advisory_lock(%s)", lease_key(table_id))
        except psycopg.Error as exc:
            log.warning("table %s: its bots' lease could not be asked for (%s)", table_id, exc)
            self._lease_conn = None
            return False
        if got:
            self.held.add(table_id)
        return got

    async def release(self, table_id: str) -> None:
        """Let another process drive the table's bots (this one has no socket of it left, or let it go)."""
        if table_id not in self.held:
            return
        self.held.discard(table_id)
        try:
            await asyncio.get_running_loop().run_in_executor(
                self._leases, self._lease_sql, "SELECT pg_advisory_unlock(%s)", lease_key(table_id))
        except psycopg.Error:
            self._lease_conn = None  # its session ends: every lease it held is dropped with it

    async def close(self) -> None:
        """Stop listening and drop every lease (the connection closes)."""
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
        conn, self._lease_conn = self._lease_conn, None
        if conn is not None:
            await asyncio.get_running_loop().run_in_executor(self._leases, conn.close)
        self._leases.shutdown(wait=False)
        self.held.clear()


async def catch_up(hub: Tables, live: Live, seats: bool = False) -> bool:
    """Apply to ``live`` what other processes stored since this one's last row (the caller holds the table's lock).

    Moves and continues are applied in order, as ``Hub._move`` and ``Hub.go_on`` do; an undo rebuilds the table.
    True when something changed (the caller broadcasts).
    """
    loop = asyncio.get_running_loop()
    changed = False
    if seats:
        rows = await loop.run_in_executor(hub._db, hub.store.seats, live.id)
        kinds, names = [r.kind for r in rows], [r.name or "" for r in rows]
        if rows and (kinds != live.kinds or names != live.names):
            live.kinds, live.hashes, live.names = kinds, [r.token_hash for r in rows], names
            live.said.clear()
            changed = True
    news = await loop.run_in_executor(hub._db, hub.store.history_since, live.id, live.history)
    if not news:
        return changed
    if any(r.kind == "undo" for r in news) or news[0].idx != live.history:
        fresh = await loop.run_in_executor(hub._db, hub._build, live.id)
        if fresh is not None:
            for name in ("state", "moves", "history", "kinds", "hashes", "names", "ended"):
                setattr(live, name, getattr(fresh, name))
            live.said.clear()
            live.known_after.clear()
            live.deal_before.clear()
            hub._arm(live)
        return True
    for row in news:
        live.history += 1
        if row.kind == "move":
            before = live.state.clone()
            live.state.apply(row.action)
            live.moves.append((row.seat, row.action))
            hub._deal_ended(live, before, row.action, set())
        elif live.ended is not None and not live.ended.final:  # a continue (or a timeout) said elsewhere
            live.ended.continued.add(row.seat)
            if not live.ended.waiting:
                live.ended = None
                if live.end_timer is not None:
                    live.end_timer.cancel()
                    live.end_timer = None
    return True

