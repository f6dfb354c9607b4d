"""The amount box's quick choices (P: pot, Shift+A: all-in) are the engine's
(``Wager.pot_choice`` / ``all_in_choice``), pressed as real keys."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from .conftest import make_driver
from .test_refused_and_resume import _to_bring_in


def test_pot_and_all_in_keys_give_the_engines_choices(qtbot: QtBot, db_url: str) -> None:
    d = make_driver(qtbot, db_url)
    d.sign_in("Sue", "135792", first=True)
    d.create_table("PL 1", structure="pot-limit")
    d.open_first_table()
    d.seat(1, "Ann", 500)
    d.seat(3, "Bo", 500)
    _to_bring_in(d, "khas")
    d.key(Qt.Key.Key_B)
    d.key(Qt.Key.Key_R)
    box = d.page.amount
    assert box.isVisible() and box.range is not None
    wager = box.range
    assert wager.pot_choice is not None and wager.all_in_choice is None  # the pot binds
    d.qtbot.keyClick(box.edit, Qt.Key.Key_P)
    assert box.edit.text() == str(wager.pot_choice) == str(min(wager.pot_to, wager.max_to))
    d.qtbot.keyClicks(box.edit, "5")  # typed over the selection
    d.qtbot.keyClick(box.edit, Qt.Key.Key_A, Qt.KeyboardModifier.ShiftModifier)
    assert box.edit.text() == "5"  # no all-in within the pot limit: the amount is kept
    box.min_button.click()
    assert box.edit.text() == str(wager.min_to)
