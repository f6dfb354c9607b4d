"""Hands: start, record inputs, undo, void, and replay any hand from its log.

``HandService(db)``:
- ``start_hand(session_id, dealer) -> HandState``: deals in every seated player not sitting
  out with chips, at their current stacks; numbers hands per table.
- ``record_input(hand_id, event, staff) -> HandState``: the engine checks the input
  (a refused one raises the engine's ``RuleError`` and nothing is stored); it is written
  and committed in one transaction, and only then returned as accepted. When it completes
  the hand, the stack changes are written to the seats in the same transaction.
  Keeps the last replayed hand per hand id (keyed by the hand row's chain head: the update
  that moves the head on from the cached one locks the row, so other programs writing the
  same hand are seen): an input costs that update and one insert, not a reload and replay
  of the whole hand; in a transaction without an ORM session
  (``Database.core_transaction``), its ledger entry and seal written by the same code.
- ``undo_last(hand_id, staff, reason=None) -> HandState``: appends an ``undo`` row for the
  last input still in force (nothing is deleted). Undoing an input of a completed hand needs
  a supervisor and a reason (rule 11.3; audited, marks the hand corrected) and takes its
  stack changes back, unless a later hand has started.
- ``correct_input(hand_id, target_seq, replacement, supervisor, reason) -> HandState``: a
  supervisor replaces (or, with None, strikes) one input still in force, as an appended
  ``correct`` row (rule 9.5: a hole card recorded wrong). The corrected inputs must replay,
  else ``StorageError`` names the first refused one (nothing stored). A completed hand is
  re-awarded (the stack changes move by the difference), or returns to in progress when it
  no longer completes (only if no later hand started at its table). Audited; marks the hand
  corrected.
- ``void_hand(hand_id, supervisor, reason) -> HandState``: supervisor only; appends a ``void``
  row; a complete hand's stack changes are taken back: into the stacks of players still
  seated, and as ``owed`` stack moves (in the session's chip reconciliation) for players who
  have left. ``owed(hand_id)`` lists those; ``left_players(hand_id)`` names them beforehand.
- ``current_hand(session_id) -> HandState | None``: the hand in progress (resume).
- ``hand_state(hand_id, upto=None) -> HandState``: replays the current inputs (only the first
  ``upto`` of them when given).

The rows and their replay are ``hand_rows.py``'s, the stacks a result moves
``hand_results.py``'s, the undo, correction and void ``hand_corrections.py``'s (the names
others import from here stay importable).
"""

from __future__ import annotations

import json
import threading
import uuid
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, NamedTuple, cast

from sqlalchemy import Table, exists, func, select
from sqlalchemy.orm import Session

from dealer_app.engine import Event, RuleError, SeatSpec, Settings, SettingsError
from dealer_app.engine.hand import Hand
from dealer_app.engine.misdeal import Misdeal, MisdealKind
from dealer_app.engine.stacks import can_deal
from dealer_app.services import hand_corrections
from dealer_app.services.core.common import (
    RECONNECT_FOR,
    reconnecting,
    retrying,
    settings_of,
)
from dealer_app.services.core.errors import HandClosed, Refusal
from dealer_app.services.core.types import HandState, HandStatus, LogEntry, StaffMember
from dealer_app.services.hand_results import complete_cached, write_result
from dealer_app.services.hand_rows import (
    append_event,
    build_state,
    current_inputs,
    event_of,
    hand_row,
    load_rows,
    log_entries,
    read_state,
    replay_rows,
    seats_of,
    state_of,
)
from dealer_app.services.hand_rows import pot_of as pot_of  # (importing.py takes it here)
from dealer_app.services.hand_statements import MOVE_AND_INSERT as _MOVE_AND_INSERT
from dealer_app.services.hand_statements import MOVE_HEAD as _MOVE_HEAD
from dealer_app.services.hand_statements import MOVE_HEAD_ONLY as _MOVE_HEAD_ONLY
from dealer_app.services.hand_statements import STORED_INPUT as _STORED_INPUT
from dealer_app.services.hand_statements import new_input_id as new_input_id
from dealer_app.services.leases import check_lease, lease_held
from dealer_app.storage import chain, ledger
from dealer_app.storage.bulk import insert_row, update_rows
from dealer_app.storage.database import Database
from dealer_app.storage.errors import (
    ConflictError,
    NotFoundError,
)
from dealer_app.storage.ledger import WriteSession
from dealer_app.storage.models import (
    GameTable,
    HandEvent,
    HandPlayer,
    HandRow,
    Seating,
    TableSession,
)
from dealer_app.text import tr

