"""Dealer rotation and breaks: who is on shift, at which table, due for a push, on a break
or late back.

``RotationService(db)``:
- ``clock_in(dealer, by)``, ``clock_out(dealer, by)``: the dealer's shift starts or ends (a
  dealer still in the box at an open table is pushed out first).
- ``start_break(dealer, minutes, by)``, ``back(dealer, by)``: a break of the minutes planned
  (not while in the box), and the return from it.
- ``push_every()``, ``set_push_every(minutes, by)``: the floor's setting, a push every N
  minutes (a supervisor sets it; default :data:`PUSH_EVERY`).
- ``board(now=None) -> list[DealerDuty]``: every dealer on shift (and anybody dealing an open
  table), with the state as data: dealing (and the push due), due, free, on break, late back.
- ``box(session_id, now=None) -> BoxTime``: the session's dealer, since when in the box and
  when the next push is due (for the dealer's window).

Each event is one row of ``dealer_shift_event`` (written once, chained in the evidence
ledger) and an audit row. A push itself is the table's ``change-dealer``
(``TableService.change_dealer``): who deals a table is never kept twice.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from dealer_app.services.core.common import audit
from dealer_app.services.core.errors import PermissionRefused, Refusal
from dealer_app.services.core.types import Role, StaffMember
from dealer_app.storage.database import Database
from dealer_app.storage.errors import ConflictError, NotFoundError
from dealer_app.storage.models import (
    AuditEntry,
    DealerShiftEvent,
    GameTable,
    Staff,
    TableSession,
)
from dealer_app.text import tr

PUSH_EVERY = 30
"""Minutes between two pushes unless the floor set another interval."""
BREAK_MAX = 120
PUSH_MAX = 240
LOOK_BACK = timedelta(hours=36)
"""How far back a shift's events are read (no shift is longer)."""


class Duty(enum.Enum):
    """What a dealer on shift is doing now."""

    DEALING = "dealing"
    DUE = "due"
    """In the box for the push interval or longer."""
    FREE = "free"
    """On shift, at no table and not on a break: the next to push in."""
    BREAK = "break"
    LATE = "late"
    """On a break longer than planned."""


@dataclass(frozen=True, slots=True)
class DealerDuty:
    """One dealer on the board."""

    staff_id: int
    name: str
    duty: Duty
    since: datetime
    """Dealing: in the box since; break: since the break started; free: since free."""
    table: str | None = None
    due_at: datetime | None = None
    """Dealing or due: when the push is (was) due."""
    back_at: datetime | None = None
    """On a break: when the dealer is due back."""
    clocked_in: bool = True
    """False for a dealer dealing an open table without having clocked in."""
    session_id: int | None = None
    """Dealing or due: the open session dealt (a push changes its dealer)."""


@dataclass(frozen=True, slots=True)
class BoxTime:
    """A session's dealer in the box: since when, and when the next push is due."""

    dealer: str
    since: datetime
    push_at: datetime


@dataclass
class _Shift:
    on: bool = False
    since: datetime | None = None
    break_at: datetime | None = None
    back_at: datetime | None = None


def _shifts(s: Session, since: datetime) -> dict[int, _Shift]:
    """Each dealer's state from the events since ``since``, in order."""
    out: dict[int, _Shift] = {}
    for kind, staff_id, at, minutes in s.execute(
            select(DealerShiftEvent.kind, DealerShiftEvent.staff_id, DealerShiftEvent.at,
                   DealerShiftEvent.minutes)
            .where(DealerShiftEvent.at >= since, DealerShiftEvent.staff_id.is_not(None))
            .order_by(DealerShiftEvent.at, DealerShiftEvent.id)):
        if staff_id is None:
            continue
        shift = out.setdefault(staff_id, _Shift())
        if kind == "clock-in":
            out[staff_id] = _Shift(on=True, since=at)
        elif kind == "clock-out":
            out[staff_id] = _Shift()
        elif kind == "break":
            shift.break_at, shift.back_at = at, at + timedelta(minutes=minutes or 0)
        elif kind == "back":
            shift.break_at = shift.back_at = None
            shift.since = at
    return {k: v for k, v in out.items() if v.on}


def _in_box(s: Session) -> dict[int, tuple[int, str, datetime]]:
    """Session id -> (dealer id, table name, in the box since) for every open session."""
    rows = list(s.execute(select(TableSession.id, TableSession.dealer_id, GameTable.name,
                                 TableSession.opened_at)
                          .join(GameTable, GameTable.id == TableSession.table_id)
                          .where(TableSession.closed_at.is_(None))))
    if not rows:
        return {}
    changes = dict(s.execute(
        select(AuditEntry.session_id, func.max(AuditEntry.at))
        .where(AuditEntry.session_id.in_([r.id for r in rows]),
               AuditEntry.act == "change-dealer")
        .group_by(AuditEntry.session_id)).all())
    return {r.id: (int(r.dealer_id), str(r.name), changes.get(r.id) or r.opened_at)
            for r in rows}


def _check_minutes(minutes: object, most: int, what: str) -> int:
    if type(minutes) is not int or not 1 <= minutes <= most:
        raise ConflictError(tr("{what} must be 1 to {most} minutes, not {value}").format(
            what=what, most=most, value=repr(minutes)))
    return minutes


