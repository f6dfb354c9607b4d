"""Imported hands keep the digest of their content (``hand.content_digest``, unique), so the
same record imported twice, with or without ``meta.uid``, is stored once.

Revision ID: 0009
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # plain ADD COLUMN (no batch): SQLite must not rebuild ``hand`` (see 0003)
    op.add_column("hand", sa.Column("content_digest", sa.String(length=64), nullable=True))
    op.create_index("ux_hand_content_digest", "hand", ["content_digest"], unique=True)


def downgrade() -> None:
    op.drop_index("ux_hand_content_digest", table_name="hand")
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_column("content_digest")
