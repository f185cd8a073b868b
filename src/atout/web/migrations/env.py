"""Alembic environment: migrate the connection handed over by atout.web.store (online mode only)."""

from __future__ import annotations

from alembic import context

from atout.web.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
