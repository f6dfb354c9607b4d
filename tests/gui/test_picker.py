"""The 32-card picker greys out exactly the cards of the hand on the table: through the deal,
the showdown and the award, a card given back by an undo or a correction is free again, and
the next hand starts with every card free. Driven by clicks on the picker and real keys."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealer_app.engine import DECK, Action, Card
from dealer_app.engine.hand import Phase
from tests.gui.conftest import Driver
from tests.gui.test_supervisor import _confirm, _dialog, _play


def _greyed(d: Driver) -> set[Card]:
    return {card for card, button in d.page.picker.buttons.items() if not button.isEnabled()}


def _used(d: Driver) -> set[Card]:
    hand = d.backend.hand
    assert hand is not None
    return set(hand.used)


def _pick(d: Driver, card: str) -> None:
    d.qtbot.mouseClick(d.page.picker.buttons[Card.parse(card)], Qt.MouseButton.LeftButton)


def _free(d: Driver) -> str:
    hand = d.backend.hand
    assert hand is not None
    return next(str(c) for c in DECK if c not in hand.used)


def test_the_picker_follows_the_hand_from_the_deal_to_the_next_hand(table: Driver) -> None:
    d = table
    assert _greyed(d) == set()
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    assert _greyed(d) == set()
    _pick(d, "Kh")
    d.type("as")
    _pick(d, "9d")
    assert _greyed(d) == {Card.parse(c) for c in ("Kh", "As", "9d")} == _used(d)
    # a greyed card cannot be picked: the click records nothing
    log_rows = d.page.log_model.rowCount()
    _pick(d, "As")
    assert d.page.log_model.rowCount() == log_rows and _used(d) == _greyed(d)
    # undo gives the last card back
    d.key(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert Card.parse("9d") not in _greyed(d) and _greyed(d) == _used(d)
    _pick(d, "9d")
    assert Card.parse("9d") in _greyed(d)
    # every street, the showdown and the award: the greyed cards are the hand's
    while (hand := d.backend.hand) is not None and not hand.complete:
        assert not d.refused, d.next_text
        nxt = hand.next_input()
        assert nxt is not None
        if hand.phase in (Phase.DEAL, Phase.SHOWDOWN):
            _pick(d, _free(d))  # at the showdown: the hole card shown
        elif Action.BRING_IN in nxt.actions:
            d.key(Qt.Key.Key_B)
        else:
            d.key(Qt.Key.Key_X if Action.CHECK in nxt.actions else Qt.Key.Key_L)
        assert _greyed(d) == _used(d)
    assert d.backend.complete and "Hand complete" in d.next_text
    assert len(_greyed(d)) == 3 * 5 and _greyed(d) == _used(d)
    # the next hand: every card free again
    d.key(Qt.Key.Key_N)
    assert "Hand 2" in d.page.header.text()
    assert _greyed(d) == set()


def test_a_card_given_back_after_the_award_is_free_again(table: Driver) -> None:
    d = table
    _play(d, until_seat_1_shows=False)  # seat 1's hole card Jd was known at the deal
    hand = d.backend.hand
    assert hand is not None and hand.complete
    last_shown = hand.seats[hand.showdown_order[-1]].hole
    assert last_shown is not None and last_shown in _greyed(d)
    d.key(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # a supervisor's undo
    _confirm(d, _dialog(d), "135792", "last show was entered for the wrong seat")
    d.qtbot.waitUntil(lambda: d.controller.dialog is None)
    assert d.backend.in_progress
    hand = d.backend.hand
    assert hand is not None
    assert hand.seats[hand.showdown_order[-1]].hole is None  # typed at the show: given back
    assert last_shown not in _greyed(d) and _greyed(d) == _used(d)


def test_a_corrected_hole_card_frees_the_card_it_replaced(table: Driver) -> None:
    d = table
    _play(d, until_seat_1_shows=True)
    assert Card.parse("Jd") in _greyed(d) and Card.parse("Js") not in _greyed(d)
    d.type("js")  # the player shows Js; Jd was recorded at the deal
    assert d.refused and Card.parse("Js") not in _greyed(d)
    d.key(Qt.Key.Key_F9)
    _confirm(d, _dialog(d), "135792", "player showed Js; Jd recorded at the deal")
    d.qtbot.waitUntil(lambda: d.controller.dialog is None)
    assert Card.parse("Js") in _greyed(d) and Card.parse("Jd") not in _greyed(d)
    assert _greyed(d) == _used(d)
