"""``log verify``'s check of the rows: every chained row against the newest ledger entry of
its key (a row changed, inserted or deleted outside the app, or a row written once given a
second version), a table merge-joined with the ledger in key order (:func:`table_findings`),
the runs of rows of ledger format 4 checked whole (``storage/groups.py``:
:func:`run_findings`), and the labels that name a row in a finding.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache
from operator import itemgetter
from typing import Any

from sqlalchemy import DateTime, Select, bindparam, func, select, type_coerce

from dealer_app.services.raw_rows import Prepared
from dealer_app.storage import ledger
from dealer_app.storage.database import Database
from dealer_app.storage.groups import GROUP_MAX, GROUPED, RunCheck
from dealer_app.storage.models import Base
from dealer_app.storage.models.chained import IMMUTABLE

LABELS = {"staff": "staff member", "game_table": "table", "table_session": "session",
          "seating": "seating", "stack_move": "stack move", "hand": "hand",
          "hand_player": "hand player", "hand_event": "hand event", "audit": "audit row"}


def row_label(tbl: str, k1: int, k2: int, values: Any = None) -> str:
    name = LABELS.get(tbl, tbl)
    if tbl == "hand_player":
        return f"{name} (hand id {k1}, seat {k2})"
    label = f"{name} {k1}"
    if values and tbl == "hand_event":
        label = f"{name} {k1} (#{values.get('seq')})"
    if values and tbl in ("hand_event", "stack_move") and values.get("hand_id") is not None:
        label += f" of hand id {values['hand_id']}"
    if values and tbl == "stack_move":
        label += f" ({values.get('kind')} {values.get('amount')})"
    if values and tbl == "audit":
        label += f" ({values.get('act')})"
    return label


def table_findings(db: Database, tbl: str, lo: int | None = None, hi: int | None = None,
                   whole: bool = False, newest_only: bool = False
                   ) -> list[tuple[str, str, int, int]]:
    """Merge-joins a chained table with the ledger in key order (constant memory): (label,
    inserted|changed|deleted, ledger seq, hand id or 0) for each row that does not match the
    newest ledger entry of its key. ``lo``..``hi``: only keys whose first column is in
    that range (both None: the whole table); a run of rows (format 4, ``groups.py``) is
    checked by the range holding its first key (``whole``: by each range it overlaps).
    ``newest_only``: of a table whose rows change (not ``IMMUTABLE``, whose second
    versions are findings), only the newest entry of each key is read (the others are
    compared with nothing): the incremental verify's re-read of a row open for hours."""
    pk_names = ledger.primary_key(tbl)
    names = ledger.digest_columns(tbl)
    columns = _columns(tbl)
    at = {n: i for i, n in enumerate(columns)}
    k1_at = at[pk_names[0]]
    k2_at = at[pk_names[1]] if len(pk_names) > 1 else -1
    width = len(names)
    out: list[tuple[str, str, int, int]] = []

    def missing(entry: tuple[int, int, int, str]) -> None:
        if entry[3] != ledger.DELETED:
            out.append((row_label(tbl, entry[0], entry[1]), "deleted", entry[2],
                        entry[0] if tbl in ("hand", "hand_player") else 0))

    runs = RunCheck(LOWEST, HIGHEST)
    bounded = lo is not None and hi is not None
    newest = newest_only and tbl not in IMMUTABLE and tbl not in GROUPED
    entry_q, row_q = _statements(tbl, bounded, newest, db.is_sqlite)
    matches = ledger.row_matcher(tbl, raw_first=db.is_sqlite)
    with db.read() as s:  # the rows as the driver reads them (see ledger.row_matcher)
        if tbl in GROUPED:  # format 4: runs of rows, one entry each (groups.py; in
            # another table an entry with k2 > 0 names no row: "deleted" below)
            runs = _runs_of(s, tbl, LOWEST if lo is None else lo,
                            HIGHEST if hi is None else hi, whole)
        entries: Any = entry_q.stream(s, lo=lo, hi=hi)
        rows: Any = row_q.stream(s, lo=lo, hi=hi)
        if db.is_sqlite and not runs:  # the usual case first, in C: every row as recorded
            entries, rows = list(entries), list(rows)
            if _all_hold(entries, rows, width, k1_at, k2_at):
                return out
        newer = _newest(entries, (lambda a, b: out.append(_second_version(tbl, a, b)))
                        if tbl in IMMUTABLE else None)
        entry = next(newer, None)
        in_runs: list[tuple[Any, ...]] = []
        """The rows no single entry holds, inside a run (hashed together, for the runs)."""
        for row in rows:
            key = (int(row[k1_at]), int(row[k2_at]) if k2_at >= 0 else 0)
            while entry is not None and (entry[0], entry[1]) < key:
                missing(entry)
                entry = next(newer, None)
            if entry is None or (entry[0], entry[1]) != key:
                if runs and key[0] in runs.covered:
                    in_runs.append(row)
                    continue
                values = dict(zip(columns, row, strict=True))
                out.append((row_label(tbl, *key, values), "inserted", 0, _hand(tbl, values)))
                continue
            if not matches(row[:width], entry[3]):
                values = dict(zip(columns, row, strict=True))
                out.append((row_label(tbl, *key, values), "changed", entry[2],
                            _hand(tbl, values)))
            entry = next(newer, None)
        while entry is not None:
            missing(entry)
            entry = next(newer, None)
        if in_runs:
            hashed = (ledger.raw_hashes_2(_trimmed(in_runs, width)) if db.is_sqlite
                      else [ledger.row_hash(tbl, row[:width]) for row in in_runs])
            runs.got.update(zip((int(row[k1_at]) for row in in_runs), hashed, strict=True))
        if runs:
            out.extend(_run_overlaps(s, tbl, runs))
    if runs:
        out.extend(run_findings(db, tbl, runs))
    return out


