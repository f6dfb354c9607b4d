"""Issue 24: a floor of hundreds of stations reaches one PostgreSQL server through a
transaction pooler (PgBouncer's transaction mode): ``?pooler=transaction`` on the URL turns
off server-side prepared statements, and the change feed, which needs a server connection of
its own for LISTEN, goes to ``DEALER_APP_FEED_DB`` instead."""

from __future__ import annotations

import pytest
from sqlalchemy.engine import make_url

from dealer_app.services import Services
from dealer_app.storage import Database
from dealer_app.storage.errors import DatabaseUnavailableError
from dealer_app.storage.notifications import FEED_ENV, PostgresChangeFeed, change_feed


def _pooled(url: str) -> str:
    return make_url(url).update_query_dict({"pooler": "transaction"}).render_as_string(
        hide_password=False)


def test_a_pooled_station_writes_without_prepared_statements_and_listens_direct(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("PostgreSQL only: a pooler stands in front of a server")
    svc = Services.open(_pooled(db_url))
    try:
        assert svc.db.pooled and "pooler" not in str(svc.db.engine.url)
        with svc.db.engine.connect() as conn:
            raw = conn.connection.driver_connection
            assert raw is not None and raw.prepare_threshold is None
        svc.staff.add_staff("Sam", "supervisor", "246800")
        assert [m.name for m in svc.staff.list_staff()] == ["Sam"]
        monkeypatch.delenv(FEED_ENV, raising=False)
        with pytest.raises(ValueError, match=FEED_ENV):
            change_feed(svc.db, lambda tables: None)
        monkeypatch.setenv(FEED_ENV, db_url)
        feed = change_feed(svc.db, lambda tables: None)
        assert isinstance(feed, PostgresChangeFeed) and "pooler" not in feed.conninfo
    finally:
        svc.close()
    with Database.open(db_url) as direct:
        assert not direct.pooled


@pytest.mark.one_backend
def test_an_unknown_pooler_is_refused_in_words() -> None:
    with pytest.raises(DatabaseUnavailableError, match="only pooler=transaction"):
        Database.open("postgresql+psycopg://dealer@127.0.0.1:1/casino?pooler=session")
