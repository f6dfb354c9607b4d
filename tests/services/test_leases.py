"""Issue 8.5: one table, one workstation. Two Services on one database stand for two
workstations (and one test uses a second process)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage.helpers import FakeClock, next_event

from dealer_app.services import Services, SessionInfo, StaffMember
from dealer_app.services import leases as lease_module
from dealer_app.services.leases import LeaseLostError, TableHeldError, new_workstation


@pytest.fixture(autouse=True)
def _server_clock(clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Leases follow the database server's clock: in these tests it is the fake clock that
    the test moves on (``test_lease_clock.py`` keeps the server's own)."""
    monkeypatch.setattr(lease_module, "database_time", lambda _s: clock())


@pytest.fixture
def other(db_url: str, clock: FakeClock) -> Iterator[Services]:
    """A second workstation on the same database."""
    services = Services.open(db_url, clock=clock)
    yield services
    services.close()


def _record_one(svc: Services, hand_id: int, staff: StaffMember, workstation: str) -> int:
    state = svc.hands.hand_state(hand_id)
    event = next_event(state.hand)
    assert event is not None
    return len(svc.hands.record_input(hand_id, event, staff, workstation).log)


def test_a_second_workstation_is_told_who_holds_the_table_and_takes_it_only_on_purpose(
        svc: Services, other: Services, session: SessionInfo, dealer: StaffMember,
        boss: StaffMember, clock: FakeClock) -> None:
    table = session.table_id
    svc.leases.acquire(table, "ws-a", "pit-1 (pid 1)", dealer)
    state = svc.hands.start_hand(session.id, dealer, "ws-a")
    assert _record_one(svc, state.hand_id, dealer, "ws-a") == 1
    clock.advance(seconds=30)
    with pytest.raises(TableHeldError) as held:
        other.leases.acquire(table, "ws-b", "pit-2 (pid 2)", boss)
    message = str(held.value)
    assert "Table 3 is open on another workstation: Dana at pit-1 (pid 1) since" in message
    assert "last heard from 30 s ago" in message
    assert held.value.lease.acquired_at < clock.moment
    with pytest.raises(LeaseLostError):  # B never held it: B's inputs are refused
        _record_one(other, state.hand_id, boss, "ws-b")
    lease = other.leases.acquire(table, "ws-b", "pit-2 (pid 2)", boss, take_over=True)
    assert (lease.workstation, lease.staff_name) == ("ws-b", "Sam")
    entry = other.review.audit(act="take-over-table")[0]
    assert (entry.by, entry.detail["from"], entry.detail["expired"]) == ("Sam", "Dana", False)
    assert entry.reason == "taken over on purpose"
    # A lost the table: its next input is refused in plain words, nothing stored
    with pytest.raises(LeaseLostError, match="taken over by another workstation.*Sam at "
                                              "pit-2.*not recorded"):
        _record_one(svc, state.hand_id, dealer, "ws-a")
    with pytest.raises(LeaseLostError):
        svc.hands.undo_last(state.hand_id, dealer, workstation="ws-a")
    assert not svc.leases.heartbeat(table, "ws-a")
    assert len(svc.hands.hand_state(state.hand_id).log) == 1
    assert _record_one(other, state.hand_id, boss, "ws-b") == 2
    assert other.leases.heartbeat(table, "ws-b")


def test_a_crashed_workstations_lease_expires(
        svc: Services, other: Services, session: SessionInfo, dealer: StaffMember,
        clock: FakeClock) -> None:
    table = session.table_id
    svc.leases.acquire(table, "ws-a", "pit-1", dealer)
    clock.advance(seconds=50)
    assert svc.leases.heartbeat(table, "ws-a")  # alive: renewed
    clock.advance(seconds=50)
    with pytest.raises(TableHeldError):
        other.leases.acquire(table, "ws-b", "pit-2", dealer)
    clock.advance(seconds=11)  # 61 s without a heartbeat: the workstation is gone
    assert other.leases.acquire(table, "ws-b", "pit-2", dealer).workstation == "ws-b"
    entry = other.review.audit(act="take-over-table")[0]
    assert entry.detail["expired"] is True and entry.reason == "its lease had expired"
    with pytest.raises(LeaseLostError):
        svc.hands.start_hand(session.id, dealer, "ws-a")


def test_a_released_table_opens_elsewhere_without_a_question(
        svc: Services, other: Services, session: SessionInfo, dealer: StaffMember) -> None:
    table = session.table_id
    svc.leases.acquire(table, "ws-a", "pit-1", dealer)
    other.leases.release(table, "ws-b")  # not its lease: nothing happens
    assert svc.leases.holder(table) is not None
    svc.leases.release(table, "ws-a")
    assert svc.leases.holder(table) is None
    assert other.leases.acquire(table, "ws-b", "pit-2", dealer).workstation == "ws-b"
    assert other.review.audit(act="take-over-table") == []
    with pytest.raises(LeaseLostError, match="no longer holds|taken over"):
        svc.hands.start_hand(session.id, dealer, "ws-a")


