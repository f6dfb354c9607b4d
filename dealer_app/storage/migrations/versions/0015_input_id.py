"""Each dealer input carries the id its station chose (``hand_event.input_id``, unique): a
commit retried after its connection broke, or whose reply was lost, is settled by reading
that id back, and never stored twice.

A nullable column at the end of ``hand_event``: the ledger digests of the rows written
before stay valid (format 2 leaves trailing NULLs out; format 1 leaves NULLs out).

Revision ID: 0015
Revises: 0011
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # plain ADD COLUMN (no batch): SQLite must not rebuild ``hand_event`` (see 0003)
    op.add_column("hand_event", sa.Column("input_id", sa.String(length=36), nullable=True))
    op.create_index("ux_hand_event_input_id", "hand_event", ["input_id"], unique=True)


def downgrade() -> None:
    """The ids go: the rows that had one get a new ledger version without it first (their
    digests would otherwise no longer match the rows)."""
    from dealer_app.storage import ledger

    conn = op.get_bind()
    if conn.execute(sa.text("SELECT 1 FROM hand_event WHERE input_id IS NOT NULL "
                            "LIMIT 1")).first() is not None:
        conn.execute(sa.text("UPDATE hand_event SET input_id = NULL"))
        ledger.chain_rows(conn, ["hand_event"])
    op.drop_index("ux_hand_event_input_id", table_name="hand_event")
    with op.batch_alter_table("hand_event", schema=None) as batch_op:
        batch_op.drop_column("input_id")
