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


def test_a_floor_of_more_tables_than_it_keeps_replayed_replays_only_the_moved_hands(
        floor_db: tuple[Services, StaffMember], monkeypatch: pytest.MonkeyPatch) -> None:
    """The floor kept 256 hands replayed, the first replayed dropped first: past 256 tables
    each read dropped hands still in play and replayed them from all their rows again. It
    keeps twice the floor's tables, the least recently moved dropped first."""
    from storage.helpers import next_event

    from dealer_app.engine import Settings
    from dealer_app.services import floor as floor_service

    monkeypatch.setattr(floor_service, "REPLAYED_AT_LEAST", 1)
    svc, boss = floor_db
    dealer = next(m for m in svc.staff.list_staff() if m.name == "Dana")
    states = []
    for name in ("T3", "T4"):
        table = svc.tables.create_table(name, Settings(ante=5, chip_unit=5), boss)
        session = svc.tables.open_session(table.id, dealer)
        for seat, player in ((1, "Ann"), (2, "Bo")):
            svc.tables.seat_player(session.id, seat, player, 1000, dealer)
        states.append(svc.hands.start_hand(session.id, dealer))
    first = svc.tables.current_session(svc.floor.tiles()[0].table_id)
    assert first is not None
    states.append(svc.hands.start_hand(first.id, dealer))
    floor = floor_service.FloorService(svc.db)
    floor.tiles()  # the whole floor: every hand replayed once
    replayed = floor.replays
    assert replayed == 3
    for _ in range(3):  # each table's hand moves in turn, each read of the floor
        for i, state in enumerate(states):
            found = next_event(state.hand)
            assert found is not None
            states[i] = svc.hands.record_input(state.hand_id, found, dealer)
            floor.tiles()
    assert floor.replays == replayed  # only the new inputs applied, none replayed anew
