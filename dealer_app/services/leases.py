"""One table, one workstation: the lease a dealer's window holds on the table it records
into.

``LeaseService(db, expiry=...)``:
- ``acquire(table_id, workstation, host, staff, take_over=False) -> Lease``: takes the table
  for this workstation. A table another workstation holds (its heartbeat younger than the
  lease time) raises :class:`TableHeldError` saying who holds it and since when, unless
  ``take_over`` (on purpose: audited as ``take-over-table``). An expired lease (a crashed
  workstation), or one of this computer's own windows whose process has ended (``kill -9``),
  is taken over without asking (audited too).
- ``heartbeat(table_id, workstation) -> bool``: renews the lease; False once another
  workstation took it.
- ``release(table_id, workstation)``; ``holder(table_id) -> Lease | None``.

:func:`check_lease` is called by every recorded input of a workstation in the input's own
transaction: an input from a workstation that lost the lease raises :class:`LeaseLostError`
(nothing stored).

``FloorPresence(db, expiry=...)``: the floor views open now, each a row renewed by a
heartbeat like a lease: ``watch(station, host, staff_name)``, ``heartbeat(station)``,
``leave(station)``, ``watchers() -> list[FloorWatcher]`` (the live ones). A dealer's window
asks it whether anybody sees its calls.

The lease rows are operational (who records now), not facts of the log: the facts are the
``take-over-table`` audit rows. Lease time and heartbeat: 60 s and 10 s, or the seconds in
``DEALER_APP_LEASE_SECONDS`` / ``DEALER_APP_HEARTBEAT_SECONDS``.

Every lease time (taken, heartbeat, the expiry check, "last heard ... ago") is the database
server's clock (:func:`database_time`), never the workstation's: workstations whose clocks
differ by minutes still agree on whether a lease is alive.
"""

from __future__ import annotations

import hashlib
import os
import socket
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import cast

from sqlalchemy import Connection, Table, bindparam, select, text, update
from sqlalchemy.orm import Session

from dealer_app.services.core.common import audit, retrying
from dealer_app.services.core.types import StaffMember
from dealer_app.storage.bulk import first_value
from dealer_app.storage.database import Database
from dealer_app.storage.errors import ConflictError, NotFoundError
from dealer_app.storage.models import FloorWatch, GameTable, TableLease
from dealer_app.text import tr

RELEASED = ""
"""The workstation of a lease given up: the table is free."""
LEASE_ENV = "DEALER_APP_LEASE_SECONDS"
HEARTBEAT_ENV = "DEALER_APP_HEARTBEAT_SECONDS"


def _seconds(name: str, default: float) -> timedelta:
    try:
        value = float(os.environ.get(name, "") or default)
    except ValueError:
        value = default
    return timedelta(seconds=max(1.0, value))


def lease_time() -> timedelta:
    """How long a lease lasts without a heartbeat (60 s unless configured)."""
    return _seconds(LEASE_ENV, 60)


def heartbeat_interval() -> timedelta:
    """How often a window renews its lease (10 s unless configured)."""
    return _seconds(HEARTBEAT_ENV, 10)


def _machine() -> str:
    """This computer, as a short fixed-length token (its name hashed)."""
    return hashlib.sha256(socket.gethostname().encode()).hexdigest()[:16]


def new_workstation() -> tuple[str, str]:
    """A fresh workstation id for one running window, and its label for people. The id is
    ``<machine>.<pid>.<random>``: so that a window started again on the same computer knows
    a lease of its own dead process (``kill -9``, a crash) from another workstation's."""
    return (f"{_machine()}.{os.getpid()}.{uuid.uuid4().hex[:32]}",
            f"{socket.gethostname()} (pid {os.getpid()})")


def ended_here(workstation: str) -> bool:
    """``workstation`` is a window of this computer whose process has ended: its lease
    can be taken back without asking anyone (there is nobody left to ask)."""
    machine, _, rest = workstation.partition(".")
    pid_text = rest.partition(".")[0]
    if machine != _machine() or not pid_text.isdigit() or int(pid_text) == os.getpid():
        return False
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, another user's process
        return False
    return False


_PG_NOW = text("SELECT statement_timestamp()")
_SQLITE_NOW = text("SELECT strftime('%Y-%m-%d %H:%M:%f', 'now')")


def database_time(s: Session) -> datetime:
    """The database server's clock (UTC), read in ``s``'s transaction: PostgreSQL's
    ``statement_timestamp()``; SQLite's ``'now'``, the clock of the one machine every writer
    of an SQLite file runs on. Leases compare only times of this clock."""
    conn = s.connection()
    if conn.dialect.name == "sqlite":
        return datetime.fromisoformat(str(conn.execute(_SQLITE_NOW).scalar())).replace(tzinfo=UTC)
    value = conn.execute(_PG_NOW).scalar()
    assert isinstance(value, datetime)
    return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)


