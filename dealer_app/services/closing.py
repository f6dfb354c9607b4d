"""A table's closing (issue 21): the floor, or the table's dealer, announces the last hands
of the open session; the table shows CLOSING on the floor and in the shift figures until the
session is closed (or the announcement is taken back).

``ClosingService(db)``:
- ``announce(table_id, staff, reason="") -> Closing``: a supervisor, or the dealer of the
  table's open session; refused (``ConflictError``) for a table with no open session or one
  closing already;
- ``cancel(table_id, staff, reason="") -> None``: the same people; refused when the table is
  not closing;
- ``closing(table_id) -> Closing | None``.

Both acts are audit rows (``announce-closing``, ``cancel-closing``) naming the table and the
session, so they join the evidence ledger as every audited act does and, on PostgreSQL, the
change feed tells the floor views at once. A session's state is its latest such row:
:func:`closing_in` reads it for many sessions in one statement.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from dealer_app.services.core.common import audit
from dealer_app.services.core.errors import PermissionRefused, Refusal
from dealer_app.services.core.types import Role, StaffMember
from dealer_app.storage.database import Database
from dealer_app.storage.errors import ConflictError, NotFoundError
from dealer_app.storage.models import AuditEntry, GameTable, TableSession
from dealer_app.text import tr

ANNOUNCE = "announce-closing"
CANCEL = "cancel-closing"
ACTS = (ANNOUNCE, CANCEL)
REASON_MAX = 200


@dataclass(frozen=True, slots=True)
class Closing:
    """A table announced closing: when, by whom, why (may be empty)."""

    session_id: int
    at: datetime
    by: str
    reason: str


_CLOSING_ACTS = (select(AuditEntry.session_id, AuditEntry.act, AuditEntry.at,
                        AuditEntry.staff_name, AuditEntry.reason)
                 .where(AuditEntry.session_id.in_(bindparam("ids", expanding=True)),
                        AuditEntry.act.in_(ACTS))
                 .order_by(AuditEntry.id))
"""Built once: the floor reads it with every refresh of its tiles."""


def closing_in(s: Session, session_ids: Collection[int]) -> dict[int, Closing]:
    """The sessions of ``session_ids`` that are closing now (their latest closing act is an
    announcement), in one statement (the audit index on session and act)."""
    if not session_ids:
        return {}
    latest: dict[int, Any] = {}
    for row in s.execute(_CLOSING_ACTS, {"ids": list(session_ids)}):
        latest[row.session_id] = row
    return {sid: Closing(sid, r.at, r.staff_name, r.reason or "")
            for sid, r in latest.items() if r.act == ANNOUNCE}


class ClosingService:
    def __init__(self, db: Database) -> None:
        self.db = db

    def closing(self, table_id: int) -> Closing | None:
        with self.db.read() as s:
            session = self._open_session(s, table_id, must=False)
            if session is None:
                return None
            return closing_in(s, [session.id]).get(session.id)

    def announce(self, table_id: int, staff: StaffMember, reason: str = "") -> Closing:
        """The last hands of the table's open session are announced."""
        why = reason.strip()[:REASON_MAX]
        with self.db.transaction() as s:
            session = self._open_session(s, table_id)
            assert session is not None
            self._allowed(session, staff)
            known = closing_in(s, [session.id]).get(session.id)
            if known is not None:
                raise ConflictError(tr("{table} is closing already (announced by {name})")
                                    .format(table=self._name(s, table_id), name=known.by))
            now = self.db.now()
            audit(s, at=now, act=ANNOUNCE, staff=staff, reason=why or None,
                  table_id=table_id, session_id=session.id,
                  detail={"table": self._name(s, table_id)})
            return Closing(session.id, now, staff.name, why)

    def cancel(self, table_id: int, staff: StaffMember, reason: str = "") -> None:
        """The announcement is taken back: the table stays open."""
        why = reason.strip()[:REASON_MAX]
        with self.db.transaction() as s:
            session = self._open_session(s, table_id)
            assert session is not None
            self._allowed(session, staff)
            if session.id not in closing_in(s, [session.id]):
                raise ConflictError(tr("{table} is not closing").format(
                    table=self._name(s, table_id)))
            audit(s, at=self.db.now(), act=CANCEL, staff=staff, reason=why or None,
                  table_id=table_id, session_id=session.id,
                  detail={"table": self._name(s, table_id)})

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _name(s: Session, table_id: int) -> str:
        table = s.get(GameTable, table_id)
        if table is None:
            raise NotFoundError(tr("no table with id {id}").format(id=table_id))
        return table.name

    def _open_session(self, s: Session, table_id: int, must: bool = True
                      ) -> TableSession | None:
        """The table's open session; ``must``: in an act's transaction, held until its
        end (two announcements at once: the second sees the first)."""
        name = self._name(s, table_id)
        query = select(TableSession).where(TableSession.table_id == table_id,
                                           TableSession.closed_at.is_(None))
        session = s.scalar(query.with_for_update() if must else query)
        if session is None and must:
            raise ConflictError(tr("{table} is not open").format(table=name))
        return session

    @staticmethod
    def _allowed(session: TableSession, staff: StaffMember) -> None:
        """A supervisor, or the dealer of the session."""
        if staff.role is not Role.SUPERVISOR and staff.id != session.dealer_id:
            raise PermissionRefused(Refusal.CLOSING_NOT_DEALER, name=staff.name)
