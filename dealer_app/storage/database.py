"""Opening a database: checks, connection settings, migrations at start-up.

``Database.open(url)`` returns a ready database (schema at the newest revision) or raises a
:class:`~dealer_app.storage.errors.StorageError` saying why, having written nothing.
SQLite connections use WAL, ``foreign_keys=ON``, ``synchronous=FULL`` and a busy timeout;
every transaction starts with ``BEGIN IMMEDIATE`` so two writers queue instead of failing.
The WAL is copied back into the database file on a background thread
(:class:`WalCheckpointer`), not inside a dealer's commit.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError
from sqlalchemy.orm import Session, sessionmaker

from dealer_app.station import application_name
from dealer_app.storage import ledger, migrate, read_only
from dealer_app.storage.background import BACKGROUND
from dealer_app.storage.backup import backup_sqlite_file
from dealer_app.storage.errors import (
    ConnectionLostError,
    DatabaseLockedError,
    DatabaseUnavailableError,
    DiskFullError,
    MigrationError,
    NotADatabaseError,
    StorageError,
)
from dealer_app.storage.location import PASSWORD_HELP, masked_url, parse_db_url
from dealer_app.storage.notary import Notary
from dealer_app.storage.pg_password import NO_PASSWORD, engine_with_password
from dealer_app.storage.private import create_private_file

Clock = Callable[[], datetime]
log = logging.getLogger(__name__)
SQLITE_MAGIC = b"SQLite format 3\x00"


def utc_now() -> datetime:
    return datetime.now(UTC)


POOLER_PARAM = "pooler"
"""A PostgreSQL URL's ``?pooler=transaction``: the stations reach the server through a
transaction pooler (PgBouncer ``pool_mode = transaction``), so a floor of hundreds of stations
needs only the pooler's few server connections."""


def _pooler(url: URL) -> tuple[URL, bool]:
    """``url`` without ``pooler=...``, and whether it named a transaction pooler; any other
    value is refused in words."""
    value = url.query.get(POOLER_PARAM)
    if value is None:
        return url, False
    if not isinstance(value, str):
        value = value[-1]
    if value != "transaction":
        raise DatabaseUnavailableError(
            f"cannot use {masked_url(url.render_as_string(hide_password=False))!r}: "
            f"{POOLER_PARAM}={value!r} (only {POOLER_PARAM}=transaction is known)")
    return url.difference_update_query([POOLER_PARAM]), True


