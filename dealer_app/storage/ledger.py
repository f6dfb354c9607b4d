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
as the transaction's last step, so the lock is held for microseconds and never waits for
another. A :class:`~dealer_app.storage.notary.Notary` then signs a checkpoint in the same
transaction when one is due (:func:`request_checkpoint`, or its interval passed), and
appends it to its anchor file once committed.
"""

from __future__ import annotations

import binascii
import hashlib
import logging
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from itertools import compress, repeat
from operator import is_not, itemgetter, methodcaller
from typing import Any, cast

from sqlalchemy import (
    Boolean,
    Connection,
    DateTime,
    Table,
    event,
    func,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.orm import Session, sessionmaker

from dealer_app.storage.bulk import insert_many
from dealer_app.storage.chained import CHAINED
from dealer_app.storage.groups import group_runs, span
from dealer_app.storage.models import (
    Base,
    Checkpoint,
    LedgerEntry,
    LedgerFork,
    StationKey,
)

log = logging.getLogger(__name__)

GENESIS = hashlib.sha256(b"dealer-app-ledger/1").hexdigest()
DELETED = "deleted"
ADVISORY_LOCK = 0x0DEA1E6
_PENDING = "ledger.pending"
_CHECKPOINT = "ledger.checkpoint"
_SIGNED = "ledger.signed"
_CONFIG = "ledger.config"
_SEAL = "ledger.seal"

LEDGER = cast(Table, LedgerEntry.__table__)
CHECKPOINTS = cast(Table, Checkpoint.__table__)
STATION_KEYS = cast(Table, StationKey.__table__)
FORKS = cast(Table, LedgerFork.__table__)


def iso(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _plain(value: datetime) -> str:
    """One text per instant, whether the datetime is naive (UTC) or aware."""
    if value.tzinfo is not None and value.utcoffset():
        value = value.astimezone(UTC)
    return value.replace(tzinfo=None).isoformat()


ROW_FORMAT = 2
"""The format of the row digests that new entries get (:func:`row_digest`). An entry keeps
the format it was written in, told by its row digest (format 2 starts with ``2:``; format 1
is 64 hex digits), so a database written before verifies as it did: nothing is migrated."""
FORMAT_2 = "2:"

_SORTED: dict[str, tuple[str, ...]] = {}


def _sorted_columns(tbl: str) -> tuple[str, ...]:
    """The table's columns in a format 1 digest (sorted, operational ones left out)."""
    names = _SORTED.get(tbl)
    if names is None:
        names = _SORTED[tbl] = tuple(sorted(digest_columns(tbl)))
    return names


_COLUMNS: dict[str, tuple[str, ...]] = {}


def digest_columns(tbl: str) -> tuple[str, ...]:
    """The columns a row digest covers (every one but the operational ones), in the order
    of the model: the order of the values :func:`row_matcher` and format 2 take."""
    names = _COLUMNS.get(tbl)
    if names is None:
        skip = CHAINED[tbl]
        names = _COLUMNS[tbl] = tuple(c.name for c in Base.metadata.tables[tbl].columns
                                      if c.name not in skip)
    return names


def row_digest(tbl: str, values: Mapping[str, Any]) -> str:
    """The digest of a row's version in the current format (:data:`ROW_FORMAT`), from
    ``values`` (column name -> value as the app holds it; a missing column is NULL)."""
    if ROW_FORMAT == 1:
        return row_digest_1(tbl, values)
    return row_digest_2([values.get(name) for name in digest_columns(tbl)])


def row_digest_1(tbl: str, values: Mapping[str, Any]) -> str:
    """Format 1: SHA-256 (hex) over the ``repr`` of the list of the table name and every
    non-NULL, non-operational column's name and value (str, int, bool; a datetime as its UTC
    ISO text). A nullable column added later leaves old digests valid."""
    parts: list[Any] = [tbl]
    for name in _sorted_columns(tbl):
        value = values.get(name)
        if value is None:
            continue
        if isinstance(value, datetime):
            value = _plain(value)
        parts.append(name)
        parts.append(value)
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


def row_digest_2(values: Sequence[Any]) -> str:
    """Format 2: ``2:`` and the base64 SHA-256 of the ``repr`` of the tuple of the row's
    :func:`digest_columns` values, trailing NULLs left out (a nullable column added at the
    end of a model leaves old digests valid), each date-time as its naive UTC text with
    microseconds (``2025-01-01 20:15:03.000000``) and each bool as 0 or 1: the form in which
    the SQLite driver returns a stored row, so verifying it needs no conversion (format 1
    built a list of names and values per row: about twice the cost)."""
    return _encode_2(tuple(map(_canonical, values)))


