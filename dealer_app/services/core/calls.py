"""Floor calls: a dealer calls the floor, a supervisor acknowledges ("on my way") and
resolves it with a note. Every step is stored and audited.

``CallService(db)``:
- ``raise_call(table_id, kind, reason, dealer, hand_id=None) -> FloorCallInfo``: the call
  names the table, its open session, the hand in progress (or ``hand_id``) and the dealer.
- ``acknowledge(call_id, supervisor) -> FloorCallInfo``; ``resolve(call_id, supervisor,
  note) -> FloorCallInfo`` (acknowledges too if nobody had). A supervisor only; a call is
  acknowledged and resolved once.
- ``call(call_id)``; ``open_calls(table_ids=None)`` (not resolved, oldest first);
  ``latest_call(table_id)`` (the table's newest call, for the dealer's window).
- ``call_response_times(session_id) -> list[CallResponse]``: called → acknowledged →
  resolved, in seconds, for the session report; ``calls_of_hand(hand_id)`` the same for the
  calls about one hand (its hand report); ``resolved_since(moment)`` the calls resolved
  since then, newest first (the floor view's history of the shift).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from dealer_app.services.core.common import audit, confirm_supervisor
from dealer_app.services.core.errors import PermissionRefused, Refusal
from dealer_app.services.core.types import HandStatus, StaffMember
from dealer_app.storage.database import Database
from dealer_app.storage.errors import (
    ConflictError,
    NotFoundError,
    StorageError,
)
from dealer_app.storage.models import FloorCall, GameTable, HandRow, TableSession
from dealer_app.text import tr, tr_noop
from dealer_app.words import duration_text

REASON_MAX = 200


class CallKind(StrEnum):
    MISMATCH = "mismatch"
    """F9: a shown hole card does not match the one recorded (rule 9.5)."""
    DISPUTE = "dispute"
    CHIPS = "chips"
    PLAYER = "player"
    OTHER = "other"

    @property
    def label(self) -> str:
        """The kind in the windows' language (``Dispute``, ``Hole-card mismatch``...)."""
        return tr(KIND_LABELS[self.value])


KIND_LABELS = {"mismatch": tr_noop("Hole-card mismatch"), "dispute": tr_noop("Dispute"),
               "chips": tr_noop("Chips"), "player": tr_noop("Player"),
               "other": tr_noop("Floor")}
"""Each kind of call in words, in English (shown with ``tr()``)."""


@dataclass(frozen=True, slots=True)
class FloorCallInfo:
    id: int
    table_id: int
    table_name: str
    session_id: int | None
    hand_id: int | None
    hand_number: int | None
    dealer: str
    kind: CallKind
    reason: str
    created_at: datetime
    acknowledged_at: datetime | None = None
    acknowledged_by: str | None = None
    resolved_at: datetime | None = None
    resolved_by: str | None = None
    resolution: str | None = None

    @property
    def state(self) -> str:
        """``called``, ``acknowledged`` or ``resolved``."""
        if self.resolved_at is not None:
            return "resolved"
        return "acknowledged" if self.acknowledged_at is not None else "called"


@dataclass(frozen=True, slots=True)
class CallResponse:
    """One call's response times (None: not reached yet)."""

    call_id: int
    table_name: str
    hand_number: int | None
    kind: CallKind
    reason: str
    created_at: datetime
    to_acknowledge: float | None
    """Seconds from the call to its acknowledgement."""
    to_resolve: float | None
    """Seconds from the call to its resolution."""
    acknowledged_by: str | None
    resolved_by: str | None
    resolution: str | None


def _info(row: FloorCall, table: str, number: int | None) -> FloorCallInfo:
    return FloorCallInfo(id=row.id, table_id=row.table_id, table_name=table,
                         session_id=row.session_id, hand_id=row.hand_id, hand_number=number,
                         dealer=row.dealer_name, kind=CallKind(row.kind), reason=row.reason,
                         created_at=row.created_at, acknowledged_at=row.acknowledged_at,
                         acknowledged_by=row.acknowledged_name, resolved_at=row.resolved_at,
                         resolved_by=row.resolved_name, resolution=row.resolution)


_SELECT = (select(FloorCall, GameTable.name, HandRow.number)
           .join(GameTable, GameTable.id == FloorCall.table_id)
           .outerjoin(HandRow, HandRow.id == FloorCall.hand_id))


_OPEN = _SELECT.where(FloorCall.resolved_at.is_(None)).order_by(FloorCall.id)
_OPEN_IN = (_SELECT.where(FloorCall.resolved_at.is_(None),
                          FloorCall.table_id.in_(bindparam("ids", expanding=True)))
            .order_by(FloorCall.id))
