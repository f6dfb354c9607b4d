"""Helpers shared by the services: audit rows, conversions from rows, retries."""

from __future__ import annotations

import itertools
import json
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from dealer_app.engine import Settings
from dealer_app.services.core.errors import (
    DualControlRequired,
    PermissionRefused,
    PinChangeRequired,
    Refusal,
)
from dealer_app.services.core.types import Role, SessionInfo, StaffMember, TableInfo
from dealer_app.storage.errors import (
    ConflictError,
    ConnectionLostError,
    StorageError,
)
from dealer_app.storage.models import AuditEntry, GameTable, Staff, TableSession
from dealer_app.text import tr

T = TypeVar("T")
log = logging.getLogger(__name__)
ProgressFn = Callable[[int, int], None]
"""``progress(done, total)``."""
CancelFn = Callable[[], bool]
"""Returns True to stop a long operation."""
CLI_ACTOR = "(command line)"
DEFAULT_CURRENCY = "EUR"


def currency_code(text: str | None) -> str:
    """A table's currency as an ISO 4217 code (three letters, upper case): ``sek`` → ``SEK``;
    empty → the default (EUR). Anything else is refused with a clear message."""
    code = (text or "").strip().upper()
    if not code:
        return DEFAULT_CURRENCY
    if len(code) != 3 or not code.isascii() or not code.isalpha():
        raise StorageError(tr("the currency must be a three-letter code such as EUR or SEK, "
                              "not {text}").format(text=repr(text)))
    return code


PLAYER_NAME_LENGTH = 80
"""The longest player's name (the ``seating.player`` and ``hand_player.player`` columns)."""


def player_name(text: str) -> str:
    """A player's name as seating and imports accept it: without the spaces around it, not
    empty, at most :data:`PLAYER_NAME_LENGTH` characters; else ``StorageError``."""
    name = text.strip()
    if not name:
        raise StorageError(tr("a player needs a name"))
    if len(name) > PLAYER_NAME_LENGTH:
        raise StorageError(tr("a player's name has at most {limit} characters, not "
                              "{length}").format(limit=PLAYER_NAME_LENGTH, length=len(name)))
    return name


def audit(session: Session, *, at: Any, act: str, staff: StaffMember | None = None,
          reason: str | None = None, detail: dict[str, Any] | None = None,
          table_id: int | None = None, session_id: int | None = None,
          hand_id: int | None = None) -> None:
    """Appends one audit row (in the caller's transaction)."""
    session.add(AuditEntry(at=at, staff_id=staff.id if staff else None,
                           staff_name=staff.name if staff else CLI_ACTOR, act=act,
                           reason=reason, detail_json=json.dumps(detail or {}, sort_keys=True),
                           table_id=table_id, session_id=session_id, hand_id=hand_id))


def require_supervisor_role(staff: StaffMember, reason: str | None, what: str) -> str:
    """Checks a supervisor act has a supervisor and a reason; returns the reason trimmed.
    ``what`` names the act in English marked with ``tr_noop`` (translated where shown)."""
    if staff.role is not Role.SUPERVISOR:
        raise PermissionRefused(Refusal.NEEDS_SUPERVISOR, what=what, name=staff.name)
    if reason is None or not reason.strip():
        raise PermissionRefused(Refusal.NEEDS_REASON, what=what)
    return reason.strip()


def confirm_supervisor(s: Session, staff: StaffMember, what: str) -> None:
    """Inside the act's own transaction: the account is still an active supervisor (it may
    have been changed since the PIN was checked)."""
    row = s.get(Staff, staff.id)
    if row is None or not row.active or row.role != Role.SUPERVISOR.value:
        raise PermissionRefused(Refusal.NO_LONGER_SUPERVISOR, what=what, name=staff.name)
    if row.pin_change_due:
        raise pin_change_required(staff.name)


def dual_control(s: Session, table_id: int | None, amount: int, supervisor: StaffMember,
                 second: StaffMember | None, what: str) -> StaffMember | None:
    """Inside the act's own transaction: an act of more than the table's dual-control amount
    (``game_table.dual_control_above``; 0 or NULL: off) needs ``second``, another active
    supervisor. Returns the second supervisor to record (None: not needed, none given)."""
    row = s.get(GameTable, table_id) if table_id is not None else None
    above = (row.dual_control_above or 0) if row is not None else 0
    if second is None:
        if above and abs(amount) > above:
            raise DualControlRequired(Refusal.SECOND_SUPERVISOR_NEEDED, what=what,
                                      amount=abs(amount), limit=above)
        return None
    if second.id == supervisor.id:
        raise DualControlRequired(Refusal.SECOND_SUPERVISOR_SAME, what=what,
                                  name=supervisor.name)
    confirm_supervisor(s, second, what)
    return second


def pin_change_required(name: str) -> PinChangeRequired:
    """The refusal of any supervisor act while the supervisor's PIN must be changed (an
    older PIN, shorter than today's rule of 6 to 12 digits)."""
    return PinChangeRequired(Refusal.PIN_CHANGE_REQUIRED, name=name)


def staff_member(row: Staff) -> StaffMember:
    return StaffMember(id=row.id, name=row.name, role=Role(row.role))


def settings_of(text: str) -> Settings:
    return Settings.from_dict(json.loads(text))


def table_info(row: GameTable) -> TableInfo:
    return TableInfo(id=row.id, name=row.name, settings=settings_of(row.settings_json),
                     currency=row.currency or DEFAULT_CURRENCY,
                     dual_control_above=row.dual_control_above or 0,
                     min_buy_in=row.min_buy_in or 0, max_buy_in=row.max_buy_in or 0)


def session_info(row: TableSession, table: GameTable, dealer: Staff) -> SessionInfo:
    return SessionInfo(id=row.id, table_id=table.id, table_name=table.name,
                       settings=settings_of(table.settings_json), dealer_id=dealer.id,
                       dealer=dealer.name, opened_at=row.opened_at, closed_at=row.closed_at,
                       currency=table.currency or DEFAULT_CURRENCY)


RECONNECT_FOR = 1.0
"""Seconds a write runs again on new connections after its connection to the server broke
(a blip: a killed connection is replaced at once) before it says the server is away."""
RECONNECT_PAUSES = (0.0, 0.05, 0.1, 0.2, 0.4)
"""The pauses before each new attempt (then the last, again): the first is at once."""


def reconnecting(operation: Callable[[], T], within: float = RECONNECT_FOR) -> T:
    """Runs ``operation`` (one whole transaction, safe to run again: it settles what a lost
    attempt may have stored) again on a new connection while its connection to the server
    breaks, for up to ``within`` seconds; then the last ``ConnectionLostError`` goes up."""
    deadline = time.monotonic() + within
    for attempt in itertools.count():
        try:
            return operation()
        except ConnectionLostError:
            pause = RECONNECT_PAUSES[min(attempt, len(RECONNECT_PAUSES) - 1)]
            if time.monotonic() + pause > deadline:
                raise
            log.info("connection to the database lost; trying again on a new one")
            time.sleep(pause)
    raise AssertionError("unreachable")


def retrying(operation: Callable[[], T], what: str, attempts: int = 5) -> T:
    """Runs ``operation`` (one whole transaction) again when a uniqueness constraint shows
    another process got there first."""
    for attempt in range(attempts):
        try:
            return operation()
        except IntegrityError as exc:
            if attempt == attempts - 1:
                raise ConflictError(tr("{what}: another program changed the same data; "
                                       "try again ({error})").format(what=what, error=exc.orig)
                                    ) from None
    raise AssertionError("unreachable")
