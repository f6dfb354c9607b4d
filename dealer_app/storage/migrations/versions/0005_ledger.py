"""The evidence ledger and its signed checkpoints. Rows already stored are chained here,
in primary-key order, table by table: the ledger's genesis (edits made before this
upgrade cannot be seen; every one after it can).

Revision ID: 0005
Revises: 0006
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "ledger",
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("tbl", sa.String(length=40), nullable=False),
        sa.Column("k1", sa.BigInteger(), nullable=False),
        sa.Column("k2", sa.Integer(), nullable=False),
        sa.Column("row_digest", sa.String(length=64), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_ledger")),
    )
    op.create_index("ix_ledger_row", "ledger", ["tbl", "k1", "k2", "seq"], unique=False)
    op.create_table(
        "checkpoint",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("reason", sa.String(length=80), nullable=False),
        sa.Column("key_id", sa.String(length=16), nullable=False),
        sa.Column("public_key", sa.String(length=64), nullable=False),
        sa.Column("signature", sa.String(length=128), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_checkpoint")),
    )
    op.create_index("ix_checkpoint_seq", "checkpoint", ["seq"], unique=False)

    from dealer_app.storage import ledger
    from dealer_app.storage.models import Base
    from dealer_app.storage.models.chained import CHAINED

    conn = op.get_bind()
    present = set(sa.inspect(conn).get_table_names())
    ledger.chain_rows(conn, [t.name for t in Base.metadata.sorted_tables
                             if t.name in CHAINED and t.name in present])


def downgrade() -> None:
    op.drop_index("ix_checkpoint_seq", table_name="checkpoint")
    op.drop_table("checkpoint")
    op.drop_index("ix_ledger_row", table_name="ledger")
    op.drop_table("ledger")
