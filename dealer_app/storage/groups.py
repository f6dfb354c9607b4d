"""Ledger format 4: one entry for a run of rows written once (events, stack moves, audit).

A commit that inserts rows of a table the app never updates (:data:`GROUPED`) with
consecutive keys ``a, a+1, ..., a+n`` appends one ledger entry for them instead of one a
row: ``k1 = a``, ``k2 = n`` (those tables have a one-column key, so their single entries
have ``k2 = 0``, as every entry before format 4 has) and the row digest

    ``4:`` base64(SHA-256(h_a | h_a+1 | ... | h_a+n)) ``.`` t_a t_a+1 ... t_a+n

where ``h_k`` is the base64 format 2 digest of row ``k`` (``ledger.row_digest_2`` without
its ``2:``) and ``t_k`` its first :data:`TAG` characters: the SHA-256 proves the rows, the
tags only tell ``log verify`` which row of a run changed. A run covers at most
:data:`GROUP_MAX` keys, so a check of the keys ``lo..hi`` finds every entry that covers one
of them among the entries starting from ``lo - GROUP_MAX + 1``.

This module knows nothing of the database: the writer groups its pending entries
(:func:`group_runs`), ``log verify`` checks the runs met by a range of keys
(:class:`RunCheck`).
"""

from __future__ import annotations

import binascii
import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any, Protocol

GROUPED = frozenset({"hand_event", "stack_move", "audit", "dealer_shift_event"})
"""Tables whose rows are written once (``chained.IMMUTABLE``), with a one-column key, whose
runs of rows a commit inserts share one ledger entry (``station_key`` and ``ledger_fork``
stay one entry a row: the trust and a ledger's identity read them by key)."""
GROUP_MAX = 128
"""The most keys one entry covers."""
GROUP_FORMAT = "4:"
TAG = 4
"""Characters of each row's digest kept in a run's entry (24 bits: which row changed)."""


class _Entry(Protocol):
    tbl: str
    k1: int
    k2: int
    row_digest: str


def run_digest(hashes: Sequence[bytes]) -> str:
    """The row digest of a run whose rows' base64 format 2 digests are ``hashes`` (ASCII
    bytes, in key order)."""
    whole = hashlib.sha256(b"".join(hashes)).digest()
    tags = b"".join(h[:TAG] for h in hashes)
    return (GROUP_FORMAT + binascii.b2a_base64(whole, newline=False).decode("ascii") + "."
            + tags.decode("ascii"))


def _whole(hashes: Sequence[bytes]) -> str:
    return binascii.b2a_base64(hashlib.sha256(b"".join(hashes)).digest(),
                               newline=False).decode("ascii")


def parse_run(stored: str) -> tuple[str, str] | None:
    """(base64 of the whole run's SHA-256, the rows' tags) of a run's row digest; None: no
    run's digest."""
    if not stored.startswith(GROUP_FORMAT):
        return None
    whole, dot, tags = stored[len(GROUP_FORMAT):].partition(".")
    return (whole, tags) if dot else None


def group_runs(entries: Sequence[Any], make: Callable[[str, int, int, str], Any],
               format_2: str = "2:") -> list[Any]:
    """``entries`` (pending ledger entries: ``tbl``, ``k1``, ``k2``, ``row_digest``) with
    each run of consecutive keys of one :data:`GROUPED` table made one entry by ``make(tbl,
    first key, keys after it, digest)``. A row's deletion, a format 1 digest, a lone row
    stay as they are."""
    out: list[Any] = []
    run: list[Any] = []

    def flush() -> None:
        if len(run) > 1:
            first = run[0]
            hashes = [p.row_digest[len(format_2):].encode("ascii") for p in run]
            out.append(make(first.tbl, first.k1, len(run) - 1, run_digest(hashes)))
        else:
            out.extend(run)
        run.clear()

    for p in entries:
        if p.tbl in GROUPED and p.k2 == 0 and p.row_digest.startswith(format_2):
            if run and (run[0].tbl != p.tbl or run[-1].k1 + 1 != p.k1
                        or len(run) >= GROUP_MAX):
                flush()
            run.append(p)
            continue
        flush()
        out.append(p)
    flush()
    return out


def span(k1: int, k2: int) -> range:
    """The keys an entry of a one-column-key table covers (``k2`` kept within
    :data:`GROUP_MAX`: a forged entry cannot make a check read without end)."""
    return range(k1, k1 + min(max(k2, 0), GROUP_MAX - 1) + 1)