# Prepared once: the statements of the common path of record_input (hand_statements.py).
_HAND_TABLE = cast(Table, HandRow.__table__)
_EVENT_TABLE = cast(Table, HandEvent.__table__)
_IN_PROGRESS = HandStatus.IN_PROGRESS.value


class StateRow(NamedTuple):
    """A hand row's :data:`STATE_COLUMNS`, as :func:`state_of` reads them."""

    id: int
    uid: str
    table_id: int | None
    session_id: int | None
    number: int | None
    status: str
    started_at: datetime
    ended_at: datetime | None
    corrected: bool

    @classmethod
    def of(cls, row: Any) -> StateRow:
        return cls(row.id, row.uid, row.table_id, row.session_id, row.number, row.status,
                   row.started_at, row.ended_at, row.corrected)


@dataclass(frozen=True, slots=True)
class Replayed:
    """A hand as last replayed by a :class:`HandService`: valid while the hand row's chain
    head is ``head``. ``hand`` is private to the cache: copies are handed out. ``row`` and
    ``pot``: the hand row as committed with that head (every other change of a hand row
    appends to its log, and so moves its head)."""

    head: str
    count: int
    settings: Settings
    seats: tuple[SeatSpec, ...]
    log: tuple[LogEntry, ...]
    hand: Hand
    row: StateRow
    pot: int


CACHE_SIZE = 32


class _FullPath(Exception):
    """Raised in a transaction without an ORM session: roll back, take the session's path."""


