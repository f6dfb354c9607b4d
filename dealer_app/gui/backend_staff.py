"""The dealer's backend's calls about people: the first supervisor, sign-in, a supervisor's
authorisation for one act, and the Staff box's accounts and PINs (each audited in the app's
log, never with a PIN). :class:`~dealer_app.gui.backend.Backend` is one of these."""

from __future__ import annotations

from datetime import datetime

from dealer_app.gui.toolkit.audit_log import logged_sign_in
from dealer_app.services import Services, StaffMember
from dealer_app.services.core.types import Attempt


class StaffCalls:
    """Staff accounts through the services; ``staff`` is who is signed in."""

    services: Services
    staff: StaffMember | None

    def needs_first_supervisor(self) -> bool:
        return self.services.staff.needs_first_supervisor()

    def create_first_supervisor(self, name: str, pin: str) -> StaffMember:
        with logged_sign_in("first supervisor account", name):
            self.staff = self.services.staff.add_staff(name, "supervisor", pin)
        return self.staff

    def sign_in(self, name: str, pin: str) -> StaffMember:
        with logged_sign_in("sign-in", name):
            self.staff = self.services.staff.authenticate(name, pin)
        return self.staff

    def supervisor(self, name: str, pin: str, reason: str,
                   attempt: Attempt | None = None) -> StaffMember:
        """A supervisor's authorisation for one act (audited, a refusal with ``attempt``)."""
        with logged_sign_in("supervisor authorisation", name, reason):
            return self.services.staff.require_supervisor(name, pin, reason, attempt)

    def add_dealer(self, name: str, pin: str, supervisor: StaffMember) -> StaffMember:
        return self.services.staff.add_staff(name, "dealer", pin, by=supervisor)

    def add_staff(self, name: str, role: str, pin: str,
                  supervisor: StaffMember) -> StaffMember:
        """A new dealer or supervisor account, added by ``supervisor`` (audited)."""
        return self.services.staff.add_staff(name, role, pin, by=supervisor)

    def list_staff(self) -> list[StaffMember]:
        return self.services.staff.list_staff()

    def locked_staff(self) -> dict[str, datetime | None]:
        """Name → locked until, for the accounts locked now."""
        return self.services.staff.locked_staff()

    def unlock_staff(self, name: str, supervisor: StaffMember) -> StaffMember:
        """A supervisor lifts another account's lock (audited)."""
        return self.services.staff.unlock(name, supervisor, "unlocked in the Staff box")

    def change_pin(self, name: str, old_pin: str, new_pin: str) -> StaffMember:
        """A member replaces their own PIN, proving the old one (a wrong one is counted as
        a failed sign-in); audited without the PIN."""
        with logged_sign_in("PIN change", name):
            return self.services.staff.change_pin(name, old_pin, new_pin)

    def reset_pin(self, name: str, new_pin: str, supervisor: StaffMember,
                  reason: str) -> StaffMember:
        """A supervisor sets another member's PIN and lifts its lock (audited)."""
        return self.services.staff.reset_pin(name, new_pin, supervisor, reason)
