"""An SQLite database file: the checks before it is opened (a missing or read-only folder, a
file of another program, a corrupt one: refused before anything is written), its
connections' settings (WAL, ``foreign_keys``, ``synchronous=FULL``, a busy timeout,
``BEGIN IMMEDIATE`` for writers), and its WAL copied back into the file on a background
thread (:class:`WalCheckpointer`). ``database.py`` opens it."""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event

from dealer_app.storage import driver_errors
from dealer_app.storage.background import BACKGROUND
from dealer_app.storage.bulk import driver_execute
from dealer_app.storage.errors import (
    DatabaseLockedError,
    DatabaseUnavailableError,
    NotADatabaseError,
    StorageError,
)

log = logging.getLogger(__name__)
SQLITE_MAGIC = b"SQLite format 3\x00"


WAL_CHECKPOINT_EVERY = 100
"""Write transactions between two background WAL checkpoints (an input adds about 7
pages to the WAL: about 700 pages, where SQLite's own default is 1000)."""
CHECKPOINT_PASSES = 4
"""Passes of one background checkpoint while commits keep adding frames: once a pass has
copied the whole WAL, the next writer starts it again from the beginning."""
WAL_AUTOCHECKPOINT = 2000
"""Pages past which SQLite still checkpoints inside a commit: a backstop. The WAL is reused
from its start only by a commit that begins after a pass copied all of it. With 50 ms
between inputs every background pass leads to that; when inputs come faster than a pass
takes (a few ms on a busy disk: the benchmark's back-to-back inputs) a commit always
overlaps it, and this backstop restarts the WAL: its copy is small (the background copied
the rest), but its ``fsync`` of the database file is on that input's path, once in about
290 back-to-back inputs. Also when a reader holds an old snapshot for long."""


class WalCheckpointer:
    """Copies the WAL into the database file (``PRAGMA wal_checkpoint(PASSIVE)``) on the
    background thread (``background.py``), with a connection of its own, every
    :data:`WAL_CHECKPOINT_EVERY` commits, instead of SQLite doing it inside whichever commit
    crosses 1000 pages (writing hundreds of pages and ``fsync``-ing the database file before
    the dealer sees the input accepted).

    Nothing about a commit changes: each one is durable in the WAL (``synchronous=FULL``)
    before it returns. A PASSIVE checkpoint takes no writer's lock; it copies committed
    frames only, ``fsync``-s the database file before it records them as copied, and the
    WAL is reused from its start only after that: a crash at any moment leaves the WAL,
    the database file or both holding every committed transaction (SQLite's own recovery
    on the next open)."""

    def __init__(self, path: Path, busy_timeout: float,
                 every: int | None = None) -> None:
        self.path = path
        self.busy_timeout = busy_timeout
        self.every = every if every is not None else WAL_CHECKPOINT_EVERY
        self.runs = 0
        """Checkpoints done (for tests and benchmarks)."""
        self.last: tuple[int, int, int] | None = None
        """The last one's (busy, WAL frames, frames copied)."""
        self._commits = 0
        self._lock = threading.Lock()

    def committed(self, _session: Any = None) -> None:
        """After a commit (the write sessions' ``after_commit``): counts it, and asks for a
        checkpoint every :attr:`every` commits."""
        with self._lock:
            self._commits += 1
            if self._commits < self.every:
                return
            self._commits = 0
        self.start()

    def start(self) -> None:
        """Asks for a checkpoint now (one already waiting covers this one)."""
        BACKGROUND.submit(("wal-checkpoint", self.path), self._checkpoint)

    @staticmethod
    def wait(timeout: float | None = None) -> None:
        """Waits for the checkpoints asked for so far."""
        BACKGROUND.flush(timeout)

    def _checkpoint(self) -> None:
        try:
            # mode=rw: a file gone meanwhile (restored, moved) is an error, never a new
            # empty database left in its place
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=rw", uri=True,
                                   timeout=self.busy_timeout, isolation_level=None,
                                   check_same_thread=False)
            try:
                conn.execute("PRAGMA synchronous = FULL")
                for _ in range(CHECKPOINT_PASSES):  # a pass copies what the last one missed
                    row = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    if not row or row[0] or row[1] == row[2]:
                        break
            finally:
                conn.close()
        except sqlite3.Error as exc:  # the next one tries again; SQLite's backstop remains
            log.warning("WAL checkpoint of %s failed: %s", self.path, exc)
            return
        self.runs += 1
        self.last = (int(row[0]), int(row[1]), int(row[2])) if row else None


