"""The engine's refusals put into words from their reason and details
(dealer_app.gui.wording.refusals): every reason has words, filled by the details of real
refusals, saying what the engine says; a translation reaches the red NEXT line of the dealer
window."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QLocale, Qt

from dealer_app import text
from dealer_app.engine import CardError, RuleError, parse_card, typed_card
from dealer_app.engine.errors import Code, Reason
from dealer_app.engine.hand import Hand, ReplayError
from dealer_app.gui.wording.refusals import (
    CARD_REASONS,
    TEMPLATES,
    card_error_text,
    card_reason,
    refusal_text,
    template,
)
from tests.engine.helpers import evs, start
from tests.engine.refusals import DEALER_REASONS, real_refusals
from tests.gui.conftest import Driver


@pytest.fixture(autouse=True)
def _english_numbers() -> Iterator[None]:
    """Amounts the engine writes with separators (``10,000``) in the windows' English."""
    before = QLocale()
    QLocale.setDefault(QLocale("en_GB"))
    yield
    QLocale.setDefault(before)


def _names(words: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(words) if name}


def test_every_reason_has_words() -> None:
    assert set(TEMPLATES) == set(Reason)
    for reason, words in TEMPLATES.items():
        if not isinstance(words, str):
            assert set(words) == {"bet", "raise"}, reason
            # the real refusals below fill one of the two: both name the same details
            assert _names(words["bet"]) == _names(words["raise"]), reason
    assert set(CARD_REASONS) <= set(Reason)


@pytest.mark.parametrize("reason", DEALER_REASONS)
def test_words_say_what_the_engine_says(reason: Reason) -> None:
    for error, hand in real_refusals()[reason]:
        words = template(error.reason, error.details)
        assert words is not None
        names = _names(words)
        assert names <= set(error.details) | {"why"}, (reason, names, error.details)
        assert refusal_text(error) == error.message
        # with the hand, each seat is named after its player (random_seats: P1..P6)
        named = refusal_text(error, hand)
        for key in {"seat", "due"} & names:
            assert f"seat {error.details[key]} (P{error.details[key]})" in named
        assert re.sub(r" \(P[1-6]\)", "", named) == error.message


def test_a_replayed_refusal_keeps_its_reason_and_details() -> None:
    hand = start({1: 1000, 2: 1000}, {1: "As", 2: "Ks"})
    with pytest.raises(ReplayError) as caught:
        Hand.replay(hand.settings, hand.specs, [*hand.events, *evs("1 bring; 2 check")])
    error = caught.value
    assert (error.code, error.reason) == (Code.ILLEGAL_ACTION, Reason.FACING_BET)
    assert error.details == {"seat": 2, "bet": 10, "rule": "7.6"}
    assert refusal_text(error) == error.message == \
        "seat 2 faces a bet of 10: call, raise or fold (rule 7.6)"


@pytest.mark.parametrize(("typed", "kind"), [
    (5, Reason.CARD_NOT_TEXT), ("", Reason.CARD_EMPTY), ("Az", Reason.CARD_UNKNOWN_SUIT),
    ("6s", Reason.CARD_RANK_NOT_IN_DECK), ("Xs", Reason.CARD_UNKNOWN_RANK),
    ("x", Reason.CARD_NOT_STARTED), ("1x", Reason.CARD_UNKNOWN_TYPED_RANK),
    ("3", Reason.CARD_RANK_NOT_IN_DECK)])
def test_card_errors_in_words(typed: object, kind: Reason) -> None:
    with pytest.raises(CardError) as caught:
        if isinstance(typed, str) and typed and typed not in ("Az", "6s", "Xs"):
            typed_card(typed)
        else:
            parse_card(typed)  # type: ignore[arg-type]
    error = caught.value
    assert error.kind is kind
    assert card_reason(error) == error.reason
    assert card_error_text(error) == str(error)


def test_a_card_error_without_a_kind_keeps_its_words() -> None:
    error = CardError("k", "it is not complete")
    assert card_reason(error) == "it is not complete"


@pytest.fixture
def marked() -> Iterator[None]:
    """Every translated text marked with a leading ``§`` (English again afterwards)."""
    text.set_translate(lambda source, disambiguation: "§" + source)
    yield
    text.set_translate(None)


@pytest.mark.usefixtures("marked")
def test_every_refusal_is_translated() -> None:
    for reason, found in real_refusals().items():
        for error, hand in found:
            assert refusal_text(error).startswith("§"), reason
            assert refusal_text(error, hand).startswith("§"), reason


def test_a_translation_naming_a_missing_value_falls_back_to_english() -> None:
    error, _ = real_refusals()[Reason.SEAT_FOLDED][0]
    text.set_translate(lambda source, disambiguation: source.replace("{seat}", "{plats}"))
    try:
        assert refusal_text(error) == error.message
    finally:
        text.set_translate(None)


def test_an_unknown_reason_shows_the_engine_message() -> None:
    error, _ = real_refusals()[Reason.SEAT_FOLDED][0]
    odd = RuleError(error.code, "some words", "no-such-reason")  # type: ignore[arg-type]
    assert refusal_text(odd) == "some words"


def test_the_dealer_window_shows_a_refusal_in_its_language(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("kh")
    text.set_translate(lambda source, disambiguation: "§" + source)
    try:
        d.type("kh")  # already dealt: refused by the engine
        assert d.refused
        assert d.page.next_line.error.startswith("§")
        assert "Kh" in d.page.next_line.error
    finally:
        text.set_translate(None)
    d.type("as")
    assert not d.refused
