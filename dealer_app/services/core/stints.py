"""A session belongs to every dealer who dealt it: each dealer's stint.

``dealer_stints(db, session_id) -> list[DealerStint]``: who dealt from when to when, the
hands they started (void hands counted apart) and their pace in hands per hour. The stints
follow from the session's opening and its ``change-dealer`` audit rows (a dealer who took
over, or a table re-opened by another dealer); a change to the dealer already dealing starts
no new stint.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from dealer_app.services.core.types import HandStatus
from dealer_app.storage.database import Database
from dealer_app.storage.errors import NotFoundError
from dealer_app.storage.models import AuditEntry, HandRow, Staff, TableSession
from dealer_app.text import tr


@dataclass(frozen=True, slots=True)
class DealerStint:
    """One dealer's uninterrupted time dealing a session."""

    dealer_id: int
    dealer: str
    started_at: datetime
    ended_at: datetime | None
    """None while the dealer is still dealing (the session is open)."""
    hands: int
    """Hands started in the stint, void hands not counted."""
    void: int
    """Void hands started in the stint."""
    until: datetime
    """``ended_at``, or the time the stint was measured at while it goes on."""

    @property
    def hours(self) -> float:
        return max((self.until - self.started_at).total_seconds(), 0.0) / 3600

    @property
    def hands_per_hour(self) -> float | None:
        """None for a stint shorter than a minute (no meaningful pace)."""
        hours = self.hours
        return self.hands / hours if hours >= 1 / 60 else None

    def pace(self) -> str:
        """``42.5`` hands per hour, or ``—``."""
        value = self.hands_per_hour
        return "—" if value is None else f"{value:,.1f}"

    def duration(self) -> str:
        """``2 h 05 min``."""
        minutes = int(round(self.hours * 60))
        return tr("{hours} h {minutes} min").format(hours=minutes // 60,
                                                    minutes=f"{minutes % 60:02d}")


def dealer_stints(db: Database, session_id: int) -> list[DealerStint]:
    """Each dealer's stints in one session, in order."""
    now = db.now()
    with db.read() as s:
        session = s.get(TableSession, session_id)
        if session is None:
            raise NotFoundError(f"no session with id {session_id}")
        changes = list(s.execute(
            select(AuditEntry.at, AuditEntry.detail_json)
            .where(AuditEntry.session_id == session_id, AuditEntry.act == "change-dealer")
            .order_by(AuditEntry.at, AuditEntry.id)))
        names = {int(i): str(n) for i, n in s.execute(select(Staff.id, Staff.name))}
        hands = [(at, str(status)) for at, status in s.execute(
            select(HandRow.started_at, HandRow.status)
            .where(HandRow.session_id == session_id).order_by(HandRow.started_at))]
        opened, closed, current = session.opened_at, session.closed_at, session.dealer_id
    # the dealer of each period: the first change's "from", then each change's "to"
    periods: list[tuple[int, datetime]] = []
    first = current
    parsed = []
    for at, detail_json in changes:
        detail = json.loads(detail_json or "{}")
        parsed.append((at, detail))
    if parsed and isinstance(parsed[0][1].get("from"), int):
        first = int(parsed[0][1]["from"])
    periods.append((first, opened))
    for at, detail in parsed:
        to = detail.get("to")
        if isinstance(to, int) and to != periods[-1][0]:
            periods.append((to, at))
    stints: list[DealerStint] = []
    for i, (dealer_id, start) in enumerate(periods):
        end = periods[i + 1][1] if i + 1 < len(periods) else closed
        until = end if end is not None else max(now, start)
        last = i + 1 == len(periods)
        inside = [st for at, st in hands
                  if at >= start and (last or at < until)]
        void = sum(1 for st in inside if st == HandStatus.VOID.value)
        stints.append(DealerStint(dealer_id=dealer_id,
                                  dealer=names[dealer_id] if dealer_id in names
                                  else tr("staff #{id}").format(id=dealer_id),
                                  started_at=start, ended_at=end, hands=len(inside) - void,
                                  void=void, until=until))
    return stints
