"""The floor's one door to the services: the floor view, its parts, a live table and the
players' screen call the services through it only (the review's backend is the model).

It holds the floor's services (:attr:`floor`, :attr:`calls`, :attr:`closing`,
:attr:`waiting_lists`, :attr:`rotation`, :attr:`presence`, each built once by
:class:`~dealer_app.services.Services`) and the few acts and reads the floor takes from
the other services: a supervisor's sign-in (written to the app log, never the PIN), the
staff list, a change of dealer, the must-move lists and the shift report."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from dealer_app.gui.toolkit.audit_log import logged_sign_in

if TYPE_CHECKING:
    from dealer_app.services import Services, StaffMember
    from dealer_app.services.core.types import SessionInfo
    from dealer_app.services.must_move import MustMoveList
    from dealer_app.services.shift_report import ShiftReport
    from dealer_app.storage.database import Database


class FloorBackend:
    """The floor's services on one database."""

    def __init__(self, services: Services) -> None:
        self._services = services
        self.floor = services.floor
        self.calls = services.calls
        self.closing = services.closing
        self.waiting_lists = services.waiting_lists
        self.rotation = services.rotation
        self.presence = services.floor_presence

    @property
    def db(self) -> Database:
        """The database, for the change feed that watches it."""
        return self._services.db

    def now(self) -> datetime:
        """The database server's time (leases and ages go by it, not the station's)."""
        return self._services.db.now()

    def sign_in(self, what: str, name: str, pin: str) -> StaffMember:
        """A supervisor's name and PIN checked, the attempt written to the app log as
        ``what``; the services' refusal otherwise."""
        with logged_sign_in(what, name):
            return self._services.staff.authenticate(name, pin)

    def list_staff(self) -> list[StaffMember]:
        return self._services.staff.list_staff()

    def change_dealer(self, session_id: int, dealer: StaffMember,
                      supervisor: StaffMember) -> SessionInfo:
        return self._services.tables.change_dealer(session_id, dealer, supervisor)

    def must_move_lists(self) -> list[MustMoveList]:
        from dealer_app.services.must_move import must_move_lists

        return must_move_lists(self._services.db)

    def shift_report(self, *, now: datetime, generated_by: str) -> ShiftReport:
        from dealer_app.services.shift_report import shift_report

        return shift_report(self._services.db, now=now, generated_by=generated_by)
