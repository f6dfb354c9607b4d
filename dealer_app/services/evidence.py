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
import gc
import os
import sys
import threading
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from itertools import compress, repeat
from multiprocessing import get_context
from multiprocessing.context import BaseContext
from operator import is_, itemgetter, not_
from pathlib import Path
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import (
    DateTime,
    LargeBinary,
    Table,
    case,
    func,
    select,
    type_coerce,
)

from dealer_app.services.common import CancelFn, ProgressFn
from dealer_app.services.hand_check import check_hand_range
from dealer_app.services.ledger_walk import ACTS as ACTS
from dealer_app.services.ledger_walk import PAIRED as PAIRED
from dealer_app.services.ledger_walk import LedgerWalk
from dealer_app.services.raw_rows import all_rows, driver_sql, plain_rows
from dealer_app.services.types import BrokenHand, VerifyReport
from dealer_app.storage import ledger, seals
from dealer_app.storage.chained import CHAINED, IMMUTABLE
from dealer_app.storage.database import Database
from dealer_app.storage.groups import GROUP_MAX, RunCheck
from dealer_app.storage.models import (
    Base,
    Checkpoint,
    GameTable,
    HandRow,
    LedgerFork,
    TableSession,
)
from dealer_app.storage.notary import (
    TRUST_FILE,
    SignedCheckpoint,
    config_dir,
    default_anchor_dir,
    ledger_of_anchor,
    load_trust,
    read_anchor,
)
from dealer_app.storage.witness import FolderWitness, WitnessLine, check_folder, line_hash

LABELS = {"staff": "staff member", "game_table": "table", "table_session": "session",
          "seating": "seating", "stack_move": "stack move", "hand": "hand",
          "hand_player": "hand player", "hand_event": "hand event", "audit": "audit row"}
PARALLEL_FROM = 3000
"""Fewer hands than this are replayed in this process (starting workers costs more)."""
CHUNK = 1000
MIN_CHUNK = 250
"""Hands replayed by one task: about an eighth of each process's share, within these (the
last task of a worker is what the other process may wait for at the end)."""
SPAN = 20000
"""Keys of one table checked by one task (the tables are split among the workers)."""


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


@dataclass(frozen=True, slots=True)
class _Cp:
    id: int
    signed: SignedCheckpoint


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


