"""Staff accounts, PINs and supervisor authorisation.

``StaffService(db)``:
- ``needs_first_supervisor() -> bool``: True on an empty database.
- ``add_staff(name, role, pin, by=None) -> StaffMember``: the first account must be a
  supervisor and needs no ``by``; later ones need a supervisor ``by``.
- ``authenticate(name, pin) -> StaffMember``: raises AuthenticationError, or
  AccountLockedError after 5 wrong PINs in a row (for 5 minutes).
- ``require_supervisor(name, pin, reason) -> StaffMember``: authenticates a supervisor for
  one act and writes the audit row (who, when, why).
- ``list_staff() -> list[StaffMember]``.

PINs are 4–12 digits, stored only as ``scrypt$n$r$p$salt$hash`` (hashlib.scrypt, 16-byte
salt per account).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from sqlalchemy import func, select

from dealer_app.services.common import audit, retrying, staff_member
from dealer_app.services.types import Role, StaffMember
from dealer_app.storage.database import Database
from dealer_app.storage.errors import (
    AccountLockedError,
    AuthenticationError,
    ConflictError,
    PermissionDeniedError,
    StorageError,
)
from dealer_app.storage.models import Staff

MAX_WRONG_PINS = 5
LOCK_TIME = timedelta(minutes=5)
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P,
                            dklen=32)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def check_pin(pin: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
    except ValueError:
        return False
    if scheme != "scrypt":
        return False
    got = hashlib.scrypt(pin.encode("utf-8"), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                         p=int(p), dklen=len(digest) // 2)
    return hmac.compare_digest(got.hex(), digest)


def validate_pin(pin: str) -> None:
    if not (pin.isascii() and pin.isdigit() and 4 <= len(pin) <= 12):
        raise StorageError("a PIN is 4 to 12 digits")


class StaffService:
    def __init__(self, db: Database) -> None:
        self.db = db

    def needs_first_supervisor(self) -> bool:
        with self.db.transaction() as s:
            return not s.scalar(select(func.count()).select_from(Staff))

    def list_staff(self) -> list[StaffMember]:
        with self.db.transaction() as s:
            return [staff_member(r) for r in s.scalars(select(Staff).order_by(Staff.name))]

    def add_staff(self, name: str, role: Role | str, pin: str,
                  by: StaffMember | None = None) -> StaffMember:
        """Creates an account. Raises ConflictError for a name already taken."""
        name = name.strip()
        if not name or len(name) > 80:
            raise StorageError("a staff name is 1 to 80 characters")
        try:
            role = Role(role)
        except ValueError:
            raise StorageError(f"role must be dealer or supervisor, not {role!r}") from None
        validate_pin(pin)
        pin_hash = hash_pin(pin)

        def add() -> StaffMember:
            with self.db.transaction() as s:
                now = self.db.now()
                first = not s.scalar(select(func.count()).select_from(Staff))
                if first and role is not Role.SUPERVISOR:
                    raise PermissionDeniedError("the first account must be a supervisor")
                if not first and (by is None or by.role is not Role.SUPERVISOR):
                    raise PermissionDeniedError("adding staff needs a supervisor")
                if s.scalar(select(Staff.id).where(Staff.name == name)) is not None:
                    raise ConflictError(f"there is already a staff member named {name!r}")
                row = Staff(name=name, role=role.value, pin_hash=pin_hash, failed_pins=0,
                            active=True, created_at=now)
                s.add(row)
                s.flush()
                member = staff_member(row)
                audit(s, at=now, act="add-staff", staff=by or member,
                      detail={"name": name, "role": role.value, "first": first})
                return member

        return retrying(add, f"adding {name!r}")

    def authenticate(self, name: str, pin: str) -> StaffMember:
        """The staff member if the PIN is right. Wrong PINs are counted (and audited)."""
        with self.db.transaction() as s:
            row = s.scalar(select(Staff).where(Staff.name == name.strip()).with_for_update())
            if row is None or not row.active:
                hash_pin(pin)  # same work either way
                raise AuthenticationError(f"no staff member named {name!r}")
            now = self.db.now()
            if row.locked_until is not None and row.locked_until > now:
                minutes = max(1, round((row.locked_until - now).total_seconds() / 60))
                raise AccountLockedError(
                    f"{row.name} is locked after {MAX_WRONG_PINS} wrong PINs; "
                    f"try again in {minutes} min or ask a supervisor")
            if check_pin(pin, row.pin_hash):
                row.failed_pins = 0
                row.locked_until = None
                return staff_member(row)
            row.failed_pins += 1
            member = staff_member(row)
            if row.failed_pins >= MAX_WRONG_PINS:
                row.failed_pins = 0
                row.locked_until = now + LOCK_TIME
                audit(s, at=now, act="account-locked", staff=member,
                      detail={"minutes": int(LOCK_TIME.total_seconds() // 60)})
                error: AuthenticationError = AccountLockedError(
                    f"wrong PIN for {row.name}; the account is locked for "
                    f"{int(LOCK_TIME.total_seconds() // 60)} min")
            else:
                audit(s, at=now, act="wrong-pin", staff=member,
                      detail={"in_a_row": row.failed_pins})
                left = MAX_WRONG_PINS - row.failed_pins
                error = AuthenticationError(f"wrong PIN for {row.name} ({left} tries left)")
        raise error

    def require_supervisor(self, name: str, pin: str, reason: str) -> StaffMember:
        """Authenticates a supervisor for one act; the audit records who, when and why."""
        if not reason or not reason.strip():
            raise PermissionDeniedError("a supervisor act needs a reason")
        member = self.authenticate(name, pin)
        if member.role is not Role.SUPERVISOR:
            raise PermissionDeniedError(f"{member.name} is not a supervisor")
        with self.db.transaction() as s:
            audit(s, at=self.db.now(), act="supervisor-authorised", staff=member,
                  reason=reason.strip())
        return member
