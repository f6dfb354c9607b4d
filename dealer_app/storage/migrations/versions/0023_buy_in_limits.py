"""Tables: a minimum and a maximum buy-in (``min_buy_in``, ``max_buy_in``, minor units; NULL
or 0: none); waiting-list entries: a player moving from another table with their chips
(``chips``, ``from_seating_id``: the seating the chips left, by a ``move-out`` stack move).

Every column is nullable and at the end of its model, so the ledger digests of the rows
stored before stay valid (NULL is what they hold).

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | None = None
depends_on: str | None = None

AMOUNT = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    tables = {c["name"] for c in inspector.get_columns("game_table")}
    waiting = {c["name"] for c in inspector.get_columns("waiting_entry")}
    # plain ADD COLUMN (no batch): SQLite must not rebuild tables other tables reference;
    # a column kept by a downgrade (see below) is not added again
    for name in ("min_buy_in", "max_buy_in"):
        if name not in tables:
            op.add_column("game_table", sa.Column(name, AMOUNT, nullable=True))
    if "chips" not in waiting:
        op.add_column("waiting_entry", sa.Column("chips", AMOUNT, nullable=True))
    if "from_seating_id" not in waiting:
        # a plain integer: SQLite cannot add a foreign key to a table in place
        op.add_column("waiting_entry", sa.Column("from_seating_id", sa.Integer(),
                                                 nullable=True))


def downgrade() -> None:
    """Keeps the columns: they are covered by the rows' ledger digests, and dropping them
    would make those rows fail to verify after the next upgrade. An older app ignores them
    (they are nullable)."""
