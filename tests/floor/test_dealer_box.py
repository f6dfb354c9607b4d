"""Issue 21: the dealer's window shows the dealer's own time in the box and the coming push
(the floor's push interval), and a push made at the floor shows there."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from gui.conftest import Driver, make_driver
from pytestqt.qtbot import QtBot

from dealer_app.gui.box_clock import BoxClock, box_text
from dealer_app.services import Role, Services, StaffMember
from dealer_app.services.rotation import BoxTime, RotationService


@pytest.fixture
def dealer_window(qtbot: QtBot, db_url: str,
                  floor_db: tuple[Services, StaffMember]) -> Iterator[Driver]:
    driver = make_driver(qtbot, db_url)
    driver.sign_in("Dana", "1357")
    driver.open_first_table()
    yield driver
    driver.window.close()


def test_the_dealer_sees_the_time_in_the_box_and_the_coming_push(
        qtbot: QtBot, dealer_window: Driver, floor_db: tuple[Services, StaffMember]) -> None:
    svc, boss = floor_db
    clock = dealer_window.window.findChild(BoxClock)
    assert clock is not None
    qtbot.waitUntil(lambda: clock.label.isVisibleTo(dealer_window.window))
    assert clock.label.text().endswith(" in the box · push in 29 min")
    assert clock.label.toolTip() == "Dana deals; the floor pushes every 30 min"
    RotationService(svc.db).set_push_every(10, boss)
    eve = svc.staff.add_staff("Eve", Role.DEALER, "2468", by=boss)
    session = dealer_window.backend.session
    assert session is not None
    svc.tables.change_dealer(session.id, eve, boss)  # a push at the floor
    clock.read()
    assert clock.label.text().endswith("push in 9 min")
    assert clock.label.toolTip().startswith("Eve deals")


def test_a_push_past_due_is_said() -> None:
    from datetime import UTC, datetime

    since = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
    box = BoxTime("Dana", since, since + timedelta(minutes=30))
    assert box_text(box, since + timedelta(minutes=31)) == \
        "31 min in the box · PUSH DUE"
    assert box_text(box, since + timedelta(minutes=12)) == "12 min in the box · push in 18 min"
