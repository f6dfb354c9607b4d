"""Every screen of the dealer window and the review, built with qtbot, and the texts a person
sees on them (for the language walk of ``test_swedish_screens.py``).

- :func:`played_database`: a hand log with two complete hands and one in progress (the
  review tests' world: supervisor Sam, dealer Dana, Table 3, players Ann, Bo and Cy).
- :func:`walk_dealer`: the dealer window on it: sign-in page, tables page (as the dealer, so
  with the supervisor's fields), the table with the hand in progress and each side tab
  (hand log, players, table settings), the F1 key map and the supervisor's
  "Correct input…" dialog (opened window-modal, as the window does: it does not block).
- :func:`walk_review`: the review window for the supervisor, a hand's replay window and
  the dialogs the review shows without blocking (session report, player history, audit
  log, integrity check); the supervisor's act dialogs (void, adjust a stack, close a session)
  and the sign-in dialog are built and shown without ``exec()``, as the review tests patch
  them.
- :func:`visible_texts`: (widget path, text) of every visible widget below a window.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QAction
from PySide6.QtGui import Qt as GuiQt  # mightBeRichText lives in QtGui's Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDialog,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from dealer_app.gui.app import application, build
from dealer_app.gui.backend import Backend
from dealer_app.services import Services, StaffMember
from tests.gui.conftest import Driver
from tests.review.datagen import BOSS, DEALER, DEALER_PIN, World, make_world, play_hand

Texts = list[tuple[str, str]]
ROWS = 40
"""Cells of a list or table read from the top (what a person sees without scrolling)."""
_TAG = re.compile(r"<[^>]*>")


# ---------------------------------------------------------------------------- texts
def widget_path(widget: QWidget) -> str:
    """``ReviewWindow/QWidget/QPushButton#voidButton``: classes (and object names) from the
    window down."""
    parts: list[str] = []
    w: QWidget | None = widget
    while w is not None:
        name = w.objectName()
        parts.append(type(w).__name__ + (f"#{name}" if name else ""))
        if w.isWindow():
            break
        w = w.parentWidget()
    return "/".join(reversed(parts))


def split_text(text: str) -> list[str]:
    """The pieces of one widget's text a source string could be: rich text without its tags
    (each cell or line apart), plain text line by line."""
    if GuiQt.mightBeRichText(text) or _TAG.search(text):
        text = _TAG.sub("\n", re.sub(r"<br\s*/?>", "\n", text, flags=re.I))
        text = html.unescape(text)
    return [piece.strip() for piece in re.split(r"[\n\t\u2029]", text) if piece.strip()]


def _model_texts(model: QAbstractItemModel | None, view: QAbstractItemView) -> list[str]:
    if model is None:
        return []
    out: list[str] = []
    header = getattr(view, "horizontalHeader", None)
    columns = model.columnCount()
    hidden = {c for c in range(columns) if header is not None and header().isSectionHidden(c)}
    shown_header = header is not None and not header().isHidden()
    for c in range(columns):
        if c in hidden:
            continue
        if shown_header:
            value = model.headerData(c, Qt.Orientation.Horizontal,
                                     Qt.ItemDataRole.DisplayRole)
            if isinstance(value, str):
                out.append(value)
        for r in range(min(model.rowCount(), ROWS)):
            index = model.index(r, c)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.data(index, role)
                if isinstance(value, str):
                    out.append(value)
    return out


def _action_texts(actions: Iterable[QAction]) -> list[str]:
    out: list[str] = []
    for action in actions:
        if action.isSeparator():
            continue
        out += [action.text().replace("&", ""), action.toolTip()]
        menu = action.menu()
        if isinstance(menu, QMenu):
            out.append(menu.title().replace("&", ""))
            out += _action_texts(menu.actions())
    return out


def widget_texts(w: QWidget) -> list[str]:
    """The texts one widget shows itself (not its children's)."""
    out: list[str] = [w.toolTip()]
    if w.isWindow():
        out.append(w.windowTitle())
    if isinstance(w, QLabel):
        out.append(w.text())
    elif isinstance(w, QAbstractButton):
        out.append(w.text().replace("&", ""))
    elif isinstance(w, QGroupBox):
        out.append(w.title())
    elif isinstance(w, QTabWidget):
        out += [w.tabText(i) for i in range(w.count())]
        out += [w.tabToolTip(i) for i in range(w.count())]
    elif isinstance(w, QComboBox):
        out += [w.itemText(i) for i in range(w.count())]
        line = w.lineEdit()
        if line is not None:
            out.append(line.placeholderText())
    elif isinstance(w, QLineEdit):
        out.append(w.placeholderText())
    elif isinstance(w, (QTextEdit, QPlainTextEdit)):
        out += [w.placeholderText(), w.toPlainText()]
    elif isinstance(w, QListWidget):
        out += [w.item(i).text() for i in range(min(w.count(), ROWS))]
    elif isinstance(w, QAbstractItemView) and not isinstance(w, QHeaderView):
        out += _model_texts(w.model(), w)
    out += _action_texts(w.actions())
    return out


def visible_texts(widget: QWidget) -> Texts:
    """(widget path, text) of ``widget`` and every visible widget below it: labels (rich text
    without its tags), buttons, group box titles, tab texts, window titles, placeholders,
    combo box items, tooltips, the headers and top rows of item views, actions and menus."""
    out: Texts = []
    for w in [widget, *widget.findChildren(QWidget)]:
        if not w.isVisible():
            continue
        path = widget_path(w)
        for text in widget_texts(w):
            out += [(path, piece) for piece in split_text(text or "")]
    return out


# ---------------------------------------------------------------------------- screens
def played_database(folder: Path, *, complete: int = 2, in_progress_inputs: int = 9) -> str:
    """A SQLite hand log with ``complete`` hands and one hand in progress; its URL."""
    url = f"sqlite:///{folder}/screens.sqlite3"
    services = Services.open(url)
    try:
        world = make_world(services)
        rng = random.Random(13)
        for _ in range(complete):
            play_hand(world, rng)
        play_hand(world, rng, inputs=in_progress_inputs)
    finally:
        services.close()
    return url


def _sign_in(d: Driver, name: str, pin: str) -> None:
    d.sign_in(name, pin)
    d.qtbot.waitUntil(lambda: d.window.stack.currentWidget() is d.window.tables)


def walk_dealer(qtbot: QtBot, url: str) -> tuple[Driver, Texts]:
    """The dealer window's screens, each as a person sees it; the driver (for the review;
    ``dispose()`` it) and the texts, each path starting with the screen's name."""
    application()
    backend = Backend.open(url)
    window, controller = build(backend)
    window.resize(1280, 800)
    window.show()
    d = Driver(qtbot, window, controller, backend)
    qtbot.waitExposed(d.window)
    texts: Texts = []

    def take(screen: str, widget: QWidget) -> None:
        texts.extend((f"{screen}: {path}", text) for path, text in visible_texts(widget))

    take("sign-in", d.window)
    _sign_in(d, DEALER, DEALER_PIN)
    take("tables", d.window)
    d.open_first_table()
    qtbot.waitUntil(lambda: d.window.stack.currentWidget() is d.page)
    tabs = d.page.tabs
    for i in range(tabs.count()):
        tabs.setCurrentIndex(i)
        take(f"table, tab {i}", d.window)
    tabs.setCurrentIndex(0)
    d.page.toggle_key_map(True)
    take("key map", d.page.key_map)
    d.page.toggle_key_map(False)
    view = d.page.log_view
    rows = [r for r in range(d.page.log_model.rowCount())
            if d.page.log_model.row(r).event is not None]
    assert rows, "the hand in progress has inputs"
    view.selectRow(rows[-1])
    dialog = d.controller.supervisor.correct_selected()
    assert isinstance(dialog, QDialog)
    qtbot.waitExposed(dialog)
    take("correct input", dialog)
    dialog.reject()
    return d, texts


class Holder:
    """The dealer window's backend shape for the review: an object with ``services``."""

    def __init__(self, services: Services) -> None:
        self.services = services


def walk_review(qtbot: QtBot, services: Services) -> Texts:
    """The review window for the supervisor and its windows and dialogs, on ``services``."""
    from dealer_app.gui.review import open_review_window
    from dealer_app.gui.review.dialogs import SignInDialog, VoidHandDialog
    from dealer_app.gui.review.session_dialogs import AdjustStackDialog, CloseSessionDialog
    from dealer_app.gui.review.window import ReviewWindow

    boss = _staff(services, BOSS)
    window = open_review_window(Holder(services), boss)
    assert isinstance(window, ReviewWindow)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    texts: Texts = []

    def take(screen: str, widget: QWidget) -> None:
        texts.extend((f"{screen}: {path}", text) for path, text in visible_texts(widget))

    qtbot.waitUntil(lambda: window.model.rowCount() >= 3)
    window.view.selectRow(0)
    take("review", window)
    hand_id = window.model.hand_id(0)
    assert hand_id is not None
    detail = window.open_hand(hand_id)
    qtbot.waitExposed(detail)
    take("hand replay", detail)
    detail.close()
    opened: list[tuple[str, QWidget | None]] = [
        ("session report", window.show_session_report()),
        ("player history", window.show_player_history()),
        ("audit log", window.show_audit())]
    window.verify_log()
    opened.append(("integrity check", window.integrity_dialog))
    backend = window.backend
    hand = window.current_hand()
    session = backend.session(hand.session_id) if hand and hand.session_id else None
    assert hand is not None and session is not None
    acts: list[tuple[str, QDialog]] = [
        ("void", VoidHandDialog.for_summary(backend, hand, boss, window)),
        ("adjust stack", AdjustStackDialog(backend, session, boss, window)),
        ("close session", CloseSessionDialog(backend, session, boss, window)),
        ("sign-in", SignInDialog(backend, window))]
    for name, dialog in [*opened, *acts]:
        assert dialog is not None, name
        dialog.show()
        qtbot.waitExposed(dialog)
        take(name, dialog)
        dialog.close()
    window.close()
    return texts


def _staff(services: Services, name: str) -> StaffMember:
    return next(s for s in services.staff.list_staff() if s.name == name)


def walk_everything(qtbot: QtBot, folder: Path) -> Texts:
    """Every screen of the dealer window and the review, on a fresh played hand log."""
    url = played_database(folder)
    driver, texts = walk_dealer(qtbot, url)
    try:
        texts += walk_review(qtbot, driver.backend.services)
    finally:
        driver.dispose()  # the window, its dialogs and its backend
    return texts


__all__ = ["Holder", "Texts", "World", "played_database", "visible_texts", "walk_dealer",
           "walk_everything", "walk_review", "widget_path"]
