"""Ledger format 4: one ledger entry for a run of rows a commit inserts into a table whose
rows are written once (``storage/groups.py``), its row digest longer than 64 characters
(the run's SHA-256 and four characters of each row's digest).

PostgreSQL: ``ledger.row_digest`` becomes ``TEXT``. SQLite keeps its column as it is (it
holds text of any length whatever length the type names; rebuilding the ledger would
rewrite every entry). Entries written before keep their formats and verify as before.

The downgrade refuses while format 4 entries exist: the format before cannot hold them,
and dropping them would drop evidence.

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.alter_column("ledger", "row_digest", type_=sa.Text(),
                        existing_type=sa.String(length=64), existing_nullable=False)


def downgrade() -> None:
    conn = op.get_bind()
    found = conn.execute(sa.text("SELECT COUNT(*) FROM ledger WHERE row_digest LIKE '4:%'"))
    if int(found.scalar() or 0):
        raise RuntimeError("the ledger holds format 4 entries (runs of rows): a database "
                           "before revision 0024 cannot hold them")
    if conn.dialect.name == "postgresql":
        op.alter_column("ledger", "row_digest", type_=sa.String(length=64),
                        existing_type=sa.Text(), existing_nullable=False)
