"""Who wrote which ledger entries: the seals, the keys the floor trusts, what a checkpoint
vouches for.

Every commit that appends ledger entries signs them with the writing workstation's key: a
:class:`~dealer_app.storage.notary.Seal` on the commit's last entry names its first entry,
and the seals of one process (a *run*) form a hash chain, so the signature of a run's newest
seal authenticates all of the run's seals at the cost of one hash each (``log verify``
checks one signature per run, not per commit).

Which keys are trusted: the *roots* (the trust files: ``trusted-keys.txt`` and
``--trust``), and every key in ``station_key`` admitted by a supervisor's act sealed by an
already trusted key. A key the app made because none was found is a root of that one
workstation's trust file only.

Entries written before seals existed (migration 0012) are *legacy*: they count as
authenticated up to the first format 2 checkpoint, which vouched for them.
"""

from __future__ import annotations

import bisect
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, func, select

from dealer_app.storage.ledger_chain import digest_at
from dealer_app.storage.models import Checkpoint, LedgerEntry, StationKey
from dealer_app.storage.notary import (
    TRUST_FILE,
    Notary,
    Seal,
    SignedCheckpoint,
    config_dir,
    load_trust,
    seal_message,
)

L = cast(Table, LedgerEntry.__table__).c
SEAL_COLUMNS = (L.seq, L.digest, L.seal_from, L.seal_key, L.seal_run, L.seal_at, L.seal_prev,
                L.seal_sig)
"""A ledger row as the seal checks read it."""
TIME_TOLERANCE_US = 300 * 1_000_000
"""How far a seal, a checkpoint or a hand may start before the one before it on the same
ledger (workstations' clocks differ a little) before ``log verify`` says time ran backwards."""


def seal_of(row: Any) -> Seal | None:
    """The seal on a ledger row read as :data:`SEAL_COLUMNS` (None: no seal there)."""
    seq, digest, first, key, run, at, prev, sig = row
    if first is None:
        return None
    return Seal(int(first), int(seq), str(digest), int(at or 0), str(key or ""),
                str(run or ""), bytes(prev or b""), bytes(sig or b""))


def format_ranges(ranges: Iterable[tuple[int, int]]) -> str:
    """``[(3, 5), (9, 9)]`` -> ``"3-5,9"``."""
    return ",".join(f"{a}-{b}" if a != b else f"{a}" for a, b in ranges)


def parse_ranges(text: str) -> list[tuple[int, int]]:
    """The inverse of :func:`format_ranges` (an unreadable part is skipped)."""
    out: list[tuple[int, int]] = []
    for part in text.split(","):
        lo, _sep, hi = part.strip().partition("-")
        try:
            out.append((int(lo), int(hi or lo)))
        except ValueError:
            continue
    return out


def _merge(ranges: list[tuple[int, int]], lo: int, hi: int) -> None:
    if ranges and ranges[-1][1] + 1 >= lo:
        ranges[-1] = (ranges[-1][0], max(ranges[-1][1], hi))
    else:
        ranges.append((lo, hi))


@dataclass(slots=True)
class Admission:
    """A ``station_key`` row and where the ledger holds it."""

    key_id: str
    public_key: str
    label: str
    admitted_by: int | None
    seq: int


def admissions(conn: Connection) -> list[Admission]:
    """Every ``station_key`` row with the seq of its ledger entry, in ledger order."""
    rows = conn.execute(
        select(StationKey.key_id, StationKey.public_key, StationKey.label,
               StationKey.admitted_by, L.seq)
        .join(LedgerEntry, (L.tbl == "station_key") & (L.k1 == StationKey.id))
        .order_by(L.seq)).all()
    return [Admission(str(r[0]), str(r[1]), str(r[2]), r[3], int(r[4])) for r in rows]


def seal_covering(conn: Connection, seq: int) -> Seal | None:
    """The seal of the commit that appended entry ``seq`` (None: none covers it)."""
    row = conn.execute(select(*SEAL_COLUMNS).where(L.seq >= seq, L.seal_from.is_not(None))
                       .order_by(L.seq).limit(1)).one_or_none()
    seal = None if row is None else seal_of(row)
    return seal if seal is not None and seal.first <= seq else None


