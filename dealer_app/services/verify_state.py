"""Incremental ``log verify``: a signed state file kept by the auditor, outside the database.

The model is Certificate Transparency's consistency check: after a verify, the auditor
keeps what was verified (the ledger's id, the last entry walked and its chain digest, the
newest checkpoint, how far each anchor file was read, the highest key of every chained
table, the rows still open, what the seal runs chained to, the findings), signed with the
auditor's own workstation key (``checkpoint-key.pem``), in a file the database's writers
never touch. A later verify with that state checks that the prefix is the one verified
(the ledger id, the digest at that entry, the newest checkpoint then, each anchor file's
last line read) and then verifies only what came after it:

- the ledger entries after it: each link, their seals (the seal runs go on from their
  saved links), the act beside each changed row, the checkpoints and anchor lines since;
- the rows with a key above the saved highest one, the rows of keys the new entries name,
  the rows open then (hands in progress, open sessions, seats not left, calls not
  resolved, players waiting), and every row of the small tables whose rows change (staff,
  tables, station keys, forks);
- the hands after the saved highest one, and the older hands the new entries name or that
  were in progress, replayed by the engine;
- the findings of the earlier runs are told again (they stay until a full verify without
  them).

Not re-read (a full verify, the default, finds them): a row older than the state changed,
inserted or deleted in place *without* a ledger entry (a complete hand's status edited by
SQL, an old stack move deleted), a ledger entry before the state's edited in place with
the chain digest at the state's entry left as it was, an old checkpoint edited or deleted,
an anchor line before the last one read edited. Witness files are read whole.

A state that does not match (another ledger's, a ledger rolled back or rewritten, an anchor
file cut, a state file whose signature does not hold) is a finding; a full verify then runs
instead and the state file is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from datetime import datetime
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Table, bindparam, func, select

from dealer_app.services import evidence
from dealer_app.services.core.common import CancelFn, ProgressFn
from dealer_app.services.core.types import BrokenHand, VerifyReport
from dealer_app.services.evidence import (
    EVENTS,
    HIGHEST,
    LOWEST,
    _Cp,
    _Verifier,
    check_hands,
    check_hands_on,
    start_context,
    table_findings,
)
from dealer_app.services.hand_check import check_hand_range
from dealer_app.services.ledger_walk import PAIRED, older_versions
from dealer_app.services.verify_resume import ResumedAnchors
from dealer_app.services.verify_state_file import (
    FORMAT,
    OPEN,
    STATE_ENV,
    AnchorMark,
    StateMismatch,
    VerifyState,
    _merged,
    _runs,
    _snapshot,
    _state_after,
    _tables,
    _top,
    default_state_dir,
    default_state_file,
)
from dealer_app.storage import ledger, seals
from dealer_app.storage.database import Database
from dealer_app.storage.errors import StorageError
from dealer_app.storage.groups import GROUPED, span
from dealer_app.storage.models import Base, Checkpoint, GameTable, HandRow, LedgerFork
from dealer_app.storage.notary import (
    TRUST_FILE,
    Notary,
    SignedCheckpoint,
    config_dir,
    load_trust,
)

_CHECKPOINTS = cast(Table, Checkpoint.__table__)
ALWAYS = ("staff", "game_table", "station_key", "ledger_fork")
"""Small tables re-read whole by every incremental run (their rows change, or decide what
is trusted)."""

STATE_LABEL = "STATE"
WALKED_EVENTS = 500_000
"""At most this many of the new events' entries are kept from the walk for their rows'
check (more are read again from the ledger)."""
_L = ledger.LEDGER.c
_DIGESTS = select(_L.seq, _L.digest).where(_L.seq.in_(bindparam("seqs", expanding=True)))
"""The stored digests of some entries (NULL: format 3, made from the one before)."""
PARALLEL_FROM = 1000
"""From this many new hands, they are replayed in a forked worker while the ledger is walked
(the worker's start and its own connection cost about 60 ms of CPU: at 100 hands that made
the wall time longer on a loaded machine; a spawned worker costs half a second: never)."""


# ---------------------------------------------------------------------- the verifier
class _Incremental(ResumedAnchors, _Verifier):
    """:class:`evidence._Verifier` that starts from a :class:`VerifyState`."""

    def __init__(self, state: VerifyState, tops: dict[str, int | None], known_id: str | None,
                 db: Database, *args: Any, **kw: Any) -> None:
        super().__init__(db, *args, **kw)
        self.state = state
        self.known_id = known_id
        """The ledger's id as :func:`verify_with_state` read it just before."""
        self.tops = tops
        """Each table's highest key when this run began (``_snapshot``)."""
        self.entries = 0
        self.named: dict[str, set[int]] = {}
        """Table -> first keys the new entries name (rows to check, hands to replay)."""
        self.events_walked: list[tuple[int, str]] | None = []
        """(k1, row digest) of the events' single entries the walk read, in seq order."""

    def run(self, workers: int) -> VerifyReport:
        st = self.state
        L = ledger.LEDGER.c
        with self.db.read() as s:
            conn = s.connection()
            self.ledger_id = self.known_id or ledger.ledger_id(conn)
            if self.ledger_id != st.ledger_id:
                raise self.mismatch(f"it is the state of ledger {st.ledger_id}, but this "
                                    f"database is ledger {self.ledger_id or '(empty)'}: "
                                    "another database's state, or this ledger was rebuilt")
            head = int(s.scalar(select(func.max(L.seq))) or 0)
            if head < st.seq:
                raise self.mismatch(f"entry #{st.seq} was verified, but the ledger now ends "
                                    f"at entry {head}: it was cut back or rolled back")
            at = ledger.digest_at(s.connection(), st.seq) if st.seq else None
            if st.seq and str(at) != st.digest:
                raise self.mismatch(f"the ledger's digest at entry #{st.seq} is no longer the "
                                    "one verified: the ledger up to it was rewritten")
            self.forks = {str(r.parent): r for r in s.execute(
                select(LedgerFork.parent, LedgerFork.parent_seq, LedgerFork.parent_checkpoint,
                       LedgerFork.ledger_id, LedgerFork.reason).order_by(LedgerFork.id))}
        self.anchors = self._read_anchors()  # (before the checkpoints: see LedgerWalk.cut)
        self.witnessed = self._read_witnesses()
        with self.db.one_read():  # (its many short reads: one transaction)
            return self._run(workers)

    def _run(self, workers: int) -> VerifyReport:
        st, L = self.state, ledger.LEDGER.c
        with self.db.read() as s:
            conn = s.connection()
            C = _CHECKPOINTS.c  # (rows, not ORM objects)
            q = select(_CHECKPOINTS)
            if st.checkpoint is not None:
                q = q.where((C.id >= st.checkpoint["id"]) | (C.seq > st.seq))
            self.cps = [_Cp(r.id, SignedCheckpoint.of_row(r))
                        for r in s.execute(q.order_by(C.seq, C.id))]
            if st.checkpoint is not None:
                kept = [c for c in self.cps if c.id == st.checkpoint["id"]]
                if not kept or kept[0].signed.signature != st.checkpoint["signature"]:
                    raise self.mismatch(f"checkpoint {st.checkpoint['id']} (entry "
                                        f"#{st.checkpoint['seq']}), the newest verified, was "
                                        "removed or changed")
            self.cut = self.length = int(s.scalar(select(func.max(L.seq))) or 0)
            self.trust = seals.trusted_keys(conn, self.roots)
            self.known = self._known(s)
            after = st.max_keys.get("hand")
            hq = select(HandRow.id, HandRow.number, HandRow.started_at).order_by(HandRow.id)
            if after is not None:
                hq = hq.where(HandRow.id > after)
            new_hands: list[Any] = list(s.execute(hq))
            self.tables_named = {r[0]: r[1] for r in s.execute(
                select(GameTable.id, GameTable.name))}
        start = (datetime.fromisoformat(st.latest_start) if st.latest_start else None)
        starts: list[Any] = [(0, 0, start)] if start is not None else []
        self.hand_starts = [*starts, *new_hands]
        self.new_hands = [int(r[0]) for r in new_hands]
        self.cp_seqs = [c.signed.seq for c in self.cps]
        self._add_named_checkpoints()
        self.total = max(self.cut - st.seq, 0) + len(self.new_hands) + 1
        self._start_new_hands(workers)
        self._walk_ledger()
        if self.report.cancelled:
            if self.pool is not None:
                self.pool.shutdown(wait=True, cancel_futures=True)
            return self.report
        self._fill_at_seq()
        self._check_checkpoints()
        self._check_seals()
        self._check_anchors()
        self._check_witnesses()
        self._check_tail()
        self._check_times()
        self._check_rows()
        self._check_new_hands()
        self.tick(1)
        return self.report

    def _add_named_checkpoints(self) -> None:
        """The older checkpoints that the anchor and witness lines read name (the last line
        read of another key's anchor file): checked again with the new ones, so that those
        lines are found in the database."""
        have = {c.signed.signature for c in self.cps}
        named = {a.signature: a.seq for _p, _n, a in self.anchors if a is not None}
        named |= {w.checkpoint.signature: w.checkpoint.seq
                  for _f, _n, _t, w in self.witnessed if w is not None}
        seqs = sorted({q for sig, q in named.items() if sig not in have})
        extra: list[_Cp] = []
        if not seqs:
            return
        with self.db.read() as s:
            for i in range(0, len(seqs), 500):
                extra += [_Cp(r.id, SignedCheckpoint.of_row(r)) for r in s.scalars(
                    select(Checkpoint).where(Checkpoint.seq.in_(seqs[i:i + 500])))
                    if r.signature in named and r.signature not in have]
        if extra:
            self.cps = sorted([*self.cps, *extra], key=lambda c: (c.signed.seq, c.id))
            self.cp_seqs = [c.signed.seq for c in self.cps]

    def _known(self, s: Any) -> dict[str, str]:
        from dealer_app.storage.models import StationKey

        keys = {str(r[0]): str(r[1]) for r in s.execute(
            select(StationKey.key_id, StationKey.public_key))}
        for c in self.cps:
            keys.setdefault(c.signed.key_id, c.signed.public_key)
        return keys

    def _legacy_until(self) -> int:
        return self.state.legacy_until

    def _fill_at_seq(self) -> None:
        """The ledger's digest at the entries before the state that checkpoints and anchor
        lines since name (the walk holds those after it)."""
        wanted = set(self.cp_seqs) | {a.seq for _p, _n, a in self.anchors if a is not None}
        wanted |= {w.checkpoint.seq for _f, _n, _t, w in self.witnessed if w is not None}
        old = sorted(q for q in wanted if q <= self.state.seq and q not in self.at_seq)
        if not old:
            return
        with self.db.read() as s:
            for i in range(0, len(old), 500):
                for seq, digest in s.execute(_DIGESTS, {"seqs": old[i:i + 500]}):
                    self.at_seq[int(seq)] = str(digest if digest is not None
                                                else ledger.digest_at(s.connection(), int(seq)))

    # ------------------------------------------------------------------ 1. ledger
    def _walk_start(self) -> tuple[int, str]:
        st = self.state
        return st.seq, st.digest if st.seq else ledger.GENESIS

    def _walk_tail(self) -> set[tuple[str, int]]:
        return {(str(t), int(k)) for t, k, seq in self.state.tail
                if not self.cp_seqs or seq > self.cp_seqs[-1]}

    def _walk_seals(self) -> seals.SealWalk:
        """The seal runs go on from the links the state saved."""
        st = self.state
        walk = seals.SealWalk()
        walk.next = st.seq + 1
        walk.last_at = st.seal_last_at
        for run, (key_id, link) in st.seal_runs.items():
            walk.runs[run] = seals._Run(str(key_id), 0, 0, 0, bytes.fromhex(link))
        L = ledger.LEDGER.c
        if st.rows_seq < st.seq:  # the rows of entries written while the last verify ran
            with self.db.read() as s:  # (after its rows were read)
                self._name(s.execute(select(L.tbl, L.k1, L.k2).where(
                    L.seq > st.rows_seq, L.seq <= st.seq)))
        return walk

    def _name(self, entries: Iterable[Sequence[Any]], at: int = 0
              ) -> dict[str, list[Sequence[Any]]]:
        """The keys of the rows ``entries`` (table, k1, k2 at ``at``, ``at + 1``,
        ``at + 2``) name: to check, to replay. Returns ``entries`` by table."""
        named, tbl_of = self.named, itemgetter(at)
        k1_of, k2_of = itemgetter(at + 1), itemgetter(at + 2)
        tables: dict[str, list[Sequence[Any]]] = {}
        for tbl, group in groupby(sorted(entries, key=tbl_of), tbl_of):  # (in C per table)
            rows = tables[str(tbl)] = list(group)
            mine = named.setdefault(str(tbl), set())
            if tbl in GROUPED and any(map(k2_of, rows)):  # format 4: runs (groups.py)
                for row in rows:
                    k1, k2 = int(row[at + 1]), int(row[at + 2])
                    if k2:
                        mine.update(span(k1, k2))
                    else:
                        mine.add(k1)
            else:
                mine.update(map(int, map(k1_of, rows)))
        return tables

    def _walk_batch(self, s: Any, entries: list[tuple[Any, ...]],
                    versioned: set[tuple[str, int, int]]) -> None:
        """The keys the batch names, and which of its rows that change by acts had a
        version before the state (a version after it is then a change, paired or not);
        the events' entries, for their rows' check (:meth:`_walked_events`)."""
        tables = self._name(entries, 1)
        fresh = {(t, int(e[2]), int(e[3])) for t in PAIRED for e in tables.get(t, ())}
        versioned |= older_versions(s, fresh - versioned, self.state.seq)
        self.entries += len(entries)
        if self.events_walked is not None:
            self.events_walked += [(e[2], e[4]) for e in tables.get(EVENTS, ()) if e[3] == 0]
            if len(self.events_walked) > WALKED_EVENTS:
                self.events_walked = None  # (read again from the ledger: memory bounded)

    def _walked_events(self) -> Any:
        """What ``check_hands_on`` is given of the new events' ledger entries (``given``
        of ``verify_events._EventCheck``): those the walk read, with a key after the
        state's highest (None: too many were kept)."""
        if self.events_walked is None:
            return None
        top = self.state.max_keys.get(EVENTS)
        walked = (self.events_walked if top is None
                  else [e for e in self.events_walked if e[0] > top])
        return (self.state.seq, self.end, walked)

    def _walk_end(self, walk: seals.SealWalk) -> None:
        self.first = self.state.seq + 1
        for name in [r for r, v in walk.runs.items() if v.raw is None]:
            del walk.runs[name]  # not continued since the state: checked then
        for continued in walk.runs.values():
            if continued.first == 0:
                continued.first = self.state.seq + 1

    # ------------------------------------------------------------------ 2. rows
    def _check_rows(self) -> None:
        st = self.state
        for tbl in _tables():
            after = st.max_keys.get(tbl)
            if (tbl not in ALWAYS and after is None and self.tops.get(tbl) is None
                    and not self.named.get(tbl)):
                continue  # empty at the last verify and as this run began, and no new entry
            if tbl in ALWAYS or after is None:  # small, or empty at the last verify
                if tbl != EVENTS:
                    self._rows(table_findings(self.db, tbl), tick=False)
                continue
            named = set(self.named.get(tbl, ()))
            old = named | set(st.open_keys.get("hand" if tbl == "hand_player" else tbl, ()))
            ranges = _runs(sorted(k for k in old if k <= after))
            top = self.tops.get(tbl)
            if tbl != EVENTS and (top is None or top > after or any(k > after for k in named)):
                # the new rows (the new events are checked with the replay of their hands);
                # none when no row had a higher key as this run began and no new entry
                # names one (a row written later is after the state this run saves)
                ranges = _merged([*ranges, (after + 1, _top(tbl))])
            told: set[tuple[str, str, int, int]] = set()
            for lo, hi in ranges:  # (a run of rows met by two ranges is checked by both)
                found = [f for f in table_findings(self.db, tbl, lo, hi, whole=True,
                                                   newest_only=True)
                         if f not in told]
                told.update(found)
                self._rows(found, tick=False)

    # ------------------------------------------------------------------ 5. hands
    def _new_hands_task(self) -> tuple[int, int, int]:
        """(lo, hi, elo) of :func:`evidence.check_hands_on` for the new hands and events."""
        after = self.state.max_keys.get("hand")
        elo = self.state.max_keys.get(EVENTS)
        lo = (after + 1) if after is not None else 0
        hi = self.new_hands[-1] if self.new_hands else lo - 1
        return lo, hi, elo if elo is not None else LOWEST

    def _start_new_hands(self, workers: int) -> None:
        """The replay of the new hands, in a worker process while this one walks the ledger
        when there are enough of them and the worker can be forked (started at once)."""
        self.pool: ProcessPoolExecutor | None = None
        self.future: Future[Any] | None = None
        context = start_context()
        if (workers > 1 and len(self.new_hands) >= PARALLEL_FROM
                and context.get_start_method() == "fork"
                and (self.db.sqlite_path is not None or not self.db.is_sqlite)):
            url = self.db.engine.url.render_as_string(hide_password=False)
            self.pool = ProcessPoolExecutor(1, mp_context=context)
            self.future = self.pool.submit(check_hands, url, *self._new_hands_task(), HIGHEST)

    def _check_new_hands(self) -> None:
        st = self.state
        after = st.max_keys.get("hand")
        try:
            found = (self.future.result() if self.future is not None
                     else check_hands_on(self.db, *self._new_hands_task(), HIGHEST,
                                         self._walked_events(), self.tables_named))
        finally:
            if self.pool is not None:
                self.pool.shutdown(wait=True, cancel_futures=True)
        self._hands(found, len(self.new_hands), tick=False)
        old = set(self.named.get("hand", ())) | set(self.named.get("hand_player", ()))
        old |= set(st.open_keys.get("hand", ()))
        top = st.max_keys.get(EVENTS)
        events = sorted(k for k in self.named.get(EVENTS, ()) if top is None or k <= top)
        if after is not None:
            with self.db.read() as s:
                table = Base.metadata.tables[EVENTS]
                hand = table.c.hand_id
                q = select(hand).where(hand.is_not(None), hand <= after).distinct()
                if top is None:
                    old |= {int(h) for h in s.scalars(q)}
                else:  # the events after the state by their key range: ``hand + 0`` keeps
                    # the planner off the (hand, seq) index, whose range here is every old
                    # event (a cost that grew with the log)
                    old |= {int(h) for h in s.scalars(select(hand).where(
                        table.c.id > top, hand.is_not(None), hand + 0 <= after))}
                for i in range(0, len(events), 500):  # old events with new entries
                    old |= {int(h) for h in s.scalars(q.where(
                        table.c.id.in_(events[i:i + 500])))}
        old = {h for h in old if after is not None and h <= after}
        self.old_hands = sorted(old)
        for lo, hi in _runs(self.old_hands):
            broken = check_hand_range(self.db, lo, hi, self.tables_named)
            self._hands(([(b.hand_id, b.label, b.reason) for b in broken], []),
                        0, tick=False)
        self.report.checked += len(self.old_hands)

