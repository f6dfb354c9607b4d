"""A floor of hundreds of tables (issues 21 and 24):

- an index of the audit rows by session and act: the floor reads a table's closing state
  (its latest ``announce-closing`` or ``cancel-closing`` row) with every refresh of a tile;
- on PostgreSQL, each change is also sent on the table's own channel
  (``dealer_app_changes_<table id>``, same payload): a players' screen or a dealer's window
  listens to its own table only, so the server no longer sends every input of the floor to
  every screen (N tables x M listeners notifications).

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | None = None
depends_on: str | None = None

NOTIFY_FUNCTION = """
CREATE OR REPLACE FUNCTION dealer_app_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.table_id IS NOT NULL THEN
        PERFORM pg_notify('dealer_app_changes', current_schema() || ':' || NEW.table_id);
        PERFORM pg_notify('dealer_app_changes_' || NEW.table_id,
                          current_schema() || ':' || NEW.table_id);
    END IF;
    RETURN NULL;
END
$$
"""
OLD_FUNCTION = """
CREATE OR REPLACE FUNCTION dealer_app_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.table_id IS NOT NULL THEN
        PERFORM pg_notify('dealer_app_changes', current_schema() || ':' || NEW.table_id);
    END IF;
    RETURN NULL;
END
$$
"""


def upgrade() -> None:
    op.create_index("ix_audit_session_act", "audit", ["session_id", "act"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(sa.text(NOTIFY_FUNCTION))


def downgrade() -> None:
    """An index and a function only: no evidence goes with them."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute(sa.text(OLD_FUNCTION))
    op.drop_index("ix_audit_session_act", table_name="audit")
