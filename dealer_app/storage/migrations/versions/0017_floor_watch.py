"""The ``floor_watch`` table: the floor views open now, each with its heartbeat
(operational, like ``table_lease``), so a dealer's window can say when nobody watches.

Revision ID: 0017
Revises: 0011
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
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


def downgrade() -> None:
    op.drop_index("ix_floor_watch_heartbeat", table_name="floor_watch")
    op.drop_table("floor_watch")