def _encode_2(values: tuple[Any, ...]) -> str:
    n = len(values)
    while n and values[n - 1] is None:
        n -= 1
    digest = hashlib.sha256(repr(values[:n]).encode("utf-8")).digest()
    return FORMAT_2 + binascii.b2a_base64(digest, newline=False).decode("ascii")


def _canonical(value: Any) -> Any:
    """A value as format 2 writes it (see :func:`row_digest_2`)."""
    if value.__class__ is bool:
        return int(value)
    if isinstance(value, datetime):
        return _time_text(value)
    return value


def _time_text(value: Any) -> Any:
    """A date-time (a datetime, naive UTC or aware, or the text SQLite stores) as format 2
    writes it; a text that is no date-time stays as it is (and matches nothing)."""
    if value.__class__ is str:
        if len(value) == 26 and value[10] == " " and value[19] == ".":
            return value
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return value
    if not isinstance(value, datetime):
        return value
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value.isoformat(" ", "microseconds")


def raw_digests_2(rows: Iterable[tuple[Any, ...]]) -> list[str]:
    """The format 2 digests of rows taken as they are (each the tuple of its
    :func:`digest_columns` values, none converted, no trailing NULL): right for rows as the
    SQLite driver returns them; any other row just does not match (then
    :func:`row_matcher` decides). One pass in C over a batch, no Python code per row."""
    return list(map(FORMAT_2.__add__, map(bytes.decode, raw_hashes_2(rows))))


def raw_hashes_2(rows: Iterable[tuple[Any, ...]]) -> list[bytes]:
    """:func:`raw_digests_2` without the ``2:``, as ASCII bytes (no text made per row)."""
    return list(map(_BASE64, map(_DIGEST, map(hashlib.sha256, map(str.encode,
                                                                   map(repr, rows))))))


_DIGEST = methodcaller("digest")
_BASE64 = partial(binascii.b2a_base64, newline=False)
_MATCHERS: dict[tuple[str, bool], Callable[[Sequence[Any], str], bool]] = {}


def row_matcher(tbl: str, raw_first: bool = True) -> Callable[[Sequence[Any], str], bool]:
    """``matches(values, stored)``: whether a row of ``tbl``, given as its
    :func:`digest_columns` values as a driver reads them (a date-time as a datetime or as
    SQLite's text, a bool as a bool or 0/1), is the version whose row digest is ``stored``,
    in the format ``stored`` was written in. ``raw_first`` (SQLite): the values are hashed
    as given first, converted only when that does not match (see :func:`row_digest_2`)."""
    found = _MATCHERS.get((tbl, raw_first))
    if found is not None:
        return found
    format_1 = digester(tbl)
    sha256, b2a = hashlib.sha256, binascii.b2a_base64
    canonical = canonical_of(tbl)

    def matches(values: Sequence[Any], stored: str) -> bool:
        if not stored.startswith(FORMAT_2):
            return bool(format_1(values) == stored)
        if raw_first:
            row = tuple(values)
            if row and row[-1] is None:
                return _encode_2(row) == stored or _encode_2(canonical(row)) == stored
            text = repr(row).encode("utf-8")
            if FORMAT_2 + b2a(sha256(text).digest(), newline=False).decode("ascii") == stored:
                return True
        return _encode_2(canonical(values)) == stored

    _MATCHERS[(tbl, raw_first)] = matches
    return matches


_CANONICAL: dict[str, Callable[[Sequence[Any]], tuple[Any, ...]]] = {}


def canonical_of(tbl: str) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """``canonical(values)``: a row of ``tbl`` given as its :func:`digest_columns` values as
    a driver reads them, as format 2 hashes them (date-times as text, bools as 0/1)."""
    found = _CANONICAL.get(tbl)
    if found is not None:
        return found
    times, flags = _times(tbl), _bools(tbl)

    def canonical(values: Sequence[Any]) -> tuple[Any, ...]:
        vals = list(values)
        for i in times:
            if vals[i] is not None:
                vals[i] = _time_text(vals[i])
        for i in flags:
            if vals[i].__class__ is bool:
                vals[i] = int(vals[i])
        return tuple(vals)

    _CANONICAL[tbl] = canonical
    return canonical


def row_hash(tbl: str, values: Sequence[Any]) -> bytes:
    """The base64 format 2 digest (no ``2:``, ASCII bytes) of a row of ``tbl`` given as its
    :func:`digest_columns` values as a driver reads them (each value converted)."""
    return _encode_2(canonical_of(tbl)(values))[len(FORMAT_2):].encode("ascii")


