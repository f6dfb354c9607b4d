"""Fixtures of the floor tests: a database (SQLite file, and PostgreSQL when
DEALER_APP_TEST_PG_URL is set) with a supervisor, a dealer and a table of three players,
and a dealer process to drive."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import TEST_SCRYPT_N
from pytestqt.qtbot import QtBot

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dealer_app.engine import Settings  # noqa: E402
from dealer_app.gui.app import application  # noqa: E402
from dealer_app.gui.floor.window import FloorWindow  # noqa: E402
from dealer_app.services import Role, Services, StaffMember  # noqa: E402

CHILD = Path(__file__).with_name("dealer_child.py")


@pytest.fixture(autouse=True)
def _quick_pin_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("dealer_app.services.staff.SCRYPT_N", TEST_SCRYPT_N)


@pytest.fixture
def floor_db(db_url: str) -> Iterator[tuple[Services, StaffMember]]:
    svc = Services.open(db_url)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
    dealer = svc.staff.add_staff("Dana", Role.DEALER, "1357", by=boss)
    table = svc.tables.create_table("T1", Settings(ante=5, chip_unit=5), boss)
    svc.tables.create_table("T2", Settings(ante=10, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, dealer)
    for seat, name in ((1, "Ann"), (3, "Bo"), (6, "Cy")):
        svc.tables.seat_player(session.id, seat, name, 1000, dealer)
    yield svc, boss
    svc.close()


class DealerProcess:
    """The dealer's process: one step per call, returns its answer once committed."""

    def __init__(self, url: str) -> None:
        root = Path(__file__).parents[1]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), str(root.parent)]))
        self.proc = subprocess.Popen([sys.executable, str(CHILD), url, "T1"], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def step(self, name: str) -> list[str]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(name + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().split()
        assert answer and answer[0] == name, f"the dealer process failed at {name}"
        return answer

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=30)


@pytest.fixture
def dealer_process(db_url: str, floor_db: object) -> Iterator[DealerProcess]:
    child = DealerProcess(db_url)
    yield child
    child.close()


@pytest.fixture
def floor(qtbot: QtBot, floor_db: tuple[Services, StaffMember]) -> Iterator[FloorWindow]:
    """The floor view of ``floor_db``, started (its feed on), closed after the test."""
    application()
    svc, boss = floor_db
    window = FloorWindow(svc, boss, stale_after=3600)
    qtbot.addWidget(window)
    window.start()
    yield window
    window.stop()
    window.close()
