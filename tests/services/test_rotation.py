"""Issue 21: dealers clock in and out and take breaks (insert-only rows, chained); the floor
sees who deals where, who is due for a push (a floor setting), who is free, on a break or
late back; a push is the table's change of dealer."""

from __future__ import annotations

from datetime import timedelta

import pytest
from storage.helpers import FakeClock

from dealer_app.services import (
    ConflictError,
    PermissionRefused,
    Role,
    Services,
    SessionInfo,
    StaffMember,
)
from dealer_app.services.rotation import PUSH_EVERY, Duty, RotationService
from dealer_app.storage.models.chained import CHAINED, IMMUTABLE


def test_the_board_follows_shifts_breaks_and_pushes(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        clock: FakeClock) -> None:
    rota = RotationService(svc.db)
    eve = svc.staff.add_staff("Eve", Role.DEALER, "2468", by=boss)
    assert rota.push_every() == PUSH_EVERY
    with pytest.raises(PermissionRefused):
        rota.set_push_every(20, dealer)
    with pytest.raises(ConflictError, match="1 to 240"):
        rota.set_push_every(0, boss)
    assert rota.set_push_every(20, boss) == 20
    rota.clock_in(dealer, boss)
    rota.clock_in(eve, boss)
    with pytest.raises(ConflictError, match="clocked in already"):
        rota.clock_in(eve, boss)
    with pytest.raises(ConflictError, match="push them out"):
        rota.start_break(dealer, 15, boss)
    board = {d.name: d for d in rota.board()}
    assert board["Dana"].duty is Duty.DEALING and board["Dana"].table == "Table 3"
    assert board["Eve"].duty is Duty.FREE
    box = rota.box(session.id)
    assert box.dealer == "Dana" and box.push_at - box.since == timedelta(minutes=20)
    clock.advance(minutes=20)
    assert {d.name: d.duty for d in rota.board()}["Dana"] is Duty.DUE
    # the push: a change of dealer at the table
    svc.tables.change_dealer(session.id, eve, boss)
    board = {d.name: d for d in rota.board()}
    assert board["Eve"].duty is Duty.DEALING and board["Dana"].duty is Duty.FREE
    assert rota.box(session.id).dealer == "Eve"
    assert rota.box(session.id).push_at > clock.moment + timedelta(minutes=19)
    with pytest.raises(ConflictError, match="1 to 120"):
        rota.start_break(dealer, 0, boss)
    rota.start_break(dealer, 15, boss)
    assert {d.name: d.duty for d in rota.board()}["Dana"] is Duty.BREAK
    clock.advance(minutes=16)
    late = {d.name: d for d in rota.board()}["Dana"]
    assert late.duty is Duty.LATE and late.back_at is not None
    rota.back(dealer, boss)
    with pytest.raises(ConflictError, match="not on a break"):
        rota.back(dealer, boss)
    assert {d.name: d.duty for d in rota.board()}["Dana"] is Duty.FREE
    with pytest.raises(ConflictError, match="push them out"):
        rota.clock_out(eve, boss)
    rota.clock_out(dealer, boss)
    assert "Dana" not in {d.name for d in rota.board()}
    with pytest.raises(ConflictError, match="not clocked in"):
        rota.clock_out(dealer, boss)
    acts = [a.act for a in svc.review.audit() if a.act.startswith("dealer-")]
    assert sorted(acts) == sorted(["dealer-push-every", "dealer-clock-in", "dealer-clock-in",
                                   "dealer-break", "dealer-back", "dealer-clock-out"])
    assert "dealer_shift_event" in CHAINED and "dealer_shift_event" in IMMUTABLE