class Database:
    """One database: its engine, its session factory and the clock every service uses."""

    def __init__(self, engine: Engine, clock: Clock = utc_now,
                 read_engine: Engine | None = None, notary: Notary | None = None) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.notary = notary
        """Signs the ledger's checkpoints (None: entries are chained but nothing is signed)."""
        self.ledger_config = ledger.LedgerConfig(notary, clock)
        ledger.attach(self.sessions, self.ledger_config)
        self.read_engine = read_engine or engine
        """On SQLite, connections whose transactions begin deferred: WAL readers never block
        the writer, so a supervisor's long report does not hold up a dealer's input."""
        self.read_sessions = sessionmaker(self.read_engine, expire_on_commit=False)
        self.clock = clock
        self.checkpointer: WalCheckpointer | None = None
        self.pooled = False
        """PostgreSQL through a transaction pooler (``?pooler=transaction``, e.g. PgBouncer's
        transaction mode): no server-side prepared statements, and no change feed on these
        connections (``storage/notifications.py`` listens on ``DEALER_APP_FEED_DB``)."""
        """On an SQLite file: copies the WAL into the database off the writers' path."""

    @property
    def url(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @property
    def sqlite_path(self) -> Path | None:
        """The SQLite file, or None for PostgreSQL or an in-memory database."""
        name = self.engine.url.database
        if not self.is_sqlite or not name or name == ":memory:":
            return None
        return Path(name)

    @property
    def _folder(self) -> Path | None:
        path = self.sqlite_path
        return path.parent if path is not None else None

    def now(self) -> datetime:
        return self.clock()

    def location(self) -> str | None:
        """Where this database lives, as a copy of it would not (SQLite: the file's device
        and inode; PostgreSQL: the server, the database's oid and the schema). None for an
        in-memory database."""
        path = self.sqlite_path
        if self.is_sqlite:
            if path is None:
                return None
            try:
                st = path.stat()
            except OSError:
                return None
            return f"sqlite:{st.st_dev}:{st.st_ino}"
        if self.engine.dialect.name != "postgresql":
            return None
        with self.engine.connect() as conn:
            row = conn.execute(text(
                "SELECT coalesce(host(inet_server_addr()), 'socket'), inet_server_port(), "
                "(SELECT oid FROM pg_database WHERE datname = current_database()), "
                "current_schema()")).one()
        return f"postgresql:{row[0]}:{row[1]}:{row[2]}:{row[3]}"

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One transaction: commits at the end of the block, rolls back on an exception.
        Database errors other than constraint violations (``IntegrityError``) are translated
        into :class:`StorageError` messages."""
        try:
            with self.sessions.begin() as session:
                yield session
        except IntegrityError:
            raise  # a constraint: the services retry or explain
        except DBAPIError as exc:
            raise self._error(exc) from exc

    def _error(self, exc: DBAPIError) -> StorageError:
        if connection_lost(exc, self.engine.dialect.name):
            return ConnectionLostError(
                f"cannot reach the database {self.url} ({_first_line(exc)})")
        return translate_error(exc, self.url, self._folder)

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only transaction (errors translated as in :meth:`transaction`). On SQLite it
        does not take the write lock that every :meth:`transaction` takes first."""
        try:
            with self.read_sessions() as session:  # closing ends the transaction; what was
                yield session                         # read stays loaded for the caller
        except DBAPIError as exc:
            raise self._error(exc) from exc

    @staticmethod
    def settle() -> None:
        """Runs the background work given so far (WAL checkpoints, the ``fsync`` of anchor
        lines) and ends its thread (``background.py``; the next job starts it again)."""
        BACKGROUND.stop()

    def close(self) -> None:
        self.settle()
        self.engine.dispose()
        if self.read_engine is not self.engine:
            self.read_engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @classmethod
    def open(cls, url: str, *, clock: Clock = utc_now, busy_timeout: float = 5.0,
             upgrade: bool = True, create: bool = True, sign: bool = True,
             notary: Notary | None = None, read_only: bool = False) -> Database:
        """Opens (creating it if needed, unless ``create`` is False) and migrates the
        database at ``url``. With ``create=False`` a missing SQLite file is an error. With
        ``sign``, checkpoints are signed by ``notary`` (default: this workstation's, made at
        first start; see ``notary.py``). ``read_only``: for commands that only read; every
        connection can write nothing, read-only media work, nothing is migrated or signed
        (``read_only.py``)."""
        parsed = parse_db_url(url)
        pooled = False
        if read_only:
            return cls._open_read_only(parsed, clock, busy_timeout)
        if sign and notary is None:
            notary = Notary.load()
        if parsed.get_backend_name() == "sqlite":
            if not create:
                _require_existing(parsed.database)
            path = _sqlite_preflight(parsed.database, busy_timeout)
            engine = _sqlite_engine(url, busy_timeout,
                                    autocheckpoint=None if path is None else WAL_AUTOCHECKPOINT)
            in_memory = parsed.database in (None, "", ":memory:")  # one connection's world
            read_engine: Engine | None = (
                None if in_memory else _sqlite_engine(url, busy_timeout, immediate=False))
        else:
            path = None
            read_engine = None
            connect_args: dict[str, Any] = {}
            if parsed.get_backend_name() == "postgresql":
                parsed, pooled = _pooler(parsed)
                if pooled:  # a transaction may run on another server connection each time
                    connect_args["prepare_threshold"] = None
                connect_args["connect_timeout"] = max(1, round(busy_timeout))
                if "application_name" not in parsed.query:  # one named in the URL wins
                    connect_args["application_name"] = application_name()
            try:
                engine = (engine_with_password(parsed, connect_args)
                          if parsed.get_backend_name() == "postgresql"
                          else create_engine(url, connect_args=connect_args,
                                             pool_pre_ping=True))
            except (NoSuchModuleError, ArgumentError, ImportError) as exc:
                raise DatabaseUnavailableError(
                    f"cannot use {masked_url(url)!r}: {exc}") from None
            except DBAPIError as exc:
                raise translate_error(exc, masked_url(url)) from exc
        db = cls(engine, clock, read_engine, notary if sign else None)
        db.pooled = pooled
        if path is not None:
            db.checkpointer = WalCheckpointer(path, busy_timeout)
            event.listen(db.sessions, "after_commit", db.checkpointer.committed)
        existed = path is not None and path.exists()
        if path is not None and not existed:
            create_private_file(path)  # 0600: SQLite gives the -wal and -shm its mode
        try:
            if upgrade and _upgrade(db, path) and db.notary is not None:
                with db.transaction() as session:  # seal the rows chained by the upgrade
                    ledger.request_checkpoint(session, f"upgrade to {migrate.head_revision()}")
            else:
                with engine.connect():
                    pass
        except DBAPIError as exc:
            db.close()
            _remove_if_new_and_empty(path, existed)
            raise translate_error(exc, db.url, path.parent if path else None) from exc
        except StorageError:
            db.close()
            _remove_if_new_and_empty(path, existed)
            raise
        if db.notary is not None:
            try:
                db.ledger_config.location = db.location()
            except DBAPIError as exc:
                log.warning("cannot tell where the database lives: %s", exc)
        log.info("database opened: %s", db.url)  # the URL with its password masked
        return db

    @classmethod
    def _open_read_only(cls, parsed: URL, clock: Clock, busy_timeout: float) -> Database:
        path: Path | None = None
        if parsed.get_backend_name() == "sqlite":
            _require_existing(parsed.database)
            if not parsed.database or parsed.database == ":memory:":
                raise DatabaseUnavailableError("an in-memory database has nothing to read")
            path = Path(parsed.database)
            if not path.is_file():
                raise NotADatabaseError(f"{path} is not a file")
            engine = read_only.sqlite_engine(path, busy_timeout)
        else:
            connect_args: dict[str, Any] = {}
            try:
                if parsed.get_backend_name() == "postgresql":
                    connect_args = {"connect_timeout": max(1, round(busy_timeout))}
                    engine = engine_with_password(read_only.pg_url(parsed), connect_args)
                else:
                    engine = create_engine(parsed, pool_pre_ping=True)
            except (NoSuchModuleError, ArgumentError, ImportError) as exc:
                raise DatabaseUnavailableError(f"cannot use {masked_url(str(parsed))!r}: "
                                               f"{exc}") from None
            except DBAPIError as exc:
                raise translate_error(exc, parsed.render_as_string()) from exc
        db = cls(engine, clock)
        try:
            read_only.require_head(engine, db.url)
        except DBAPIError as exc:
            db.close()
            raise translate_error(exc, db.url, path.parent if path else None) from exc
        except StorageError:
            db.close()
            raise
        log.info("database opened read-only: %s", db.url)
        return db


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


def _require_existing(name: str | None) -> None:
    """A read-only command names a database that must already be there."""
    if not name or name == ":memory:" or name.startswith("file:"):
        return
    path = Path(name)
    if not path.exists():
        raise DatabaseUnavailableError(
            f"there is no database at {path}; nothing was created (check --db or "
            "DEALER_APP_DB)")


def _remove_if_new_and_empty(path: Path | None, existed: bool) -> None:
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


DISK_FULL_BYTES = 1 << 20
"""Less free space than this beside the database, with an I/O error, is a full disk."""


def disk_is_full(folder: Path) -> bool:
    """True when the file system holding ``folder`` has (almost) no room left."""
    try:
        return shutil.disk_usage(folder).free < DISK_FULL_BYTES
    except OSError:
        return False


def _disk_full_error(where: object, folder: Path | None) -> DiskFullError:
    place = f" ({folder})" if folder is not None else ""
    return DiskFullError(f"the disk holding the database {where}{place} is full; free some "
                         "space and start again (the database itself was not changed)")


def _sqlite_preflight(name: str | None, busy_timeout: float) -> Path | None:
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
                                     and disk_is_full(path.parent)):
            raise _disk_full_error(path, None) from None
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