# ---------------------------------------------------------------------- entry point
def verify_with_state(db: Database, state_file: Path | None, *, full: bool = False,
                      trust: Sequence[Path] = (), anchors: Sequence[Path] = (),
                      progress: ProgressFn | None = None, cancel: CancelFn | None = None,
                      workers: int | None = None, accept_unanchored: bool = False,
                      witnesses: Sequence[Path] = ()) -> VerifyReport:
    """``log verify --incremental`` / ``--state FILE``: incremental from the state file
    (``state_file`` None: the default one of this ledger) when there is one that matches,
    else a full verify (``full``: always); then the state is saved, unless the state found
    did not match (a finding; the file is left as it is)."""
    with db.read() as s:
        ledger_id = ledger.ledger_id(s.connection())
    path = state_file
    if path is None and ledger_id is not None:
        path = default_state_file(ledger_id)
    trusted = load_trust([config_dir() / TRUST_FILE, *trust])
    state: VerifyState | None = None
    problem = ""
    if path is not None and path.exists() and not full:
        try:
            state = VerifyState.load(path)
            if not state.holds_under(trusted):
                raise StateMismatch(f"its signature (key {state.key_id or '?'}) does not hold "
                                    "under a key this auditor trusts: the file was edited")
        except StateMismatch as exc:
            problem, state = str(exc), None
    snap = _snapshot(db)
    made: list[_Verifier] = []

    def maker(cls: Callable[..., _Verifier], *first: Any) -> Callable[..., _Verifier]:
        def make(*args: Any, **kw: Any) -> _Verifier:
            made.append(cls(*first, *args, **kw))
            return made[-1]
        return make

    options: dict[str, Any] = {"trust": trust, "anchors": anchors, "progress": progress,
                               "cancel": cancel, "workers": workers,
                               "accept_unanchored": accept_unanchored, "witnesses": witnesses}
    report: VerifyReport | None = None
    if state is not None:
        try:
            report = evidence.verify(db, **options,
                                     verifier=maker(_Incremental, state, snap.max_keys,
                                                    ledger_id))
        except StateMismatch as exc:
            problem, made[:] = str(exc), []
    if report is None:
        report = evidence.verify(db, **options, verifier=maker(_Verifier))
    verifier = made[-1]
    fresh = list(report.broken)
    """This run's findings (the state's are told again below)."""
    if isinstance(verifier, _Incremental) and state is not None:
        report.incremental_from = state.seq
        report.incremental_at = state.verified_at
        report.incremental_to = int(getattr(verifier, "end", state.seq))
        seen = {(b.label, b.reason) for b in fresh}
        report.broken.extend(
            BrokenHand(int(h), str(label), f"{reason} (found by the verify up to entry "
                                           f"#{state.seq} or before)")
            for label, reason, h in state.findings if (label, reason) not in seen)
    if problem:
        report.broken.insert(0, BrokenHand(0, f"{STATE_LABEL} {path}", f"{problem}; a full "
                                           "verify was run instead, and the state file was "
                                           "left as it is"))
        return report
    if report.cancelled or path is None or ledger_id is None:
        return report
    new = _state_after(db, verifier, snap, fresh, state,
                      isinstance(verifier, _Incremental))
    if new is not None:
        try:
            new.signed(Notary.load()).save(path)
        except (OSError, StorageError) as exc:
            raise StorageError(f"cannot write the verify state {path}: {exc}") from None
        report.state_file = str(path)
    return report


__all__ = ["FORMAT", "OPEN", "STATE_ENV", "AnchorMark", "StateMismatch", "VerifyState",
           "default_state_dir", "default_state_file", "verify_with_state"]
"""Also the names of ``verify_state_file.py``, importable from here as before."""
