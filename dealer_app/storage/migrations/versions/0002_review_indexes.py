"""Indexes for the supervisor's searches (by date, status, dealer, player) and the audit.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-02
"""

from __future__ import annotations

from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.create_index("ix_hand_started_at", ["started_at"], unique=False)
        batch_op.create_index("ix_hand_status_started_at", ["status", "started_at"], unique=False)
        batch_op.create_index("ix_hand_dealer_started_at", ["dealer_id", "started_at"],
                              unique=False)
    with op.batch_alter_table("hand_player", schema=None) as batch_op:
        batch_op.create_index("ix_hand_player_player_hand", ["player", "hand_id"], unique=False)
    with op.batch_alter_table("audit", schema=None) as batch_op:
        batch_op.create_index("ix_audit_at", ["at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("audit", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_at")
    with op.batch_alter_table("hand_player", schema=None) as batch_op:
        batch_op.drop_index("ix_hand_player_player_hand")
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_index("ix_hand_dealer_started_at")
        batch_op.drop_index("ix_hand_status_started_at")
        batch_op.drop_index("ix_hand_started_at")
