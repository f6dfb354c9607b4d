"""The floor keys of the dealer's window: F8 calls the floor, F9 (a hole-card mismatch)
calls it too, the acknowledgement shows at the table, F3 opens the floor for a supervisor."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from gui.conftest import Driver, make_driver
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dealer_app.engine import Action, Event
from dealer_app.gui.floor_keys import CallFloorDialog, FloorKeys
from dealer_app.services import Services, StaffMember
from dealer_app.services.closing import ClosingService
from dealer_app.services.core.calls import CallKind, CallService
from dealer_app.services.floor import FloorService, TableState
from dealer_app.services.leases import FloorPresence


@pytest.fixture
def dealer_window(qtbot: QtBot, db_url: str,
                  floor_db: tuple[Services, StaffMember]) -> Iterator[Driver]:
    driver = make_driver(qtbot, db_url)
    driver.sign_in("Dana", "1357")
    driver.open_first_table()
    assert driver.window.stack.currentWidget() is driver.page
    yield driver
    driver.window.close()


def _keys(driver: Driver) -> FloorKeys:
    keys = driver.window.findChild(FloorKeys)
    assert keys is not None
    return keys


def test_f8_calls_the_floor_and_the_table_sees_the_acknowledgement(
        qtbot: QtBot, dealer_window: Driver, floor_db: tuple[Services, StaffMember]) -> None:
    svc, boss = floor_db
    calls = CallService(svc.db)
    dealer_window.key(Qt.Key.Key_F8)
    dialog = _keys(dealer_window).dialog
    assert isinstance(dialog, CallFloorDialog) and dialog.isVisible()
    qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)  # no reason: refused, nothing stored
    assert dialog.isVisible() and "few words" in dialog.error.text()
    assert calls.open_calls() == []
    dialog.kind.setCurrentIndex(dialog.kind.findData("chips"))
    qtbot.keyClicks(dialog.reason, "fill the float")
    qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
    (call,) = calls.open_calls()
    assert (call.table_name, call.kind, call.reason, call.dealer) == \
        ("T1", CallKind.CHIPS, "fill the float", "Dana")
    status = _keys(dealer_window).status
    assert "waiting for the floor" in status.text()
    calls.acknowledge(call.id, boss)  # on the floor, in another window
    qtbot.waitUntil(lambda: "ACKNOWLEDGED" in status.text(), timeout=5000)
    assert "Sam is on the way" in status.text()
    calls.resolve(call.id, boss, "float filled")
    qtbot.waitUntil(lambda: "resolved by Sam: float filled" in status.text(), timeout=5000)


@pytest.mark.one_backend
def test_the_floor_keys_leave_no_window_of_their_own(dealer_window: Driver) -> None:
    keys = _keys(dealer_window)
    assert not keys.status.isWindow()  # a parentless label would be a top-level window
    assert keys.status not in QApplication.topLevelWidgets()
    assert keys.status.isHidden()  # no status bar before the first call


def test_f9_after_a_refused_show_calls_the_floor(
        dealer_window: Driver, floor_db: tuple[Services, StaffMember]) -> None:
    svc, _ = floor_db
    holder = getattr(dealer_window.controller, "input", dealer_window.controller)
    holder.mismatch = Event(1, Action.SHOW, card="Ks")
    dealer_window.key(Qt.Key.Key_F9)
    (call,) = CallService(svc.db).open_calls()
    assert call.kind is CallKind.MISMATCH and "seat 1 shows Ks" in call.reason
    for widget in QApplication.topLevelWidgets():  # the supervisor's correction dialog
        if widget is not dealer_window.window and widget.isVisible():
            widget.close()


def test_f3_opens_the_floor_for_a_supervisor_and_never_changes_who_deals(
        qtbot: QtBot, dealer_window: Driver, floor_db: tuple[Services, StaffMember],
        caplog: pytest.LogCaptureFixture) -> None:
    svc, _ = floor_db
    keys = _keys(dealer_window)
    session = dealer_window.backend.session
    assert session is not None and session.dealer == "Dana"
    dealer_window.key(Qt.Key.Key_F3)  # Dana deals: a supervisor signs in for the view
    dialog = keys.sign_in
    assert dialog is not None and dialog.isVisible() and keys.floor_window is None
    qtbot.keyClicks(dialog.name, "Dana")
    qtbot.keyClicks(dialog.pin, "1357")
    qtbot.keyClick(dialog.pin, Qt.Key.Key_Return)
    assert keys.floor_window is None and "is a dealer" in dealer_window.next_text
    dealer_window.key(Qt.Key.Key_F3)
    dialog = keys.sign_in
    assert dialog is not None
    qtbot.keyClicks(dialog.name, "Sam")
    qtbot.keyClicks(dialog.pin, "9999")
    with caplog.at_level(logging.INFO, logger="dealer_app.gui"):
        qtbot.keyClick(dialog.pin, Qt.Key.Key_Return)  # a wrong PIN: refused, and logged
    assert keys.floor_window is None and "floor view sign-in refused for 'Sam'" in caplog.text
    dealer_window.key(Qt.Key.Key_F3)
    dialog = keys.sign_in
    assert dialog is not None
    qtbot.keyClicks(dialog.name, "Sam")
    qtbot.keyClicks(dialog.pin, "246800")
    with caplog.at_level(logging.INFO, logger="dealer_app.gui"):
        qtbot.keyClick(dialog.pin, Qt.Key.Key_Return)
    assert "floor view sign-in: 'Sam'" in caplog.text and "246800" not in caplog.text
    floor = keys.floor_window
    assert floor is not None and floor.isVisible() and floor.supervisor is not None
    assert floor.supervisor.name == "Sam"
    assert {w.tile.name for w in floor.tiles.values()} == {"T1", "T2"}
    assert floor.tile("T1").dealer == "Dana"
    assert svc.tables.current_session(session.table_id).dealer == "Dana"  # type: ignore[union-attr]
    assert svc.review.audit(act="change-dealer") == []
    floor.close()


def test_the_table_shows_every_open_call_from_the_database_also_after_a_restart(
        qtbot: QtBot, db_url: str, floor_db: tuple[Services, StaffMember]) -> None:
    svc, boss = floor_db
    calls = CallService(svc.db)
    table = svc.tables.list_tables()[0]
    dana = svc.staff.authenticate("Dana", "1357")
    first = calls.raise_call(table.id, "chips", "fill the float", dana)
    calls.raise_call(table.id, "player", "seat 3 wants a break", dana)
    driver = make_driver(qtbot, db_url)  # the window started again
    driver.sign_in("Dana", "1357")
    driver.open_first_table()
    keys = _keys(driver)
    assert keys.status.isVisibleTo(driver.window)
    lines = keys.status.text().splitlines()
    assert "Floor call (chips) sent" in lines[0] and "Floor call (player) sent" in lines[1]
    assert "NO FLOOR VIEW IS OPEN" in keys.status.text()  # nobody watches
    presence = FloorPresence(svc.db)
    presence.watch("fv-1", "pit (pid 1)", "Sam")
    calls.acknowledge(first.id, boss)  # the first of the two: the table sees it
    qtbot.waitUntil(lambda: "ACKNOWLEDGED" in keys.status.text(), timeout=5000)
    lines = keys.status.text().splitlines()
    assert "(chips) ACKNOWLEDGED — Sam is on the way" in lines[0]
    assert "(player) sent" in lines[1] and "NO FLOOR VIEW" not in keys.status.text()
    assert keys.feed is not None  # the change feed, not a poll
    presence.leave("fv-1")
    driver.window.close()


def test_the_floor_keys_are_the_tables_own_commands(dealer_window: Driver) -> None:
    """Issue 22: the floor's code no longer replaces the window's key handler nor wraps the
    supervisor's F9; the controller asks its floor hooks."""
    d = dealer_window
    controller = d.controller
    assert d.window.key_handler == controller.input.handle_key
    assert d.page.card_entry.key_handler == controller.input.handle_key
    assert "call_supervisor" not in vars(controller.supervisor)
    assert controller.floor is _keys(d)


