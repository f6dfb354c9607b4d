"""The integrity check's verdict, saved as text or printed."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import IO, cast

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.review.captions import when
from dealer_app.gui.review.files import save_path
from dealer_app.gui.review.models import amount
from dealer_app.services import BrokenHand, VerifyReport
from dealer_app.services.reports import atomic_write
from dealer_app.text import tr


class IntegrityDialog(QDialog):
    """The integrity check's verdict: every hand, stack move, staff change, audit row or
    checkpoint found changed outside the app. A row of a hand opens it (``open_hand``); the
    verdict can be saved and printed."""

    open_hand = Signal(int)

    def __init__(self, report: VerifyReport, parent: QWidget | None = None, *,
                 names: Mapping[int, str] | None = None) -> None:
        super().__init__(parent)
        self.report = report
        self.names = dict(names or {})
        """``Table 4 hand 10,131`` by hand id: what each finding of a hand is named by."""
        self.checked_at = datetime.now().astimezone()
        self.setObjectName("integrityResult")
        self.setWindowTitle(tr("Log integrity"))
        self.resize(900, 460)
        layout = QVBoxLayout(self)
        verdict = QLabel()
        verdict.setObjectName("reconciliation")
        verdict.setWordWrap(True)
        verdict.setText(self.verdict_text())
        # green only for a whole check that found nothing; a cancelled one is not a verdict
        verdict.setProperty("balanced", report.ok)
        if report.cancelled and not report.broken:
            verdict.setStyleSheet("color: #ffb74d; font-weight: bold;")
        self.verdict = verdict
        layout.addWidget(verdict)
        self.table = QTableWidget(len(report.broken), 3)
        self.table.setObjectName("brokenHands")
        self.table.setHorizontalHeaderLabels([tr("Id"), tr("Hand"), tr("What does not hold")])
        self.table.verticalHeader().setVisible(False)
        # the hand's name whole in its font once styled; a long finding wraps, not cut
        for column in (0, 1):
            self.table.horizontalHeader().setSectionResizeMode(
                column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setWordWrap(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setToolTip(tr("Double-click (or Enter) to open the hand"))
        for row, broken in enumerate(report.broken):
            name = self.names.get(broken.hand_id)
            self.table.setItem(row, 0, QTableWidgetItem(str(broken.hand_id or "—")))
            self.table.setItem(row, 1, QTableWidgetItem(name or broken.label))
            what = QTableWidgetItem(self.finding(broken) if name else broken.reason)
            what.setToolTip(what.text())
            self.table.setItem(row, 2, what)
        self.table.resizeColumnsToContents()
        self.table.setVisible(bool(report.broken))
        self.table.cellDoubleClicked.connect(lambda row, _col: self.open_row(row))
        self.table.cellActivated.connect(lambda row, _col: self.open_row(row))
        layout.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        self.save_button = QPushButton(tr("Save…"))
        self.save_button.setObjectName("integritySave")
        self.save_button.clicked.connect(self.save)
        self.print_button = QPushButton(tr("Print…"))
        self.print_button.setObjectName("integrityPrint")
        self.print_button.clicked.connect(self.print_report)
        close = QPushButton(tr("Close"))
        close.clicked.connect(self.accept)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.print_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout.addLayout(buttons)

    def verdict_text(self) -> str:
        report = self.report
        checked, findings = amount(report.checked), amount(len(report.broken))
        if report.cancelled:
            if report.broken:
                return tr("Check CANCELLED after {checked} hands: this is not a verdict; "
                          "{changed} changed so far.").format(checked=checked, changed=findings)
            return tr("Check CANCELLED after {checked} hands: this is not a verdict; no change "
                      "found so far, the rest was not checked.").format(checked=checked)
        if report.broken:
            hands = amount(len({b.hand_id for b in report.broken if b.hand_id}))
            others = sum(1 for b in report.broken if not b.hand_id)
            if others:
                return tr("{hands} of {checked} hands were changed outside the app, and "
                          "{others} other record(s) (stack moves, staff, audit, ledger): "
                          "{findings} finding(s).").format(
                    hands=hands, checked=checked, others=amount(others), findings=findings)
            return tr("{hands} of {checked} hands were changed outside the app: {findings} "
                      "finding(s).").format(hands=hands, checked=checked, findings=findings)
        return tr("All {checked} hands are intact: every digest chain holds.").format(
            checked=checked)

    def open_row(self, row: int) -> None:
        if 0 <= row < len(self.report.broken) and self.report.broken[row].hand_id:
            self.open_hand.emit(self.report.broken[row].hand_id)

    def text(self) -> str:
        """The verdict as plain text, with when it was checked."""
        lines = [tr("Log integrity check"),
                 tr("Checked at {moment}").format(moment=when(self.checked_at)),
                 self.verdict_text(), ""]
        lines += [tr("{hand} (id {id}) — {finding}").format(
                      hand=self.names[b.hand_id], id=b.hand_id, finding=self.finding(b))
                  if b.hand_id in self.names else
                  tr("{label} (id {id}): {reason}").format(label=b.label, id=b.hand_id,
                                                           reason=b.reason)
                  if b.hand_id else f"{b.label}: {b.reason}"
                  for b in self.report.broken]
        return "\n".join(lines) + "\n"

    @staticmethod
    def finding(broken: BrokenHand) -> str:
        """The record that changed and how: ``hand event 1478 (#12) …: was changed …``."""
        return f"{broken.label}: {broken.reason}"

    def save(self, path: str | None = None) -> str | None:
        path = path or save_path(self, tr("Save the integrity result"), "integrity.txt",
                                 tr("Text files (*.txt)"))
        if not path:
            return None
        with atomic_write(path) as out:
            cast(IO[str], out).write(self.text())
        return path

    def print_report(self) -> bool:
        from PySide6.QtGui import QTextDocument
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter()
        if QPrintDialog(printer, self).exec() != QDialog.DialogCode.Accepted:
            return False
        document = QTextDocument()
        document.setPlainText(self.text())
        document.print_(printer)
        return True