def _sqlite_engine(url: str, busy_timeout: float, *, immediate: bool = True,
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
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql(begin)

    return engine


def _upgrade(db: Database, path: Path | None) -> bool:
    """Migrates to the head; True when a schema with rows in it was upgraded."""
    head = migrate.head_revision()
    with db.engine.begin() as conn:
        current = migrate.current_revision(conn)
        has_tables = bool(inspect(conn).get_table_names())
    if current == head:
        return False
    if current is None and has_tables:
        raise NotADatabaseError(
            f"{db.url} holds tables of another program; nothing was changed")
    if current is not None and current not in migrate.known_revisions():
        raise MigrationError(
            f"{db.url} was made by a newer dealer-app (schema {current}); update the app")
    if current is not None and path is not None:
        stamp = db.now().strftime("%Y%m%dT%H%M%SZ")
        backup_sqlite_file(path, path.with_name(f"{path.name}.before-{head}-{stamp}.bak"))
    notary = db.notary
    token = ledger.MIGRATION_SEALER.set(
        None if notary is None else
        lambda first, last, digest: notary.lone_seal(first, last, digest, db.now()))
    try:
        migrate.upgrade(db.engine)
    except DBAPIError:
        raise
    except Exception as exc:
        raise MigrationError(f"cannot update the schema of {db.url}: {exc}") from exc
    finally:
        ledger.MIGRATION_SEALER.reset(token)
    return current is not None


_LOST_STATES = ("08", "57P")
"""SQLSTATE classes of a connection that broke: connection exceptions, and the server
ending it (``pg_terminate_backend``, a shutdown or restart)."""


def connection_lost(exc: DBAPIError, dialect: str) -> bool:
    """True when ``exc`` says the connection to a database server broke or could not be
    made (a transaction run again on a new connection may succeed), not that the statement
    was wrong. SQLite has no connection to lose."""
    if dialect == "sqlite":
        return False
    if exc.connection_invalidated:
        return True
    state = getattr(exc.orig, "sqlstate", None)
    if state is None:  # a client-side failure: no server answered (refused, timed out, reset)
        return type(exc.orig).__name__ == "OperationalError"
    return str(state).startswith(_LOST_STATES)


def _first_line(exc: DBAPIError) -> str:
    text = str(exc.orig) if exc.orig is not None else str(exc)
    return text.strip().splitlines()[0] if text.strip() else type(exc).__name__


def translate_error(exc: DBAPIError, where: str, folder: Path | None = None) -> StorageError:
    """A database driver error as a plain message (``folder``: where the SQLite file is,
    to tell a full disk from a damaged file)."""
    text = str(exc.orig) if exc.orig is not None else str(exc)
    low = text.lower()
    first = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    if "disk is full" in low or "no space left" in low or (
            folder is not None and ("i/o error" in low or "unable to open" in low)
            and disk_is_full(folder)):
        return _disk_full_error(where, folder)
    if "locked" in low or "could not obtain lock" in low:
        return DatabaseLockedError(f"the database {where} is locked by another program; "
                                   "try again")
    if "not a database" in low or "malformed" in low:
        return NotADatabaseError(f"{where} is corrupt or not a database ({first})")
    if "readonly" in low or "read-only" in low:
        return DatabaseUnavailableError(f"the database {where} is read-only")
    if "unable to open" in low:
        return DatabaseUnavailableError(f"cannot open the database {where} ({first})")
    if NO_PASSWORD in low:
        return DatabaseUnavailableError(f"the database {where} wants a password: "
                                        f"{PASSWORD_HELP}")
    if "connection" in low or "connect" in low or "server" in low:
        return DatabaseUnavailableError(f"cannot reach the database {where} ({first})")
    return StorageError(f"database error on {where}: {first}")
