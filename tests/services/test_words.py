"""The engine's facts in words for the reports (dealer_app/words.py): the engine's English,
byte for byte, when no translator is installed, and the translation when one is."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pytest

from dealer_app import text
from dealer_app.engine.cards import parse_cards
from dealer_app.engine.evaluator import Category, describe
from dealer_app.engine.events import Action, Event
from dealer_app.engine.settings import Settings, Structure
from dealer_app.words import action_name, event_text, hand_name, settings_text

HANDS = ["Ts Js Qs Ks As", "9h Th Jh Qh Kh", "8d 8h 8s 8c Ad", "Ks Kh Kd 9c 9s",
         "7s 9s Js Qs As", "7h 8d 9c Ts Js", "Qs Qh Qd 9c 7s", "Ah As 8d 8c 9s",
         "Jh Js 7d 8c As", "7h 9d Jc Qs Kh", "As 7d 8c 9h Ts"]


@pytest.fixture
def upper() -> Iterator[None]:
    """A 'translation' that shouts: proves every word goes through tr()."""
    with text.language(text.Language("x-upper", "upper", lambda source, _: re.sub(
            r"(^|\})([^{]*)", lambda m: m[1] + m[2].upper(), source))):
        yield


def test_hand_names_are_the_engines_in_english() -> None:
    values = [describe(parse_cards(h)) for h in HANDS]
    assert {v.category for v in values} == set(Category)
    for value in values:
        assert hand_name(value) == value.describe()


def test_inputs_are_the_engines_in_english_and_grouped_on_request() -> None:
    for action, card, to in itertools.product(Action, (None, "Ah"), (None, 1200)):
        event = Event(seat=3, action=action, card=card, to=to)
        assert event_text(event) == event.describe()
        assert action_name(action) == action.value
    assert event_text(Event(3, Action.RAISE, to=1200), grouped=True) == "Seat 3 raises to 1,200"


def test_settings_are_the_engines_in_english() -> None:
    for structure in Structure:
        settings = Settings(ante=5, chip_unit=5, structure=structure)
        assert settings_text(settings) == settings.describe()


def test_words_go_through_the_translation_hook(upper: None) -> None:
    full_house = describe(parse_cards("Ks Kh Kd 9c 9s"))
    assert hand_name(full_house) == "FULL HOUSE, KINGS OVER NINES"
    assert event_text(Event(2, Action.CALL)) == "SEAT 2 CALLS"
    assert settings_text(Settings(ante=5, chip_unit=5)).startswith("FIXED LIMIT")