class _Verifier(LedgerWalk):
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
            self.length = int(s.scalar(select(func.count()).select_from(ledger.LEDGER)) or 0)
            self.ledger_id = ledger.ledger_id(s.connection())
            self.forks = {str(r.parent): r for r in s.execute(
                select(LedgerFork.parent, LedgerFork.parent_seq, LedgerFork.parent_checkpoint,
                       LedgerFork.ledger_id, LedgerFork.reason).order_by(LedgerFork.id))}
            ids = list(s.scalars(select(HandRow.id).order_by(HandRow.id)))
            cp_table = cast(Table, Checkpoint.__table__)  # rows, not ORM objects
            self.cps = [_Cp(r.id, SignedCheckpoint.of_row(r))
                        for r in s.execute(select(cp_table).order_by(cp_table.c.seq,
                                                                     cp_table.c.id))]
            self.trust = seals.trusted_keys(s.connection(), self.roots)
            self.known = seals.known_keys(s.connection())
            self.hand_starts = list(s.execute(select(HandRow.id, HandRow.number,
                                                     HandRow.started_at)
                                              .order_by(HandRow.id)))
        self.cp_seqs = [c.signed.seq for c in self.cps]
        self.anchors = self._read_anchors()
        self.witnessed = self._read_witnesses()
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
        for cp in self.cps:
            c = cp.signed
            label = f"checkpoint {cp.id} ({c.fingerprint}, {ledger.iso(c.at)})"
            public = self.trust.get(c.key_id)
            if public is None:
                self.fail(label, f"is signed by key {c.key_id}, which is not trusted (not in "
                          "the trust file): the key is unknown, or the checkpoint forged")
                continue
            if not self._holds(c, public):
                self.fail(label, "its signature does not hold: the checkpoint was edited")
                continue
            if c.seq > self.end:
                self.fail(label, f"seals ledger entry {c.seq}, but the ledger ends at "
                          f"{self.end}: entries were removed")
            elif self.at_seq.get(c.seq) != c.digest:
                self.fail(label, "the ledger no longer has the digest this checkpoint sealed: "
                          "entries up to it were changed")
            if c.unvouched:
                self.fail(label, f"its workstation (key {c.key_id}) found ledger entries "
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
        if not self.tail:
            return
        hands = [k for t, k in self.tail if t == "hand"]
        sessions = [k for t, k in self.tail if t == "table_session"]
        with self.db.read() as s:
            for row in s.execute(select(HandRow.id, HandRow.number, HandRow.status)
                                 .where(HandRow.id.in_(hands))):
                if row.status != "in-progress":
                    self.fail(f"hand {row.number} (id {row.id})",
                              f"is {row.status} but no signed checkpoint seals it: it was "
                              "added or changed without the key", row.id)
            for srow in s.execute(select(TableSession.id, TableSession.closed_at)
                                  .where(TableSession.id.in_(sessions))):
                if srow.closed_at is not None:
                    self.fail(f"session {srow.id}", "was closed but no signed checkpoint "
                              "seals it: changed without the key")

    # ------------------------------------------------------------------ 4. anchors
    def _read_anchors(self) -> list[tuple[Path, int, SignedCheckpoint | None]]:
        out: list[tuple[Path, int, SignedCheckpoint | None]] = []
        self.anchored_keys: set[str] = set()
        """Keys with an anchor file of this database's own (``<key>-<ledger>.anchor``)."""
        for folder in self.anchor_dirs:
            paths = [folder] if folder.is_file() else sorted(folder.glob("*.anchor"))
            for path in paths:
                ledger_name = ledger_of_anchor(path)
                fork = self.forks.get(ledger_name or "")
                if ledger_name not in (None, self.ledger_id) and fork is None:
                    self.report.other_anchors.append(path.name)  # another database's
                    continue
                if ledger_name is not None:
                    self.anchored_keys.add(path.stem.partition("-")[0])
                lines = list(read_anchor(path))
                if fork is not None:  # the original's: this copy shares it up to the fork
                    later = [cp for _n, cp in lines if cp is not None and cp.seq > fork.parent_seq]
                    if later:
                        self.report.original_went_on = max(cp.seq for cp in later)
                    lines = [(n, cp) for n, cp in lines if cp is None or cp.seq <= fork.parent_seq]
                out.extend((path, n, cp) for n, cp in lines)
        if self.forks:
            newest = list(self.forks.values())[-1]
            self.report.copy_of = str(newest.parent)
            self.report.copy_from = (int(newest.parent_seq), int(newest.parent_checkpoint))
        return out

    def _check_complete(self) -> None:
        """Every checkpoint of a key with an anchor file of this database is in that file
        (else lines were cut or edited); a database with checkpoints and no anchor file of
        its own at all is UNANCHORED."""
        if not self.cps:
            return
        if not self.anchored_keys:
            keys = sorted({cp.signed.key_id for cp in self.cps})
            self.report.unanchored = (
                f"{len(self.cps)} checkpoints (keys {', '.join(keys)}) but no anchor file of "
                f"this database (ledger {self.ledger_id}) in "
                f"{', '.join(str(d) for d in self.anchor_dirs) or 'no anchor folder'}")
            return
        lines = {a.signature for _p, _n, a in self.anchors if a is not None}
        for cp in self.cps:
            c = cp.signed
        newest = {c.signed.key_id: c.id for c in self.cps}
        for cp in self.cps:
            c = cp.signed
            if c.key_id in self.anchored_keys and c.signature not in lines:
                hint = (" (or the workstation lost power the moment after signing it)"
                        if newest[c.key_id] == cp.id else "")
                self.fail(f"checkpoint {cp.id} ({c.fingerprint}, {ledger.iso(c.at)})",
                          f"is missing from the anchor file of key {c.key_id}: its lines were "
                          f"cut or edited{hint}")

    # ------------------------------------------------------------------ 4b. witnesses
    def _read_witnesses(self) -> list[tuple[Any, int, str, WitnessLine | None]]:
        """Every line the witnesses hold of this ledger (and, for a copy, of its original up
        to the fork)."""
        out: list[tuple[Any, int, str, WitnessLine | None]] = []
        for witness in self.witnesses:
            for ledger_name in witness.ledgers():
                fork = self.forks.get(ledger_name)
                if ledger_name != self.ledger_id and fork is None:
                    continue
                for n, text, line in witness.lines(ledger_name):
                    if (fork is not None and line is not None
                            and line.checkpoint.seq > fork.parent_seq):
                        continue
                    out.append((witness, n, text, line))
        return out

    def _witness_start(self) -> dict[tuple[int, str], tuple[int, str, datetime]]:
        """(id of the witness, ledger) -> (n, hash, time) of the line before the first of
        :attr:`witnessed` (empty: they start at each file's first line; an incremental
        verify, ``verify_state.py``, starts after the lines it verified before)."""
        return {}

    def _check_witnesses(self) -> None:
        stored = {cp.signed.signature: cp for cp in self.cps}
        tolerance = timedelta(microseconds=seals.TIME_TOLERANCE_US)
        previous = self._witness_start()
        for witness, n, text, line in self.witnessed:
            label = f"witness {witness.file(line.ledger if line else '?').name} line {n}"
            if line is None:
                self.fail(label, "is unreadable")
                continue
            public = self.trust.get(line.key_id)
            if public is None or not line.holds_under(public):
                self.fail(label, f"is not countersigned by a trusted witness key "
                          f"({line.key_id})")
                continue
            before = previous.get((id(witness), line.ledger))
            if (before is None and (line.n != 1 or line.prev)) or (
                    before is not None and (line.n != before[0] + 1
                                            or line.prev != before[1])):
                self.fail(label, "does not follow the line before it: lines of the witness "
                          "were removed or changed")
            if before is not None and line.at + tolerance < before[2]:
                self.fail(label, "is dated before the line before it: the witness's clock "
                          "ran backwards")
            previous[(id(witness), line.ledger)] = (line.n, line_hash(text), line.at)
            c = line.checkpoint
            if _aware(c.at) > line.at + tolerance:
                self.fail(label, f"checkpoint {c.fingerprint} is dated {ledger.iso(c.at)}, "
                          f"after the witness received it ({ledger.iso(line.at)}): "
                          "the workstation's clock ran ahead, or the checkpoint was forged")
            if c.signature in stored:
                continue
            if c.seq > self.end:
                self.fail(label, f"the witness received checkpoint {c.fingerprint} of "
                          f"{ledger.iso(c.at)} sealing ledger entry {c.seq}, but the database's "
                          f"ledger ends at {self.end}: it was cut back or rolled back")
            elif self.at_seq.get(c.seq) != c.digest:
                self.fail(label, f"checkpoint {c.fingerprint} the witness received disagrees "
                          "with the database: the ledger up to it was rewritten")
            else:
                self.fail(label, f"checkpoint {c.fingerprint} the witness received is "
                          "missing from the database (removed)")

    def _check_anchors(self) -> None:
        self._check_complete()
        stored = {cp.signed.signature: cp for cp in self.cps}
        for path, n, line in self.anchors:
            label = f"anchor file {path.name} line {n}"
            if line is None:
                self.fail(label, "is unreadable")
                continue
            public = self.trust.get(line.key_id)
            if public is None or not self._holds(line, public):
                self.fail(label, "is not signed by a trusted key")
                continue
            if line.signature in stored:
                if stored[line.signature].signed != line:
                    self.fail(label, "disagrees with the database's checkpoint")
                continue
            if line.seq > self.end:
                self.fail(label, f"checkpoint {line.fingerprint} sealed ledger entry "
                          f"{line.seq}, but the database's ledger ends at {self.end}: "
                          "entries and checkpoints were removed")
            elif self.at_seq.get(line.seq) != line.digest:
                self.fail(label, f"checkpoint {line.fingerprint} disagrees with the database: "
                          "the ledger up to it was rewritten")
            else:
                self.fail(label, f"checkpoint {line.fingerprint} is missing from the "
                          "database (removed)")


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _when(micros: int) -> str:
    return ledger.iso(datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=micros))


