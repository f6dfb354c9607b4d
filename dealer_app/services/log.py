"""The hand log as a whole: integrity check, export and import of americana-hand/1 records.

``LogService(db)``:
- ``verify_all(progress=None, cancel=None, trust=(), anchors=()) -> VerifyReport``: the
  evidence ledger, the signed checkpoints, the anchor files and every hand replayed
  (``evidence.py``); ``report.broken`` names each thing changed outside the app.
- ``fingerprint() -> Fingerprint | None``: the newest signed checkpoint, for reports.
- ``record(hand_id) -> HandRecord``: a hand as an americana-hand/1 record (its current
  events, each with ``at`` and ``by``; provenance in ``meta``).
- ``export(folder, session_id=None, progress=None, cancel=None) -> ExportReport``: one file
  per hand, each written to a temporary name and renamed, so no file is ever half-written.
- ``import_files(paths, staff, progress=None, cancel=None, on_file=None) ->
  ImportReport``: ``staff`` is the supervisor importing (signed in; anyone else is
  refused). Each file is read through :mod:`dealer_app.engine.record_file` (a regular
  file, size cap, strict UTF-8), checked by the engine and stored in its own transaction,
  its inputs as entered by ``staff``; a refused record is reported and nothing of it is
  stored. What the record claims (a void, corrections, its dealer, who entered each input)
  is kept in ``meta.claims`` and never done (:func:`record_claims`). A record's identity is
  its play (:func:`content_digest`): the same play imported again, whatever its ``meta``
  or its events' other keys say, is reported as already stored, so a killed import can be
  re-run.
  ``on_file(name, outcome, hand_id, message)`` is called after each file (outcome: one of
  ``IMPORT_OUTCOMES``).
``progress(done, total)`` is called after each item; ``cancel()`` returning True stops
between items.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import IO, Any, cast

from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError

from dealer_app.engine.record import HandRecord, RecordError, dump_record
from dealer_app.engine.record_file import read_record_file
from dealer_app.services import importing
from dealer_app.services.core.common import CancelFn, ProgressFn, settings_of
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.core.files import atomic_write
from dealer_app.services.core.types import (
    ExportReport,
    Fingerprint,
    ImportReport,
    StaffMember,
    VerifyReport,
)
from dealer_app.services.error_words import error_text
from dealer_app.services.hand_rows import (
    current_inputs,
    event_of,
    seats_of,
)
from dealer_app.services.importing import Prepared
from dealer_app.storage import chain
from dealer_app.storage.database import Database
from dealer_app.storage.errors import (
    ConflictError,
    NotFoundError,
    StorageError,
)
from dealer_app.storage.models import Checkpoint, GameTable, HandEvent, HandRow
from dealer_app.storage.models import Staff as StaffRow
from dealer_app.storage.notary import SignedCheckpoint
from dealer_app.storage.private import private_folder
from dealer_app.text import tr

BATCH = 500
IMPORT_OUTCOMES = ("stored", "duplicate", "invalid", "refused")
"""``invalid``: not a valid record (unreadable, bad encoding, bad JSON, out of range);
``refused``: a valid record the rules or the database refuse; ``duplicate``: stored before."""
ImportCallback = Callable[[str, str, "int | None", str], None]


class DuplicateRecordError(ConflictError):
    """The record is already stored (same content, or same uid and same content)."""

    def __init__(self, hand_id: int) -> None:
        super().__init__(f"already stored as hand id {hand_id}")
        self.hand_id = hand_id


def content_digest(record: HandRecord) -> str:
    """The identity of a record's play: ``2:`` and the base64 SHA-256 of its settings, seats
    and events (seat, action, card, amount) in order, written canonically. ``meta`` and every
    other key of an event (``at``, ``by``, any made-up key) are left out: they are claims
    about the play, not the play, so the same play is one hand whatever they say."""
    body = {"settings": record.settings.to_dict(),
            "seats": [s.to_dict() for s in record.seats],
            "events": [e.to_dict() for e in record.events]}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "2:" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def file_digest(record: HandRecord) -> str:
    """The identity imports stored before the play digest (64 hex digits): the SHA-256 of
    the record without ``meta`` but with every event key; the same file imported again
    still matches the hand it stored then."""
    body = {k: v for k, v in record.to_dict().items() if k != "meta"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def correction_provenance(rows: Sequence[HandEvent]) -> list[dict[str, Any]]:
    """Each supervisor's correction of a hand, for its exported record's ``meta``: who,
    when (UTC), why, and what was replaced (the input as first recorded, with its time and
    author) by what (``null``: struck). ``replay`` ignores it; the events stay the current
    inputs."""
    standing: dict[int, dict[str, Any] | None] = {}
    """input seq → what stands for it now (the input, or the last correction of it)."""
    out: list[dict[str, Any]] = []
    for r in rows:
        if r.kind == "input" and r.action is not None:
            standing[r.seq] = {"seq": r.seq, "event": event_of(r).to_dict(),
                               "at": chain.iso_utc(r.at), "by": r.staff_name}
        if r.kind != "correct":
            continue
        target = r.target_seq if r.target_seq is not None else -1
        now = event_of(r).to_dict() if r.action is not None else None
        out.append({"seq": r.seq, "at": chain.iso_utc(r.at), "by": r.staff_name,
                    "reason": r.reason, "target": r.target_seq,
                    "replaced": standing.get(target), "with": now})
        standing[target] = None if now is None else {
            "seq": r.seq, "event": now, "at": chain.iso_utc(r.at), "by": r.staff_name}
    return out


def fingerprint(db: Database) -> Fingerprint | None:
    """The newest signed checkpoint of ``db`` (see :meth:`LogService.fingerprint`)."""
    with db.read() as s:
        row = s.scalar(select(Checkpoint).order_by(Checkpoint.seq.desc(),
                                                   Checkpoint.id.desc()).limit(1))
        if row is None:
            return None
        signed = SignedCheckpoint.of_row(row)
        return Fingerprint(signed.fingerprint, row.seq, row.digest, row.at, row.key_id)


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "table"


class LogService:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ verify
    def verify_all(self, progress: ProgressFn | None = None,
                   cancel: CancelFn | None = None, *, trust: Sequence[Path] = (),
                   anchors: Sequence[Path] = (), workers: int | None = None,
                   accept_unanchored: bool = False,
                   witnesses: Sequence[Path] = (), incremental: bool = False,
                   state: Path | None = None, full: bool = False) -> VerifyReport:
        """The ledger, the checkpoints, the anchor files, the witnesses and every hand
        (``evidence.py``). ``incremental`` or ``state``: only what came after the verify
        state file (``state``, else the default one of this ledger) says was verified, and
        the state saved again (``verify_state.py``); ``full`` with them: a full verify that
        saves the state."""
        from dealer_app.services.evidence import verify

        if incremental or state is not None:
            from dealer_app.services.verify_state import verify_with_state

            return verify_with_state(
                self.db, state, full=full, trust=trust, anchors=anchors, progress=progress,
                cancel=cancel, workers=workers, accept_unanchored=accept_unanchored,
                witnesses=witnesses)
        return verify(self.db, trust=trust, anchors=anchors, progress=progress,
                      cancel=cancel, workers=workers, accept_unanchored=accept_unanchored,
                      witnesses=witnesses)

    def fingerprint(self) -> Fingerprint | None:
        """The newest signed checkpoint, short enough to print on a report (None: none yet).
        """
        return fingerprint(self.db)

    # ------------------------------------------------------------------ export
    def record(self, hand_id: int) -> HandRecord:
        with self.db.read() as s:
            row = s.get(HandRow, hand_id)
            if row is None:
                raise NotFoundError(tr("no hand with id {id}").format(id=hand_id))
            rows = list(s.scalars(select(HandEvent).where(HandEvent.hand_id == hand_id)
                                  .order_by(HandEvent.seq)))
            table = s.get(GameTable, row.table_id) if row.table_id else None
            dealer = s.get(StaffRow, row.dealer_id) if row.dealer_id else None
            return self._record(row, rows, table.name if table else None,
                                dealer.name if dealer else None)

    @staticmethod
    def _record(row: HandRow, rows: Sequence[HandEvent], table: str | None,
                dealer: str | None) -> HandRecord:
        inputs = current_inputs(rows)
        meta: dict[str, Any] = dict(json.loads(row.meta_json))
        meta.update({"uid": row.uid, "status": row.status,
                     "started_at": chain.iso_utc(row.started_at),
                     "head_digest": row.head_digest})
        if table is not None:
            meta["table"] = table
        if row.session_id is not None:
            meta["session"] = row.session_id
        if row.number is not None:
            meta["hand"] = row.number
        if dealer is not None:
            meta["dealer"] = dealer
        if row.ended_at is not None:
            meta["ended_at"] = chain.iso_utc(row.ended_at)
        corrections = correction_provenance(rows)
        if corrections:
            meta["corrected"] = True
            meta["corrections"] = corrections
        voids = [r for r in rows if r.kind == "void"]
        if voids:
            meta["void_reason"] = voids[-1].reason
            meta["voided_by"] = voids[-1].staff_name
        return HandRecord(settings=settings_of(row.settings_json),
                          seats=seats_of(row.seats_json),
                          events=tuple(event_of(r) for r in inputs), meta=meta,
                          event_meta=tuple({"at": chain.iso_utc(r.at), "by": r.staff_name}
                                           for r in inputs))

    def export(self, folder: Path | str, session_id: int | None = None,
               progress: ProgressFn | None = None,
               cancel: CancelFn | None = None) -> ExportReport:
        folder = Path(folder)
        try:
            private_folder(folder)  # a folder made here is 0700, its files 0600
        except OSError as exc:
            raise StorageError(tr("cannot make the folder {folder}: {error}").format(
                folder=folder, error=exc.strerror)) from None
        if not folder.is_dir():
            raise StorageError(tr("{folder} is not a folder").format(folder=folder))
        stmt = select(HandRow.id).order_by(HandRow.id)
        if session_id is not None:
            stmt = stmt.where(HandRow.session_id == session_id)
        with self.db.read() as s:
            ids = list(s.scalars(stmt))
            tables = {r[0]: r[1] for r in s.execute(select(GameTable.id, GameTable.name))}
            staff = {r[0]: r[1] for r in s.execute(select(StaffRow.id, StaffRow.name))}
        report = ExportReport()
        used: set[str] = set()
        for start in range(0, len(ids), BATCH):
            chunk = ids[start:start + BATCH]
            with self.db.read() as s:
                hands = list(s.scalars(select(HandRow).where(HandRow.id.in_(chunk))
                                       .order_by(HandRow.id)))
                events: dict[int, list[HandEvent]] = {h.id: [] for h in hands}
                for ev in s.scalars(select(HandEvent).where(HandEvent.hand_id.in_(chunk))
                                    .order_by(HandEvent.hand_id, HandEvent.seq)):
                    events[ev.hand_id].append(ev)
            for row in hands:
                if cancel is not None and cancel():
                    report.cancelled = True
                    return report
                table = tables.get(row.table_id) if row.table_id else None
                record = self._record(row, events[row.id], table,
                                      staff.get(row.dealer_id) if row.dealer_id else None)
                name = (f"{_safe(table)}-hand-{row.number:05d}.json" if table and row.number
                        else f"hand-{row.uid}.json")
                if name.lower() in used:  # two tables whose names read alike in a file name
                    name = f"{name[:-5]}-{row.uid[:8]}.json"
                used.add(name.lower())
                report.written.append(self._write(folder / name, dump_record(record)))
                if progress is not None:
                    progress(len(report.written), len(ids))
        return report

    @staticmethod
    def _write(path: Path, text: str) -> Path:
        try:
            with atomic_write(path) as fh:  # 0600, whole or not at all
                cast(IO[str], fh).write(text)
        except OSError as exc:
            raise StorageError(tr("cannot write {path}: {error}").format(
                path=path, error=exc.strerror)) from None
        return path

    # ------------------------------------------------------------------ import
    def import_files(self, paths: Iterable[Path | str], staff: StaffMember | None = None,
                     progress: ProgressFn | None = None, cancel: CancelFn | None = None,
                     on_file: ImportCallback | None = None) -> ImportReport:
        files = [Path(p) for p in paths]
        report = ImportReport()
        database_files = self._database_files()
        queue: list[tuple[str, Prepared | tuple[str, int | None, str]]] = []
        batch: list[Prepared] = []
        keys: set[str] = set()  # the batch's uids and digests
        opened = 0.0
        done = 0

        def said(name: str, outcome: str, hand_id: int | None, message: str) -> None:
            nonlocal done
            done += 1
            if outcome == "stored" and hand_id is not None:
                report.stored.append((name, hand_id))
            elif outcome == "duplicate" and hand_id is not None:
                report.duplicates.append((name, hand_id))
            else:
                report.refused.append((name, message))
                if outcome == "invalid":
                    report.invalid.append(name)
            if on_file is not None:
                on_file(name, outcome, hand_id, message)
            if progress is not None:
                progress(done, len(files))

        def flush() -> None:  # commits the batch, then says each file's outcome in order
            outcomes = self._store_batch(batch, staff)
            for name, item in queue:
                said(name, *(outcomes[id(item)] if isinstance(item, Prepared) else item))
            queue.clear()
            batch.clear()
            keys.clear()

        for path in files:
            if cancel is not None and cancel():
                report.cancelled = True
                break
            name = str(path)
            item = self._prepare_file(path, staff, database_files)
            if not isinstance(item, Prepared):
                if batch:
                    queue.append((name, item))
                else:
                    said(name, *item)
                continue
            if keys.intersection((item.uid, item.digest, item.old_digest)):
                flush()  # the same hand twice in a batch: the second finds the first stored
            if not batch:
                opened = time.monotonic()
            batch.append(item)
            keys.update((item.uid, item.digest, item.old_digest))
            queue.append((name, item))
            if (len(batch) >= importing.BATCH_RECORDS
                    or time.monotonic() - opened >= importing.BATCH_SECONDS):
                flush()
        flush()
        return report

    def _database_files(self) -> set[tuple[int, int]]:
        """(device, inode) of the SQLite database and its -wal/-shm files."""
        path = self.db.sqlite_path
        if path is None:
            return set()
        found = set()
        for name in (path.name, f"{path.name}-wal", f"{path.name}-shm"):
            try:
                st = os.stat(path.with_name(name))
            except OSError:
                continue
            found.add((st.st_dev, st.st_ino))
        return found

    def _prepare_file(self, path: Path, staff: StaffMember | None,
                      database_files: set[tuple[int, int]]
                      ) -> Prepared | tuple[str, int | None, str]:
        """One file read and checked (see :meth:`_prepare`), or its outcome (outcome, hand
        id, message) when it cannot be stored; never raises for a bad file."""
        try:
            st = os.stat(path)
            if (st.st_dev, st.st_ino) in database_files:  # reading it would drop our locks
                return "invalid", None, "this is the database itself, not a hand record"
            record = read_record_file(str(path))
            return self._prepare(record, staff, path.name)
        except OSError as exc:
            return "invalid", None, f"cannot read it: {exc.strerror or exc}"
        except RecordError as exc:
            return "invalid", None, str(exc)
        except (StorageError, ServiceError) as exc:
            return "refused", None, error_text(exc)

    @staticmethod
    def _prepare(record: HandRecord, staff: StaffMember | None, source: str) -> Prepared:
        return importing.identify(record, staff, source, content_digest(record),
                                  file_digest(record))

    def _store_batch(self, batch: Sequence[Prepared], staff: StaffMember | None
                     ) -> dict[int, tuple[str, int | None, str]]:
        """Stores the batch in one transaction: a play stored already is found by one
        lookup for the batch (and is not replayed); the others are checked and built
        (:func:`importing.build`); a record whose uid names a stored hand, or a batch a
        constraint refuses (another import meanwhile), is taken one record at a time.
        Returns each record's outcome by ``id()``."""
        outcomes: dict[int, tuple[str, int | None, str]] = {}
        if not batch:
            return outcomes
        keys = [k for p in batch for k in (p.uid, p.digest, p.old_digest)]
        with self.db.read() as s:
            rows = list(s.execute(select(HandRow.id, HandRow.uid, HandRow.content_digest).where(
                or_(HandRow.uid.in_(keys), HandRow.content_digest.in_(keys)))))
        by_digest = {row.content_digest: row.id for row in rows}
        now = self.db.now()
        uids = {row.uid for row in rows}
        clean: list[Prepared] = []
        single: list[Prepared] = []
        for p in batch:
            hand_id = by_digest.get(p.digest) or by_digest.get(p.old_digest)
            if hand_id is not None:  # this play is stored: found at once
                outcomes[id(p)] = ("duplicate", hand_id, str(DuplicateRecordError(hand_id)))
                continue
            try:
                assert staff is not None  # (identify checked it)
                importing.build(p, staff, now)
            except StorageError as exc:
                outcomes[id(p)] = ("refused", None, str(exc))
                continue
            if p.uid in uids:  # its uid names a stored hand: the same play, or a conflict
                single.append(p)
            else:
                clean.append(p)
        if len(clean) > 1:
            try:
                with self.db.transaction() as s:
                    importing.store(s, clean)
                outcomes.update((id(p), ("stored", p.hand_id, "")) for p in clean)
            except (IntegrityError, StorageError):
                single = clean + single  # each alone: each gets its own outcome
        else:
            single += clean
        for p in single:
            outcomes[id(p)] = self._store_one(p)
        return outcomes

    def _store_one(self, p: Prepared) -> tuple[str, int | None, str]:
        try:
            return "stored", self._store(p), ""
        except DuplicateRecordError as exc:
            return "duplicate", exc.hand_id, str(exc)
        except StorageError as exc:
            return "refused", None, str(exc)

    def _store(self, p: Prepared) -> int:
        """One prepared record in its own transaction (DuplicateRecordError, ConflictError
        when its play or uid is stored)."""
        self._refuse_stored(p.uid, p.digest, p.old_digest)
        try:
            with self.db.transaction() as s:
                return importing.store(s, [p])[0]
        except IntegrityError:
            self._refuse_stored(p.uid, p.digest)  # stored by another import meanwhile
            raise StorageError(tr("hand {uid} could not be stored (a constraint refused it)")
                               .format(uid=p.uid)) from None

    def import_record(self, record: HandRecord, staff: StaffMember | None = None,
                      source: str = "") -> int:
        """Stores one record in one transaction; raises StorageError (nothing stored) when
        the rules refuse one of its events, :class:`DuplicateRecordError` when it is
        already stored."""
        p = self._prepare(record, staff, source)
        assert staff is not None  # (_prepare checked it)
        importing.build(p, staff, self.db.now())
        return self._store(p)

    def _refuse_stored(self, uid: str, digest: str, old_digest: str = "") -> None:
        """Raises DuplicateRecordError when this play is stored (``old_digest``: the
        record's identity as imports before the play digest stored it), ConflictError when
        its uid names a different hand."""
        with self.db.read() as s:
            rows = list(s.execute(select(HandRow.id, HandRow.uid, HandRow.content_digest)
                                  .where(or_(HandRow.uid == uid,
                                             HandRow.content_digest.in_(
                                                 [digest, old_digest or digest])))))
        for hand_id, _uid, stored_digest in rows:
            if stored_digest in (digest, old_digest):
                raise DuplicateRecordError(hand_id)
        for hand_id, _uid, _stored in rows:
            if content_digest(self.record(hand_id)) == digest:
                raise DuplicateRecordError(hand_id)  # the same play: exported, or older
            raise ConflictError(tr("hand {uid} is already stored as hand id {id} with "
                                   "different content; nothing was stored").format(
                                       uid=uid, id=hand_id))
