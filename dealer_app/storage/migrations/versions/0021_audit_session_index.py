"""An index of the audit rows by session and act: the floor reads a table's closing state
(its latest ``announce-closing`` or ``cancel-closing`` row) with every refresh of its tile.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-03
"""

from __future__ import annotations

from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_index("ix_audit_session_act", "audit", ["session_id", "act"])


def downgrade() -> None:
    """An index only: no evidence goes with it."""
    op.drop_index("ix_audit_session_act", table_name="audit")