def require_existing(name: str | None) -> None:
    """A read-only command names a database that must already be there."""
    if not name or name == ":memory:" or name.startswith("file:"):
        return
    path = Path(name)
    if not path.exists():
        raise DatabaseUnavailableError(
            f"there is no database at {path}; nothing was created (check --db or "
            "DEALER_APP_DB)")


def remove_if_new_and_empty(path: Path | None, existed: bool) -> None:
    """A database file this open created but could not fill (a full disk) is removed."""
    if path is None or existed:
        return
    try:
        if path.exists() and path.stat().st_size == 0:
            for extra in (path.with_name(path.name + "-wal"),
                          path.with_name(path.name + "-shm"),
                          path.with_name(path.name + "-journal"), path):
                extra.unlink(missing_ok=True)
    except OSError:
        pass


def sqlite_preflight(name: str | None, busy_timeout: float) -> Path | None:
    """Refuses, before anything is written, a file that is not an SQLite database, a missing
    folder or a read-only one."""
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    path = Path(name)
    folder = path.parent
    if not folder.is_dir():
        raise DatabaseUnavailableError(
            f"cannot open the database {path}: the folder {folder} does not exist")
    if path.exists():
        if not path.is_file():
            raise NotADatabaseError(f"{path} is not a file")
        # Never open() the file ourselves: closing any descriptor on it would drop the
        # POSIX locks this process's other connections hold. SQLite reads the header.
        if not os.access(path, os.W_OK):
            raise DatabaseUnavailableError(f"the database {path} is read-only")
    if not os.access(folder, os.W_OK):
        raise DatabaseUnavailableError(
            f"cannot write the database {path}: the folder {folder} is read-only")
    if path.exists() and path.stat().st_size:
        _check_sqlite_content(path, busy_timeout)
    return path


def _check_sqlite_content(path: Path, busy_timeout: float) -> None:
    """Reads the schema without writing: a corrupt file or another program's database is
    refused (and the -wal/-shm files SQLite made while looking are removed again)."""
    sidecars = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    existing = {p for p in sidecars if p.exists()}
    try:
        _read_schema(path, busy_timeout)
    except StorageError:
        for extra in sidecars:
            if extra not in existing:
                extra.unlink(missing_ok=True)
        raise


def _read_schema(path: Path, busy_timeout: float) -> None:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=busy_timeout)
        try:
            names = {row[0] for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            conn.execute("PRAGMA schema_version").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        low = str(exc).lower()
        if "disk is full" in low or (("i/o error" in low or "unable to open" in low)
                                     and driver_errors.disk_is_full(path.parent)):
            raise driver_errors.disk_full_error(path, None) from None
        if "file is not a database" in str(exc):
            raise NotADatabaseError(f"{path} is not a dealer-app database (not an SQLite "
                                    "file); nothing was changed") from None
        if "locked" in str(exc):
            raise DatabaseLockedError(
                f"the database {path} is locked by another program; try again") from None
        raise NotADatabaseError(
            f"{path} is corrupt or not an SQLite database ({exc}); nothing was changed") from None
    if names and "alembic_version" not in names:
        raise NotADatabaseError(
            f"{path} is an SQLite database of another program; nothing was changed")


def sqlite_engine(url: str, busy_timeout: float, *, immediate: bool = True,
                   autocheckpoint: int | None = None) -> Engine:
    """An engine whose transactions begin IMMEDIATE (writers: one at a time, no deadlock
    between two upgrading readers) or, with ``immediate=False``, deferred (readers).
    ``autocheckpoint``: SQLite's ``wal_autocheckpoint`` (pages), None for its default."""
    engine = create_engine(url, connect_args={"timeout": busy_timeout})
    timeout_ms = int(busy_timeout * 1000)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # transactions are begun below
        cursor = dbapi_conn.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {timeout_ms}")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA synchronous = FULL")
        mode = cursor.execute("PRAGMA journal_mode").fetchone()[0]
        if str(mode).lower() not in ("wal", "memory"):
            cursor.execute("PRAGMA journal_mode = WAL")
        if autocheckpoint is not None:
            cursor.execute(f"PRAGMA wal_autocheckpoint = {int(autocheckpoint)}")
        if not immediate:  # the readers' connections (Database.read) can write nothing
            cursor.execute("PRAGMA query_only = ON")
        cursor.close()

    begin = "BEGIN IMMEDIATE" if immediate else "BEGIN"

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:  # (every transaction runs it: by the driver, without
        driver_execute(conn, begin)      # SQLAlchemy's execution, errors raised as it does)

    return engine