def admission_seals(conn: Connection) -> list[tuple[Admission, Seal | None]]:
    """Every admission (:func:`admissions`) with the seal of the commit that appended it
    (:func:`seal_covering`), in three statements whatever their count: a floor of N stations
    has N admissions, and a statement each was N round trips under the ledger's lock for
    each station's first checkpoint (``vouch``)."""
    found = admissions(conn)
    if not found:
        return []
    S = cast(Table, LedgerEntry.__table__).alias("sealed")
    covering = (select(func.min(S.c.seq)).where(S.c.seq >= L.seq, S.c.seal_from.is_not(None))
                .scalar_subquery())
    seal_seqs = sorted({int(r[0]) for r in conn.execute(
        select(covering).select_from(LedgerEntry).where(
            L.seq.in_([a.seq for a in found]))) if r[0] is not None})
    seals: dict[int, Seal] = {}
    for start in range(0, len(seal_seqs), 1000):
        for row in conn.execute(select(*SEAL_COLUMNS).where(
                L.seq.in_(seal_seqs[start:start + 1000]))):
            seal = seal_of(row)
            if seal is not None:
                seals[seal.last] = seal
    out: list[tuple[Admission, Seal | None]] = []
    ordered = sorted(seals)
    for adm in found:
        at = bisect.bisect_left(ordered, adm.seq)
        seal = seals[ordered[at]] if at < len(ordered) else None
        out.append((adm, seal if seal is not None and seal.first <= adm.seq else None))
    return out


def trusted_keys(conn: Connection, roots: Mapping[str, str]) -> dict[str, str]:
    """key id -> public key: the roots and every key admitted, in ledger order, by a
    supervisor's act whose seal a key already trusted signed."""
    trusted = dict(roots)
    for adm, seal in admission_seals(conn):
        if adm.key_id in trusted or adm.admitted_by is None:
            continue  # a founder row only records its key: it grants nothing
        public = trusted.get(seal.key_id) if seal is not None else None
        if seal is not None and public is not None and seal.holds_under(public):
            trusted[adm.key_id] = adm.public_key
    return trusted


def known_keys(conn: Connection) -> dict[str, str]:
    """key id -> public key of every key the database names (station keys, checkpoints)."""
    keys = {str(r[0]): str(r[1]) for r in conn.execute(
        select(StationKey.key_id, StationKey.public_key))}
    for r in conn.execute(select(Checkpoint.key_id, Checkpoint.public_key).distinct()):
        keys.setdefault(str(r[0]), str(r[1]))
    return keys


# ---------------------------------------------------------------------- at the station
@dataclass
class StationTrust:
    """What a notary trusts, read again when the trust file or ``station_key`` changes."""

    stamp: tuple[float, int] | None = None
    keys: dict[str, str] = field(default_factory=dict)

    def current(self, conn: Connection) -> dict[str, str]:
        path = config_dir() / TRUST_FILE
        try:
            mtime = path.stat().st_mtime
        except OSError:
            mtime = 0.0
        count = int(conn.execute(_STATION_KEYS_COUNTED).scalar() or 0)
        if self.stamp != (mtime, count):
            self.keys = trusted_keys(conn, load_trust([path]))
            self.stamp = (mtime, count)
        return self.keys


_TRUST: dict[int, StationTrust] = {}


def _station_trust(notary: Notary) -> StationTrust:
    found = _TRUST.get(id(notary))
    if found is None:
        found = _TRUST[id(notary)] = StationTrust()
    return found


_HELD: dict[tuple[Seal | SignedCheckpoint, str], bool] = {}
"""(seal or checkpoint, public key) -> whether its signature holds under that key, as
:func:`vouch` found it: a pure function of the two (equal seals sign equal messages), so
each checkpoint checks only the seals committed since the one before."""
_HELD_MAX = 8192


def _signed_by(signed: Seal | SignedCheckpoint, public: str) -> bool:
    key = (signed, public)
    held = _HELD.get(key)
    if held is None:
        if len(_HELD) >= _HELD_MAX:
            _HELD.clear()
        held = _HELD[key] = signed.holds_under(public)
    return held


def _checkpoint_holds(conn: Connection, cp: SignedCheckpoint, trust: Mapping[str, str]) -> bool:
    public = trust.get(cp.key_id)
    if public is None or not _signed_by(cp, public):
        return False
    return digest_at(conn, cp.seq) == cp.digest


