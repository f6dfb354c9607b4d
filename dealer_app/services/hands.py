"""Hands: start, record inputs, undo, void, and replay any hand from its log.

``HandService(db)``:
- ``start_hand(session_id, dealer) -> HandState``: deals in every seated player not sitting
  out with chips, at their current stacks; numbers hands per table.
- ``record_input(hand_id, event, staff) -> HandState``: the engine checks the input
  (a refused one raises the engine's ``RuleError`` and nothing is stored); it is written
  and committed in one transaction, and only then returned as accepted. When it completes
  the hand, the stack changes are written to the seats in the same transaction.
- ``undo_last(hand_id, staff, reason=None) -> HandState``: appends an ``undo`` row for the
  last input still in force (nothing is deleted). Undoing the input that completed the hand
  takes its stack changes back, unless a later hand has started.
- ``void_hand(hand_id, supervisor, reason) -> HandState``: supervisor only; appends a ``void``
  row; a complete hand's stack changes are taken back for players still seated.
- ``current_hand(session_id) -> HandState | None``: the hand in progress (resume).
- ``hand_state(hand_id, upto=None) -> HandState``: replays the current inputs (only the first
  ``upto`` of them when given).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session

from dealer_app.engine import Action, Event, RuleError, SeatSpec, Settings
from dealer_app.engine.hand import Hand
from dealer_app.services.common import audit, require_supervisor_role, retrying, settings_of
from dealer_app.services.types import HandState, HandStatus, LogEntry, StaffMember
from dealer_app.storage import chain
from dealer_app.storage.database import Database
from dealer_app.storage.errors import (
    ConflictError,
    HandClosedError,
    NotFoundError,
    NothingToUndoError,
    StorageError,
)
from dealer_app.storage.models import (
    GameTable,
    HandEvent,
    HandPlayer,
    HandRow,
    Seating,
    StackMove,
    TableSession,
)


def current_inputs(rows: Sequence[HandEvent]) -> list[HandEvent]:
    """The input rows still in force: every input minus those an undo row names."""
    undone = {r.target_seq for r in rows if r.kind == "undo"}
    return [r for r in rows if r.kind == "input" and r.seq not in undone]


def event_of(row: HandEvent) -> Event:
    assert row.seat is not None and row.action is not None
    return Event(seat=row.seat, action=Action(row.action), card=row.card, to=row.to_amount)


def seats_of(text: str) -> tuple[SeatSpec, ...]:
    return tuple(SeatSpec.from_dict(d) for d in json.loads(text))


def link_of(row: HandEvent) -> chain.ChainLink:
    return chain.ChainLink(seq=row.seq, kind=row.kind, seat=row.seat, action=row.action,
                           card=row.card, to=row.to_amount, target_seq=row.target_seq,
                           by=row.staff_name, at=row.at, reason=row.reason)


def append_event(s: Session, hand: HandRow, seq: int, kind: str, *, by: str,
                 staff_id: int | None, at: datetime, event: Event | None = None,
                 target_seq: int | None = None, reason: str | None = None) -> HandEvent:
    """Adds one chained row to a hand's log and moves the hand's chain head."""
    row = HandEvent(hand_id=hand.id, seq=seq, kind=kind,
                    seat=event.seat if event else None,
                    action=event.action.value if event else None,
                    card=event.card if event else None, to_amount=event.to if event else None,
                    target_seq=target_seq, staff_id=staff_id, staff_name=by, at=at,
                    reason=reason, digest="")
    row.digest = link_of(row).digest(hand.head_digest)
    hand.head_digest = row.digest
    s.add(row)
    return row


def replay_rows(settings: Settings, seats: Sequence[SeatSpec], inputs: Sequence[HandEvent],
                hand_id: int) -> Hand:
    try:
        return Hand.replay(settings, seats, [event_of(r) for r in inputs])
    except RuleError as exc:
        raise StorageError(f"hand {hand_id}: its stored event {getattr(exc, 'index', '?')} "
                           f"is refused by the rules ({exc.message})") from None


def build_state(row: HandRow, rows: Sequence[HandEvent], upto: int | None = None,
                hand: Hand | None = None) -> HandState:
    """The hand's state by replaying its rows (or ``hand``, already replayed by the caller)."""
    settings = settings_of(row.settings_json)
    seats = seats_of(row.seats_json)
    if hand is None:
        inputs = current_inputs(rows)
        if upto is not None:
            inputs = inputs[:max(0, upto)]
        hand = replay_rows(settings, seats, inputs, row.id)
    undone = {r.target_seq for r in rows if r.kind == "undo"}
    log = tuple(LogEntry(seq=r.seq, kind=r.kind,
                         event=event_of(r) if r.seat is not None else None,
                         target_seq=r.target_seq, by=r.staff_name, at=r.at, reason=r.reason,
                         undone=r.kind == "input" and r.seq in undone) for r in rows)
    return HandState(hand_id=row.id, uid=row.uid, table_id=row.table_id,
                     session_id=row.session_id, number=row.number,
                     status=HandStatus(row.status), settings=settings, seats=seats,
                     started_at=row.started_at, ended_at=row.ended_at, log=log, hand=hand)


