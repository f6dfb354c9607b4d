"""``log verify``'s work beside the walk of the ledger, in worker processes or in this one:
the hands replayed by the engine in chunks, their events checked against the ledger as the
replay reads them (:class:`_EventCheck`), a table's range of keys checked; how a worker
starts (forked where that is safe) and the cycle collector's pace meanwhile.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from itertools import compress, repeat
from multiprocessing import get_context
from multiprocessing.context import BaseContext
from operator import is_, itemgetter, methodcaller, not_
from typing import Any

import sqlalchemy as sa
from sqlalchemy import LargeBinary, bindparam, case, func, select

from dealer_app.services.hand_check import check_hand_range
from dealer_app.services.raw_rows import Prepared
from dealer_app.services.verify_rows import (
    EVENTS,
    HIGHEST,
    LOWEST,
    _full,
    _hand,
    _plain_time,
    _run_overlaps,
    _runs_of,
    _second_version,
    _trimmed,
    _within,
    row_label,
    run_findings,
    table_findings,
)
from dealer_app.storage import ledger
from dealer_app.storage.database import Database
from dealer_app.storage.groups import GROUP_MAX
from dealer_app.storage.models import Base, GameTable


def start_context() -> BaseContext:
    """How the worker starts: forked where that is safe (Linux, no other thread in this
    process, Python's or native, and no Qt application), so it works at once instead of
    importing the app again (about 0.5 s of CPU a worker); spawned otherwise (the GUI's
    threads make a fork unsafe). Qt's translator alone (the command line's ``tr``) starts
    no thread and does not stop a fork."""
    if (sys.platform.startswith("linux") and threading.active_count() == 1
            and _native_threads() == 1 and not _qt_application()):
        return get_context("fork")
    return get_context("spawn")


def _native_threads() -> int:
    """The threads of this process as the kernel counts them (0: unknown)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 0


def _qt_application() -> bool:
    """Whether a Qt application object exists (or Qt's GUI modules are loaded)."""
    if any(name.startswith(("PySide6.QtGui", "PySide6.QtWidgets")) for name in sys.modules):
        return True
    core = sys.modules.get("PySide6.QtCore")
    return core is not None and core.QCoreApplication.instance() is not None


@contextmanager
def relaxed_gc() -> Iterator[None]:
    """Fewer runs of the cycle collector while verifying: the rows read and the hands
    replayed are millions of short-lived objects without cycles, and the collector's
    default pace (every 700 allocations) cost about a fifth of the CPU. At one run per
    :data:`GC_THRESHOLD` allocations, a batch's rows are mostly freed before one sees them
    (20,000 still cost about a tenth). Restored after."""
    global _relaxed
    with _gc_lock:
        if _relaxed == 0:
            _gc_saved[:] = gc.get_threshold()
            gc.set_threshold(GC_THRESHOLD, *_gc_saved[1:])
        _relaxed += 1
    try:
        yield
    finally:
        with _gc_lock:
            _relaxed -= 1
            if _relaxed == 0:
                gc.set_threshold(*_gc_saved)


GC_THRESHOLD = 100_000


_gc_lock = threading.Lock()


_gc_saved: list[int] = []


_relaxed = 0


def check_table(url: str, tbl: str, lo: int | None = None,
                hi: int | None = None) -> list[tuple[str, str, int, int]]:
    """In a worker process: :func:`table_findings`."""
    with relaxed_gc():
        return table_findings(_worker_db(url), tbl, lo, hi)


@cache
def _event_columns() -> tuple[Any, ...]:
    """The events' digest columns as read (the same objects each run: the replay's
    statement, keyed by them, is built once)."""
    return tuple(_plain_time(Base.metadata.tables[EVENTS].c[n])
                 for n in ledger.digest_columns(EVENTS))


