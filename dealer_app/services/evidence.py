"""``log verify``: the ledger, the signed checkpoints, the anchor files and every hand.

:func:`verify` checks, naming what fails:
1. the ledger: sequence without gaps, each entry's digest over the one before it;
2. every chained row against the newest ledger entry of its key (a row changed, inserted
   or deleted outside the app), each table merge-joined with the ledger in key order, in
   ranges of ``SPAN`` keys shared among the workers (memory bounded by a range);
3. every checkpoint: signed by a trusted key, its signature holds, and the ledger at its
   entry still has the digest it sealed; entries after the newest checkpoint may only
   belong to work in progress (a completed hand or closed session there is unsealed);
4. every anchor file line: the checkpoint it holds is in the database and the ledger still
   agrees with it (catches a ledger cut back together with its checkpoints);
5. every hand replayed by the engine (its own chain, status, pot, rake, stacks), in
   chunks given to a worker process while this process walks the ledger; this process
   then takes chunks from the back of the worker's queue, so both cores work to the end.
"""

from __future__ import annotations

import bisect
import os
import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    Table,
    func,
    select,
)

from dealer_app.services.core.common import CancelFn, ProgressFn
from dealer_app.services.core.types import BrokenHand, VerifyReport
from dealer_app.services.ledger_walk import ACTS as ACTS
from dealer_app.services.ledger_walk import PAIRED as PAIRED
from dealer_app.services.ledger_walk import LedgerWalk
from dealer_app.services.verify_anchors import AnchorChecks, _aware
from dealer_app.services.verify_events import (
    check_hands,
    check_hands_on,
    check_table,
    event_bounds,
    relaxed_gc,
    start_context,
)
from dealer_app.services.verify_rows import (
    EVENTS,
    HIGHEST,
    LABELS,
    LOWEST,
    key_ranges,
    row_label,
    table_findings,
)
from dealer_app.storage import ledger, seals
from dealer_app.storage.database import Database
from dealer_app.storage.models import (
    Base,
    Checkpoint,
    HandRow,
    LedgerFork,
    TableSession,
)
from dealer_app.storage.models.chained import CHAINED
from dealer_app.storage.notary import (
    TRUST_FILE,
    SignedCheckpoint,
    config_dir,
    default_anchor_dir,
    load_trust,
)
from dealer_app.storage.witness import FolderWitness, check_folder

PARALLEL_FROM = 3000
"""Fewer hands than this are replayed in this process (starting workers costs more)."""
CHUNK = 1000
MIN_CHUNK = 250
"""Hands replayed by one task: about an eighth of each process's share, within these (the
last task of a worker is what the other process may wait for at the end)."""
SPAN = 20000
"""Keys of one table checked by one task (the tables are split among the workers)."""


@dataclass(frozen=True, slots=True)
class _Cp:
    id: int
    signed: SignedCheckpoint


