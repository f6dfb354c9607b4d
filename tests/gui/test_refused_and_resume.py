"""Refused inputs change nothing but the red NEXT line; a restart resumes the hand."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.gui.conftest import Driver, make_driver


def _screen(d: Driver) -> list[object]:
    """What the table shows: every seat's row, the pots, the log, the visible actions."""
    page = d.page
    return [[page.table.seats[s].row for s in range(1, 7)], page.table.centre.pot.text(),
            page.log_model.rowCount(), page.action_bar.visible_actions()]


def _stored(d: Driver) -> int:
    state = d.backend.state
    assert state is not None
    return len(d.backend.services.hands.hand_state(state.hand_id).log)


def _to_bring_in(d: Driver, cards: str = "khas9d") -> None:
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type(cards)
    assert "must bring in" in d.next_text


def test_wrong_card_is_refused_in_place(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("kh")
    before, stored = _screen(d), _stored(d)
    d.type("kh")  # already dealt
    assert d.refused and "Kh is already dealt" in d.next_text
    assert d.page.next_line.property("refused") is True
    assert _screen(d) == before and _stored(d) == stored
    d.type("2s")  # not in a 32-card deck
    assert "rank 2 is not in the deck" in d.next_text
    assert _screen(d) == before and _stored(d) == stored
    d.type("x")  # check, while a card is due
    assert "No check now: 2nd street is being dealt" in d.next_text
    d.type("y")
    assert "'Y' is not a key of the table: 2nd street is being dealt" in d.next_text
    assert _screen(d) == before and _stored(d) == stored
    # the next accepted input clears the message
    d.type("as")
    assert not d.refused and d.next_text.startswith("NEXT ▶")


def test_out_of_turn_action_is_refused(table: Driver) -> None:
    d = table
    _to_bring_in(d)
    before, stored = _screen(d), _stored(d)
    d.key(Qt.Key.Key_L)  # call before the bring-in
    assert d.refused and "must bring in" in d.next_text
    d.type("8c")  # a card while the betting round is open
    assert d.refused and "Betting is open: seat 3 (Bo) to act" in d.next_text
    assert "8c is not recorded" in d.next_text
    assert _screen(d) == before and _stored(d) == stored


def test_bad_amount_cannot_be_confirmed(qtbot: QtBot, db_url: str) -> None:
    d = make_driver(qtbot, db_url)
    d.sign_in("Sue", "135792", first=True)
    d.create_table("NL 1", ante=5, unit=5, structure="no-limit")
    d.open_first_table()
    d.seat(1, "Ann", 500)
    d.seat(2, "Bo", 500)
    _to_bring_in(d, "khas")
    d.key(Qt.Key.Key_B)
    box = d.page.amount
    d.key(Qt.Key.Key_R)
    assert box.isVisible()
    assert box.limits.text() == "min 20 · max 495"
    assert box.edit.text() == "20"  # pre-filled with the minimum
    before, stored = _screen(d), _stored(d)
    qtbot.keyClicks(box.edit, "15")
    assert not box.ok.isEnabled()
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert box.isVisible() and _screen(d) == before and _stored(d) == stored
    box.edit.selectAll()
    qtbot.keyClicks(box.edit, "23")  # not a multiple of the chip unit
    assert not box.ok.isEnabled()
    qtbot.keyClick(box.edit, Qt.Key.Key_A, Qt.KeyboardModifier.ShiftModifier)
    assert box.edit.text() == "495" and box.ok.isEnabled()
    qtbot.keyClick(box.edit, Qt.Key.Key_P)
    assert box.edit.text() == "40"  # pot after the call: 10 + 20 + 10
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert not box.isVisible()
    assert d.seat_widget(1).bet.text() == "40"
    d.window.close()


def test_closing_mid_hand_and_starting_again_resumes(qtbot: QtBot, db_url: str) -> None:
    d = make_driver(qtbot, db_url)
    d.sign_in("Sue", "135792", first=True)
    d.create_table("Table 3")
    d.open_first_table()
    d.seat(1, "Ann", 500)
    d.seat(3, "Bo", 320)
    d.seat(6, "Cy", 1000)
    _to_bring_in(d)
    d.key(Qt.Key.Key_B)
    d.key(Qt.Key.Key_L)
    before = _screen(d)
    next_text = d.next_text
    d.window.close()

    again = make_driver(qtbot, db_url)
    assert not again.window.sign_in.pin2.isVisibleTo(again.window.sign_in)
    again.sign_in("Sue", "135792")
    assert "Open · dealer Sue · hand 1 in progress" in again.window.tables.tables.item(0).text()
    again.open_first_table()
    assert again.next_text == next_text
    assert _screen(again) == before
    again.key(Qt.Key.Key_L)
    assert again.next_text == "NEXT ▶ Deal 3rd street: seat 1 (Ann)"
    again.window.close()


def test_wrong_pin_is_refused_in_place(qtbot: QtBot, db_url: str) -> None:
    d = make_driver(qtbot, db_url)
    d.sign_in("Sue", "135792", first=True)
    d.window.close()
    again = make_driver(qtbot, db_url)
    again.sign_in("Sue", "9192")
    assert "wrong PIN" in again.window.sign_in.error.text()
    assert again.window.stack.currentWidget() is again.window.sign_in
    again.window.close()
