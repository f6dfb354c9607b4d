"""Issue 21: the floor view's dealer rotation (clock in, the push interval, a push made as
the table's change of dealer, a break) and its shift figures and report, driven by clicks."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_app.gui.app import application
from dealer_app.gui.floor.window import FloorWindow
from dealer_app.services import Role, Services, StaffMember
from dealer_app.services.rotation import Duty, RotationService


@pytest.fixture
def floor(qtbot: QtBot, floor_db: tuple[Services, StaffMember]) -> Iterator[FloorWindow]:
    application()
    svc, boss = floor_db
    svc.staff.add_staff("Eve", Role.DEALER, "2468", by=boss)
    window = FloorWindow(svc, boss, stale_after=3600)
    qtbot.addWidget(window)
    window.start()
    yield window
    window.stop()
    window.close()


def _click(qtbot: QtBot, button: object) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[arg-type]


def test_the_floor_clocks_in_pushes_and_breaks_dealers(
        qtbot: QtBot, floor: FloorWindow, floor_db: tuple[Services, StaffMember],
        monkeypatch: pytest.MonkeyPatch) -> None:
    svc, _ = floor_db
    panel = floor.shift.rotation_panel
    floor.side.setCurrentWidget(panel)
    floor.shift.read_board()
    assert [panel.list.item(i).text().split(" · ")[0] for i in range(panel.list.count())] \
        == ["Dana"]
    assert "not clocked in" in panel.list.item(0).text()
    panel.staff.setCurrentIndex(panel.staff.findText("Eve"))
    _click(qtbot, panel.clock_in)
    assert [d.name for d in floor.shift.board] == ["Dana", "Eve"]
    assert "Eve · free" in panel.list.item(1).text()
    assert not panel.push.isEnabled()  # nobody is due yet
    panel.push_every.setValue(1)
    _click(qtbot, panel.set_push_every)
    assert RotationService(svc.db).push_every() == 1
    later = svc.db.now() + timedelta(minutes=2)
    monkeypatch.setattr(floor, "now", lambda: later)
    floor.shift.read_board()
    assert "Dana · PUSH DUE · T1" in panel.list.item(0).text()
    assert panel.push.isEnabled() and panel.push.text() == "Push Eve into T1"
    _click(qtbot, panel.push)
    assert floor.tile("T1").dealer == "Eve"  # the push: the table's change of dealer
    acts = [a.act for a in svc.review.audit()]
    assert "change-dealer" in acts
    panel.staff.setCurrentIndex(panel.staff.findText("Dana"))
    _click(qtbot, panel.clock_in)
    panel.list.setCurrentRow([d.name for d in floor.shift.board].index("Dana"))
    panel.break_minutes.setValue(15)
    _click(qtbot, panel.start_break)
    assert {d.name: d.duty for d in floor.shift.board}["Dana"] is Duty.BREAK
    # a refusal is said on the panel and changes nothing
    panel.list.setCurrentRow([d.name for d in floor.shift.board].index("Eve"))
    assert not panel.start_break.isEnabled()  # Eve deals
    assert floor.shift.clock_out(next(d.staff_id for d in floor.shift.board
                                      if d.name == "Eve")) is False
    assert "push them out" in panel.message.text()


def test_the_floor_shows_the_shift_and_writes_its_report(
        qtbot: QtBot, floor: FloorWindow, tmp_path: Path) -> None:
    floor.side.setCurrentWidget(floor.shift.shift_panel)
    panel = floor.shift.shift_panel
    qtbot.waitUntil(lambda: panel.list.count() >= 2)
    assert panel.list.item(0).text().startswith("T1 (starting)\n0 hands")
    assert "1 tables open · 3 seated" in panel.title.text()
    assert "Waiting: 0" in floor.figure_labels["waiting"].text()
    out = floor.shift.write_csv(str(tmp_path / "shift.csv"))
    assert out is not None and out.read_text(encoding="utf-8").startswith("line,name,")
    pdf = floor.shift.write_pdf(str(tmp_path / "shift.pdf"))
    assert pdf is not None and pdf.read_bytes().startswith(b"%PDF")
    assert floor.shift.write_csv(str(tmp_path / "no" / "shift.csv")) is None
    assert "Cannot write" in panel.message.text()


def test_a_second_table_of_the_game_shows_who_must_move(
        floor: FloorWindow, floor_db: tuple[Services, StaffMember]) -> None:
    from dealer_app.engine import Settings

    svc, boss = floor_db
    eve = svc.staff.authenticate("Eve", "2468")
    second = svc.tables.create_table("T3", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(second.id, eve)
    svc.tables.seat_player(session.id, 4, "Dee", 500, eve)
    floor.refresh(None)
    floor.shift.read_board()
    floor.tick()
    main, other = floor.tiles[floor.tile("T1").table_id], floor.tiles[second.id]
    assert main.next.text() == "Must move first: Dee from T3"
    assert other.next.text() == "Must-move table for T1"
