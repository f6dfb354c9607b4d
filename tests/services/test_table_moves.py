"""Issue 23: a player moves to another seat or table between hands, with their chips and
their history; both sessions balance, the moves shown as moves (not cash)."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from storage.helpers import play

from dealer_app.services import (
    ConflictError,
    Role,
    Services,
    SessionInfo,
    StaffMember,
    StorageError,
    TableInfo,
)
from dealer_app.services.reports import session_report
from dealer_app.services.waiting import WaitingListService
from dealer_app.storage.models import LedgerEntry, StackMove


def _ledgered(svc: Services, kind: str) -> list[int]:
    """The ids of the stack moves of ``kind`` that have an entry in the evidence ledger."""
    with svc.db.read() as s:
        ids = list(s.scalars(select(StackMove.id).where(StackMove.kind == kind)))
        chained = set(s.scalars(select(LedgerEntry.k1).where(LedgerEntry.tbl == "stack_move")))
    return [i for i in ids if i in chained]


def test_a_player_moves_to_an_empty_seat_with_their_chips(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer)
    bo = next(x for x in svc.tables.seats(session.id) if x.player == "Bo")
    with pytest.raises(ConflictError, match="seat 6 is taken by Cy"):
        svc.tables.move_seat(session.id, 3, 6, dealer)
    moved = svc.tables.move_seat(session.id, 3, 4, dealer)
    assert (moved.seat, moved.player, moved.stack) == (4, "Bo", bo.stack)
    assert {x.seat: x.player for x in svc.tables.seats(session.id)} == {1: "Ann", 4: "Bo",
                                                                        6: "Cy"}
    rec = session_report(svc.db, session.id, evidence=False).reconciliation
    assert rec.balanced and rec.moved_in == rec.moved_out == bo.stack
    assert rec.cash_outs == 0 and rec.buy_ins == 1820  # the move is not cash
    assert len(_ledgered(svc, "move-out")) == len(_ledgered(svc, "move-in")) == 1
    history = svc.review.player_history("Bo")
    assert len(history.hands) == 1  # the hand before the move is still Bo's
    assert "move-seat" in [a.act for a in svc.review.audit()]


def test_a_move_is_refused_mid_hand_and_changes_nothing(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    other = svc.tables.create_table("Table 4", session.settings, boss)
    svc.tables.open_session(other.id, boss)
    state = svc.hands.start_hand(session.id, dealer)
    before = svc.tables.seats(session.id)
    with pytest.raises(ConflictError, match="seat 1 is in the hand in progress"):
        svc.tables.move_seat(session.id, 1, 2, dealer)
    with pytest.raises(ConflictError, match="seat 1 is in the hand in progress"):
        svc.tables.move_to_table(session.id, 1, other.id, dealer)
    assert svc.tables.seats(session.id) == before
    assert svc.tables.arrivals(other.id) == []
    play(svc.hands, state.hand_id, dealer)
    assert svc.tables.move_seat(session.id, 1, 2, dealer).seat == 2


def test_a_player_moves_to_another_table_through_the_database(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember,
        boss: StaffMember) -> None:
    eve = svc.staff.add_staff("Eve", Role.DEALER, "2468", by=boss)
    other = svc.tables.create_table("Table 4", session.settings, boss)
    with pytest.raises(ConflictError, match="Table 4 has no open session"):
        svc.tables.move_to_table(session.id, 1, other.id, dealer)
    there = svc.tables.open_session(other.id, eve)
    svc.tables.seat_player(there.id, 2, "Dee", 400, eve)
    play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer)
    ann = next(x for x in svc.tables.seats(session.id) if x.player == "Ann")
    arrival = svc.tables.move_to_table(session.id, 1, other.id, dealer)
    assert (arrival.player, arrival.chips, arrival.from_table) == ("Ann", ann.stack,
                                                                   "Table 3")
    assert [x.player for x in svc.tables.seats(session.id)] == ["Bo", "Cy"]
    # the destination sees her arrive with those chips; the floor sees her called there
    assert svc.tables.arrivals(other.id) == [arrival]
    (entry,) = WaitingListService(svc.db).waiting()
    assert (entry.player, entry.called_table) == ("Ann", "Table 4")
    with pytest.raises(ConflictError, match="moving"):
        WaitingListService(svc.db).remove(entry.id, boss, "went home")
    with pytest.raises(ConflictError, match="with their chips, not a buy-in"):
        svc.tables.seat_player(there.id, 3, "Ann", 500, eve)
    with pytest.raises(ConflictError, match="seat 2 is taken by Dee"):
        svc.tables.seat_arrival(there.id, 2, arrival.entry_id, eve)
    seated = svc.tables.seat_arrival(there.id, 5, arrival.entry_id, eve)
    assert (seated.seat, seated.player, seated.stack) == (5, "Ann", ann.stack)
    assert svc.tables.arrivals(other.id) == [] and WaitingListService(svc.db).waiting() == []
    source = session_report(svc.db, session.id, evidence=False)
    target = session_report(svc.db, there.id, evidence=False)
    assert source.reconciliation.balanced and target.reconciliation.balanced
    assert (source.reconciliation.moved_out, source.reconciliation.cash_outs) == (ann.stack, 0)
    assert (target.reconciliation.moved_in, target.reconciliation.buy_ins) == (ann.stack, 400)
    assert source.to_text().count("Chips moved out to other seats or tables") == 1
    assert "Chips moved in from other seats or tables" in target.to_html()
    ann_line = next(x for x in source.seats if x.player == "Ann")
    assert ann_line.net == ann_line.won  # her result is the hand's, not the move's
    assert len(svc.review.player_history("Ann").hands) == 1
    acts = [a.act for a in svc.review.audit()]
    assert "move-out" in acts and "move-in" in acts


def test_a_move_to_a_full_table_or_with_odd_chips_is_refused(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    from dealer_app.engine import Settings

    big = svc.tables.create_table("Table 25", Settings(ante=25, chip_unit=25), boss)
    svc.tables.open_session(big.id, boss)
    with pytest.raises(StorageError, match="not whole chips at Table 25"):
        svc.tables.move_to_table(session.id, 3, big.id, dealer)  # Bo's 320
    full = svc.tables.create_table("Table 5", session.settings, boss)
    there = svc.tables.open_session(full.id, boss)
    for seat in range(1, 7):
        svc.tables.seat_player(there.id, seat, f"P{seat}", 100, boss)
    with pytest.raises(ConflictError, match="Table 5 has no free seat"):
        svc.tables.move_to_table(session.id, 1, full.id, dealer)
    assert len(svc.tables.seats(session.id)) == 3