def test_f8_with_last_hands_announces_the_table_s_closing(
        qtbot: QtBot, dealer_window: Driver, floor_db: tuple[Services, StaffMember]) -> None:
    svc, _ = floor_db
    dealer_window.key(Qt.Key.Key_F8)
    dialog = _keys(dealer_window).dialog
    assert isinstance(dialog, CallFloorDialog) and not dialog.last_hands.isChecked()
    dialog.kind.setCurrentIndex(dialog.kind.findData("player"))
    qtbot.mouseClick(dialog.last_hands, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.reason, "players leaving")
    qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
    (call,) = CallService(svc.db).open_calls()
    assert call.reason == "players leaving"
    closing = ClosingService(svc.db).closing(call.table_id)
    assert closing is not None and (closing.by, closing.reason) == ("Dana", "players leaving")
    (tile,) = [t for t in FloorService(svc.db).tiles() if t.table_id == call.table_id]
    assert tile.state is TableState.CLOSING
    # a second announcement is refused in words on the NEXT line; the call still goes out
    dealer_window.key(Qt.Key.Key_F8)
    dialog = _keys(dealer_window).dialog
    assert isinstance(dialog, CallFloorDialog)
    qtbot.mouseClick(dialog.last_hands, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.reason, "still leaving")
    qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
    assert len(CallService(svc.db).open_calls()) == 2
    assert "closing already" in dealer_window.page.next_line.text()
