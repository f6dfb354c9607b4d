"""Every player's stack over a session's hands, for the report's chart."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select

from dealer_app.services.core.types import (
    HandStatus,
)
from dealer_app.services.reports.session import session_row
from dealer_app.storage.database import Database
from dealer_app.storage.models import (
    HandPlayer,
    HandRow,
)


# ---------------------------------------------------------------------------- stack history
@dataclass(frozen=True, slots=True)
class StackHistory:
    """Stacks over a session's hands: x = 0 before the first hand, x = i after hand i."""

    session_id: int
    hand_numbers: tuple[int, ...]
    """The table's number of each hand, in order (void hands left out)."""
    series: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    """Player → (x, stack) points, only where the player was dealt in."""

    @property
    def max_stack(self) -> int:
        return max((v for pts in self.series.values() for _, v in pts), default=0)


def stack_history(db: Database, session_id: int) -> StackHistory:
    session_row(db, session_id)
    with db.read() as s:
        rows = s.execute(
            select(HandRow.id, HandRow.number, HandPlayer.player, HandPlayer.stack_before,
                   HandPlayer.stack_after)
            .join(HandPlayer, HandPlayer.hand_id == HandRow.id)
            .where(HandRow.session_id == session_id, HandRow.status != HandStatus.VOID.value)
            .order_by(HandRow.id, HandPlayer.seat)).all()
    numbers: list[int] = []
    series: dict[str, list[tuple[int, int]]] = {}
    last_hand: int | None = None
    for hand_id, number, player, before, after in rows:
        if hand_id != last_hand:
            numbers.append(int(number or hand_id))
            last_hand = hand_id
        x = len(numbers)
        points = series.setdefault(player, [])
        if not points or points[-1][0] != x - 1:
            points.append((x - 1, before))
        points.append((x, after if after is not None else before))
    return StackHistory(session_id=session_id, hand_numbers=tuple(numbers), series=series)
