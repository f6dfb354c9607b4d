"""Issue 21: a waiting list per game, with a call to a seat, a no-show and removal; seating
a called player takes them off the list. Stored and chained in the evidence ledger."""

from __future__ import annotations

from datetime import timedelta

import pytest
from storage.helpers import FakeClock

from dealer_app.engine import Settings, Structure
from dealer_app.services import (
    ConflictError,
    Services,
    SessionInfo,
    StaffMember,
    StorageError,
    TableInfo,
)
from dealer_app.services.floor import game_of
from dealer_app.services.waiting import WaitingListService
from dealer_app.storage.models.chained import CHAINED


def test_a_waiting_list_calls_seats_and_forgets_nobody(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember,
        boss: StaffMember, clock: FakeClock) -> None:
    lists = WaitingListService(svc.db)
    game = game_of(table.settings)
    other = svc.tables.create_table("Table 7", Settings(ante=5, chip_unit=5,
                                                        structure=Structure.NO_LIMIT), boss)
    eve = lists.add(game, "  Eve ", boss)
    clock.advance(seconds=60)
    finn = lists.add(game, "Finn", boss)
    lists.add(game_of(other.settings), "Gus", boss)
    assert [w.player for w in lists.waiting(game)] == ["Eve", "Finn"]
    assert len(lists.waiting()) == 3
    with pytest.raises(ConflictError, match="already on this waiting list"):
        lists.add(game, "eve", boss)
    with pytest.raises(StorageError, match="needs a name"):
        lists.add(game, "  ", boss)
    with pytest.raises(ConflictError, match="another game"):
        lists.call(eve.id, other.id, boss)
    with pytest.raises(ConflictError, match="closed"):
        lists.call(lists.waiting(game_of(other.settings))[0].id, other.id, boss)
    with pytest.raises(ConflictError, match="was not called yet"):
        lists.no_show(finn.id, boss)
    called = lists.call(eve.id, table.id, boss)
    assert called.called_table == "Table 3" and called.called
    assert not called.no_show_due(clock.moment + timedelta(seconds=299), 300)
    assert called.no_show_due(clock.moment + timedelta(seconds=300), 300)
    # seated at the dealer's window: off the list
    svc.tables.seat_player(session.id, 2, "Eve", 500, dealer)
    assert [w.player for w in lists.waiting(game)] == ["Finn"]
    lists.call(finn.id, table.id, boss)
    lists.no_show(finn.id, boss)
    assert lists.waiting(game) == []
    with pytest.raises(ConflictError, match="no longer on the waiting list"):
        lists.remove(finn.id, boss, "left")
    gus = lists.waiting()[0]
    with pytest.raises(StorageError, match="say why"):
        lists.remove(gus.id, boss, " ")
    lists.remove(gus.id, boss, "went home")
    assert lists.waiting() == []
    acts = [a.act for a in svc.review.audit() if a.act.startswith("waiting")]
    assert sorted(acts) == sorted(["waiting-add"] * 3 + ["waiting-call"] * 2 + [
        "waiting-seated", "waiting-no-show", "waiting-remove"])
    assert "waiting_entry" in CHAINED  # every row version joins the evidence ledger
