"""Chips owed after a void to (or by) players who had left the table, and their settlement
at the cage.

- ``settle_owed(db, session_id, seat_or_player, amount, supervisor, reason, second=None) ->
  OwedSettlement``: a supervisor records chips owed as paid (to the player, or back by them),
  in an open or a closed session; an ``owed-paid`` stack move the reconciliation counts as a
  cash-out that takes the owed line down by as much (see ``reports.OWED_PAID_KINDS``).
- ``owed(db, session_id)``: (seat, player, chips still owed) per player owed.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from dealer_app.services.core.common import (
    audit,
    confirm_supervisor,
    dual_control,
    require_supervisor_role,
)
from dealer_app.services.core.types import StaffMember
from dealer_app.services.table_rows import in_chips, positive, session_row
from dealer_app.storage import ledger
from dealer_app.storage.database import Database
from dealer_app.storage.errors import StorageError
from dealer_app.storage.models import Seating, StackMove
from dealer_app.text import thousands, tr, tr_noop

OWED_PAID = "owed-paid"
"""The stack move settling chips owed after a void: its amount is the opposite of the part
of the ``owed`` it settles (chips paid to the player: negative, like a cash-out)."""


@dataclass(frozen=True, slots=True)
class OwedSettlement:
    """What :meth:`TableService.settle_owed` recorded."""

    seat: int
    player: str
    settled: int
    """Positive: paid to the player; negative: paid back by the player."""
    owed_left: int
    """Still owed after it (signed as ``settled``; 0 when settled in full)."""


def settle_owed(db: Database, session_id: int, seat_or_player: int | str, amount: int,
                supervisor: StaffMember, reason: str,
                second: StaffMember | None = None) -> OwedSettlement:
    """Records ``amount`` (above 0) of the chips owed to or by a player who left before
    a void as settled at the cage, in the direction they are owed. ``seat_or_player``:
    the seat number, or the player's name when one seat had several players. Refuses
    more than is owed; audited as ``settle-owed`` with the supervisor's reason."""
    why = require_supervisor_role(supervisor, reason, tr_noop("settling owed chips"))
    positive(amount, tr("the amount settled"))
    with db.transaction() as s:
        confirm_supervisor(s, supervisor, tr_noop("settling owed chips"))
        session = session_row(s, session_id, lock=True)
        in_chips(s, session, amount)
        owing = [(row, left) for row, left in owed_rows(s, session_id)
                 if (row.seat == seat_or_player if isinstance(seat_or_player, int)
                     else row.player == str(seat_or_player).strip())]
        who = (tr("seat {seat}").format(seat=seat_or_player)
               if isinstance(seat_or_player, int) else repr(str(seat_or_player).strip()))
        if not owing:
            raise StorageError(tr("no chips are owed to or by {who} in session {session}")
                               .format(who=who, session=session_id))
        if len(owing) > 1:
            raise StorageError(tr("chips are owed to more than one player of {who}: name "
                                  "the player").format(who=who))
        row, due = owing[0]
        if amount > abs(due):
            raise StorageError(
                (tr("{player} (seat {seat}) is owed only {owed}, not {amount}; nothing "
                    "was changed") if due > 0 else
                 tr("{player} (seat {seat}) owes only {owed}, not {amount}; nothing was "
                    "changed")).format(player=row.player, seat=row.seat,
                                       owed=thousands(abs(due)), amount=thousands(amount)))
        settled = amount if due > 0 else -amount
        both = dual_control(s, session.table_id, amount, supervisor, second,
                            tr_noop("settling owed chips"))
        now = db.now()
        s.add(StackMove(seating_id=row.id, kind=OWED_PAID, amount=-settled,
                        staff_id=supervisor.id, at=now, reason=why))
        result = OwedSettlement(seat=row.seat, player=row.player, settled=settled,
                                owed_left=due - settled)
        audit(s, at=now, act="settle-owed", staff=supervisor, reason=why,
              table_id=session.table_id, session_id=session_id,
              detail={"seat": row.seat, "player": row.player, "amount": settled,
                      "owed_left": result.owed_left,
                      **({"second_supervisor": both.name} if both else {})})
        ledger.request_checkpoint(s, f"session {session_id} owed chips settled")
        return result


def owed(db: Database, session_id: int) -> list[tuple[int, str, int]]:
    """(seat, player, chips still owed: positive to the player, negative by them) for
    each player of the session with chips owed after a void."""
    with db.read() as s:
        session_row(s, session_id)
        return [(row.seat, row.player, left) for row, left in owed_rows(s, session_id)]


def owed_rows(s: Session, session_id: int) -> list[tuple[Seating, int]]:
    totals: dict[int, int] = {}
    for seating_id, total in s.execute(
            select(StackMove.seating_id, func.sum(StackMove.amount))
            .join(Seating, Seating.id == StackMove.seating_id)
            .where(Seating.session_id == session_id,
                   StackMove.kind.in_(("owed", OWED_PAID)))
            .group_by(StackMove.seating_id)):
        if total:
            totals[int(seating_id)] = int(total)
    rows = list(s.scalars(select(Seating).where(Seating.id.in_(list(totals)))
                          .order_by(Seating.seat, Seating.seated_at))) if totals else []
    return [(row, totals[row.id]) for row in rows if totals[row.id]]
