"""Row digests: what a ledger entry's ``row_digest`` is of a row's version, in each format.

Format 1 (64 hex digits) hashed a list of names and values; format 2 (``2:`` and base64)
hashes the tuple of the row's values as the SQLite driver returns them (see
:func:`row_digest_2`); format 4 runs of rows (``groups.py``) hash their rows' format 2
digests. ``ledger.row_digest`` writes the current format; :func:`row_matcher` reads any.
"""

from __future__ import annotations

import binascii
import hashlib
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from functools import partial
from itertools import compress, repeat
from operator import is_not, itemgetter
from typing import Any

from sqlalchemy import Boolean, DateTime

from dealer_app.storage.chain import iso_utc
from dealer_app.storage.models import Base
from dealer_app.storage.models.chained import CHAINED


def iso(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return iso_utc(moment)


def _plain(value: datetime) -> str:
    """One text per instant, whether the datetime is naive (UTC) or aware."""
    if value.tzinfo is not None and value.utcoffset():
        value = value.astimezone(UTC)
    return value.replace(tzinfo=None).isoformat()


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
    return _encode_2(tuple([int(v) if v.__class__ is bool
                            else _time_text(v) if isinstance(v, datetime) else v
                            for v in values]))  # (_canonical, without a call per value)


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
    """:func:`raw_digests_2` without the ``2:``, as ASCII bytes (no text made per row).
    Each SHA-256 is a copy of an empty one: ``hashlib.sha256()`` looks its digest up by
    name at each call (OpenSSL 3), which costs more than hashing a row's text."""
    texts = list(map(str.encode, map(repr, rows)))
    hashes = list(map(_HASH.copy, repeat(_EMPTY, len(texts))))
    deque(map(_HASH.update, hashes, texts), maxlen=0)
    return list(map(_BASE64, map(_HASH.digest, hashes)))


_EMPTY = hashlib.sha256()
_HASH: Any = type(_EMPTY)


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
