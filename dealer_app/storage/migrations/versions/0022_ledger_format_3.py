"""Ledger format 3: the ledger's chain digest is kept only where a commit ends (the entry
its seal and any checkpoint sign), and the index of dealer inputs' ids holds only the
events that have one.

``ledger.digest`` becomes nullable; the digests of the entries inside a sealed commit (all
but its last) and not sealed by a checkpoint are set NULL: ``log verify`` recomputes them
from the entries, and every stored digest still chains everything before it, so nothing it
proves changes (signed checkpoints and seals name the digests still stored). Entries
without a seal (written before 0012) keep their digests.

``ix_ledger_row`` leaves out ``seq``: SQLite ends every index with the row id, which
``seq`` is (the index still gives each key's entries in ledger order), so it was stored
twice in each index entry.

``ux_hand_event_input_id`` becomes a partial index (``input_id IS NOT NULL``): imported
events and events of other kinds have no input id, and each cost an index entry.

The downgrade recomputes every digest set NULL (so the format 2 verifier finds each one)
and restores the full index: no evidence is lost either way.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-03
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | None = None
depends_on: str | None = None

GENESIS = hashlib.sha256(b"dealer-app-ledger/1").hexdigest()
"""``ledger.GENESIS`` (copied: a migration does not follow later code)."""
TRIGGER = "dealer_app_evidence"
BATCH = 20_000


def _link(previous: str, seq: int, tbl: str, k1: int, k2: int, row_digest: str) -> str:
    """``ledger.link`` as of this revision."""
    return hashlib.sha256(f"{previous}|{seq}|{tbl}|{k1}|{k2}|{row_digest}".encode()).hexdigest()


@contextmanager
def _unguarded(*tables: str) -> Iterator[None]:
    """PostgreSQL: the append-only trigger of ``db roles`` (``roles.py``) stays off while the
    migration (run by the owner) rewrites these tables."""
    conn = op.get_bind()
    guarded: list[str] = []
    if conn.dialect.name == "postgresql":
        for table in tables:
            found = conn.execute(sa.text(
                "SELECT 1 FROM pg_trigger WHERE tgname = :t AND tgrelid = "
                "to_regclass(:rel) AND NOT tgisinternal"), {"t": TRIGGER, "rel": table}).first()
            if found is not None:
                conn.exec_driver_sql(f"ALTER TABLE {table} DISABLE TRIGGER {TRIGGER}")
                guarded.append(table)
    try:
        yield
    finally:
        for table in guarded:
            conn.exec_driver_sql(f"ALTER TABLE {table} ENABLE TRIGGER {TRIGGER}")


def _input_index(partial: bool) -> None:
    op.drop_index("ux_hand_event_input_id", table_name="hand_event")
    where = sa.text("input_id IS NOT NULL") if partial else None
    op.create_index("ux_hand_event_input_id", "hand_event", ["input_id"], unique=True,
                    sqlite_where=where, postgresql_where=where)


def _row_index(columns: list[str]) -> None:
    op.drop_index("ix_ledger_row", table_name="ledger")
    op.create_index("ix_ledger_row", "ledger", columns)


def upgrade() -> None:
    conn = op.get_bind()
    with op.batch_alter_table("ledger", schema=None) as batch_op:
        batch_op.alter_column("digest", existing_type=sa.String(length=64), nullable=True)
    _row_index(["tbl", "k1", "k2"])
    ends = [(int(r[0]), int(r[1])) for r in conn.execute(sa.text(
        "SELECT seal_from, seq FROM ledger WHERE seal_from IS NOT NULL ORDER BY seq"))]
    signed = {int(r[0]) for r in conn.execute(sa.text("SELECT DISTINCT seq FROM checkpoint"))}
    ranges = [{"lo": first, "hi": last - 1} for first, last in ends if first < last]
    with _unguarded("ledger"):
        if ranges:
            conn.execute(sa.text("UPDATE ledger SET digest = NULL WHERE seq >= :lo AND "
                                 "seq <= :hi AND seal_from IS NULL"), ranges)
        if signed:  # (a checkpoint always signs a commit's last entry; kept should one not)
            _fill(conn, signed)
    _input_index(partial=True)


def _fill(conn: sa.Connection, only: set[int] | None = None) -> None:
    """Stores the recomputed chain digest of every entry without one (``only``: of those
    entries only)."""
    previous, last = GENESIS, 0
    while True:
        rows = conn.execute(sa.text(
            "SELECT seq, tbl, k1, k2, row_digest, digest FROM ledger WHERE seq > :last "
            "ORDER BY seq LIMIT :n"), {"last": last, "n": BATCH}).all()
        if not rows:
            return
        fill = []
        for seq, tbl, k1, k2, rd, digest in rows:
            made = _link(previous, int(seq), str(tbl), int(k1), int(k2), str(rd))
            if digest is None and (only is None or int(seq) in only):
                fill.append({"seq": int(seq), "digest": made})
            previous = made if digest is None else str(digest)
        if fill:
            conn.execute(sa.text("UPDATE ledger SET digest = :digest WHERE seq = :seq"), fill)
        last = int(rows[-1][0])


def downgrade() -> None:
    conn = op.get_bind()
    with _unguarded("ledger"):
        _fill(conn)
    with op.batch_alter_table("ledger", schema=None) as batch_op:
        batch_op.alter_column("digest", existing_type=sa.String(length=64), nullable=False)
    _row_index(["tbl", "k1", "k2", "seq"])
    _input_index(partial=False)
