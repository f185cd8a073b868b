"""The tables of the web server's database (SQLAlchemy 2 declarative models).

A game table is stored as its creation arguments plus the list of accepted actions: the state is
rebuilt by replaying them through the engine, so the database never holds a dealt hand.
Migrations live in ``atout/web/migrations`` (Alembic) and mirror these models.

>>> sorted(Base.metadata.tables)
['web_actions', 'web_seats', 'web_tables']
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, Integer, String, Text, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base of the web models."""


class TableRow(Base):
    """One game table: what to pass to ``atout.new_game`` (or an uploaded record), and its status."""

    __tablename__ = "web_tables"
    __table_args__ = (Index("ix_web_tables_status", "status", "updated"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # rule options and deals/target
    level: Mapped[str] = mapped_column(String(20), default="medium")  # bot level, see atout.web.hub.LEVELS
    status: Mapped[str] = mapped_column(String(10), default="open")  # open | playing | over
    source: Mapped[str] = mapped_column(String(10), default="played")  # played | uploaded
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # the atout-record/1, once over
    returns: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
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
    """One accepted move, or an undo (``kind='undo'``, ``back_to`` = moves kept), in order."""

    __tablename__ = "web_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10), default="move")  # move | undo
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text, default="")
    back_to: Mapped[int | None] = mapped_column(Integer, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
