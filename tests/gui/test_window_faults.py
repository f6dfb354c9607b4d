"""Issue 23: nothing recorded that was not typed, and the smaller faults at the table.
Real widgets driven with qtbot."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.exceptions import TimeoutError
from pytestqt.qtbot import QtBot

from dealer_app.engine import Card
from dealer_app.gui.app import application
from dealer_app.gui.toolkit import i18n

from .conftest import Driver, make_driver


def _heads_up(qtbot: QtBot, db_url: str, structure: str = "pot-limit", *,
              size: tuple[int, int] = (1280, 800), stack: int = 500,
              street_2: bool = True) -> Driver:
    """Ann and Bo at a new table, the bring-in made: seat 1 to act (``street_2``: on 3rd
    street, after Bo's call and the cards)."""
    d = make_driver(qtbot, db_url, size=size)
    d.sign_in("Sue", "135792", first=True)
    d.create_table("HU 1", structure=structure)
    assert not d.window.tables.error.text(), d.window.tables.error.text()
    d.open_first_table()
    d.seat(1, "Ann", stack)
    d.seat(3, "Bo", stack)
    assert not d.page.players.message.is_error, d.page.players.message.text()
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("khas")
    d.key(Qt.Key.Key_B)
    if street_2:
        d.key(Qt.Key.Key_L)
        d.type("kd7s")
    assert not d.refused, d.next_text
    return d


def _pot_limit_bet_box(qtbot: QtBot, db_url: str) -> Driver:
    d = _heads_up(qtbot, db_url)
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


def test_the_players_form_follows_the_table_and_the_seats_table(table: Driver) -> None:
    """A stale red NEXT line through successful rebuys; a row chosen in the seats table
    did not set the Seat field Rebuy acts on; the last table's entries stayed."""
    d = table
    d.key(Qt.Key.Key_G)  # refused: the NEXT line turns red
    assert d.refused
    players = d.page.players
    d.page.tabs.setCurrentIndex(1)
    view = d.page.seats_view
    rect = view.visualRect(d.page.seats_model.index(2, 1))  # seat 3, Bo
    d.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert players.seat.value() == 3 and players.name.text() == "Bo"
    players.amount.setValue(100)
    d.qtbot.mouseClick(players.buttons["rebuy"], Qt.MouseButton.LeftButton)
    assert "Seat 3 rebuys 100" in players.message.text() and not players.message.is_error
    assert not d.refused  # the refusal before the rebuy is no longer shown
    assert d.backend.snapshot().seats[3].stack == 420
    d.qtbot.keyClicks(players.name, "stray")
    players.seat.setValue(5)
    d.qtbot.mouseClick(d.page.sign_out_button, Qt.MouseButton.LeftButton)
    d.sign_in("Sue", "135792")
    d.create_table("Table 4")
    tp = d.window.tables
    tp.tables.setCurrentRow(tp.tables.count() - 1)
    d.qtbot.mouseClick(tp.open_button, Qt.MouseButton.LeftButton)
    assert d.backend.snapshot().table_name == "Table 4"
    assert (players.name.text(), players.seat.value(), players.amount.value()) == ("", 1, 500)


def test_enter_on_the_structure_box_creates_the_table(driver: Driver) -> None:
    d = driver
    d.sign_in("Sue", "135792", first=True)
    tp = d.window.tables
    d.qtbot.keyClicks(tp.form.name, "Table 8")
    tp.form.structure.setFocus()
    d.qtbot.keyClick(tp.form.structure, Qt.Key.Key_Return)
    assert [tp.tables.item(i).text() for i in range(tp.tables.count())][-1].startswith(
        "Table 8")


def test_the_seats_stay_put_when_the_amount_box_opens(qtbot: QtBot, db_url: str) -> None:
    """Issue 23, fault 7: the seats jumped 30–60 px when the amount box opened."""
    d = _heads_up(qtbot, db_url, "no-limit", size=(1024, 768))

    def seats() -> list[int]:
        QApplication.processEvents()  # the layout settles (posted LayoutRequest)
        return [w.geometry().y() for w in d.page.table.seats.values()]

    before = seats()
    d.key(Qt.Key.Key_E)
    assert d.page.amount.isVisible()
    assert seats() == before
    d.key(Qt.Key.Key_Escape)
    assert not d.page.amount.isVisible()
    assert seats() == before


@pytest.mark.parametrize("language", ["en", "sv"])
def test_the_seats_stay_put_when_a_refusal_wraps(qtbot: QtBot, db_url: str,
                                                  language: str) -> None:
    """Issue 23, fault 7: the seats jumped when a refusal took a second line."""
    i18n.install(application(), language)
    try:
        d = _heads_up(qtbot, db_url, "no-limit", size=(1024, 768))

        def seats() -> list[int]:
            QApplication.processEvents()  # the layout settles (posted LayoutRequest)
            return [w.geometry().y() for w in d.page.table.seats.values()]

        before = seats()
        line = d.page.next_line
        d.key(Qt.Key.Key_N)  # refused: a hand is in progress, on two lines at 1024 px
        assert d.refused
        assert line.heightForWidth(line.width()) <= line.height()  # whole
        if os.environ.get("DEALER_APP_LAYOUT_SHOTS"):
            d.window.grab().save(os.path.join(os.environ["DEALER_APP_LAYOUT_SHOTS"],
                                              f"refusal-{language}-1024.png"))
        assert seats() == before
        d.key(Qt.Key.Key_X)  # a legal input (a check) clears the refusal
        assert not d.refused
        assert seats() == before
    finally:
        i18n.install(application(), "en")


def test_the_amount_row_keeps_its_buttons_whole_in_swedish(qtbot: QtBot, db_url: str) -> None:
    """Issue 23, fault 3: in Swedish at 1024×768 a refusal in the amount box clipped its
    buttons ("Mir", "ott [P")."""
    i18n.install(application(), "sv")
    try:
        d = _heads_up(qtbot, db_url, size=(1024, 768))
        d.key(Qt.Key.Key_E)
        box = d.page.amount
        qtbot.waitUntil(box.isVisible)
        qtbot.keyClick(box.edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(box.edit, "10001")  # refused: above the pot limit, not whole chips
        assert box.limits.text().startswith("✖")
        QApplication.processEvents()
        if os.environ.get("DEALER_APP_LAYOUT_SHOTS"):
            d.window.grab().save(os.path.join(os.environ["DEALER_APP_LAYOUT_SHOTS"],
                                              "amount-refused-sv-1024.png"))
        for button in (box.min_button, box.pot_button, box.all_in_button, box.ok):
            assert button.width() >= button.sizeHint().width(), button.text()
        limits = box.limits
        assert limits.heightForWidth(limits.width()) <= limits.height() or (
            limits.sizeHint().width() <= limits.width()), limits.text()
    finally:
        i18n.install(application(), "en")


def test_the_hand_log_wraps_a_long_entry_at_1600_by_1000(qtbot: QtBot, db_url: str) -> None:
    """Issue 23, fault 7: the dealer's hand log cut entries ("Seat 1 raises to …")."""
    d = _heads_up(qtbot, db_url, "no-limit", size=(1600, 1000), stack=100_000,
                  street_2=False)
    d.key(Qt.Key.Key_R)  # a raise to a long amount
    box = d.page.amount
    qtbot.waitUntil(box.isVisible)
    qtbot.keyClick(box.edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(box.edit, "99995")
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert not d.refused, d.next_text
    d.key(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # "Undo of …": long
    QApplication.processEvents()
    view, model = d.page.log_view, d.page.log_model
    width = view.columnWidth(model.WHAT)
    for row in range(model.rowCount()):
        text = str(model.index(row, model.WHAT).data())
        need = view.fontMetrics().boundingRect(0, 0, width - 10, 10_000,
                                               Qt.TextFlag.TextWordWrap, text)
        assert need.width() <= width and need.height() <= view.rowHeight(row), text


def test_ctrl_z_held_down_undoes_one_input_only(table: Driver) -> None:
    """Issue 23: Ctrl+Z held down undid the whole hand (its key repeats) without asking."""
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("khas9d")
    events = len(d.backend.hand.events)  # type: ignore[union-attr]
    ctrl = Qt.KeyboardModifier.ControlModifier
    d.key(Qt.Key.Key_Z, ctrl)  # one press: one input undone
    assert len(d.backend.hand.events) == events - 1  # type: ignore[union-attr]
    for _ in range(5):  # the key held: the repeats undo nothing more
        QApplication.sendEvent(d.page.card_entry, QKeyEvent(
            QEvent.Type.KeyPress, Qt.Key.Key_Z, ctrl, "\x1a", True, 1))
    assert len(d.backend.hand.events) == events - 1  # type: ignore[union-attr]
    assert d.refused and "undoes one input per press" in d.next_text


def test_closing_the_window_mid_hand_asks_first(table: Driver,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    d = table
    window = d.window
    assert window.may_close()  # between hands: no question
    d.key(Qt.Key.Key_N)
    asked: list[str] = []

    def answer(box: QMessageBox) -> int:
        asked.append(box.text())
        return 0  # the dialog closed with Cancel: clickedButton() is Cancel

    monkeypatch.setattr(QMessageBox, "exec", lambda box: (
        answer(box), box.button(QMessageBox.StandardButton.Cancel).click())[0])
    assert not window.may_close()
    assert asked and "A hand is in progress" in asked[0]


def test_hole_cards_are_face_down_until_f4_is_held_or_the_showdown(table: Driver) -> None:
    """Issue 23: the dealer's screen faces the table: recorded hole cards are hidden."""
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.key(Qt.Key.Key_O)
    d.key(Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    d.type("ts")
    hole = d.seat_widget(3).cards[0]
    assert hole.isVisible() and hole.card is None  # recorded, face down
    assert "hold F4" in hole.toolTip()
    d.qtbot.keyPress(d.page.card_entry, Qt.Key.Key_F4)
    assert str(hole.card) == "Ts"
    d.qtbot.keyRelease(d.page.card_entry, Qt.Key.Key_F4)
    assert hole.card is None
    assert d.page.picker.buttons[Card.parse("Ts")].isEnabled()  # the picker tells nothing
    d.type("9d")  # the rest of the deal, then to the showdown: face up
    d.type("khas")
    d.key(Qt.Key.Key_B)
    d.key(Qt.Key.Key_L)
    d.key(Qt.Key.Key_L)
    for street in ("kdjs7s", "qcqd8c", "tcjd9s"):
        d.type(street)
        for _ in range(3):
            d.key(Qt.Key.Key_X)
    assert str(hole.card) == "Ts", d.next_text


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_hand_logs_number_time_and_dealer_are_never_cut(
        qtbot: QtBot, db_url: str, size: tuple[int, int]) -> None:
    """Seen at 1024x768 and 1920x1080: the log's Time and By columns kept the width of their
    headers when the first inputs arrived ("18:3…", "D…") while Input had room to spare."""
    d = _heads_up(qtbot, db_url, size=size)
    view, model = d.page.log_view, d.page.log_model
    assert model.rowCount() > 3

    def fits() -> bool:
        metrics = view.fontMetrics()
        for column in (model.SEQ, model.TIME, model.BY):
            for row in range(model.rowCount()):
                text = str(model.index(row, column).data() or "")
                if metrics.horizontalAdvance(text) + 6 > view.columnWidth(column):
                    return False
        return True

    try:
        qtbot.waitUntil(fits, timeout=2000)
    except TimeoutError as cut:  # (column, its width, its widest text)
        metrics = view.fontMetrics()
        raise AssertionError([(c, view.columnWidth(c), max(
            metrics.horizontalAdvance(str(model.index(r, c).data() or ""))
            for r in range(model.rowCount()))) for c in range(4)]) from cut
    by = [str(model.index(row, model.BY).data() or "") for row in range(model.rowCount())]
    assert any(by), "the dealer is named on the first input"
