"""Staff accounts, PINs and supervisor authorisation.

``StaffService(db)``:
- ``needs_first_supervisor() -> bool``: True on an empty database.
- ``add_staff(name, role, pin, by=None) -> StaffMember``: the first account must be a
  supervisor and needs no ``by``; later ones need a supervisor ``by``.
- ``authenticate(name, pin, attempt=None) -> StaffMember``: raises SignInError with
  one answer, after the same scrypt work, for an unknown name, a wrong PIN, a throttled and
  a locked account (``attempt``: what the PIN was for, audited with every refusal). The
  first 5 wrong PINs in a row cost nothing; after them each next try waits (5 s, 10 s, ...
  at most 5 min; a try before then is refused unchecked and not counted); the 100th in a row
  locks the account until a supervisor unlocks it (NIST SP 800-63B 5.2.2).
- ``require_supervisor(name, pin, reason, attempt=None) -> StaffMember``: authenticates a
  supervisor for one act and writes the audit row (who, when, why, the act, its hand or
  table); a dealer's PIN, or a PIN that must be changed first, is refused and audited.
- ``unlock(name, supervisor, reason) -> StaffMember``: a supervisor lifts another account's
  lock or wait (audited).
- ``recover(name, new_pin, reason, proof) -> StaffMember``: the last supervisor's way back
  (``dealer-app staff recover``): the caller proved the workstation's key or the database
  owner's role; audited.
- ``list_staff() -> list[StaffMember]``; ``locked_staff() -> dict[str, datetime | None]``.
- ``change_pin(name, old_pin, new_pin) -> StaffMember``: anyone, proving the old PIN (a
  wrong old PIN counts exactly as a failed sign-in does).
- ``reset_pin(name, new_pin, supervisor, reason) -> StaffMember``: a supervisor sets another
  member's PIN (a forgotten one). It also lifts that account's lock.
  Both check the new PIN for the member's role (length; not one digit repeated, not an
  ascending or descending run), refuse one equal to the old, and are audited (never with
  the PIN). A supervisor who signs in with an older PIN shorter than today's rule is marked
  ``pin_change_due``: every supervisor act is refused (``PinChangeRequired``) until the
  PIN is changed.

PINs are digits: 6–12 for a supervisor, 4–12 for a dealer; stored only as
``scrypt-k$<key id>$n$r$p$salt$hash``: scrypt (16-byte salt per account) over the HMAC of
the PIN under this workstation's PIN key (``storage/pepper.py``), which is never in the
database. Older ``scrypt$n$r$p$salt$hash`` hashes (no key) still sign in and are hashed
again with the key at their next right PIN. Checking a PIN reads the hash in a read
transaction, hashes outside any transaction, and writes the outcome in a short write
transaction: scrypt never holds SQLite's write lock. Every privileged act re-reads the
acting account from the database (``confirm_supervisor``). What a PIN may be and what wrong
PINs in a row cost are ``pin_rules.py``'s (importable from here too).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from dealer_app.services.core.common import (
    audit,
    confirm_supervisor,
    pin_change_required,
    require_supervisor_role,
    retrying,
    staff_member,
)
from dealer_app.services.core.errors import PermissionRefused, Refusal, SignInError
from dealer_app.services.core.types import Attempt, Role, StaffMember
from dealer_app.services.pin_rules import FREE_TRIES as FREE_TRIES
from dealer_app.services.pin_rules import LOCK_AFTER as LOCK_AFTER
from dealer_app.services.pin_rules import MAX_PIN as MAX_PIN
from dealer_app.services.pin_rules import MIN_PIN as MIN_PIN
from dealer_app.services.pin_rules import is_trivial as is_trivial
from dealer_app.services.pin_rules import pin_is_valid as pin_is_valid
from dealer_app.services.pin_rules import validate_pin, wait_after
from dealer_app.storage import ledger
from dealer_app.storage.database import Database
from dealer_app.storage.errors import ConflictError, StorageError
from dealer_app.storage.models import Checkpoint, Staff
from dealer_app.storage.pepper import PinKey, PinKeyError, load_pin_key, make_pin_key
from dealer_app.text import tr, tr_noop

WRONG = tr_noop("unknown name or wrong PIN")
"""The one answer to a wrong PIN, a name nobody has and an account that waits or is locked:
it does not tell which (README says that a try too soon after wrong PINs is refused)."""
SIGN_IN = Attempt()
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
KEYED = "scrypt-k"
"""The scheme of a hash keyed with the workstation's PIN key (``storage/pepper.py``)."""


