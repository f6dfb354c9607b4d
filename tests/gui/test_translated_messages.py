"""Issue 13: the dealer window's own words (refusals, prompts, messages, the first-start guide,
dialogs) go through :func:`dealer_app.text.tr`. A fake translation marks every text it
translated with "§"; real widgets, driven by qtbot, must show the mark."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QFileInfo, Qt
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from dealer_app.gui import guide
from dealer_app.gui.crash import message_for
from dealer_app.gui.lease import LeaseKeeper
from dealer_app.gui.toolkit.file_dialogs import NameOnlyIconProvider
from dealer_app.text import set_translate

from .conftest import Driver, make_driver
from .test_refused_and_resume import _stored, _to_bring_in

MARK = "§"


@pytest.fixture
def marked() -> Iterator[None]:
    """Every tr() call returns its English text marked with "§" (English again afterwards)."""
    set_translate(lambda text, _disambiguation: MARK + text)
    yield
    set_translate(None)


def _refusal(d: Driver) -> str:
    assert d.refused, d.next_text
    return d.page.next_line.error


def test_the_windows_own_refusals_are_translated(table: Driver, marked: None) -> None:
    d = table
    _to_bring_in(d, "qhas9d")  # fixed limit; betting is open: seat 3 (Bo) must bring in
    stored = _stored(d)
    d.type("kh")  # a card while betting is open
    assert _refusal(d).startswith(MARK) and "the card Kh is not recorded" in _refusal(d)
    d.key(Qt.Key.Key_N)  # the next hand mid-hand
    assert _refusal(d).startswith(MARK + "the hand is not finished: ")
    d.key(Qt.Key.Key_W)  # show while betting
    assert _refusal(d).startswith(MARK + "no show now: ")
    d.key(Qt.Key.Key_P)  # the antes are in
    assert _refusal(d).startswith(MARK + "every ante is already in: ")
    d.key(Qt.Key.Key_G)  # no key of the table
    assert _refusal(d).startswith(MARK + "'G' is not a key of the table: ")
    d.key(Qt.Key.Key_3)  # a digit in fixed limit: no amount box
    assert _refusal(d).startswith(MARK + "'3'") and "amount box" not in _refusal(d)
    d.key(Qt.Key.Key_F9)  # nothing waits for the supervisor
    assert _refusal(d).startswith(MARK + "nothing waits for the supervisor")
    d.key(Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)  # seat 1 is in no card now
    assert _refusal(d).startswith(MARK + "no card goes to seat 1 (Ann) now: ")
    assert _stored(d) == stored  # refused, all of them


def test_the_windows_prompts_labels_and_messages_are_translated(table: Driver,
                                                                 marked: None) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    assert d.page.table.dealer.info.text().startswith(MARK + "Hand 1 · ")
    assert d.page.action_bar.buttons["ante"].text().startswith(MARK + "Antes ×3")
    d.key(Qt.Key.Key_P)
    d.type("k")  # half a card: the prompt asks for its suit
    assert MARK + "Card 'k': type the rest (its suit)" in d.next_text
    d.key(Qt.Key.Key_Escape)
    pl = d.page.players
    pl.seat.setValue(3)
    d.qtbot.mouseClick(pl.buttons["sit-out"], Qt.MouseButton.LeftButton)
    assert pl.message.text().startswith(MARK + "Seat 3 sits out")


def test_the_first_start_guide_is_translated(qtbot: QtBot, marked: None) -> None:
    offer = guide.FirstStartOffer()
    qtbot.addWidget(offer)
    assert offer.windowTitle() == MARK + "Welcome to dealer-app"
    assert offer.practice_button.text() == MARK + "Practice table"
    assert offer.skip_button.text() == MARK + "Start working"
    panel = guide.StepsPanel()
    qtbot.addWidget(panel)
    assert panel.labels[0].text().startswith(f"▶ 1. {MARK}Create a table\n{MARK}On the tables")
    assert panel.labels[3].text() == f"   4. {MARK}Deal one practice hand"
    assert panel.close_button.text() == MARK + "Close the practice"
    assert panel.steps[3].how.startswith(MARK + "N deals · P posts the antes")


def test_the_take_over_box_and_the_lost_lease_are_translated(qtbot: QtBot, db_url: str,
                                                             table: Driver,
                                                             marked: None) -> None:
    sue = table.backend.staff
    assert sue is not None
    table.backend.add_staff("Dana", "dealer", "2725", sue)
    second = make_driver(qtbot, db_url)
    second.sign_in("Dana", "2725")
    second.open_first_table()
    qtbot.waitUntil(lambda: second.controller.dialog is not None)
    box = second.controller.dialog
    assert isinstance(box, QMessageBox)
    assert box.windowTitle() == MARK + "Table in use"
    assert box.informativeText().startswith(MARK + "Taking it over")
    take = box.findChild(QPushButton, "takeOver")
    assert take is not None and take.text() == MARK + "Take over this table"
    qtbot.mouseClick(take, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: second.window.stack.currentWidget() is second.page)
    keeper = LeaseKeeper(table.backend, table.controller, interval_ms=3_600_000)
    keeper.lost.connect(table.controller.fail)
    assert not keeper.beat()
    assert _refusal(table).startswith(MARK + "another workstation took this table over")


def test_crash_and_file_dialog_words_are_translated(marked: None) -> None:
    assert message_for(ValueError("boom")).startswith(
        MARK + "Something unexpected went wrong: ValueError: boom")
    assert NameOnlyIconProvider().type(QFileInfo(__file__)) == MARK + "PY File"
