"""The change feed: tells a live view (floor, players' screen) that committed data changed.

A feed only signals; the view then reads the committed rows through the services, so a
missed or duplicated signal can never make it show something that is not in the log.

- PostgreSQL: triggers (migration 0006) send ``NOTIFY dealer_app_changes`` with the payload
  ``schema:table_id`` at each commit of a hand start, an input, an audited act (seats,
  sessions, calls) and a call's answer. :class:`PostgresChangeFeed` listens on its own
  connection in a thread; after every (re)connection it reports ``None`` ("anything may
  have changed: catch up"), so a dropped connection loses nothing.
- SQLite: no notifications. :class:`SqliteChangeFeed` polls ``PRAGMA data_version`` on its own
  connection (a read of one integer; it changes when another connection commits) and
  reports ``None`` when it moved.

``on_change(tables)`` is called from the feed's thread with the set of table ids that
changed, or ``None`` for "any table"; it must be cheap and thread-safe (a Qt signal is).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from sqlalchemy import text
from sqlalchemy.engine import make_url

from dealer_app.station import application_name
from dealer_app.storage.database import Database

CHANNEL = "dealer_app_changes"
OnChange = Callable[[frozenset[int] | None], None]


class ChangeFeed(Protocol):
    """A running source of change signals."""

    def start(self) -> None: ...

    def stop(self) -> None: ...


class _Thread:
    """A daemon thread with a stop flag."""

    name = "change-feed"

    def __init__(self, on_change: OnChange) -> None:
        self.on_change = on_change
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def _run(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


def table_channel(table_id: int) -> str:
    """The channel of one table's changes (migration 0021): a view of one table listens
    there, so it is not sent every other table's inputs."""
    return f"{CHANNEL}_{int(table_id)}"


class PostgresChangeFeed(_Thread):
    """``LISTEN dealer_app_changes`` (the whole floor), or only the channels of ``tables``,
    on a connection of its own; reconnects with a growing pause (0.2 s to 2 s) and reports
    ``None`` after each connection so the view catches up."""

    name = "pg-change-feed"

    def __init__(self, conninfo: str, schema: str, on_change: OnChange,
                 wait: float = 0.25, tables: frozenset[int] | None = None) -> None:
        super().__init__(on_change)
        self.conninfo = conninfo
        self.schema = schema
        self.wait = wait
        self.tables = tables
        self.channels = [CHANNEL] if tables is None else \
            [table_channel(t) for t in sorted(tables)]
        self.backend_pid: int | None = None
        """The listening connection's server process (for tests that drop it)."""
        self.connections = 0
        self.connected = threading.Event()

    def _run(self) -> None:
        import psycopg

        pause = 0.2
        while not self.stopping:
            try:
                with psycopg.connect(self.conninfo, autocommit=True,
                                     connect_timeout=5) as conn:
                    for channel in self.channels:
                        conn.execute(f"LISTEN {channel}")
                    self.backend_pid = conn.info.backend_pid
                    self.connections += 1
                    self.connected.set()
                    pause = 0.2
                    self.on_change(None)  # whatever happened while not listening
                    self._listen(conn)
            except psycopg.Error:
                self.connected.clear()
                self.backend_pid = None
                if self._stop.wait(pause):
                    return
                pause = min(2.0, pause * 2)

    def _listen(self, conn: Any) -> None:
        prefix = self.schema + ":"
        while not self.stopping:
            # each notification is passed on as it arrives (the view coalesces); the
            # timeout only lets the loop see the stop flag. A lost connection raises.
            for note in conn.notifies(timeout=self.wait):
                payload: str = note.payload
                if payload.startswith(prefix) and payload[len(prefix):].isdigit():
                    table = int(payload[len(prefix):])
                    if self.tables is None or table in self.tables:
                        self.on_change(frozenset((table,)))
                if self.stopping:
                    return
            if conn.closed or conn.broken:
                import psycopg

                raise psycopg.OperationalError("the listening connection was lost")


class SqliteChangeFeed(_Thread):
    """Polls ``PRAGMA data_version`` every ``interval`` seconds."""

    name = "sqlite-change-feed"

    def __init__(self, path: str, on_change: OnChange, interval: float = 0.1) -> None:
        super().__init__(on_change)
        self.path = path
        self.interval = interval
        self.polls = 0

    def _run(self) -> None:
        conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True,
                               check_same_thread=False)
        try:
            last = None
            while not self.stopping:
                try:
                    version = conn.execute("PRAGMA data_version").fetchone()[0]
                except sqlite3.Error:
                    version = None
                self.polls += 1
                if version != last:
                    last = version
                    self.on_change(None)
                if self._stop.wait(self.interval):
                    return
        finally:
            conn.close()


FEED_ENV = "DEALER_APP_FEED_DB"
"""The URL a change feed listens on when the database's own goes through a transaction
pooler (``?pooler=transaction``): a direct connection to the same server and database, as
``LISTEN`` needs a server connection of its own."""


def change_feed(db: Database, on_change: OnChange, *, interval: float = 0.1,
                tables: frozenset[int] | None = None) -> ChangeFeed:
    """The feed for ``db``: notifications on PostgreSQL (of ``tables`` only, if named), a
    ``data_version`` poll on an SQLite file. Reports ``None`` once at start. Call
    ``start()`` to run it. ``ValueError`` when there is none: an in-memory database, or
    a pooled one without ``DEALER_APP_FEED_DB`` (the caller then reads on a timer)."""
    if db.is_sqlite:
        path = db.sqlite_path
        if path is None:
            raise ValueError("an in-memory database has no change feed")
        return SqliteChangeFeed(str(path), on_change, interval)
    with db.engine.connect() as conn:
        schema = str(conn.execute(text("SELECT current_schema()")).scalar())
    url = make_url(db.engine.url.render_as_string(hide_password=False))
    if db.pooled:
        direct = os.environ.get(FEED_ENV)
        if not direct:
            raise ValueError(f"a pooled database has no change feed without {FEED_ENV}")
        url = make_url(direct)
    conninfo = _conninfo(url, application_name("feed"))
    return PostgresChangeFeed(conninfo, schema, on_change, tables=tables)


def _conninfo(url: Any, name: str = "") -> str:
    """A libpq connection string from a SQLAlchemy URL (driver suffix dropped, the URL's
    ``options`` such as a ``search_path`` kept), named ``name`` for ``pg_stat_activity``."""
    from psycopg.conninfo import make_conninfo

    params: dict[str, Any] = {}
    if url.host:
        params["host"] = url.host
    if url.port:
        params["port"] = url.port
    if url.username:
        params["user"] = url.username
    if url.password:
        params["password"] = url.password
    if url.database:
        params["dbname"] = url.database
    if name:
        params["application_name"] = name
    for key, value in url.query.items():
        params[key] = value if isinstance(value, str) else value[-1]
    return make_conninfo("", **params)


def wait_for(predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Polls ``predicate`` until true or ``timeout`` (for commands and tests without Qt)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()