def vouch(conn: Connection, notary: Notary, upto: int, current: Seal | None) -> str:
    """Before ``notary`` signs a checkpoint at entry ``upto``: the entries since the newest
    checkpoint it can authenticate that it can *not* authenticate (see
    :func:`format_ranges`; empty: it vouches for all). It authenticates its own run's seals
    from memory (``current``: the seal of the commit it seals) and every other seal by
    its signature under a trusted key, its own run's too when memory lacks it (a commit
    whose reply was lost: made, but taken as failed); unsealed entries only while the
    database has no format 2 checkpoint (legacy entries)."""
    trust = _station_trust(notary).current(conn)
    since, any_format_2 = 0, False
    rows = conn.execute(_NEWEST_CHECKPOINTS)
    try:  # (read as far as the first it authenticates: most often the first, its own)
        for row in rows:
            cp = SignedCheckpoint.of_row(row)
            if row.seq > upto:
                continue
            if notary.vouched == (cp.seq, cp.signature) or _checkpoint_holds(conn, cp, trust):
                since = cp.seq
                any_format_2 = cp.unvouched is not None
                break
    finally:
        rows.close()
    if not any_format_2:
        any_format_2 = conn.execute(_ANY_FORMAT_2).first() is not None
    legacy_end = upto if not any_format_2 else 0
    if legacy_end:  # only entries before the first seal ever are legacy (written before
        # migration 0012): deleting the format 2 checkpoints must not make forged ones so
        legacy_end = min(legacy_end, _first_sealed(conn, notary) - 1)
    bad: list[tuple[int, int]] = []
    expected = since + 1
    for sealed in conn.execute(_SEALS_BETWEEN, {"since": since, "upto": upto}):
        seal = seal_of(sealed)
        assert seal is not None
        if seal.first > expected:  # entries no seal covers, past the legacy ones
            lo = max(expected, legacy_end + 1)
            if lo < seal.first:
                _merge(bad, lo, seal.first - 1)
        ok = seal.first >= expected and (
            (current is not None and seal == current)
            or (seal.run == notary.run and seal.last in notary.own)
            or _holds(seal, trust))
        if not ok:
            _merge(bad, max(expected, min(seal.first, seal.last)), seal.last)
        expected = max(expected, seal.last + 1)
    if max(expected, legacy_end + 1) <= upto:
        _merge(bad, max(expected, legacy_end + 1), upto)
    return format_ranges(bad)


_C = cast(Table, Checkpoint.__table__).c
_NEWEST_CHECKPOINTS = (select(_C.seq, _C.digest, _C.at, _C.reason, _C.key_id, _C.public_key,
                              _C.signature, _C.unvouched)
                       .order_by(_C.seq.desc(), _C.id.desc()).limit(50))
_ANY_FORMAT_2 = select(_C.id).where(_C.unvouched.is_not(None)).limit(1)
_SEALS_BETWEEN = (select(*SEAL_COLUMNS)
                  .where(L.seq > bindparam("since"), L.seq <= bindparam("upto"),
                         L.seal_from.is_not(None))
                  .order_by(L.seq))
_STATION_KEYS_COUNTED = select(func.count()).select_from(StationKey)
"""The statements of :func:`vouch` (each checkpoint signs after one), built once: a
statement built anew is keyed anew for SQLAlchemy's compiled cache at each execution."""


def _first_sealed(conn: Connection, notary: Notary) -> int:
    """The first entry of the ledger's first seal (a large number while none exists), read
    once a process: it never changes."""
    if notary.first_sealed is None:
        first = conn.execute(select(L.seal_from).where(L.seal_from.is_not(None))
                             .order_by(L.seq).limit(1)).scalar()
        if first is None:
            return 2 ** 62
        notary.first_sealed = int(first)
    return notary.first_sealed


def _holds(seal: Seal, trust: Mapping[str, str]) -> bool:
    public = trust.get(seal.key_id)
    return public is not None and _signed_by(seal, public)


# ---------------------------------------------------------------------- log verify
@dataclass(slots=True)
class _Run:
    key_id: str
    first: int
    last: int
    commits: int = 0
    link: bytes = b""
    raw: tuple[Any, ...] | None = None
    """The run's newest seal as its row was read (:data:`SEAL_COLUMNS`; None: none yet)."""
    broken_at: int = 0
    """The first seal whose ``prev`` does not name the run's seal before it (0: none)."""

    @property
    def newest(self) -> Seal | None:
        """The run's newest seal (made from its row when asked: once a run)."""
        return None if self.raw is None else seal_of(self.raw)


