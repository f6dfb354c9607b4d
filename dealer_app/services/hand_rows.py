"""A hand's stored log rows and what they replay to: which inputs are in force after the
undos and corrections (``resolve``, ``current_inputs``), the log as the windows list it
(``log_entries``), a new chained row (``append_event``), and the hand's state replayed from
its rows (``build_state``, ``read_state``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from dealer_app.engine import Action, Event, RuleError, SeatSpec, Settings, SettingsError
from dealer_app.engine.hand import Hand
from dealer_app.services.core.common import (
    settings_of,
)
from dealer_app.services.core.types import HandState, HandStatus, LogEntry
from dealer_app.storage import chain
from dealer_app.storage.database import Database
from dealer_app.storage.errors import (
    NotFoundError,
    StorageError,
)
from dealer_app.storage.models import (
    HandEvent,
    HandRow,
)
from dealer_app.text import tr


@dataclass(frozen=True, slots=True)
class Slot:
    """One place among a hand's current inputs: the input stored there first (``origin``,
    its seq) and the row in force there now (that input, or a correction of it)."""

    origin: int
    row: HandEvent


def slot_of(slots: Sequence[Slot], seq: int) -> int | None:
    for i in range(len(slots) - 1, -1, -1):
        if slots[i].origin == seq or slots[i].row.seq == seq:
            return i
    return None


def resolve(rows: Sequence[HandEvent]) -> tuple[list[Slot], dict[int, int]]:
    """Applies the undos and corrections in log order. Returns the current inputs as slots
    (in play order) and, for each input or correction no longer in force, the seq of the
    undo or correction that took it out. An undo or correction names its target by the
    seq of the input first stored in that place (or of the row standing there)."""
    slots: list[Slot] = []
    out: dict[int, int] = {}
    for r in rows:
        if r.kind == "input":
            slots.append(Slot(r.seq, r))
        elif r.kind in ("undo", "correct") and r.target_seq is not None:
            i = slot_of(slots, r.target_seq)
            if i is None:
                continue
            out[slots[i].row.seq] = r.seq
            if r.kind == "correct" and r.action is not None:
                slots[i] = Slot(slots[i].origin, r)
            else:
                del slots[i]
    return slots, out


def current_inputs(rows: Sequence[HandEvent]) -> list[HandEvent]:
    """The rows in force, in play order: inputs not undone or struck, and the corrections
    standing in the place of the inputs they replaced."""
    inputs = []
    for r in rows:  # most logs hold inputs only: no slots to resolve
        kind = r.kind
        if kind == "input":
            inputs.append(r)
        elif kind == "undo" or kind == "correct":
            return [slot.row for slot in resolve(rows)[0]]
    return inputs


def log_entries(rows: Sequence[HandEvent]) -> tuple[LogEntry, ...]:
    slots, out = resolve(rows)
    steps = {slot.row.seq: i for i, slot in enumerate(slots, 1)}
    return tuple(LogEntry(seq=r.seq, kind=r.kind,
                          event=event_of(r) if r.seat is not None and r.action else None,
                          target_seq=r.target_seq, by=r.staff_name, at=r.at, reason=r.reason,
                          undone=r.seq in out, step=steps.get(r.seq),
                          superseded_by=out.get(r.seq)) for r in rows)


def event_of(row: HandEvent) -> Event:
    assert row.seat is not None and row.action is not None
    return Event(seat=row.seat, action=Action(row.action), card=row.card, to=row.to_amount)


def seats_of(text: str) -> tuple[SeatSpec, ...]:
    return tuple(SeatSpec.from_dict(d) for d in json.loads(text))


def link_of(row: HandEvent) -> chain.ChainLink:
    return chain.ChainLink(seq=row.seq, kind=row.kind, seat=row.seat, action=row.action,
                           card=row.card, to=row.to_amount, target_seq=row.target_seq,
                           by=row.staff_name, at=row.at, reason=row.reason)


def new_event_row(hand_id: int, seq: int, kind: str, *, by: str, staff_id: int | None,
                  at: datetime, event: Event | None = None, target_seq: int | None = None,
                  reason: str | None = None, input_id: str | None = None) -> HandEvent:
    """A log row not yet chained (empty digest) nor added to a session."""
    return HandEvent(hand_id=hand_id, seq=seq, kind=kind,
                     seat=event.seat if event else None,
                     action=event.action.value if event else None,
                     card=event.card if event else None, to_amount=event.to if event else None,
                     target_seq=target_seq, staff_id=staff_id, staff_name=by, at=at,
                     reason=reason, digest="", input_id=input_id)


def append_event(s: Session, hand: HandRow, seq: int, kind: str, *, by: str,
                 staff_id: int | None, at: datetime, event: Event | None = None,
                 target_seq: int | None = None, reason: str | None = None,
                 input_id: str | None = None) -> HandEvent:
    """Adds one chained row to a hand's log and moves the hand's chain head (the hand's
    own chain leaves ``input_id`` out: the ledger's row digest covers it)."""
    row = new_event_row(hand.id, seq, kind, by=by, staff_id=staff_id, at=at, event=event,
                        target_seq=target_seq, reason=reason, input_id=input_id)
    hand.head_digest = link_of(row).digest(hand.head_digest)  # the row keeps digest "":
    # ledger format 3 stores the chain's head only (the ledger's row digest covers the row)
    s.add(row)
    return row


def replay_rows(settings: Settings, seats: Sequence[SeatSpec], inputs: Sequence[HandEvent],
                hand_id: int) -> Hand:
    try:
        return Hand.replay(settings, seats, [event_of(r) for r in inputs])
    except RuleError as exc:
        raise StorageError(tr("hand {hand}: its stored event {index} is refused by the rules "
                              "({reason})").format(hand=hand_id, index=getattr(exc, "index", "?"),
                                                   reason=exc.message)) from None
    except SettingsError as exc:  # the stored seats or settings (changed outside the app)
        raise StorageError(tr("hand {hand}: its stored seats and settings are refused by the "
                              "rules ({reason})").format(hand=hand_id, reason=exc)) from None


def build_state(row: HandRow, rows: Sequence[HandEvent], upto: int | None = None,
                hand: Hand | None = None) -> HandState:
    """The hand's state by replaying its rows (or ``hand``, already replayed by the caller)."""
    try:
        settings = settings_of(row.settings_json)
        seats = seats_of(row.seats_json)
    except (ValueError, KeyError, TypeError) as exc:  # SettingsError is a ValueError
        raise StorageError(tr("hand {hand}: its stored seats and settings cannot be read "
                              "({reason})").format(hand=row.id, reason=exc)) from None
    if hand is None:
        inputs = current_inputs(rows)
        if upto is not None:
            inputs = inputs[:max(0, upto)]
        hand = replay_rows(settings, seats, inputs, row.id)
    return state_of(row, settings, seats, log_entries(rows), hand)


STATE_COLUMNS = (HandRow.id, HandRow.uid, HandRow.table_id, HandRow.session_id,
                 HandRow.number, HandRow.status, HandRow.started_at, HandRow.ended_at,
                 HandRow.corrected)
"""The columns :func:`state_of` reads: a hand row, or a plain row of these columns."""


def pot_of(hand: Hand) -> int:
    """The hand's pot as the list shows it: the chips in the middle (pots and bets) while
    it runs, and what was awarded once complete. While nothing is awarded the pots hold
    every seat's committed chips (``build_pots`` layers them, each chip in one pot), so
    they are summed without building the pots (every input of a hand asks)."""
    if hand.awarded is None and not hand.complete:
        return sum([st.committed for st in hand.seats.values() if st.committed > 0]) \
            + sum([st.bet for st in hand.seats.values() if st.bet])
    return sum(p.amount for p in hand.pots()) + (0 if hand.complete
                                                  else sum(hand.bets.values()))


def state_of(row: Any, settings: Settings, seats: tuple[SeatSpec, ...],
             log: tuple[LogEntry, ...], hand: Hand) -> HandState:
    return HandState(hand_id=row.id, uid=row.uid, table_id=row.table_id,
                     session_id=row.session_id, number=row.number,
                     status=HandStatus(row.status), settings=settings, seats=seats,
                     started_at=row.started_at, ended_at=row.ended_at, log=log, hand=hand,
                     corrected=row.corrected)


def load_rows(s: Session, hand_id: int) -> list[HandEvent]:
    return list(s.scalars(select(HandEvent).where(HandEvent.hand_id == hand_id)
                          .order_by(HandEvent.seq)))




def hand_row(s: Session, hand_id: int, lock: bool = False) -> HandRow:
    row = s.get(HandRow, hand_id, with_for_update=lock)
    if row is None:
        raise NotFoundError(tr("no hand with id {id}").format(id=hand_id))
    return row


def read_state(db: Database, hand_id: int, upto: int | None = None) -> HandState:
    """One hand replayed from its stored rows (only its first ``upto`` inputs when given)."""
    with db.read() as s:
        return build_state(hand_row(s, hand_id), load_rows(s, hand_id), upto)
