"""What a hand allows now and what an applied input did: frozen values the window shows.

:meth:`Hand.allowed <dealer_app.engine.hand.Hand.allowed>` returns an :class:`Allowed`;
:meth:`Hand.apply <dealer_app.engine.hand.Hand.apply>` returns an :class:`Applied`, and
:attr:`Hand.applied <dealer_app.engine.hand.Hand.applied>` keeps one for every input. The
window decides none of these itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dealer_app.engine.betting import Wager
from dealer_app.engine.cards import Card
from dealer_app.engine.events import Action, Event


class Phase(Enum):
    """Where the hand stands."""

    ANTES = "antes"
    DEAL = "deal"
    BETTING = "betting"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


@dataclass(frozen=True, slots=True)
class Allowed:
    """Everything the rules allow at this moment of the hand."""

    phase: Phase
    street: int
    seat: int | None
    """The seat due (antes: first without one; deal: first missing this street's card;
    betting: the seat to act; showdown: the seat to show). None once complete."""
    actions: tuple[Action, ...]
    """The actions open to ``seat``, in record order (as ``next`` in hand-record.md)."""
    to_call: int = 0
    """Chips ``seat`` puts in with a call (0 when it may check)."""
    call_all_in: bool = False
    bring_in: int = 0
    """The bring-in ``seat`` posts (its stack when smaller), 0 unless the bring-in is due."""
    wager: Wager | None = None
    """The bet or raise open to ``seat``: amounts, default, the check with the chip unit."""
    ante: int = 0
    missing_antes: tuple[int, ...] = ()
    hole_card_seats: tuple[int, ...] = ()
    """Seats that may take a hole card (``deal-down``) now."""
    card_seats: tuple[int, ...] = ()
    """Seats that may take this street's up card now, in deal order (rule 5.5: any order)."""
    card_action: Action | None = None
    """What a card typed now records for ``seat``: ``deal-up``, ``show`` or None."""
    show_needs_card: bool = False
    """At showdown: ``seat`` has no recorded hole card, so its show needs the card."""

    @property
    def betting_open(self) -> bool:
        return self.phase is Phase.BETTING

    @property
    def complete(self) -> bool:
        return self.phase is Phase.COMPLETE

    @property
    def takes_card(self) -> bool:
        """A card typed now is recorded (as ``card_action``): this street's up card while
        dealing, or a show at the showdown. (A hole card: ``takes(Action.DEAL_DOWN)``.)"""
        return self.card_action is not None

    def takes(self, action: Action) -> bool:
        """The step of the hand takes ``action`` now: an ante while antes are due, a betting
        action while a round is open, a show or muck at the showdown, an up card while one
        is due, a hole card while one may be recorded. Whether the seat given may take it is
        the rules' check (``Hand.check``), with its reason."""
        if action is Action.ANTE:
            return self.phase is Phase.ANTES
        if action in (Action.SHOW, Action.MUCK):
            return self.phase is Phase.SHOWDOWN
        if action is Action.DEAL_UP:
            return self.card_action is Action.DEAL_UP
        if action is Action.DEAL_DOWN:
            return bool(self.hole_card_seats)
        return self.phase is Phase.BETTING

    def may_take_card(self, seat: int) -> bool:
        """``seat`` may take the card of this street (or its show) now."""
        if self.card_action is Action.SHOW:
            return seat == self.seat
        return seat in self.card_seats


@dataclass(frozen=True, slots=True)
class Applied:
    """What one accepted input did."""

    event: Event
    card: Card | None
    """The card recorded (canonical), for a deal or a show with a card."""
    chips: int
    """Chips moved from the seat's stack (ante, bring-in, bet, raise, call)."""
    phase: Phase
    """The phase after the input."""
    street: int
    round_closed: bool
    """The input closed a betting round."""
    complete: bool
    """The input awarded the pots."""
    uncalled: tuple[int, int] | None = None
    """When the input closed a betting round: the seat given back the uncalled part of its
    bet, and those chips."""

    @property
    def net_chips(self) -> int:
        """The chips the input left in: ``chips``, less the uncalled part given back to the
        same seat as the round closed (a call of a bring-in that was posted short)."""
        if self.uncalled is not None and self.uncalled[0] == self.event.seat:
            return self.chips - self.uncalled[1]
        return self.chips

    @property
    def seat(self) -> int:
        return self.event.seat

    @property
    def action(self) -> Action:
        return self.event.action
