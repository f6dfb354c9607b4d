"""Change signals for live views (the floor, the players' screen), from the storage feed:
``watch(db, on_change)`` returns a feed to ``start()`` and ``stop()``. ``on_change(tables)``
gets the ids of the tables whose committed data changed, or None for "catch up on all"
(at start, after a reconnection, and on SQLite after any commit). See
:mod:`dealer_app.storage.notifications`."""

from __future__ import annotations

from dealer_app.storage.database import Database
from dealer_app.storage.notifications import (
    ChangeFeed,
    OnChange,
    PostgresChangeFeed,
    SqliteChangeFeed,
    change_feed,
)


def watch(db: Database, on_change: OnChange, *, interval: float = 0.1,
          tables: frozenset[int] | None = None) -> ChangeFeed:
    """A change feed on ``db`` (not started); ``tables``: a view of those tables only (on
    PostgreSQL it is then sent their changes only)."""
    return change_feed(db, on_change, interval=interval, tables=tables)


__all__ = ["ChangeFeed", "OnChange", "PostgresChangeFeed", "SqliteChangeFeed", "watch"]
