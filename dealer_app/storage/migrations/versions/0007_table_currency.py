"""The table's currency (ISO 4217 code, e.g. EUR or SEK), printed with every amount of its
reports.

Revision ID: 0007
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # plain ADD COLUMN (no batch): SQLite must not rebuild ``game_table``, which other tables
    # reference while foreign keys are enforced
    op.add_column("game_table", sa.Column("currency", sa.String(length=3), nullable=False,
                                          server_default="EUR"))


def downgrade() -> None:
    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.drop_column("currency")
