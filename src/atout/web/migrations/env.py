"""Alembic environment: migrate the connection handed over by atout.web.store (online mode only)."""

from __future__ import annotations

from alembic import context

from atout.web.models import Base


def run() -> None:
    """Run the pending migrations on the connection atout.web.store.migrate passed in."""
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


if getattr(context, "config", None) is not None:  # imported by Alembic (not by a doctest collector)
    run()
