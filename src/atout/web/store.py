"""The web server's storage: SQLite by default, PostgreSQL by URL, through SQLAlchemy 2.

Every write commits before it returns, so an action acknowledged to the table survives a crash.
The schema is brought up to date with Alembic when the store opens.

>>> s = Store("sqlite://")
>>> s.create_table("t1", "triomphe", "classic", 2, 7, {}, "normal", [("human", "h1"), ("bot", None)])
>>> s.add_move("t1", 0, 1, "no_concession")
>>> s.moves("t1")
[(1, 'no_concession')]
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime
from importlib.resources import files
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, Text, cast, create_engine, event, func, select, text, update
from sqlalchemy.orm import Session, defer, sessionmaker
from sqlalchemy.pool import StaticPool

from atout.core.errors import IllegalAction
from atout.web.models import ActionRow, SeatRow, TableRow, record_hash

DEFAULT_DB = "sqlite:///atout.db"
MEMORY_URLS = ("sqlite://", "sqlite:///:memory:")  # one shared connection (tests, doctests)
CHANNEL = "atout_tables"  # PostgreSQL NOTIFY channel: payload "<table id>:<history index>" or "<table id>:seat"
WRITER_LOCK = 21  # the first key of the per-table advisory lock held by each history write (the second: hashtext(id))


#: A move on PostgreSQL in one statement, once the table's writer lock is held (issue 21's profile: through the ORM,
#: the lock, the check, the insert, the update and the NOTIFY cost 5.7 ms of the server's CPU a move, 3.2 ms before
#: the lock; this 1.4 ms, docs/web.md "Load"): stored and announced only if the history has
#: exactly ``:i`` rows; returns that count.
_PG_MOVE = text(f"""
WITH have AS (SELECT count(*) AS n FROM web_actions WHERE table_id = :t),
ins AS (INSERT INTO web_actions (table_id, idx, kind, seat, action)
        SELECT :t, :i, 'move', :s, :a FROM have WHERE have.n = :i RETURNING idx),
upd AS (UPDATE web_tables SET updated = :now, status = COALESCE(:st, status)
        WHERE id = :t AND EXISTS (SELECT 1 FROM ins) RETURNING 1),
note AS (SELECT pg_notify('{CHANNEL}', :t || ':' || idx) FROM ins)
SELECT have.n, (SELECT count(*) FROM upd), (SELECT count(*) FROM note) FROM have
""")


class Behind(IllegalAction):
    """Another server process wrote this table's history first (PostgreSQL): nothing stored; catch up, then retry."""

    def __init__(self, table_id: str, have: int) -> None:
        super().__init__(f"table {table_id} moved on in another server process", code="stale")
        self.have = have


class SeatTaken(PermissionError):
    """The seat was given to someone else meanwhile (by another server process): nothing stored."""


def database_url(url: str | None = None) -> str:
    """The database URL: the argument, else ``ATOUT_DB``, else ``sqlite:///atout.db`` (current folder).

    A ``postgresql://`` URL is driven by psycopg 3.

    >>> database_url("postgresql://u@localhost/atout")
    'postgresql+psycopg://u@localhost/atout'
    """
    url = url or os.environ.get("ATOUT_DB") or DEFAULT_DB
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


class JSONText(str):
    """JSON text already written (a worker process wrote the record): stored in a JSON column as it is."""


def _json(value: Any) -> str:
    """The JSON columns' serializer: :class:`JSONText` as it is (no second encoding in the server), else json.dumps."""
    return str(value) if isinstance(value, JSONText) else json.dumps(value)


CONNECT_TIMEOUT = 10  # seconds a PostgreSQL connection may take to be made (psycopg's connect_timeout)


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        memory = url in MEMORY_URLS
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False},
            poolclass=StaticPool if memory else None,
            json_serializer=_json,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            if not memory:
                cur.execute("PRAGMA journal_mode=WAL")  # a process crash loses no committed action
                cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    # A database that accepts the connection but never answers (a wrong port, a stalled host) is refused after
    # CONNECT_TIMEOUT seconds, not waited on for minutes; ``?connect_timeout=N`` in the URL overrides it.
    timeout = {} if "connect_timeout=" in url else {"connect_timeout": CONNECT_TIMEOUT}
    return create_engine(url, pool_pre_ping=True, json_serializer=_json, connect_args=timeout)