@dataclass
class RunCheck:
    """The run entries (``k2`` > 0) of one table that a check of the keys ``lo..hi`` meets.

    A run belongs to the check holding its first key (``whole``: to every check it
    overlaps; the caller drops the findings told twice); the rows of runs that belong
    to another check are left to it (:meth:`foreign`). The caller gives each row whose key
    no single entry holds to :attr:`got` (key -> its base64 format 2 digest as read), then
    :meth:`finish` checks every run it owns."""

    lo: int
    hi: int
    owned: list[tuple[int, int, int, str]] = field(default_factory=list)
    """(first key, last key, seq, row digest)."""
    others: list[tuple[int, int]] = field(default_factory=list)
    got: dict[int, bytes] = field(default_factory=dict)
    covered: set[int] = field(default_factory=set)
    """Every key a run owned or foreign covers."""

    @classmethod
    def of(cls, entries: Iterable[tuple[int, int, int, str]], lo: int, hi: int,
           whole: bool = False) -> RunCheck:
        """From entries (k1, k2, seq, row digest) of the table with ``k2`` > 0."""
        check = cls(lo, hi)
        for k1, k2, seq, rd in entries:
            keys = span(int(k1), int(k2))
            first, last = keys[0], keys[-1]
            if last < lo or first > hi:
                continue
            if first >= lo or whole:
                check.owned.append((first, last, int(seq), str(rd)))
            else:
                check.others.append((first, last))
            check.covered.update(keys)
        check.owned.sort()
        return check

    def __bool__(self) -> bool:
        return bool(self.owned or self.others)

    def foreign(self, key: int) -> bool:
        """Whether another check owns the run covering ``key`` (and no run of this one)."""
        return (any(a <= key <= b for a, b in self.others)
                and not any(a <= key <= b for a, b, _s, _d in self.owned))

    def overlaps(self, singles: Iterable[int]) -> list[tuple[int, tuple[int, int], int]]:
        """(key, (first, last) of the run, seq of the run) of each key two entries cover:
        a single entry and a run, or two runs."""
        keys = set(singles)
        out = []
        if keys:
            for a, b, seq, _d in self.owned:
                for key in keys.intersection(range(a, b + 1)):
                    out.append((key, (a, b), seq))
        reach: tuple[int, int, int] | None = None
        """The run reaching furthest among those starting before (first, last, seq)."""
        for a, b, seq in sorted([*((a, b, 0) for a, b in self.others),
                                 *((a, b, q) for a, b, q, _d in self.owned)]):
            if reach is not None and a <= reach[1]:
                out.extend((key, (reach[0], reach[1]), reach[2])
                           for key in range(a, min(b, reach[1]) + 1))
            if reach is None or b > reach[1]:
                reach = (a, b, seq)
        return out

    def finish(self, fetch: Callable[[list[int]], dict[int, bytes]]
               ) -> list[tuple[str, int, tuple[int, int], int]]:
        """Checks each run owned: (what, key, (first, last), seq) for a row of it deleted
        (``deleted``), changed (``changed``; key -1: one of the run, its tags cannot
        tell which). ``fetch(keys)`` gives the digests of rows the caller did not give
        (read from the database; converted to the format's values), a key missing: no
        such row. The rows given and not taken by a run stay in :attr:`got`."""
        out: list[tuple[str, int, tuple[int, int], int]] = []
        got = self.got
        for a, b, seq, rd in self.owned:
            keys = range(a, b + 1)
            hashes = list(map(got.pop, keys, repeat(None)))
            parsed = parse_run(rd)
            if parsed is not None and None not in hashes and _whole(
                    [h for h in hashes if h is not None]) == parsed[0]:
                continue
            # again from the database, each value converted (a row read as the driver
            # gives it may hash otherwise than it was written)
            found = fetch(list(keys))
            fresh = [found.get(k) for k in keys]
            if parsed is not None and None not in fresh and _whole(
                    [h for h in fresh if h is not None]) == parsed[0]:
                continue
            tags = parsed[1] if parsed is not None else ""
            named = False
            for i, key in enumerate(keys):
                h = found.get(key)
                if h is None:
                    out.append(("deleted", key, (a, b), seq))
                    named = True
                elif tags[i * TAG:(i + 1) * TAG] != h[:TAG].decode("ascii"):
                    out.append(("changed", key, (a, b), seq))
                    named = True
            if not named:
                out.append(("changed", -1, (a, b), seq))
        return out
