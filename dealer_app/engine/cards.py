"""Cards of the 32-card Americana deck and their notation (rules 1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from dealer_app.engine.errors import Details, Reason

RANKS: Final = "789TJQKA"
"""Ranks from low to high; the index is the rank's value (7 is 0, A is 7)."""

SUITS: Final = "shdc"
"""Suits in the order that breaks bring-in ties: spades > hearts > diamonds > clubs."""

SUIT_SYMBOLS: Final = {"♠": "s", "♥": "h", "♦": "d", "♣": "c",
                       "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
SUIT_NAMES: Final = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RANK_NAMES: Final = {"7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack",
                     "Q": "queen", "K": "king", "A": "ace"}
RANK_PLURALS: Final = {"7": "sevens", "8": "eights", "9": "nines", "T": "tens", "J": "jacks",
                       "Q": "queens", "K": "kings", "A": "aces"}


class CardError(ValueError):
    """A text that is not a card of the 32-card deck (rule 1.3)."""

    def __init__(self, text: str, reason: str, kind: Reason | None = None,
                 details: Details | None = None) -> None:
        super().__init__(f"{text!r} is not a card of the 32-card deck: {reason}")
        self.text = text
        self.reason = reason
        """Why, in English words."""
        self.kind = kind
        """Why, as a stable :class:`Reason` (None: a reason given by a window itself)."""
        self.details: dict[str, int | str] = {"card": text, **(details or {})}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card; ``rank`` 0..7 (7..A) and ``suit`` 0..3 (s, h, d, c)."""

    rank: int
    suit: int

    @classmethod
    def parse(cls, text: str) -> Card:
        """Reads ``As``, ``td``, ``10h``, ``8♥``; raises :class:`CardError` otherwise."""
        return parse_card(text)

    @property
    def index(self) -> int:
        """0..31, a compact id (rank * 4 + suit)."""
        return self.rank * 4 + self.suit

    @property
    def rank_char(self) -> str:
        return RANKS[self.rank]

    @property
    def suit_char(self) -> str:
        return SUITS[self.suit]

    @property
    def bring_in_order(self) -> int:
        """Higher is higher for the bring-in: rank first, then suit s > h > d > c (rule 6.1)."""
        return self.rank * 4 + (3 - self.suit)

    def name(self) -> str:
        """``ace of spades``."""
        return f"{RANK_NAMES[self.rank_char]} of {SUIT_NAMES[self.suit_char]}"

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __hash__(self) -> int:  # equal cards have equal ranks and suits; cheaper than a tuple's
        return self.rank * 4 + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: Final[tuple[Card, ...]] = tuple(Card(r, s) for r in range(8) for s in range(4))
"""All 32 cards, 7s first, Ac last."""

BY_TEXT: Final[dict[str, Card]] = {str(c): c for c in DECK}
"""Each card by its canonical text (``As``): :func:`parse_card`'s fast path."""


def parse_card(text: str) -> Card:
    """Parses one card in any accepted notation (rule 1.2) or raises :class:`CardError`."""
    card = BY_TEXT.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if not isinstance(text, str):
        raise CardError(str(text), "a card is written as rank and suit, like 'As'",
                        Reason.CARD_NOT_TEXT)
    raw = text.strip()
    if not raw:
        raise CardError(text, "it is empty", Reason.CARD_EMPTY)
    suit_text = raw[-1]
    suit = SUIT_SYMBOLS.get(suit_text, suit_text.lower())
    rank_text = raw[:-1].upper()
    if rank_text == "10":
        rank_text = "T"
    if suit not in SUITS:
        raise CardError(text, f"unknown suit {suit_text!r} (use s, h, d, c or ♠ ♥ ♦ ♣)",
                        Reason.CARD_UNKNOWN_SUIT, {"suit": suit_text})
    if rank_text in ("2", "3", "4", "5", "6"):
        raise CardError(text, f"rank {rank_text} is not in the deck (it has 7 to ace only)",
                        Reason.CARD_RANK_NOT_IN_DECK, {"rank": rank_text})
    if len(rank_text) != 1 or rank_text not in RANKS:
        raise CardError(text, f"unknown rank {raw[:-1]!r} (use 7 8 9 T J Q K A)",
                        Reason.CARD_UNKNOWN_RANK, {"rank": raw[:-1]})
    return BY_TEXT[rank_text + suit]


CARD_STARTS: Final = frozenset("789TJQKA1")
"""The keys a typed card starts with (its rank; ``1`` of ``10``), upper case."""


def starts_card(char: str) -> bool:
    """``char`` is the first key of a card (a rank, or the ``1`` of ``10``)."""
    return len(char) == 1 and char.upper() in CARD_STARTS


def typed_card(text: str) -> Card | None:
    """A card typed key by key: the card once ``text`` is complete, None while more keys
    may still make it one (``k``, ``1``, ``10``); raises :class:`CardError` when no key can."""
    raw = text.strip()
    if not raw:
        return None
    if not starts_card(raw[0]):
        if raw[0] in "23456":
            raise CardError(text, f"rank {raw[0]} is not in the deck (it has 7 to ace only)",
                            Reason.CARD_RANK_NOT_IN_DECK, {"rank": raw[0]})
        raise CardError(text, f"{raw[0]!r} does not start a card: a card starts with its rank "
                        "7 8 9 T J Q K A (or 10), then the suit s h d c",
                        Reason.CARD_NOT_STARTED, {"key": raw[0]})
    if raw == "1" or (len(raw) == 1 and raw.upper() in RANKS):
        return None
    if raw[0] == "1" and raw[1] != "0":
        raise CardError(text, f"unknown rank {raw[:2]!r} (use 7 8 9 T J Q K A, or 10)",
                        Reason.CARD_UNKNOWN_TYPED_RANK, {"rank": raw[:2]})
    if raw == "10":
        return None
    return parse_card(raw)


def parse_cards(text: str) -> list[Card]:
    """Parses cards separated by spaces or commas."""
    return [parse_card(part) for part in text.replace(",", " ").split()]