def _all_hold(entries: list[tuple[Any, ...]], rows: list[tuple[Any, ...]], width: int,
              k1_at: int, k2_at: int) -> bool:
    """Whether each row (as SQLite's driver reads it) is, hashed as it is, the version the
    one entry of its key (k1, k2, seq, row digest) recorded, and every entry has its row:
    then :func:`table_findings` has nothing to find, and its row by row merge is skipped."""
    if len(entries) != len(rows):
        return False
    if k2_at >= 0:
        keys = list(map(itemgetter(k1_at, k2_at), rows))
        newest = dict(zip(map(itemgetter(0, 1), entries), map(itemgetter(3), entries),
                          strict=True))
    else:
        keys = list(map(itemgetter(k1_at), rows))
        newest = dict(zip(map(itemgetter(0), entries), map(itemgetter(3), entries),
                          strict=True))
    if len(newest) != len(entries):
        return False  # a key with two entries: the merge tells which
    return list(map(newest.get, keys)) == ledger.raw_digests_2(_trimmed(rows, width))


def _runs_of(s: Any, tbl: str, lo: int, hi: int, whole: bool = False) -> RunCheck:
    """The format 4 entries (runs, ``groups.py``) of ``tbl`` covering a key in lo..hi."""
    elo = lo - GROUP_MAX if lo != LOWEST else LOWEST
    q = _runs_query(tbl, elo == LOWEST, hi == HIGHEST)
    return RunCheck.of(q.rows(s, elo=elo, ehi=hi), lo, hi, whole)


@cache
def _runs_query(tbl: str, lo_open: bool, hi_open: bool) -> Prepared:
    L = ledger.LEDGER.c
    return Prepared(select(L.k1, L.k2, L.seq, L.row_digest).where(
        L.tbl == tbl, L.k2 != 0, *_within(L.k1, lo_open, hi_open)))


def _run_overlaps(s: Any, tbl: str, runs: RunCheck,
                  singles: Any = None) -> list[tuple[str, str, int, int]]:
    """The second versions among a table's runs and its single entries (``singles``: the
    single entries' keys, None: read them here)."""
    if not runs.owned:
        return []
    L = ledger.LEDGER.c
    if singles is None:
        first, last = runs.owned[0][0], max(b for _a, b, _s, _d in runs.owned)
        singles = set(s.scalars(select(L.k1).where(L.tbl == tbl, L.k2 == 0, L.k1 >= first,
                                                   L.k1 <= last)))
    out = []
    for key in sorted({key for key, _r, _q in runs.overlaps(singles)}):
        versions = [(int(k1), int(k2), int(q), str(d)) for k1, k2, q, d in s.execute(
            select(L.k1, L.k2, L.seq, L.row_digest).where(
                L.tbl == tbl, L.k1 > key - GROUP_MAX, L.k1 <= key).order_by(L.seq))
            if int(k1) + int(k2) >= key]
        for a, b in zip(versions, versions[1:], strict=False):
            out.append(_second_version(tbl, (key, 0, a[2], a[3]), (key, 0, b[2], b[3])))
    return out