"""Built once: the floor view reads the open calls with every refresh."""


def open_calls_in(s: Session, table_ids: Collection[int] | None = None
                  ) -> list[FloorCallInfo]:
    """Calls not yet resolved, oldest first, read in the caller's transaction."""
    if table_ids is None:
        return [_info(*r) for r in s.execute(_OPEN)]
    return [_info(*r) for r in s.execute(_OPEN_IN, {"ids": list(table_ids)})]


def response_of(row: FloorCall, table: str, number: int | None) -> CallResponse:
    """A call's response times from its row."""
    ack = (row.acknowledged_at - row.created_at).total_seconds() \
        if row.acknowledged_at else None
    done = (row.resolved_at - row.created_at).total_seconds() if row.resolved_at else None
    return CallResponse(call_id=row.id, table_name=table, hand_number=number,
                        kind=CallKind(row.kind), reason=row.reason, created_at=row.created_at,
                        to_acknowledge=ack, to_resolve=done,
                        acknowledged_by=row.acknowledged_name, resolved_by=row.resolved_name,
                        resolution=row.resolution)


def _text(value: str, what: str) -> str:
    value = " ".join(str(value).split())
    if not value:
        raise StorageError(tr("{what} cannot be empty").format(what=what))
    if len(value) > REASON_MAX:
        raise StorageError(tr("{what} is {length} characters; at most {maximum}").format(
            what=what, length=len(value), maximum=REASON_MAX))
    return value


