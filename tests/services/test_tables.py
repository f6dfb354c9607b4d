"""Tables, sessions and seats: buy-ins, rebuys, sitting out, cash-outs, adjustments."""

from __future__ import annotations

import pytest
from storage.helpers import play

from dealer_app.engine import Settings
from dealer_app.services import (
    ConflictError,
    PermissionRefused,
    Services,
    SessionInfo,
    StaffMember,
    StorageError,
    TableInfo,
)


def test_one_open_session_per_table(svc: Services, table: TableInfo, dealer: StaffMember,
                                    boss: StaffMember) -> None:
    first = svc.tables.open_session(table.id, dealer)
    with pytest.raises(ConflictError):
        svc.tables.open_session(table.id, dealer)
    assert svc.tables.current_session(table.id) == first
    with pytest.raises(PermissionRefused):
        svc.tables.close_session(first.id, dealer, "end of shift")
    closed = svc.tables.close_session(first.id, boss, "end of shift")
    assert closed.closed_at is not None and svc.tables.current_session(table.id) is None
    assert svc.tables.open_session(table.id, dealer).id != first.id


def test_seats_and_stack_moves(svc: Services, session: SessionInfo, dealer: StaffMember,
                               boss: StaffMember) -> None:
    with pytest.raises(ConflictError):
        svc.tables.seat_player(session.id, 1, "Dee", 100, dealer)
    with pytest.raises(StorageError, match="chip unit"):
        svc.tables.seat_player(session.id, 2, "Dee", 103, dealer)
    svc.tables.seat_player(session.id, 2, "Dee", 100, dealer)
    assert svc.tables.rebuy(session.id, 2, 50, dealer).stack == 150
    assert svc.tables.sit_out(session.id, 2, dealer).sitting_out
    assert not svc.tables.come_back(session.id, 2, dealer).sitting_out
    with pytest.raises(PermissionRefused):
        svc.tables.adjust_stack(session.id, 2, -10, dealer, "miscount")
    assert svc.tables.adjust_stack(session.id, 2, -10, boss, "miscount").stack == 140
    assert svc.tables.leave(session.id, 2, dealer) == 140
    assert [s.seat for s in svc.tables.seats(session.id)] == [1, 3, 6]
    acts = [a.act for a in svc.review.audit()]
    assert {"seat-player", "rebuy", "sit-out", "come-back", "adjustment", "leave"} <= set(acts)
    adjustment = svc.review.audit(act="adjustment")[0]
    assert (adjustment.by, adjustment.reason) == ("Sam", "miscount")


def test_a_seat_in_the_hand_cannot_rebuy_or_leave(svc: Services, session: SessionInfo,
                                                  dealer: StaffMember) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    with pytest.raises(ConflictError):
        svc.tables.rebuy(session.id, 1, 100, dealer)
    with pytest.raises(ConflictError):
        svc.tables.leave(session.id, 1, dealer)
    play(svc.hands, state.hand_id, dealer)
    svc.tables.rebuy(session.id, 1, 100, dealer)


def test_settings_change_needs_a_supervisor(svc: Services, table: TableInfo,
                                            dealer: StaffMember, boss: StaffMember) -> None:
    new = Settings(ante=10, chip_unit=5)
    with pytest.raises(PermissionRefused):
        svc.tables.change_settings(table.id, new, dealer, "stakes up")
    assert svc.tables.change_settings(table.id, new, boss, "stakes up").settings == new
    assert svc.tables.list_tables()[0].settings == new


def test_two_tables_on_one_database_keep_their_own_hands(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        boss: StaffMember) -> None:
    other = Services.open(db_url, clock=svc.db.clock)
    try:
        table2 = other.tables.create_table("Table 4", Settings(ante=10, chip_unit=5), boss)
        s2 = other.tables.open_session(table2.id, dealer)
        other.tables.seat_player(s2.id, 2, "Xi", 400, dealer)
        other.tables.seat_player(s2.id, 4, "Yu", 400, dealer)
        h1 = svc.hands.start_hand(session.id, dealer)
        h2 = other.hands.start_hand(s2.id, dealer)
        assert (h1.number, h2.number) == (1, 1)
        for _ in range(6):
            play(svc.hands, h1.hand_id, dealer, inputs=1)
            play(other.hands, h2.hand_id, dealer, inputs=1)
        assert [s.player for s in svc.hands.hand_state(h1.hand_id).seats] == ["Ann", "Bo", "Cy"]
        assert [s.player for s in other.hands.hand_state(h2.hand_id).seats] == ["Xi", "Yu"]
        assert len(svc.hands.hand_state(h2.hand_id).events) == 6
        assert svc.log.verify_all().ok
    finally:
        other.close()