class _Verifier(AnchorChecks, LedgerWalk):
    cps: list[_Cp]
    def __init__(self, db: Database, trust_files: Sequence[Path], anchor_dirs: Sequence[Path],
                 progress: ProgressFn | None, cancel: CancelFn | None,
                 witnesses: Sequence[Any] = ()) -> None:
        self.witnesses = list(witnesses)
        self.db = db
        self.roots = load_trust(trust_files)
        self.trust: dict[str, str] = dict(self.roots)
        self.anchor_dirs = anchor_dirs
        self.progress = progress
        self.cancel = cancel
        self.report = VerifyReport()
        self.held: dict[tuple[str, SignedCheckpoint], bool] = {}
        self.done = 0
        self.total = 0

    row_label = staticmethod(row_label)

    # ------------------------------------------------------------------ helpers
    def fail(self, label: str, reason: str, hand_id: int = 0) -> None:
        self.report.broken.append(BrokenHand(hand_id, label, reason))

    def since(self, seq: int) -> str:
        i = bisect.bisect_left(self.cp_seqs, seq) - 1
        if i < 0:
            return "before the first checkpoint"
        cp = self.cps[i].signed
        return f"since checkpoint {cp.fingerprint} of {ledger.iso(cp.at)}"

    def tick(self, n: int) -> bool:
        self.done += n
        if self.progress is not None:
            self.progress(min(self.done, self.total), self.total)
        if self.cancel is not None and self.cancel():
            self.report.cancelled = True
            return False
        return True

    # ------------------------------------------------------------------ run
    def run(self, workers: int) -> VerifyReport:
        with self.db.read() as s:
            self.ledger_id = ledger.ledger_id(s.connection())
            self.forks = {str(r.parent): r for r in s.execute(
                select(LedgerFork.parent, LedgerFork.parent_seq, LedgerFork.parent_checkpoint,
                       LedgerFork.ledger_id, LedgerFork.reason).order_by(LedgerFork.id))}
        # (the log's cut, see LedgerWalk.cut: the anchor and witness lines first, each
        # written once its checkpoint was committed; then the checkpoints; then the head)
        self.anchors = self._read_anchors()
        self.witnessed = self._read_witnesses()
        with self.db.read() as s:
            cp_table = cast(Table, Checkpoint.__table__)  # rows, not ORM objects
            self.cps = [_Cp(r.id, SignedCheckpoint.of_row(r))
                        for r in s.execute(select(cp_table).order_by(cp_table.c.seq,
                                                                     cp_table.c.id))]
            self.cut = int(s.scalar(select(func.max(ledger.LEDGER.c.seq))) or 0)
            self.length = int(s.scalar(select(func.count()).select_from(ledger.LEDGER)) or 0)
            ids = list(s.scalars(select(HandRow.id).order_by(HandRow.id)))
            self.trust = seals.trusted_keys(s.connection(), self.roots)
            self.known = seals.known_keys(s.connection())
            self.hand_starts = list(s.execute(select(HandRow.id, HandRow.number,
                                                     HandRow.started_at)
                                              .order_by(HandRow.id)))
        self.cp_seqs = [c.signed.seq for c in self.cps]
        tables = [t for t in CHAINED if t in Base.metadata.tables]
        size = min(CHUNK, max(MIN_CHUNK, -(-len(ids) // (8 * max(workers, 1)))))
        chunks = [ids[i:i + size] for i in range(0, len(ids), size)]
        bounds = event_bounds(self.db, chunks)
        if chunks:  # the events are checked with the replay of their hands
            tables = [t for t in tables if t != EVENTS]
        parts = [(t, lo, hi) for t in tables for lo, hi in key_ranges(self.db, t, SPAN)]
        self.total = self.length + len(ids) + len(parts)
        url = self.db.engine.url.render_as_string(hide_password=False)
        parallel = (workers > 1 and len(ids) >= PARALLEL_FROM and self.db.sqlite_path is not None
                    or workers > 1 and len(ids) >= PARALLEL_FROM and not self.db.is_sqlite)
        tasks: list[tuple[Any, tuple[Any, ...]]] = [
            *((check_table, (url, *p)) for p in parts),
            *((check_hands, (url, c[0], c[-1], *b)) for c, b in zip(chunks, bounds, strict=True))]
        futures: dict[int, Future[Any]] = {}
        done: dict[int, Any] = {}
        queue = deque(range(len(tasks)))
        """Tasks not begun: the workers take them from the front, this process (once it has
        walked the ledger) from the back, so both cores work to the end."""
        lock = threading.Lock()
        pool: ProcessPoolExecutor | None = None
        feeder: threading.Thread | None = None
        if parallel:
            pool = ProcessPoolExecutor(workers - 1, mp_context=start_context())
            running = {self._submit(pool, tasks, queue, futures)
                       for _ in range(min(workers - 1, len(tasks)))}  # forks here, no thread yet
            feeder = threading.Thread(target=self._feed, daemon=True,
                                      args=(pool, tasks, queue, lock, futures, running))
            feeder.start()
        try:
            self._walk_ledger()
            if not self.report.cancelled:
                self._check_checkpoints()
                self._check_seals()
                self._check_anchors()
                self._check_witnesses()
                self._check_tail()
                self._check_times()
            while not self.report.cancelled:
                with lock:
                    if not queue:
                        break
                    i = queue.pop()
                done[i] = self._local(i - len(parts), *tasks[i][1][1:])
                self.tick(len(chunks[i - len(parts)]) if i >= len(parts) else 1)
            if feeder is not None:
                feeder.join()
            for i in range(len(tasks)):
                if self.report.cancelled:
                    break
                found = done[i] if i in done else futures[i].result()
                if i < len(parts):
                    self._rows(found, tick=i not in done)
                else:
                    self._hands(found, len(chunks[i - len(parts)]), tick=i not in done)
        finally:
            if pool is not None:
                with lock:
                    queue.clear()
                pool.shutdown(wait=True, cancel_futures=True)
        return self.report

    @staticmethod
    def _submit(pool: ProcessPoolExecutor, tasks: Sequence[tuple[Any, tuple[Any, ...]]],
                queue: deque[int], futures: dict[int, Future[Any]]) -> Future[Any]:
        i = queue[0]
        fn, args = tasks[i]
        futures[i] = pool.submit(fn, *args)
        queue.popleft()  # only once given (a broken pool's task stays for this process)
        return futures[i]

    def _feed(self, pool: ProcessPoolExecutor, tasks: Sequence[tuple[Any, tuple[Any, ...]]],
              queue: deque[int], lock: threading.Lock, futures: dict[int, Future[Any]],
              running: set[Future[Any]]) -> None:
        """In a thread: gives the workers the next task from the front as each one ends
        (one a worker at a time, so none is left waiting for a worker at the end)."""
        slots = len(running)
        while running:
            _ended, running = wait(running, return_when=FIRST_COMPLETED)
            with lock:
                try:
                    while len(running) < slots and queue and not self.report.cancelled:
                        running.add(self._submit(pool, tasks, queue, futures))
                except BrokenProcessPool:
                    return  # its failed tasks raise when their results are read

    def _local(self, chunk: int, *args: Any) -> Any:
        """A task run in this process: a table range (``chunk`` < 0), or a chunk of hands."""
        return check_hands_on(self.db, *args) if chunk >= 0 else table_findings(self.db, *args)

    def _hands(self, found: tuple[list[tuple[int, str, str]],
                                  list[tuple[str, str, int, int]]], count: int,
               tick: bool = True) -> None:
        broken, events = found
        self._rows(events, tick=False)
        for hand_id, label, reason in broken:
            self.fail(label, reason, hand_id)
        self.report.checked += count
        if tick:
            self.tick(count)

    # ------------------------------------------------------------------ 2. rows
    def _rows(self, findings: list[tuple[str, str, int, int]], tick: bool = True) -> None:
        for label, what, seq, hand_id in findings:
            if what == "inserted":
                self.fail(label, "is not in the ledger: inserted outside the app", hand_id)
            elif what == "changed":
                self.fail(label, f"was changed outside the app after ledger entry {seq} "
                          f"recorded it ({self.since(seq)})", hand_id)
            elif what == "versions":
                self.fail(label, "has a second version, but the app writes this row once "
                          f"and never changes it ({self.since(seq)})", hand_id)
            else:
                self.fail(label, f"was deleted outside the app (ledger entry {seq} recorded "
                          f"it, {self.since(seq)})", hand_id)
        if tick:
            self.tick(1)

    # ------------------------------------------------------------------ 3. checkpoints
    def _check_checkpoints(self) -> None:
        if not self.cps and self.length:
            self.fail("checkpoints", f"the ledger holds {self.length} entries but no signed "
                      "checkpoint: nothing of it is sealed")
        def label(cp: _Cp) -> str:  # (made only for a finding)
            return f"checkpoint {cp.id} ({cp.signed.fingerprint}, {ledger.iso(cp.signed.at)})"

        trust, at_seq, end = self.trust, self.at_seq, self.end
        for cp in self.cps:
            c = cp.signed
            public = trust.get(c.key_id)
            if public is None:
                self.fail(label(cp), f"is signed by key {c.key_id}, which is not trusted (not "
                          "in the trust file): the key is unknown, or the checkpoint forged")
                continue
            if not self._holds(c, public):
                self.fail(label(cp), "its signature does not hold: the checkpoint was edited")
                continue
            if c.seq > end:
                self.fail(label(cp), f"seals ledger entry {c.seq}, but the ledger ends at "
                          f"{end}: entries were removed")
            elif at_seq.get(c.seq) != c.digest:
                self.fail(label(cp), "the ledger no longer has the digest this checkpoint "
                          "sealed: entries up to it were changed")
            if c.unvouched:
                self.fail(label(cp), f"its workstation (key {c.key_id}) found ledger entries "
                          f"{c.unvouched} signed by no key it trusts when it signed it")

    def _holds(self, signed: SignedCheckpoint, public: str) -> bool:
        """``signed.holds_under(public)``, checked once for each checkpoint: an anchor
        line equal to a stored checkpoint (every field, the signature among them) holds
        or fails with it."""
        held = self.held.get((public, signed))
        if held is None:
            held = self.held[(public, signed)] = signed.holds_under(public)
        return held

    # ------------------------------------------------------------------ 3b. seals
    def _legacy_until(self) -> int:
        """Entries up to here may be unsealed: written before seals existed (migration
        0012), vouched for by the first format 2 checkpoint (or, before one exists, sealed
        by the newest format 1 checkpoint)."""
        newest_1 = 0
        for cp in self.cps:
            c = cp.signed
            public = self.trust.get(c.key_id)
            if public is None or not self._holds(c, public) or self.at_seq.get(c.seq) != c.digest:
                continue
            if c.unvouched is not None:
                return c.seq
            newest_1 = max(newest_1, c.seq)
        return newest_1

    def _reread(self, run: str) -> list[Any]:
        with self.db.read() as s:
            rows = s.execute(select(*seals.SEAL_COLUMNS).where(ledger.LEDGER.c.seal_run == run)
                             .order_by(ledger.LEDGER.c.seq)).all()
        return [seal for seal in map(seals.seal_of, rows) if seal is not None]

    def _check_seals(self) -> None:
        for f in self.walk.finish(self.trust, self._legacy_until(), self._reread):
            entries = (f"ledger entries {f.first} to {f.last}" if f.first != f.last
                       else f"ledger entry {f.first}")
            if f.kind == "unsigned":
                self.fail(entries, f"no workstation's key signed them: written outside the "
                          f"app ({self.since(f.first)})")
            elif f.kind == "untrusted":
                known = " (a key this database names)" if f.key_id in self.known else ""
                self.fail(entries, f"signed by key {f.key_id}{known}, which is not trusted "
                          f"({f.commits} commits of one process): a key nobody admitted, "
                          "or import the floor's keys (dealer-app keys import)")
            elif f.kind == "forged":
                self.fail(entries, f"their seal (key {f.key_id}) does not hold: the seal or "
                          "the entries were changed or forged")
            elif f.kind == "overlap":
                self.fail(entries, f"a seal (key {f.key_id}) claims entries another seal "
                          "covers: forged")
            else:
                self.fail(entries, f"sealed at {_when(f.at)}, earlier than the commit before "
                          f"it beyond {seals.TIME_TOLERANCE_US // 1_000_000} s: the "
                          "workstation's clock ran backwards, or the entries were forged")

    def _check_times(self) -> None:
        """A checkpoint or a hand that starts earlier than the one before it on this ledger
        (beyond the tolerance): a clock set back, or rows forged."""
        tolerance = timedelta(microseconds=seals.TIME_TOLERANCE_US)
        latest = None
        for cp in self.cps:
            c = cp.signed
            if latest is not None and _aware(c.at) + tolerance < latest:
                self.fail(f"checkpoint {cp.id} ({c.fingerprint}, {ledger.iso(c.at)})",
                          f"is dated before the checkpoint before it ({ledger.iso(latest)}): "
                          "the clock ran backwards")
            latest = max(latest, _aware(c.at)) if latest is not None else _aware(c.at)
        latest = None
        for hand_id, number, started in self.hand_starts:
            if started is None:
                continue
            at = _aware(started)
            if latest is not None and at + tolerance < latest:
                self.fail(f"hand {number} (id {hand_id})",
                          f"starts at {ledger.iso(at)}, before the hand stored before it "
                          f"({ledger.iso(latest)}): the clock ran backwards", hand_id)
            latest = max(latest, at) if latest is not None else at

    def _check_tail(self) -> None:
        """A completed hand or a closed session after the newest checkpoint: sealed by
        none, unless the row changed after the cut (the next run judges it) or a
        checkpoint committed during the run seals it (on PostgreSQL a station signs a
        completed hand's checkpoint right after its commit, ``ledger_checkpoint.py``)."""
        if not self.tail:
            return
        hands = [k for t, k in self.tail if t == "hand"]
        sessions = [k for t, k in self.tail if t == "table_session"]
        with self.db.read() as s:
            done = [(("hand", r.id), f"hand {r.number} (id {r.id})",
                     f"is {r.status} but no signed checkpoint seals it{UNSEALED}", r.id)
                    for r in s.execute(select(HandRow.id, HandRow.number, HandRow.status)
                                       .where(HandRow.id.in_(hands)))
                    if r.status != "in-progress"]
            done += [(("table_session", r.id), f"session {r.id}",
                      f"was closed but no signed checkpoint seals it{UNSEALED}", 0)
                     for r in s.execute(select(TableSession.id, TableSession.closed_at)
                                        .where(TableSession.id.in_(sessions)))
                     if r.closed_at is not None]
            if not done:
                return
            last = self._newest_entries(s, [key for key, *_ in done])
            sealed = self._sealed_during_the_run(s)
        for key, label, reason, hand_id in done:
            seq = last.get(key, 0)
            if (self.cut is None or seq <= self.cut) and seq > sealed:
                self.fail(label, reason, hand_id)

    @staticmethod
    def _newest_entries(s: Any, keys: list[tuple[str, int]]) -> dict[tuple[str, int], int]:
        L = ledger.LEDGER.c
        out: dict[tuple[str, int], int] = {}
        for tbl in {t for t, _k in keys}:
            ks = [k for t, k in keys if t == tbl]
            for k1, seq in s.execute(select(L.k1, func.max(L.seq))
                                     .where(L.tbl == tbl, L.k1.in_(ks)).group_by(L.k1)):
                out[(tbl, int(k1))] = int(seq)
        return out

    def _sealed_during_the_run(self, s: Any) -> int:
        """The newest entry up to the cut that a checkpoint committed since the run read
        the checkpoints seals (its signature under a trusted key, its digest the walk's);
        else the newest checkpoint's entry."""
        newest = self.cp_seqs[-1] if self.cp_seqs else 0
        if self.cut is None:
            return newest
        C = cast(Table, Checkpoint.__table__).c
        read = {c.id for c in self.cps}
        for row in s.execute(select(cast(Table, Checkpoint.__table__))
                             .where(C.seq > newest, C.seq <= self.cut)
                             .order_by(C.seq.desc())):
            cp = SignedCheckpoint.of_row(row)
            public = self.trust.get(cp.key_id)
            if row.id not in read and public is not None and self._holds(cp, public) \
                    and self.tail_ends.get(cp.seq) == cp.digest and not cp.unvouched:
                return cp.seq
        return newest


UNSEALED = (": changed without the key, or its workstation stopped before it signed the "
            "checkpoint (the next checkpoint then seals it)")


def _when(micros: int) -> str:
    return ledger.iso(datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=micros))


def verify(db: Database, *, trust: Sequence[Path] = (), anchors: Sequence[Path] = (),
           progress: ProgressFn | None = None, cancel: CancelFn | None = None,
           workers: int | None = None, accept_unanchored: bool = False,
           witnesses: Sequence[Path] = (),
           verifier: Callable[..., _Verifier] | None = None) -> VerifyReport:
    """Everything above. ``trust``: extra trust files (the configuration folder's is always
    read); ``anchors``: anchor folders or files (default: the data folder's);
    ``witnesses``: witness folders (default: ``DEALER_APP_WITNESS`` if set). A database
    with checkpoints but no anchor file of its own is a finding (UNANCHORED) unless
    ``accept_unanchored`` (then only ``report.unanchored`` says so). ``verifier``: makes
    the verifier instead of :class:`_Verifier` (same arguments; ``verify_state.py``)."""
    db.settle()  # the anchor lines on disk; no background thread left to stop a fork
    trust_files = [config_dir() / TRUST_FILE, *trust]
    anchor_dirs = list(anchors) or [default_anchor_dir()]
    anchor_dirs = [p for p in anchor_dirs if p.exists()]
    with relaxed_gc():
        folders = list(witnesses)
        if not folders and (env := FolderWitness.from_env()) is not None \
                and env.folder.is_dir():
            folders = [env.folder]
        report = (verifier or _Verifier)(db, trust_files, anchor_dirs, progress, cancel,
                           [check_folder(f) for f in folders]).run(
            workers if workers is not None else min(2, os.cpu_count() or 1))
    if report.unanchored and not accept_unanchored:
        report.broken.insert(0, BrokenHand(0, "UNANCHORED database", report.unanchored))
    return report


__all__ = ["ACTS", "EVENTS", "HIGHEST", "LABELS", "LOWEST", "PAIRED", "check_hands",
           "check_hands_on", "check_table", "event_bounds", "key_ranges", "relaxed_gc",
           "row_label", "start_context", "table_findings", "verify"]
"""Also the names of the modules ``log verify`` was split into (``verify_rows.py``,
``verify_events.py``, ``ledger_walk.py``), importable from here as before."""