def load_rows(s: Session, hand_id: int) -> list[HandEvent]:
    return list(s.scalars(select(HandEvent).where(HandEvent.hand_id == hand_id)
                          .order_by(HandEvent.seq)))


def write_result(s: Session, row: HandRow, hand: Hand, at: datetime) -> None:
    """Marks a hand complete and moves its stack changes to the seats."""
    row.status = HandStatus.COMPLETE.value
    row.ended_at = at
    row.pot = sum(p.amount for p in hand.pots())
    stacks = hand.stacks
    for player in s.scalars(select(HandPlayer).where(HandPlayer.hand_id == row.id)):
        player.stack_after = stacks[player.seat]
        delta = player.stack_after - player.stack_before
        if player.seating_id is not None and delta:
            seating = s.get(Seating, player.seating_id)
            assert seating is not None
            seating.stack += delta
            s.add(StackMove(seating_id=seating.id, kind="hand", amount=delta, hand_id=row.id,
                            at=at))


def take_back_result(s: Session, row: HandRow, at: datetime, kind: str,
                     staff_id: int | None, reason: str | None,
                     open_only: bool) -> list[str]:
    """Undoes a complete hand's stack changes; returns the players it could not (left)."""
    skipped = []
    for player in s.scalars(select(HandPlayer).where(HandPlayer.hand_id == row.id)):
        if player.stack_after is None:
            continue
        delta = player.stack_after - player.stack_before
        seating = s.get(Seating, player.seating_id) if player.seating_id else None
        if seating is not None and delta:
            if seating.left_at is not None:
                if open_only:
                    skipped.append(player.player)
                    continue
                raise ConflictError(f"{player.player} has left the table")
            seating.stack -= delta
            s.add(StackMove(seating_id=seating.id, kind=kind, amount=-delta, hand_id=row.id,
                            staff_id=staff_id, at=at, reason=reason))
        player.stack_after = None
    row.pot = 0
    return skipped


