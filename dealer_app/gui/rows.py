"""What each seat and pot shows, as plain values computed from a snapshot (no Qt)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dealer_app.engine.cards import Card
from dealer_app.engine.hand import Hand
from dealer_app.gui.prompts import pot_title
from dealer_app.services import SeatInfo

SEATS = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of the table as the dealer sees it."""

    seat: int
    player: str
    """Empty when nobody sits there."""
    stack: int
    bet: int
    in_hand: bool
    hole: Card | None
    hole_dealt: bool
    """A hole card lies in front of the player (known or not)."""
    up: tuple[Card, ...]
    folded: bool = False
    mucked: bool = False
    all_in: bool = False
    sitting_out: bool = False
    due: bool = False
    hand_name: str = ""
    won: int = 0

    @property
    def occupied(self) -> bool:
        return bool(self.player)

    @property
    def state(self) -> str:
        """``FOLDED``, ``ALL-IN``, ``MUCKED``, ``SITTING OUT`` or empty."""
        if self.folded:
            return "FOLDED"
        if self.mucked:
            return "MUCKED"
        if self.all_in:
            return "ALL-IN"
        if self.sitting_out:
            return "SITTING OUT"
        return ""

    @property
    def cards_text(self) -> str:
        hole = str(self.hole) if self.hole else ("??" if self.hole_dealt else "")
        return " ".join(x for x in [hole, *map(str, self.up)] if x)


def seat_rows(seats: Mapping[int, SeatInfo], hand: Hand | None) -> list[SeatRow]:
    """Six rows, seat 1 to 6; a hand's seats show the hand's state, others the seating."""
    expected = hand.next_input() if hand is not None else None
    due = expected.seat if expected is not None else None
    awards: dict[int, int] = {}
    if hand is not None and hand.complete:
        for pot in hand.pots():
            for s, amount in pot.awards.items():
                awards[s] = awards.get(s, 0) + amount
    rows: list[SeatRow] = []
    for n in SEATS:
        info = seats.get(n)
        st = hand.seats.get(n) if hand is not None else None
        if st is not None and hand is not None:
            in_progress = not hand.complete
            value = hand.shown_hands.get(n)
            rows.append(SeatRow(
                seat=n, player=st.player, stack=st.stack if in_progress or info is None
                else info.stack, bet=st.bet, in_hand=True, hole=st.hole,
                hole_dealt=st.hole is not None or bool(st.up), up=st.up, folded=st.folded,
                mucked=st.mucked, all_in=st.all_in and not hand.complete,
                sitting_out=info.sitting_out if info else False,
                due=due == n,
                hand_name=value.describe() if value else "", won=awards.get(n, 0)))
        elif info is not None:
            rows.append(SeatRow(seat=n, player=info.player, stack=info.stack, bet=0,
                                in_hand=False, hole=None, hole_dealt=False, up=(),
                                sitting_out=info.sitting_out))
        else:
            rows.append(SeatRow(seat=n, player="", stack=0, bet=0, in_hand=False, hole=None,
                                hole_dealt=False, up=()))
    return rows


@dataclass(frozen=True, slots=True)
class PotRow:
    title: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    awards: dict[int, int]
    odd_chips: tuple[int, ...]

    @property
    def eligible_text(self) -> str:
        return ", ".join(map(str, self.eligible))

    @property
    def awards_text(self) -> str:
        return ", ".join(f"seat {s}: {a}" for s, a in sorted(self.awards.items()))


def pot_rows(hand: Hand | None) -> list[PotRow]:
    if hand is None:
        return []
    return [PotRow(pot_title(i), p.amount, tuple(p.eligible), tuple(p.winners),
                   dict(p.awards), tuple(p.odd_chips)) for i, p in enumerate(hand.pots())]