def run_findings(db: Database, tbl: str, runs: RunCheck) -> list[tuple[str, str, int, int]]:
    """Checks the runs ``runs`` owns (:meth:`RunCheck.finish`), each row not given read
    here: (label, changed|deleted|inserted, seq, hand id) as :func:`table_findings`; the
    rows given that no entry holds are inserted ones (but those of another check's runs)."""
    table = Base.metadata.tables[tbl]
    names = list(ledger.digest_columns(tbl))
    extra = [n for n in ("hand_id", "seq", "kind", "amount", "act")
             if n in table.c and n not in names]
    key_name = ledger.primary_key(tbl)[0]
    pk = table.c[key_name]
    cols = [_plain_time(table.c[n]) for n in [*names, *extra]]
    values_of: dict[int, dict[str, Any]] = {}

    def fetch(keys: list[int]) -> dict[int, bytes]:
        found: dict[int, bytes] = {}
        with db.read() as s:
            for i in range(0, len(keys), 500):
                for r in s.execute(select(*cols).where(pk.in_(keys[i:i + 500]))):
                    values = dict(zip([*names, *extra], r, strict=True))
                    key = int(values[key_name])
                    values_of[key] = values
                    found[key] = ledger.row_hash(tbl, tuple(r)[:len(names)])
        return found

    out: list[tuple[str, str, int, int]] = []
    for what, key, (a, b), seq in runs.finish(fetch):
        values = values_of.get(key)
        label = (row_label(tbl, key, 0, values) if key >= 0
                 else f"{row_label(tbl, a, 0)} to {b} (one ledger entry)")
        out.append((label, what, seq, _hand(tbl, values) if values else 0))
    left = sorted(k for k in runs.got if not runs.foreign(k))
    runs.got.clear()
    if left:
        fetch(left)
        for key in left:
            values = values_of.get(key)
            out.append((row_label(tbl, key, 0, values), "inserted", 0,
                        _hand(tbl, values) if values else 0))
    return out


def _plain_time(column: Any) -> Any:
    """A date-time column read as stored (naive UTC), without the aware conversion: the
    digest writes it as naive text either way."""
    if isinstance(getattr(column.type, "impl", None), DateTime):
        return type_coerce(column, DateTime()).label(column.name)
    return column


def key_ranges(db: Database, tbl: str, span: int) -> list[tuple[int | None, int | None]]:
    """Ranges of the first key column covering every row of ``tbl`` and every ledger entry
    of it, each ``span`` keys wide (one whole-table range when both are empty)."""
    table = Base.metadata.tables[tbl]
    first = table.c[ledger.primary_key(tbl)[0]]
    L = ledger.LEDGER.c
    with db.read() as s:
        a = s.execute(select(func.min(first), func.max(first))).one()
        b = s.execute(select(func.min(L.k1), func.max(L.k1)).where(L.tbl == tbl)).one()
    lows = [int(v) for v in (a[0], b[0]) if v is not None]
    highs = [int(v) for v in (a[1], b[1]) if v is not None]
    if not lows:
        return [(None, None)]
    lo, hi = min(lows), max(highs)
    return [(start, min(start + span - 1, hi)) for start in range(lo, hi + 1, span)]


def _newest(entries: Iterator[Any],
            again: Callable[[tuple[int, int, int, str], tuple[int, int, int, str]], None]
            | None = None) -> Iterator[tuple[int, int, int, str]]:
    """The newest entry of each key from entries sorted by key then seq; ``again(older,
    newer)`` is told of each key with more than one entry."""
    current: tuple[int, int, int, str] | None = None
    for k1, k2, seq, rd in entries:
        if current is not None and (current[0], current[1]) != (k1, k2):
            yield current
        elif current is not None and again is not None:
            again(current, (k1, k2, seq, rd))
        current = (k1, k2, seq, rd)
    if current is not None:
        yield current


def _second_version(tbl: str, older: tuple[int, int, int, str],
                    newer: tuple[int, int, int, str]) -> tuple[str, str, int, int]:
    """The finding of a row the app writes once (``chained.IMMUTABLE``) that the ledger
    holds twice."""
    label = (f"{row_label(tbl, older[0], older[1])} (table {tbl}; ledger entries {older[2]} "
             f"and {newer[2]}, row digests {older[3]} and {newer[3]})")
    return (label, "versions", newer[2], older[0] if tbl in ("hand", "hand_player") else 0)


def _hand(tbl: str, values: Any) -> int:
    if tbl == "hand":
        return int(values["id"])
    hand_id = values.get("hand_id")
    return int(hand_id) if hand_id is not None else 0


def _columns(tbl: str) -> list[str]:
    """The columns :func:`table_findings` reads of a row: the digest's, then those of its
    label."""
    table = Base.metadata.tables[tbl]
    pk_names, names = ledger.primary_key(tbl), ledger.digest_columns(tbl)
    extra = [n for n in (*pk_names, "hand_id", "seq", "kind", "amount", "act")
             if n in table.c and n not in names]
    return [*names, *dict.fromkeys(extra)]


