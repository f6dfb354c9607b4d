"""The ``dealer_shift_event`` table: dealers' clock-in, clock-out and breaks, and the
floor's push interval, one row per event (chained in the evidence ledger, written once).

Revision ID: 0020
Revises: 0017
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0017"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("dealer_shift_event"):
        return  # kept by a downgrade (see below)
    op.create_table(
        "dealer_shift_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.Column("by_id", sa.Integer(), nullable=True),
        sa.Column("minutes", sa.Integer(), nullable=True),
        sa.CheckConstraint("kind IN ('clock-in', 'clock-out', 'break', 'back', 'push-every')",
                           name=op.f("ck_dealer_shift_event_kind")),
        sa.ForeignKeyConstraint(["staff_id"], ["staff.id"],
                                name=op.f("fk_dealer_shift_event_staff_id_staff")),
        sa.ForeignKeyConstraint(["by_id"], ["staff.id"],
                                name=op.f("fk_dealer_shift_event_by_id_staff")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dealer_shift_event")),
    )
    op.create_index("ix_dealer_shift_event_at", "dealer_shift_event", ["at"])


def downgrade() -> None:
    """Keeps the table: its rows are evidence (their ledger entries stay), and an older app
    ignores tables it does not know."""
