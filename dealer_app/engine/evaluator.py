"""Five-card hand values of Americana (rules 2) and board ranking for who acts first (rule 8.1).

:func:`evaluate` is the fast path: two small lookup tables, built once at import from the
784 rank multisets of the 32-card deck (plus the 56 suited ones), turn five cards into a
strength with a product of primes and one dictionary lookup.

A strength is ``category << 20`` followed by the five ranks best first, four bits each
(the order of :func:`describe`), so higher is better, equal strengths tie, and
``strength >> 20`` is the :class:`Category` value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations_with_replacement
from typing import Final

from dealer_app.engine.cards import RANK_NAMES, RANK_PLURALS, RANKS, Card

__all__ = ["Category", "HandValue", "board_key", "category_of", "describe", "evaluate"]


class Category(IntEnum):
    """Hand categories of rule 2; a higher value is a better hand (flush above full house)."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIRS = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FULL_HOUSE = 6
    FLUSH = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10

    @property
    def slug(self) -> str:
        """The name in hand records: ``two-pairs``, ``royal-flush``, ..."""
        return self.name.lower().replace("_", "-")

    @property
    def label(self) -> str:
        """The name for people: ``Two pairs``, ``Royal flush``, ..."""
        return self.name.capitalize().replace("_", " ")


_SHIFT: Final = 20
_PRIMES: Final = (2, 3, 5, 7, 11, 13, 17, 19)
"""One prime per rank (7..A): a product of five of them identifies a rank multiset."""
_ACE: Final = 7
_WHEEL: Final = (3, 2, 1, 0, _ACE)
"""A-7-8-9-T, the lowest straight, best first: T 9 8 7 A (rule 2.1)."""


def _value(category: Category, ranks: Sequence[int]) -> int:
    strength = int(category)
    for rank in ranks:
        strength = (strength << 4) | rank
    return strength


def _build() -> tuple[dict[int, int], dict[int, int]]:
    """Strengths by prime product, for unsuited hands and for five cards of one suit."""
    plain: dict[int, int] = {}
    suited: dict[int, int] = {}
    for multiset in combinations_with_replacement(range(8), 5):
        counts = [multiset.count(rank) for rank in range(8)]
        if max(counts) > 4:
            continue
        key = 1
        for rank in multiset:
            key *= _PRIMES[rank]
        # Best first: larger groups first, then higher ranks.
        order = sorted(multiset, key=lambda rank: (counts[rank], rank), reverse=True)
        shape = sorted((c for c in counts if c), reverse=True)
        if shape[0] == 1:
            high = order[0]
            if high - order[4] == 4:
                straight: tuple[int, ...] | None = tuple(order)
            elif order == [_ACE, 3, 2, 1, 0]:
                straight = _WHEEL
            else:
                straight = None
            if straight is None:
                plain[key] = _value(Category.HIGH_CARD, order)
                suited[key] = _value(Category.FLUSH, order)
            else:
                plain[key] = _value(Category.STRAIGHT, straight)
                royal = straight[0] == _ACE
                suited[key] = _value(
                    Category.ROYAL_FLUSH if royal else Category.STRAIGHT_FLUSH, straight
                )
            continue
        if shape[0] == 4:
            category = Category.FOUR_OF_A_KIND
        elif shape[0] == 3:
            category = Category.FULL_HOUSE if shape[1] == 2 else Category.THREE_OF_A_KIND
        else:
            category = Category.TWO_PAIRS if shape[1] == 2 else Category.ONE_PAIR
        plain[key] = _value(category, order)
    return plain, suited


_PLAIN, _SUITED = _build()


def evaluate(cards: Sequence[Card]) -> int:
    """Strength of exactly five distinct cards: higher is better, equal means a split (rule 2.3).

    The caller guarantees the cards are distinct (the hand state machine refuses duplicates);
    :func:`describe` checks everything. ``strength >> 20`` is the :class:`Category`.
    """
    a, b, c, d, e = cards
    p = _PRIMES
    key = p[a.rank] * p[b.rank] * p[c.rank] * p[d.rank] * p[e.rank]
    if a.suit == b.suit == c.suit == d.suit == e.suit:
        return _SUITED[key]
    return _PLAIN[key]


def category_of(strength: int) -> Category:
    """The category of a strength returned by :func:`evaluate`."""
    return Category(strength >> _SHIFT)


