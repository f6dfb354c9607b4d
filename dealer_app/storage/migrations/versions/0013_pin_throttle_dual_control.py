"""Staff: a lock only after 100 wrong PINs in a row (``locked_at``), a PIN that must be
changed before any supervisor act (``pin_change_due``: an older supervisor PIN shorter than
today's rule); tables: the amount above which a void, an adjustment or a settlement needs a
second supervisor (``dual_control_above``, minor units; NULL or 0: off).

Every column is nullable and at the end of its model, so the ledger digests of the rows
stored before stay valid (NULL is what they hold).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    staff = {c["name"] for c in inspector.get_columns("staff")}
    tables = {c["name"] for c in inspector.get_columns("game_table")}
    # plain ADD COLUMN (no batch): SQLite must not rebuild tables other tables reference;
    # a column kept by a downgrade (see below) is not added again
    if "pin_change_due" not in staff:
        op.add_column("staff", sa.Column("pin_change_due", sa.Boolean(), nullable=True))
    if "locked_at" not in staff:
        op.add_column("staff", sa.Column("locked_at", sa.DateTime(), nullable=True))
    if "dual_control_above" not in tables:
        op.add_column("game_table", sa.Column(
            "dual_control_above", sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            nullable=True))


def downgrade() -> None:
    """Keeps the columns: they are covered by the rows' ledger digests, and dropping them
    would make those rows fail to verify after the next upgrade. An older app ignores them
    (they are nullable)."""
