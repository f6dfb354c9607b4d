"""Issue 23: a table's minimum (and maximum) buy-in, set when the table is created or its
settings changed, enforced for buy-ins and rebuys with a refusal that names it."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from dealer_app.engine import Settings
from dealer_app.services import Services, StaffMember, StorageError
from dealer_app.services.buy_in import BuyInLimitError, limits_text
from dealer_app.storage.models import AuditEntry, GameTable, LedgerEntry


def test_a_buy_in_below_the_minimum_is_refused_naming_it(
        svc: Services, boss: StaffMember, dealer: StaffMember) -> None:
    table = svc.tables.create_table("Table 7", Settings(ante=5, chip_unit=5), boss,
                                    min_buy_in=200, max_buy_in=2000)
    assert (table.min_buy_in, table.max_buy_in) == (200, 2000)
    session = svc.tables.open_session(table.id, dealer)
    with pytest.raises(BuyInLimitError, match="the minimum buy-in at Table 7 is 200, not 150"):
        svc.tables.seat_player(session.id, 1, "Ann", 150, dealer)
    with pytest.raises(BuyInLimitError, match="the maximum buy-in at Table 7 is 2,000"):
        svc.tables.seat_player(session.id, 1, "Ann", 2500, dealer)
    assert svc.tables.seats(session.id) == []
    svc.tables.seat_player(session.id, 1, "Ann", 200, dealer)
    svc.tables.adjust_stack(session.id, 1, -150, boss, "chips given back")  # down to 50
    with pytest.raises(BuyInLimitError, match="at least 200 .with 100 it would be 150"):
        svc.tables.rebuy(session.id, 1, 100, dealer)
    assert svc.tables.rebuy(session.id, 1, 150, dealer).stack == 200  # tops up to it
    with pytest.raises(BuyInLimitError, match="at most 2,000"):
        svc.tables.rebuy(session.id, 1, 1900, dealer)
    assert svc.tables.seats(session.id)[0].stack == 200


def test_the_limits_change_with_the_settings_audited_and_in_the_ledger(
        svc: Services, boss: StaffMember, dealer: StaffMember) -> None:
    table = svc.tables.create_table("Table 8", Settings(ante=5, chip_unit=5), boss)
    assert (table.min_buy_in, table.max_buy_in) == (0, 0)
    with pytest.raises(StorageError, match="the maximum buy-in 100 is below the minimum 300"):
        svc.tables.change_settings(table.id, table.settings, boss, "house rule",
                                   buy_in_limits=(300, 100))
    changed = svc.tables.change_settings(table.id, table.settings, boss, "house rule",
                                         buy_in_limits=(300, 0))
    assert (changed.min_buy_in, changed.max_buy_in) == (300, 0)
    assert svc.tables.table(table.id).min_buy_in == 300
    assert svc.tables.change_settings(table.id, table.settings, boss, "other",
                                      ).min_buy_in == 300  # None keeps them
    with svc.db.read() as s:
        detail = json.loads(s.scalars(select(AuditEntry.detail_json)
                                      .where(AuditEntry.act == "change-settings")
                                      .order_by(AuditEntry.id)).first()
                            or "{}")
        versions = list(s.scalars(select(LedgerEntry.seq).where(
            LedgerEntry.tbl == "game_table", LedgerEntry.k1 == table.id)))
        assert s.get(GameTable, table.id).min_buy_in == 300  # type: ignore[union-attr]
    assert detail["buy_in_limits"] == [300, 0] and detail["old_buy_in_limits"] == [0, 0]
    assert len(versions) >= 2  # the row as created and as changed
    session = svc.tables.open_session(table.id, dealer)
    with pytest.raises(BuyInLimitError, match="minimum buy-in at Table 8 is 300"):
        svc.tables.seat_player(session.id, 1, "Ann", 295, dealer)


def test_limits_in_words() -> None:
    assert limits_text(200, 2000) == "200 to 2,000"
    assert limits_text(200, 0) == "at least 200"
    assert limits_text(0, 0) == "none"
