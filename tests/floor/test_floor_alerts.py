"""Issue 21: calls that cannot be missed in the floor view (an alert that repeats until a
supervisor acknowledges, escalation, ages that tick, calls made before the view opened),
the shift's answered calls, the view's presence, and a grid that fills the screen."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_app.engine import Settings, Structure
from dealer_app.gui.app import application
from dealer_app.gui.floor import waiting_wiring
from dealer_app.gui.floor.window import FloorWindow
from dealer_app.services import Services, StaffMember
from dealer_app.services.core.calls import CallService
from dealer_app.services.leases import FloorPresence

Open = Callable[..., FloorWindow]


@pytest.fixture
def open_floor(qtbot: QtBot, floor_db: tuple[Services, StaffMember]) -> Iterator[Open]:
    application()
    svc, boss = floor_db
    windows: list[FloorWindow] = []

    def make(**options: float) -> FloorWindow:
        window = FloorWindow(svc, boss, stale_after=3600, **options)
        qtbot.addWidget(window)
        window.start()
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.stop()
        window.close()


def _call(svc: Services, reason: str = "seat 3 disputes the pot") -> int:
    table = svc.tables.list_tables()[0]
    dealer = svc.staff.authenticate("Dana", "1357")
    return CallService(svc.db).raise_call(table.id, "dispute", reason, dealer).id


def test_a_floor_opened_later_alerts_on_an_earlier_call_until_it_is_acknowledged(
        qtbot: QtBot, open_floor: Open, floor_db: tuple[Services, StaffMember]) -> None:
    svc, _ = floor_db
    call_id = _call(svc)
    floor = open_floor(alert_every=0.05)
    assert floor.alert.isVisibleTo(floor) and "CALL at T1: Dispute" in floor.alert.text()
    assert floor.open_calls.beeps >= 1
    qtbot.waitUntil(lambda: floor.open_calls.beeps >= 3, timeout=5000)  # it repeats
    qtbot.mouseClick(floor.calls_panel.acknowledge, Qt.MouseButton.LeftButton)
    assert CallService(svc.db).call(call_id).acknowledged_by == "Sam"
    assert not floor.alert.isVisibleTo(floor) and not floor.open_calls.alert_timer.isActive()
    beeps = floor.open_calls.beeps
    qtbot.wait(150)  # three alerts' time
    assert floor.open_calls.beeps == beeps  # silent once somebody is on the way


def test_an_unanswered_call_is_escalated(
        qtbot: QtBot, open_floor: Open, floor_db: tuple[Services, StaffMember]) -> None:
    svc, _ = floor_db
    floor = open_floor(escalate_after=30)
    call_id = _call(svc)
    qtbot.waitUntil(lambda: call_id in {c.id for c in floor.open_calls.waiting_calls()},
                    timeout=5000)
    assert "ESCALATED" not in floor.alert.text()
    later = floor.now() + timedelta(seconds=31)
    floor.now = lambda: later  # type: ignore[method-assign]
    floor.tick()
    assert "ESCALATED" in floor.alert.text() and call_id in floor.open_calls.escalated
    tile = floor.tiles[floor.tile("T1").table_id]
    assert tile.escalated and tile.property("escalated")
    # ages tick in the calls list too
    assert "31 s ago" in floor.calls_panel.list.item(0).text()


def test_resolved_calls_stay_as_the_shift_history_with_response_times(
        qtbot: QtBot, open_floor: Open, floor_db: tuple[Services, StaffMember]) -> None:
    svc, _ = floor_db
    floor = open_floor()
    call_id = _call(svc)
    qtbot.waitUntil(lambda: bool(floor.calls_panel.calls), timeout=5000)
    assert floor.calls_panel.history.count() == 0
    assert floor.open_calls.resolve(call_id, "pot was right") is not None
    assert floor.calls_panel.calls == []
    (line,) = [floor.calls_panel.history.item(i).text()
               for i in range(floor.calls_panel.history.count())]
    assert "T1 · Dispute — seat 3 disputes the pot" in line
    assert "answered in 0 s by Sam" in line and "resolved in 0 s: pot was right" in line
    assert "(1)" in floor.calls_panel.history_title.text()


def test_an_open_floor_view_is_seen_by_the_dealers(
        open_floor: Open, floor_db: tuple[Services, StaffMember]) -> None:
    svc, _ = floor_db
    presence = FloorPresence(svc.db)
    assert presence.watchers() == []
    floor = open_floor()
    (watcher,) = presence.watchers()
    assert watcher.staff_name == "Sam"
    floor.stop()
    assert presence.watchers() == []


@pytest.mark.one_backend
def test_the_tiles_fill_the_width_and_filter_by_game(
        qtbot: QtBot, open_floor: Open, floor_db: tuple[Services, StaffMember]) -> None:
    svc, boss = floor_db
    for i in range(28):
        svc.tables.create_table(f"P{i:02d}", Settings(ante=10, chip_unit=5,
                                                       structure=Structure.POT_LIMIT), boss)
    floor = open_floor()
    floor.resize(1920, 1080)
    floor.show()
    qtbot.waitUntil(lambda: floor.columns >= 5, timeout=3000)
    tiles = list(floor.tiles.values())
    assert len(tiles) == 30 and all(t.isVisibleTo(floor) for t in tiles)
    widths = {t.width() for t in tiles}
    assert min(widths) >= 290
    used = floor.columns * (min(widths) + floor.grid.spacing())
    assert used >= floor.tiles_area.viewport().width() - 320  # no empty half
    floor.resize(1024, 768)
    qtbot.waitUntil(lambda: floor.columns == 2, timeout=3000)
    # the filter: the pot-limit game only
    assert floor.games.count() == 4  # every game, T1's, T2's and the pot-limit one
    pot = floor.tile("P00").game
    floor.show_game(pot)
    shown = {w.tile.name for w in floor.tiles.values() if w.isVisibleTo(floor)}
    assert len(shown) == 28 and "T1" not in shown
    floor.show_game(None)
    assert sum(w.isVisibleTo(floor) for w in floor.tiles.values()) == 30


def test_the_floor_keeps_a_waiting_list_per_game_and_a_seat_map(
        qtbot: QtBot, open_floor: Open, floor_db: tuple[Services, StaffMember],
        monkeypatch: pytest.MonkeyPatch) -> None:
    svc, _ = floor_db
    # the lists are read with the tiles each time here, not at most every 2 s (that limit
    # is tests/floor/test_floor_reads.py's): the wait for a seat taken elsewhere was 2-3 s
    monkeypatch.setattr(waiting_wiring, "WAITING_EVERY", 0.0)
    floor = open_floor()
    panel = floor.waiting_panel
    tile = floor.tiles[floor.tile("T1").table_id]
    assert tile.seat_map.text() == "Seated 1 3 6 · free 2 4 5"
    qtbot.keyClicks(panel.name, "Eve")
    qtbot.mouseClick(panel.add, Qt.MouseButton.LeftButton)
    assert "Choose the game" in panel.message.text() and panel.list.count() == 0
    floor.show_game(floor.tile("T1").game)
    qtbot.mouseClick(panel.add, Qt.MouseButton.LeftButton)
    assert panel.list.count() == 1 and panel.list.item(0).text().startswith("Eve · waiting")
    assert tile.next.text() == "Next for a free seat: Eve"
    qtbot.mouseClick(panel.call, Qt.MouseButton.LeftButton)
    assert " · called " in panel.list.item(0).text() and "to T1" in panel.list.item(0).text()
    later = floor.now() + timedelta(minutes=6)
    floor.now = lambda: later  # type: ignore[method-assign]
    floor.tick()
    assert panel.list.item(0).text().endswith("NO SHOW?") and panel.no_show.isEnabled()
    session = svc.tables.current_session(floor.tile("T1").table_id)
    assert session is not None
    dana = svc.staff.authenticate("Dana", "1357")
    svc.tables.seat_player(session.id, 2, "eve", 500, dana)  # at the dealer's window
    qtbot.waitUntil(lambda: panel.list.count() == 0, timeout=5000)
    qtbot.waitUntil(lambda: "Seated 1 2 3 6" in tile.seat_map.text(), timeout=5000)
    assert not tile.next.isVisibleTo(floor)


@pytest.mark.one_backend
def test_the_players_screen_fits_a_small_screen(
        qtbot: QtBot, floor_db: tuple[Services, StaffMember]) -> None:
    from dealer_app.gui.display.window import PlayersScreen

    application()
    svc, _ = floor_db
    screen = PlayersScreen(svc, svc.tables.list_tables()[0].id)
    qtbot.addWidget(screen)
    screen.refresh()
    screen.fit(1024, 768)
    screen.show()
    qtbot.waitUntil(lambda: screen.isVisible(), timeout=3000)
    assert (screen.width(), screen.height()) == (1024, 768)  # type shrank to fit
    assert screen.scale < 0.75 and screen.minimumSizeHint().width() <= 1024
    screen.close()
