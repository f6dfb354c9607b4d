"""Issue 23 at the dealer's window: a minimum buy-in set on the table, a player moved to
another seat or, through the database, to another table's window, between hands only."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_app.gui.move_dialog import MoveDialog

from .conftest import Driver, make_driver


def _type_box(d: Driver, box, text: str) -> None:  # type: ignore[no-untyped-def]
    edit = box.lineEdit()
    edit.selectAll()
    d.qtbot.keyClicks(edit, text)


def test_a_table_created_with_a_minimum_refuses_a_smaller_buy_in(driver: Driver) -> None:
    d = driver
    d.sign_in("Sue", "135792", first=True)
    _type_box(d, d.window.tables.form.min_buy_in, "200")
    d.create_table("Table 7")
    d.open_first_table()
    d.seat(1, "Ann", 150)
    players = d.page.players
    assert "minimum buy-in at table 7 is 200" in players.message.text().lower()
    assert d.backend.seats() == {}
    d.seat(1, "Ann", 200)
    assert d.backend.seats()[1].player == "Ann"
    form = d.page.table_panel.form  # shown in the table's settings
    assert (form.min_buy_in.value(), form.max_buy_in.value()) == (200, 0)
    assert form.max_buy_in.text() == "none"


def test_the_maximum_is_set_in_the_table_settings(table: Driver) -> None:
    d = table
    panel = d.page.table_panel
    _type_box(d, panel.form.max_buy_in, "2000")
    d.qtbot.keyClicks(panel.supervisor.name, "Sue")
    d.qtbot.keyClicks(panel.supervisor.pin, "135792")
    d.qtbot.keyClicks(panel.supervisor.reason, "house rule")
    d.qtbot.keyClick(panel.supervisor.reason, Qt.Key.Key_Return)
    assert "next hand" in panel.message.text(), panel.message.text()
    assert d.backend.buy_in_limits() == (0, 2000)
    players = d.page.players
    players.seat.setValue(1)
    players.amount.setValue(1600)
    d.qtbot.mouseClick(players.buttons["rebuy"], Qt.MouseButton.LeftButton)
    assert "at most 2,000" in players.message.text().lower()
    assert d.backend.seats()[1].stack == 500


def _move_dialog(d: Driver, seat: int) -> MoveDialog:
    players = d.page.players
    players.seat.setValue(seat)
    d.qtbot.mouseClick(players.buttons["move"], Qt.MouseButton.LeftButton)
    dialog = d.controller.dialog
    assert isinstance(dialog, MoveDialog)
    d.qtbot.waitExposed(dialog)
    return dialog


def test_a_player_moves_to_an_empty_seat_but_not_mid_hand(table: Driver) -> None:
    d = table
    dialog = _move_dialog(d, 3)
    assert dialog.seat.value() == 2  # the first empty seat
    _type_box(d, dialog.seat, "6")
    d.qtbot.keyClick(dialog.seat, Qt.Key.Key_Return)
    assert "seat 6 is taken by cy" in dialog.error.text().lower()  # and the dialog stays
    assert dialog.isVisible() and d.backend.seats()[3].player == "Bo"
    d.qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    d.key(Qt.Key.Key_N)  # a hand is dealt
    dialog = _move_dialog(d, 3)
    _type_box(d, dialog.seat, "4")
    d.qtbot.mouseClick(dialog.move_button, Qt.MouseButton.LeftButton)
    assert "in the hand in progress" in dialog.error.text().lower()
    assert d.backend.seats()[3].player == "Bo"
    d.qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    d.backend.services.hands.void_hand(d.backend.state.hand_id,  # type: ignore[union-attr]
                                       d.backend.staff, "practice")  # type: ignore[arg-type]
    d.backend.reload()
    dialog = _move_dialog(d, 3)
    _type_box(d, dialog.seat, "4")
    d.qtbot.keyClick(dialog.seat, Qt.Key.Key_Return)
    d.qtbot.waitUntil(lambda: d.controller.dialog is None)
    message = d.page.players.message.text().lower()
    assert "bo moves from seat 3 to seat 4 with 320" in message, message
    seats = d.backend.seats()
    assert 3 not in seats and (seats[4].player, seats[4].stack) == ("Bo", 320)


def test_a_player_moved_to_another_table_arrives_in_its_window(
        table: Driver, qtbot: QtBot, db_url: str) -> None:
    d = table
    other = make_driver(qtbot, db_url)
    other.sign_in("Sue", "135792")
    other.create_table("Table 4")
    tables = other.window.tables.tables
    row = next(i for i in range(tables.count()) if tables.item(i).text().startswith("Table 4"))
    tables.setCurrentRow(row)
    qtbot.mouseClick(other.window.tables.open_button, Qt.MouseButton.LeftButton)
    other.seat(2, "Dee", 400)
    dialog = _move_dialog(d, 1)
    dialog.table.setCurrentIndex(dialog.table.findText("Table 4"))
    assert not dialog.seat.isEnabled()  # the other table's dealer chooses the seat
    qtbot.mouseClick(dialog.move_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: d.controller.dialog is None)
    message = d.page.players.message.text().lower()
    assert "ann moves to table 4 with 500" in message, message
    assert 1 not in d.backend.seats()
    theirs = other.page.players
    assert not theirs.arriving.isVisibleTo(theirs)
    other.controller.shift.refresh_moves()  # its next heartbeat
    assert theirs.arriving.isVisibleTo(theirs)
    assert "Ann · 500 from Table 3" in theirs.arriving.text()
    theirs.arriving.linkActivated.emit(next(iter(theirs.arriving_names)))  # a click on her
    assert theirs.name.text() == "Ann"
    theirs.seat.setValue(2)
    qtbot.mouseClick(theirs.buttons["seat"], Qt.MouseButton.LeftButton)
    assert "seat 2 is taken by dee" in theirs.message.text().lower()
    theirs.seat.setValue(5)
    theirs.amount.setValue(1)  # the buy-in box plays no part: her chips come with her
    qtbot.keyClick(theirs.name, Qt.Key.Key_Return)
    message = theirs.message.text().lower()
    assert "ann sits at seat 5 with 500 from table 3" in message, message
    assert (other.backend.seats()[5].player, other.backend.seats()[5].stack) == ("Ann", 500)
    assert not theirs.arriving.isVisibleTo(theirs)
    # Table 4 plays Table 3's game and opened later: a must-move table, whose players
    # move to the main game first (the floor's must-move list)
    dialog = _move_dialog(other, 2)
    assert dialog.table.currentText() == "Table 3 (must move)"
    assert not dialog.seat.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: other.controller.dialog is None)
