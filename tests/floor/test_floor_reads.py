"""Issue 24: a floor of hundreds of tables is read several times a second; a read redraws
only the tiles that changed, and the waiting lists are read at most every two seconds."""

from __future__ import annotations

import pytest

from dealer_app.gui.floor import waiting_wiring
from dealer_app.gui.floor.window import FloorWindow
from dealer_app.services import Services, StaffMember


@pytest.mark.one_backend
def test_a_read_of_the_floor_redraws_only_the_tiles_that_changed(
        floor: FloorWindow, floor_db: tuple[Services, StaffMember],
        monkeypatch: pytest.MonkeyPatch) -> None:
    svc, _ = floor_db
    t1, t2 = (next(w for w in floor.tiles.values() if w.tile.name == n) for n in ("T1", "T2"))
    before = (t1.redraws, t2.redraws)
    floor.refresh(None)  # the whole floor, nothing changed
    assert (t1.redraws, t2.redraws) == before
    session = svc.tables.current_session(t1.table_id)
    assert session is not None
    dealer = next(m for m in svc.staff.list_staff() if m.name == "Dana")
    svc.hands.start_hand(session.id, dealer)
    floor.refresh(None)
    assert (t1.redraws, t2.redraws) == (before[0] + 1, before[1])
    assert floor.tile("T1").hand_number == 1 and "Hand 1" in t1.hand.text()
    # the waiting lists: not again within two seconds, whatever the reads of tiles
    reads = floor.lists.waiting_reads
    for _ in range(5):
        floor.refresh({t1.table_id})
    assert floor.lists.waiting_reads == reads
    monkeypatch.setattr(waiting_wiring, "WAITING_EVERY", 0.0)
    floor.refresh({t1.table_id})
    assert floor.lists.waiting_reads == reads + 1
