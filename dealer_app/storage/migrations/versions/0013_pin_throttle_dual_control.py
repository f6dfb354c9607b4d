"""Staff: a lock only after 100 wrong PINs in a row (``locked_at``), a PIN that must be
changed before any supervisor act (``pin_change_due``: an older supervisor PIN shorter than
today's rule); tables: the amount above which a void, an adjustment or a settlement needs a
second supervisor (``dual_control_above``, minor units; NULL or 0: off).

Every column is nullable and at the end of its model, so the ledger digests of the rows
stored before stay valid (NULL is what they hold).

Revision ID: 0013
Revises: 0011
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # plain ADD COLUMN (no batch): SQLite must not rebuild tables other tables reference
    op.add_column("staff", sa.Column("pin_change_due", sa.Boolean(), nullable=True))
    op.add_column("staff", sa.Column("locked_at", sa.DateTime(), nullable=True))
    op.add_column("game_table", sa.Column("dual_control_above",
                                          sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
                                          nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.drop_column("dual_control_above")
    with op.batch_alter_table("staff", schema=None) as batch_op:
        batch_op.drop_column("locked_at")
        batch_op.drop_column("pin_change_due")
