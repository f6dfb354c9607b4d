"""Issue 24: a view of one table (a players' screen, a dealer's window) listens on that
table's own channel, so the server does not send it every input of the floor; the floor
view still hears every table."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from storage.helpers import FakeClock

from dealer_app.engine import Settings
from dealer_app.services import Services, SessionInfo, StaffMember, TableInfo
from dealer_app.storage.notifications import PostgresChangeFeed, change_feed, wait_for


def test_a_feed_of_one_table_hears_that_table_only(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember,
        boss: StaffMember, clock: FakeClock) -> None:
    other = svc.tables.create_table("Table 9", Settings(ante=10, chip_unit=5), boss)
    mine: list[frozenset[int] | None] = []
    floor: list[frozenset[int] | None] = []
    lock = threading.Lock()

    def into(got: list[frozenset[int] | None]) -> Callable[[frozenset[int] | None], None]:
        def on_change(tables: frozenset[int] | None) -> None:
            with lock:
                got.append(tables)
        return on_change

    one = change_feed(svc.db, into(mine), interval=0.02, tables=frozenset({table.id}))
    every = change_feed(svc.db, into(floor), interval=0.02)
    if not isinstance(one, PostgresChangeFeed):
        pytest.skip("PostgreSQL only: SQLite's feed is a poll of the whole file")
    assert one.channels == [f"dealer_app_changes_{table.id}"]
    one.start()
    every.start()
    try:
        assert wait_for(lambda: None in mine and None in floor)  # the first catch-ups
        with lock:
            mine.clear()
            floor.clear()
        svc.tables.open_session(other.id, dealer)  # another table changes
        assert wait_for(lambda: frozenset({other.id}) in floor)
        svc.hands.start_hand(session.id, dealer)  # then this one
        assert wait_for(lambda: frozenset({table.id}) in mine)
        assert wait_for(lambda: frozenset({table.id}) in floor)
        with lock:
            assert mine == [frozenset({table.id})]  # never told of the other table
    finally:
        one.stop()
        every.stop()
