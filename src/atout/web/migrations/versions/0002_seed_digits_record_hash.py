"""Seeds of up to 39 digits (128-bit), and an indexed hash of each finished record for the duplicate check.

``web_tables.seed`` becomes ``VARCHAR(40)`` holding the decimal digits (BIGINT stops at 64 bits):
PostgreSQL converts the column in place; SQLite (which cannot change a column's type) adds the new
column, copies, drops the old one and renames (SQLite 3.35 or later), so no table is rebuilt and no
``ON DELETE CASCADE`` fires. ``web_tables.record_hash`` is the SHA-256 of the record's canonical JSON
(``atout.web.models.record_hash``), filled here for the records already stored.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_tables = sa.table("web_tables", sa.column("id", sa.String), sa.column("record", sa.JSON),
                   sa.column("record_hash", sa.String))


def _hash(record: Any) -> str:
    """The same digest as atout.web.models.record_hash (frozen here, as a migration must be)."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        op.alter_column("web_tables", "seed", type_=sa.String(40), postgresql_using="seed::text",
                        existing_nullable=False)
    else:
        op.add_column("web_tables", sa.Column("seed_digits", sa.String(40), nullable=False, server_default="0"))
        op.execute("UPDATE web_tables SET seed_digits = CAST(seed AS VARCHAR(40))")
        op.execute("ALTER TABLE web_tables DROP COLUMN seed")
        op.execute("ALTER TABLE web_tables RENAME COLUMN seed_digits TO seed")
    op.add_column("web_tables", sa.Column("record_hash", sa.String(64), nullable=True))
    rows = bind.execute(sa.select(_tables.c.id, _tables.c.record).where(_tables.c.record.is_not(None))).all()
    for table_id, record in rows:
        if record is not None:
            bind.execute(sa.update(_tables).where(_tables.c.id == table_id).values(record_hash=_hash(record)))
    op.create_index("ix_web_tables_record_hash", "web_tables", ["record_hash"])


def downgrade() -> None:
    op.drop_index("ix_web_tables_record_hash", "web_tables")
    op.drop_column("web_tables", "record_hash")
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        op.alter_column("web_tables", "seed", type_=sa.BigInteger, postgresql_using="seed::bigint",
                        existing_nullable=False)
    else:
        op.add_column("web_tables", sa.Column("seed_int", sa.BigInteger, nullable=False, server_default="0"))
        op.execute("UPDATE web_tables SET seed_int = CAST(seed AS INTEGER)")
        op.execute("ALTER TABLE web_tables DROP COLUMN seed")
        op.execute("ALTER TABLE web_tables RENAME COLUMN seed_int TO seed")