_DIGESTERS: dict[str, Callable[[Sequence[Any]], str]] = {}


def digester(tbl: str) -> Callable[[Sequence[Any]], str]:
    """:func:`row_digest_1` of a row given as its :func:`digest_columns` values, in order
    (no mapping built). A date-time may come as the text SQLite stores
    (``2025-01-01 20:15:03.123456``) and a bool as 0/1, as read from the driver without
    SQLAlchemy."""
    found = _DIGESTERS.get(tbl)
    if found is not None:
        return found
    order = digest_columns(tbl)
    columns = _sorted_columns(tbl)
    pick = itemgetter(*(order.index(name) for name in columns))
    times = tuple(columns.index(order[i]) for i in _times(tbl))
    flags = tuple(columns.index(order[i]) for i in _bools(tbl))
    templates: dict[tuple[bool, ...], str] = {}
    """``repr([tbl, name, value, ...])`` as a %-template, by the columns not NULL (the
    text :func:`row_digest_1` hashes, without building the list per row)."""
    sha256, fromisoformat = hashlib.sha256, datetime.fromisoformat

    def digest(values: Sequence[Any]) -> str:
        vals = list(pick(values)) if len(columns) > 1 else [values[0]]
        for i in times:
            value = vals[i]
            if value is None:
                continue
            if value.__class__ is str:
                if len(value) == 26 and value[10] == " " and value[19] == ".":  # SQLite's
                    vals[i] = (f"{value[:10]}T{value[11:19]}" if value.endswith(".000000")
                               else f"{value[:10]}T{value[11:]}")
                    continue
                try:
                    value = fromisoformat(value)
                except ValueError:
                    continue  # no date-time: as it is (matches nothing)
            elif not isinstance(value, datetime):
                continue  # a number written over a time: as it is (matches nothing)
            vals[i] = value.isoformat() if value.tzinfo is None else _plain(value)
        for i in flags:  # SQLite's 0/1, as SQLAlchemy reads it
            if vals[i].__class__ is int:
                vals[i] = bool(vals[i])
        present = tuple(map(is_not, vals, repeat(None)))
        template = templates.get(present)
        if template is None:
            names = [f"{name!r}, %r" for name, kept in zip(columns, present, strict=True)
                     if kept]
            template = templates[present] = f"[{', '.join([repr(tbl), *names])}]"
        return sha256((template % tuple(compress(vals, present))).encode()).hexdigest()

    _DIGESTERS[tbl] = digest
    return digest


_TIMES: dict[str, tuple[int, ...]] = {}
_BOOLS: dict[str, tuple[int, ...]] = {}


def _is_time(kind: Any) -> bool:
    return isinstance(kind, DateTime) or isinstance(getattr(kind, "impl", None), DateTime)


def _times(tbl: str) -> tuple[int, ...]:
    """Positions of the date-time columns among :func:`digest_columns`."""
    found = _TIMES.get(tbl)
    if found is None:
        table = Base.metadata.tables[tbl]
        found = tuple(i for i, n in enumerate(digest_columns(tbl))
                      if _is_time(table.c[n].type))
        _TIMES[tbl] = found
    return found


def _bools(tbl: str) -> tuple[int, ...]:
    """Positions of the bool columns among :func:`digest_columns`."""
    found = _BOOLS.get(tbl)
    if found is None:
        table = Base.metadata.tables[tbl]
        found = tuple(i for i, n in enumerate(digest_columns(tbl))
                      if isinstance(table.c[n].type, Boolean))
        _BOOLS[tbl] = found
    return found


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
    last = _last_anchor_line(path)
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


def _last_anchor_line(path: Any) -> tuple[int, str, str | None] | None:
    """(seq, digest, where) of an anchor file's last line (None: no file, no line)."""
    import json

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


def note_row(s: Session, tbl: str, values: Mapping[str, Any]) -> None:
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


def request_checkpoint(s: Session, reason: str) -> None:
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


_ADVISORY = text(f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK})")
_HEAD = select(LEDGER.c.seq, LEDGER.c.digest).order_by(LEDGER.c.seq.desc()).limit(1)
_INSERT = insert(LEDGER)
"""Built once: every commit that changes a chained row runs them."""


