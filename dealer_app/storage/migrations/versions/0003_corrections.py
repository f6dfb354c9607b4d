"""Supervisor corrections: ``correct`` rows in the hand log, ``hand.corrected`` and
``hand.rake``, and indexes for the review browser (pot, table/session by date, player
without regard to case).

Revision ID: 0003
Revises: 0002
Create Date: 2025-01-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

OLD_KINDS = "kind IN ('input', 'undo', 'void')"
NEW_KINDS = "kind IN ('input', 'undo', 'void', 'correct')"


def _kinds(check: str) -> None:
    with op.batch_alter_table("hand_event", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_hand_event_kind"), type_="check")
        batch_op.create_check_constraint(op.f("ck_hand_event_kind"), sa.text(check))


def upgrade() -> None:
    # plain ALTER TABLE ADD COLUMN (no batch): SQLite must not rebuild ``hand``, which
    # other tables reference while foreign keys are enforced
    op.add_column("hand", sa.Column("corrected", sa.Boolean(), nullable=False,
                                    server_default=sa.false()))
    op.add_column("hand", sa.Column("rake", sa.Integer(), nullable=False,
                                    server_default=sa.text("0")))
    op.create_index("ix_hand_corrected", "hand", ["corrected"], unique=False)
    op.create_index("ix_hand_pot", "hand", ["pot"], unique=False)
    op.create_index("ix_hand_table_started_at", "hand", ["table_id", "started_at"],
                    unique=False)
    op.create_index("ix_hand_session_started_at", "hand", ["session_id", "started_at"],
                    unique=False)
    # a completed hand's stack changes add up to minus its rake (rule 10.5)
    op.execute(sa.text(
        "UPDATE hand SET rake = COALESCE((SELECT SUM(p.stack_before - p.stack_after) "
        "FROM hand_player p WHERE p.hand_id = hand.id AND p.stack_after IS NOT NULL), 0) "
        "WHERE status = 'complete'"))
    op.create_index("ix_hand_player_lower_player", "hand_player", [sa.text("lower(player)")],
                    unique=False)
    _kinds(NEW_KINDS)


def downgrade() -> None:
    _kinds(OLD_KINDS)
    op.drop_index("ix_hand_player_lower_player", table_name="hand_player")
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_index("ix_hand_session_started_at")
        batch_op.drop_index("ix_hand_table_started_at")
        batch_op.drop_index("ix_hand_pot")
        batch_op.drop_index("ix_hand_corrected")
        batch_op.drop_column("rake")
        batch_op.drop_column("corrected")
