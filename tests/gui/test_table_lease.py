"""Issue 8.5 in the dealer window: a second window opening a table another holds is told who
holds it and since when; it takes it over only through the confirm box; the first window's
next input (and its heartbeat) says the table was taken."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from dealer_app.gui.lease import LeaseKeeper
from tests.gui.conftest import Driver, make_driver


@pytest.fixture
def second(qtbot: QtBot, db_url: str, table: Driver) -> Driver:
    """Another workstation on the same database, signed in as Dana, on the tables page."""
    sue = table.backend.staff
    assert sue is not None
    table.backend.add_staff("Dana", "dealer", "2725", sue)
    d = make_driver(qtbot, db_url)
    d.sign_in("Dana", "2725")
    d.qtbot.waitUntil(d.window.tables.isVisible)
    return d


def _take_over_box(d: Driver) -> QMessageBox:
    d.qtbot.waitUntil(lambda: d.controller.dialog is not None)
    box = d.controller.dialog
    assert isinstance(box, QMessageBox) and box.objectName() == "takeOverBox"
    return box


def test_a_table_held_elsewhere_is_taken_over_only_on_purpose(table: Driver,
                                                              second: Driver) -> None:
    first = table
    second.open_first_table()
    box = _take_over_box(second)
    assert "Table 3 is open on another workstation: Sue at" in box.text()
    assert "since" in box.text() and "last heard from" in box.text()
    assert second.window.stack.currentWidget() is second.window.tables  # not opened
    cancel = box.button(QMessageBox.StandardButton.Cancel)
    second.qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    second.qtbot.waitUntil(lambda: second.controller.dialog is None)
    assert second.window.stack.currentWidget() is second.window.tables
    # the first window still records
    first.key(Qt.Key.Key_N)
    first.qtbot.waitUntil(lambda: first.backend.in_progress)
    assert not first.refused
    second.open_first_table()
    box = _take_over_box(second)
    take = box.findChild(QPushButton, "takeOver")
    assert take is not None
    second.qtbot.mouseClick(take, Qt.MouseButton.LeftButton)
    second.qtbot.waitUntil(lambda: second.window.stack.currentWidget() is second.page)
    audit = second.backend.services.review.audit(act="take-over-table")[0]
    assert (audit.by, audit.detail["from"]) == ("Dana", "Sue")
    # the first window's next input is refused in plain words; nothing is stored
    count = len(first.backend.services.hands.current_hand(
        first.backend.session.id).log)  # type: ignore[union-attr]
    first.click_action("ante")
    first.qtbot.waitUntil(lambda: first.refused)
    assert "taken over by another workstation" in first.next_text
    assert "Dana at" in first.next_text
    state = second.backend.services.hands.current_hand(second.backend.session.id)  \
        # type: ignore[union-attr]
    assert state is not None and len(state.log) == count
    # its heartbeat finds out too (once)
    keeper = first.controller.findChild(LeaseKeeper)
    assert keeper is not None
    first.page.next_line.clear_error()
    with first.qtbot.waitSignal(keeper.lost) as lost:
        keeper.beat()
    assert "another workstation took this table over" in lost.args[0]
    assert not keeper.beat() and keeper.told
    # the second window records
    second.click_action("ante")
    second.qtbot.waitUntil(lambda: len(second.backend.state.log) > count)  \
        # type: ignore[union-attr]
    assert not second.refused


def test_signing_out_frees_the_table(table: Driver, second: Driver) -> None:
    table.qtbot.mouseClick(table.page.sign_out_button, Qt.MouseButton.LeftButton)
    table.qtbot.waitUntil(table.window.sign_in.isVisible)
    second.open_first_table()
    second.qtbot.waitUntil(lambda: second.window.stack.currentWidget() is second.page)
    assert second.controller.dialog is None
    assert second.backend.services.review.audit(act="take-over-table") == []
