"""Issue 19, requirement 6: time cannot run backwards unseen. A workstation clock set back
a day or a month dates hands, seals and checkpoints before the ones before them: verify
names them (beyond the stated tolerance); a clock a little off is not an alarm."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from storage.helpers import FakeClock, play

from dealer_app.engine import Settings
from dealer_app.services import Role, Services
from dealer_app.storage import seals


def _floor(url: str, clock: FakeClock) -> tuple[Services, int]:
    svc = Services.open(url, clock=clock)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
    table = svc.tables.create_table("T", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, boss)
    for seat, name in ((1, "Ann"), (3, "Bo")):
        svc.tables.seat_player(session.id, seat, name, 1000, boss)
    play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss)
    return svc, session.id


def _found(svc: Services) -> list[str]:
    report = svc.log.verify_all(anchors=[Path(os.environ["DEALER_APP_ANCHOR_DIR"])])
    return [f"{b.label}: {b.reason}" for b in report.broken]


@pytest.mark.parametrize("back", [{"days": 1}, {"days": 30}])
def test_a_clock_set_back_is_found(db_url: str, back: dict[str, float]) -> None:
    clock = FakeClock()
    svc, session = _floor(db_url, clock)
    assert _found(svc) == []
    clock.advance(**{k: -v for k, v in back.items()})  # the workstation's clock set back
    boss = next(m for m in svc.staff.list_staff() if m.name == "Sam")
    play(svc.hands, svc.hands.start_hand(session, boss).hand_id, boss)
    found = _found(svc)
    assert any("hand 2" in f and "before the hand stored before it" in f for f in found), found
    assert any("is dated before the checkpoint before it" in f for f in found), found
    assert any("clock ran backwards" in f and "ledger entr" in f for f in found), found
    svc.close()


def test_a_clock_a_little_off_is_no_alarm(db_url: str) -> None:
    clock = FakeClock()
    svc, session = _floor(db_url, clock)
    clock.advance(microseconds=-(seals.TIME_TOLERANCE_US // 2))  # two stations' clocks
    boss = next(m for m in svc.staff.list_staff() if m.name == "Sam")
    play(svc.hands, svc.hands.start_hand(session, boss).hand_id, boss)
    assert _found(svc) == []
    svc.close()
