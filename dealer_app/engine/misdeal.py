"""A misdeal declared at the table (rule 11.2), and a card exposed on the deal.

The rule book has one rule for both: a floor supervisor voids the hand (misdeal): every
contribution is returned and the hand is kept in the log, marked void, with the reason
(11.2), on the supervisor's credentials (11.3). It has no house rule for replacing an
exposed card and dealing on, so a card exposed on the deal is declared as a misdeal that
names the card. A misdeal is declared while the hand is dealt: a complete hand is voided
from the review.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from dealer_app.engine.cards import Card, parse_card
from dealer_app.engine.hand import Hand


class MisdealKind(StrEnum):
    """What the dealer declares."""

    MISDEAL = "misdeal"
    EXPOSED_CARD = "exposed-card"
    """A card exposed on the deal (a hole card dealt face up, a card flipped)."""


class MisdealError(ValueError):
    """A misdeal the rules refuse: ``hand_complete`` (the hand is complete), else the
    exposed card is not named."""

    def __init__(self, message: str, *, hand_complete: bool) -> None:
        super().__init__(message)
        self.hand_complete = hand_complete


@dataclass(frozen=True, slots=True)
class Misdeal:
    """A declared misdeal: its kind and, for an exposed card, the card."""

    kind: MisdealKind
    card: Card | None = None

    def describe(self) -> str:
        """``misdeal declared at the table (rule 11.2)`` / ``card exposed on the deal (As):
        misdeal declared at the table (rule 11.2)``: English, kept with the void's reason."""
        text = "misdeal declared at the table (rule 11.2)"
        if self.card is not None:
            return f"card exposed on the deal ({self.card}): {text}"
        return text


def declare_misdeal(hand: Hand, kind: MisdealKind, card: str | None = None) -> Misdeal:
    """The misdeal ``kind`` declared on ``hand`` (``card``: the exposed card, any notation of
    rule 1.2). Raises :class:`MisdealError` for a complete hand or an exposed card not
    named, :class:`~dealer_app.engine.cards.CardError` for a text that is not a card."""
    if hand.complete:
        raise MisdealError("the hand is complete: a misdeal is declared while the hand is "
                           "dealt; a complete hand is voided from the review (rule 11.2)",
                           hand_complete=True)
    if kind is MisdealKind.EXPOSED_CARD:
        if not (card or "").strip():
            raise MisdealError("name the exposed card", hand_complete=False)
        return Misdeal(kind, parse_card((card or "").strip()))
    return Misdeal(kind)