class HandService:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._replayed: OrderedDict[int, Replayed] = OrderedDict()
        self._lock = threading.Lock()
        self.cache_hits = 0
        """Inputs recorded without reloading the hand (for tests and benchmarks)."""

    # ------------------------------------------------------------------ reading
    def hand_state(self, hand_id: int, upto: int | None = None) -> HandState:
        return read_state(self.db, hand_id, upto)

    def current_hand(self, session_id: int) -> HandState | None:
        with self.db.read() as s:
            row = s.scalar(select(HandRow).where(
                HandRow.session_id == session_id,
                HandRow.status == HandStatus.IN_PROGRESS.value).order_by(HandRow.id.desc()))
            if row is None:
                return None
            return build_state(row, load_rows(s, row.id))

    def last_hand(self, session_id: int) -> HandState | None:
        """The latest hand of a session, whatever its status."""
        with self.db.read() as s:
            row = s.scalar(select(HandRow).where(HandRow.session_id == session_id)
                           .order_by(HandRow.id.desc()).limit(1))
            return None if row is None else build_state(row, load_rows(s, row.id))

    # ------------------------------------------------------------------ writing
    def start_hand(self, session_id: int, dealer: StaffMember,
                   workstation: str | None = None) -> HandState:
        """``workstation``: the window dealing it, which must hold the table's lease."""
        def start() -> HandState:
            with self.db.transaction() as s:
                session = s.get(TableSession, session_id, with_for_update=True)
                if session is None:
                    raise NotFoundError(tr("no session with id {id}").format(id=session_id))
                check_lease(s, session.table_id, workstation, self.db.now())
                if session.closed_at is not None:
                    raise ConflictError(tr("session {id} is closed").format(id=session_id))
                if s.scalar(select(exists().where(
                        HandRow.session_id == session_id,
                        HandRow.status == HandStatus.IN_PROGRESS.value))):
                    raise ConflictError(tr("a hand is already in progress at this table"))
                seatings = list(s.scalars(select(Seating).where(
                    Seating.session_id == session_id, Seating.left_at.is_(None),
                    Seating.sitting_out.is_(False), Seating.stack > 0).order_by(Seating.seat)))
                if not can_deal(r.stack for r in seatings):  # the engine's rule 3.2
                    raise ConflictError(tr("a hand needs at least two players with chips"))
                table = s.get(GameTable, session.table_id)
                assert table is not None
                settings = settings_of(table.settings_json)
                try:  # the engine's rule; refused when settings change, so only an older
                    Hand(settings, [SeatSpec(r.seat, r.player, r.stack)  # database lands here
                                    for r in seatings])
                except SettingsError as exc:
                    raise ConflictError(tr("no hand can be dealt: {error}. A supervisor adjusts "
                                           "the stack or the table settings first")
                                        .format(error=exc)) from None
                seats = [SeatSpec(r.seat, r.player, r.stack).to_dict() for r in seatings]
                number = 1 + (s.scalar(select(func.max(HandRow.number))
                                       .where(HandRow.table_id == table.id)) or 0)
                now = self.db.now()
                uid = str(uuid.uuid4())
                row = HandRow(uid=uid, table_id=table.id, session_id=session_id,
                              number=number, dealer_id=dealer.id, origin="app",
                              settings_json=json.dumps(settings.to_dict()),
                              seats_json=json.dumps(seats), meta_json="{}",
                              status=HandStatus.IN_PROGRESS.value, pot=0, started_at=now,
                              head_digest=chain.header_digest(uid, settings.to_dict(), seats,
                                                              now))
                s.add(row)
                s.flush()
                s.add_all(HandPlayer(hand_id=row.id, seat=r.seat, player=r.player,
                                     seating_id=r.id, stack_before=r.stack) for r in seatings)
                state = build_state(row, [])
                head, state_row = row.head_digest, StateRow.of(row)
            # committed: the first input finds the hand cached (no reload and replay)
            self._remember(state.hand_id, Replayed(head, 0, state.settings, state.seats,
                                                   state.log, state.hand.copy(),
                                                   state_row, 0))
            return state

        return retrying(start, tr("starting a hand"))

    def record_input(self, hand_id: int, event: Event, staff: StaffMember,
                     workstation: str | None = None, input_id: str | None = None, *,
                     reconnect_for: float = RECONNECT_FOR) -> HandState:
        """Stores one dealer input; raises ``RuleError`` (nothing stored) if refused, and
        ``LeaseLostError`` when ``workstation`` (the window recording it) no longer holds
        the table's lease (checked in the same transaction).

        ``input_id`` is the id the station chose for this typed input (a new UUID when
        None); stored with it, and unique. When the connection to the server breaks, the
        transaction runs again on a new connection for up to ``reconnect_for`` seconds; each
        attempt after the first reads the id back first, so an input whose commit went
        through but whose reply was lost is answered, not stored twice. Past that time:
        ``ConnectionLostError``; calling again with the same ``input_id`` is safe."""
        input_id = input_id or new_input_id()
        tries = 0

        def record() -> HandState:
            nonlocal tries
            tries += 1
            taken: list[Replayed] = []
            try:
                if tries == 1 and self.db.core_writes:
                    done = self._record_core(hand_id, event, staff, workstation, input_id,
                                             taken)
                    if done is not None:  # committed
                        self._remember(hand_id, done[1])
                        return done[0]
                with self.db.transaction() as s:
                    stored = tries > 1 and self._stored(s, input_id)
                    if not stored:
                        try:
                            fast = self._record_cached(s, hand_id, event, staff,
                                                       workstation, input_id, taken)
                            if fast is not None:
                                state, after = fast
                            else:
                                state, after = self._record_loaded(s, hand_id, event, staff,
                                                                   workstation, input_id)
                        except (RuleError, HandClosed):  # refused before writing: sent
                            if tries > 1 or not self._stored(s, input_id):  # again, maybe
                                raise
                            stored = True
            except BaseException:
                if taken:  # not committed: the cache as it was
                    self._put_back(hand_id, taken[0])
                raise
            if stored:  # an earlier commit of it went through; its reply was lost
                return self.hand_state(hand_id)
            # committed: only now may the cache move on (the state has its own copy)
            self._remember(hand_id, after)
            return state

        return reconnecting(lambda: retrying(record, tr("recording an input")),
                            reconnect_for)

    def _record_core(self, hand_id: int, event: Event, staff: StaffMember,
                     workstation: str | None, input_id: str | None,
                     taken: list[Replayed]) -> tuple[HandState, Replayed] | None:
        """:meth:`_record_cached` in a transaction without an ORM session
        (``Database.core_transaction``: the same ledger entry, seal and checkpoint). None:
        nothing was stored, take the session's path (which also says why an input is
        refused)."""
        try:
            with self.db.core_transaction() as tx:
                fast = self._record_cached(tx, hand_id, event, staff, workstation, input_id,
                                           taken)
                if fast is None:
                    raise _FullPath
                return fast
        except _FullPath:
            if taken:
                self._put_back(hand_id, taken.pop())
            return None

    def _record_cached(self, s: WriteSession, hand_id: int, event: Event, staff: StaffMember,
                       workstation: str | None, input_id: str | None,
                       taken: list[Replayed]) -> tuple[HandState, Replayed] | None:
        """The common case, with plain statements instead of the ORM's unit of work: the
        hand is cached (an input completing it included: :func:`complete_cached`). The
        hand row is not read: the one statement that moves its chain head on from the
        cache's head locks it and proves the cache current (on SQLite run by the driver,
        as the event's insert). None (nothing written): take the full path, which reads
        the row and says why an input is refused (the cache may be behind another
        program's input). ``taken``: gets the cache's entry once its hand took the input
        (until committed, the cache lacks it: :meth:`_put_back` if the commit fails)."""
        conn = s.connection()  # (SQLite: BEGIN IMMEDIATE, before the cache is touched)
        base = self._take(hand_id)
        if base is None:
            return None
        if base.row.status != _IN_PROGRESS:
            self._remember(hand_id, base)
            return None
        hand = base.hand  # the cache's own, taken out of it: back in once committed
        try:
            hand.apply(event)
        except RuleError:  # (which changes nothing)
            self._remember(hand_id, base)
            return None
        taken.append(base)
        now = self.db.now()
        seq, action = base.count + 1, event.action.value
        digest = chain.ChainLink(seq=seq, kind="input", seat=event.seat, action=action,
                                 card=event.card, to=event.to, target_seq=None,
                                 by=staff.name, at=now, reason=None).digest(base.head)
        pot = base.pot if hand.complete else pot_of(hand)
        move = _MOVE_HEAD_ONLY if pot == base.pot else _MOVE_HEAD
        moving = {"hand_id": hand_id, "head": base.head, "was_status": _IN_PROGRESS,
                  "digest": digest, "pot": pot}
        values = {
            "hand_id": hand_id, "seq": seq, "kind": "input", "seat": event.seat,
            "action": action, "card": event.card, "to_amount": event.to,
            "target_seq": None, "staff_id": staff.id, "staff_name": staff.name, "at": now,
            "reason": None, "digest": "", "input_id": input_id}  # (see append_event)
        event_id: int | None = None
        if conn.dialect.name == "postgresql":  # one round trip for both
            event_id = conn.execute(_MOVE_AND_INSERT[move], {
                **{f"m_{name}": value for name, value in moving.items()},
                **{f"e_{name}": value for name, value in values.items()}}).scalar()
            moved = 0 if event_id is None else 1
        else:  # (SQLite: each by the driver, in this process)
            moved = update_rows(conn, move, moving)
        if moved != 1:  # another program moved the hand on: the cache is behind
            taken.clear()
            return None
        if not lease_held(conn, base.row.table_id, workstation):
            if not isinstance(s, Session):
                raise _FullPath  # (the session's path says why)
            check_lease(s, base.row.table_id, workstation, now)  # LeaseLostError
        with self._lock:
            self.cache_hits += 1
        if event_id is None:
            event_id = insert_row(conn, _EVENT_TABLE, values)
        ledger.note_row(s, "hand_event", {**values, "id": event_id})
        row = base.row
        if hand.complete:
            complete = complete_cached(s, hand_id, row.session_id, digest, hand, now)
            row, pot = StateRow.of(complete), int(complete.pot)
        entry = LogEntry(seq=seq, kind="input", event=event, target_seq=None,
                         by=staff.name, at=now, reason=None, step=len(hand.events))
        after = Replayed(digest, seq, base.settings, base.seats, (*base.log, entry), hand,
                         row, pot)
        return state_of(row, after.settings, after.seats, after.log, hand.copy()), after

    def _record_loaded(self, s: Session, hand_id: int, event: Event, staff: StaffMember,
                       workstation: str | None,
                       input_id: str | None) -> tuple[HandState, Replayed]:
        row = hand_row(s, hand_id, lock=True)
        self._in_progress(row)
        check_lease(s, row.table_id, workstation, self.db.now())
        base = self._cached(hand_id, row.head_digest)
        if base is None:
            base = self._replay(row, load_rows(s, hand_id))
        hand = base.hand.copy()
        hand.apply(event)  # RuleError: rolled back, nothing stored
        now = self.db.now()
        new = append_event(s, row, base.count + 1, "input", by=staff.name,
                           staff_id=staff.id, at=now, event=event, input_id=input_id)
        if hand.complete:
            write_result(s, row, hand, now)
        else:
            row.pot = pot_of(hand)
        entry = LogEntry(seq=new.seq, kind="input", event=event_of(new), target_seq=None,
                         by=staff.name, at=now, reason=None, step=len(hand.events))
        after = Replayed(row.head_digest, base.count + 1, base.settings, base.seats,
                         (*base.log, entry), hand, StateRow.of(row), row.pot)
        return state_of(row, after.settings, after.seats, after.log, hand.copy()), after

    def undo_last(self, hand_id: int, staff: StaffMember,
                  reason: str | None = None, workstation: str | None = None) -> HandState:
        return hand_corrections.undo_last(self.db, hand_id, staff, reason, workstation)

    def correct_input(self, hand_id: int, target_seq: int, replacement: Event | None,
                      supervisor: StaffMember, reason: str) -> HandState:
        """A supervisor replaces (``replacement``) or strikes (None) the input ``target_seq``
        (see :func:`hand_corrections.correct_input`)."""
        return hand_corrections.correct_input(self.db, hand_id, target_seq, replacement,
                                              supervisor, reason)

    def declare_misdeal(self, hand_id: int, kind: MisdealKind, supervisor: StaffMember,
                        reason: str, card: str | None = None,
                        second: StaffMember | None = None) -> HandState:
        """A misdeal declared at the table voids the hand in progress (rule 11.2)."""
        return hand_corrections.declare_misdeal(self.db, hand_id, kind, supervisor, reason,
                                                card, second)

    def void_hand(self, hand_id: int, supervisor: StaffMember, reason: str,
                  second: StaffMember | None = None, *,
                  misdeal: Misdeal | None = None) -> HandState:
        """Voids a hand; ``second``: the other supervisor above the dual-control amount."""
        return hand_corrections.void_hand(self.db, hand_id, supervisor, reason, second,
                                          misdeal=misdeal)

    def void_needs_second(self, hand_id: int) -> int:
        """The dual-control amount when voiding this hand needs a second supervisor, else 0."""
        return hand_corrections.void_needs_second(self.db, hand_id)

    def owed(self, hand_id: int) -> list[tuple[str, int]]:
        """What voiding this hand left owed to players who had left the table."""
        return hand_corrections.owed(self.db, hand_id)

    def left_players(self, hand_id: int) -> list[str]:
        """Players of this complete hand who have left the table since, their stack changed."""
        return hand_corrections.left_players(self.db, hand_id)

    # ------------------------------------------------------------------ internals
    @staticmethod
    def _stored(s: Session, input_id: str) -> bool:
        return s.execute(_STORED_INPUT, {"input_id": input_id}).first() is not None

    def _take(self, hand_id: int) -> Replayed | None:
        """The hand as this service last recorded it, whatever the database holds now,
        taken out of the cache (a caller that changes its hand must not leave it there)."""
        with self._lock:
            return self._replayed.pop(hand_id, None)

    def _put_back(self, hand_id: int, base: Replayed) -> None:
        """After a failed commit: the entry :meth:`_take` took, its hand as it was before
        the input (replayed without it), unless the cache holds the hand again."""
        hand = Hand.replay(base.settings, base.seats, base.hand.events[:-1])
        with self._lock:
            if hand_id not in self._replayed:
                self._replayed[hand_id] = replace(base, hand=hand)

    def _cached(self, hand_id: int, head: str) -> Replayed | None:
        with self._lock:
            entry = self._replayed.get(hand_id)
            if entry is None or entry.head != head:
                return None
            self._replayed.move_to_end(hand_id)
            self.cache_hits += 1
            return entry

    def _remember(self, hand_id: int, entry: Replayed) -> None:
        with self._lock:
            self._replayed[hand_id] = entry
            self._replayed.move_to_end(hand_id)
            while len(self._replayed) > CACHE_SIZE:
                self._replayed.popitem(last=False)

    @staticmethod
    def _replay(row: HandRow, rows: Sequence[HandEvent]) -> Replayed:
        settings = settings_of(row.settings_json)
        seats = seats_of(row.seats_json)
        hand = replay_rows(settings, seats, current_inputs(rows), row.id)
        return Replayed(row.head_digest, len(rows), settings, seats, log_entries(rows), hand,
                        StateRow.of(row), row.pot)

    @staticmethod
    def _in_progress(row: HandRow) -> None:
        if row.status != HandStatus.IN_PROGRESS.value:
            raise HandClosed(Refusal.HAND_VOID_NO_INPUTS if row.status == HandStatus.VOID.value
                             else Refusal.HAND_COMPLETE_NO_INPUTS, number=row.number)