class RotationService:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ the setting
    def push_every(self) -> int:
        """Minutes between two pushes: the floor's latest setting, else :data:`PUSH_EVERY`."""
        with self.db.read() as s:
            return self._push_every(s)

    @staticmethod
    def _push_every(s: Session) -> int:
        value = s.scalar(select(DealerShiftEvent.minutes)
                         .where(DealerShiftEvent.kind == "push-every")
                         .order_by(DealerShiftEvent.at.desc(), DealerShiftEvent.id.desc())
                         .limit(1))
        return int(value) if value else PUSH_EVERY

    def set_push_every(self, minutes: int, by: StaffMember) -> int:
        if by.role is not Role.SUPERVISOR:
            raise PermissionRefused(Refusal.PUSH_INTERVAL, name=by.name)
        minutes = _check_minutes(minutes, PUSH_MAX, tr("the push interval"))
        with self.db.transaction() as s:
            self._event(s, "push-every", None, by, minutes)
        return minutes

    # ------------------------------------------------------------------ a dealer's shift
    def clock_in(self, dealer: StaffMember, by: StaffMember) -> None:
        with self.db.transaction() as s:
            self._dealer(s, dealer)
            if dealer.id in _shifts(s, self.db.now() - LOOK_BACK):
                raise ConflictError(tr("{name} is clocked in already").format(
                    name=dealer.name))
            self._event(s, "clock-in", dealer, by)

    def clock_out(self, dealer: StaffMember, by: StaffMember) -> None:
        with self.db.transaction() as s:
            self._on_shift(s, dealer)
            self._not_dealing(s, dealer, tr("{name} deals {table}: push them out before "
                                            "they clock out"))
            self._event(s, "clock-out", dealer, by)

    def start_break(self, dealer: StaffMember, minutes: int, by: StaffMember) -> None:
        minutes = _check_minutes(minutes, BREAK_MAX, tr("a break"))
        with self.db.transaction() as s:
            shift = self._on_shift(s, dealer)
            if shift.break_at is not None:
                raise ConflictError(tr("{name} is on a break already").format(
                    name=dealer.name))
            self._not_dealing(s, dealer, tr("{name} deals {table}: push them out before "
                                            "their break"))
            self._event(s, "break", dealer, by, minutes)

    def back(self, dealer: StaffMember, by: StaffMember) -> None:
        with self.db.transaction() as s:
            if self._on_shift(s, dealer).break_at is None:
                raise ConflictError(tr("{name} is not on a break").format(name=dealer.name))
            self._event(s, "back", dealer, by)

    # ------------------------------------------------------------------ reading
    def board(self, now: datetime | None = None) -> list[DealerDuty]:
        """Every dealer on shift or in a box: dealing and due first (longest in the box
        first), then free (longest free first), then on a break."""
        now = now or self.db.now()
        with self.db.read() as s:
            shifts = _shifts(s, now - LOOK_BACK)
            boxes = _in_box(s)
            every = timedelta(minutes=self._push_every(s))
            names = {int(i): str(n) for i, n in s.execute(select(Staff.id, Staff.name))}
        out: list[DealerDuty] = []
        dealing: set[int] = set()
        for session_id, (dealer_id, table, since) in boxes.items():
            dealing.add(dealer_id)
            due = since + every
            out.append(DealerDuty(dealer_id, names.get(dealer_id, "?"),
                                  Duty.DUE if now >= due else Duty.DEALING, since, table,
                                  due_at=due, clocked_in=dealer_id in shifts,
                                  session_id=session_id))
        for dealer_id, shift in shifts.items():
            if dealer_id in dealing:
                continue
            if shift.break_at is not None and shift.back_at is not None:
                out.append(DealerDuty(dealer_id, names.get(dealer_id, "?"),
                                      Duty.LATE if now > shift.back_at else Duty.BREAK,
                                      shift.break_at, back_at=shift.back_at))
            else:
                out.append(DealerDuty(dealer_id, names.get(dealer_id, "?"), Duty.FREE,
                                      shift.since or now))
        order = {Duty.DUE: 0, Duty.DEALING: 0, Duty.FREE: 1, Duty.LATE: 2, Duty.BREAK: 3}
        return sorted(out, key=lambda d: (order[d.duty], d.since, d.name))

    def box(self, session_id: int, now: datetime | None = None) -> BoxTime:
        with self.db.read() as s:
            found = _in_box(s).get(session_id)
            if found is None:
                raise NotFoundError(tr("no open session with id {id}").format(id=session_id))
            every = timedelta(minutes=self._push_every(s))
            name = s.scalar(select(Staff.name).where(Staff.id == found[0])) or "?"
        return BoxTime(dealer=name, since=found[2], push_at=found[2] + every)

    # ------------------------------------------------------------------ internals
    def _event(self, s: Session, kind: str, dealer: StaffMember | None, by: StaffMember,
               minutes: int | None = None) -> None:
        now = self.db.now()
        s.add(DealerShiftEvent(at=now, kind=kind, staff_id=dealer.id if dealer else None,
                               by_id=by.id, minutes=minutes))
        detail: dict[str, object] = {}
        if dealer is not None:
            detail.update(dealer=dealer.id, name=dealer.name)
        if minutes is not None:
            detail["minutes"] = minutes
        audit(s, at=now, act=f"dealer-{kind}", staff=by, detail=detail)

    @staticmethod
    def _dealer(s: Session, dealer: StaffMember) -> None:
        row = s.get(Staff, dealer.id)
        if row is None or not row.active:
            raise NotFoundError(tr("no active staff member {name}").format(name=dealer.name))

    def _on_shift(self, s: Session, dealer: StaffMember) -> _Shift:
        shift = _shifts(s, self.db.now() - LOOK_BACK).get(dealer.id)
        if shift is None:
            raise ConflictError(tr("{name} is not clocked in").format(name=dealer.name))
        return shift

    @staticmethod
    def _not_dealing(s: Session, dealer: StaffMember, message: str) -> None:
        for dealer_id, table, _ in _in_box(s).values():
            if dealer_id == dealer.id:
                raise ConflictError(message.format(name=dealer.name, table=table))

