"""Opening a database only to read it, also on read-only media (an auditor's DVD, a
write-protected USB stick, a folder the app may not write).

SQLite: every connection is opened with a ``file:`` URI. ``mode=ro`` where the folder can be
written (SQLite may still make the ``-shm`` index it shares with a live writer, so reading
a running table's database stays correct) or where a ``-wal`` with transactions sits beside
the file (SQLite then reads the ``-wal`` and ``-shm`` as they are); ``immutable=1`` on
read-only media without them: no lock and no ``-shm`` are needed, and SQLite trusts the file
not to change, which read-only media guarantee. A copy made with ``dealer-app db backup``
is one whole file and always works. Each connection also sets ``PRAGMA query_only``.
PostgreSQL: every transaction is ``READ ONLY`` (``default_transaction_read_only``).
Nothing is migrated: a database of another schema revision is refused in words.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL

from dealer_app.storage import migrate
from dealer_app.storage.errors import MigrationError

PG_READ_ONLY = "-c default_transaction_read_only=on"
"""libpq ``options`` that make every transaction of the connection read-only."""


def pg_url(url: URL) -> URL:
    """``url`` with :data:`PG_READ_ONLY` added to the ``options`` it may already give."""
    given = url.query.get("options")
    options = " ".join([*([given] if isinstance(given, str) else list(given or ())),
                        PG_READ_ONLY])
    return url.update_query_dict({"options": options})


def sqlite_uri(path: Path) -> str:
    """The ``file:`` URI to read ``path`` with (see the module's docstring)."""
    wal = path.with_name(path.name + "-wal")
    writable_folder = os.access(path.parent, os.W_OK)
    pending = wal.exists() and wal.stat().st_size > 0
    mode = "mode=ro" if writable_folder or pending else "immutable=1"
    return f"{path.absolute().as_uri()}?{mode}"


def sqlite_engine(path: Path, busy_timeout: float) -> Engine:
    """An engine whose every connection reads ``path`` and can write nothing."""
    uri = sqlite_uri(path)

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, timeout=busy_timeout, check_same_thread=False)

    engine = create_engine(f"sqlite:///{path}", creator=connect)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # transactions are begun below
        cursor = dbapi_conn.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        cursor.execute("PRAGMA query_only = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN")

    return engine


def require_head(engine: Engine, where: str) -> None:
    """Refuses (``MigrationError``) a database whose schema is not this app's: read-only,
    it cannot be brought up to date."""
    with engine.connect() as conn:
        current = migrate.current_revision(conn)
    head = migrate.head_revision()
    if current != head:
        raise MigrationError(
            f"{where} has schema {current or 'none'}, not {head}, and is opened read-only: "
            "nothing can update it here. Use the dealer-app of its schema, or update a "
            "writable copy first")
