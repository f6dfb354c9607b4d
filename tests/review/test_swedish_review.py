"""Issue 13: every word of the supervisor's review window goes through the translation hook.

A fake translator marks each translated text with "§"; every visible text of the window
and its act dialogs must then carry the mark, but the pure data (numbers, dates, names,
the database's address) and the calendar field of ``moments`` (not part of this window's
own texts)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from dealer_app import text
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.dialogs import SignInDialog, VoidHandDialog
from dealer_app.gui.review.models import HandListModel
from dealer_app.gui.review.moments import MomentEdit
from dealer_app.gui.review.session_dialogs import AdjustStackDialog, CloseSessionDialog
from dealer_app.gui.review.window import IntegrityDialog, ReviewWindow
from dealer_app.services import HandStatus

from .datagen import World

MARK = "§"
DATA = re.compile(r"[\d\s,.:#+\-−]*")
"""Numbers, amounts, dates and times: shown as they are."""


@pytest.fixture(autouse=True)
def marking_translator() -> Iterator[list[str]]:
    """``tr`` returns its text marked with §; English again afterwards."""
    asked: list[str] = []

    def translate(source: str, disambiguation: str | None) -> str:
        asked.append(source)
        return MARK + source

    text.set_translate(translate)
    yield asked
    text.set_translate(None)


def visible_texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) of every word a person sees on ``root`` and its children (tool tips
    and placeholders included), but the calendar fields' own."""
    found: list[tuple[str, str]] = [("window title", root.windowTitle())]
    skipped = {id(w) for m in root.findChildren(MomentEdit) for w in m.findChildren(QWidget)}
    for w in root.findChildren(QWidget):
        if id(w) in skipped:
            continue
        where = f"{type(w).__name__} {w.objectName()!r}"
        if w.toolTip():
            found.append((where + " tool tip", w.toolTip()))
        if isinstance(w, QLabel):
            found.append((where, w.text()))
        elif isinstance(w, QAbstractButton):
            box = w.parent()
            if isinstance(box, QDialogButtonBox) \
                    and box.standardButton(w) == QDialogButtonBox.StandardButton.Cancel:
                continue  # Qt's own word, translated by qtbase_sv.qm
            found.append((where, w.text()))
        elif isinstance(w, QGroupBox):
            found.append((where, w.title()))
        elif isinstance(w, QTabWidget):
            found += [(where + f" tab {i}", w.tabText(i)) for i in range(w.count())]
        elif isinstance(w, (QLineEdit, QPlainTextEdit)):
            found.append((where + " placeholder", w.placeholderText()))
        elif isinstance(w, QSpinBox):
            found.append((where + " special value", w.specialValueText()))
    return [(where, shown) for where, shown in found if shown]


def unmarked(texts: list[tuple[str, str]], data: set[str]) -> list[tuple[str, str]]:
    return [(where, shown) for where, shown in texts
            if not shown.startswith(MARK) and shown not in data and not DATA.fullmatch(shown)]


@pytest.fixture
def window(qtbot: QtBot, played: World) -> Iterator[ReviewWindow]:
    win = ReviewWindow(ReviewBackend(played.svc), played.boss)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    for detail in list(win.details.values()):
        detail.close()


def test_every_text_of_the_review_window_is_translated(window: ReviewWindow,
                                                       played: World) -> None:
    texts = visible_texts(window)
    subtitle = window.subtitle.text()
    assert subtitle.startswith(window.backend.db_url) and f"{MARK}{played.boss.name} (" \
        f"{MARK}supervisor)" in subtitle
    texts.remove(("QLabel 'reviewSubtitle'", subtitle))
    assert window.windowTitle() == MARK + "Hand log — floor supervisor"
    assert len(texts) > 30
    assert unmarked(texts, set()) == []
    # the filters' choices (the tables' and dealers' names are data)
    for combo in (window.table_box, window.session_box, window.dealer_box):
        assert combo.itemText(0).startswith(MARK)
    status = window.status_box
    assert all(status.itemText(i).startswith(MARK) for i in range(status.count()))
    # the hand list: its headers and the words in its cells
    model = window.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal)
               for c in range(model.columnCount())]
    assert headers == [MARK + h for h in HandListModel.HEADERS]
    assert model.headerData(HandListModel.COL_TABLE, Qt.Orientation.Horizontal,
                            Qt.ItemDataRole.ToolTipRole).startswith(MARK)
    assert model.rowCount() == 4
    cell = model.index(0, HandListModel.COL_STATUS).data()
    assert cell == MARK + "Complete"
    assert window.count_label.text() == MARK + "4 hands"


def test_messages_of_the_window_are_translated(window: ReviewWindow) -> None:
    window.clear_filters()
    assert window.status_line.text().startswith(MARK + "loaded in ")
    window.go_to("Table four")
    assert window.status_line.text() == MARK + (
        "Go to: type a table and hand number or a hand id ({hint})").format(
        hint=MARK + "Table 4 10131, or id 18131")
    window.view.clearSelection()
    window.view.setCurrentIndex(window.model.index(-1, -1))
    window.void_selected()
    assert window.status_line.text() == MARK + "Select a hand first."
    window.player_edit.setText("nobody at all")
    window.apply_filters()
    assert window.empty_label.text().startswith(MARK + "No hand matches")
    window._header_clicked(HandListModel.COL_PLAYERS)
    assert window.status_line.text() == f"{MARK}{{column}} cannot be sorted".format(
        column=MARK + "Players")


def test_the_acts_and_the_integrity_verdict_are_translated(qtbot: QtBot, window: ReviewWindow,
                                                           played: World) -> None:
    backend = window.backend
    hand = window.model.summary(0)
    assert hand is not None and hand.status is HandStatus.COMPLETE
    session = backend.session(hand.session_id or 0)
    names = {played.boss.name, session.table_name} | {s.player for s in backend.seats(session.id)}
    dialogs = [VoidHandDialog.for_summary(backend, hand, played.boss, window),
               AdjustStackDialog(backend, session, played.boss, window),
               CloseSessionDialog(backend, session, played.boss, window),
               SignInDialog(backend, window)]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        texts = visible_texts(dialog)
        assert texts[0][1].startswith(MARK), texts[0]
        assert unmarked(texts, names) == [], type(dialog).__name__
    void = dialogs[0]
    summary = void.findChild(QLabel, "actSummary").text()
    assert f"{MARK}pot " in summary and f"{MARK}complete" in summary
    seats = dialogs[1].findChild(QComboBox, "adjustSeat")
    assert seats.count() and all(seats.itemText(i).startswith(MARK + "Seat ")
                                 for i in range(seats.count()))
    # a wrong PIN: the refusal is in words of the windows
    void.name.setText(played.boss.name)
    void.pin.setText("000000")
    void.reason.setPlainText("a test")
    void.try_act()
    assert void.error.text().startswith(MARK + "Refused: ")
    integrity = IntegrityDialog(backend.verify(), window)
    qtbot.addWidget(integrity)
    assert unmarked(visible_texts(integrity), set()) == []
    headers = [integrity.table.horizontalHeaderItem(c).text()
               for c in range(integrity.table.columnCount())]
    assert all(h.startswith(MARK) for h in headers)
    assert integrity.text().startswith(MARK + "Log integrity check\n" + MARK + "Checked at ")
