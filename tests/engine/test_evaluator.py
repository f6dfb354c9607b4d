"""Hand values (rules 2) and board ranking (rule 8.1), checked exhaustively and against PokerKit."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pokerkit.lookups import Label, Lookup
from pokerkit.utilities import Card as PokerKitCard
from pokerkit.utilities import Rank

from dealer_app.engine.cards import DECK, Card, parse_cards
from dealer_app.engine.evaluator import (
    Category,
    HandValue,
    board_key,
    category_of,
    describe,
    evaluate,
)

ALL_HANDS = list(combinations(DECK, 5))

hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
boards = st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True)


def value(text: str) -> int:
    return evaluate(parse_cards(text))


def with_suits(cards: list[Card], permutation: list[int]) -> list[Card]:
    return [Card(card.rank, permutation[card.suit]) for card in cards]


@pytest.fixture(scope="module")
def strengths() -> list[int]:
    return [evaluate(hand) for hand in ALL_HANDS]


# --- rule 2.4: sanity figures over all C(32, 5) hands -------------------------------------


def test_rule_2_4_category_counts(strengths: list[int]) -> None:
    assert len(ALL_HANDS) == 201_376
    counts = Counter(category_of(strength) for strength in strengths)
    # 5 straights (A-T, 7-J, 8-Q, 9-K, T-A), 8 ranks, 4 suits.
    assert counts == {
        Category.ROYAL_FLUSH: 4,
        Category.STRAIGHT_FLUSH: 16,  # with the royals: 20 (rule 2.4)
        Category.FOUR_OF_A_KIND: 8 * 28,
        Category.FLUSH: 4 * 56 - 20,  # 204 (rule 2.4)
        Category.FULL_HOUSE: 8 * 4 * 7 * 6,  # 1,344 (rule 2.4)
        Category.STRAIGHT: 5 * (4**5 - 4),
        Category.THREE_OF_A_KIND: 8 * 4 * 21 * 16,
        Category.TWO_PAIRS: 28 * 6 * 6 * 24,
        Category.ONE_PAIR: 8 * 6 * 35 * 64,
        Category.HIGH_CARD: (56 - 5) * (4**5 - 4),
    }
    assert counts[Category.FLUSH] == 204
    assert counts[Category.FULL_HOUSE] == 1_344
    assert counts[Category.STRAIGHT_FLUSH] + counts[Category.ROYAL_FLUSH] == 20


# --- rule 2: the whole ranking against PokerKit --------------------------------------------


@dataclass
class AmericanaLookup(Lookup):
    """PokerKit lookup for the 32-card deck: ranks 7..A, flush above full house, A-7-8-9-T."""

    rank_order = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN,
                  Rank.KING, Rank.ACE)  # type: ignore[assignment]

    def _add_entries(self) -> None:
        self._add_multisets(Counter({1: 5}), (False,), Label.HIGH_CARD)
        self._add_multisets(Counter({2: 1, 1: 3}), (False,), Label.ONE_PAIR)
        self._add_multisets(Counter({2: 2, 1: 1}), (False,), Label.TWO_PAIR)
        self._add_multisets(Counter({3: 1, 1: 2}), (False,), Label.THREE_OF_A_KIND)
        self._add_straights(5, (False,), Label.STRAIGHT)  # wraps: A-7-8-9-T first
        self._add_multisets(Counter({3: 1, 2: 1}), (False,), Label.FULL_HOUSE)
        self._add_multisets(Counter({1: 5}), (True,), Label.FLUSH)
        self._add_multisets(Counter({4: 1, 1: 1}), (False,), Label.FOUR_OF_A_KIND)
        self._add_straights(5, (True,), Label.STRAIGHT_FLUSH)


POKERKIT_LABELS = {
    Category.HIGH_CARD: Label.HIGH_CARD, Category.ONE_PAIR: Label.ONE_PAIR,
    Category.TWO_PAIRS: Label.TWO_PAIR, Category.THREE_OF_A_KIND: Label.THREE_OF_A_KIND,
    Category.STRAIGHT: Label.STRAIGHT, Category.FULL_HOUSE: Label.FULL_HOUSE,
    Category.FLUSH: Label.FLUSH, Category.FOUR_OF_A_KIND: Label.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH: Label.STRAIGHT_FLUSH, Category.ROYAL_FLUSH: Label.STRAIGHT_FLUSH,
}


def test_rule_2_ranking_matches_pokerkit_oracle_on_all_hands(strengths: list[int]) -> None:
    lookup = AmericanaLookup()
    theirs = {card: next(iter(PokerKitCard.parse(str(card)))) for card in DECK}
    ours_to_oracle: dict[int, int] = {}
    oracle_to_ours: dict[int, int] = {}
    for hand, strength in zip(ALL_HANDS, strengths, strict=True):
        entry = lookup.get_entry(tuple(theirs[card] for card in hand))
        # Same ties: one oracle index per strength and one strength per oracle index.
        assert ours_to_oracle.setdefault(strength, entry.index) == entry.index, hand
        assert oracle_to_ours.setdefault(entry.index, strength) == strength, hand
        assert entry.label is POKERKIT_LABELS[category_of(strength)], hand
    # Same order: sorting the distinct strengths sorts the oracle's indices too.
    indices = [ours_to_oracle[strength] for strength in sorted(ours_to_oracle)]
    assert indices == sorted(indices)
    assert len(indices) == 840


def test_rule_2_distinct_values_from_first_principles(strengths: list[int]) -> None:
    # Rank multisets of 5 from 8 ranks, at most 4 of a rank: C(12, 5) - 8 = 784;
    # the 56 of five distinct ranks also come suited: 840 distinct hand values.
    assert len(set(strengths)) == 784 + 56


# --- rule 2.1: straights --------------------------------------------------------------------


def test_rule_2_1_ace_low_straight_is_lowest() -> None:
    ladder = ["Ad 7c 8s 9h Ts", "7c 8s 9h Td Js", "8s 9h Td Js Qc", "9h Td Js Qc Kd",
              "Td Js Qc Kd Ah"]
    values = [value(text) for text in ladder]
    assert values == sorted(values) and len(set(values)) == 5
    assert all(category_of(v) is Category.STRAIGHT for v in values)
    assert value("Ad 7c 8s 9h Ts") > value("As Ah Ad Kc Qc")  # above any three of a kind
    assert describe(parse_cards("Ad 7c 8s 9h Ts")).describe() == "Straight, ten high"


def test_rule_2_1_ace_low_straight_flush_is_lowest_and_royal_is_highest() -> None:
    wheel = value("As 7s 8s 9s Ts")
    assert category_of(wheel) is Category.STRAIGHT_FLUSH
    assert value("7s 8s 9s Ts Js") > wheel
    assert value("Ac Ad Ah As 9c") < wheel
    royal = describe(parse_cards("Td Jd Qd Kd Ad"))
    assert royal.category is Category.ROYAL_FLUSH and royal.describe() == "Royal flush"
    assert royal.strength > value("9h Th Jh Qh Kh")
    assert royal.strength == max(evaluate(hand) for hand in ALL_HANDS)


@pytest.mark.parametrize("text", ["Kd Ah 7c 8s 9h", "Qd Kd Ah 7c 8s", "Jd Qd Kd Ah 7c"])
def test_rule_2_1_no_other_wrap_around(text: str) -> None:
    assert category_of(value(text)) is Category.HIGH_CARD
    suited = text.replace("d", "s").replace("h", "s").replace("c", "s")
    assert category_of(value(suited)) is Category.FLUSH


def test_rule_2_flush_beats_full_house() -> None:
    lowest_flush = value("7h 8h 9h Th Qh")
    assert category_of(lowest_flush) is Category.FLUSH
    assert lowest_flush > value("As Ah Ad Kc Ks")
    assert value("7s 7h 7d 7c 8s") > value("As Ks Qs Js 9s")


def test_rule_2_category_order_and_names() -> None:
    assert list(Category) == sorted(Category)
    assert max(Category) is Category.ROYAL_FLUSH and min(Category) is Category.HIGH_CARD
    assert Category.FLUSH > Category.FULL_HOUSE > Category.STRAIGHT
    assert [c.slug for c in reversed(Category)] == [
        "royal-flush", "straight-flush", "four-of-a-kind", "flush", "full-house", "straight",
        "three-of-a-kind", "two-pairs", "one-pair", "high-card"]
    assert Category.TWO_PAIRS.label == "Two pairs"
    assert Category.ROYAL_FLUSH.label == "Royal flush"
    assert Category.FOUR_OF_A_KIND.label == "Four of a kind"


# --- rule 2.2: kickers ----------------------------------------------------------------------


@pytest.mark.parametrize(("better", "worse"), [
    ("As Ah Ad Ac 8s", "Ks Kh Kd Kc Qs"),  # quads by rank
    ("Ks Kh Kd Kc 8s", "Ks Kh Kd Kc 7s"),  # then the kicker
    ("Ks Kh Kd 7c 7s", "Qs Qh Qd Ac As"),  # full house by trips
    ("Ks Kh Kd 8c 8s", "Ks Kh Kd 7c 7s"),  # then the pair
    ("Ah Kh Jh 8h 7h", "Ad Kd Td 9d 8d"),  # flush card by card
    ("Ad Kd Td 9d 8d", "Ad Kd Td 9d 7d"),  # ... down to the last card
    ("Qs Qh Qd 9c 7s", "Qs Qh Qd 8c 7c"),  # trips kickers
    ("Ks Kh 7c 7s 9h", "Qs Qh Jc Js Ah"),  # two pairs: high pair
    ("Ks Kh 8c 8s 7h", "Ks Kh 7c 7s Ah"),  # then low pair
    ("Ks Kh 7c 7s 9h", "Ks Kh 7c 7s 8h"),  # then kicker
    ("Ts Th Ac Qs 9h", "Ts Th Ac Qs 8h"),  # pair: last kicker counts
    ("As Kh Qc 9d 8s", "As Kh Qc 9d 7s"),  # high card: last card counts
    ("9h Td Js Qc Kd", "8s 9h Td Js Qc"),  # straight by its top card
])
def test_rule_2_2_kickers_count(better: str, worse: str) -> None:
    assert value(better) > value(worse)


# --- rule 2.3: suits never break ties -------------------------------------------------------


def test_rule_2_3_suits_never_break_ties() -> None:
    assert value("As Kh Qc 9d 8s") == value("Ac Kd Qh 9s 8c")
    assert value("Ks Kh 7c 7s 9h") == value("Kd Kc 7h 7d 9c")
    assert value("7s 8s 9s Ts Qs") == value("7c 8c 9c Tc Qc")
    assert value("Ts 9h 8d 7c Ad") == value("Th 9h 8d 7c As")


@given(hands, st.permutations(range(4)))
def test_rule_2_3_suit_permutation_keeps_strength(cards: list[Card], perm: list[int]) -> None:
    assert evaluate(with_suits(cards, perm)) == evaluate(cards)
    # Same ranks with the suits changed: equal unless one of them is suited.
    other = [Card(card.rank, (card.suit + i) % 4) for i, card in enumerate(cards)]
    if len({c.suit for c in other}) > 1 and len({c.suit for c in cards}) > 1:
        assert evaluate(other) == evaluate(cards)


@given(hands, st.randoms(use_true_random=False))
def test_card_order_does_not_matter(cards: list[Card], rnd: random.Random) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert evaluate(shuffled) == evaluate(cards)
    assert describe(shuffled) == describe(cards)


# --- describe: best first, hand-record `hands` ------------------------------------------------

# The `hands` of /work/shared/spec/samples/*.expect.json (copied: the samples are not in the repo).
SAMPLE_HANDS = [
    ("fixed-limit-showdown 3", "one-pair", "Td Tc Ac Qs 8h"),
    ("fixed-limit-showdown 5", "two-pairs", "Kh Kd 7h 7c 9h"),
    ("hole-card-mismatch 6", "one-pair", "Qd Qc Kh 9h 8c"),
    ("odd-chip-split 6", "high-card", "Ac Kc Qh 9c 7s"),
    ("odd-chip-split 3", "high-card", "As Kd Qs 9h 7d"),
    ("pot-limit-side-pot 1", "two-pairs", "Jh Jc 7s 7d Ad"),
    ("pot-limit-side-pot 4", "two-pairs", "Ks Kc Qh Qd 9c"),
    ("pot-limit-side-pot 6", "one-pair", "Ts Th Ac 9h 8s"),
]


@pytest.mark.parametrize(("sample", "category", "cards"), SAMPLE_HANDS)
def test_describe_best_first_matches_samples(sample: str, category: str, cards: str) -> None:
    expected = {"category": category, "cards": cards.split()}
    dealt = parse_cards(cards)
    for order in (dealt, dealt[::-1], sorted(dealt), sorted(dealt, reverse=True)):
        assert describe(order).to_dict() == expected, sample


@pytest.mark.parametrize(("dealt", "best_first", "words"), [
    ("7c Ad 9h Ts 8s", "Ts 9h 8s 7c Ad", "Straight, ten high"),
    ("As 7s 9s 8s Ts", "Ts 9s 8s 7s As", "Straight flush, ten high"),
    ("Jh 9h Kh Th Qh", "Kh Qh Jh Th 9h", "Straight flush, king high"),
    ("Ac Kc Qc Jc Tc", "Ac Kc Qc Jc Tc", "Royal flush"),
    ("7c Ac 7s Ad 7h", "7s 7h 7c Ad Ac", "Full house, sevens over aces"),
    ("Kc Ac Ks Ad Ah", "Ah Ad Ac Ks Kc", "Full house, aces over kings"),
    ("8d 8c As 8s 8h", "8s 8h 8d 8c As", "Four of a kind, eights"),
    ("7h Jh Ah 8h Kh", "Ah Kh Jh 8h 7h", "Flush, ace high"),
    ("9c Qd 9s Qh 9d", "9s 9d 9c Qh Qd", "Full house, nines over queens"),
    ("Js 8d Jd 7c Jc", "Js Jd Jc 8d 7c", "Three of a kind, jacks"),
    ("7d 9h Kc 7h Ks", "Ks Kc 7h 7d 9h", "Two pairs, kings and sevens"),
    ("8c Ac Tc Th 9s", "Th Tc Ac 9s 8c", "One pair, tens"),
    ("Qc 7d Kh 8s 9s", "Kh Qc 9s 8s 7d", "High card, king high"),
])
def test_describe_orders_and_words(dealt: str, best_first: str, words: str) -> None:
    hand = describe(parse_cards(dealt))
    assert [str(card) for card in hand.cards] == best_first.split()
    assert hand.describe() == words
    assert hand.strength == evaluate(parse_cards(dealt))
    assert hand.category is category_of(hand.strength)


@given(hands)
def test_describe_is_a_rearrangement_with_the_same_value(cards: list[Card]) -> None:
    hand = describe(cards)
    assert isinstance(hand, HandValue)
    assert sorted(hand.cards) == sorted(cards)
    assert evaluate(hand.cards) == hand.strength
    ranks = [card.rank for card in hand.cards]
    counts = Counter(ranks)
    if hand.category not in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        keys = [(counts[r], r) for r in ranks]
        assert keys == sorted(keys, reverse=True)
    for first, second in zip(hand.cards, hand.cards[1:], strict=False):
        if first.rank == second.rank:
            assert first.suit < second.suit  # s, h, d, c


@pytest.mark.parametrize("text", ["As Kd Qs 9h", "As Kd Qs 9h 7d 8c", "As Kd Qs 9h As"])
def test_describe_refuses_anything_but_five_distinct_cards(text: str) -> None:
    with pytest.raises(ValueError):
        describe(parse_cards(text))


def test_evaluate_refuses_a_wrong_number_of_cards() -> None:
    with pytest.raises(ValueError):
        evaluate(parse_cards("As Kd Qs 9h"))


# --- rule 8.1: the best board acts first ------------------------------------------------------


def key(text: str) -> tuple[int, ...]:
    return board_key(parse_cards(text))


def test_rule_8_1_board_ranking_pair_beats_lower_pair() -> None:
    assert key("Qs Qh 7d") > key("Js Jh Ad")
    assert key("Qs Qh") > key("Js Jh")
    assert key("Js Jh") > key("As Kh")


def test_rule_8_1_board_ranking_groups_order() -> None:
    ladder = ["As Kh Qd Jc", "7s 7h 8d 9c", "7s 7h 8d 8c", "7s 7h 7d 8c", "7s 7h 7d 7c"]
    keys = [key(text) for text in ladder]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert key("8s 8h 8d 7c") > key("As Ah Kd Kc")  # trips beat two pairs
    assert key("7s 7h 7d") > key("As Ah Kd")


def test_rule_8_1_board_ranking_kickers_count() -> None:
    assert key("Ks Kh Ad") > key("Ks Kd Qd")
    assert key("Ks Kh 8d 8c") > key("Kd Kc 7d 7c")
    assert key("As Kh 9d 8c") > key("As Kh 9d 7c")
    assert key("Ks Kh Kd 8c") > key("Ks Kh Kd 7c")
    assert key("As") > key("Kc") > key("7d")


def test_rule_8_1_board_ranking_ignores_straights_and_flushes() -> None:
    assert key("Ts Js Qs Ks") < key("As 7h 8d 9c")
    assert key("7s 8s 9s Ts") < key("7h 7d 8c 9h")


def test_rule_8_2_equal_boards_compare_equal() -> None:
    assert key("Qs Qh 7d") == key("Qd Qc 7s")
    assert key("Ac") == key("As")
    assert key("9s Kh 8d") == key("8c 9h Kd")


@given(boards, st.permutations(range(4)), st.randoms(use_true_random=False))
def test_rule_8_1_board_key_ignores_suits_and_order(
    cards: list[Card], perm: list[int], rnd: random.Random
) -> None:
    other = with_suits(cards, perm)
    rnd.shuffle(other)
    assert board_key(other) == board_key(cards)


def test_rule_8_1_all_four_card_boards() -> None:
    by_key: dict[tuple[int, ...], Counter[int]] = {}
    classes: Counter[int] = Counter()
    for board in combinations(DECK, 4):
        k = board_key(board)
        multiset = Counter(card.rank for card in board)
        # Equal keys exactly when the ranks are the same (suits ignored).
        previous = by_key.setdefault(k, multiset)
        assert previous == multiset
        classes[k[0]] += 1
    assert len(by_key) == 330  # C(11, 4) rank multisets
    quads, trips, two_pairs, pairs, high = (classes[c] for c in (5, 4, 3, 2, 1))
    assert quads == 8
    assert trips == 8 * 4 * 7 * 4
    assert two_pairs == 28 * 6 * 6
    assert pairs == 8 * 6 * 21 * 16
    assert high == 70 * 4**4


def test_board_key_refuses_empty_or_five_cards() -> None:
    with pytest.raises(ValueError):
        board_key([])
    with pytest.raises(ValueError):
        board_key(parse_cards("As Ks Qs Js Ts"))


def _counted_board_key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """Rule 8.1 counted out directly (the looked-up :func:`board_key` must agree)."""
    counts = [0] * 8
    for card in cards:
        counts[card.rank] += 1
    groups = sorted(((n, rank) for rank, n in enumerate(counts) if n), reverse=True)
    top = groups[0][0]
    klass = top + 1 if top >= 3 else (3 if len(groups) > 1 and groups[1][0] == 2 else 2) \
        if top == 2 else 1
    return (klass, *(rank for _n, rank in groups))


def test_board_key_of_every_board_of_one_to_four_cards() -> None:
    for size in range(1, 5):
        for cards in combinations(DECK, size):
            assert board_key(cards) == _counted_board_key(cards)
            assert board_key(list(reversed(cards))) == _counted_board_key(cards)
