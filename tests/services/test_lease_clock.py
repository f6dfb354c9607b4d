"""Issue 19.6: lease expiry follows the database server's clock, not the workstation's. Two
Services with clocks set off the real time stand for two workstations."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from dealer_app.services import Services, SessionInfo, StaffMember
from dealer_app.services.leases import TableHeldError, database_time


def _skewed(db_url: str, seconds: float) -> Services:
    """A workstation whose clock is ``seconds`` ahead (negative: behind) of the real time."""
    return Services.open(db_url, clock=lambda: datetime.now(UTC) + timedelta(seconds=seconds))


@pytest.mark.parametrize(("holder_skew", "taker_skew"), [(-90, 0), (0, 90), (0, -90)])
def test_a_workstation_whose_clock_is_off_neither_loses_nor_takes_a_live_lease(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        boss: StaffMember, holder_skew: int, taker_skew: int) -> None:
    """Issue 19.6: a workstation 90 s slow lost its live lease to another without the confirm
    box (its heartbeat looked 90 s old). Lease times are the database server's now."""
    holder, taker = _skewed(db_url, holder_skew), _skewed(db_url, taker_skew)
    try:
        lease = holder.leases.acquire(session.table_id, "ws-a", "pit-1", dealer)
        assert holder.leases.heartbeat(session.table_id, "ws-a")
        with holder.db.read() as s:
            server_now = database_time(s)
        assert abs((lease.heartbeat_at - server_now).total_seconds()) < 10
        with pytest.raises(TableHeldError, match="last heard from [0-9] s ago"):
            taker.leases.acquire(session.table_id, "ws-b", "pit-2", boss)
        assert taker.review.audit(act="take-over-table") == []
        assert taker.leases.holder(session.table_id).workstation == "ws-a"  # type: ignore[union-attr]
        taken = taker.leases.acquire(session.table_id, "ws-b", "pit-2", boss, take_over=True)
        assert taken.workstation == "ws-b"  # on purpose it still can
        entry = taker.review.audit(act="take-over-table")[0]
        assert entry.detail["expired"] is False
    finally:
        holder.close()
        taker.close()


def test_database_time_is_the_servers_clock(svc: Services) -> None:
    with svc.db.read() as s:
        now = database_time(s)
    assert now.tzinfo is not None
    assert abs((now - datetime.now(UTC)).total_seconds()) < 30  # not the fake clock of 2025
