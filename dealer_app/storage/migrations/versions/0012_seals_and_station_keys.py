"""Every commit sealed by its writer's key; the keys the floor admitted.

- ``ledger`` gains the seal columns (``seal_from``, ``seal_key``, ``seal_run``, ``seal_at``,
  ``seal_prev``, ``seal_sig``), filled on the last entry of each commit (``notary.Seal``);
  entries written before stay unsealed and are covered by the format 1 checkpoints that
  sealed them.
- ``checkpoint.unvouched``: format 2 checkpoints name the entries their signer could not
  authenticate.
- ``station_key``: the founding key and the keys a supervisor admitted.
- ``ledger_fork``: a copy of the database forks its own ledger id at its first write.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None

SEAL_COLUMNS = (
    ("seal_from", sa.Integer()),
    ("seal_key", sa.String(length=16)),
    ("seal_run", sa.String(length=16)),
    ("seal_at", sa.BigInteger()),
    ("seal_prev", sa.LargeBinary()),
    ("seal_sig", sa.LargeBinary()),
)


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    have = {c["name"] for c in inspector.get_columns("ledger")}
    # plain ADD COLUMN (no batch): SQLite must not rebuild the ledger
    for name, kind in SEAL_COLUMNS:
        if name not in have:  # (kept by a downgrade: see below)
            op.add_column("ledger", sa.Column(name, kind, nullable=True))
    if "unvouched" not in {c["name"] for c in inspector.get_columns("checkpoint")}:
        op.add_column("checkpoint", sa.Column("unvouched", sa.Text(), nullable=True))
    if not inspector.has_table("ledger_fork"):
        op.create_table(
            "ledger_fork",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("ledger_id", sa.String(length=16), nullable=False),
            sa.Column("parent", sa.String(length=16), nullable=False),
            sa.Column("parent_seq", sa.Integer(), nullable=False),
            sa.Column("parent_checkpoint", sa.Integer(), nullable=False),
            sa.Column("location", sa.String(length=200), nullable=False),
            sa.Column("reason", sa.Text(), nullable=False),
            sa.Column("at", sa.DateTime(), nullable=False),
            sa.PrimaryKeyConstraint("id", name="pk_ledger_fork"),
            sa.UniqueConstraint("ledger_id", name="uq_ledger_fork_ledger_id"),
        )
    if inspector.has_table("station_key"):
        return
    op.create_table(
        "station_key",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key_id", sa.String(length=16), nullable=False),
        sa.Column("public_key", sa.String(length=64), nullable=False),
        sa.Column("label", sa.String(length=120), nullable=False),
        sa.Column("admitted_at", sa.DateTime(), nullable=False),
        sa.Column("admitted_by", sa.Integer(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["admitted_by"], ["staff.id"],
                                name="fk_station_key_admitted_by_staff"),
        sa.PrimaryKeyConstraint("id", name="pk_station_key"),
        sa.UniqueConstraint("key_id", name="uq_station_key_key_id"),
    )


def downgrade() -> None:
    """Keeps the seals, the checkpoints' ``unvouched`` and the admitted keys: they are
    evidence, and dropping them would make every seal and format 2 checkpoint fail to verify
    after the next upgrade. An older app ignores them."""
