"""Fixtures of the dealer-window tests: a temporary SQLite file, a window driven by qtbot."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from pytestqt.qtbot import QtBot  # noqa: E402

from dealer_app.gui.app import application, build  # noqa: E402
from dealer_app.gui.backend import Backend  # noqa: E402
from dealer_app.gui.controller import DealerController  # noqa: E402
from dealer_app.gui.window import DealerWindow  # noqa: E402


@pytest.fixture(scope="session")
def _migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty hand log with the schema made once per run (the migrations take most of a
    window's setup otherwise)."""
    path = tmp_path_factory.mktemp("gui-template") / "dealer.sqlite3"
    Backend.open("sqlite:///" + str(path)).close()
    return path


@pytest.fixture
def db_url(tmp_path: Path, _migrated_template: Path) -> str:
    target = tmp_path / "dealer.sqlite3"
    shutil.copyfile(_migrated_template, target)
    return "sqlite:///" + str(target)


class Driver:
    """Drives one dealer window through its widgets only."""

    def __init__(self, qtbot: QtBot, window: DealerWindow, controller: DealerController,
                 backend: Backend) -> None:
        self.qtbot = qtbot
        self.window = window
        self.controller = controller
        self.backend = backend
        self.page = window.page

    # start of shift
    def sign_in(self, name: str, pin: str, *, first: bool = False) -> None:
        page = self.window.sign_in
        page.name.clear()
        self.qtbot.keyClicks(page.name, name)
        self.qtbot.keyClicks(page.pin, pin)
        if first:
            self.qtbot.keyClicks(page.pin2, pin)
        self.qtbot.mouseClick(page.button, Qt.MouseButton.LeftButton)

    def create_table(self, name: str, ante: int = 5, unit: int = 5,
                     structure: str = "fixed-limit") -> None:
        tp = self.window.tables
        tp.form.name.clear()
        self.qtbot.keyClicks(tp.form.name, name)
        tp.form.ante.setValue(ante)
        tp.form.chip_unit.setValue(unit)
        tp.form.structure.setCurrentIndex(tp.form.structure.findData(structure))
        self.qtbot.mouseClick(tp.create_button, Qt.MouseButton.LeftButton)

    def open_first_table(self) -> None:
        tp = self.window.tables
        tp.tables.setCurrentRow(0)
        self.qtbot.mouseClick(tp.open_button, Qt.MouseButton.LeftButton)

    def seat(self, seat: int, player: str, buy_in: int) -> None:
        pl = self.page.players
        pl.seat.setValue(seat)
        pl.name.clear()
        self.qtbot.keyClicks(pl.name, player)
        pl.amount.setValue(buy_in)
        self.qtbot.mouseClick(pl.buttons["seat"], Qt.MouseButton.LeftButton)

    # the table
    def type(self, text: str) -> None:
        """Keys typed with the card entry focused, as the dealer does."""
        self.qtbot.keyClicks(self.page.card_entry, text)

    def key(self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
            ) -> None:
        self.qtbot.keyClick(self.page.card_entry, key, modifier)

    def click_action(self, name: str) -> None:
        self.qtbot.mouseClick(self.page.action_bar.buttons[name], Qt.MouseButton.LeftButton)

    @property
    def next_text(self) -> str:
        return self.page.next_line.text()

    @property
    def refused(self) -> bool:
        return bool(self.page.next_line.error)

    def seat_widget(self, seat: int):  # type: ignore[no-untyped-def]
        return self.page.table.seats[seat]

    def dispose(self) -> None:
        """Closes the window (and its dialogs, review window, backend) and deletes it."""
        if self.window is None:
            return
        self.controller.supervisor.close_all()
        self.window.close()  # closes the backend too (window.on_close)
        self.window.deleteLater()
        self.window = self.controller = self.page = None  # type: ignore[assignment]


def no_limit_round_2(d: Driver, players: tuple[tuple[str, int], ...]) -> Driver:
    """Signed in as the first supervisor, a no-limit table with six ``players`` (name,
    buy-in), round 2 under way and the bet box open: the keys a dealer presses."""
    d.sign_in("Sue", "135792", first=True)
    d.create_table("Table 9", structure="no-limit")
    d.open_first_table()
    for seat, (name, chips) in enumerate(players, start=1):
        d.seat(seat, name, chips)
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("khas9d8cqsjd")
    d.key(Qt.Key.Key_B)
    for _ in range(5):
        d.key(Qt.Key.Key_L)
    d.type("kd7s9ctcjh8h")
    d.key(Qt.Key.Key_X)
    d.key(Qt.Key.Key_E)
    d.qtbot.waitUntil(d.page.amount.isVisible)
    assert not d.refused, d.next_text
    return d


_DRIVERS: list[Driver] = []
"""Every window a test made; the autouse fixture below disposes of them."""


def make_driver(qtbot: QtBot, url: str, size: tuple[int, int] = (1280, 800)) -> Driver:
    application()
    backend = Backend.open(url)
    window, controller = build(backend)
    window.resize(*size)
    window.show()
    d = Driver(qtbot, window, controller, backend)
    _DRIVERS.append(d)
    return d


@pytest.fixture(autouse=True)
def _dispose_windows() -> Iterator[None]:
    """After each test: every window closed AND deleted (with its backend), so no test's
    setup grows with the windows of the tests before it."""
    yield
    while _DRIVERS:
        _DRIVERS.pop().dispose()
    app = QApplication.instance()
    if isinstance(app, QApplication):
        for widget in app.topLevelWidgets():  # dialogs and review windows a test opened
            widget.close()
            widget.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def driver(qtbot: QtBot, db_url: str) -> Driver:
    return make_driver(qtbot, db_url)


@pytest.fixture
def table(driver: Driver) -> Driver:
    """Signed in as the first supervisor, table 'Table 3' open, three players seated."""
    driver.sign_in("Sue", "135792", first=True)
    driver.create_table("Table 3")
    driver.open_first_table()
    driver.seat(1, "Ann", 500)
    driver.seat(3, "Bo", 320)
    driver.seat(6, "Cy", 1000)
    return driver

