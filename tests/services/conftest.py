"""Fixtures for the services: a database with a supervisor, a dealer, a table, players."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator

import pytest
from conftest import TEST_SCRYPT_N
from storage.helpers import FakeClock

from dealer_app.engine import Settings
from dealer_app.services import Role, Services, SessionInfo, StaffMember, TableInfo

BOSS_PIN = "246810"
DEALER_PIN = "1357"


@pytest.fixture
def svc(db_url: str, clock: FakeClock) -> Iterator[Services]:
    services = Services.open(db_url, clock=clock)
    yield services
    services.close()


@pytest.fixture
def boss(svc: Services) -> StaffMember:
    return svc.staff.add_staff("Sam", Role.SUPERVISOR, BOSS_PIN)


@pytest.fixture
def dealer(svc: Services, boss: StaffMember) -> StaffMember:
    return svc.staff.add_staff("Dana", Role.DEALER, DEALER_PIN, by=boss)


@pytest.fixture
def table(svc: Services, boss: StaffMember) -> TableInfo:
    return svc.tables.create_table("Table 3", Settings(ante=5, chip_unit=5), boss)


@pytest.fixture
def session(svc: Services, table: TableInfo, dealer: StaffMember) -> SessionInfo:
    info = svc.tables.open_session(table.id, dealer)
    svc.tables.seat_player(info.id, 1, "Ann", 500, dealer)
    svc.tables.seat_player(info.id, 3, "Bo", 320, dealer)
    svc.tables.seat_player(info.id, 6, "Cy", 1000, dealer)
    return info


def staff_and_table(svc: Services) -> tuple[StaffMember, StaffMember, SessionInfo]:
    """What the fixtures above make (Sam, Dana, Table 3 and its session with Ann, Bo and
    Cy), for a world built once and copied (tests/world_copy.py): the supervisor, the
    dealer and the session."""
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, BOSS_PIN)
    dealer = svc.staff.add_staff("Dana", Role.DEALER, DEALER_PIN, by=boss)
    table = svc.tables.create_table("Table 3", Settings(ante=5, chip_unit=5), boss)
    info = svc.tables.open_session(table.id, dealer)
    for seat, name, chips in ((1, "Ann", 500), (3, "Bo", 320), (6, "Cy", 1000)):
        svc.tables.seat_player(info.id, seat, name, chips, dealer)
    return boss, dealer, info


@pytest.fixture(autouse=True)
def _quick_pin_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real work factor is tested by the benchmark; tests hash with a smaller one."""
    monkeypatch.setattr("dealer_app.services.staff.SCRYPT_N", TEST_SCRYPT_N)


@pytest.fixture
def import_cli(monkeypatch: pytest.MonkeyPatch, boss: StaffMember) -> Callable[..., int]:
    """``dealer-app log import --db URL --by Sam --pin-stdin FILE...``, the PIN on stdin."""
    from dealer_app.cli import main

    def run(db_url: str, *files: str) -> int:
        monkeypatch.setattr(sys, "stdin", io.StringIO(BOSS_PIN + "\n"))
        return main(["log", "import", "--db", db_url, "--by", boss.name, "--pin-stdin",
                     *files])
    return run
