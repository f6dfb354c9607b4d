"""Issue 23: printing the hand report and the session report from the review through the
print dialog (a QPrinter writing a PDF file here: no real printer); Cancel prints nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPageLayout
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from dealer_app.gui.review import open_review_window
from dealer_app.gui.review.window import ReviewWindow
from dealer_app.services import Services

from .datagen import World


class Holder:
    def __init__(self, services: Services) -> None:
        self.services = services


@pytest.fixture
def window(qtbot: QtBot, played: World, monkeypatch: pytest.MonkeyPatch
           ) -> Iterator[ReviewWindow]:
    for name in ("information", "warning", "critical"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(lambda *a, **k: None))
    win = open_review_window(Holder(played.svc), played.boss)
    assert isinstance(win, ReviewWindow)
    qtbot.addWidget(win)
    qtbot.waitExposed(win)
    yield win
    if win.report_dialog is not None:
        win.report_dialog.close()


def _to_file(window: ReviewWindow, path: Path) -> QPrinter:
    """The window's printer set to write a PDF file (as "Print to file" does)."""
    printer = window.printing._printer()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def _dialog(qtbot: QtBot, window: ReviewWindow) -> QPrintDialog:
    qtbot.waitUntil(lambda: window.printing.dialog is not None
                    and window.printing.dialog.isVisible())
    dialog = window.printing.dialog
    assert dialog is not None
    return dialog


def _pages(path: Path) -> int:
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    return data.count(b"/Type /Page") - data.count(b"/Type /Pages")


def test_the_hand_report_prints_through_the_print_dialog(
        qtbot: QtBot, window: ReviewWindow, tmp_path: Path) -> None:
    out = tmp_path / "printed-hand.pdf"
    printer = _to_file(window, out)
    window.view.selectRow(0)
    qtbot.mouseClick(window.buttons["printHand"], Qt.MouseButton.LeftButton)
    dialog = _dialog(qtbot, window)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.printing.dialog is None)
    assert out.exists() and _pages(out) >= 1 and window.printing.printed >= 1
    assert "sent to the printer" in window.status_line.text()
    # the PDF's page: A4 portrait
    assert printer.pageLayout().pageSize().id() == printer.pageLayout().pageSize().PageSizeId.A4
    assert printer.pageLayout().orientation() is QPageLayout.Orientation.Portrait


def test_cancel_prints_nothing(qtbot: QtBot, window: ReviewWindow, tmp_path: Path) -> None:
    out = tmp_path / "never.pdf"
    _to_file(window, out)
    window.view.selectRow(0)
    qtbot.mouseClick(window.buttons["printHand"], Qt.MouseButton.LeftButton)
    dialog = _dialog(qtbot, window)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.printing.dialog is None)
    assert not out.exists() and window.printing.printed == 0
    assert window.status_line.text() == "Printing cancelled; nothing was printed."


def test_the_session_report_prints_its_pages(qtbot: QtBot, window: ReviewWindow,
                                             tmp_path: Path) -> None:
    out = tmp_path / "printed-session.pdf"
    _to_file(window, out)
    report = window.show_session_report()
    assert report is not None
    qtbot.mouseClick(report.print_button, Qt.MouseButton.LeftButton)
    dialog = _dialog(qtbot, window)
    assert dialog.parent() is report
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.printing.dialog is None)
    pdf = tmp_path / "saved.pdf"
    from dealer_app.gui.review import exports

    exports.write_session_pdf(window.backend.session_report(report.session_id), pdf)
    assert _pages(out) == window.printing.printed >= _pages(pdf) >= 2
    QApplication.processEvents()