@dataclass(frozen=True, slots=True)
class HandValue:
    """A five-card hand: its category, its cards best first (hand-record ``hands``), strength."""

    category: Category
    cards: tuple[Card, ...]
    strength: int

    def describe(self) -> str:
        """Plain words for the dealer, e.g. ``Full house, aces over kings``."""
        ranks = [RANKS[card.rank] for card in self.cards]
        cat = self.category
        if cat is Category.ROYAL_FLUSH:
            return cat.label
        if cat in (Category.STRAIGHT_FLUSH, Category.STRAIGHT, Category.FLUSH,
                   Category.HIGH_CARD):
            return f"{cat.label}, {RANK_NAMES[ranks[0]]} high"
        if cat is Category.FULL_HOUSE:
            return f"{cat.label}, {RANK_PLURALS[ranks[0]]} over {RANK_PLURALS[ranks[3]]}"
        if cat is Category.TWO_PAIRS:
            return f"{cat.label}, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[2]]}"
        return f"{cat.label}, {RANK_PLURALS[ranks[0]]}"

    def to_dict(self) -> dict[str, object]:
        """The hand-record form: ``{"category": "two-pairs", "cards": ["Kh", ...]}``."""
        return {"category": self.category.slug, "cards": [str(card) for card in self.cards]}


def describe(cards: Sequence[Card]) -> HandValue:
    """Category, cards best first and strength of five distinct cards (checked here).

    Best first: groups before singles (larger groups, then higher ranks), equal ranks by suit
    s, h, d, c; straights from the top card down, A-7-8-9-T as T 9 8 7 A.
    """
    hand = tuple(cards)
    if len(hand) != 5 or not all(isinstance(card, Card) for card in hand):
        raise ValueError(f"a hand is exactly five cards, got {len(hand)}")
    if len(set(hand)) != 5:
        raise ValueError("a hand cannot hold the same card twice: "
                         + " ".join(str(card) for card in hand))
    return describe_checked(hand)


def describe_checked(hand: tuple[Card, ...]) -> HandValue:
    """:func:`describe` of five cards the caller guarantees are distinct (the hand state
    machine refuses duplicates): the same value, without describe's checks."""
    strength = evaluate(hand)
    place = _PLACES[strength]
    ordered = sorted(hand, key=lambda card: place[card.rank] * 4 + card.suit)
    return HandValue(_CATEGORIES[strength >> _SHIFT], tuple(ordered), strength)


def _places(strength: int) -> tuple[int, ...]:
    """For each rank 0..7, its place in the ranks of ``strength`` best first (the first
    place of a group; 5 if absent), so that cards sort best first, then by suit."""
    place = [5] * 8
    for i, shift in enumerate((16, 12, 8, 4, 0)):
        rank = (strength >> shift) & 15
        if place[rank] == 5:
            place[rank] = i
    return tuple(place)


_PLACES: Final = {strength: _places(strength)
                  for strength in (*_PLAIN.values(), *_SUITED.values())}
""":func:`_places` of every strength :func:`evaluate` returns (built once: 840 at most)."""


_CATEGORIES: Final = {category.value: category for category in Category}
""":func:`category_of` without the call of the enum class (about 0.5 µs)."""


def board_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Sort key of 1 to 4 up cards for who acts first (rule 8.1); higher is a better board.

    Quads > trips > two pairs > one pair > high cards, then the ranks of the groups (larger
    groups first, higher first) and the remaining cards from the top. No straights or
    flushes; suits are ignored, so equal boards give equal keys (rule 8.2 breaks the tie).
    """
    if not 1 <= len(cards) <= 4:
        raise ValueError(f"a board is 1 to 4 up cards, got {len(cards)}")
    key = 1
    for card in cards:
        key *= _PRIMES[card.rank]
    found = _BOARDS.get(key)  # one entry per multiset of ranks (at most 494)
    if found is None:
        found = _BOARDS[key] = _board_key([card.rank for card in cards])
    return found


_BOARDS: dict[int, tuple[int, ...]] = {}
"""Board keys by the product of their ranks' primes (see :func:`board_key`)."""


def _board_key(ranks: list[int]) -> tuple[int, ...]:
    groups = sorted({(ranks.count(rank), rank) for rank in ranks}, reverse=True)
    top = groups[0][0]
    if top >= 3:
        klass = top + 1  # trips 4, quads 5
    elif top == 2:
        klass = 3 if len(groups) > 1 and groups[1][0] == 2 else 2
    else:
        klass = 1
    return (klass, *(rank for _, rank in groups))
