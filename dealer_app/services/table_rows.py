"""The rows of a table and its session that the seating acts read, lock and check inside
their transaction (``tables.py`` and ``moves.py`` share them): the table, a staff member, the
session (``open_session`` locks it), the players seated, a seat's stack move, and the amount
checks (whole, positive, within the largest amount; the table's chips in all)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from dealer_app.engine.limits import AmountError, check_amount, check_total
from dealer_app.services.core.common import table_info
from dealer_app.services.core.types import HandStatus, SeatInfo, StaffMember
from dealer_app.storage.errors import ConflictError, NotFoundError, StorageError
from dealer_app.storage.models import (
    GameTable,
    HandPlayer,
    HandRow,
    Seating,
    StackMove,
    Staff,
    TableSession,
)
from dealer_app.text import thousands, tr


def seat_info(row: Seating) -> SeatInfo:
    return SeatInfo(seating_id=row.id, seat=row.seat, player=row.player, stack=row.stack,
                    sitting_out=row.sitting_out)


def positive(amount: int, what: str) -> int:
    if type(amount) is not int or amount <= 0:
        raise StorageError(tr("{what} must be a whole amount above 0, not {amount}")
                           .format(what=what, amount=repr(amount)))
    return within_max(amount, what)


def within_max(amount: int, what: str) -> int:
    """Refuses an amount past the largest chip amount (``engine.limits.MAX_AMOUNT``)."""
    try:
        return check_amount(amount, what)
    except AmountError as exc:
        raise StorageError(str(exc)) from None


def table_row(s: Session, table_id: int) -> GameTable:
    row = s.get(GameTable, table_id)
    if row is None:
        raise NotFoundError(tr("no table with id {id}").format(id=table_id))
    return row


def staff_row(s: Session, staff_id: int) -> Staff:
    row = s.get(Staff, staff_id)
    if row is None:
        raise NotFoundError(tr("no staff member with id {id}").format(id=staff_id))
    return row


def session_row(s: Session, session_id: int, lock: bool = False) -> TableSession:
    row = s.get(TableSession, session_id, with_for_update=lock)
    if row is None:
        raise NotFoundError(tr("no session with id {id}").format(id=session_id))
    return row


def open_session(s: Session, session_id: int) -> TableSession:
    """The open session, locked: on PostgreSQL every change to its seats and every hand
    start or result takes this lock first, so they cannot interleave (SQLite's
    ``BEGIN IMMEDIATE`` already serialises writers)."""
    row = session_row(s, session_id, lock=True)
    if row.closed_at is not None:
        raise ConflictError(tr("session {id} is closed").format(id=session_id))
    return row


def open_session_row(s: Session, table_id: int) -> TableSession | None:
    return s.scalar(select(TableSession).where(TableSession.table_id == table_id,
                                               TableSession.closed_at.is_(None)))


def seatings(s: Session, session_id: int) -> list[Seating]:
    return list(s.scalars(select(Seating).where(Seating.session_id == session_id,
                                                Seating.left_at.is_(None))
                          .order_by(Seating.seat)))


def seating(s: Session, session_id: int, seat: int) -> Seating:
    row = s.scalar(select(Seating).where(Seating.session_id == session_id,
                                         Seating.seat == seat, Seating.left_at.is_(None)))
    if row is None:
        raise NotFoundError(tr("nobody is seated in seat {seat}").format(seat=seat))
    return row


def hand_in_progress(s: Session, session_id: int) -> bool:
    return bool(s.scalar(select(exists().where(
        HandRow.session_id == session_id, HandRow.status == HandStatus.IN_PROGRESS.value))))


def not_in_hand(s: Session, row: Seating) -> None:
    busy = s.scalar(select(exists().where(
        HandPlayer.seating_id == row.id, HandPlayer.hand_id == HandRow.id,
        HandRow.status == HandStatus.IN_PROGRESS.value)))
    if busy:
        raise ConflictError(tr("seat {seat} is in the hand in progress; wait until it ends")
                            .format(seat=row.seat))


def stack_move(s: Session, row: Seating, kind: str, amount: int, by: StaffMember,
               at: datetime, reason: str | None = None) -> None:
    """Adds ``amount`` to the seat's stack, as a stack move of ``kind``."""
    s.add(StackMove(seating_id=row.id, kind=kind, amount=amount, staff_id=by.id, at=at,
                    reason=reason))
    row.stack += amount


def table_total(s: Session, session: TableSession, amount: int) -> None:
    """Refuses chips that would bring the table past the largest amount: the seated
    stacks together bound every pot and every stack a hand can make."""
    if amount <= 0:
        return
    total = sum(r.stack for r in seatings(s, session.id)) + amount
    try:
        check_total(total, f"the chips at the table (with these {thousands(amount)})")
    except AmountError as exc:
        raise StorageError(str(exc)) from None


def in_chips(s: Session, session: TableSession, amount: int) -> None:
    """Refuses an amount that is not a multiple of the table's chip unit."""
    settings = table_info(table_row(s, session.table_id)).settings
    refusal = settings.check_stack_amount(amount)  # the engine's rule (rule 3.3)
    if refusal is not None:
        raise StorageError(tr("{amount} is not a multiple of the chip unit {unit}")
                           .format(**refusal.details))