def hash_pin(pin: str, salt: bytes | None = None, key: PinKey | None = None) -> str:
    """``scrypt-k$<key id>$n$r$p$salt$hash`` (with ``key``) or the older keyless
    ``scrypt$n$r$p$salt$hash``."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    secret = key.mix(pin) if key is not None else pin.encode("utf-8")
    digest = hashlib.scrypt(secret, salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32)
    head = f"{KEYED}${key.id}" if key is not None else "scrypt"
    return f"{head}${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def key_id_of(stored: str) -> str | None:
    """The PIN key a stored hash was made with (None: an older hash, made without one)."""
    scheme, _, rest = stored.partition("$")
    return rest.partition("$")[0] if scheme == KEYED else None


def check_pin(pin: str, stored: str, key: PinKey | None = None) -> bool:
    """Whether ``pin`` is the one ``stored`` was made from (a keyed hash needs its key)."""
    parts = stored.split("$")
    if parts[0] == "scrypt" and len(parts) == 6:
        secret, (n, r, p, salt, digest) = pin.encode("utf-8"), parts[1:]
    elif parts[0] == KEYED and len(parts) == 7 and key is not None and key.id == parts[1]:
        secret, (n, r, p, salt, digest) = key.mix(pin), parts[2:]
    else:
        return False
    got = hashlib.scrypt(secret, salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p),
                         dklen=len(digest) // 2)
    return hmac.compare_digest(got.hex(), digest)


def needs_new_hash(stored: str, key: PinKey | None) -> bool:
    """An older hash: made without this key, or at a lower work factor than today's."""
    if key is None or key_id_of(stored) != key.id:
        return True
    return int(stored.split("$")[2]) < SCRYPT_N


def _floor_keys(s: Session) -> set[str]:
    """The PIN keys the database's hashes were made with."""
    return {k for k in map(key_id_of, s.scalars(select(Staff.pin_hash))) if k is not None}


def _key_refusal(floor: set[str], key: PinKey | None) -> PinKeyError | None:
    """Why this workstation cannot check the database's PINs (None: it can)."""
    mine = {key.id} if key is not None else set()
    if not floor - mine:
        return None
    if len(floor) > 1:
        return PinKeyError(tr("the staff PINs of this database were hashed with {count} "
                              "different PIN keys ({keys}): every workstation of a floor "
                              "must hold the same one (dealer-app staff pin-key import)")
                           .format(count=len(floor), keys=", ".join(sorted(floor))))
    return PinKeyError(tr("this workstation does not hold the PIN key {key} the staff PINs "
                          "of this database were hashed with: import it from the floor's "
                          "first workstation (dealer-app staff pin-key export FILE there, "
                          "dealer-app staff pin-key import FILE here)")
                       .format(key=next(iter(floor))))


def _audit(s: Session, attempt: Attempt, *, at: datetime, act: str,
           staff: StaffMember | None = None, reason: str | None = None,
           detail: dict[str, object] | None = None) -> None:
    """An audit row of a PIN's outcome, with the hand, session or table it was typed for."""
    audit(s, at=at, act=act, staff=staff, reason=reason, detail=detail,
          hand_id=attempt.hand_id, session_id=attempt.session_id, table_id=attempt.table_id)


