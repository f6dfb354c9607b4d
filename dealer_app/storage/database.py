"""Opening a database: checks, connection settings, migrations at start-up.

``Database.open(url)`` returns a ready database (schema at the newest revision) or raises a
:class:`~dealer_app.storage.errors.StorageError` saying why, having written nothing.
SQLite connections use WAL, ``foreign_keys=ON``, ``synchronous=FULL`` and a busy timeout;
every transaction starts with ``BEGIN IMMEDIATE`` so two writers queue instead of failing.
The WAL is copied back into the database file on a background thread
(:class:`WalCheckpointer`), not inside a dealer's commit. The SQLite file's own checks and
settings are ``sqlite_file.py``'s, the driver errors' words ``driver_errors.py``'s.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, QueuePool, create_engine, event, inspect, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError
from sqlalchemy.orm import Session, sessionmaker

from dealer_app.station import application_name
from dealer_app.storage import ledger, migrate, read_only
from dealer_app.storage.anchor_recovery import recover_newest_line
from dealer_app.storage.background import BACKGROUND
from dealer_app.storage.backup import backup_sqlite_file
from dealer_app.storage.driver_errors import connection_lost, first_line, translate_error
from dealer_app.storage.errors import (
    ConnectionLostError,
    DatabaseUnavailableError,
    MigrationError,
    NotADatabaseError,
    StorageError,
)
from dealer_app.storage.location import masked_url, parse_db_url
from dealer_app.storage.notary import Notary
from dealer_app.storage.pg_password import engine_with_password
from dealer_app.storage.private import create_private_file
from dealer_app.storage.sqlite_file import (
    WAL_AUTOCHECKPOINT,
    WalCheckpointer,
    remove_if_new_and_empty,
    require_existing,
    sqlite_engine,
    sqlite_preflight,
)

Clock = Callable[[], datetime]
log = logging.getLogger(__name__)


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
        self._one_read_of = threading.local()
        """``session``: the read transaction of :meth:`one_read` in this thread."""
        self.clock = clock
        self.core_writes = engine.dialect.name in ("sqlite", "postgresql")
        """Whether :meth:`core_transaction` may be used (SQLite or PostgreSQL, not opened
        read-only)."""
        self._kept: Connection | None = None
        self._kept_lock = threading.Lock()
        self._keep = isinstance(engine.pool, QueuePool)
        """Whether :meth:`core_transaction` keeps its connection between transactions (a
        pool whose connections any thread may use: not an in-memory SQLite database's)."""
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
        into :class:`StorageError` messages. On an SQLite file it runs on the connection
        :meth:`core_transaction` keeps, when no other thread holds it: a connection whose
        file another connection wrote to since throws its page cache away at its next
        transaction, so a hand's first input after its start (written by a session) cost
        about 1.8 times the next ones (1.4 times on this one)."""
        if not (self.is_sqlite and self._keep) or not self._kept_lock.acquire(blocking=False):
            try:
                with self.sessions.begin() as session:
                    yield session
            except IntegrityError:
                raise  # a constraint: the services retry or explain
            except DBAPIError as exc:
                raise self._error(exc) from exc
            return
        broken = True  # SQLite: on the kept connection (see core_transaction)
        try:
            if self._kept is None:
                self._kept = self.engine.connect()
            conn = self._kept
            try:
                with self.sessions(bind=conn) as session, session.begin():
                    yield session
            except IntegrityError:
                broken = False
                raise  # a constraint: the services retry or explain
            except DBAPIError as exc:
                raise self._error(exc) from exc
            except BaseException:
                broken = False  # (a refusal of the services: rolled back, the connection fine)
                raise
            broken = False
        finally:
            self._release_held(broken)

    def _release_held(self, broken: bool) -> None:
        """After :meth:`transaction` on the kept connection: kept unless the database
        failed or a transaction is left open on it, and given back to other threads."""
        conn = self._kept
        try:
            if conn is not None and (broken or conn.invalidated or conn.in_transaction()):
                self._kept = None
                try:
                    conn.rollback()
                finally:
                    conn.close()
        finally:
            self._kept_lock.release()

    @contextmanager
    def core_transaction(self) -> Iterator[ledger.CoreWrite]:
        """One write transaction on a connection of the write engine, without an ORM
        session (:attr:`core_writes` only), for Core statements alone (a dealer's input on
        the cached path): the ledger's entries are appended and sealed, and the checkpoint
        signed, by the same functions as the write sessions' hooks (on PostgreSQL the
        ledger's advisory lock taken with the head, as there), then the commit; errors as
        in :meth:`transaction`. A session's transaction costs about twenty times an empty
        SQLite transaction (SQLAlchemy's unit of work, its events, the connection's
        checkout through it). Its connection is kept for the next one (checking one out of
        the pool and back in cost a fifth of an input); a second thread meanwhile takes
        one from the pool, and a connection whose transaction failed is given back (a
        broken one so leaves the pool: the next attempt checks out a live one)."""
        conn, kept = self._core_connection()
        broken = True
        try:
            tx = ledger.CoreWrite(conn, self.ledger_config)
            conn.begin()  # (SQLite: BEGIN IMMEDIATE, sqlite_file.sqlite_engine)
            try:
                yield tx
                ledger.seal_commit(tx)
                conn.commit()
            except BaseException as exc:
                try:
                    conn.rollback()
                finally:  # (the seal's lock released whatever happens)
                    ledger.after_rollback(tx)
                broken = isinstance(exc, DBAPIError)
                raise
            broken = False
            ledger.after_commit(tx)
        except IntegrityError:
            raise
        except DBAPIError as exc:
            raise self._error(exc) from exc
        finally:
            self._core_release(conn, kept, broken)
        if self.checkpointer is not None:
            self.checkpointer.committed()

    def _core_connection(self) -> tuple[Connection, bool]:
        """The kept connection, held (True), or, while another thread holds it or none may
        be kept, one from the pool (False)."""
        if self._keep and self._kept_lock.acquire(blocking=False):
            try:
                if self._kept is None:
                    self._kept = self.engine.connect()
                return self._kept, True
            except BaseException:
                self._kept_lock.release()
                raise
        return self.engine.connect(), False

    def _core_release(self, conn: Connection, kept: bool, broken: bool) -> None:
        """After :meth:`core_transaction`: the kept connection kept unless the database
        failed (or it was left in a transaction), else given back to the pool."""
        if not kept:
            conn.close()
            return
        try:
            if broken or conn.invalidated or conn.in_transaction():
                self._kept = None
                conn.close()
        finally:
            self._kept_lock.release()

    def release_kept(self) -> None:
        """Gives the connection :meth:`core_transaction` keeps back to the pool (the next
        one checks one out again)."""
        with self._kept_lock:
            if self._kept is not None:
                self._kept.close()
                self._kept = None

    def _error(self, exc: DBAPIError) -> StorageError:
        if connection_lost(exc, self.engine.dialect.name):
            return ConnectionLostError(
                f"cannot reach the database {self.url} ({first_line(exc)})")
        return translate_error(exc, self.url, self._folder)

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only transaction (errors translated as in :meth:`transaction`). On SQLite it
        does not take the write lock that every :meth:`transaction` takes first. Inside
        :meth:`one_read`, this thread's one read transaction."""
        held: Session | None = getattr(self._one_read_of, "session", None)
        try:
            if held is not None:
                yield held
                return
            with self.read_sessions() as session:  # closing ends the transaction; what was
                yield session                         # read stays loaded for the caller
        except DBAPIError as exc:
            raise self._error(exc) from exc

    @contextmanager
    def one_read(self) -> Iterator[None]:
        """Every :meth:`read` of this thread inside it is one read transaction: a run of
        many short reads (the incremental ``log verify``) begins and ends one, not one each
        (on PostgreSQL three round trips a read; on SQLite one snapshot throughout)."""
        if getattr(self._one_read_of, "session", None) is not None:
            yield
            return
        with self.read() as session:
            self._one_read_of.session = session
            try:
                yield
            finally:
                self._one_read_of.session = None

    @staticmethod
    def settle() -> None:
        """Runs the background work given so far (WAL checkpoints, the ``fsync`` of anchor
        lines) and ends its thread (``background.py``; the next job starts it again)."""
        BACKGROUND.stop()

    def close(self) -> None:
        self.settle()
        self.release_kept()
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
                require_existing(parsed.database)
            path = sqlite_preflight(parsed.database, busy_timeout)
            engine = sqlite_engine(url, busy_timeout,
                                    autocheckpoint=None if path is None else WAL_AUTOCHECKPOINT)
            in_memory = parsed.database in (None, "", ":memory:")  # one connection's world
            read_engine: Engine | None = (
                None if in_memory else sqlite_engine(url, busy_timeout, immediate=False))
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
            remove_if_new_and_empty(path, existed)
            raise translate_error(exc, db.url, path.parent if path else None) from exc
        except StorageError:
            db.close()
            remove_if_new_and_empty(path, existed)
            raise
        if db.notary is not None:
            try:
                db.ledger_config.location = db.location()
            except DBAPIError as exc:
                log.warning("cannot tell where the database lives: %s", exc)
            try:
                with engine.connect() as conn:
                    recover_newest_line(conn, db.notary, db.ledger_config.location)
            except DBAPIError as exc:
                log.warning("cannot look for an anchor line a crash lost: %s", exc)
        log.info("database opened: %s", db.url)  # the URL with its password masked
        return db

    @classmethod
    def _open_read_only(cls, parsed: URL, clock: Clock, busy_timeout: float) -> Database:
        path: Path | None = None
        if parsed.get_backend_name() == "sqlite":
            require_existing(parsed.database)
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
        db.core_writes = False
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


def _upgrade(db: Database, path: Path | None) -> bool:
    """Migrates to the head; True when a schema with rows in it was upgraded."""
    head = migrate.head_revision()
    with db.engine.begin() as conn:
        current = migrate.current_revision(conn)
        if current == head:  # every open but the first: no catalogue read beyond the version
            return False
        has_tables = bool(inspect(conn).get_table_names())
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