class CallService:
    def __init__(self, db: Database) -> None:
        self.db = db

    def raise_call(self, table_id: int, kind: CallKind | str, reason: str,
                   dealer: StaffMember, hand_id: int | None = None) -> FloorCallInfo:
        try:
            kind = CallKind(kind)
        except ValueError:
            raise StorageError(tr("{kind} is not a kind of call; one of {kinds}").format(
                kind=repr(kind), kinds=", ".join(k.value for k in CallKind))) from None
        why = _text(reason, tr("the reason of a call"))
        with self.db.transaction() as s:
            table = s.get(GameTable, table_id)
            if table is None:
                raise NotFoundError(tr("no table with id {id}").format(id=table_id))
            session = s.scalar(select(TableSession).where(
                TableSession.table_id == table_id, TableSession.closed_at.is_(None)))
            if hand_id is None:
                hand_id = s.scalar(select(HandRow.id).where(
                    HandRow.table_id == table_id,
                    HandRow.status == HandStatus.IN_PROGRESS.value)
                    .order_by(HandRow.id.desc()).limit(1))
            number = None
            if hand_id is not None:
                hand = s.get(HandRow, hand_id)
                if hand is None or hand.table_id != table_id:
                    raise NotFoundError(tr("table {table} has no hand with id {id}")
                                        .format(table=table.name, id=hand_id))
                number = hand.number
            now = self.db.now()
            row = FloorCall(table_id=table_id, session_id=session.id if session else None,
                            hand_id=hand_id, dealer_id=dealer.id, dealer_name=dealer.name,
                            kind=kind.value, reason=why, created_at=now)
            s.add(row)
            s.flush()
            audit(s, at=now, act="call-floor", staff=dealer, reason=why, table_id=table_id,
                  session_id=row.session_id, hand_id=hand_id,
                  detail={"call": row.id, "kind": kind.value, "hand": number})
            return _info(row, table.name, number)

    def acknowledge(self, call_id: int, supervisor: StaffMember) -> FloorCallInfo:
        """A supervisor is on the way."""
        self._supervisor(supervisor, tr_noop("acknowledging a call"))
        with self.db.transaction() as s:
            confirm_supervisor(s, supervisor, tr_noop("acknowledging a call"))
            row = self._call(s, call_id, lock=True)
            if row.acknowledged_at is not None:
                raise ConflictError(tr("{name} already acknowledged this call")
                                    .format(name=row.acknowledged_name))
            self._acknowledge(s, row, supervisor)
            return self._info_of(s, row)

    def resolve(self, call_id: int, supervisor: StaffMember, note: str) -> FloorCallInfo:
        """Closes a call with a note (and acknowledges it if nobody had)."""
        self._supervisor(supervisor, tr_noop("resolving a call"))
        why = _text(note, tr("the note of a resolved call"))
        with self.db.transaction() as s:
            confirm_supervisor(s, supervisor, tr_noop("resolving a call"))
            row = self._call(s, call_id, lock=True)
            if row.resolved_at is not None:
                raise ConflictError(tr("{name} already resolved this call")
                                    .format(name=row.resolved_name))
            if row.acknowledged_at is None:
                self._acknowledge(s, row, supervisor)
            now = self.db.now()
            row.resolved_at = now
            row.resolved_by = supervisor.id
            row.resolved_name = supervisor.name
            row.resolution = why
            audit(s, at=now, act="resolve-call", staff=supervisor, reason=why,
                  table_id=row.table_id, session_id=row.session_id, hand_id=row.hand_id,
                  detail={"call": row.id})
            return self._info_of(s, row)

    def call(self, call_id: int) -> FloorCallInfo:
        with self.db.read() as s:
            found = s.execute(_SELECT.where(FloorCall.id == call_id)).one_or_none()
            if found is None:
                raise NotFoundError(tr("no floor call with id {id}").format(id=call_id))
            return _info(*found)

    def open_calls(self, table_ids: Collection[int] | None = None) -> list[FloorCallInfo]:
        """Calls not yet resolved, oldest first."""
        with self.db.read() as s:
            return open_calls_in(s, table_ids)

    def latest_call(self, table_id: int) -> FloorCallInfo | None:
        with self.db.read() as s:
            found = s.execute(_SELECT.where(FloorCall.table_id == table_id)
                              .order_by(FloorCall.id.desc()).limit(1)).one_or_none()
            return None if found is None else _info(*found)

    def call_response_times(self, session_id: int) -> list[CallResponse]:
        """Every call of a session, oldest first, with its response times in seconds."""
        return self._responses(_SELECT.where(FloorCall.session_id == session_id)
                               .order_by(FloorCall.id))

    def calls_of_hand(self, hand_id: int) -> list[CallResponse]:
        """The calls about one hand, oldest first, with their response times."""
        return self._responses(_SELECT.where(FloorCall.hand_id == hand_id)
                               .order_by(FloorCall.id))

    def resolved_since(self, moment: datetime, limit: int = 200) -> list[CallResponse]:
        """The calls resolved since ``moment`` (the shift's history), newest first."""
        return self._responses(_SELECT.where(FloorCall.resolved_at >= moment)
                               .order_by(FloorCall.resolved_at.desc(), FloorCall.id.desc())
                               .limit(limit))

    def _responses(self, query: Any) -> list[CallResponse]:
        with self.db.read() as s:
            rows = s.execute(query).all()
        return [response_of(row, table, number) for row, table, number in rows]

    # ------------------------------------------------------------------ internals
    @staticmethod
    def _supervisor(staff: StaffMember, what: str) -> None:
        if not staff.is_supervisor:
            raise PermissionRefused(Refusal.NEEDS_SUPERVISOR, what=what, name=staff.name)

    def _acknowledge(self, s: Session, row: FloorCall, supervisor: StaffMember) -> None:
        now = self.db.now()
        row.acknowledged_at = now
        row.acknowledged_by = supervisor.id
        row.acknowledged_name = supervisor.name
        audit(s, at=now, act="acknowledge-call", staff=supervisor, table_id=row.table_id,
              session_id=row.session_id, hand_id=row.hand_id, detail={"call": row.id})

    @staticmethod
    def _call(s: Session, call_id: int, lock: bool = False) -> FloorCall:
        row = s.get(FloorCall, call_id, with_for_update=lock)
        if row is None:
            raise NotFoundError(tr("no floor call with id {id}").format(id=call_id))
        return row

    @staticmethod
    def _info_of(s: Session, row: FloorCall) -> FloorCallInfo:
        s.flush()
        table = s.get(GameTable, row.table_id)
        hand = s.get(HandRow, row.hand_id) if row.hand_id is not None else None
        return _info(row, table.name if table else "?", hand.number if hand else None)


def call_response_times(db: Database, session_id: int) -> list[CallResponse]:
    """The session's calls with their response times (for the session report)."""
    return CallService(db).call_response_times(session_id)


def response_line(call: CallResponse) -> str:
    """``Dispute · hand 12 — seat 3 disputes the pot · answered in 40 s by Sam · resolved in
    3 min: paid seat 3``: one call of the history, worded once for the floor view and the
    reports."""
    head = (tr("{kind} · hand {hand} — {reason}").format(
        kind=call.kind.label, hand=call.hand_number, reason=call.reason)
        if call.hand_number is not None else
        tr("{kind} — {reason}").format(kind=call.kind.label, reason=call.reason))
    parts = [head]
    if call.to_acknowledge is not None:
        parts.append(tr("answered in {time} by {name}").format(
            time=duration_text(call.to_acknowledge), name=call.acknowledged_by))
    else:
        parts.append(tr("not answered yet"))
    if call.to_resolve is not None:
        parts.append(tr("resolved in {time}: {note}").format(
            time=duration_text(call.to_resolve), note=call.resolution))
    return " · ".join(parts)
