"""Amounts that hold the largest chip amount on both databases, lockout backoff, and the
table lease (one table, one workstation).

- Amount columns become BIGINT on PostgreSQL (SQLite's INTEGER already holds 64 bits, so
  SQLite tables are not rebuilt).
- ``staff.lockouts``: locks in a row, for a lock time that doubles with each lock.
- ``table_lease``: the workstation recording into a table, with its heartbeat.

Revision ID: 0004
Revises: 0009 (re-chained after main's 0009 when merging main)
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None

AMOUNT_COLUMNS = (("seating", "stack", False), ("stack_move", "amount", False),
                  ("hand", "pot", False), ("hand", "rake", False),
                  ("hand_player", "stack_before", False), ("hand_player", "stack_after", True),
                  ("hand_event", "to_amount", True))


def _amounts(new: sa.types.TypeEngine[int], old: sa.types.TypeEngine[int]) -> None:
    if op.get_bind().dialect.name == "sqlite":
        return  # INTEGER holds 64 bits: nothing to widen
    for table, column, nullable in AMOUNT_COLUMNS:
        op.alter_column(table, column, type_=new, existing_type=old,
                        existing_nullable=nullable)


def upgrade() -> None:
    _amounts(sa.BigInteger(), sa.Integer())
    op.add_column("staff", sa.Column("lockouts", sa.Integer(), nullable=False,
                                     server_default=sa.text("0")))
    op.create_table(
        "table_lease",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("workstation", sa.String(length=64), nullable=False),
        sa.Column("host", sa.String(length=255), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.Column("staff_name", sa.String(length=80), nullable=False),
        sa.Column("acquired_at", sa.DateTime(), nullable=False),
        sa.Column("heartbeat_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["staff_id"], ["staff.id"],
                                name=op.f("fk_table_lease_staff_id_staff")),
        sa.ForeignKeyConstraint(["table_id"], ["game_table.id"],
                                name=op.f("fk_table_lease_table_id_game_table")),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_table_lease")),
    )


def downgrade() -> None:
    op.drop_table("table_lease")
    with op.batch_alter_table("staff", schema=None) as batch_op:
        batch_op.drop_column("lockouts")
    _amounts(sa.Integer(), sa.BigInteger())
