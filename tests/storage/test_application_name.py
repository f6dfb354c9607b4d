"""Issue 21: every PostgreSQL connection names its station and view (``application_name``),
the change feed's own connection too, so an administrator tells them apart."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import text

from dealer_app import station
from dealer_app.services import Services
from dealer_app.storage.notifications import PostgresChangeFeed, change_feed, wait_for


@pytest.fixture
def floor_view() -> Iterator[None]:
    station.set_view("floor")
    yield
    station.set_view("")


def test_connections_carry_the_station_and_the_view(db_url: str, floor_view: None) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("PostgreSQL only: SQLite has no server to list its connections")
    svc = Services.open(db_url)
    feed = change_feed(svc.db, lambda tables: None)
    try:
        with svc.db.engine.connect() as conn:
            name = conn.execute(text("SELECT application_name FROM pg_stat_activity "
                                     "WHERE pid = pg_backend_pid()")).scalar()
        assert name == station.application_name()
        assert str(name).startswith("dealer-app floor @") and "(pid " in str(name)
        assert isinstance(feed, PostgresChangeFeed)
        feed.start()
        assert wait_for(lambda: feed.backend_pid is not None, 10)
        with svc.db.engine.connect() as conn:
            listener = conn.execute(text("SELECT application_name FROM pg_stat_activity "
                                         "WHERE pid = :pid"), {"pid": feed.backend_pid}).scalar()
        assert listener == station.application_name("feed")
    finally:
        feed.stop()
        svc.close()


@pytest.mark.one_backend
def test_a_long_name_is_cut_to_postgresql_s_limit() -> None:
    station.set_view("display " + "x" * 80)
    try:
        assert len(station.application_name().encode()) <= 63
    finally:
        station.set_view("")
