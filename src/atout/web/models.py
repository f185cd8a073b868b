"""The tables of the web server's database (SQLAlchemy 2 declarative models).

A game table is stored as its creation arguments plus the list of accepted actions: the state is
rebuilt by replaying them through the engine, so the database never holds a dealt hand.
Migrations live in ``atout/web/migrations`` (Alembic) and mirror these models.

>>> sorted(Base.metadata.tables)
['web_actions', 'web_seats', 'web_tables']
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Dialect, ForeignKey, Index, Integer, String, Text, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

SEED_DIGITS = 39  # a seed holds up to 39 decimal digits: every 128-bit number (2**128 - 1 has 39)


def record_hash(record: dict[str, Any]) -> str:
    """SHA-256 (hex) of a record's canonical JSON text (keys sorted, no spaces): the duplicate check's index key.

    >>> record_hash({"b": 1, "a": [2]}) == record_hash({"a": [2], "b": 1})
    True
    """
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Seed(TypeDecorator[int]):
    """A Python int of up to 39 digits stored as decimal text: BIGINT (PostgreSQL, SQLite) stops at 64 bits.

    >>> Seed().process_bind_param(2**128 - 1, None)
    '340282366920938463463374607431768211455'
    """

    impl = String(SEED_DIGITS + 1)  # a sign and 39 digits
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Dialect | None) -> str | None:
        if value is None:
            return None
        text = str(int(value))
        if len(text.lstrip("-")) > SEED_DIGITS:
            raise ValueError(f"a seed has at most {SEED_DIGITS} digits")
        return text

    def process_result_value(self, value: Any, dialect: Dialect | None) -> int | None:
        return None if value is None else int(value)


class Base(DeclarativeBase):
    """Declarative base of the web models."""


class TableRow(Base):
    """One game table: what to pass to ``atout.new_game`` (or an uploaded record), and its status."""

    __tablename__ = "web_tables"
    __table_args__ = (Index("ix_web_tables_status", "status", "updated"), Index("ix_web_tables_record_hash", "record_hash"))

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Seed)  # up to 2**128 and more (migration 0002; was BIGINT)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # rule options and deals/target
    level: Mapped[str] = mapped_column(String(20), default="medium")  # bot level, see atout.web.hub.LEVELS
    status: Mapped[str] = mapped_column(String(10), default="open")  # open | playing | over | expired
    source: Mapped[str] = mapped_column(String(10), default="played")  # played | uploaded
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # the atout-record/1, once over
    returns: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    record_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # models.record_hash(record), indexed
    host: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the creator's seat (migration 0003)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SeatRow(Base):
    """Who sits where: an empty seat, a bot, or a person known by the hash of a secret token."""

    __tablename__ = "web_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10), default="empty")  # empty | human | bot
    name: Mapped[str] = mapped_column(String(40), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 hex of the seat's token


class ActionRow(Base):
    """One accepted move, an undo (``kind='undo'``, ``back_to`` = moves kept), a "continue" said at a deal's
    end (``kind='continue'``, ``action`` 'continue' or 'timeout'), or a seat played by a bot past its move
    deadline and taken back by its person (``kind='away'`` / ``'back'``, atout.web.deadlines), in order."""

    __tablename__ = "web_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10), default="move")  # move | undo | continue | away | back
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text, default="")
    back_to: Mapped[int | None] = mapped_column(Integer, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
