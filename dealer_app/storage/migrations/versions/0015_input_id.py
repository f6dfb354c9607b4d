"""Each dealer input carries the id its station chose (``hand_event.input_id``, unique): a
commit retried after its connection broke, or whose reply was lost, is settled by reading
that id back, and never stored twice.

A nullable column at the end of ``hand_event``: the ledger digests of the rows written
before stay valid (format 2 leaves trailing NULLs out; format 1 leaves NULLs out).

Revision ID: 0015
Revises: 0013
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "input_id" in {c["name"] for c in inspector.get_columns("hand_event")}:
        return  # kept by a downgrade (see below)
    # plain ADD COLUMN (no batch): SQLite must not rebuild ``hand_event`` (see 0003)
    op.add_column("hand_event", sa.Column("input_id", sa.String(length=36), nullable=True))
    op.create_index("ux_hand_event_input_id", "hand_event", ["input_id"], unique=True)


def downgrade() -> None:
    """Keeps the column: the input ids are covered by the events' ledger digests, and
    dropping them would make every event recorded since fail to verify after the next
    upgrade. An older app ignores the column (it is nullable)."""
