"""Issue 21: a table's closing. The floor or the table's dealer announces the last hands;
the tile and the shift figures show CLOSING until the session closes or the announcement is
taken back; every step is an audit row (so in the evidence ledger)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select
from storage.helpers import FakeClock, play

from dealer_app.engine import Settings
from dealer_app.services import (
    ConflictError,
    Role,
    Services,
    SessionInfo,
    StaffMember,
    TableInfo,
)
from dealer_app.services.closing import ClosingService
from dealer_app.services.core.errors import PermissionRefused
from dealer_app.services.floor import FloorService, TableState
from dealer_app.services.shift_report import shift_report, write_shift_csv
from dealer_app.storage.models import AuditEntry


def test_announced_closing_shows_on_the_tile_and_in_the_shift_until_the_session_closes(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember,
        boss: StaffMember, clock: FakeClock, tmp_path: Path) -> None:
    closing = ClosingService(svc.db)
    floor = FloorService(svc.db)
    assert floor.tiles()[0].state is TableState.STARTING  # open, no hand yet
    play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer)
    assert floor.tiles()[0].state is TableState.OPEN and closing.closing(table.id) is None
    announced = closing.announce(table.id, dealer, "  last three hands ")
    assert (announced.by, announced.reason) == ("Dana", "last three hands")
    tile = floor.tiles()[0]
    assert tile.state is TableState.CLOSING and tile.closing == announced
    report = shift_report(svc.db)
    assert report.tables[0].state is TableState.CLOSING
    assert report.tables_by_state[TableState.CLOSING] == 1 and report.tables_open == 1
    assert "1 closing" in report.to_html()
    out = write_shift_csv(report, tmp_path / "shift.csv")
    assert ",closing," in out.read_text(encoding="utf-8")
    # hands go on while it closes
    play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer)
    assert floor.tiles()[0].state is TableState.CLOSING
    # the session closes: closed; a new session is not closing
    svc.tables.close_session(session.id, boss, "end of the game")
    assert floor.tiles()[0].state is TableState.CLOSED
    again = svc.tables.open_session(table.id, dealer)
    tile = floor.tiles()[0]
    assert tile.session_id == again.id and tile.state is TableState.STARTING
    assert tile.closing is None
    with svc.db.read() as s:
        acts = list(s.scalars(select(AuditEntry.act).where(
            AuditEntry.act == "announce-closing", AuditEntry.table_id == table.id)))
    assert acts == ["announce-closing"]


def test_closing_is_taken_back_and_refused_in_plain_words(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember,
        boss: StaffMember) -> None:
    closing = ClosingService(svc.db)
    with pytest.raises(ConflictError, match="is not closing"):
        closing.cancel(table.id, boss)
    closing.announce(table.id, boss)
    with pytest.raises(ConflictError, match="closing already .announced by Sam"):
        closing.announce(table.id, dealer)
    other = svc.staff.add_staff("Eve", Role.DEALER, "2468", by=boss)
    with pytest.raises(PermissionRefused, match="Eve is not dealing here"):
        closing.cancel(table.id, other)
    assert closing.closing(table.id) is not None  # a refusal changes nothing
    closing.cancel(table.id, dealer, "players stayed")
    assert closing.closing(table.id) is None
    assert FloorService(svc.db).tiles()[0].state is TableState.STARTING  # no hand yet
    closing.announce(table.id, boss)  # and announced again
    assert closing.closing(table.id) is not None
    idle = svc.tables.create_table("Table 9", Settings(ante=10, chip_unit=5), boss)
    with pytest.raises(ConflictError, match="Table 9 is not open"):
        closing.announce(idle.id, boss)
