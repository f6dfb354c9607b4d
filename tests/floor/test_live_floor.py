"""Two processes on one database: a dealer process records inputs and calls the floor; this
process runs the floor view and the players' screen headless and sees them arrive (on
SQLite, and on PostgreSQL when DEALER_APP_TEST_PG_URL is set)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from dealer_app.engine.hand import Phase
from dealer_app.gui.app import application
from dealer_app.gui.display.window import PlayersScreen
from dealer_app.gui.floor.window import FloorWindow
from dealer_app.services import Services, StaffMember
from dealer_app.services.core.calls import CallService
from dealer_app.services.core.types import HandStatus

from .conftest import DealerProcess

HOLE = "A♠"  # seat 1's hole card (As) as a card face names it


@pytest.fixture
def screen(qtbot: QtBot, floor_db: tuple[Services, StaffMember]) -> Iterator[PlayersScreen]:
    application()
    svc, _ = floor_db
    widget = PlayersScreen(svc, svc.tables.list_tables()[0].id)
    qtbot.addWidget(widget)
    widget.resize(1920, 1080)
    widget.start()
    yield widget
    widget.stop()
    widget.close()


def _cards(screen: PlayersScreen) -> set[str]:
    return {str(c.card) for w in screen.seats.values() for c in w.cards
            if not c.isHidden() and c.card is not None}


def test_the_floor_sees_inputs_and_calls_of_another_process(
        qtbot: QtBot, floor: FloorWindow, screen: PlayersScreen,
        dealer_process: DealerProcess, floor_db: tuple[Services, StaffMember]) -> None:
    svc, _ = floor_db
    assert floor.tile("T1").hand_number is None and floor.tile("T1").seats_filled == 3
    assert not floor.tile("T2").is_open
    dealer_process.step("deal")
    qtbot.waitUntil(lambda: floor.tile("T1").stage.phase is Phase.BETTING, timeout=5000)
    tile = floor.tile("T1")
    assert tile.hand_number == 1 and tile.pot == 15
    assert floor.tiles[tile.table_id].hand.text() == "Hand 1 · Round 1 (2nd street) · pot 15"
    # the players' screen: the up cards, a card back for each hole card, never the hole card
    qtbot.waitUntil(lambda: screen.view is not None and screen.view.hand_number == 1,
                    timeout=5000)
    assert {"Ah", "Kh", "9c"} <= {str(c) for c in _cards(screen)}
    assert "As" not in _cards(screen) and "Kd" not in _cards(screen)
    assert not any("As" in t or HOLE in t for t in screen.texts())
    face_down = [w for w in screen.seats.values() if w.public and w.public.face_down]
    assert len(face_down) == 3
    # a call arrives: badge, beep, listed
    with qtbot.waitSignal(floor.call_arrived, timeout=5000) as arrived:
        dealer_process.step("call")
    call_id = arrived.args[0]
    assert floor.open_calls.beeps == 1
    assert floor.tiles[tile.table_id].badge.isVisibleTo(floor)
    assert "Dispute" in floor.tiles[tile.table_id].badge.text()
    assert floor.calls_panel.selected() is not None
    assert floor.calls_panel.selected().id == call_id  # type: ignore[union-attr]
    # the supervisor answers: on my way, then resolved with a note
    qtbot.mouseClick(floor.calls_panel.acknowledge, Qt.MouseButton.LeftButton)
    assert CallService(svc.db).call(call_id).acknowledged_by == "Sam"
    assert "on the way" in floor.tiles[tile.table_id].badge.text()
    done = floor.open_calls.resolve(call_id, "bring-in was right")
    assert done is not None and done.state == "resolved"
    assert not floor.tiles[tile.table_id].badge.isVisibleTo(floor)
    # the hand goes on in the other process; the screen shows the hole cards only when shown
    dealer_process.step("bet")
    qtbot.waitUntil(lambda: bool(screen.view and "brings in" in screen.view.last_action),
                    timeout=5000)
    assert not any("As" in t for t in screen.texts())
    dealer_process.step("finish")
    qtbot.waitUntil(lambda: floor.tile("T1").stage.status is HandStatus.COMPLETE, timeout=5000)
    qtbot.waitUntil(lambda: bool(screen.view and screen.view.result), timeout=5000)
    assert "As" in {str(c) for c in _cards(screen)}  # shown at the showdown
    assert floor.tile("T1").hands_last_hour == 1
    qtbot.waitUntil(lambda: floor.figures.hands_last_hour == 1, timeout=5000)
    assert floor.figures.tables_open == 1 and floor.figures.players_seated == 3


def test_a_double_click_opens_the_live_hand_read_only(
        qtbot: QtBot, floor: FloorWindow, dealer_process: DealerProcess) -> None:
    dealer_process.step("deal")
    qtbot.waitUntil(lambda: floor.tile("T1").hand_number == 1, timeout=5000)
    widget = floor.tiles[floor.tile("T1").table_id]
    qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    live = floor.live_windows[widget.table_id]  # deleted on close; the floor closes it too
    seat1 = live.table.seats[1]
    assert seat1.name.text() == "Ann"
    assert [str(c.card) for c in seat1.cards if not c.isHidden()] == ["As", "Ah"]
    dealer_process.step("bet")
    qtbot.waitUntil(lambda: live.table.seats[1].row is not None
                    and live.table.seats[1].row.bet == 10, timeout=5000)
    live.close()


def test_a_dropped_listener_reconnects_and_misses_nothing(
        qtbot: QtBot, floor: FloorWindow, floor_db: tuple[Services, StaffMember]) -> None:
    from sqlalchemy import text
    from storage.helpers import play

    from dealer_app.services.changes import PostgresChangeFeed

    feed = floor.feed.feed
    if not isinstance(feed, PostgresChangeFeed):
        pytest.skip("PostgreSQL only: SQLite polls and has no connection to drop")
    svc, _ = floor_db
    dealer = svc.staff.authenticate("Dana", "1357")
    qtbot.waitUntil(lambda: feed.backend_pid is not None, timeout=5000)
    pid = feed.backend_pid
    with svc.db.engine.begin() as conn:
        conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    table = svc.tables.list_tables()[0]
    session = svc.tables.current_session(table.id)
    assert session is not None
    hand = svc.hands.start_hand(session.id, dealer)
    state = play(svc.hands, hand.hand_id, dealer, inputs=5)
    CallService(svc.db).raise_call(table.id, "player", "seat 6 needs change", dealer)
    qtbot.waitUntil(lambda: feed.connections >= 2 and feed.backend_pid != pid, timeout=10_000)
    qtbot.waitUntil(lambda: floor.tile("T1").calls != (), timeout=5000)
    tile = floor.tile("T1")
    fresh = next(t for t in floor.floor.tiles() if t.name == "T1")
    assert tile == fresh  # the view is what the log gives, nothing missed
    assert tile.hand_number == 1 and tile.last_input_at == state.log[-1].at


def test_a_floor_without_a_supervisor_asks_once_and_resolve_needs_a_note(
        qtbot: QtBot, floor_db: tuple[Services, StaffMember],
        caplog: pytest.LogCaptureFixture) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dealer_app.gui.floor.calls import ResolveDialog, SupervisorSignIn

    application()
    svc, _ = floor_db
    window = FloorWindow(svc)  # `dealer-app floor`: nobody signed in yet
    qtbot.addWidget(window)
    window.start()
    try:
        dealer = svc.staff.authenticate("Dana", "1357")
        table = svc.tables.list_tables()[0]
        with qtbot.waitSignal(window.call_arrived, timeout=5000):
            CallService(svc.db).raise_call(table.id, "player", "seat 3 asks for a break",
                                           dealer)
        seen: list[str] = []

        def sign_in() -> None:
            dialog = QApplication.activeModalWidget()
            assert isinstance(dialog, SupervisorSignIn)
            seen.append("sign-in")
            qtbot.keyClicks(dialog.name, "Sam")
            qtbot.keyClicks(dialog.pin, "246800")
            qtbot.keyClick(dialog.pin, Qt.Key.Key_Return)

        QTimer.singleShot(0, sign_in)
        with caplog.at_level(logging.INFO, logger="dealer_app.gui"):
            qtbot.mouseClick(window.calls_panel.acknowledge, Qt.MouseButton.LeftButton)
        assert seen == ["sign-in"] and window.supervisor is not None
        assert "floor sign-in: 'Sam'" in caplog.text and "246800" not in caplog.text
        call = window.calls_panel.calls[0]
        assert call.acknowledged_by == "Sam"

        def resolve() -> None:
            dialog = QApplication.activeModalWidget()
            assert isinstance(dialog, ResolveDialog)
            seen.append("resolve")
            qtbot.keyClick(dialog.note, Qt.Key.Key_Return)  # no note: refused
            assert dialog.isVisible() and "needs a note" in dialog.error.text()
            qtbot.keyClicks(dialog.note, "break until 22:30")
            qtbot.keyClick(dialog.note, Qt.Key.Key_Return)

        QTimer.singleShot(0, resolve)
        qtbot.mouseClick(window.calls_panel.resolve, Qt.MouseButton.LeftButton)
        assert seen == ["sign-in", "resolve"]  # the supervisor was asked only once
        done = CallService(svc.db).call(call.id)
        assert done.resolution == "break until 22:30" and done.resolved_by == "Sam"
        assert window.calls_panel.calls == []
    finally:
        window.stop()
        window.close()
