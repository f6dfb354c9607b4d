"""Issue 21: the must-move list when a second table of the same game opens: its players move
to the main table (the one open longest) as seats open there, the first seated first."""

from __future__ import annotations

from storage.helpers import FakeClock

from dealer_app.engine import Settings
from dealer_app.services import Role, Services, SessionInfo, StaffMember, TableInfo
from dealer_app.services.must_move import must_move_lists


def test_the_second_table_of_a_game_is_a_must_move_table(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember,
        boss: StaffMember, clock: FakeClock) -> None:
    assert must_move_lists(svc.db) == []  # one table of the game: no list
    eve = svc.staff.add_staff("Eve", Role.DEALER, "2468", by=boss)
    other = svc.tables.create_table("Table 4", table.settings, boss)
    lone = svc.tables.create_table("Table 9", Settings(ante=50, chip_unit=5), boss)
    svc.tables.open_session(lone.id, boss)
    second = svc.tables.open_session(other.id, eve)
    clock.advance(seconds=30)
    svc.tables.seat_player(second.id, 5, "Eli", 400, eve)
    clock.advance(seconds=30)
    svc.tables.seat_player(second.id, 2, "Dee", 400, eve)
    (moves,) = must_move_lists(svc.db)
    assert (moves.main_table, moves.free_seats, moves.tables) == ("Table 3", (2, 4, 5),
                                                                  (other.id,))
    assert [(m.player, m.table) for m in moves.players] == [("Eli", "Table 4"),
                                                           ("Dee", "Table 4")]
    assert moves.next is not None and moves.next.player == "Eli"
    # Eli moves: off the must-move table, seated at the main one
    svc.tables.leave(second.id, 5, eve)
    svc.tables.seat_player(session.id, 2, "Eli", 400, dealer)
    (moves,) = must_move_lists(svc.db)
    assert [m.player for m in moves.players] == ["Dee"] and moves.free_seats == (4, 5)
    for seat, name in ((4, "Fay"), (5, "Gil")):
        svc.tables.seat_player(session.id, seat, name, 400, dealer)
    (moves,) = must_move_lists(svc.db)
    assert moves.next is None  # the main table is full: nobody moves yet