class _EventCheck:
    """The hand events with ids in (``elo``, ``ehi``] against the ledger, fed the rows the
    replay reads; :meth:`finish` reads the others of the range (events of hands outside
    the replayed range) and names the ledger's keys left without a row."""

    def __init__(self, db: Database, elo: int, ehi: int,
                 given: Given | None = None) -> None:
        """``given``: the entries of events in the range (single ones, ``k2 = 0``) that the
        caller read already (the incremental verify's walk): (after, upto, [(k1, row
        digest), ...] in seq order) of those with a seq in (after, upto]; only the others
        are read here."""
        names = ledger.digest_columns(EVENTS)
        self.columns = list(_event_columns())
        """What :meth:`rows` is given: the digest's columns (the replay's among them)."""
        self.names = list(names)
        self.width = len(names)
        self.key_of = itemgetter(names.index("id"))
        self.elo, self.ehi = elo, ehi
        self.raw = db.is_sqlite
        self.matches = ledger.row_matcher(EVENTS, raw_first=self.raw)
        self.out: list[tuple[str, str, int, int]] = []
        L = ledger.LEDGER.c
        with db.read() as s:  # in key order (the index's: no sort), the newest one stays
            self.runs = _runs_of(s, EVENTS, elo + 1, ehi)  # format 4 (groups.py)
            after, upto = given[:2] if given is not None else (0, 0)
            query = _entries_query(self.raw, given is not None, elo == LOWEST, ehi == HIGHEST)
            read: Any = query.rows(s, elo=elo, ehi=ehi, after=after, upto=upto)
            found = read
            if given is not None:  # in seq order: the newest of each key is the last
                found = [*((k, d) for k, d, q in read if q <= given[0]),
                         *(_as_read(given[2]) if self.raw else given[2]),
                         *((k, d) for k, d, q in read if q > given[1])]
            self.newest: dict[int, str | bytes] = dict(found)
            if len(self.newest) != len(found):  # an event written once, in the ledger twice
                twice = sorted(k for k, n in Counter(k for k, _d in found).items() if n > 1)
                for key in twice:
                    versions = s.execute(select(L.k1, L.k2, L.seq, L.row_digest).where(
                        L.tbl == EVENTS, L.k1 == key).order_by(L.seq)).all()
                    for a, b in zip(versions, versions[1:], strict=False):
                        self.out.append(_second_version(EVENTS, tuple(a), tuple(b)))
            if self.runs:
                tail = max(b for _a, b, _s, _d in self.runs.owned) if self.runs.owned else ehi
                singles = set(self.newest)
                if tail > ehi:  # (single entries of the next range that a run here covers)
                    singles.update(s.scalars(select(L.k1).where(
                        L.tbl == EVENTS, L.k2 == 0, L.k1 > ehi, L.k1 <= tail)))
                self.out.extend(_run_overlaps(s, EVENTS, self.runs, singles))
        self.db = db

    def rows(self, rows: Sequence[tuple[Any, ...]]) -> None:
        """Checks ``rows`` (tuples of :attr:`columns`' values, as the driver reads them)."""
        elo, ehi, newest = self.elo, self.ehi, self.newest
        keys = list(map(self.key_of, rows))
        if not keys:
            return
        if elo < min(keys) and max(keys) <= ehi:
            stored = list(map(newest.pop, keys, repeat(None)))
            if not self.raw:
                self._each(rows, keys, stored)
                return
            hashed = ledger.raw_hashes_2(_trimmed(rows, self.width))
            if stored == hashed:
                return  # every row is the version its newest entry recorded
            if self.runs:  # rows no single entry holds: for the runs (format 4)
                absent = list(map(is_, stored, repeat(None)))
                self.runs.got.update(zip(compress(keys, absent), compress(hashed, absent),
                                         strict=True))
                present = list(map(not_, absent))
                if list(compress(stored, present)) == list(compress(hashed, present)):
                    return
            differ = [i for i, (a, b) in enumerate(zip(stored, hashed, strict=True))
                      if a != b and (a is not None or not self.runs)]
            self._each([rows[i] for i in differ], [keys[i] for i in differ],
                       [stored[i] for i in differ])
            return
        inside = [i for i, key in enumerate(keys) if elo < key <= ehi]
        self._each([rows[i] for i in inside], [keys[i] for i in inside],
                   [newest.pop(keys[i], None) for i in inside])

    def _each(self, rows: Sequence[tuple[Any, ...]], keys: Sequence[int],
              stored_digests: Sequence[str | bytes | None]) -> None:
        width, matches = self.width, self.matches
        for row, key, found in zip(rows, keys, stored_digests, strict=True):
            stored = _full(found)
            if stored is None and self.runs:  # (format 4: for the runs)
                self.runs.got[key] = ledger.row_hash(EVENTS, row[:width])
            elif stored is None:
                values = dict(zip(self.names, row, strict=False))
                self.out.append((row_label(EVENTS, key, 0, values), "inserted", 0,
                                 _hand(EVENTS, values)))
            elif not matches(row[:width], stored):
                values = dict(zip(self.names, row, strict=False))
                self.out.append((row_label(EVENTS, key, 0, values), "changed",
                                 self._seq(key), _hand(EVENTS, values)))

    def _seq(self, key: int) -> int:
        """The seq of the newest ledger entry of event ``key`` (for a finding)."""
        L = ledger.LEDGER.c
        with self.db.read() as s:
            return int(s.scalar(select(func.max(L.seq)).where(
                L.tbl == EVENTS, L.k1 > key - GROUP_MAX, L.k1 <= key, L.k1 + L.k2 >= key))
                or 0)

    def finish(self, db: Database, lo: int, hi: int) -> list[tuple[str, str, int, int]]:
        with db.read() as s:
            self.rows([tuple(r) for r in s.execute(
                _others_query(self.elo == LOWEST, self.ehi == HIGHEST),
                {"elo": self.elo, "ehi": self.ehi, "lo": lo, "hi": hi})])
        for key, rd in sorted(self.newest.items()):
            if _full(rd) != ledger.DELETED:
                self.out.append((row_label(EVENTS, key, 0), "deleted", self._seq(key), 0))
        if self.runs:
            self.out.extend(run_findings(db, EVENTS, self.runs))
        return self.out


