"""Issue 23: nothing recorded that was not typed, and the smaller faults at the table.
Real widgets driven with qtbot."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from .conftest import Driver, make_driver


def _pot_limit_bet_box(qtbot: QtBot, db_url: str) -> Driver:
    d = make_driver(qtbot, db_url)
    d.sign_in("Sue", "123456", first=True)
    d.create_table("PL 1", structure="pot-limit")
    assert not d.window.tables.error.text(), d.window.tables.error.text()
    d.open_first_table()
    d.seat(1, "Ann", 500)
    d.seat(3, "Bo", 500)
    assert not d.page.players.message.is_error, d.page.players.message.text()
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("khas")
    d.key(Qt.Key.Key_B)
    d.key(Qt.Key.Key_L)
    d.type("kd7s")
    assert not d.refused, d.next_text
    d.key(Qt.Key.Key_E)
    assert not d.refused, d.next_text
    qtbot.waitUntil(d.page.amount.isVisible)
    return d


def test_the_amount_box_says_why_a_key_does_not_go_in(qtbot: QtBot, db_url: str) -> None:
    d = _pot_limit_bet_box(qtbot, db_url)
    box = d.page.amount
    events = len(d.backend.hand.events)  # type: ignore[union-attr]
    qtbot.keyClick(box.edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert box.edit.selectedText() == box.edit.text() != ""  # Ctrl+A selects the amount
    qtbot.keyClicks(box.edit, "2x")
    assert box.edit.text() == "2"
    assert "'x' is not part of an amount" in box.limits.text()
    qtbot.keyClick(box.edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(box.edit, "1,000")  # the comma is the thousands separator, kept
    assert box.edit.text() == "1,000" and box.value() == 1000
    assert "above the pot limit" in box.limits.text()  # the limit binds, not the stack
    assert not box.ok.isEnabled()
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert len(d.backend.hand.events) == events  # type: ignore[union-attr]
