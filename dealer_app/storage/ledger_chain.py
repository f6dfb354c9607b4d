"""The ledger's chain: entries, their links, the head, the ledger's identity, appending.

An entry is ``(seq, tbl, k1, k2, row_digest, digest)`` with
``digest = SHA-256(previous digest | seq | tbl | k1 | k2 | row_digest)``; format 3 stores
``digest`` only on a commit's last entry (:data:`CHAIN_FORMAT`). :func:`append` writes a
commit's entries after the head, which it locks, and the seal over them. The session hooks
that collect the entries and sign checkpoints are in ``ledger.py``; this module imports
nothing of them (``seals.py`` reads the chain through it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Connection, Table, insert, select

from dealer_app.storage.bulk import driver_execute, insert_many
from dealer_app.storage.groups import group_runs
from dealer_app.storage.models import Base, Checkpoint, LedgerEntry, LedgerFork, StationKey
from dealer_app.storage.row_digests import FORMAT_2

GENESIS = hashlib.sha256(b"dealer-app-ledger/1").hexdigest()


DELETED = "deleted"


ADVISORY_LOCK = 0x0DEA1E6


LEDGER = cast(Table, LedgerEntry.__table__)


CHECKPOINTS = cast(Table, Checkpoint.__table__)


STATION_KEYS = cast(Table, StationKey.__table__)


FORKS = cast(Table, LedgerFork.__table__)


def link(previous: str, seq: int, tbl: str, k1: int, k2: int, digest_of_row: str) -> str:
    """The digest of one ledger entry."""
    return hashlib.sha256(
        f"{previous}|{seq}|{tbl}|{k1}|{k2}|{digest_of_row}".encode()).hexdigest()


_KEYS: dict[str, tuple[str, ...]] = {}


def primary_key(tbl: str) -> tuple[str, ...]:
    names = _KEYS.get(tbl)
    if names is None:
        names = tuple(c.name for c in Base.metadata.tables[tbl].primary_key.columns)
        _KEYS[tbl] = names
    return names


def key_of(tbl: str, values: Mapping[str, Any]) -> tuple[int, int]:
    names = primary_key(tbl)
    k1 = int(values[names[0]])
    return k1, int(values[names[1]]) if len(names) > 1 else 0


@dataclass(frozen=True, slots=True)
class Pending:
    tbl: str
    k1: int
    k2: int
    row_digest: str


LEDGER_ID_LENGTH = 16


def ledger_id(conn: Connection) -> str | None:
    """A database's identity: the start of its first ledger entry's digest (that entry
    covers a row with its time stamp, so two databases differ from their first entry on),
    or, for a copy, the id its newest ``ledger_fork`` row gave it. None while the ledger is
    empty."""
    fork = conn.execute(select(FORKS.c.ledger_id).order_by(FORKS.c.id.desc()).limit(1)).scalar()
    if fork is not None:
        return str(fork)
    first = digest_at(conn, 1)
    return None if first is None else first[:LEDGER_ID_LENGTH]


CHAIN_FORMAT = 3
"""Ledger format 3 (migration 0022): an entry's chain digest (``digest``) is stored only on
the last entry of each commit, the one its seal and any checkpoint sign; the digests
between are recomputed from the entries (:func:`digest_at`, ``log verify``'s walk), which
changes nothing they prove: each stored digest chains every entry before it."""


def digest_at(conn: Connection, seq: int) -> str | None:
    """The ledger's chain digest at entry ``seq`` (None: no such entry): stored on the
    last entry of each commit, else recomputed from the nearest stored one before it."""
    L = LEDGER.c
    row = conn.execute(select(L.digest).where(L.seq == seq)).one_or_none()
    if row is None:
        return None
    if row[0] is not None:
        return str(row[0])
    base = conn.execute(select(L.seq, L.digest).where(L.seq < seq, L.digest.is_not(None))
                        .order_by(L.seq.desc()).limit(1)).one_or_none()
    start, head = (0, GENESIS) if base is None else (int(base[0]), str(base[1]))
    for s, tbl, k1, k2, rd in conn.execute(
            select(L.seq, L.tbl, L.k1, L.k2, L.row_digest)
            .where(L.seq > start, L.seq <= seq).order_by(L.seq)):
        head = link(head, int(s), str(tbl), int(k1), int(k2), str(rd))
    return head


_LOCK_THEN_HEAD = (f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK}); "
                   "SELECT seq, digest FROM ledger ORDER BY seq DESC LIMIT 1")
"""PostgreSQL: the lock and the head in one round trip, two statements of one simple query
(no parameters). Each statement of it takes its own snapshot, so the head is read once the
lock is held, with every commit of the holders before. (One statement, ``SELECT
pg_advisory_xact_lock(k), (SELECT seq ...)``, would read the head from the snapshot it took
before waiting for the lock: a head gone stale while it waited, a forked chain.)"""


_HEAD_SQL = "SELECT seq, digest FROM ledger ORDER BY seq DESC LIMIT 1"
_INSERT = insert(LEDGER)
"""Built once: every commit that changes a chained row runs them."""


def lock_head(conn: Connection) -> tuple[int, str]:
    """Serialises ledger writers and returns the newest entry's (seq, digest): on
    PostgreSQL one round trip (:data:`_LOCK_THEN_HEAD`), from which the lock is held to the
    commit; SQLite's ``BEGIN IMMEDIATE`` already serialises."""
    if conn.dialect.name == "postgresql":
        result = conn.exec_driver_sql(_LOCK_THEN_HEAD)
        try:  # (the lock's own result first, then the head's)
            cursor = cast(Any, result.cursor)
            found: Sequence[Any] = cursor.fetchall() if cursor.nextset() else []
        finally:
            result.close()
    else:  # (every commit runs it: by the driver, without SQLAlchemy's execution)
        found = driver_execute(conn, _HEAD_SQL)
    if not found:
        return 0, GENESIS
    seq, digest = found[0]
    if digest is None:  # (a commit's last entry removed: chain on from what is there)
        return int(seq), str(digest_at(conn, int(seq)))
    return int(seq), str(digest)


_NO_SEAL = {"seal_from": None, "seal_key": None, "seal_run": None, "seal_at": None,
            "seal_prev": None, "seal_sig": None}


Sealer = Callable[[int, int, str], Any]
"""``sealer(first, last, digest) -> Seal``: signs the entries a commit appends."""


def append(conn: Connection, entries: Sequence[Pending], sealer: Sealer | None = None,
           every_digest: bool = False) -> tuple[int, str, Any]:
    """Appends entries after the head (locking it), the last one carrying the seal that
    ``sealer`` makes over them and the chain's digest (``every_digest``: every entry
    carries its digest, as before ledger format 3); returns the new head and the seal
    (None: unsealed).

    Everything that does not depend on the head is done before the lock is taken (the
    runs grouped, the rows made): while it is held, every commit of the floor waits. Held,
    only the head is read (with the lock, one round trip), the entries linked and sealed
    (hashing and one signature, in this process) and the rows inserted (one statement)."""
    if not every_digest and len(entries) > 1:  # format 4: a run of rows written once,
        entries = group_runs(entries, Pending, FORMAT_2)  # one entry (a lone row stays)
    sealed = bool(entries) and sealer is not None
    rows: list[dict[str, Any]] = [
        {"seq": 0, "tbl": p.tbl, "k1": p.k1, "k2": p.k2, "row_digest": p.row_digest,
         "digest": None, **(_NO_SEAL if sealed else {})} for p in entries]
    # (sealed: every row names the seal's columns too, for one executemany)
    seq, head = lock_head(conn)  # ---- held from here to the commit
    first = seq + 1
    for p, row in zip(entries, rows, strict=True):
        seq += 1
        head = link(head, seq, p.tbl, p.k1, p.k2, p.row_digest)
        row["seq"] = seq
        if every_digest:
            row["digest"] = head
    if rows:  # format 3: the chain's digest only where a commit ends (see CHAIN_FORMAT)
        rows[-1]["digest"] = head
    seal = None
    if sealed:
        assert sealer is not None
        seal = sealer(first, seq, head)
        rows[-1].update(seal.columns())
    insert_many(conn, LEDGER, rows)  # (SQLite: the driver's executemany)
    return seq, head, seal