def _dummy_hash(key: PinKey | None) -> str:
    """A hash of no PIN (a random digest) at today's cost: an unknown name costs the same
    scrypt as a real account, and nothing needs hashing first."""
    head = f"{KEYED}${key.id}" if key is not None else "scrypt"
    return (f"{head}${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${secrets.token_hex(16)}"
            f"${secrets.token_hex(32)}")


class StaffService:
    def __init__(self, db: Database) -> None:
        self.db = db

    def needs_first_supervisor(self) -> bool:
        with self.db.transaction() as s:
            return not s.scalar(select(func.count()).select_from(Staff))

    def list_staff(self) -> list[StaffMember]:
        with self.db.read() as s:
            return [staff_member(r) for r in s.scalars(select(Staff).order_by(Staff.name))]

    def locked_staff(self) -> dict[str, datetime | None]:
        """Name → the time its next try may come, for every account that waits now after
        wrong PINs; None for an account locked until a supervisor unlocks it."""
        now = self.db.now()
        with self.db.read() as s:
            rows = s.scalars(select(Staff).where(
                (Staff.locked_until > now) | Staff.locked_at.is_not(None)).order_by(Staff.name))
            return {r.name: None if r.locked_at is not None else r.locked_until for r in rows}

    def _hashing_key(self) -> PinKey:
        """The PIN key new hashes are made with: this workstation's (made at the first PIN
        when the database holds none of another key)."""
        key = load_pin_key()
        with self.db.read() as s:
            refusal = _key_refusal(_floor_keys(s), key)
        if refusal is not None:
            raise refusal
        return key if key is not None else make_pin_key()

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
        pin_hash = hash_pin(pin, key=self._hashing_key())

        def add() -> StaffMember:
            with self.db.transaction() as s:
                now = self.db.now()
                first = not s.scalar(select(func.count()).select_from(Staff))
                if first and role is not Role.SUPERVISOR:
                    raise PermissionRefused(Refusal.FIRST_ACCOUNT)
                if not first:
                    if by is None:
                        raise PermissionRefused(Refusal.ADDING_STAFF)
                    confirm_supervisor(s, by, tr_noop("adding staff"))  # as stored, not as passed
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

    def authenticate(self, name: str, pin: str, attempt: Attempt | None = None) -> StaffMember:
        """The staff member if the PIN is right; else SignInError with one answer for
        an unknown name, a wrong PIN, an account that waits and a locked one, each after
        the same scrypt work, each audited with ``attempt`` (what the PIN was for).

        Three steps, so that the slow hash never holds the database's write lock: read the
        account (a read transaction), check the PIN (no transaction), write the outcome (a
        short write transaction that re-reads the account). A right PIN whose hash is older
        (no PIN key, a lower work factor) is hashed again with this workstation's key."""
        attempt = attempt or SIGN_IN
        typed = name.strip()
        key = load_pin_key()
        with self.db.read() as s:
            refusal = _key_refusal(_floor_keys(s), key)
            if refusal is not None:
                raise refusal  # the same for every name: it tells nothing of the account
            row = s.scalar(select(Staff).where(Staff.name == typed))
            found = None if row is None or not row.active else (
                row.id, row.pin_hash, row.locked_at is None and (
                    row.locked_until is None or row.locked_until <= self.db.now()))
        stored = found[1] if found is not None else _dummy_hash(key)
        right = check_pin(pin, stored, key) and found is not None
        fresh = None
        if right and found is not None and found[2] and needs_new_hash(stored, key):
            fresh = hash_pin(pin, key=key or make_pin_key())  # only once the PIN is known
        with self.db.transaction() as s:
            now = self.db.now()
            row = s.get(Staff, found[0], with_for_update=True) if found is not None else None
            if row is None or not row.active:
                _audit(s, attempt, at=now, act="pin-refused",
                       detail={"name": typed[:80], "why": "unknown name", "for": attempt.act})
                error = SignInError(Refusal.WRONG_PIN)
            elif row.pin_hash != stored:
                raise SignInError(Refusal.PIN_CHANGED_MEANWHILE)
            else:
                member = staff_member(row)
                held = ("locked" if row.locked_at is not None else "waiting"
                        if row.locked_until is not None and row.locked_until > now else None)
                if held is not None:  # refused unchecked; not counted
                    _audit(s, attempt, at=now, act="pin-refused", staff=member,
                           detail={"why": f"account {held}", "right_pin": right,
                                   "for": attempt.act, "in_a_row": row.failed_pins})
                    error = SignInError(Refusal.WRONG_PIN)
                elif right:
                    if self._signed_in(s, row, pin, fresh):  # the row changed: say why
                        _audit(s, attempt, at=now, act="sign-in", staff=member,
                               detail={"for": attempt.act, "rehashed": row.pin_hash != stored})
                    return member
                else:
                    error = self._wrong(s, row, member, attempt, now)
        raise error

    @staticmethod
    def _signed_in(s: Session, row: Staff, pin: str, fresh: str | None) -> bool:
        """Clears the wait and re-hashes an old hash; True when a chained column changed
        (the change is then audited: ``log verify`` pairs each change with its act)."""
        before = (row.locked_until, row.lockouts, row.pin_hash, row.pin_change_due)
        row.failed_pins = 0
        row.locked_until = None
        row.lockouts = 0
        if fresh is not None and not _floor_keys(s) - {key_id_of(fresh)}:
            row.pin_hash = fresh  # unless another station's key got there first
        due = row.role == Role.SUPERVISOR.value and not pin_is_valid(pin, Role.SUPERVISOR)
        if bool(row.pin_change_due) != due:
            row.pin_change_due = True if due else None
        return before != (row.locked_until, row.lockouts, row.pin_hash, row.pin_change_due)

    @staticmethod
    def _wrong(s: Session, row: Staff, member: StaffMember, attempt: Attempt,
               now: datetime) -> SignInError:
        row.failed_pins += 1
        if row.failed_pins >= LOCK_AFTER:
            row.locked_at = now
            row.locked_until = None
            _audit(s, attempt, at=now, act="account-locked", staff=member,
                   detail={"in_a_row": row.failed_pins, "for": attempt.act})
            ledger.request_checkpoint(s, f"staff {row.id} locked")
        else:
            wait = wait_after(row.failed_pins)
            row.locked_until = now + wait if wait else None
            _audit(s, attempt, at=now, act="wrong-pin", staff=member,
                   detail={"in_a_row": row.failed_pins, "for": attempt.act,
                           "wait_seconds": int(wait.total_seconds())})
        return SignInError(Refusal.WRONG_PIN)

    def unlock(self, name: str, supervisor: StaffMember, reason: str) -> StaffMember:
        """A supervisor lifts the lock or the wait of another account (and its count of
        wrong PINs). Audited with the reason."""
        if not reason or not reason.strip():
            raise PermissionRefused(Refusal.UNLOCK_NEEDS_REASON)
        with self.db.transaction() as s:
            confirm_supervisor(s, supervisor, tr_noop("unlocking an account"))
            row = s.scalar(select(Staff).where(Staff.name == name.strip()).with_for_update())
            if row is None:
                raise StorageError(tr("no staff member named {name}")
                                   .format(name=repr(name.strip())))
            if row.id == supervisor.id:
                raise PermissionRefused(Refusal.UNLOCK_OWN)
            now = self.db.now()
            was = row.locked_until if row.locked_until and row.locked_until > now else None
            detail = {"name": row.name, "was_locked_until": was.isoformat() if was else None,
                      "was_locked_at": row.locked_at.isoformat() if row.locked_at else None,
                      "wrong_in_a_row": row.failed_pins}
            self._release(row)
            member = staff_member(row)
            audit(s, at=now, act="unlock-account", staff=supervisor, reason=reason.strip(),
                  detail=detail)
            ledger.request_checkpoint(s, f"staff {row.id} unlocked")
            return member

    @staticmethod
    def _release(row: Staff) -> None:
        row.failed_pins = 0
        row.locked_until = None
        row.locked_at = None
        row.lockouts = 0

    def require_supervisor(self, name: str, pin: str, reason: str,
                           attempt: Attempt | None = None) -> StaffMember:
        """Authenticates a supervisor for one act; the audit records who, when, why and the
        act with its hand, session or table (``attempt``). A dealer's PIN, and a supervisor
        whose PIN must be changed first (``PinChangeRequired``), are refused and
        audited with the act too."""
        if not reason or not reason.strip():
            raise PermissionRefused(Refusal.ACT_NEEDS_REASON)
        attempt = attempt or Attempt("supervisor act")
        member = self.authenticate(name, pin, attempt)
        error: PermissionRefused | None = None
        with self.db.transaction() as s:
            row = s.get(Staff, member.id)
            if row is None or not row.active or row.role != Role.SUPERVISOR.value:
                why = "not a supervisor"
                error = PermissionRefused(Refusal.NOT_A_SUPERVISOR, name=member.name)
            elif row.pin_change_due:
                why = "PIN must be changed"
                error = pin_change_required(member.name)
            if error is not None:
                _audit(s, attempt, at=self.db.now(), act="permission-refused", staff=member,
                       reason=reason.strip(),
                       detail={"why": why, "for": attempt.act, "role": member.role.value})
            else:
                _audit(s, attempt, at=self.db.now(), act="supervisor-authorised",
                       staff=member, reason=reason.strip(),
                       detail={"for": attempt.act} if attempt.act != "supervisor act" else None)
        if error is not None:
            raise error
        return member

    def recover(self, name: str, new_pin: str, reason: str, proof: str) -> StaffMember:
        """The way back when no supervisor can sign in (every other one locked, or none):
        sets ``name``'s PIN, lifts its lock and wait. The caller has checked ``proof`` (the
        workstation's checkpoint key in the configuration folder, or the PostgreSQL owner's
        role) and names it; audited as ``recover-supervisor`` by "(command line)"."""
        if not reason or not reason.strip():
            raise PermissionRefused(Refusal.RECOVER_NEEDS_REASON)
        staff_id, real_name, role, stored = self._pin_row(name)
        if role is not Role.SUPERVISOR:
            raise PermissionRefused(Refusal.RECOVER_NOT_SUPERVISOR, name=real_name)
        validate_pin(new_pin, role)
        fresh = hash_pin(new_pin, key=self._hashing_key())
        with self.db.transaction() as s:
            others = s.scalars(select(Staff.name).where(
                Staff.role == Role.SUPERVISOR.value, Staff.active.is_(True),
                Staff.id != staff_id, Staff.locked_at.is_(None))).all()
            if others:
                raise PermissionRefused(Refusal.RECOVER_OTHERS_CAN, names=", ".join(others),
                                        name=real_name)
            row = s.get(Staff, staff_id, with_for_update=True)
            if row is None or row.pin_hash != stored:
                raise ConflictError(tr("the account changed meanwhile; nothing was changed"))
            now = self.db.now()
            detail = {"name": real_name, "proof": proof,
                      "was_locked_at": row.locked_at.isoformat() if row.locked_at else None,
                      "wrong_in_a_row": row.failed_pins}
            row.pin_hash = fresh
            row.pin_change_due = None
            self._release(row)
            audit(s, at=now, act="recover-supervisor", reason=reason.strip(), detail=detail)
            return staff_member(row)

    def recovery_proof(self) -> str:
        """What entitles the caller to ``recover``: on PostgreSQL the role that owns the
        staff table (or a superuser); else this workstation's checkpoint key, present in the
        configuration folder and the signer of the database's checkpoints. Raises
        PermissionRefused otherwise."""
        if self.db.engine.dialect.name == "postgresql":
            with self.db.read() as s:
                user, owner, superuser = s.execute(text(
                    "SELECT current_user, (SELECT tableowner FROM pg_tables WHERE "
                    "tablename = 'staff' AND schemaname = current_schema()), "
                    "(SELECT rolsuper FROM pg_roles WHERE rolname = current_user)")).one()
            if user == owner or superuser:
                return f"database owner role {user}"
            raise PermissionRefused(Refusal.RECOVER_OWNER_ROLE, user=user, owner=owner)
        notary = self.db.notary
        with self.db.read() as s:
            signers = set(s.scalars(select(Checkpoint.key_id).distinct()))
        if notary is None or (signers and notary.key_id not in signers):
            raise PermissionRefused(Refusal.RECOVER_KEY)
        return f"workstation key {notary.key_id}"

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
        failed sign-in (counted). The new PIN must fit the member's role and differ from
        the old; the hash is written only if the PIN was not changed meanwhile. Audited as
        ``change-pin`` (never the PIN)."""
        member = self.authenticate(name, old_pin, Attempt("change-pin"))  # counts a wrong one
        validate_pin(new_pin, member.role)
        if new_pin == old_pin:
            raise StorageError(tr("the new PIN is the same as the old one: choose another"))
        with self.db.read() as s:  # as it is now (the sign-in may have hashed it again)
            stored = s.scalar(select(Staff.pin_hash).where(Staff.id == member.id))
        return self._write_pin(member.id, stored or "", hash_pin(new_pin,
                                                                 key=self._hashing_key()),
                               "change-pin", member, None, {"name": member.name,
                                                            "role": member.role.value})

    def reset_pin(self, name: str, new_pin: str, supervisor: StaffMember,
                  reason: str) -> StaffMember:
        """A supervisor sets another member's PIN (one they forgot) and lifts its lock.
        Refused for the supervisor's own account (``change_pin`` proves the old PIN), for
        a PIN that does not fit the member's role, and for the PIN it already has."""
        why = require_supervisor_role(supervisor, reason, tr_noop("resetting a PIN"))
        staff_id, real_name, role, stored = self._pin_row(name)
        if staff_id == supervisor.id:
            raise PermissionRefused(Refusal.RESET_OWN)
        validate_pin(new_pin, role)
        key = self._hashing_key()
        if check_pin(new_pin, stored, key):
            raise StorageError(tr("that is already {name}'s PIN: choose another").format(
                name=real_name))
        return self._write_pin(staff_id, stored, hash_pin(new_pin, key=key), "reset-pin",
                               supervisor, why, {"name": real_name, "role": role.value})

    def _write_pin(self, staff_id: int, stored: str, new_hash: str, act: str,
                   by: StaffMember, reason: str | None,
                   detail: dict[str, object]) -> StaffMember:
        with self.db.transaction() as s:
            if act == "reset-pin":
                confirm_supervisor(s, by, tr_noop("resetting a PIN"))
            row = s.get(Staff, staff_id, with_for_update=True)
            if row is None or not row.active:
                raise StorageError(tr("the account was closed meanwhile; nothing was changed"))
            if row.pin_hash != stored:
                raise ConflictError(tr("the PIN was changed meanwhile; nothing was changed"))
            now = self.db.now()
            was = row.locked_until if row.locked_until and row.locked_until > now else None
            row.pin_hash = new_hash
            row.failed_pins = 0
            row.pin_change_due = None
            if act == "reset-pin":
                self._release(row)
                detail = {**detail, "was_locked_until": was.isoformat() if was else None}
            member = staff_member(row)
            audit(s, at=now, act=act, staff=by, reason=reason, detail=detail)
            ledger.request_checkpoint(s, f"staff {row.id} {act}")
            return member