def _clock(moment: datetime) -> str:
    return moment.astimezone().strftime("%H:%M:%S")


@dataclass(frozen=True, slots=True)
class Lease:
    table_id: int
    table_name: str
    workstation: str
    host: str
    staff_name: str
    acquired_at: datetime
    heartbeat_at: datetime

    def expired(self, now: datetime, expiry: timedelta) -> bool:
        return self.heartbeat_at + expiry <= now

    def describe(self, now: datetime) -> str:
        """``Dana at pit-2 (pid 4242) since 22:41:07 (last heard 5 s ago)``."""
        ago = max(0, round((now - self.heartbeat_at).total_seconds()))
        return tr("{name} at {host} since {time} (last heard from {seconds} s ago)").format(
            name=self.staff_name, host=self.host, time=_clock(self.acquired_at), seconds=ago)


class TableHeldError(ConflictError):
    """The table is open on another workstation whose lease is alive."""

    def __init__(self, lease: Lease, now: datetime) -> None:
        super().__init__(tr("{table} is open on another workstation: {lease}. Take it over "
                            "only if nobody works there").format(table=lease.table_name,
                                                                 lease=lease.describe(now)))
        self.lease = lease


class LeaseLostError(ConflictError):
    """This workstation's lease on the table was taken over: it records no more inputs."""


def _lease(row: TableLease, table_name: str) -> Lease:
    return Lease(table_id=row.table_id, table_name=table_name, workstation=row.workstation,
                 host=row.host, staff_name=row.staff_name, acquired_at=row.acquired_at,
                 heartbeat_at=row.heartbeat_at)


def _table_name(s: Session, table_id: int) -> str:
    name = s.scalar(select(GameTable.name).where(GameTable.id == table_id))
    return str(name) if name is not None else f"table {table_id}"


_LEASE = cast(Table, TableLease.__table__).c
_HOLDER = (select(_LEASE.workstation).where(_LEASE.table_id == bindparam("table_id"))
           .with_for_update(read=True))
"""Prepared once: the check of every recorded input. ``FOR SHARE`` on PostgreSQL: a takeover
waits for the input's commit (SQLite's writers are serialised already)."""


def lease_held(conn: Connection, table_id: int | None, workstation: str | None) -> bool:
    """:func:`check_lease`'s question alone (on SQLite asked by the driver): True when
    ``workstation`` holds the table's lease, or records without one (None)."""
    if workstation is None or table_id is None:
        return True
    return bool(first_value(conn, _HOLDER, {"table_id": table_id}) == workstation)


def check_lease(s: Session, table_id: int | None, workstation: str | None,
                now: datetime | None = None) -> None:
    """In a recording transaction: the input's workstation still holds the table's lease;
    else :class:`LeaseLostError`. ``workstation`` None: a caller outside any window (the
    command line, tests) records without a lease. Read only: the heartbeat renews it.
    ``now`` (the workstation's time) is not read: the refusal's "last heard" compares the
    heartbeat with the database's clock."""
    if workstation is None or table_id is None:
        return
    holder = s.connection().execute(_HOLDER, {"table_id": table_id}).scalar()
    if holder == workstation:
        return
    row = s.get(TableLease, table_id)
    name = _table_name(s, table_id)
    if row is None or row.workstation == RELEASED:
        raise LeaseLostError(tr("this workstation no longer holds {table}: open the table "
                                "again; the input was not recorded").format(table=name))
    raise LeaseLostError(tr("{table} was taken over by another workstation ({lease}): this "
                            "window records nothing more; the input was not recorded")
                         .format(table=name, lease=_lease(row, name).describe(database_time(s))))


