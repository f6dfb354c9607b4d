"""Issue 21: the floor announces a table's closing from the tile's menu; the tile shows
CLOSING until that is taken back (or the session closes)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from dealer_app.gui.floor.window import FloorWindow
from dealer_app.services import Services, StaffMember
from dealer_app.services.floor import TableState


def _action(floor: FloorWindow, name: str) -> str:
    """The one action of the tile's menu, triggered; returns its text."""
    widget = next(w for w in floor.tiles.values() if w.tile.name == name)
    menu = widget.menu()
    assert menu is not None
    (action,) = menu.actions()
    text = action.text()
    action.trigger()
    menu.deleteLater()
    return text


@pytest.mark.one_backend
def test_the_tile_menu_announces_the_closing_and_takes_it_back(
        qtbot: QtBot, floor: FloorWindow, floor_db: tuple[Services, StaffMember]) -> None:
    widget = next(w for w in floor.tiles.values() if w.tile.name == "T1")
    assert widget.session.text() == "Open · 3/6 seats"
    assert _action(floor, "T1") == "Announce closing (last hands)…"
    qtbot.waitUntil(lambda: floor.tile("T1").state is TableState.CLOSING, timeout=3000)
    assert widget.session.text() == "CLOSING · last hands · 3/6 seats"
    assert widget.property("closing") is True and widget.session.toolTip() == \
        "Announced by Sam"
    floor.side.setCurrentWidget(floor.shift.shift_panel)  # the shift figures say so too
    panel = floor.shift.shift_panel
    qtbot.waitUntil(lambda: panel.list.count() >= 2
                    and panel.list.item(0).text().startswith("T1 (closing)"), timeout=3000)
    assert panel.title.text().endswith(" · 1 closing")
    assert _action(floor, "T1") == "Cancel the closing"
    qtbot.waitUntil(lambda: floor.tile("T1").state is TableState.STARTING, timeout=3000)
    assert widget.session.text() == "Open · 3/6 seats" and not widget.property("closing")
    closed = next(w for w in floor.tiles.values() if w.tile.name == "T2")
    assert closed.menu() is None  # a closed table has nothing to announce