CHILD = """
import sys
from dealer_app.services import Services
svc = Services.open(sys.argv[1])
dana = next(m for m in svc.staff.list_staff() if m.name == "Dana")
table = svc.tables.list_tables()[0]
svc.leases.acquire(table.id, "child", "child-host (pid 9)", dana)
session = svc.tables.current_session(table.id)
state = svc.hands.start_hand(session.id, dana, "child")
print(state.hand_id, flush=True)
svc.close()
"""


def test_two_processes_cannot_both_record_into_one_table(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        boss: StaffMember) -> None:
    root = Path(__file__).parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-c", CHILD, db_url], env=env, check=True,
                         capture_output=True, text=True, timeout=120).stdout
    hand_id = int(out.split()[0])
    # the child crashed or exited without releasing: its lease is alive for a minute
    with pytest.raises(TableHeldError, match="Dana at child-host"):
        svc.leases.acquire(session.table_id, "parent", "here", boss)
    with pytest.raises(LeaseLostError):
        _record_one(svc, hand_id, boss, "parent")
    svc.leases.acquire(session.table_id, "parent", "here", boss, take_over=True)
    assert _record_one(svc, hand_id, boss, "parent") == 1


def test_seating_acts_of_a_workstation_that_lost_the_table_are_refused(
        svc: Services, other: Services, session: SessionInfo, dealer: StaffMember) -> None:
    table = session.table_id
    svc.leases.acquire(table, "ws-a", "pit-1", dealer)
    svc.tables.rebuy(session.id, 1, 100, dealer, "ws-a")
    other.leases.acquire(table, "ws-b", "pit-2", dealer, take_over=True)
    for act in (lambda: svc.tables.rebuy(session.id, 1, 100, dealer, "ws-a"),
                lambda: svc.tables.seat_player(session.id, 2, "Di", 100, dealer, "ws-a"),
                lambda: svc.tables.sit_out(session.id, 1, dealer, "ws-a"),
                lambda: svc.tables.leave(session.id, 1, dealer, "ws-a")):
        with pytest.raises(LeaseLostError):
            act()
    assert [(s.seat, s.stack, s.sitting_out) for s in svc.tables.seats(session.id)] == [
        (1, 600, False), (3, 320, False), (6, 1000, False)]
    other.tables.sit_out(session.id, 1, dealer, "ws-b")


def test_a_window_started_again_takes_back_its_own_dead_process_lease(
        svc: Services, other: Services, session: SessionInfo, dealer: StaffMember,
        clock: FakeClock) -> None:
    """Issue 23, fault 7: after ``kill -9`` the same computer was asked to take the table
    over from its own dead process, as if another workstation held it."""
    done = subprocess.run(  # a window of this computer whose process has ended
        [sys.executable, "-c", "from dealer_app.services.leases import new_workstation;"
                               "print(new_workstation()[0])"],
        capture_output=True, text=True, check=True)
    dead = done.stdout.strip()
    svc.leases.acquire(session.table_id, dead, "pit-1 (pid 1)", dealer)
    clock.advance(seconds=5)  # well within the lease time
    mine, host = new_workstation()
    lease = other.leases.acquire(session.table_id, mine, host, dealer)
    assert lease.workstation == mine
    entry = other.review.audit(act="take-over-table")[0]
    assert entry.reason == "its window on this computer had ended"
    with pytest.raises(TableHeldError):  # a live process of this computer is still asked
        svc.leases.acquire(session.table_id, new_workstation()[0], host, dealer)
def test_a_floor_view_is_watching_while_its_heartbeat_is_fresh(
        svc: Services, other: Services, clock: FakeClock) -> None:
    from datetime import timedelta

    from dealer_app.services.leases import FloorPresence

    floor = FloorPresence(other.db, expiry=timedelta(seconds=60))
    dealer_side = FloorPresence(svc.db, expiry=timedelta(seconds=60))
    assert dealer_side.watchers() == []
    floor.watch("fv-1", "pit-boss (pid 7)", "Sam")
    (watcher,) = dealer_side.watchers()
    assert (watcher.host, watcher.staff_name) == ("pit-boss (pid 7)", "Sam")
    clock.advance(seconds=50)
    assert floor.heartbeat("fv-1")
    clock.advance(seconds=50)
    assert len(dealer_side.watchers()) == 1  # renewed 50 s ago
    clock.advance(seconds=11)
    assert dealer_side.watchers() == []  # a crashed floor view expires
    assert floor.heartbeat("fv-1")
    floor.leave("fv-1")
    assert dealer_side.watchers() == [] and not floor.heartbeat("fv-1")
