"""dealer_app.words: the engine's describe() in the windows' language, English unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

import pytest

from dealer_app import words
from dealer_app.engine.cards import Card
from dealer_app.engine.evaluator import Category, HandValue, describe
from dealer_app.engine.events import Action, Event
from dealer_app.engine.settings import Settings, Structure
from dealer_app.text import Language, language


def _all_hand_values() -> list[HandValue]:
    """One hand for every rank multiset of the deck, plus a suited one when all ranks differ:
    every category with every combination of ranks."""
    out: list[HandValue] = []
    for ranks in combinations_with_replacement(range(8), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        seen: dict[int, int] = {}
        cards = []
        for r in ranks:
            cards.append(Card(r, seen.get(r, 0)))
            seen[r] = seen.get(r, 0) + 1
        if len(set(ranks)) == 5:
            # spread the suits so that no flush appears by accident, then the flush itself
            cards[0] = Card(ranks[0], 1)
            out.append(describe([Card(r, 0) for r in ranks]))
        out.append(describe(cards))
    return out


HAND_VALUES = _all_hand_values()


def test_every_category_and_rank_is_covered() -> None:
    assert {v.category for v in HAND_VALUES} == set(Category)
    assert len({v.strength for v in HAND_VALUES}) == len(HAND_VALUES)


def test_hand_values_read_as_the_engine_in_english() -> None:
    for value in HAND_VALUES:
        assert words.hand_value_text(value) == value.describe(), value.cards


def test_category_and_rank_names_match_the_engine() -> None:
    from dealer_app.engine.cards import RANK_NAMES, RANK_PLURALS, RANKS
    for category in Category:
        assert words.category_name(category) == category.label
    for rank in RANKS:
        assert words.rank_name(rank) == RANK_NAMES[rank]
        assert words.rank_plural(rank) == RANK_PLURALS[rank]
    for structure in Structure:
        assert words.structure_name(structure) == structure.label


@pytest.mark.parametrize("structure", list(Structure))
@pytest.mark.parametrize("ante", [5, 25, 1000, 250_000])
def test_settings_read_as_the_engine_in_english(structure: Structure, ante: int) -> None:
    settings = Settings(ante=ante, chip_unit=5, structure=structure)
    assert words.settings_text(settings) == settings.describe()


def test_settings_examples() -> None:
    assert words.settings_text(Settings(ante=5, chip_unit=5)) == "Fixed limit 10/20 · Ante 5"
    assert (words.settings_text(Settings(ante=5, chip_unit=5, structure=Structure.POT_LIMIT))
            == "Pot limit bring-in 10 · Ante 5")


@pytest.mark.parametrize("action", list(Action))
@pytest.mark.parametrize("card", [None, "Kh", "10♥", "as"])
@pytest.mark.parametrize("to", [None, 0, 40, 1200, 1_000_000])
def test_events_read_as_the_engine_in_english(action: Action, card: str | None,
                                              to: int | None) -> None:
    for seat in (1, 6):
        event = Event(seat=seat, action=action, card=card, to=to)
        assert words.event_text(event) == event.describe()


def test_event_examples() -> None:
    assert words.event_text(Event(3, Action.RAISE, to=40)) == "Seat 3 raises to 40"
    assert words.event_text(Event(2, Action.DEAL_UP, card="Kh")) == "Seat 2 is dealt Kh"
    assert words.event_text(Event(1, Action.FOLD)) == "Seat 1 folds"


@pytest.fixture
def marked() -> Iterator[None]:
    """Every tr() result starts with § (restored afterwards)."""
    with language(Language("x-marked", "marked", lambda text, _: "§" + text)):
        yield


def test_the_words_go_through_tr(marked: None) -> None:
    def hand(*cards: str) -> HandValue:
        return describe([Card.parse(c) for c in cards])

    assert (words.hand_value_text(hand("As", "Ah", "Ad", "Ks", "Kh"))
            == "§§Full house, §aces over §kings")
    assert (words.hand_value_text(hand("Ks", "Kh", "7d", "7s", "9c"))
            == "§§Two pairs, §kings and §sevens")
    assert words.hand_value_text(hand("Ks", "Kh", "8d", "7s", "9c")) == "§§One pair, §kings"
    assert words.hand_value_text(hand("As", "Js", "9s", "8s", "7s")) == "§§Flush, §ace high"
    assert words.hand_value_text(hand("As", "Ks", "Qs", "Js", "Ts")) == "§Royal flush"
    assert words.settings_text(Settings(ante=5, chip_unit=5)) == "§§Fixed limit 10/20 · Ante 5"
    assert (words.settings_text(Settings(ante=5, chip_unit=5, structure=Structure.NO_LIMIT))
            == "§§No limit bring-in 10 · Ante 5")
    assert words.event_text(Event(3, Action.RAISE, to=40)) == "§Seat 3 raises to 40"
    assert words.event_text(Event(2, Action.DEAL_UP, card="Kh")) == "§Seat 2 is dealt Kh"
    assert words.event_text(Event(2, Action.CALL)) == "§Seat 2 calls"
    # an unusual shape: the words translated, card and amount appended as written
    assert words.event_text(Event(2, Action.CALL, to=20)) == "§Seat 2 calls 20"


def test_a_translation_may_reorder_the_words() -> None:
    swedish = {"{category}, {ranks}": "{category} i {ranks}", "One pair": "Par",
               "kings": "kungar", "Seat {seat} raises to {amount}": "Plats {seat} höjer till "
               "{amount}", "{structure} {small}/{big} · Ante {ante}":
               "Ante {ante} · {structure} {small}/{big}"}
    with language(Language("sv", "Svenska", lambda text, _: swedish.get(text, text))):
        assert (words.hand_value_text(describe([Card.parse(c) for c in
                                                ("Ks", "Kh", "8d", "7s", "9c")]))
                == "Par i kungar")
        assert words.event_text(Event(3, Action.RAISE, to=40)) == "Plats 3 höjer till 40"
        assert (words.settings_text(Settings(ante=5, chip_unit=5))
                == "Ante 5 · Fixed limit 10/20")



def test_grouped_amounts_and_action_names() -> None:
    assert words.event_text(Event(3, Action.RAISE, to=1200), grouped=True) == \
        "Seat 3 raises to 1,200"
    assert words.event_text(Event(3, Action.CALL, to=12000), grouped=True) == \
        "Seat 3 calls 12,000"
    assert words.event_text(Event(3, Action.RAISE, to=1200)) == "Seat 3 raises to 1200"
    for action in Action:
        assert words.action_name(action) == action.value
    value = describe([Card.parse(c) for c in ("As", "Ah", "Ad", "Ks", "Kh")])
    assert words.hand_name(value) == "Full house, aces over kings"


def test_action_names_go_through_tr(marked: None) -> None:
    assert words.action_name(Action.BRING_IN) == "§bring-in"
    assert (words.event_text(Event(3, Action.RAISE, to=1200), grouped=True)
            == "§Seat 3 raises to 1,200")
