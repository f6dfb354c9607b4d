"""The floor keys of the dealer's window: F8 calls the floor, F9 (a hole-card mismatch)
calls it too, the acknowledgement shows at the table, F3 opens the floor for a supervisor."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gui.conftest import Driver, make_driver
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dealer_app.engine import Action, Event
from dealer_app.gui.floor.dealer_wiring import CallFloorDialog, FloorKeys
from dealer_app.services import Services, StaffMember
from dealer_app.services.calls import CallKind, CallService


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


def test_f3_opens_the_floor_for_a_supervisor_only(
        qtbot: QtBot, db_url: str, floor_db: tuple[Services, StaffMember]) -> None:
    driver = make_driver(qtbot, db_url)
    try:
        driver.sign_in("Dana", "1357")
        driver.open_first_table()
        driver.key(Qt.Key.Key_F3)
        assert _keys(driver).floor_window is None and driver.refused
        assert "supervisor" in driver.next_text
    finally:
        driver.window.close()
    driver = make_driver(qtbot, db_url)
    try:
        driver.sign_in("Sam", "246800")
        driver.open_first_table()
        driver.key(Qt.Key.Key_F3)
        floor = _keys(driver).floor_window
        assert floor is not None and floor.isVisible()
        assert {w.tile.name for w in floor.tiles.values()} == {"T1", "T2"}
        floor.close()
    finally:
        driver.window.close()