def table_findings(db: Database, tbl: str, lo: int | None = None, hi: int | None = None,
                   whole: bool = False) -> list[tuple[str, str, int, int]]:
    """Merge-joins a chained table with the ledger in key order (constant memory): (label,
    inserted|changed|deleted, ledger seq, hand id or 0) for each row that does not match the
    newest ledger entry of its key. ``lo``..``hi``: only keys whose first column is in
    that range (both None: the whole table); a run of rows (format 4, ``groups.py``) is
    checked by the range holding its first key (``whole``: by each range it overlaps)."""
    table = Base.metadata.tables[tbl]
    pk_names = ledger.primary_key(tbl)
    pk = [table.c[n] for n in pk_names]
    names = ledger.digest_columns(tbl)
    extra = [n for n in (*pk_names, "hand_id", "seq", "kind", "amount", "act")
             if n in table.c and n not in names]
    columns = [*names, *dict.fromkeys(extra)]
    at = {n: i for i, n in enumerate(columns)}
    k1_at = at[pk_names[0]]
    k2_at = at[pk_names[1]] if len(pk_names) > 1 else -1
    width = len(names)
    L = ledger.LEDGER.c
    out: list[tuple[str, str, int, int]] = []

    def missing(entry: tuple[int, int, int, str]) -> None:
        if entry[3] != ledger.DELETED:
            out.append((row_label(tbl, entry[0], entry[1]), "deleted", entry[2],
                        entry[0] if tbl in ("hand", "hand_player") else 0))

    entry_q = select(L.k1, L.k2, L.seq, L.row_digest).where(L.tbl == tbl)
    row_q = select(*(_plain_time(table.c[n]) for n in columns))
    runs = RunCheck(LOWEST, HIGHEST)
    if lo is not None and hi is not None:
        entry_q = entry_q.where(L.k1 >= lo, L.k1 <= hi)
        row_q = row_q.where(pk[0] >= lo, pk[0] <= hi)
    matches = ledger.row_matcher(tbl, raw_first=db.is_sqlite)
    with db.read() as s:  # the rows as the driver reads them (see ledger.row_matcher)
        if k2_at < 0:  # format 4: runs of rows, one entry each (groups.py)
            runs = _runs_of(s, tbl, LOWEST if lo is None else lo,
                            HIGHEST if hi is None else hi, whole)
            entry_q = entry_q.where(L.k2 == 0)
        entries: Any = plain_rows(s, entry_q.order_by(L.k1, L.k2, L.seq))
        rows: Any = plain_rows(s, row_q.order_by(*pk))
        if db.is_sqlite and not runs:  # the usual case first, in C: every row as recorded
            entries, rows = list(entries), list(rows)
            if _all_hold(entries, rows, width, k1_at, k2_at):
                return out
        newest = _newest(entries, (lambda a, b: out.append(_second_version(tbl, a, b)))
                         if tbl in IMMUTABLE else None)
        entry = next(newest, None)
        for row in rows:
            key = (int(row[k1_at]), int(row[k2_at]) if k2_at >= 0 else 0)
            while entry is not None and (entry[0], entry[1]) < key:
                missing(entry)
                entry = next(newest, None)
            if entry is None or (entry[0], entry[1]) != key:
                if runs and key[0] in runs.covered:
                    runs.got[key[0]] = (ledger.raw_hashes_2(_trimmed([row], width))[0]
                                        if db.is_sqlite else ledger.row_hash(tbl, row[:width]))
                    continue
                values = dict(zip(columns, row, strict=True))
                out.append((row_label(tbl, *key, values), "inserted", 0, _hand(tbl, values)))
                continue
            if not matches(row[:width], entry[3]):
                values = dict(zip(columns, row, strict=True))
                out.append((row_label(tbl, *key, values), "changed", entry[2],
                            _hand(tbl, values)))
            entry = next(newest, None)
        while entry is not None:
            missing(entry)
            entry = next(newest, None)
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
    L = ledger.LEDGER.c
    q = select(L.k1, L.k2, L.seq, L.row_digest).where(
        L.tbl == tbl, L.k2 != 0, *_within(L.k1, lo - GROUP_MAX if lo != LOWEST else LOWEST,
                                           hi))
    return RunCheck.of(all_rows(s, q), lo, hi, whole)


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


