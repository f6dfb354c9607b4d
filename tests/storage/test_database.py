"""Opening databases: settings, where they live, and clear refusals that write nothing."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from dealer_app.storage import (
    Database,
    DatabaseLockedError,
    DatabaseUnavailableError,
    NotADatabaseError,
    resolve_db_url,
)
from dealer_app.storage.location import default_db_path


def test_sqlite_connections_are_safe(tmp_path: Path) -> None:
    with Database.open(f"sqlite:///{tmp_path}/a.sqlite3") as db, db.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 5000


def test_resolve_db_url(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("DEALER_APP_DB", raising=False)
    assert default_db_path() == tmp_path / "data" / "dealer-app" / "dealer-app.sqlite3"
    assert resolve_db_url(None) == f"sqlite:///{default_db_path()}"
    assert default_db_path().parent.is_dir()
    monkeypatch.setenv("DEALER_APP_DB", "postgresql+psycopg://x@h/db")
    assert resolve_db_url(None) == "postgresql+psycopg://x@h/db"
    assert resolve_db_url(str(tmp_path / "b.db")) == f"sqlite:///{tmp_path / 'b.db'}"


def _listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("shopping list\n" * 100)
    before = _listing(tmp_path)
    with pytest.raises(NotADatabaseError, match="not an SQLite file"):
        Database.open(f"sqlite:///{path}")
    assert _listing(tmp_path) == before


def test_a_corrupt_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    Database.open(f"sqlite:///{path}").close()
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the schema page
    path.write_bytes(bytes(data))
    for extra in tmp_path.glob("db.sqlite3-*"):
        extra.unlink()
    before = _listing(tmp_path)
    with pytest.raises(NotADatabaseError, match="corrupt"):
        Database.open(f"sqlite:///{path}")
    assert _listing(tmp_path) == before


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(NotADatabaseError, match="another program"):
        Database.open(f"sqlite:///{path}")


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DatabaseUnavailableError, match="does not exist"):
        Database.open(f"sqlite:///{tmp_path}/nowhere/db.sqlite3")
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write read-only folders")
def test_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(DatabaseUnavailableError, match="read-only"):
            Database.open(f"sqlite:///{folder}/db.sqlite3")
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_a_read_only_folder_is_refused_even_for_root(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == folder
                        else real_access(p, mode))
    with pytest.raises(DatabaseUnavailableError, match="read-only"):
        Database.open(f"sqlite:///{folder}/db.sqlite3")
    assert list(folder.iterdir()) == []


def test_a_locked_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    Database.open(f"sqlite:///{path}").close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA journal_mode = DELETE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(DatabaseLockedError, match="locked"):
            Database.open(f"sqlite:///{path}", busy_timeout=0.2)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_unreachable_postgresql_is_a_clear_error() -> None:
    with pytest.raises(DatabaseUnavailableError, match="cannot reach the database"):
        Database.open("postgresql+psycopg://nobody@127.0.0.1:1/x", busy_timeout=1)


def test_a_bad_url_is_a_clear_error() -> None:
    with pytest.raises(DatabaseUnavailableError):
        Database.open("nosuchdb://x")


def test_a_long_read_does_not_hold_up_a_write(tmp_path: Path) -> None:
    """A supervisor's report reads while a dealer records: on SQLite a read transaction does
    not take the write lock, so the write goes through at once."""
    from sqlalchemy import select

    from dealer_app.storage.models import Staff

    url = f"sqlite:///{tmp_path}/reads.sqlite3"
    reader = Database.open(url)
    writer = Database.open(url, busy_timeout=0.2)
    try:
        with reader.read() as s:
            list(s.scalars(select(Staff)))  # the read transaction is open
            with writer.transaction() as w:
                w.add(Staff(name="Dana", role="dealer", pin_hash="x", active=True,
                            failed_pins=0, created_at=writer.now()))
        with reader.read() as s:
            assert [m.name for m in s.scalars(select(Staff))] == ["Dana"]
    finally:
        reader.close()
        writer.close()


def test_sqlite_writes_share_one_kept_connection(tmp_path: Path) -> None:
    """On an SQLite file a session's write transaction runs on the connection
    ``core_transaction`` keeps (its page cache stays current: another connection's write
    would make it read the file again), one thread at a time: while one holds it, another
    thread's transaction runs on a connection of the pool; a refusal raised inside leaves
    it kept, a database error gives it back."""
    import threading

    from dealer_app.storage import StorageError

    with Database.open(f"sqlite:///{tmp_path}/a.sqlite3") as db:
        with db.transaction() as s:
            kept = s.connection()
            other: list[object] = []

            def elsewhere() -> None:
                with db.transaction() as s2:
                    other.append(s2.connection())

            thread = threading.Thread(target=elsewhere)
            thread.start()
            thread.join(0.2)  # (it waits for this transaction's write lock)
        thread.join(10)
        assert other and other[0] is not kept
        with db.core_transaction() as tx:
            assert tx.connection() is kept
        with pytest.raises(LookupError), db.transaction() as s:
            assert s.connection() is kept
            raise LookupError("refused")
        with db.transaction() as s:
            assert s.connection() is kept
        with pytest.raises(StorageError), db.transaction() as s:
            s.execute(text("SELECT no_such_column FROM alembic_version"))
        with db.transaction() as s:
            assert s.connection() is not kept
