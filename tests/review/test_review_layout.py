"""Issue 23, faults 3 and 4: the review and its dialogs at 1024×768, in English and Swedish:
nothing off the screen, no button cut, no label cut, no table squeezed to a row."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from dealer_app.engine import DECK
from dealer_app.gui.app import application
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.hand_detail import HandDetailWindow
from dealer_app.gui.review.models import HandListModel, HandLogModel
from dealer_app.gui.review.report import SessionReportDialog
from dealer_app.gui.toolkit import i18n
from dealer_app.services import HandQuery

from .datagen import World

SCREEN = (1024, 768)
SHOTS = os.environ.get("DEALER_APP_LAYOUT_SHOTS")


@pytest.fixture(params=["en", "sv"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.install(application(), request.param)
    yield request.param
    i18n.install(application(), "en")


def _shown(w: QWidget) -> bool:
    return w.isVisibleTo(w.window()) and w.width() > 0


def _cut(top: QWidget) -> list[str]:
    """Buttons whose text does not fit, labels cut, widgets outside the window."""
    out = []
    rect = top.rect()
    for button in top.findChildren(QPushButton):
        if not _shown(button) or not button.text():
            continue
        where = button.mapTo(top, button.rect().topLeft())
        if (button.fontMetrics().horizontalAdvance(button.text()) > button.contentsRect().width()
                or not rect.contains(where) or where.y() + button.height() > rect.height()):
            out.append(f"button {button.text()!r} {button.size()} at {where}")
    for box in top.findChildren(QCheckBox):
        if _shown(box) and box.sizeHint().width() > box.width():
            out.append(f"check box {box.text()!r} {box.size()}")
    for label in top.findChildren(QLabel):
        if not _shown(label) or not label.text() or label.objectName().startswith("qt_"):
            continue
        if label.wordWrap() and label.heightForWidth(label.width()) > label.height():
            out.append(f"label {label.objectName()} {label.text()[:40]!r} {label.size()}")
    return out


def _at_screen_size(qtbot: QtBot, top: QWidget, name: str, language: str) -> None:
    top.show()
    qtbot.waitExposed(top)
    assert top.minimumSizeHint().width() <= SCREEN[0], (name, top.minimumSizeHint())
    assert top.minimumSizeHint().height() <= SCREEN[1] - 40, (name, top.minimumSizeHint())
    if top.isWindow() and not isinstance(top, QDialog):  # a window: the whole screen
        top.resize(SCREEN[0], SCREEN[1] - 40)
    else:
        top.resize(min(top.width(), SCREEN[0]), min(top.height(), SCREEN[1] - 40))
    qtbot.waitUntil(lambda: top.width() <= SCREEN[0] and top.height() <= SCREEN[1] - 40)
    QApplication.processEvents()
    if SHOTS:
        top.grab().save(str(Path(SHOTS) / f"{name}-{language}.png"))
    assert _cut(top) == [], name


def test_the_session_report_fits_1024_by_768(qtbot: QtBot, played: World,
                                             language: str) -> None:
    report = SessionReportDialog(ReviewBackend(played.svc), played.session.id)
    qtbot.addWidget(report)
    _at_screen_size(qtbot, report, "session-report", language)
    rows = report.view.model().rowCount()
    assert rows >= 3
    shown = report.view.viewport().height() // max(1, report.view.rowHeight(0))
    assert shown >= min(rows, 3), "the seats table is squeezed"


def test_the_replay_fits_1024_by_768(qtbot: QtBot, played: World, language: str) -> None:
    hand = played.svc.review.search(HandQuery(session_id=played.session.id), limit=1)[0]
    detail = HandDetailWindow(ReviewBackend(played.svc), hand.hand_id)
    qtbot.addWidget(detail)
    _at_screen_size(qtbot, detail, "replay", language)
    area = detail.replay.table_area  # every seat and the pot in view, no scrolling
    assert area.verticalScrollBar().maximum() == 0 and area.horizontalScrollBar().maximum() == 0
    label = detail.replay.step_label
    assert label.width() > 300 and label.heightForWidth(label.width()) <= label.height()
    log, model = detail.log_view, detail.log_model  # the log's inputs whole (they wrap)
    width = log.columnWidth(HandLogModel.COL_INPUT)
    assert width >= 100
    for row in range(model.rowCount()):
        text = str(model.index(row, HandLogModel.COL_INPUT).data())
        need = log.fontMetrics().boundingRect(0, 0, width - 12, 10_000,
                                              Qt.TextFlag.TextWordWrap, text)
        assert need.height() <= log.rowHeight(row), text


def test_the_review_window_fits_1024_by_768(qtbot: QtBot, played: World,
                                            language: str) -> None:
    from dealer_app.gui.review.window import ReviewWindow

    win = ReviewWindow(ReviewBackend(played.svc), played.boss)
    qtbot.addWidget(win)
    win.resize(*SCREEN)
    _at_screen_size(qtbot, win, "review", language)
    for box in win.findChildren(QComboBox) + win.findChildren(QLineEdit):
        if _shown(box):
            assert box.width() >= min(box.sizeHint().width(), 120), (box.objectName(),
                                                                     box.size())
    players = win.view.columnWidth(HandListModel.COL_PLAYERS)
    text = win.model.data(win.model.index(0, HandListModel.COL_PLAYERS))
    assert win.view.fontMetrics().horizontalAdvance(str(text)) + 12 <= players, text


def test_the_correction_preview_shows_whole_at_the_default_size(
        qtbot: QtBot, played: World, language: str) -> None:
    """Issue 23, fault 4: the "New result" preview was cut until the dialog was enlarged."""
    hand = played.svc.review.search(HandQuery(session_id=played.session.id), limit=1)[0]
    detail = HandDetailWindow(ReviewBackend(played.svc), hand.hand_id, staff=played.boss)
    qtbot.addWidget(detail)
    rows = detail.log_model.entries
    detail.log_view.selectRow(max(i for i, e in enumerate(rows) if e.event is not None))
    dialog = detail.correct_dialog()
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    assert dialog.preview.text()
    if SHOTS:
        dialog.grab().save(str(Path(SHOTS) / f"correct-{language}.png"))
    assert _cut(dialog) == []
    used = detail.state.hand.used
    spare = next(str(c) for c in DECK if c not in used)
    dialog.card.setText(spare)  # another last card: a new award and new stacks
    QApplication.processEvents()
    assert "\n" in dialog.preview.text() or len(dialog.preview.text()) > 80, dialog.preview.text()
    if SHOTS:
        dialog.grab().save(str(Path(SHOTS) / f"correct-struck-{language}.png"))
    assert _cut(dialog) == []
    assert dialog.height() <= SCREEN[1] - 40
