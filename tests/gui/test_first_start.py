"""The first start: creating the first supervisor offers a guided practice table on its own
database; its steps tick off as they are done in the practice window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dealer_app.gui import guide
from dealer_app.gui.app import application, build
from dealer_app.gui.backend import Backend
from tests.gui.conftest import Driver


def _answer_offer(button: str) -> None:
    def click() -> None:
        offer = QApplication.activeModalWidget()
        assert isinstance(offer, guide.FirstStartOffer)
        target = {"practice": offer.practice_button, "demo": offer.demo_button,
                  "skip": offer.skip_button}[button]
        target.click()

    QTimer.singleShot(0, click)


def _first_start(qtbot: QtBot, tmp_path: Path) -> Driver:
    application()
    backend = Backend.open(f"sqlite:///{tmp_path / 'real.sqlite3'}")
    window, controller = build(backend, first_start_guide=True)
    qtbot.addWidget(window)
    window.show()
    return Driver(qtbot, window, controller, backend)


def test_skipping_the_offer_goes_to_the_tables_page(qtbot: QtBot, tmp_path: Path) -> None:
    d = _first_start(qtbot, tmp_path)
    _answer_offer("skip")
    d.sign_in("Sue", "135792", first=True)
    assert not guide._open
    assert d.window.stack.currentWidget() is d.window.tables


def test_the_practice_table_is_guided_and_stays_out_of_the_real_log(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guide, "POLL_MS", 20)  # the guide looks every 20 ms here, not 400
    d = _first_start(qtbot, tmp_path)
    _answer_offer("practice")
    d.sign_in("Sue", "135792", first=True)
    qtbot.waitUntil(lambda: bool(guide._open))
    practice = guide._open[-1]
    qtbot.addWidget(practice)
    panel = practice.panel
    assert panel.current == 0 and "Create a table" in panel.labels[0].text()
    p = Driver(qtbot, practice.dealer, practice.controller, practice.backend)
    p.create_table("Practice")
    qtbot.waitUntil(lambda: panel.current == 1)
    assert panel.labels[0].text().startswith("✓")
    practice.backend.add_dealer("Dana", "2725", practice.backend.staff)  # type: ignore[arg-type]
    qtbot.waitUntil(lambda: panel.current == 2)
    assert "Seat two players" in panel.labels[2].text()
    p.open_first_table()
    p.seat(1, "Ann", 500)
    p.seat(2, "Bo", 500)
    qtbot.waitUntil(lambda: panel.current == 3)
    assert "N deals · P posts the antes" in panel.labels[3].text()  # the step names its keys
    p.key(Qt.Key.Key_N)
    p.click_action("ante")
    p.type("kh")
    p.type("9d")
    p.click_action("bring-in")
    p.click_action("fold")
    qtbot.waitUntil(lambda: panel.current is None)
    assert "Done" in panel.labels[-1].text()
    # nothing of the practice reached the real database
    assert d.backend.list_tables() == []
    folder = practice.folder
    practice.close()
    assert not folder.exists()


def test_the_demo_floor_opens_the_review_on_its_own_database(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guide, "DEMO_HANDS", 3)  # a hand a table (the demo floor itself is
    # built in full without a window by tests/services/test_evidence.py)
    d = _first_start(qtbot, tmp_path)
    _answer_offer("demo")
    d.sign_in("Sue", "135792", first=True)
    qtbot.waitUntil(lambda: bool(guide._open))
    review = guide._open[-1]
    qtbot.addWidget(review)
    assert "DEMO" in review.windowTitle() and "Sam 246800" in review.windowTitle()
    model = review.model  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: model.rowCount() > 0)
    assert model.rowCount() >= 3
    assert d.backend.list_tables() == []  # nothing of the demo in the real log
    review.close()
    guide._open.remove(review)