@dataclass(frozen=True, slots=True)
class SealFinding:
    """Something the seals do not prove: ``kind`` is ``unsigned`` (entries no seal covers),
    ``untrusted`` (sealed by a key not trusted), ``forged`` (a seal that does not hold),
    ``overlap`` (a seal claims entries another seal covers), ``time`` (a seal earlier than
    the one before it beyond :data:`TIME_TOLERANCE_US`)."""

    kind: str
    first: int
    last: int
    key_id: str = ""
    run: str = ""
    commits: int = 0
    at: int = 0


class SealWalk:
    """Fed every ledger row in seq order (as :data:`SEAL_COLUMNS`' last six columns after
    seq and digest), finds what the seals do not cover and checks each run's hash chain;
    :meth:`finish` checks one signature per run."""

    def __init__(self) -> None:
        self.runs: dict[str, _Run] = {}
        self.unsigned: list[tuple[int, int]] = []
        self.findings: list[SealFinding] = []
        self.next = 1
        self.last_at = 0
        self.end = 0

    def seal(self, seal: Seal) -> None:
        """A sealed entry (the last one of its commit)."""
        self.row((seal.last, seal.digest, seal.first, seal.key_id, seal.run, seal.at,
                  seal.prev, seal.signature))

    def row(self, row: tuple[Any, ...]) -> None:
        """:meth:`seal` of a sealed entry's row as read (:data:`SEAL_COLUMNS`), its values
        read as :func:`seal_of` reads them but no :class:`Seal` made (a frozen dataclass
        costs more to make than the rest of this: only a run's newest one is needed)."""
        last, digest, first, key_id, name, at, prev, _sig = row
        last, first, at = int(last), int(first), int(at or 0)
        key_id, name, prev = str(key_id or ""), str(name or ""), bytes(prev or b"")
        if first > self.next:
            _merge(self.unsigned, self.next, first - 1)
        elif first < self.next:
            self.findings.append(SealFinding("overlap", first, last, key_id, name))
        if at + TIME_TOLERANCE_US < self.last_at:
            self.findings.append(SealFinding("time", first, last, key_id, name, at=at))
        self.last_at = max(self.last_at, at)
        self.next = last + 1
        run = self.runs.get(name)
        if run is None:
            run = self.runs[name] = _Run(key_id, first, last)
        if (prev != run.link or key_id != run.key_id) and not run.broken_at:
            run.broken_at = last
        run.link = hashlib.sha256(seal_message(key_id, name, first, last, str(digest), at,
                                               prev)).digest()
        run.last = last
        run.commits += 1
        run.raw = row

    def close(self, end: int) -> None:
        """After the last row: entries after the newest seal are unsigned."""
        self.end = end
        if self.next <= end:
            _merge(self.unsigned, self.next, end)

    def finish(self, trust: Mapping[str, str], legacy_until: int,
               reread: Any = None) -> list[SealFinding]:
        """The findings: unsigned entries after ``legacy_until``, runs whose key is not
        trusted, runs whose newest seal does not hold. ``reread(run)``: that run's seals
        again, for a run whose chain is broken (each one is then checked alone)."""
        out = list(self.findings)
        for lo, hi in self.unsigned:
            lo = max(lo, legacy_until + 1)
            if lo <= hi:
                out.append(SealFinding("unsigned", lo, hi))
        for name, run in self.runs.items():
            public = trust.get(run.key_id)
            if public is None:
                out.append(SealFinding("untrusted", run.first, run.last, run.key_id, name,
                                       run.commits))
                continue
            newest = run.newest
            if not run.broken_at and newest is not None and newest.holds_under(public):
                continue
            seals = list(reread(name)) if reread is not None else []
            bad = [s for s in seals if s.key_id != run.key_id or not s.holds_under(public)]
            if not seals:
                out.append(SealFinding("forged", run.first, run.last, run.key_id, name,
                                       run.commits))
            for s in bad:
                out.append(SealFinding("forged", s.first, s.last, s.key_id, name, 1))
        return sorted(out, key=lambda f: (f.first, f.kind))
