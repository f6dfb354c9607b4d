"""The integrity result is saved and printed from its buttons, with the verdict and every
finding (the printer's output read back from a PDF)."""

from __future__ import annotations

import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from dealer_app.gui.review import integrity as review_window
from dealer_app.gui.review.integrity import IntegrityDialog
from dealer_app.services import BrokenHand, VerifyReport

REPORT = VerifyReport(checked=1234, broken=[
    BrokenHand(17, "Table 4 hand 10131", "its pot 0 is stored, but its log gives 120"),
    BrokenHand(0, "stack move 88", "changed since checkpoint 3f2a-91c0-77aa-0b1e"),
])


def _dialog(qtbot: QtBot) -> IntegrityDialog:
    dialog = IntegrityDialog(REPORT)
    dialog.checked_at = datetime(2026, 11, 30, 21, 10, tzinfo=UTC)
    qtbot.addWidget(dialog)
    return dialog


def test_the_print_button_prints_the_verdict_and_every_finding(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    out = tmp_path / "printed.pdf"
    asked: list[bool] = []

    def accept(dialog: QPrintDialog) -> int:  # the person picks a printer and presses Print
        asked.append(True)
        printer = dialog.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(out))
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(QPrintDialog, "exec", accept)
    dialog = _dialog(qtbot)
    qtbot.mouseClick(dialog.print_button, Qt.MouseButton.LeftButton)
    assert asked and out.exists()
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "Log integrity check" in text
    assert "1 of 1,234 hands were changed outside the app" in text
    assert "Table 4 hand 10131 (id 17): its pot 0 is stored, but its log gives 120" in text
    assert "stack move 88: changed since checkpoint 3f2a-91c0-77aa-0b1e" in text


def test_a_cancelled_print_dialog_prints_nothing(qtbot: QtBot, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QPrintDialog, "exec",
                        lambda _dialog: QDialog.DialogCode.Rejected.value)
    dialog = _dialog(qtbot)
    assert dialog.print_report() is False


def test_the_save_button_writes_the_same_text(qtbot: QtBot, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "integrity.txt"
    monkeypatch.setattr(review_window, "save_path", lambda *_args: str(target))
    dialog = _dialog(qtbot)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    saved = target.read_text()
    assert saved == dialog.text()
    assert saved.splitlines()[:2] == ["Log integrity check",
                                      f"Checked at {review_window.when(dialog.checked_at)}"]
    assert "(id 17)" in saved and "stack move 88" in saved
