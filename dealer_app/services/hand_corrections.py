"""What changes a hand once recorded: the undo of the last input in force, a supervisor's
correction of one input (rule 9.5), the void (rule 11.2, a misdeal declared at the table
included), and what a void leaves owed to players who left.

Each is a function of the database (``HandService`` calls them with its own); see
``hands.py`` for what each act does to the hand, its stacks and its log.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from dealer_app.engine import Event
from dealer_app.engine.cards import CardError
from dealer_app.engine.events import EventError
from dealer_app.engine.hand import Hand, ReplayError
from dealer_app.engine.misdeal import Misdeal, MisdealError, MisdealKind
from dealer_app.engine.misdeal import declare_misdeal as engine_misdeal
from dealer_app.services.core.common import (
    audit,
    confirm_supervisor,
    dual_control,
    require_supervisor_role,
    retrying,
    settings_of,
)
from dealer_app.services.core.errors import CorrectionRefused, HandClosed, NothingToUndo, Refusal
from dealer_app.services.core.types import HandState, HandStatus, StaffMember
from dealer_app.services.hand_results import rewrite_result, take_back_result
from dealer_app.services.hand_rows import (
    append_event,
    build_state,
    event_of,
    hand_row,
    load_rows,
    pot_of,
    read_state,
    resolve,
    seats_of,
    slot_of,
)
from dealer_app.services.leases import check_lease
from dealer_app.storage import ledger
from dealer_app.storage.database import Database
from dealer_app.storage.errors import (
    ConflictError,
    NotFoundError,
)
from dealer_app.storage.models import (
    GameTable,
    HandPlayer,
    HandRow,
    Seating,
    StackMove,
    TableSession,
)
from dealer_app.text import tr, tr_noop


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


def undo_last(db: Database, hand_id: int, staff: StaffMember,
              reason: str | None = None, workstation: str | None = None) -> HandState:
    def undo() -> HandState:
        with db.transaction() as s:
            row = hand_row(s, hand_id, lock=True)
            check_lease(s, row.table_id, workstation, db.now())
            if row.status == HandStatus.VOID.value:
                raise HandClosed(Refusal.HAND_VOID, number=row.number)
            rows = load_rows(s, hand_id)
            slots, _ = resolve(rows)
            if not slots:
                raise NothingToUndo(Refusal.NOTHING_TO_UNDO)
            now = db.now()
            target = slots[-1]
            why = reason
            if row.status == HandStatus.COMPLETE.value:
                why = require_supervisor_role(
                    staff, reason, tr_noop("changing a completed hand (rule 11.3)"))
                confirm_supervisor(s, staff, tr_noop("changing a completed hand (rule 11.3)"))
                if row.session_id is None:
                    raise ConflictError(tr("an imported hand takes no undo; a supervisor "
                                           "can correct its inputs"))
                if later_hand(s, row):
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


def correct_input(db: Database, hand_id: int, target_seq: int, replacement: Event | None,
                  supervisor: StaffMember, reason: str) -> HandState:
    """A supervisor replaces (``replacement``) or strikes (None) the input ``target_seq``
    (the seq of a stored input still in force, or of the correction standing in its
    place). Raises ``StorageError`` naming the first input the rules would refuse."""
    why = require_supervisor_role(supervisor, reason,
                                  tr_noop("correcting an input (rule 11.3)"))

    def correct() -> HandState:
        with db.transaction() as s:
            confirm_supervisor(s, supervisor, tr_noop("correcting an input (rule 11.3)"))
            row = hand_row(s, hand_id, lock=True)
            if row.status == HandStatus.VOID.value:
                raise HandClosed(Refusal.HAND_VOID, number=row.number)
            rows = load_rows(s, hand_id)
            slots, out = resolve(rows)
            i = slot_of(slots, target_seq)
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
            if was_complete and not hand.complete and later_hand(s, row):
                raise ConflictError(
                    tr("with this correction the hand is no longer complete, and a later "
                       "hand has started at this table: void the hand instead"))
            now = db.now()
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


def declare_misdeal(db: Database, hand_id: int, kind: MisdealKind, supervisor: StaffMember,
                    reason: str, card: str | None = None,
                    second: StaffMember | None = None) -> HandState:
    """A misdeal (or a card exposed on the deal, ``card``) declared at the table on the
    hand in progress, on a supervisor's PIN: the hand is voided (rule 11.2, see
    :mod:`dealer_app.engine.misdeal`), the void's reason naming the misdeal, the audit
    row its kind and card. A complete hand or a bad card: ``ConflictError``."""
    state = read_state(db, hand_id)
    try:
        misdeal = engine_misdeal(state.hand, kind, card)
    except MisdealError as exc:
        raise ConflictError(misdeal_refusal(exc)) from None
    except CardError as exc:
        raise ConflictError(tr("the exposed card: {error}").format(error=exc)) from None
    return void_hand(db, hand_id, supervisor, reason, second, misdeal=misdeal)


def void_hand(db: Database, hand_id: int, supervisor: StaffMember, reason: str,
              second: StaffMember | None = None, *,
              misdeal: Misdeal | None = None) -> HandState:
    """Voids a hand. Above the table's dual-control amount (its pot), ``second`` (another
    supervisor, PIN checked by the caller) is needed and named in the audit.
    ``misdeal``: declared at the table (:func:`declare_misdeal`), on a hand in
    progress only."""
    why = require_supervisor_role(supervisor, reason, tr_noop("voiding a hand"))

    def void() -> HandState:
        with db.transaction() as s:
            confirm_supervisor(s, supervisor, tr_noop("voiding a hand"))
            row = hand_row(s, hand_id, lock=True)
            if row.status == HandStatus.VOID.value:
                raise HandClosed(Refusal.HAND_ALREADY_VOID, number=row.number)
            if misdeal is not None and row.status != HandStatus.IN_PROGRESS.value:
                raise HandClosed(Refusal.HAND_COMPLETE)
            both = dual_control(s, row.table_id,
                                pot_of(build_state(row, load_rows(s, hand_id)).hand),
                                supervisor, second, tr_noop("voiding a hand"))
            now = db.now()
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


def void_needs_second(db: Database, hand_id: int) -> int:
    """The table's dual-control amount when voiding this hand needs a second supervisor
    (its pot is above it), else 0 (what ``void_hand`` checks, for the window to ask)."""
    with db.read() as s:
        row = hand_row(s, hand_id)
        table = s.get(GameTable, row.table_id) if row.table_id is not None else None
        limit = (table.dual_control_above or 0) if table is not None else 0
    if not limit or pot_of(read_state(db, hand_id).hand) <= limit:
        return 0
    return limit


def owed(db: Database, hand_id: int) -> list[tuple[str, int]]:
    """What voiding this hand left owed to players who had left the table: (player,
    amount; negative when the player owes it). Empty for most hands."""
    with db.read() as s:
        return [(str(player), int(amount)) for player, amount in s.execute(
            select(Seating.player, StackMove.amount)
            .join(Seating, Seating.id == StackMove.seating_id)
            .where(StackMove.hand_id == hand_id, StackMove.kind == "owed")
            .order_by(StackMove.id))]


def left_players(db: Database, hand_id: int) -> list[str]:
    """Players of this complete hand whose result changed their stack and who have left
    the table since (a void cannot give their chips back to a stack)."""
    with db.read() as s:
        return [str(p) for p in s.scalars(
            select(HandPlayer.player).join(Seating, Seating.id == HandPlayer.seating_id)
            .where(HandPlayer.hand_id == hand_id, Seating.left_at.is_not(None),
                   HandPlayer.stack_after.is_not(None),
                   HandPlayer.stack_after != HandPlayer.stack_before)
            .order_by(HandPlayer.seat))]


def later_hand(s: Session, row: HandRow) -> bool:
    """Whether a hand started after this one at its table (or in its session)."""
    if row.table_id is not None:
        where = HandRow.table_id == row.table_id
    elif row.session_id is not None:
        where = HandRow.session_id == row.session_id
    else:
        return False
    return bool(s.scalar(select(exists().where(where, HandRow.id > row.id))))
