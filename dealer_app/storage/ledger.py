"""The evidence ledger: one append-only chain over every version of every chained row.

Every insert, update or delete of a row of a table marked ``@chained`` (``chained.py``)
appends one entry: ``(seq, tbl, k1, k2, row_digest, digest)`` where ``row_digest`` is the
SHA-256 of the row's non-operational columns (in the entry's format, :data:`ROW_FORMAT`;
``deleted`` for a removed row) and
``digest = SHA-256(previous digest | seq | tbl | k1 | k2 | row_digest)``. The chain is one
per database: one total order, one head to sign, so a row inserted, deleted, edited or
moved anywhere breaks a link or stops matching the newest entry of its key.

Writing: ORM changes are collected after each flush; Core statements call
:func:`note_row`. The entries are written in ``before_commit``, after the head is locked
(PostgreSQL: a transaction advisory lock; SQLite: ``BEGIN IMMEDIATE`` already serialises),
as the transaction's last step, and the lock never waits for another. Every commit of a
floor takes it in turn and holds it to the end of its COMMIT (the WAL flush included), so
what is done under it bounds the floor's commits a second: one round trip for the lock and
the head, the entries linked and sealed in this process, one INSERT, the COMMIT
(``ledger_chain.append``); what needs no head is done before it. A
:class:`~dealer_app.storage.notary.Notary` then signs a checkpoint when one is due
(:func:`request_checkpoint`, or its interval passed) over the commit's last entry, and
appends it to its anchor file once committed. On SQLite in the same transaction (its whole
write transaction holds the one writer's lock; a second would cost a second flush); on
PostgreSQL in a second one, right after the commit, that takes no lock
(``ledger_checkpoint.sign_after_commit``: the vouch reads only committed entries), before
the caller is told the commit is done. One that cannot be stored, or a process that ends
between the two, leaves a checkpoint owed: the next commit signs it (``Notary.owed``; a
process's first commit always signs one).
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy import Connection, event, func, insert, inspect, select
from sqlalchemy.orm import Session, sessionmaker

from dealer_app.storage import ledger_checkpoint
from dealer_app.storage.groups import span
from dealer_app.storage.ledger_chain import (
    ADVISORY_LOCK,
    CHAIN_FORMAT,
    CHECKPOINTS,
    DELETED,
    FORKS,
    GENESIS,
    LEDGER,
    LEDGER_ID_LENGTH,
    STATION_KEYS,
    Pending,
    Sealer,
    append,
    digest_at,
    key_of,
    ledger_id,
    link,
    lock_head,
    primary_key,
)
from dealer_app.storage.models import Base
from dealer_app.storage.models.chained import CHAINED
from dealer_app.storage.row_digests import (
    FORMAT_2,
    _bools,
    _encode_2,
    _times,
    canonical_of,
    digest_columns,
    digester,
    iso,
    raw_digests_2,
    raw_hashes_2,
    row_digest_1,
    row_digest_2,
    row_hash,
    row_matcher,
)

__all__ = ["ADVISORY_LOCK", "CHAIN_FORMAT", "CHECKPOINTS", "DELETED", "FORKS", "FORMAT_2",
           "GENESIS", "LEDGER", "LEDGER_ID_LENGTH", "Pending", "STATION_KEYS", "Sealer",
           "_bools", "_encode_2", "_times", "append", "canonical_of", "digest_at",
           "digest_columns", "digester", "iso", "key_of", "ledger_id", "link", "lock_head",
           "primary_key", "raw_digests_2", "raw_hashes_2", "row_digest_1", "row_digest_2",
           "row_hash", "row_matcher"]
"""Also ledger's own names: what the modules it was split into (``row_digests.py``,
``ledger_chain.py``) hold stays importable from here."""

log = logging.getLogger(__name__)

_PENDING = "ledger.pending"
_CHECKPOINT = "ledger.checkpoint"
_SIGNED = "ledger.signed"
_CONFIG = "ledger.config"
_SEAL = "ledger.seal"
_OWED = "ledger.owed"

ROW_FORMAT = 2
"""The format of the row digests that new entries get (:func:`row_digest`). An entry keeps
the format it was written in, told by its row digest (format 2 starts with ``2:``; format 1
is 64 hex digits), so a database written before verifies as it did: nothing is migrated."""


def row_digest(tbl: str, values: Mapping[str, Any]) -> str:
    """The digest of a row's version in the current format (:data:`ROW_FORMAT`), from
    ``values`` (column name -> value as the app holds it; a missing column is NULL)."""
    if ROW_FORMAT == 1:
        return row_digest_1(tbl, values)
    return row_digest_2([values.get(name) for name in digest_columns(tbl)])


@dataclass
class LedgerConfig:
    """What a database's write sessions need: the notary (None: no checkpoints signed) and
    the clock."""

    notary: Any = None
    clock: Any = None
    anchored: list[Any] = field(default_factory=list)
    ledger_id: str | None = None
    """The database's ledger id (:func:`ledger_id`), known once its first entry exists."""
    location: str | None = None
    """Where the database lives (``Database.location``), written with each anchor line; a
    database found elsewhere than its anchor file says is a copy (:func:`_copy_fork`)."""
    copy_checked: bool = False
    founded: bool = False
    """Whether the ledger is known to have entries (its founder is recorded)."""


