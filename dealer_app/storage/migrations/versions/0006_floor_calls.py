"""The live floor: the ``floor_call`` table, and on PostgreSQL the triggers that send a
``NOTIFY dealer_app_changes`` (payload ``schema:table_id``) with every committed change a
floor view shows: a hand started, an input recorded (the hand's chain head moves), an audited
act (seats, sessions, dealers, calls) and a call's acknowledgement or resolution.

Revision ID: 0006
Revises: 0008
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None

NOTIFY_FUNCTION = """
CREATE OR REPLACE FUNCTION dealer_app_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.table_id IS NOT NULL THEN
        PERFORM pg_notify('dealer_app_changes', current_schema() || ':' || NEW.table_id);
    END IF;
    RETURN NULL;
END
$$
"""
TRIGGERS = {"hand": "INSERT OR UPDATE", "audit": "INSERT", "floor_call": "INSERT OR UPDATE"}


def upgrade() -> None:
    op.create_table(
        "floor_call",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=True),
        sa.Column("hand_id", sa.Integer(), nullable=True),
        sa.Column("dealer_id", sa.Integer(), nullable=True),
        sa.Column("dealer_name", sa.String(length=80), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("acknowledged_at", sa.DateTime(), nullable=True),
        sa.Column("acknowledged_by", sa.Integer(), nullable=True),
        sa.Column("acknowledged_name", sa.String(length=80), nullable=True),
        sa.Column("resolved_at", sa.DateTime(), nullable=True),
        sa.Column("resolved_by", sa.Integer(), nullable=True),
        sa.Column("resolved_name", sa.String(length=80), nullable=True),
        sa.Column("resolution", sa.Text(), nullable=True),
        sa.CheckConstraint("kind IN ('mismatch', 'dispute', 'chips', 'player', 'other')",
                           name=op.f("ck_floor_call_kind")),
        sa.ForeignKeyConstraint(["acknowledged_by"], ["staff.id"],
                                name=op.f("fk_floor_call_acknowledged_by_staff")),
        sa.ForeignKeyConstraint(["dealer_id"], ["staff.id"],
                                name=op.f("fk_floor_call_dealer_id_staff")),
        sa.ForeignKeyConstraint(["hand_id"], ["hand.id"],
                                name=op.f("fk_floor_call_hand_id_hand")),
        sa.ForeignKeyConstraint(["resolved_by"], ["staff.id"],
                                name=op.f("fk_floor_call_resolved_by_staff")),
        sa.ForeignKeyConstraint(["session_id"], ["table_session.id"],
                                name=op.f("fk_floor_call_session_id_table_session")),
        sa.ForeignKeyConstraint(["table_id"], ["game_table.id"],
                                name=op.f("fk_floor_call_table_id_game_table")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_floor_call")),
    )
    op.create_index("ix_floor_call_table_created", "floor_call", ["table_id", "created_at"])
    op.create_index("ix_floor_call_session", "floor_call", ["session_id"])
    op.create_index("ix_floor_call_resolved_at", "floor_call", ["resolved_at"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(sa.text(NOTIFY_FUNCTION))
        for table, events in TRIGGERS.items():
            op.execute(sa.text(
                f"CREATE TRIGGER dealer_app_notify_{table} AFTER {events} ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION dealer_app_notify_change()"))


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in TRIGGERS:
            op.execute(sa.text(f"DROP TRIGGER IF EXISTS dealer_app_notify_{table} ON {table}"))
        op.execute(sa.text("DROP FUNCTION IF EXISTS dealer_app_notify_change()"))
    op.drop_index("ix_floor_call_resolved_at", table_name="floor_call")
    op.drop_index("ix_floor_call_session", table_name="floor_call")
    op.drop_index("ix_floor_call_table_created", table_name="floor_call")
    op.drop_table("floor_call")
