"""The app's log file (issue 8.6): start, database (password masked), sign-ins, refusals,
errors with their traceback, never a PIN; and the exception hook's message box."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from pytestqt.qtbot import QtBot

from dealer_app import app_log
from dealer_app.gui import crash

from .conftest import Driver, make_driver

PIN = "918273"
WRONG_PIN = "564738"


@pytest.fixture
def log_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    app_log.stop_logging()
    monkeypatch.setenv(app_log.ENV_VAR, str(tmp_path / "logs"))
    path = app_log.setup_logging("test")
    assert path == tmp_path / "logs" / app_log.FILE_NAME
    yield path
    app_log.stop_logging()


def _text(path: Path) -> str:
    for handler in logging.getLogger(app_log.ROOT).handlers:
        handler.flush()
    return path.read_text(encoding="utf-8")


def test_sign_ins_and_refusals_are_logged_and_a_pin_never(
        qtbot: QtBot, db_url: str, log_path: Path) -> None:
    d: Driver = make_driver(qtbot, db_url)
    try:
        d.sign_in("Sue", PIN, first=True)
        d.create_table("Table 1")
        d.open_first_table()
        d.qtbot.waitUntil(d.page.isVisible)
        d.qtbot.mouseClick(d.page.sign_out_button, Qt.MouseButton.LeftButton)
        d.sign_in("Sue", WRONG_PIN)  # refused
        d.sign_in(PIN, PIN)  # the PIN typed in the name box too
        d.sign_in("Sue", PIN)
        d.qtbot.waitUntil(d.window.tables.isVisible)
    finally:
        d.window.close()
    text = _text(log_path)
    assert "start: dealer-app" in text
    assert "database opened: sqlite:///" in text
    assert "first supervisor account: 'Sue'" in text
    assert "sign-in refused for 'Sue'" in text and "sign-in: 'Sue'" in text
    assert PIN not in text and WRONG_PIN not in text


def test_a_refused_input_is_logged(qtbot: QtBot, db_url: str, log_path: Path) -> None:
    d = make_driver(qtbot, db_url)
    try:
        d.sign_in("Sue", PIN, first=True)
        d.create_table("Table 3")
        d.open_first_table()
        d.seat(1, "Ann", 500)
        d.seat(3, "Bo", 320)
        d.key(Qt.Key.Key_N)
        d.key(Qt.Key.Key_P)  # every ante
        d.type("khkh")  # the same card twice
        assert d.refused
    finally:
        d.window.close()
    assert "refused hand id" in _text(log_path)


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_is_logged_and_shown(qtbot: QtBot, log_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(crash, "show_error", shown.append)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # put back after the test
    crash.install_exception_hook()

    def broken_slot() -> None:
        raise ZeroDivisionError("chips divided by nobody")

    QTimer.singleShot(0, broken_slot)
    qtbot.waitUntil(lambda: bool(shown))
    assert "ZeroDivisionError: chips divided by nobody" in shown[0]
    assert str(app_log.log_file()) in shown[0]
    text = _text(log_path)
    assert "uncaught ZeroDivisionError: chips divided by nobody" in text
    assert "Traceback" in text and "broken_slot" in text


def test_a_database_password_never_reaches_the_log(log_path: Path) -> None:
    from dealer_app.storage import Database, StorageError

    with pytest.raises(StorageError):
        Database.open("postgresql+psycopg://dealer:hunter2-x@127.0.0.1:1/hands",
                      busy_timeout=1)
    assert "hunter2-x" not in _text(log_path)
