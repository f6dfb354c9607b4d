"""Staff accounts, PINs and supervisor authorisation.

``StaffService(db)``:
- ``needs_first_supervisor() -> bool``: True on an empty database.
- ``add_staff(name, role, pin, by=None) -> StaffMember``: the first account must be a
  supervisor and needs no ``by``; later ones need a supervisor ``by``.
- ``authenticate(name, pin) -> StaffMember``: raises AuthenticationError (the same words
  for an unknown name as for a wrong PIN), or AccountLockedError after 5 wrong PINs in a
  row: locked for 5 minutes, then 10, 20, ... (doubling with each lock in a row, at most a
  day) until a right PIN or a supervisor's unlock.
- ``require_supervisor(name, pin, reason) -> StaffMember``: authenticates a supervisor for
  one act and writes the audit row (who, when, why).
- ``unlock(name, supervisor, reason) -> StaffMember``: a supervisor lifts another account's
  lock (audited).
- ``list_staff() -> list[StaffMember]``; ``locked_staff() -> dict[str, datetime]``.
- ``change_pin(name, old_pin, new_pin) -> StaffMember``: anyone, proving the old PIN (a
  wrong old PIN counts toward the lock exactly as a failed sign-in does).
- ``reset_pin(name, new_pin, supervisor, reason) -> StaffMember``: a supervisor sets another
  member's PIN (a forgotten one). It also lifts that account's lock: the supervisor has the
  person in front of them, and a forgotten PIN is what locked it.
  Both check the new PIN for the member's role, refuse one equal to the old, and are
  audited (never with the PIN). ``pin_is_valid(pin, role)`` tells a sign-in with an older,
  now too short, PIN: it still signs in, and the windows ask for a new one.

PINs are digits: 6–12 for a supervisor, 4–12 for a dealer; stored only as
``scrypt$n$r$p$salt$hash`` (hashlib.scrypt, 16-byte salt per account). Checking a PIN reads
the hash in a read transaction, hashes outside any transaction, and writes the outcome in a
short write transaction: scrypt never holds SQLite's write lock. Every privileged act
re-reads the acting account from the database (``confirm_supervisor``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta

from sqlalchemy import func, select

from dealer_app.services.common import (
    audit,
    confirm_supervisor,
    require_supervisor_role,
    retrying,
    staff_member,
)
from dealer_app.services.types import Role, StaffMember
from dealer_app.storage import ledger
from dealer_app.storage.database import Database
from dealer_app.storage.errors import (
    AccountLockedError,
    AuthenticationError,
    ConflictError,
    PermissionDeniedError,
    StorageError,
)
from dealer_app.storage.models import Staff
from dealer_app.text import tr, tr_noop

MAX_WRONG_PINS = 5
LOCK_TIME = timedelta(minutes=5)
"""The first lock; each further lock in a row lasts twice the one before."""
MAX_LOCK_TIME = timedelta(hours=24)
MIN_PIN = {Role.DEALER: 4, Role.SUPERVISOR: 6}
MAX_PIN = 12
WRONG = tr_noop("unknown name or wrong PIN")
"""The one answer to a wrong PIN and to a name nobody has: it does not tell which."""
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


def validate_pin(pin: str, role: Role = Role.DEALER) -> None:
    """A supervisor's PIN is 6 to 12 digits, a dealer's 4 to 12."""
    low = MIN_PIN[role]
    if not (pin.isascii() and pin.isdigit() and low <= len(pin) <= MAX_PIN):
        raise StorageError((tr("a dealer's PIN is {low} to {high} digits") if role is Role.DEALER
                            else tr("a supervisor's PIN is {low} to {high} digits"))
                           .format(low=low, high=MAX_PIN))


def pin_is_valid(pin: str, role: Role) -> bool:
    """Whether ``pin`` meets today's rule for ``role`` (an older supervisor PIN may not)."""
    try:
        validate_pin(pin, role)
    except StorageError:
        return False
    return True


def lock_time(lockouts: int) -> timedelta:
    """How long the ``lockouts``-th lock in a row lasts: 5 min, 10, 20, ... at most a day."""
    return min(LOCK_TIME * (1 << max(0, min(lockouts - 1, 20))), MAX_LOCK_TIME)


def _minutes(span: timedelta) -> str:
    minutes = max(1, round(span.total_seconds() / 60))
    return f"{minutes} min" if minutes < 120 else f"{minutes // 60} h {minutes % 60:02d} min"


