"""Issue 20, two supervisors for large acts: a table's dual-control amount above which a void,
a stack adjustment or a settlement needs a second, different supervisor; both names in the
audit and in the session report."""

from __future__ import annotations

import pytest
from storage.helpers import play

from dealer_app.services import (
    PermissionRefused,
    Role,
    Services,
    SessionInfo,
    StaffMember,
    StorageError,
    TableInfo,
    reports,
)
from dealer_app.services.core.errors import DualControlRequired


@pytest.fixture
def tess(svc: Services, boss: StaffMember) -> StaffMember:
    return svc.staff.add_staff("Tess", Role.SUPERVISOR, "975318", by=boss)


def _limit(svc: Services, table: TableInfo, boss: StaffMember, amount: int,
           second: StaffMember | None = None) -> TableInfo:
    return svc.tables.change_settings(table.id, table.settings, boss, "dual control",
                                      dual_control_above=amount, second=second)


def test_above_the_tables_amount_an_adjustment_needs_a_second_supervisor(
        svc: Services, table: TableInfo, session: SessionInfo, boss: StaffMember,
        tess: StaffMember, dealer: StaffMember) -> None:
    """Before: one supervisor's PIN moved any amount."""
    assert _limit(svc, table, boss, 100).dual_control_above == 100
    svc.tables.adjust_stack(session.id, 1, 100, boss, "float")  # at the amount: one is enough
    with pytest.raises(DualControlRequired, match="second supervisor"):
        svc.tables.adjust_stack(session.id, 1, -105, boss, "chips taken")
    with pytest.raises(DualControlRequired, match="another person"):
        svc.tables.adjust_stack(session.id, 1, -105, boss, "chips taken", second=boss)
    with pytest.raises(PermissionRefused):
        svc.tables.adjust_stack(session.id, 1, -105, boss, "chips taken", second=dealer)
    assert svc.tables.seats(session.id)[0].stack == 600
    svc.tables.adjust_stack(session.id, 1, -105, boss, "chips taken", second=tess)
    assert svc.tables.seats(session.id)[0].stack == 495
    entry = svc.review.audit(act="adjustment")[0]
    assert (entry.by, entry.detail["second_supervisor"]) == ("Sam", "Tess")
    acts = reports.session_report(svc.db, session.id).acts
    assert [a.by for a in acts] == ["Sam", "Sam and Tess"]


def test_a_void_above_the_amount_needs_a_second_supervisor(
        svc: Services, table: TableInfo, session: SessionInfo, boss: StaffMember,
        tess: StaffMember, dealer: StaffMember) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, state.hand_id, dealer)
    _limit(svc, table, boss, 10)
    with pytest.raises(DualControlRequired, match="voiding a hand"):
        svc.hands.void_hand(state.hand_id, boss, "wrong deck")
    assert svc.hands.hand_state(state.hand_id).status.value == "complete"
    svc.hands.void_hand(state.hand_id, boss, "wrong deck", second=tess)
    entry = svc.review.audit(act="void-hand")[0]
    assert entry.detail["second_supervisor"] == "Tess"
    assert reports.session_report(svc.db, session.id).acts[-1].by == "Sam and Tess"


def test_off_by_default_and_changing_the_amount_while_on_needs_two(
        svc: Services, table: TableInfo, session: SessionInfo, boss: StaffMember,
        tess: StaffMember) -> None:
    assert table.dual_control_above == 0
    svc.tables.adjust_stack(session.id, 1, 5000, boss, "float")  # off: one supervisor
    with pytest.raises(StorageError, match="0 \\(off\\)"):
        _limit(svc, table, boss, -1)
    _limit(svc, table, boss, 1000)
    with pytest.raises(DualControlRequired, match="second supervisor"):
        _limit(svc, table, boss, 0)  # one supervisor cannot switch it off alone
    assert svc.tables.table(table.id).dual_control_above == 1000
    assert _limit(svc, table, boss, 0, second=tess).dual_control_above == 0
    change = svc.review.audit(act="change-settings")[0]
    assert (change.detail["second_supervisor"], change.detail["dual_control_above"]) == (
        "Tess", 0)