def lock_head(conn: Connection) -> tuple[int, str]:
    """Serialises ledger writers and returns the newest entry's (seq, digest)."""
    if conn.dialect.name == "postgresql":
        conn.execute(_ADVISORY)
    head = conn.execute(_HEAD).one_or_none()
    if head is None:
        return 0, GENESIS
    if head.digest is None:  # (a commit's last entry removed: chain on from what is there)
        return int(head.seq), str(digest_at(conn, int(head.seq)))
    return int(head.seq), str(head.digest)


_NO_SEAL = {"seal_from": None, "seal_key": None, "seal_run": None, "seal_at": None,
            "seal_prev": None, "seal_sig": None}

Sealer = Callable[[int, int, str], Any]
"""``sealer(first, last, digest) -> Seal``: signs the entries a commit appends."""


def append(conn: Connection, entries: Sequence[Pending], sealer: Sealer | None = None,
           every_digest: bool = False) -> tuple[int, str, Any]:
    """Appends entries after the head (locking it), the last one carrying the seal that
    ``sealer`` makes over them and the chain's digest (``every_digest``: every entry
    carries its digest, as before ledger format 3); returns the new head and the seal
    (None: unsealed)."""
    seq, head = lock_head(conn)
    if not every_digest:  # format 4: a run of rows written once, one entry
        entries = group_runs(entries, Pending, FORMAT_2)
    rows = []
    first = seq + 1
    for p in entries:
        seq += 1
        head = link(head, seq, p.tbl, p.k1, p.k2, p.row_digest)
        rows.append({"seq": seq, "tbl": p.tbl, "k1": p.k1, "k2": p.k2,
                     "row_digest": p.row_digest, "digest": head if every_digest else None})
    if rows:  # format 3: the chain's digest only where a commit ends (see CHAIN_FORMAT)
        rows[-1]["digest"] = head
    seal = None
    if rows and sealer is not None:
        seal = sealer(first, seq, head)
        for row in rows:  # one executemany: every row names the same columns
            row.update(_NO_SEAL)
        rows[-1].update(seal.columns())
    insert_many(conn, LEDGER, rows)  # (SQLite: the driver's executemany)
    return seq, head, seal


MIGRATION_SEALER: ContextVar[Sealer | None] = ContextVar("migration_sealer", default=None)
"""While this process migrates a database (``Database.open``): seals the entries the
migrations chain (each a commit of its own: a run of one seal)."""


def _before_commit(s: Session) -> None:
    s.flush()
    pending: list[Pending] = s.info.pop(_PENDING, [])
    reason: str | None = s.info.pop(_CHECKPOINT, None)
    config: LedgerConfig | None = s.info.get(_CONFIG)
    notary = config.notary if config else None
    if not pending and reason is None:
        return
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
    if notary is None or seq == 0:
        return
    if reason is None and not notary.due(now):
        return
    from dealer_app.storage.seals import vouch

    unvouched = vouch(conn, notary, seq, seal)
    if unvouched:
        notary.problem("unvouched", entries=unvouched)
    signed = notary.sign(seq, head, now, reason or "interval", unvouched)
    conn.execute(insert(CHECKPOINTS), signed.row())
    s.info[_SIGNED] = (signed, config.ledger_id if config and config.ledger_id
                       else ledger_id(conn))


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


def _after_commit(s: Session) -> None:
    done = s.info.pop(_SIGNED, None)
    config: LedgerConfig | None = s.info.get(_CONFIG)
    seal = s.info.pop(_SEAL, None)
    if seal is not None and config is not None and config.notary is not None:
        config.notary.end_seal(seal, committed=True)
    if done is not None and config is not None and config.notary is not None:
        signed, ident = done
        config.ledger_id = ident
        config.notary.signed(signed, ident, config.location)


def _after_rollback(s: Session) -> None:
    seal = s.info.pop(_SEAL, None)
    config: LedgerConfig | None = s.info.get(_CONFIG)
    if seal is not None and config is not None and config.notary is not None:
        config.notary.end_seal(seal, committed=False)
    for name in (_PENDING, _CHECKPOINT, _SIGNED):
        s.info.pop(name, None)


def attach(sessions: sessionmaker[Session], config: LedgerConfig) -> None:
    """Makes every write session of ``sessions`` keep the ledger."""
    sessions.kw.setdefault("info", {})[_CONFIG] = config
    event.listen(sessions, "after_flush", _after_flush)
    event.listen(sessions, "before_commit", _before_commit)
    event.listen(sessions, "after_commit", _after_commit)
    event.listen(sessions, "after_soft_rollback", lambda s, _t: _after_rollback(s))
    event.listen(sessions, "after_rollback", _after_rollback)


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
