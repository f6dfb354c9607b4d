"""The ``floor_watch`` table: the floor views open now, each with its heartbeat
(operational, like ``table_lease``), so a dealer's window can say when nobody watches; and
``waiting_entry``: the waiting list of each game (chained in the evidence ledger).

Revision ID: 0017
Revises: 0015
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0015"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if inspector.has_table("waiting_entry"):
        return  # kept by a downgrade (see below)
    op.create_table(
        "floor_watch",
        sa.Column("station", sa.String(length=64), nullable=False),
        sa.Column("host", sa.String(length=255), nullable=False),
        sa.Column("staff_name", sa.String(length=80), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.Column("heartbeat_at", sa.DateTime(), nullable=False),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("station", name=op.f("pk_floor_watch")),
    )
    op.create_index("ix_floor_watch_heartbeat", "floor_watch", ["heartbeat_at"])
    op.create_table(
        "waiting_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("structure", sa.String(length=16), nullable=False),
        sa.Column("ante", sa.BigInteger(), nullable=False),
        sa.Column("player", sa.String(length=80), nullable=False),
        sa.Column("joined_at", sa.DateTime(), nullable=False),
        sa.Column("joined_by", sa.Integer(), nullable=True),
        sa.Column("called_at", sa.DateTime(), nullable=True),
        sa.Column("called_table_id", sa.Integer(), nullable=True),
        sa.Column("called_by", sa.Integer(), nullable=True),
        sa.Column("seated_at", sa.DateTime(), nullable=True),
        sa.Column("seated_table_id", sa.Integer(), nullable=True),
        sa.Column("no_show_at", sa.DateTime(), nullable=True),
        sa.Column("removed_at", sa.DateTime(), nullable=True),
        sa.Column("removed_by", sa.Integer(), nullable=True),
        sa.Column("removal", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(["joined_by"], ["staff.id"],
                                name=op.f("fk_waiting_entry_joined_by_staff")),
        sa.ForeignKeyConstraint(["called_by"], ["staff.id"],
                                name=op.f("fk_waiting_entry_called_by_staff")),
        sa.ForeignKeyConstraint(["removed_by"], ["staff.id"],
                                name=op.f("fk_waiting_entry_removed_by_staff")),
        sa.ForeignKeyConstraint(["called_table_id"], ["game_table.id"],
                                name=op.f("fk_waiting_entry_called_table_id_game_table")),
        sa.ForeignKeyConstraint(["seated_table_id"], ["game_table.id"],
                                name=op.f("fk_waiting_entry_seated_table_id_game_table")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_waiting_entry")),
    )
    op.create_index("ix_waiting_entry_game", "waiting_entry", ["structure", "ante", "joined_at"])


def downgrade() -> None:
    """Keeps both tables: waiting-list rows are evidence (their ledger entries stay), and an
    older app ignores tables it does not know."""
