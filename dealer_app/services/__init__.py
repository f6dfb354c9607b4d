"""Services the GUI and the commands call: plain dataclasses in and out, no SQLAlchemy, no Qt.

``Services.open(url)`` opens (and migrates) the database and gives one object per area:
``staff`` (:class:`StaffService`), ``tables`` (:class:`TableService`), ``hands``
(:class:`HandService`), ``review`` (:class:`ReviewQueries`), ``log`` (:class:`LogService`).
``review`` and ``log`` (and the ``reports`` module) are imported on first use, so the dealer's
window starts without them; every public name stays importable from here.
Each module's docstring lists its operations. Errors are
:class:`~dealer_app.storage.errors.StorageError` subclasses (re-exported here) with messages
fit to show; a refused dealer input raises the engine's ``RuleError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from dealer_app.lazy import exports
from dealer_app.services.core.errors import (
    AccountLocked,
    CorrectionRefused,
    DualControlRequired,
    HandClosed,
    NothingToUndo,
    PermissionRefused,
    PinChangeRequired,
    Refusal,
    ServiceError,
    SignInError,
)
from dealer_app.services.core.types import (
    AuditRecord,
    BrokenHand,
    ExportReport,
    Fingerprint,
    HandQuery,
    HandState,
    HandStatus,
    HandSummary,
    ImportReport,
    LogEntry,
    Role,
    SeatInfo,
    SessionInfo,
    StaffMember,
    TableInfo,
    VerifyReport,
)
from dealer_app.storage.errors import (
    ConflictError,
    DatabaseLockedError,
    DatabaseUnavailableError,
    MigrationError,
    NotADatabaseError,
    NotFoundError,
    StorageError,
)

if TYPE_CHECKING:
    from dealer_app.services import reports
    from dealer_app.services.closing import ClosingService
    from dealer_app.services.core.calls import CallService
    from dealer_app.services.floor import FloorService
    from dealer_app.services.hands import HandService
    from dealer_app.services.leases import FloorPresence, LeaseService
    from dealer_app.services.log import LogService
    from dealer_app.services.review import ReviewQueries
    from dealer_app.services.rotation import RotationService
    from dealer_app.services.staff import StaffService
    from dealer_app.services.tables import TableService
    from dealer_app.services.waiting import WaitingListService
    from dealer_app.storage.database import Clock, Database
    from dealer_app.storage.location import resolve_db_url

__getattr__ = exports(__name__, {
    "HandService": "dealer_app.services.hands", "StaffService": "dealer_app.services.staff",
    "TableService": "dealer_app.services.tables", "LogService": "dealer_app.services.log",
    "ReviewQueries": "dealer_app.services.review", "reports": "dealer_app.services.reports",
    "Database": "dealer_app.storage.database",
    "resolve_db_url": "dealer_app.storage.location"})
"""The services and the storage (SQLAlchemy) are imported with the first name that needs
them: a window imports the errors and the types without them."""


@dataclass(frozen=True)
class Services:
    """Every service on one database."""

    db: Database
    staff: StaffService
    tables: TableService
    hands: HandService

    @cached_property
    def review(self) -> ReviewQueries:
        from dealer_app.services.review import ReviewQueries

        return ReviewQueries(self.db)

    @cached_property
    def leases(self) -> LeaseService:
        from dealer_app.services.leases import LeaseService

        return LeaseService(self.db)

    @cached_property
    def log(self) -> LogService:
        from dealer_app.services.log import LogService

        return LogService(self.db)

    # ------------------------------------------------------------------ the floor
    # One of each for every window on this database (the floor view, a table's live view,
    # the players' screen, the dealer's floor keys), imported on first use.

    @cached_property
    def floor(self) -> FloorService:
        """The floor's tiles, figures and live tables."""
        from dealer_app.services.floor import FloorService

        return FloorService(self.db)

    @cached_property
    def calls(self) -> CallService:
        """Floor calls: raised at a table, acknowledged and resolved at the floor."""
        from dealer_app.services.core.calls import CallService

        return CallService(self.db)

    @cached_property
    def closing(self) -> ClosingService:
        """A table's last hands announced, or taken back."""
        from dealer_app.services.closing import ClosingService

        return ClosingService(self.db)

    @cached_property
    def floor_presence(self) -> FloorPresence:
        """The floor views open now (a dealer's window knows somebody watches)."""
        from dealer_app.services.leases import FloorPresence

        return FloorPresence(self.db)

    @cached_property
    def rotation(self) -> RotationService:
        """The dealers' rotation: who is in which box, and when the push is due."""
        from dealer_app.services.rotation import RotationService

        return RotationService(self.db)

    @cached_property
    def waiting_lists(self) -> WaitingListService:
        """Every game's waiting list."""
        from dealer_app.services.waiting import WaitingListService

        return WaitingListService(self.db)

    @classmethod
    def on(cls, db: Database) -> Services:
        from dealer_app.services.hands import HandService
        from dealer_app.services.staff import StaffService
        from dealer_app.services.tables import TableService

        return cls(db=db, staff=StaffService(db), tables=TableService(db),
                   hands=HandService(db))

    @classmethod
    def open(cls, url: str | None = None, *, clock: Clock | None = None,
             busy_timeout: float = 5.0, create: bool = True,
             read_only: bool = False) -> Services:
        """Opens the database at ``url`` (see :func:`resolve_db_url` for None); with
        ``create=False`` a missing SQLite file is an error; ``read_only`` (commands that only
        read): it must exist, and nothing can be written, also on read-only media."""
        from dealer_app.storage.database import Database, utc_now
        from dealer_app.storage.location import resolve_db_url

        return cls.on(Database.open(resolve_db_url(url), clock=clock or utc_now,
                                    busy_timeout=busy_timeout,
                                    create=create and not read_only, read_only=read_only))

    def close(self) -> None:
        self.db.close()


__all__ = [
    "AccountLocked", "AuditRecord", "BrokenHand", "ConflictError", "CorrectionRefused", "Database",
    "DatabaseLockedError", "DatabaseUnavailableError", "DualControlRequired", "ExportReport",
    "Fingerprint", "HandClosed", "HandQuery", "HandService", "HandState", "HandStatus",
    "HandSummary", "ImportReport", "LogEntry", "LogService", "MigrationError", "NotADatabaseError",
    "NotFoundError", "NothingToUndo", "PermissionRefused", "PinChangeRequired", "Refusal",
    "ReviewQueries", "Role", "SeatInfo", "ServiceError", "Services", "SessionInfo", "SignInError",
    "StaffMember", "StaffService", "StorageError", "TableInfo", "TableService", "VerifyReport",
    "reports", "resolve_db_url",
]