def _copy_fork(conn: Connection, notary: Any, config: LedgerConfig,
               now: datetime) -> Pending | None:
    """At this process's first write: whether the database is a copy of the ledger whose
    anchor file this workstation keeps (it lives elsewhere than the anchor file's newest
    line says, or it is behind that line: a backup, a copied or restored file). A copy
    forks a ledger id of its own (a ``ledger_fork`` row) so its anchors never mix with the
    original's."""
    ident = ledger_id(conn)
    path = notary.anchor_file(ident) if ident is not None else None
    if path is None or config.location is None:
        return None
    last = last_anchor_line(path)
    if last is None:
        return None
    seq, digest, where = last
    head, _digest = lock_head(conn)
    at_seq = digest_at(conn, seq)
    if where == config.location and seq <= head and at_seq == digest:
        return None
    if where not in (None, config.location):
        why = f"copy of ledger {ident} (which lives at {where})"
    else:
        why = f"copy of ledger {ident} restored from before its checkpoint at entry {seq}"
    shared = conn.execute(select(func.max(CHECKPOINTS.c.seq)).where(
        CHECKPOINTS.c.seq <= head)).scalar()
    values = {"ledger_id": secrets.token_hex(LEDGER_ID_LENGTH // 2), "parent": ident,
              "parent_seq": head, "parent_checkpoint": int(shared or 0),
              "location": config.location[:200], "reason": why, "at": now}
    key = conn.execute(insert(FORKS).values(**values).returning(FORKS.c.id)).scalar_one()
    log.warning("this database is a %s: it forks ledger id %s", why, values["ledger_id"])
    config.ledger_id = str(values["ledger_id"])
    return Pending("ledger_fork", int(key), 0, row_digest("ledger_fork", {"id": key, **values}))


def last_anchor_line(path: Any) -> tuple[int, str, str | None] | None:
    """(seq, digest, where) of an anchor file's last line (None: no file, no line)."""

    try:
        with open(path, "rb") as fh:
            fh.seek(0, 2)
            size = fh.tell()
            fh.seek(max(0, size - 8192))
            tail = fh.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    for line in reversed(tail):
        try:
            data = json.loads(line)
            return int(data["seq"]), str(data["digest"]), data.get("where")
        except (ValueError, KeyError, TypeError):
            continue
    return None


class WriteSession(Protocol):
    """What the ledger needs of a write transaction: an ORM :class:`Session` of a
    database's write sessions, or :class:`CoreWrite` (one SQLite connection, no ORM)."""

    @property
    def info(self) -> dict[Any, Any]: ...

    def connection(self) -> Connection: ...


class CoreWrite:
    """A write transaction on one :class:`Connection` without an ORM session (the cached
    path of a dealer's input on SQLite, ``Database.core_transaction``): rows written with
    Core statements and noted by :func:`note_row`; :func:`seal_commit` before the commit,
    :func:`after_commit` or :func:`after_rollback` after it, as the session hooks do."""

    def __init__(self, conn: Connection, config: LedgerConfig) -> None:
        self._conn = conn
        self._info: dict[Any, Any] = {_CONFIG: config}  # (as attach gives each session)

    @property
    def info(self) -> dict[Any, Any]:
        return self._info

    def connection(self) -> Connection:
        return self._conn


def note_row(s: WriteSession, tbl: str, values: Mapping[str, Any]) -> None:
    """For rows written with Core statements: appends the row's version to the ledger at
    commit. ``values`` holds every column, the primary key included."""
    k1, k2 = key_of(tbl, values)
    s.info.setdefault(_PENDING, []).append(Pending(tbl, k1, k2, row_digest(tbl, values)))


def seal_bulk_load(s: Session, reason: str = "bulk load") -> int:
    """After rows were inserted with plain statements (test data, benchmarks): chains every
    row the ledger lacks (sealed with this commit) and asks for a checkpoint. Returns the
    entries appended."""
    tables = [t.name for t in Base.metadata.sorted_tables if t.name in CHAINED]
    entries = unchained_entries(s.connection(), tables, unchained_only=True)
    s.info.setdefault(_PENDING, []).extend(entries)
    request_checkpoint(s, reason)
    return len(entries)


def request_checkpoint(s: WriteSession, reason: str) -> None:
    """Asks for a signed checkpoint when this transaction commits (a completed hand, a
    session closed...)."""
    s.info[_CHECKPOINT] = reason[:80]


def _values(obj: Any) -> dict[str, Any]:
    state = inspect(obj)
    return {prop.columns[0].name: getattr(obj, prop.key) for prop in state.mapper.column_attrs}


def _changed(obj: Any, tbl: str) -> bool:
    state = inspect(obj)
    skip = CHAINED[tbl]
    return any(state.attrs[prop.key].history.has_changes()
               for prop in state.mapper.column_attrs if prop.columns[0].name not in skip)


def _after_flush(s: Session, _context: Any) -> None:
    pending: list[Pending] = s.info.setdefault(_PENDING, [])
    found: list[Pending] = []
    for obj in s.new:
        tbl = getattr(obj, "__tablename__", None)
        if tbl in CHAINED:
            values = _values(obj)
            found.append(Pending(tbl, *key_of(tbl, values), row_digest(tbl, values)))
    for obj in s.dirty:
        tbl = getattr(obj, "__tablename__", None)
        if tbl in CHAINED and _changed(obj, tbl):
            values = _values(obj)
            found.append(Pending(tbl, *key_of(tbl, values), row_digest(tbl, values)))
    for obj in s.deleted:
        tbl = getattr(obj, "__tablename__", None)
        if tbl in CHAINED:
            found.append(Pending(tbl, *key_of(tbl, _values(obj)), DELETED))
    order = {name: i for i, name in enumerate(Base.metadata.tables)}
    found.sort(key=lambda p: (order.get(p.tbl, 999), p.k1, p.k2))
    pending.extend(found)


MIGRATION_SEALER: ContextVar[Sealer | None] = ContextVar("migration_sealer", default=None)
"""While this process migrates a database (``Database.open``): seals the entries the
migrations chain (each a commit of its own: a run of one seal)."""


def _before_commit(s: Session) -> None:
    s.flush()
    seal_commit(s)


def seal_commit(s: WriteSession) -> None:
    """A transaction's last step before its commit: appends the entries noted to the
    ledger (the head locked), sealed, and the checkpoint when one is due."""
    pending: list[Pending] = s.info.pop(_PENDING, [])
    reason: str | None = s.info.pop(_CHECKPOINT, None)
    config: LedgerConfig | None = s.info.get(_CONFIG)
    notary = config.notary if config else None
    if not pending and reason is None and (notary is None or notary.owed is None):
        return  # (a checkpoint owed: even a transaction that wrote nothing signs it)
    conn = s.connection()
    now = config.clock() if config and config.clock else datetime.now(UTC)
    sealer: Sealer | None = None
    if notary is not None and config is not None:
        if pending and not config.founded and _empty(conn):
            pending = [_founder(conn, notary, now), *pending]
            config.founded = config.copy_checked = True  # (a new ledger is no copy)
        elif not config.copy_checked:
            config.copy_checked = True
            config.founded = config.founded or not _empty(conn)
            fork = _copy_fork(conn, notary, config, now)
            if fork is not None:
                pending = [fork, *pending]
                reason = reason or "a copy's first write"

        def sealer(first: int, last: int, digest: str) -> Any:
            seal = notary.begin_seal(first, last, digest, now)
            s.info[_SEAL] = seal
            return seal

    seq, head, seal = append(conn, pending, sealer)
    if notary is None or config is None or seq == 0:
        return
    reason = reason or notary.owed or ("interval" if notary.due(now) else None)
    if reason is None:
        return
    if conn.dialect.name == "postgresql":  # signed once committed, the lock released
        s.info[_OWED] = (conn, seq, head, seal, reason, now)
        return
    s.info[_SIGNED] = ledger_checkpoint.sign(conn, notary, config.ledger_id, seq, head, seal,
                                             reason, now)


def _empty(conn: Connection) -> bool:
    return conn.execute(select(LEDGER.c.seq).limit(1)).first() is None


def _founder(conn: Connection, notary: Any, now: datetime) -> Pending:
    """The ledger's first commit also records the key that founded it (``station_key``)."""
    values = {"key_id": notary.key_id, "public_key": notary.public_key,
              "label": f"founder {iso(now)}", "admitted_at": now, "admitted_by": None,
              "reason": f"founded the ledger {secrets.token_hex(8)}"}
    # (the random part makes every ledger's first entry, and so its ledger id, its own)
    key = conn.execute(insert(STATION_KEYS).values(**values)
                       .returning(STATION_KEYS.c.id)).scalar_one()
    return Pending("station_key", int(key), 0, row_digest("station_key", {"id": key, **values}))


def after_commit(s: WriteSession) -> None:
    """After a write transaction's commit: the run's seal kept, the checkpoint signed if it
    is owed (PostgreSQL, ``ledger_checkpoint.sign_after_commit``), then its anchor line."""
    done = s.info.pop(_SIGNED, None)
    config: LedgerConfig | None = s.info.get(_CONFIG)
    seal = s.info.pop(_SEAL, None)
    owed = s.info.pop(_OWED, None)
    if config is None or config.notary is None:
        return
    if seal is not None:
        config.notary.end_seal(seal, committed=True)
    if owed is not None:
        conn, seq, head, sealed, reason, now = owed
        done = ledger_checkpoint.sign_after_commit(conn, config.notary, config.ledger_id, seq,
                                                   head, sealed, reason, now)
    if done is not None:
        signed, ident = done
        config.ledger_id = ident
        config.notary.signed(signed, ident, config.location)


def after_rollback(s: WriteSession) -> None:
    """After a rollback: the seal made for it given back, nothing anchored. A checkpoint
    that was to follow the commit is owed (a commit whose reply was lost may have been
    made: the next commit signs one, which then seals it)."""
    seal = s.info.pop(_SEAL, None)
    config: LedgerConfig | None = s.info.get(_CONFIG)
    owed = s.info.pop(_OWED, None)
    if config is not None and config.notary is not None:
        if seal is not None:
            config.notary.end_seal(seal, committed=False)
        if owed is not None:
            config.notary.owed = owed[4]
    for name in (_PENDING, _CHECKPOINT, _SIGNED):
        s.info.pop(name, None)


def attach(sessions: sessionmaker[Session], config: LedgerConfig) -> None:
    """Makes every write session of ``sessions`` keep the ledger."""
    sessions.kw.setdefault("info", {})[_CONFIG] = config
    event.listen(sessions, "after_flush", _after_flush)
    event.listen(sessions, "before_commit", _before_commit)
    event.listen(sessions, "after_commit", after_commit)
    event.listen(sessions, "after_soft_rollback", lambda s, _t: after_rollback(s))
    event.listen(sessions, "after_rollback", after_rollback)


def chain_rows(conn: Connection, tables: Iterable[str], unchained_only: bool = False) -> int:
    """Appends the current version of every row of ``tables`` (primary-key order): the
    genesis of rows stored before the ledger existed, or after a migration changed them
    (``unchained_only``: only rows the ledger has no entry for, as after a bulk load),
    sealed by :data:`MIGRATION_SEALER` when this process migrates. Returns the number of
    entries appended."""
    entries = unchained_entries(conn, tables, unchained_only)
    sealer = MIGRATION_SEALER.get()
    columns = {c["name"]: c for c in inspect(conn).get_columns("ledger")}
    if sealer is not None and "seal_sig" not in columns:
        sealer = None  # a migration before 0012: no seals yet (the first format 2
        # checkpoint vouches for what it chains)
    append(conn, entries, sealer, every_digest=not columns["digest"]["nullable"])
    # (a migration before 0022: every entry has its digest)
    return len(entries)


def unchained_entries(conn: Connection, tables: Iterable[str],
                      unchained_only: bool = False) -> list[Pending]:
    """The entries :func:`chain_rows` appends."""
    metadata_tables = Base.metadata.tables
    entries: list[Pending] = []
    for tbl in tables:
        known: set[tuple[int, int]] = set()
        if unchained_only:
            single = len(primary_key(tbl)) == 1
            for k1, k2 in conn.execute(select(LEDGER.c.k1, LEDGER.c.k2)
                                       .where(LEDGER.c.tbl == tbl)):
                if single and k2:  # format 4: a run of rows (groups.py)
                    known.update((k, 0) for k in span(int(k1), int(k2)))
                else:
                    known.add((int(k1), int(k2)))
        table = metadata_tables[tbl]
        names = [c.name for c in table.columns]
        present = {c["name"] for c in inspect(conn).get_columns(tbl)}
        cols = [table.c[n] for n in names if n in present]
        pk = [table.c[n] for n in primary_key(tbl)]
        for row in conn.execute(select(*cols).order_by(*pk)):
            values = dict(row._mapping)
            key = key_of(tbl, values)
            if key not in known:
                entries.append(Pending(tbl, *key, row_digest(tbl, values)))
    return entries