class HandService:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ reading
    def hand_state(self, hand_id: int, upto: int | None = None) -> HandState:
        with self.db.transaction() as s:
            row = self._hand(s, hand_id)
            return build_state(row, load_rows(s, hand_id), upto)

    def current_hand(self, session_id: int) -> HandState | None:
        with self.db.transaction() as s:
            row = s.scalar(select(HandRow).where(
                HandRow.session_id == session_id,
                HandRow.status == HandStatus.IN_PROGRESS.value).order_by(HandRow.id.desc()))
            if row is None:
                return None
            return build_state(row, load_rows(s, row.id))

    def last_hand(self, session_id: int) -> HandState | None:
        """The latest hand of a session, whatever its status."""
        with self.db.transaction() as s:
            row = s.scalar(select(HandRow).where(HandRow.session_id == session_id)
                           .order_by(HandRow.id.desc()).limit(1))
            return None if row is None else build_state(row, load_rows(s, row.id))

    # ------------------------------------------------------------------ writing
    def start_hand(self, session_id: int, dealer: StaffMember) -> HandState:
        def start() -> HandState:
            with self.db.transaction() as s:
                session = s.get(TableSession, session_id)
                if session is None:
                    raise NotFoundError(f"no session with id {session_id}")
                if session.closed_at is not None:
                    raise ConflictError(f"session {session_id} is closed")
                if s.scalar(select(exists().where(
                        HandRow.session_id == session_id,
                        HandRow.status == HandStatus.IN_PROGRESS.value))):
                    raise ConflictError("a hand is already in progress at this table")
                seatings = list(s.scalars(select(Seating).where(
                    Seating.session_id == session_id, Seating.left_at.is_(None),
                    Seating.sitting_out.is_(False), Seating.stack > 0).order_by(Seating.seat)))
                if len(seatings) < 2:
                    raise ConflictError("a hand needs at least two players with chips")
                table = s.get(GameTable, session.table_id)
                assert table is not None
                settings = settings_of(table.settings_json)
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
                return build_state(row, [])

        return retrying(start, "starting a hand")

    def record_input(self, hand_id: int, event: Event, staff: StaffMember) -> HandState:
        """Stores one dealer input; raises ``RuleError`` (nothing stored) if refused."""
        def record() -> HandState:
            with self.db.transaction() as s:
                row = self._hand(s, hand_id, lock=True)
                self._in_progress(row)
                rows = load_rows(s, hand_id)
                state = build_state(row, rows)
                state.hand.apply(event)  # RuleError: rolled back, nothing stored
                now = self.db.now()
                rows.append(append_event(s, row, len(rows) + 1, "input", by=staff.name,
                                         staff_id=staff.id, at=now, event=event))
                if state.hand.complete:
                    write_result(s, row, state.hand, now)
                return build_state(row, rows, hand=state.hand)

        return retrying(record, "recording an input")

    def undo_last(self, hand_id: int, staff: StaffMember,
                  reason: str | None = None) -> HandState:
        def undo() -> HandState:
            with self.db.transaction() as s:
                row = self._hand(s, hand_id, lock=True)
                if row.status == HandStatus.VOID.value:
                    raise HandClosedError(f"hand {row.number} is void")
                rows = load_rows(s, hand_id)
                inputs = current_inputs(rows)
                if not inputs:
                    raise NothingToUndoError("there is no input to undo in this hand")
                now = self.db.now()
                if row.status == HandStatus.COMPLETE.value:
                    if s.scalar(select(exists().where(HandRow.session_id == row.session_id,
                                                      HandRow.id > row.id))):
                        raise ConflictError("a later hand has started; a supervisor can "
                                            "void or correct this one")
                    take_back_result(s, row, now, "hand-undo", staff.id, reason,
                                     open_only=False)
                    row.status = HandStatus.IN_PROGRESS.value
                    row.ended_at = None
                target = inputs[-1]
                rows.append(append_event(s, row, len(rows) + 1, "undo", by=staff.name,
                                         staff_id=staff.id, at=now, event=event_of(target),
                                         target_seq=target.seq, reason=reason))
                return build_state(row, rows)

        return retrying(undo, "undoing an input")

    def void_hand(self, hand_id: int, supervisor: StaffMember, reason: str) -> HandState:
        why = require_supervisor_role(supervisor, reason, "voiding a hand")

        def void() -> HandState:
            with self.db.transaction() as s:
                row = self._hand(s, hand_id, lock=True)
                if row.status == HandStatus.VOID.value:
                    raise HandClosedError(f"hand {row.number} is already void")
                now = self.db.now()
                skipped: list[str] = []
                if row.status == HandStatus.COMPLETE.value:
                    skipped = take_back_result(s, row, now, "void", supervisor.id, why,
                                               open_only=True)
                rows = load_rows(s, hand_id)
                rows.append(append_event(s, row, len(rows) + 1, "void", by=supervisor.name,
                                         staff_id=supervisor.id, at=now, reason=why))
                row.status = HandStatus.VOID.value
                row.ended_at = row.ended_at or now
                audit(s, at=now, act="void-hand", staff=supervisor, reason=why,
                      table_id=row.table_id, session_id=row.session_id, hand_id=row.id,
                      detail={"number": row.number, "not_returned_to": skipped})
                return build_state(row, rows)

        return retrying(void, "voiding a hand")

    # ------------------------------------------------------------------ internals
    @staticmethod
    def _hand(s: Session, hand_id: int, lock: bool = False) -> HandRow:
        row = s.get(HandRow, hand_id, with_for_update=lock)
        if row is None:
            raise NotFoundError(f"no hand with id {hand_id}")
        return row

    @staticmethod
    def _in_progress(row: HandRow) -> None:
        if row.status != HandStatus.IN_PROGRESS.value:
            raise HandClosedError(f"hand {row.number} is {row.status}; it takes no more inputs")
