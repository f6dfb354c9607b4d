"""Ledger row format 2: the schema is unchanged, the revision is not.

From this revision on, new ledger entries hash a row in format 2 (``ledger.ROW_FORMAT``;
old entries keep format 1, told apart by their digest's ``2:`` prefix). An older
dealer-app knows format 1 only: its ``log verify`` would call every new entry's row
changed. Moving the revision on makes such an app refuse the database ("made by a newer
dealer-app") instead of recording into it or raising false alarms.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01
"""

from __future__ import annotations

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Nothing to change: the revision number is the point."""


def downgrade() -> None:
    """Nothing to undo (entries written in format 2 stay in format 2)."""