class StaffService:
    def __init__(self, db: Database) -> None:
        self.db = db

    def needs_first_supervisor(self) -> bool:
        with self.db.transaction() as s:
            return not s.scalar(select(func.count()).select_from(Staff))

    def list_staff(self) -> list[StaffMember]:
        with self.db.read() as s:
            return [staff_member(r) for r in s.scalars(select(Staff).order_by(Staff.name))]

    def locked_staff(self) -> dict[str, datetime]:
        """Name → locked until, for every account locked now."""
        now = self.db.now()
        with self.db.read() as s:
            return {r.name: r.locked_until for r in s.scalars(
                select(Staff).where(Staff.locked_until > now).order_by(Staff.name))
                if r.locked_until is not None}

    def add_staff(self, name: str, role: Role | str, pin: str,
                  by: StaffMember | None = None) -> StaffMember:
        """Creates an account. Raises ConflictError for a name already taken."""
        name = name.strip()
        if not name or len(name) > 80:
            raise StorageError(tr("a staff name is 1 to 80 characters"))
        try:
            role = Role(role)
        except ValueError:
            raise StorageError(tr("role must be dealer or supervisor, not {role}")
                               .format(role=repr(role))) from None
        validate_pin(pin, role)
        pin_hash = hash_pin(pin)

        def add() -> StaffMember:
            with self.db.transaction() as s:
                now = self.db.now()
                first = not s.scalar(select(func.count()).select_from(Staff))
                if first and role is not Role.SUPERVISOR:
                    raise PermissionDeniedError(tr("the first account must be a supervisor"))
                if not first:
                    if by is None:
                        raise PermissionDeniedError(tr("adding staff needs a supervisor"))
                    confirm_supervisor(s, by, tr("adding staff"))  # as stored, not as passed
                if s.scalar(select(Staff.id).where(Staff.name == name)) is not None:
                    raise ConflictError(tr("there is already a staff member named {name}")
                                        .format(name=repr(name)))
                row = Staff(name=name, role=role.value, pin_hash=pin_hash, failed_pins=0,
                            active=True, created_at=now)
                s.add(row)
                s.flush()
                member = staff_member(row)
                audit(s, at=now, act="add-staff", staff=by or member,
                      detail={"name": name, "role": role.value, "first": first})
                ledger.request_checkpoint(s, f"staff {row.id} added")
                return member

        return retrying(add, tr("adding {name}").format(name=repr(name)))

    def authenticate(self, name: str, pin: str) -> StaffMember:
        """The staff member if the PIN is right. Wrong PINs are counted (and audited).

        Three steps, so that the slow hash never holds the database's write lock: read the
        account (a read transaction), check the PIN (no transaction), write the outcome (a
        short write transaction that re-reads the account)."""
        with self.db.read() as s:
            row = s.scalar(select(Staff).where(Staff.name == name.strip()))
            found = None if row is None or not row.active else (
                row.id, row.name, row.pin_hash, row.locked_until)
        if found is None:
            hash_pin(pin)  # the same work and the same answer as a wrong PIN
            raise AuthenticationError(tr(WRONG))
        staff_id, real_name, stored, locked_until = found
        now = self.db.now()
        if locked_until is not None and locked_until > now:
            raise self._locked(real_name, locked_until - now)
        right = check_pin(pin, stored)
        with self.db.transaction() as s:
            row = s.get(Staff, staff_id, with_for_update=True)
            now = self.db.now()
            if row is None or not row.active:
                raise AuthenticationError(tr(WRONG))
            if row.locked_until is not None and row.locked_until > now:
                raise self._locked(row.name, row.locked_until - now)  # locked meanwhile
            if row.pin_hash != stored:
                raise AuthenticationError(tr("the PIN was changed meanwhile: type it again"))
            member = staff_member(row)
            if right:
                row.failed_pins = 0
                row.locked_until = None
                row.lockouts = 0
                return member
            row.failed_pins += 1
            if row.failed_pins >= MAX_WRONG_PINS:
                row.failed_pins = 0
                row.lockouts = (row.lockouts or 0) + 1
                span = lock_time(row.lockouts)
                row.locked_until = now + span
                audit(s, at=now, act="account-locked", staff=member,
                      detail={"minutes": int(span.total_seconds() // 60),
                              "lock_in_a_row": row.lockouts})
                ledger.request_checkpoint(s, f"staff {row.id} locked")
                error: AuthenticationError = AccountLockedError(
                    tr("unknown name or wrong PIN; after {count} wrong PINs {name} is locked "
                       "for {time}, or until a supervisor unlocks it")
                    .format(count=MAX_WRONG_PINS, name=row.name, time=_minutes(span)))
            else:
                audit(s, at=now, act="wrong-pin", staff=member,
                      detail={"in_a_row": row.failed_pins})
                error = AuthenticationError(tr(WRONG))
        raise error

    @staticmethod
    def _locked(name: str, left: timedelta) -> AccountLockedError:
        return AccountLockedError(
            tr("{name} is locked after {count} wrong PINs; try again in {time} or ask a "
               "supervisor to unlock it").format(name=name, count=MAX_WRONG_PINS,
                                                  time=_minutes(left)))

    def unlock(self, name: str, supervisor: StaffMember, reason: str) -> StaffMember:
        """A supervisor lifts the lock of another account (and its count of wrong PINs and of
        locks in a row). Audited with the reason."""
        if not reason or not reason.strip():
            raise PermissionDeniedError(tr("unlocking an account needs a reason"))
        with self.db.transaction() as s:
            confirm_supervisor(s, supervisor, tr("unlocking an account"))
            row = s.scalar(select(Staff).where(Staff.name == name.strip()).with_for_update())
            if row is None:
                raise StorageError(tr("no staff member named {name}")
                                   .format(name=repr(name.strip())))
            if row.id == supervisor.id:
                raise PermissionDeniedError(tr("another supervisor unlocks your own account"))
            now = self.db.now()
            was = row.locked_until if row.locked_until and row.locked_until > now else None
            row.failed_pins = 0
            row.locked_until = None
            row.lockouts = 0
            member = staff_member(row)
            audit(s, at=now, act="unlock-account", staff=supervisor, reason=reason.strip(),
                  detail={"name": row.name, "was_locked_until":
                          was.isoformat() if was else None})
            ledger.request_checkpoint(s, f"staff {row.id} unlocked")
            return member

    def require_supervisor(self, name: str, pin: str, reason: str) -> StaffMember:
        """Authenticates a supervisor for one act; the audit records who, when and why."""
        if not reason or not reason.strip():
            raise PermissionDeniedError(tr("a supervisor act needs a reason"))
        member = self.authenticate(name, pin)
        if member.role is not Role.SUPERVISOR:
            raise PermissionDeniedError(tr("{name} is not a supervisor").format(name=member.name))
        with self.db.transaction() as s:
            confirm_supervisor(s, member, tr("a supervisor act"))
            audit(s, at=self.db.now(), act="supervisor-authorised", staff=member,
                  reason=reason.strip())
        return member

    # ------------------------------------------------------------------ PIN changes
    def _pin_row(self, name: str) -> tuple[int, str, Role, str]:
        """(id, name, role, stored hash) of an active account, read outside any write."""
        with self.db.read() as s:
            row = s.scalar(select(Staff).where(Staff.name == name.strip()))
            if row is None or not row.active:
                raise StorageError(tr("no active staff member named {name}").format(
                    name=repr(name.strip())))
            return row.id, row.name, Role(row.role), row.pin_hash

    def change_pin(self, name: str, old_pin: str, new_pin: str) -> StaffMember:
        """A staff member replaces their own PIN, proving the old one. A wrong old PIN is a
        failed sign-in (counted, and it locks the account after 5 in a row). The new PIN
        must fit the member's role and differ from the old; the hash is written only if
        the PIN was not changed meanwhile. Audited as ``change-pin`` (never the PIN)."""
        with self.db.read() as s:
            stored = s.scalar(select(Staff.pin_hash).where(Staff.name == name.strip()))
        member = self.authenticate(name, old_pin)  # counts a wrong old PIN
        validate_pin(new_pin, member.role)
        if new_pin == old_pin:
            raise StorageError(tr("the new PIN is the same as the old one: choose another"))
        return self._write_pin(member.id, stored or "", hash_pin(new_pin), "change-pin",
                               member, None, {"name": member.name,
                                              "role": member.role.value})

    def reset_pin(self, name: str, new_pin: str, supervisor: StaffMember,
                  reason: str) -> StaffMember:
        """A supervisor sets another member's PIN (one they forgot) and lifts its lock.
        Refused for the supervisor's own account (``change_pin`` proves the old PIN), for
        a PIN that does not fit the member's role, and for the PIN it already has."""
        why = require_supervisor_role(supervisor, reason, tr("resetting a PIN"))
        staff_id, real_name, role, stored = self._pin_row(name)
        if staff_id == supervisor.id:
            raise PermissionDeniedError(tr("change your own PIN with Change my PIN (it asks for "
                                           "the old one), or ask another supervisor"))
        validate_pin(new_pin, role)
        if check_pin(new_pin, stored):
            raise StorageError(tr("that is already {name}'s PIN: choose another").format(
                name=real_name))
        return self._write_pin(staff_id, stored, hash_pin(new_pin), "reset-pin", supervisor,
                               why, {"name": real_name, "role": role.value})

    def _write_pin(self, staff_id: int, stored: str, new_hash: str, act: str,
                   by: StaffMember, reason: str | None,
                   detail: dict[str, object]) -> StaffMember:
        with self.db.transaction() as s:
            if act == "reset-pin":
                confirm_supervisor(s, by, tr("resetting a PIN"))
            row = s.get(Staff, staff_id, with_for_update=True)
            if row is None or not row.active:
                raise StorageError(tr("the account was closed meanwhile; nothing was changed"))
            if row.pin_hash != stored:
                raise ConflictError(tr("the PIN was changed meanwhile; nothing was changed"))
            now = self.db.now()
            was = row.locked_until if row.locked_until and row.locked_until > now else None
            row.pin_hash = new_hash
            row.failed_pins = 0
            if act == "reset-pin":
                row.locked_until = None
                row.lockouts = 0
                detail = {**detail, "was_locked_until": was.isoformat() if was else None}
            member = staff_member(row)
            audit(s, at=now, act=act, staff=by, reason=reason, detail=detail)
            ledger.request_checkpoint(s, f"staff {row.id} {act}")
            return member