@cache
def _statements(tbl: str, bounded: bool, newest: bool, sqlite: bool
                ) -> tuple[Prepared, Prepared]:
    """:func:`table_findings`' two statements (the ledger's entries of ``tbl``, its rows; in
    key order), built once: ``bounded``, keys from ``lo`` to ``hi``; ``newest``, only the
    newest entry of each key (one pass of the key index, each key's entries once: an
    anti-join compared each entry with every later one of its key, quadratic in a
    seating's entries, which grow with its session; PostgreSQL made ``seq IN (max(seq)
    ... GROUP BY)`` a nested loop)."""
    table = Base.metadata.tables[tbl]
    pk = [table.c[n] for n in ledger.primary_key(tbl)]
    L = ledger.LEDGER.c
    where = [L.tbl == tbl]
    row_q = select(*(_plain_time(table.c[n]) for n in _columns(tbl)))
    if bounded:
        where += [L.k1 >= bindparam("lo"), L.k1 <= bindparam("hi")]
        row_q = row_q.where(pk[0] >= bindparam("lo"), pk[0] <= bindparam("hi"))
    entry_q = select(L.k1, L.k2, L.seq, L.row_digest).where(*where)
    order: list[Any] = [L.k1, L.k2, L.seq]
    if newest and sqlite:  # (SQLite: the bare columns are those of the row max() picks)
        entry_q = select(L.k1, L.k2, func.max(L.seq), L.row_digest).where(
            *where).group_by(L.k1, L.k2)
        order = [L.k1, L.k2]
    elif newest:
        entry_q = _distinct_on(entry_q, L.k1, L.k2)
        order = [L.k1, L.k2, L.seq.desc()]
    if tbl in GROUPED:  # (format 4: in another table an entry with k2 > 0 names no row)
        entry_q = entry_q.where(L.k2 == 0)
    return Prepared(entry_q.order_by(*order)), Prepared(row_q.order_by(*pk))


EVENTS = "hand_event"


LOWEST, HIGHEST = -(2 ** 63), 2 ** 63 - 1


def _trimmed(rows: Sequence[tuple[Any, ...]], width: int) -> list[tuple[Any, ...]]:
    """Rows cut to their first ``width`` values and without their trailing NULLs, as format
    2 hashes them (an imported event has no ``input_id``): then :func:`ledger.raw_hashes_2`
    of them is the digest of each row taken as it is, and a row whose hash differs goes to
    the full match (which also tries its converted values)."""
    if rows and len(rows[0]) >= width > 1:  # the usual batch, in C: rows of one width
        # whose last digest column is NULL (no input id) and the one before it is not
        lasts, befores = set(map(itemgetter(width - 1), rows)), map(itemgetter(width - 2), rows)
        if lasts == {None} and None not in set(befores) and len(set(map(len, rows))) == 1:
            return list(map(itemgetter(slice(0, width - 1)), rows))
        if None not in lasts and len(rows[0]) == width and len(set(map(len, rows))) == 1:
            return list(rows)
    out = []
    for row in rows:
        n = min(len(row), width)
        if n < len(row) or row[n - 1] is None:
            while n and row[n - 1] is None:
                n -= 1
            row = row[:n]
        out.append(row)
    return out


def _full(stored: str | bytes | None) -> str | None:
    """A row digest as the ledger holds it (SQLite's read gives format 2 as its base64
    bytes, without the ``2:``)."""
    if isinstance(stored, bytes):
        return ledger.FORMAT_2 + stored.decode("utf-8", "replace")
    return stored


def _within(column: Any, lo_open: bool, hi_open: bool) -> list[Any]:
    """``elo < column <= ehi`` with the bounds as the bindparams ``elo`` and ``ehi``,
    leaving out the open ends (:data:`LOWEST`, :data:`HIGHEST`: no integer column holds
    them): a statement built once for each pair of open or closed ends."""
    return [*([column > bindparam("elo")] if not lo_open else []),
            *([column <= bindparam("ehi")] if not hi_open else [])]


def _distinct_on(query: Select[Any], *columns: Any) -> Select[Any]:
    """PostgreSQL's ``SELECT DISTINCT ON (columns)``: SQLAlchemy 2.1 spells it
    ``postgresql.distinct_on`` (``distinct(columns)`` is deprecated there), 2.0 only so."""
    try:
        from sqlalchemy.dialects.postgresql import distinct_on
    except ImportError:  # SQLAlchemy 2.0
        return query.distinct(*columns)
    return query.ext(distinct_on(*columns))