MIGRATE_LOCK = 20  # the advisory lock several processes starting at once on one PostgreSQL take to migrate in turn


def migrate(engine: Engine) -> None:
    """Bring the schema to the latest Alembic revision (idempotent). On PostgreSQL, under a transaction advisory
    lock: server processes started at once on a fresh database migrate one after the other, not both (which
    failed with a duplicate ``alembic_version`` type)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(files("atout.web") / "migrations"))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATE_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    """Tables, seats and moves in a relational database; each method is one committed transaction."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        self.engine = _engine(self.url)
        migrate(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # An in-memory SQLite database is one connection shared by every thread: one transaction at a time.
        self._lock: AbstractContextManager[Any] = threading.RLock() if self.url in MEMORY_URLS else nullcontext()

    @property
    def shared(self) -> bool:
        """True on PostgreSQL: several server processes may serve its tables (locks and NOTIFY), SQLite never."""
        return self.url.startswith("postgresql")

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._lock, self._sessions.begin() as s:
            yield s

    def _claim(self, s: Session, table_id: str, idx: int) -> None:
        """One writer per table (PostgreSQL): take the table's advisory lock for this transaction, then check that
        its history has exactly ``idx`` rows (else :class:`Behind`: another process wrote first); the moves' unique
        key stays the last guard. Its NOTIFY goes out with the commit. Nothing to do on SQLite (one process)."""
        if not self.shared:
            return
        s.execute(text("SELECT pg_advisory_xact_lock(:k, hashtext(:t))"), {"k": WRITER_LOCK, "t": table_id})
        have = int(s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.table_id == table_id)) or 0)
        if have != idx:
            raise Behind(table_id, have)
        self._notify(s, table_id, str(idx))

    def _notify(self, s: Session, table_id: str, what: str) -> None:
        """Tell every server process (LISTEN :data:`CHANNEL`) that a table changed, once this transaction commits."""
        if self.shared:
            s.execute(select(func.pg_notify(CHANNEL, f"{table_id}:{what}")))

    # --- tables -------------------------------------------------------------------------------
    def create_table(
        self,
        table_id: str,
        game: str,
        variant: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        level: str,
        seats: Sequence[tuple[str, str | None]],
        status: str = "open",
        names: Sequence[str] = (),
        host: int | None = None,
    ) -> None:
        """Store a new table and its seats (``(kind, token_hash)`` per seat, and their ``names``), and the
        creator's seat (``host``: None when only bots sit)."""
        with self.session() as s:
            s.add(TableRow(id=table_id, game=game, variant=variant, players=players, seed=seed, options=options,
                           level=level, status=status, source="played", host=host))
            s.flush()
            for i, (kind, token_hash) in enumerate(seats):
                s.add(SeatRow(table_id=table_id, seat=i, kind=kind, token_hash=token_hash,
                              name=names[i] if i < len(names) else ""))

    def store_upload(self, table_id: str, text: str, digest: str, header: dict[str, Any], returns: list[Any]) -> None:
        """Store an uploaded record, already replayed, as a finished table.

        ``text`` is the canonical record the replay rebuilt (``state.to_record()`` as JSON), never the uploaded
        bytes (an unknown field is not kept); ``digest`` its :func:`~atout.web.models.record_hash`; ``header``
        its ``game``, ``variant``, ``players``, ``seed`` and ``options``.
        """
        with self.session() as s:
            s.add(TableRow(id=table_id, game=header["game"], variant=header["variant"], players=header["players"],
                           seed=header.get("seed") or 0, options=header.get("options", {}), level="-",
                           status="over", source="uploaded", record=JSONText(text), returns=returns, record_hash=digest))

    def find_record(self, digest: str) -> str | None:
        """The finished table (played here or uploaded) whose record has this hash (an index lookup), or None."""
        with self.session() as s:
            q = select(TableRow.id).where(TableRow.record_hash == digest).where(TableRow.status == "over").limit(1)
            found = s.scalar(q)
            return None if found is None else str(found)

    def record_text(self, table_id: str) -> str | None:
        """A finished table's record as the JSON text the database holds (not parsed: it goes to a worker)."""
        with self.session() as s:
            text = s.scalar(select(cast(TableRow.record, Text)).where(TableRow.id == table_id))
            return None if text is None or text == "null" else str(text)

    def finished(self, table_id: str) -> tuple[TableRow, list[str], list[str]] | None:
        """A finished table's row (its record not read), seat kinds and names (its replay names the players as the
        table did), or None if it is not over (or absent)."""
        with self.session() as s:
            row = s.scalar(select(TableRow).options(defer(TableRow.record)).where(TableRow.id == table_id)
                           .where(TableRow.status == "over"))
            if row is None:
                return None
            seats = s.execute(select(SeatRow.kind, SeatRow.name).where(SeatRow.table_id == table_id)
                              .order_by(SeatRow.seat)).all()
            return row, [k for k, _ in seats], [n or "" for _, n in seats]

    def table(self, table_id: str) -> TableRow | None:
        with self.session() as s:
            return s.get(TableRow, table_id)

    def seats(self, table_id: str) -> list[SeatRow]:
        with self.session() as s:
            return list(s.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)))

    def set_seat(self, table_id: str, seat: int, kind: str, token_hash: str | None, status: str,
                 name: str = "", was: str | None = None) -> None:
        """Seat someone (or a bot) under a name and update the table's status, in one transaction.

        ``was``: the kind the seat must still have (its row locked meanwhile), else :class:`SeatTaken`.
        """
        with self.session() as s:
            row = s.get(SeatRow, (table_id, seat), with_for_update=self.shared)
            assert row is not None
            if was is not None and row.kind != was:
                raise SeatTaken(f"seat {seat} is taken")
            row.kind, row.token_hash, row.name = kind, token_hash, name
            s.execute(update(TableRow).where(TableRow.id == table_id).values(status=status, updated=_now()))
            self._notify(s, table_id, "seat")

    def list_tables(self, status: str, limit: int = 50, source: str = "played") -> list[TableRow]:
        """The last ``limit`` tables of a status and a source: played games and uploads are listed apart, so
        uploads never push the played games out of the lobby (issue 18, attack 5)."""
        with self.session() as s:
            q = (select(TableRow).where(TableRow.status == status).where(TableRow.source == source)
                 .order_by(TableRow.updated.desc()).limit(limit))
            return list(s.scalars(q))

    def seats_of(self, table_ids: Sequence[str]) -> dict[str, list[SeatRow]]:
        """The seats of several tables at once (the lobby's lists), by table, in seat order."""
        out: dict[str, list[SeatRow]] = {t: [] for t in table_ids}
        if not table_ids:
            return out
        with self.session() as s:
            q = select(SeatRow).where(SeatRow.table_id.in_(list(table_ids))).order_by(SeatRow.table_id, SeatRow.seat)
            for row in s.scalars(q):
                out[row.table_id].append(row)
        return out

    def expire(self, before: datetime, keep: Sequence[str] = ()) -> list[str]:
        """Tables not finished and untouched since ``before`` (but those in ``keep``) become ``expired``; their ids.

        Their moves are kept (nothing is deleted): the table just leaves the lobby and cannot be opened again.
        """
        with self.session() as s:
            q = select(TableRow.id).where(TableRow.status.in_(("open", "playing"))).where(TableRow.updated < before)
            if keep:
                q = q.where(TableRow.id.not_in(list(keep)))
            ids = list(s.scalars(q))
            if ids:
                s.execute(update(TableRow).where(TableRow.id.in_(ids)).values(status="expired"))
            return [str(i) for i in ids]

    def finish(self, table_id: str, record: dict[str, Any], returns: list[Any]) -> None:
        with self.session() as s:
            s.execute(update(TableRow).where(TableRow.id == table_id)
                      .values(status="over", record=record, returns=returns, record_hash=record_hash(record),
                              updated=_now()))

    # --- moves --------------------------------------------------------------------------------
    def add_move(self, table_id: str, idx: int, seat: int, action: str, status: str | None = None) -> None:
        """Append one accepted move (``idx``: its place in the table's history, moves and undos)."""
        if self.shared:
            with self.engine.begin() as conn:
                conn.execute(text("SELECT pg_advisory_xact_lock(:k, hashtext(:t))"), {"k": WRITER_LOCK, "t": table_id})
                row = conn.execute(_PG_MOVE, {"t": table_id, "i": idx, "s": seat, "a": action, "st": status or None,
                                              "now": _now()}).one()
                if row[0] != idx:
                    raise Behind(table_id, int(row[0]))
            return
        with self.session() as s:
            self._claim(s, table_id, idx)
            s.add(ActionRow(table_id=table_id, idx=idx, kind="move", seat=seat, action=action))
            values: dict[str, Any] = {"updated": _now()}
            if status:
                values["status"] = status
            s.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    def add_continue(self, table_id: str, idx: int, seats: Sequence[int], how: str = "continue") -> None:
        """Record that ``seats`` said "continue" at a deal's end (``how='timeout'``: continued for at the deadline)."""
        with self.session() as s:
            self._claim(s, table_id, idx)
            for i, seat in enumerate(seats):
                s.add(ActionRow(table_id=table_id, idx=idx + i, kind="continue", seat=seat, action=how))
            s.execute(update(TableRow).where(TableRow.id == table_id).values(updated=_now()))

    def add_mark(self, table_id: str, idx: int, seat: int, kind: str) -> None:
        """Record that ``seat`` is played by a bot from now (``kind='away'``, its move deadline passed) or that its
        person took it back (``'back'``): atout.web.deadlines. Not a move; the table counts as touched."""
        with self.session() as s:
            s.add(ActionRow(table_id=table_id, idx=idx, kind=kind, seat=seat, action=kind))
            s.execute(update(TableRow).where(TableRow.id == table_id).values(updated=_now()))

    def add_undo(self, table_id: str, idx: int, seat: int, back_to: int) -> None:
        """Record that ``seat`` took back moves: only the first ``back_to`` moves remain."""
        with self.session() as s:
            self._claim(s, table_id, idx)
            s.add(ActionRow(table_id=table_id, idx=idx, kind="undo", seat=seat, action="undo", back_to=back_to))

    def history(self, table_id: str) -> list[ActionRow]:
        with self.session() as s:
            q = select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.idx)
            return list(s.scalars(q))

    def history_since(self, table_id: str, idx: int) -> list[ActionRow]:
        """The history rows from index ``idx`` on (what another server process wrote since this one's last)."""
        with self.session() as s:
            q = select(ActionRow).where(ActionRow.table_id == table_id).where(ActionRow.idx >= idx).order_by(ActionRow.idx)
            return list(s.scalars(q))

    def moves(self, table_id: str) -> list[tuple[int, str]]:
        """The moves in force, as ``(seat, action)``: the history with each undo applied."""
        return effective_moves(self.history(table_id))

    def count(self) -> int:
        with self.session() as s:
            return int(s.scalar(select(func.count()).select_from(TableRow)) or 0)


def effective_moves(history: Sequence[ActionRow]) -> list[tuple[int, str]]:
    """Apply the undos of a history: the ``(seat, action)`` moves in force, in order."""
    moves: list[tuple[int, str]] = []
    for row in history:
        if row.kind not in ("move", "undo"):  # a "continue" at a deal's end, a seat away or back: not a move
            continue
        if row.kind == "undo":
            del moves[row.back_to or 0:]
        else:
            moves.append((row.seat, row.action))
    return moves


def _now() -> datetime:
    return datetime.now(UTC)