class LeaseService:
    def __init__(self, db: Database, expiry: timedelta | None = None) -> None:
        self.db = db
        self.expiry = expiry if expiry is not None else lease_time()

    def holder(self, table_id: int) -> Lease | None:
        with self.db.read() as s:
            row = s.get(TableLease, table_id)
            if row is None or row.workstation == RELEASED:
                return None
            return _lease(row, _table_name(s, table_id))

    def acquire(self, table_id: int, workstation: str, host: str, staff: StaffMember, *,
                take_over: bool = False) -> Lease:
        def take() -> Lease:
            with self.db.transaction() as s:
                table = s.get(GameTable, table_id)
                if table is None:
                    raise NotFoundError(tr("no table with id {id}").format(id=table_id))
                row = s.get(TableLease, table_id, with_for_update=True)
                now = database_time(s)  # after the lock: the holder's heartbeat came before
                if row is None:
                    row = TableLease(table_id=table_id, workstation=workstation, host=host,
                                     staff_id=staff.id, staff_name=staff.name,
                                     acquired_at=now, heartbeat_at=now)
                    s.add(row)
                    s.flush()
                    return _lease(row, table.name)
                if row.workstation not in (workstation, RELEASED):
                    old = _lease(row, table.name)
                    expired = old.expired(now, self.expiry)
                    dead = not expired and ended_here(row.workstation)
                    if not expired and not dead and not take_over:
                        raise TableHeldError(old, now)
                    audit(s, at=now, act="take-over-table", staff=staff, table_id=table_id,
                          reason="its lease had expired" if expired else
                          "its window on this computer had ended" if dead else "taken over on "
                          "purpose", detail={"from": old.staff_name, "from_host": old.host,
                                             "since": old.acquired_at.isoformat(),
                                             "last_heard": old.heartbeat_at.isoformat(),
                                             "expired": expired, "ended": dead,
                                             "to_host": host})
                if row.workstation != workstation:
                    row.workstation = workstation
                    row.host = host
                    row.acquired_at = now
                row.staff_id = staff.id
                row.staff_name = staff.name
                row.heartbeat_at = now
                return _lease(row, table.name)

        return retrying(take, tr("opening the table"))

    def heartbeat(self, table_id: int, workstation: str) -> bool:
        """Renews the lease; False once another workstation holds it (or nobody does)."""
        with self.db.transaction() as s:
            done = s.execute(update(TableLease)
                             .where(TableLease.table_id == table_id,
                                    TableLease.workstation == workstation)
                             .values(heartbeat_at=database_time(s))
                             .execution_options(synchronize_session=False))
            return getattr(done, "rowcount", 0) == 1

    def release(self, table_id: int, workstation: str) -> None:
        """Gives the table up (sign-out, window closed); a lease of another workstation is
        left alone. The row stays (rows are never deleted), marked free."""
        with self.db.transaction() as s:
            row = s.get(TableLease, table_id, with_for_update=True)
            if row is not None and row.workstation == workstation:
                row.workstation = RELEASED
                row.host = ""


@dataclass(frozen=True, slots=True)
class FloorWatcher:
    """A floor view open now."""

    station: str
    host: str
    staff_name: str
    opened_at: datetime
    heartbeat_at: datetime


class FloorPresence:
    """The floor views watching the calls (operational rows, renewed like a lease)."""

    def __init__(self, db: Database, expiry: timedelta | None = None) -> None:
        self.db = db
        self.expiry = expiry if expiry is not None else lease_time()

    def watch(self, station: str, host: str, staff_name: str = "") -> None:
        """A floor view opened (or signed in again): its row, heartbeat now."""
        with self.db.transaction() as s:
            now = self.db.now()
            row = s.get(FloorWatch, station, with_for_update=True)
            if row is None:
                s.add(FloorWatch(station=station, host=host, staff_name=staff_name,
                                 opened_at=now, heartbeat_at=now))
                return
            row.host, row.staff_name, row.heartbeat_at, row.closed_at = \
                host, staff_name, now, None

    def heartbeat(self, station: str) -> bool:
        """Renews the floor view's row; False if it had left."""
        with self.db.transaction() as s:
            done = s.execute(update(FloorWatch)
                             .where(FloorWatch.station == station,
                                    FloorWatch.closed_at.is_(None))
                             .values(heartbeat_at=self.db.now())
                             .execution_options(synchronize_session=False))
            return getattr(done, "rowcount", 0) == 1

    def leave(self, station: str) -> None:
        """The floor view closed."""
        with self.db.transaction() as s:
            s.execute(update(FloorWatch).where(FloorWatch.station == station)
                      .values(closed_at=self.db.now())
                      .execution_options(synchronize_session=False))

    def watchers(self, now: datetime | None = None) -> list[FloorWatcher]:
        """The floor views open now: not closed, heard from within the lease time."""
        now = now or self.db.now()
        with self.db.read() as s:
            rows = s.scalars(select(FloorWatch).where(
                FloorWatch.closed_at.is_(None),
                FloorWatch.heartbeat_at > now - self.expiry).order_by(FloorWatch.opened_at))
            return [FloorWatcher(station=r.station, host=r.host, staff_name=r.staff_name,
                                 opened_at=r.opened_at, heartbeat_at=r.heartbeat_at)
                    for r in rows]