def check_table(url: str, tbl: str, lo: int | None = None,
                hi: int | None = None) -> list[tuple[str, str, int, int]]:
    """In a worker process: :func:`table_findings`."""
    with relaxed_gc():
        return table_findings(_worker_db(url), tbl, lo, hi)


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


EVENTS = "hand_event"
LOWEST, HIGHEST = -(2 ** 63), 2 ** 63 - 1


class _EventCheck:
    """The hand events with ids in (``elo``, ``ehi``] against the ledger, fed the rows the
    replay reads; :meth:`finish` reads the others of the range (events of hands outside
    the replayed range) and names the ledger's keys left without a row."""

    def __init__(self, db: Database, elo: int, ehi: int) -> None:
        table = Base.metadata.tables[EVENTS]
        names = ledger.digest_columns(EVENTS)
        self.columns = [_plain_time(table.c[n]) for n in names]
        """What :meth:`rows` is given: the digest's columns (the replay's among them)."""
        self.names = list(names)
        self.width = len(names)
        self.key_of = itemgetter(names.index("id"))
        self.elo, self.ehi = elo, ehi
        self.raw = db.is_sqlite
        self.matches = ledger.row_matcher(EVENTS, raw_first=self.raw)
        self.out: list[tuple[str, str, int, int]] = []
        L = ledger.LEDGER.c
        stored: Any = L.row_digest
        if self.raw:  # a format 2 digest as the bytes raw_hashes_2 gives (see _full)
            stored = case((func.substr(L.row_digest, 1, 2) == ledger.FORMAT_2,
                           sa.cast(func.substr(L.row_digest, 3), LargeBinary)),
                          else_=L.row_digest)
        with db.read() as s:  # in key order (the index's: no sort), the newest one stays
            self.runs = _runs_of(s, EVENTS, elo + 1, ehi)  # format 4 (groups.py)
            raw, sql = driver_sql(s, select(L.k1, stored).where(
                L.tbl == EVENTS, L.k2 == 0, *_within(L.k1, elo, ehi))
                .order_by(L.k1, L.k2, L.seq))
            cursor = raw.cursor()
            try:
                cursor.execute(sql)
                found = cursor.fetchall()
            finally:
                cursor.close()
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
        table = Base.metadata.tables[EVENTS]
        ids, hand = table.c.id, table.c.hand_id
        with db.read() as s:
            self.rows([tuple(r) for r in s.execute(select(*self.columns).where(
                *_within(ids, self.elo, self.ehi),
                hand.is_(None) | (hand < lo) | (hand > hi)))])
        for key, rd in sorted(self.newest.items()):
            if _full(rd) != ledger.DELETED:
                self.out.append((row_label(EVENTS, key, 0), "deleted", self._seq(key), 0))
        if self.runs:
            self.out.extend(run_findings(db, EVENTS, self.runs))
        return self.out


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


def _within(column: Any, elo: int, ehi: int) -> list[Any]:
    """``elo < column <= ehi``, leaving out the open ends (no integer column holds them)."""
    return [*([column > elo] if elo != LOWEST else []),
            *([column <= ehi] if ehi != HIGHEST else [])]


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


def check_hands_on(db: Database, lo: int, hi: int, elo: int = LOWEST, ehi: int = HIGHEST
                   ) -> tuple[list[tuple[int, str, str]], list[tuple[str, str, int, int]]]:
    """Replays the hands with ids lo..hi (see ``hand_check.check_hand``) and checks the events
    with ids in (elo, ehi] against the ledger, reading each event once."""
    with db.read() as s:
        tables = {r[0]: r[1] for r in s.execute(select(GameTable.id, GameTable.name))}
    events = _EventCheck(db, elo, ehi)
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


_ = cast(Table, HandRow.__table__)
