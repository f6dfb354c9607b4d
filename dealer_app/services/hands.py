"""Hands: start, record inputs, undo, void, and replay any hand from its log.

``HandService(db)``:
- ``start_hand(session_id, dealer) -> HandState``: deals in every seated player not sitting
  out with chips, at their current stacks; numbers hands per table.
- ``record_input(hand_id, event, staff) -> HandState``: the engine checks the input
  (a refused one raises the engine's ``RuleError`` and nothing is stored); it is written
  and committed in one transaction, and only then returned as accepted. When it completes
  the hand, the stack changes are written to the seats in the same transaction.
  Keeps the last replayed hand per hand id (keyed by the hand row's chain head, checked
  after locking the row, so other programs writing the same hand are seen): an input costs
  one row lock and one insert, not a reload and replay of the whole hand.
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
"""

from __future__ import annotations

import json
import threading
import uuid
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, exists, func, insert, select, update
from sqlalchemy.orm import Session

from dealer_app.engine import Action, Event, RuleError, SeatSpec, Settings, SettingsError
from dealer_app.engine.cards import CardError
from dealer_app.engine.events import EventError
from dealer_app.engine.hand import Hand, ReplayError
from dealer_app.engine.misdeal import Misdeal, MisdealError, MisdealKind, declare_misdeal
from dealer_app.engine.stacks import can_deal
from dealer_app.services.common import (
    RECONNECT_FOR,
    audit,
    confirm_supervisor,
    dual_control,
    reconnecting,
    require_supervisor_role,
    retrying,
    settings_of,
)
from dealer_app.services.errors import CorrectionRefused, HandClosed, NothingToUndo, Refusal
from dealer_app.services.leases import check_lease
from dealer_app.services.types import HandState, HandStatus, LogEntry, StaffMember
from dealer_app.storage import chain, ledger
from dealer_app.storage.database import Database
from dealer_app.storage.errors import (
    ConflictError,
    NotFoundError,
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
from dealer_app.text import tr, tr_noop


@dataclass(frozen=True, slots=True)
class Slot:
    """One place among a hand's current inputs: the input stored there first (``origin``,
    its seq) and the row in force there now (that input, or a correction of it)."""

    origin: int
    row: HandEvent


def _slot_of(slots: Sequence[Slot], seq: int) -> int | None:
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
            i = _slot_of(slots, r.target_seq)
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


# Prepared once: the statements of the common path of record_input (see _record_cached).
_HAND_TABLE = cast(Table, HandRow.__table__)
_HAND = _HAND_TABLE.c
_HEAD = (select(*STATE_COLUMNS, _HAND.head_digest, _HAND.pot)
         .where(_HAND.id == bindparam("hand_id")).with_for_update())
"""The hand row locked, with what the returned state shows (an input that does not complete
the hand changes none of it)."""
_INSERT_EVENT = insert(cast(Table, HandEvent.__table__))
_EVENT = cast(Table, HandEvent.__table__).c
_STORED_INPUT = select(_EVENT.hand_id).where(_EVENT.input_id == bindparam("input_id"))
"""Whether an input of this id is stored already (settles a commit whose reply was lost)."""
_MOVE_HEAD = (update(_HAND_TABLE).where(_HAND.id == bindparam("hand_id"))
              .values(head_digest=bindparam("digest"), pot=bindparam("pot")))
_MOVE_HEAD_ONLY = (update(_HAND_TABLE).where(_HAND.id == bindparam("hand_id"))
                   .values(head_digest=bindparam("digest")))
"""A card leaves the pot as it is: the pot's index is then not rewritten."""
# ... and of an input completing the hand (see _complete_cached).
_SESSION = cast(Table, TableSession.__table__).c
_LOCK_SESSION = (select(_SESSION.id).where(_SESSION.id == bindparam("session_id"))
                 .with_for_update())
_COMPLETE = (update(_HAND_TABLE).where(_HAND.id == bindparam("hand_id"))
             .values(head_digest=bindparam("digest"), pot=bindparam("pot"),
                     rake=bindparam("rake"), status=HandStatus.COMPLETE.value,
                     ended_at=bindparam("at"))
             .returning(*_HAND_TABLE.c))
_PLAYER_TABLE = cast(Table, HandPlayer.__table__)
_SEATING_TABLE = cast(Table, Seating.__table__)
_PLAYER_COLUMNS = [c.name for c in _PLAYER_TABLE.c]
_SEATING_COLUMNS = [c.name for c in _SEATING_TABLE.c]
_PLAYERS = (select(*_PLAYER_TABLE.c, *_SEATING_TABLE.c)
            .outerjoin(_SEATING_TABLE, _SEATING_TABLE.c.id == _PLAYER_TABLE.c.seating_id)
            .where(_PLAYER_TABLE.c.hand_id == bindparam("hand_id"))
            .order_by(_PLAYER_TABLE.c.seat))
"""A hand's players, each followed by the columns of its seating (NULL: none)."""
_SET_RESULT = (update(_PLAYER_TABLE)
               .where(_PLAYER_TABLE.c.hand_id == bindparam("p_hand"),
                      _PLAYER_TABLE.c.seat == bindparam("p_seat"))
               .values(stack_after=bindparam("p_after")))
_SET_STACK = (update(_SEATING_TABLE).where(_SEATING_TABLE.c.id == bindparam("s_id"))
              .values(stack=bindparam("s_stack")))
_MOVE_TABLE = cast(Table, StackMove.__table__)
_INSERT_MOVES = insert(_MOVE_TABLE).returning(_MOVE_TABLE.c.id, sort_by_parameter_order=True)


def pot_of(hand: Hand) -> int:
    """The hand's pot as the list shows it: the chips in the middle (pots and bets) while
    it runs, and what was awarded once complete."""
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


def lock_session(s: Session, row: HandRow) -> None:
    """Takes the hand's session lock before its seats' stacks move (see TableService._open)."""
    if row.session_id is not None:
        s.get(TableSession, row.session_id, with_for_update=True)


def write_result(s: Session, row: HandRow, hand: Hand, at: datetime) -> None:
    """Marks a hand complete and moves its stack changes to the seats."""
    lock_session(s, row)
    row.status = HandStatus.COMPLETE.value
    row.ended_at = at
    ledger.request_checkpoint(s, f"hand {row.number or row.id} complete")
    row.pot = sum(p.amount for p in hand.pots())
    row.rake = hand.rake
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


def _complete_cached(s: Session, hand_id: int, session_id: int | None, digest: str,
                     hand: Hand, at: datetime) -> Any:
    """:func:`write_result` in plain statements, for the input that completes a cached hand
    (one round trip per kind of row, not an ORM flush per seat): marks the hand complete,
    writes each player's stack after it, moves the seats' stacks with a ``hand`` stack move,
    notes every changed row for the ledger and asks for the hand's checkpoint. Returns the
    hand row as it now stands."""
    conn = s.connection()
    if session_id is not None and conn.dialect.name != "sqlite":
        # the session's lock, as lock_session takes it (SQLite: BEGIN IMMEDIATE holds all)
        conn.execute(_LOCK_SESSION, {"session_id": session_id})
    pot = sum(p.amount for p in hand.pots())
    row = conn.execute(_COMPLETE, {"hand_id": hand_id, "digest": digest, "pot": pot,
                                   "rake": hand.rake, "at": at}).one()
    ledger.note_row(s, "hand", dict(row._mapping))
    ledger.request_checkpoint(s, f"hand {row.number or row.id} complete")
    players, seatings = [], {}
    split = len(_PLAYER_COLUMNS)
    for found in conn.execute(_PLAYERS, {"hand_id": hand_id}):
        player = dict(zip(_PLAYER_COLUMNS, found[:split], strict=True))
        players.append(player)
        if player["seating_id"] is not None:
            seatings[player["seating_id"]] = dict(zip(_SEATING_COLUMNS, found[split:],
                                                      strict=True))
    stacks = hand.stacks
    results, new_stacks, moves = [], [], []
    for player in players:
        player["stack_after"] = stacks[player["seat"]]
        results.append({"p_hand": hand_id, "p_seat": player["seat"],
                        "p_after": player["stack_after"]})
        ledger.note_row(s, "hand_player", player)
        delta = player["stack_after"] - player["stack_before"]
        seating = seatings.get(player["seating_id"])
        if seating is not None and delta:
            seating["stack"] += delta
            new_stacks.append({"s_id": seating["id"], "s_stack": seating["stack"]})
            ledger.note_row(s, "seating", seating)
            moves.append({"seating_id": seating["id"], "kind": "hand", "amount": delta,
                          "hand_id": hand_id, "staff_id": None, "at": at, "reason": None})
    conn.execute(_SET_RESULT, results)
    if moves:
        conn.execute(_SET_STACK, new_stacks)
        move_ids = conn.execute(_INSERT_MOVES, moves).scalars().all()
        for move, move_id in zip(moves, move_ids, strict=True):
            ledger.note_row(s, "stack_move", {**move, "id": move_id})
    return row


def check_not_playing_elsewhere(s: Session, seating: Seating, player: str,
                                hand: HandRow) -> None:
    """Refuses to move the stack of a seat that is in another hand now in progress: that
    hand dealt it in with its stack as it was, and would add its result on top."""
    other = s.scalar(select(HandRow.number).where(
        HandPlayer.seating_id == seating.id, HandPlayer.hand_id == HandRow.id,
        HandRow.status == HandStatus.IN_PROGRESS.value, HandRow.id != hand.id).limit(1))
    if other is not None:
        raise ConflictError(tr("{player} is playing hand {other} now: finish or void that hand "
                               "first, then change this one").format(player=player, other=other))


def take_back_result(s: Session, row: HandRow, at: datetime, kind: str,
                     staff_id: int | None, reason: str | None,
                     open_only: bool) -> list[tuple[str, int]]:
    """Undoes a complete hand's stack changes. A player who has left the table cannot get
    them back in a stack: with ``open_only`` (a void) each such change is written as an
    ``owed`` stack move of their seating (kept in the session's chip reconciliation, not in
    a stack) and returned as (player, amount owed to them; negative: owed by them);
    otherwise it is refused."""
    lock_session(s, row)
    owed: list[tuple[str, int]] = []
    for player in s.scalars(select(HandPlayer).where(HandPlayer.hand_id == row.id)):
        if player.stack_after is None:
            continue
        delta = player.stack_after - player.stack_before
        seating = s.get(Seating, player.seating_id) if player.seating_id else None
        if seating is not None and delta:
            if seating.left_at is not None:
                if not open_only:
                    raise ConflictError(tr("{player} has left the table")
                                        .format(player=player.player))
                s.add(StackMove(seating_id=seating.id, kind="owed", amount=-delta,
                                hand_id=row.id, staff_id=staff_id, at=at, reason=reason))
                owed.append((player.player, -delta))
                player.stack_after = None
                continue
            check_not_playing_elsewhere(s, seating, player.player, row)
            if seating.stack - delta < 0:
                raise ConflictError(tr("taking the result back would leave {player} with "
                                       "{chips} chips").format(player=player.player,
                                                               chips=seating.stack - delta))
            seating.stack -= delta
            s.add(StackMove(seating_id=seating.id, kind=kind, amount=-delta, hand_id=row.id,
                            staff_id=staff_id, at=at, reason=reason))
        player.stack_after = None
    row.pot = 0
    row.rake = 0
    return owed


def rewrite_result(s: Session, row: HandRow, hand: Hand, at: datetime, staff_id: int,
                   reason: str) -> None:
    """After a correction: moves each seat's stack by the difference between the hand's
    stored result (none while in progress) and ``hand``'s (none unless complete), and sets
    the hand's status, pot and rake to match."""
    lock_session(s, row)
    ledger.request_checkpoint(s, f"hand {row.number or row.id} corrected")
    complete = hand.complete
    stacks = hand.stacks
    for player in s.scalars(select(HandPlayer).where(HandPlayer.hand_id == row.id)):
        old = 0 if player.stack_after is None else player.stack_after - player.stack_before
        after = stacks[player.seat] if complete else None
        change = (0 if after is None else after - player.stack_before) - old
        seating = s.get(Seating, player.seating_id) if player.seating_id else None
        if change and seating is not None:
            if seating.left_at is not None:
                raise ConflictError(tr("{player} has left the table: the corrected result "
                                       "cannot reach their stack (adjust stacks instead)")
                                    .format(player=player.player))
            check_not_playing_elsewhere(s, seating, player.player, row)
            if seating.stack + change < 0:
                raise ConflictError(tr("the corrected result would leave {player} with "
                                       "{chips} chips").format(player=player.player,
                                                               chips=seating.stack + change))
            seating.stack += change
            s.add(StackMove(seating_id=seating.id, kind="correction", amount=change,
                            hand_id=row.id, staff_id=staff_id, at=at, reason=reason))
        player.stack_after = after
    if complete:
        if row.status != HandStatus.COMPLETE.value:
            row.ended_at = at
        row.status = HandStatus.COMPLETE.value
        row.pot = sum(p.amount for p in hand.pots())
        row.rake = hand.rake
    else:
        row.status = HandStatus.IN_PROGRESS.value
        row.ended_at = None
        row.pot = pot_of(hand)
        row.rake = 0


@dataclass(frozen=True, slots=True)
class Replayed:
    """A hand as last replayed by a :class:`HandService`: valid while the hand row's chain
    head is ``head``. ``hand`` is private to the cache: copies are handed out."""

    head: str
    count: int
    settings: Settings
    seats: tuple[SeatSpec, ...]
    log: tuple[LogEntry, ...]
    hand: Hand


CACHE_SIZE = 32

def misdeal_refusal(exc: MisdealError | None) -> str:
    """Why a misdeal cannot be declared, in the windows' language (None: the hand is not in
    progress)."""
    if exc is not None and not exc.hand_complete:
        return tr("name the exposed card")
    return tr("the hand is complete: a misdeal is declared while the hand is dealt; a "
              "complete hand is voided from the review (rule 11.2)")


def misdeal_detail(misdeal: Misdeal) -> dict[str, Any]:
    """The audit detail of a misdeal declared at the table: its kind and card."""
    return {"misdeal": misdeal.kind.value, "at_table": True,
            **({"card": str(misdeal.card)} if misdeal.card is not None else {})}


class HandService:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._replayed: OrderedDict[int, Replayed] = OrderedDict()
        self._lock = threading.Lock()
        self.cache_hits = 0
        """Inputs recorded without reloading the hand (for tests and benchmarks)."""

    # ------------------------------------------------------------------ reading
    def hand_state(self, hand_id: int, upto: int | None = None) -> HandState:
        with self.db.read() as s:
            row = self._hand(s, hand_id)
            return build_state(row, load_rows(s, hand_id), upto)

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
                head = row.head_digest
            # committed: the first input finds the hand cached (no reload and replay)
            self._remember(state.hand_id, Replayed(head, 0, state.settings, state.seats,
                                                   state.log, state.hand.copy()))
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
        input_id = input_id or str(uuid.uuid4())
        tries = 0

        def record() -> HandState:
            nonlocal tries
            tries += 1
            with self.db.transaction() as s:
                stored = tries > 1 and self._stored(s, input_id)
                if not stored:
                    try:
                        fast = self._record_cached(s, hand_id, event, staff, workstation,
                                                   input_id)
                        if fast is not None:
                            state, after = fast
                        else:
                            state, after = self._record_loaded(s, hand_id, event, staff,
                                                               workstation, input_id)
                    except (RuleError, HandClosed):  # refused before writing: sent
                        if tries > 1 or not self._stored(s, input_id):  # again, maybe
                            raise
                        stored = True
            if stored:  # an earlier commit of it went through; its reply was lost
                return self.hand_state(hand_id)
            # committed: only now may the cache move on (with its own copy of the hand)
            self._remember(hand_id, replace(after, hand=after.hand.copy()))
            return state

        return reconnecting(lambda: retrying(record, tr("recording an input")),
                            reconnect_for)

    def _record_cached(self, s: Session, hand_id: int, event: Event, staff: StaffMember,
                       workstation: str | None,
                       input_id: str | None) -> tuple[HandState, Replayed] | None:
        """The common case, with plain statements instead of the ORM's unit of work: the
        hand is cached (an input completing it included: :func:`_complete_cached`). None:
        take the full path."""
        conn = s.connection()
        head = conn.execute(_HEAD, {"hand_id": hand_id}).one_or_none()
        if head is None or head.status != HandStatus.IN_PROGRESS.value:
            return None
        check_lease(s, head.table_id, workstation, self.db.now())
        base = self._cached(hand_id, head.head_digest)
        if base is None:
            return None
        hand = base.hand.copy()
        hand.apply(event)  # RuleError: rolled back, nothing stored
        now = self.db.now()
        seq, action = base.count + 1, event.action.value
        digest = chain.ChainLink(seq=seq, kind="input", seat=event.seat, action=action,
                                 card=event.card, to=event.to, target_seq=None,
                                 by=staff.name, at=now, reason=None).digest(base.head)
        values = {
            "hand_id": hand_id, "seq": seq, "kind": "input", "seat": event.seat,
            "action": action, "card": event.card, "to_amount": event.to,
            "target_seq": None, "staff_id": staff.id, "staff_name": staff.name, "at": now,
            "reason": None, "digest": "", "input_id": input_id}  # (see append_event)
        inserted = conn.execute(_INSERT_EVENT, values).inserted_primary_key
        assert inserted is not None
        event_id = inserted[0]
        ledger.note_row(s, "hand_event", {**values, "id": event_id})
        if hand.complete:
            row = _complete_cached(s, hand_id, head.session_id, digest, hand, now)
        else:
            pot = pot_of(hand)
            if pot == head.pot:
                conn.execute(_MOVE_HEAD_ONLY, {"hand_id": hand_id, "digest": digest})
            else:
                conn.execute(_MOVE_HEAD, {"hand_id": hand_id, "digest": digest, "pot": pot})
            row = head
        entry = LogEntry(seq=seq, kind="input", event=event, target_seq=None,
                         by=staff.name, at=now, reason=None, step=len(hand.events))
        after = Replayed(digest, seq, base.settings, base.seats,
                         (*base.log, entry), hand)
        return state_of(row, after.settings, after.seats, after.log, hand), after

    def _record_loaded(self, s: Session, hand_id: int, event: Event, staff: StaffMember,
                       workstation: str | None,
                       input_id: str | None) -> tuple[HandState, Replayed]:
        row = self._hand(s, hand_id, lock=True)
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
                         (*base.log, entry), hand)
        return state_of(row, after.settings, after.seats, after.log, hand), after

    def undo_last(self, hand_id: int, staff: StaffMember,
                  reason: str | None = None, workstation: str | None = None) -> HandState:
        def undo() -> HandState:
            with self.db.transaction() as s:
                row = self._hand(s, hand_id, lock=True)
                check_lease(s, row.table_id, workstation, self.db.now())
                if row.status == HandStatus.VOID.value:
                    raise HandClosed(Refusal.HAND_VOID, number=row.number)
                rows = load_rows(s, hand_id)
                slots, _ = resolve(rows)
                if not slots:
                    raise NothingToUndo(Refusal.NOTHING_TO_UNDO)
                now = self.db.now()
                target = slots[-1]
                why = reason
                if row.status == HandStatus.COMPLETE.value:
                    why = require_supervisor_role(
                        staff, reason, tr_noop("changing a completed hand (rule 11.3)"))
                    confirm_supervisor(s, staff, tr_noop("changing a completed hand (rule 11.3)"))
                    if row.session_id is None:
                        raise ConflictError(tr("an imported hand takes no undo; a supervisor "
                                               "can correct its inputs"))
                    if self._later_hand(s, row):
                        raise ConflictError(tr("a later hand has started; a supervisor can "
                                               "void or correct this one"))
                    session = s.get(TableSession, row.session_id)
                    if session is not None and session.closed_at is not None:
                        raise ConflictError(tr("its session is closed; a supervisor can void "
                                               "or correct this hand"))
                    take_back_result(s, row, now, "hand-undo", staff.id, why,
                                     open_only=False)
                    ledger.request_checkpoint(s, f"hand {row.number or row.id} undone")
                    row.status = HandStatus.IN_PROGRESS.value
                    row.ended_at = None
                    row.corrected = True
                    audit(s, at=now, act="undo-complete-hand", staff=staff, reason=why,
                          table_id=row.table_id, session_id=row.session_id, hand_id=row.id,
                          detail={"number": row.number, "undone": target.origin,
                                  "event": event_of(target.row).to_dict()})
                rows.append(append_event(s, row, len(rows) + 1, "undo", by=staff.name,
                                         staff_id=staff.id, at=now,
                                         event=event_of(target.row),
                                         target_seq=target.origin, reason=why))
                state = build_state(row, rows)
                row.pot = pot_of(state.hand)
                return state

        return retrying(undo, tr("undoing an input"))

    def correct_input(self, hand_id: int, target_seq: int, replacement: Event | None,
                      supervisor: StaffMember, reason: str) -> HandState:
        """A supervisor replaces (``replacement``) or strikes (None) the input ``target_seq``
        (the seq of a stored input still in force, or of the correction standing in its
        place). Raises ``StorageError`` naming the first input the rules would refuse."""
        why = require_supervisor_role(supervisor, reason,
                                      tr_noop("correcting an input (rule 11.3)"))

        def correct() -> HandState:
            with self.db.transaction() as s:
                confirm_supervisor(s, supervisor, tr_noop("correcting an input (rule 11.3)"))
                row = self._hand(s, hand_id, lock=True)
                if row.status == HandStatus.VOID.value:
                    raise HandClosed(Refusal.HAND_VOID, number=row.number)
                rows = load_rows(s, hand_id)
                slots, out = resolve(rows)
                i = _slot_of(slots, target_seq)
                if i is None:
                    if target_seq in out:
                        raise ConflictError(tr("#{seq} is no longer in force (undone, struck "
                                               "or corrected since)").format(seq=target_seq))
                    raise NotFoundError(tr("this hand has no input #{seq}").format(seq=target_seq))
                slot = slots[i]
                old = event_of(slot.row)
                settings = settings_of(row.settings_json)
                seats = seats_of(row.seats_json)
                if replacement is not None:
                    if replacement == old:
                        raise CorrectionRefused(Refusal.SAME_INPUT, seq=slot.origin,
                                                event=old)
                    if replacement.seat not in {spec.seat for spec in seats}:
                        raise CorrectionRefused(Refusal.SEAT_NOT_IN_HAND, seat=replacement.seat)
                events = [event_of(x.row) for x in slots]
                if replacement is None:
                    del events[i]
                else:
                    events[i] = replacement
                try:
                    hand = Hand.replay(settings, seats, events)
                except ReplayError as exc:
                    j = exc.index
                    if replacement is not None and j == i:  # the correction itself
                        raise CorrectionRefused(Refusal.RULES_REFUSE, error=exc,
                                                event=replacement) from None
                    k = j + 1 if replacement is None and j >= i else j
                    raise CorrectionRefused(Refusal.RULES_REFUSE, error=exc, event=events[j],
                                            seq=slots[k].origin) from None
                except EventError as exc:
                    raise CorrectionRefused(Refusal.BAD_INPUT, error=exc) from None
                was_complete = row.status == HandStatus.COMPLETE.value
                if was_complete and not hand.complete and self._later_hand(s, row):
                    raise ConflictError(
                        tr("with this correction the hand is no longer complete, and a later "
                           "hand has started at this table: void the hand instead"))
                now = self.db.now()
                rewrite_result(s, row, hand, now, supervisor.id, why)
                rows.append(append_event(s, row, len(rows) + 1, "correct",
                                         by=supervisor.name, staff_id=supervisor.id, at=now,
                                         event=replacement, target_seq=slot.origin,
                                         reason=why))
                row.corrected = True
                audit(s, at=now, act="correct-input", staff=supervisor, reason=why,
                      table_id=row.table_id, session_id=row.session_id, hand_id=row.id,
                      detail={"number": row.number, "target": slot.origin,
                              "was": old.to_dict(),
                              "now": replacement.to_dict() if replacement else None,
                              "was_complete": was_complete, "complete": hand.complete})
                return build_state(row, rows, hand=hand)

        return retrying(correct, tr("correcting an input"))

    def declare_misdeal(self, hand_id: int, kind: MisdealKind, supervisor: StaffMember,
                        reason: str, card: str | None = None,
                        second: StaffMember | None = None) -> HandState:
        """A misdeal (or a card exposed on the deal, ``card``) declared at the table on the
        hand in progress, on a supervisor's PIN: the hand is voided (rule 11.2, see
        :mod:`dealer_app.engine.misdeal`), the void's reason naming the misdeal, the audit
        row its kind and card. A complete hand or a bad card: ``ConflictError``."""
        state = self.hand_state(hand_id)
        try:
            misdeal = declare_misdeal(state.hand, kind, card)
        except MisdealError as exc:
            raise ConflictError(misdeal_refusal(exc)) from None
        except CardError as exc:
            raise ConflictError(tr("the exposed card: {error}").format(error=exc)) from None
        return self.void_hand(hand_id, supervisor, reason, second, misdeal=misdeal)

    def void_hand(self, hand_id: int, supervisor: StaffMember, reason: str,
                  second: StaffMember | None = None, *,
                  misdeal: Misdeal | None = None) -> HandState:
        """Voids a hand. Above the table's dual-control amount (its pot), ``second`` (another
        supervisor, PIN checked by the caller) is needed and named in the audit.
        ``misdeal``: declared at the table (:meth:`declare_misdeal`), on a hand in
        progress only."""
        why = require_supervisor_role(supervisor, reason, tr_noop("voiding a hand"))

        def void() -> HandState:
            with self.db.transaction() as s:
                confirm_supervisor(s, supervisor, tr_noop("voiding a hand"))
                row = self._hand(s, hand_id, lock=True)
                if row.status == HandStatus.VOID.value:
                    raise HandClosed(Refusal.HAND_ALREADY_VOID, number=row.number)
                if misdeal is not None and row.status != HandStatus.IN_PROGRESS.value:
                    raise HandClosed(Refusal.HAND_COMPLETE)
                both = dual_control(s, row.table_id,
                                    pot_of(build_state(row, load_rows(s, hand_id)).hand),
                                    supervisor, second, tr_noop("voiding a hand"))
                now = self.db.now()
                owed: list[tuple[str, int]] = []
                if row.status == HandStatus.COMPLETE.value:
                    owed = take_back_result(s, row, now, "void", supervisor.id, why,
                                            open_only=True)
                rows = load_rows(s, hand_id)
                logged = f"{misdeal.describe()}: {why}" if misdeal is not None else why
                rows.append(append_event(s, row, len(rows) + 1, "void", by=supervisor.name,
                                         staff_id=supervisor.id, at=now, reason=logged))
                row.status = HandStatus.VOID.value
                row.ended_at = row.ended_at or now
                ledger.request_checkpoint(s, f"hand {row.number or row.id} void")
                audit(s, at=now, act="void-hand", staff=supervisor, reason=why,
                      table_id=row.table_id, session_id=row.session_id, hand_id=row.id,
                      detail={"number": row.number,
                              "owed": [{"player": p, "amount": a} for p, a in owed],
                              **({"second_supervisor": both.name} if both else {}),
                              **(misdeal_detail(misdeal) if misdeal is not None else {})})
                state = build_state(row, rows)
                row.pot = pot_of(state.hand)  # the pot as it stood when voided
                return state

        return retrying(void, tr("voiding a hand"))

    def void_needs_second(self, hand_id: int) -> int:
        """The table's dual-control amount when voiding this hand needs a second supervisor
        (its pot is above it), else 0 (what ``void_hand`` checks, for the window to ask)."""
        with self.db.read() as s:
            row = self._hand(s, hand_id)
            table = s.get(GameTable, row.table_id) if row.table_id is not None else None
            limit = (table.dual_control_above or 0) if table is not None else 0
        if not limit or pot_of(self.hand_state(hand_id).hand) <= limit:
            return 0
        return limit

    def owed(self, hand_id: int) -> list[tuple[str, int]]:
        """What voiding this hand left owed to players who had left the table: (player,
        amount; negative when the player owes it). Empty for most hands."""
        with self.db.read() as s:
            return [(str(player), int(amount)) for player, amount in s.execute(
                select(Seating.player, StackMove.amount)
                .join(Seating, Seating.id == StackMove.seating_id)
                .where(StackMove.hand_id == hand_id, StackMove.kind == "owed")
                .order_by(StackMove.id))]

    def left_players(self, hand_id: int) -> list[str]:
        """Players of this complete hand whose result changed their stack and who have left
        the table since (a void cannot give their chips back to a stack)."""
        with self.db.read() as s:
            return [str(p) for p in s.scalars(
                select(HandPlayer.player).join(Seating, Seating.id == HandPlayer.seating_id)
                .where(HandPlayer.hand_id == hand_id, Seating.left_at.is_not(None),
                       HandPlayer.stack_after.is_not(None),
                       HandPlayer.stack_after != HandPlayer.stack_before)
                .order_by(HandPlayer.seat))]

    # ------------------------------------------------------------------ internals
    @staticmethod
    def _stored(s: Session, input_id: str) -> bool:
        return s.execute(_STORED_INPUT, {"input_id": input_id}).first() is not None

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
        return Replayed(row.head_digest, len(rows), settings, seats, log_entries(rows), hand)

    @staticmethod
    def _later_hand(s: Session, row: HandRow) -> bool:
        """Whether a hand started after this one at its table (or in its session)."""
        if row.table_id is not None:
            where = HandRow.table_id == row.table_id
        elif row.session_id is not None:
            where = HandRow.session_id == row.session_id
        else:
            return False
        return bool(s.scalar(select(exists().where(where, HandRow.id > row.id))))

    @staticmethod
    def _hand(s: Session, hand_id: int, lock: bool = False) -> HandRow:
        row = s.get(HandRow, hand_id, with_for_update=lock)
        if row is None:
            raise NotFoundError(tr("no hand with id {id}").format(id=hand_id))
        return row

    @staticmethod
    def _in_progress(row: HandRow) -> None:
        if row.status != HandStatus.IN_PROGRESS.value:
            raise HandClosed(Refusal.HAND_VOID_NO_INPUTS if row.status == HandStatus.VOID.value
                             else Refusal.HAND_COMPLETE_NO_INPUTS, number=row.number)
