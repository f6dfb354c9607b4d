"""Long work (integrity check, exports) under a cancellable QProgressDialog.

The work runs in the GUI thread and calls ``progress(done, total)`` between items; the
dialog's events are processed there, so Cancel is seen at the next item. Work that writes
files writes them to a temporary name and renames at the end, so a cancel leaves nothing
half-written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from dealer_app.gui.toolkit.i18n import amount
from dealer_app.services.core.common import CancelFn, ProgressFn
from dealer_app.text import tr

T = TypeVar("T")
Work = Callable[[ProgressFn, CancelFn], T]


def make_progress_dialog(parent: QWidget | None, title: str, label: str) -> QProgressDialog:
    dialog = QProgressDialog(label, tr("Cancel"), 0, 0, parent)
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(300)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setMinimumWidth(420)
    return dialog


def run_with_progress(parent: QWidget | None, title: str, label: str, work: Work[T]) -> T:
    """Runs ``work(progress, cancel)`` with a progress dialog; returns what it returns."""
    dialog = make_progress_dialog(parent, title, label)

    def progress(done: int, total: int) -> None:
        if dialog.maximum() != total:
            dialog.setMaximum(max(total, 1))
        dialog.setValue(min(done, max(total, 1)))
        dialog.setLabelText(label + "\n" + tr("{done} of {total}").format(
            done=amount(done), total=amount(total)))
        QApplication.processEvents()

    def cancel() -> bool:
        QApplication.processEvents()
        return dialog.wasCanceled()

    try:
        return work(progress, cancel)
    finally:
        dialog.reset()
        dialog.close()
        dialog.deleteLater()
