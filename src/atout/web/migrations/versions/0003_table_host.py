"""The seat of a table's creator (``web_tables.host``): only the creator may have bots fill the empty seats
(issue 18, attack 3). Null for uploads, bots-only tables and tables created before this revision.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("web_tables", sa.Column("host", sa.Integer, nullable=True))


def downgrade() -> None:
    op.drop_column("web_tables", "host")
