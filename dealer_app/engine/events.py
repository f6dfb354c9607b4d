"""Dealer inputs: one event per real-world act at the table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Action(StrEnum):
    """Every kind of input, in the order hand-record.md lists them."""

    ANTE = "ante"
    DEAL_DOWN = "deal-down"
    DEAL_UP = "deal-up"
    BRING_IN = "bring-in"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"
    SHOW = "show"
    MUCK = "muck"

    @property
    def order(self) -> int:
        return ACTION_ORDER[self]

    @property
    def is_betting(self) -> bool:
        return self in BETTING_ACTIONS

    @property
    def is_card(self) -> bool:
        return self in (Action.DEAL_DOWN, Action.DEAL_UP)


ACTION_ORDER: dict[Action, int] = {a: i for i, a in enumerate(Action)}
BETTING_ACTIONS = frozenset({Action.BRING_IN, Action.BET, Action.RAISE, Action.CALL,
                             Action.CHECK, Action.FOLD})


class EventError(ValueError):
    """An event that is malformed (not a rules question): unknown action, missing key."""


@dataclass(frozen=True, slots=True)
class Event:
    """One dealer input. ``card`` is kept as typed (the engine parses it); ``to`` is the
    player's total wager in the current round after a bet or raise."""

    seat: int
    action: Action
    card: str | None = None
    to: int | None = None

    @classmethod
    def from_dict(cls, data: Any) -> Event:
        """Reads one event of a hand record; raises :class:`EventError` when malformed."""
        if not isinstance(data, dict):
            raise EventError(f"an event must be an object, not {data!r}")
        seat = data.get("seat")
        if type(seat) is not int:
            raise EventError(f"event needs an integer 'seat', got {seat!r}")
        try:
            action = Action(str(data.get("action")))
        except ValueError:
            raise EventError(f"unknown action {data.get('action')!r}") from None
        card = data.get("card")
        if action in (Action.DEAL_DOWN, Action.DEAL_UP) and "card" not in data:
            raise EventError(f"{action.value} needs a 'card'")
        if card is not None and not isinstance(card, str):
            raise EventError(f"'card' must be a string, not {card!r}")
        to = data.get("to")
        if action in (Action.BET, Action.RAISE):
            if "to" not in data:
                raise EventError(f"{action.value} needs 'to', the total wager this round")
            if type(to) is not int:
                raise EventError(f"'to' must be an integer, not {to!r}")
        elif to is not None and type(to) is not int:
            raise EventError(f"'to' must be an integer, not {to!r}")
        return cls(seat=seat, action=action, card=card, to=to)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "action": self.action.value}
        if self.card is not None:
            out["card"] = self.card
        if self.to is not None:
            out["to"] = self.to
        return out

    def describe(self) -> str:
        """``Seat 3 raises to 40`` — for logs and the dealer's window."""
        verb = {
            Action.ANTE: "antes", Action.DEAL_DOWN: "is dealt down", Action.DEAL_UP: "is dealt",
            Action.BRING_IN: "brings in", Action.BET: "bets", Action.RAISE: "raises to",
            Action.CALL: "calls", Action.CHECK: "checks", Action.FOLD: "folds",
            Action.SHOW: "shows", Action.MUCK: "mucks",
        }[self.action]
        text = f"Seat {self.seat} {verb}"
        if self.card is not None:
            text += f" {self.card}"
        if self.to is not None:
            text += f" {self.to}"
        return text
