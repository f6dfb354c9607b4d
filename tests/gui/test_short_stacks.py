"""Between hands a busted player is asked to rebuy or leave (the Players form opens on
their seat), and the seat of a stack that cannot cover the ante says so (rule 4.2)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from dealer_app.engine import Settings
from dealer_app.engine.stacks import StackState, stack_state
from tests.gui.conftest import Driver


def test_stack_states() -> None:
    settings = Settings(ante=10, chip_unit=5)
    assert [stack_state(settings, x) for x in (0, 5, 10)] == [
        StackState.BUSTED, StackState.SHORT, StackState.PLAYS]


def test_a_busted_player_is_asked_to_rebuy_and_a_short_stack_is_named(
        driver: Driver, tmp_path: Path) -> None:
    d = driver
    d.window.resize(1024, 768)
    d.sign_in("Sue", "135792", first=True)
    d.create_table("Table 5", ante=10, unit=5)
    d.open_first_table()
    d.seat(1, "Ann", 500)
    d.seat(3, "Bo", 5)  # less than the ante of 10
    d.seat(6, "Cy", 1000)
    assert d.seat_widget(3).state.text() == "UNDER THE ANTE"
    assert d.seat_widget(1).state.text() == "" and "no chips" not in d.next_text
    session = d.backend.session
    assert session is not None and d.backend.staff is not None
    d.backend.services.tables.adjust_stack(session.id, 6, -1000, d.backend.staff,
                                           "chips taken to the cage")
    d.backend.reload()
    d.controller.refresh()
    players = d.page.players
    assert d.page.tabs.currentIndex() == 1 and players.seat.value() == 6
    assert players.name.text() == "Cy"
    assert players.message.text() == "Seat 6 (Cy): no chips — rebuy or cash out"
    assert "no chips" not in d.next_text  # the NEXT line keeps its one line
    assert d.seat_widget(6).state.text() == "NO CHIPS"
    for seat in (3, 6):  # each badge whole at 1024×768
        badge = d.seat_widget(seat).state
        d.qtbot.waitUntil(lambda b=badge: b.width() >= b.sizeHint().width())
    d.window.grab().save(str(tmp_path / "busted.png"))
    players.amount.setValue(200)
    d.qtbot.mouseClick(players.buttons["rebuy"], Qt.MouseButton.LeftButton)
    assert d.seat_widget(6).state.text() == "" and "no chips" not in players.message.text()
    d.key(Qt.Key.Key_N)  # a hand in progress says what to enter, nothing else
    assert d.backend.in_progress and "no chips" not in d.next_text
    assert d.seat_widget(3).state.text() == ""  # in the hand: its own state only
