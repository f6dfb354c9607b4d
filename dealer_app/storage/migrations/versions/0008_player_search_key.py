"""``hand_player.player_key``: each player name without accents and case, for substring
search ("meyer" finds Ann Méyer), indexed with the hand; filled for the rows already stored.
Indexes on ``hand.status``, ``hand.number`` and ``hand.table_id`` for the list's deep pages
in those orders.

Revision ID: 0008
Revises: 0004
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from dealer_app.storage.models.search_key import search_key

revision: str = "0008"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # plain ADD COLUMN (no batch): SQLite must not rebuild a referenced table
    op.add_column("hand_player", sa.Column("player_key", sa.String(length=80), nullable=False,
                                           server_default=sa.text("''")))
    conn = op.get_bind()
    names = [r[0] for r in conn.execute(sa.text("SELECT DISTINCT player FROM hand_player"))]
    if names:
        conn.execute(sa.text("UPDATE hand_player SET player_key = :key WHERE player = :name"),
                     [{"key": search_key(n), "name": n} for n in names])
    op.create_index("ix_hand_player_key_hand", "hand_player", ["player_key", "hand_id"],
                    unique=False)
    # the list sorted by status, number or table pages by (key, id): one index each
    op.create_index("ix_hand_status", "hand", ["status"], unique=False)
    op.create_index("ix_hand_number", "hand", ["number"], unique=False)
    op.create_index("ix_hand_table", "hand", ["table_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_hand_table", table_name="hand")
    op.drop_index("ix_hand_number", table_name="hand")
    op.drop_index("ix_hand_status", table_name="hand")
    op.drop_index("ix_hand_player_key_hand", table_name="hand_player")
    # plain DROP COLUMN (no batch): a rebuild would lose the index on lower(player)
    op.drop_column("hand_player", "player_key")