@cache
def _others_query(lo_open: bool, hi_open: bool) -> Any:
    """The events with ids in (``elo``, ``ehi``] of hands outside ``lo`` to ``hi``."""
    table = Base.metadata.tables[EVENTS]
    ids, hand = table.c.id, table.c.hand_id
    return select(*_event_columns()).where(
        *_within(ids, lo_open, hi_open),
        hand.is_(None) | (hand < bindparam("lo")) | (hand > bindparam("hi")))


@cache
def _entries_query(raw: bool, given: bool, lo_open: bool, hi_open: bool) -> Prepared:
    """:class:`_EventCheck`'s read of the events' single entries with keys in (``elo``,
    ``ehi``], in key order (``given``: those with a seq outside (``after``, ``upto``]: by
    the key index, ``seq + 0``, not a range of seq), built once for each shape. ``raw``
    (SQLite): a format 2 digest as the bytes ``raw_hashes_2`` gives (see ``_full``)."""
    L = ledger.LEDGER.c
    stored: Any = L.row_digest
    if raw:
        stored = case((func.substr(L.row_digest, 1, 2) == ledger.FORMAT_2,
                       sa.cast(func.substr(L.row_digest, 3), LargeBinary)),
                      else_=L.row_digest)
    q = select(L.k1, stored, *([L.seq] if given else [])).where(
        L.tbl == EVENTS, L.k2 == 0, *_within(L.k1, lo_open, hi_open))
    if given:
        q = q.where(((L.seq + 0) <= bindparam("after")) | ((L.seq + 0) > bindparam("upto")))
    return Prepared(q.order_by(L.k1, L.k2, L.seq))


Given = tuple[int, int, list[tuple[int, str]]]
"""What :class:`_EventCheck` may be given (see there)."""


def _as_read(entries: list[tuple[int, str]]) -> list[tuple[int, str | bytes]]:
    """Events' (k1, row digest) as :class:`_EventCheck` reads them from SQLite: a format 2
    digest as the bytes of its base64 (what ``raw_hashes_2`` gives); in C when every one
    is of format 2."""
    digests = list(map(itemgetter(1), entries))
    if all(map(methodcaller("startswith", ledger.FORMAT_2), digests)):
        return list(zip(map(itemgetter(0), entries),
                        map(str.encode, map(itemgetter(_AFTER_FORMAT), digests)), strict=True))
    return [(k1, d[2:].encode() if d.startswith(ledger.FORMAT_2) else d) for k1, d in entries]


_AFTER_FORMAT = slice(len(ledger.FORMAT_2), None)


def event_bounds(db: Database, chunks: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """For each chunk of hand ids, the range of event ids (``elo``, ``ehi``] it checks
    against the ledger: up to the newest event of its last hand, so the ranges cover every
    id and most events are read once, by the replay of their hand."""
    if not chunks:
        return []
    table = Base.metadata.tables[EVENTS]
    ends: list[int] = []
    top = LOWEST
    with db.read() as s:
        for c in chunks[:-1]:
            end = s.scalar(select(func.max(table.c.id)).where(table.c.hand_id == c[-1]))
            top = max(top, int(end)) if end is not None else top
            ends.append(top)
    return list(zip([LOWEST, *ends], [*ends, HIGHEST], strict=True))


def check_hands_on(db: Database, lo: int, hi: int, elo: int = LOWEST, ehi: int = HIGHEST,
                   given: Given | None = None, tables: dict[int, str] | None = None
                   ) -> tuple[list[tuple[int, str, str]], list[tuple[str, str, int, int]]]:
    """Replays the hands with ids lo..hi (see ``hand_check.check_hand``) and checks the events
    with ids in (elo, ehi] against the ledger, reading each event once. ``given``: see
    :class:`_EventCheck`; ``tables``: the tables' names (None: read here)."""
    if tables is None:
        with db.read() as s:
            tables = {r[0]: r[1] for r in s.execute(select(GameTable.id, GameTable.name))}
    events = _EventCheck(db, elo, ehi, given)
    broken = [(b.hand_id, b.label, b.reason) for b in check_hand_range(
        db, lo, hi, tables, events.rows, events.columns)]
    return broken, events.finish(db, lo, hi)


def check_hands(url: str, lo: int, hi: int, elo: int = LOWEST, ehi: int = HIGHEST
                ) -> tuple[list[tuple[int, str, str]], list[tuple[str, str, int, int]]]:
    """In a worker process: opens the database read-only and runs :func:`check_hands_on`."""
    with relaxed_gc():
        return check_hands_on(_worker_db(url), lo, hi, elo, ehi)


_DB: dict[str, Database] = {}


def _worker_db(url: str) -> Database:
    if url not in _DB:
        _DB[url] = Database.open(url, upgrade=False, sign=False, read_only=True)
    return _DB[url]
