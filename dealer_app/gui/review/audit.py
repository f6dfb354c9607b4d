"""The audit view: every supervisor act, sign-in, refused attempt, lockout and unlock, with
who, when, why and the hand or session it touched; filtered, and exported as CSV."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import IO, cast

from PySide6.QtCore import QModelIndex, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.files import save_path
from dealer_app.gui.review.models import HAND_ID_ROLE
from dealer_app.gui.review.moments import MomentEdit
from dealer_app.gui.review.report_models import AuditModel
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.toolkit.screen import resize_within_screen
from dealer_app.services import StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.services.reports import atomic_write, iso_z
from dealer_app.services.review import AUDIT_KINDS
from dealer_app.text import tr, tr_noop

CSV_COLUMNS = ("at_utc", "staff", "role", "kind", "act", "reason", "table", "hand_number",
               "hand_id", "session_id", "detail")


KIND_LABELS = {"supervisor act": tr_noop("Supervisor act"), "sign-in": tr_noop("Sign-in"),
               "refused": tr_noop("Refused"), "lockout": tr_noop("Lockout"),
               "unlock": tr_noop("Unlock"), "other": tr_noop("Other")}
"""The audit kinds' names in the filter (the kinds themselves are stored values)."""


def csv_cell(value: str) -> str:
    """A cell a spreadsheet will not run as a formula."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


class AuditDialog(QDialog):
    """The audit record, newest first. Double-click (or Enter on) a row that touched a
    hand: ``open_hand`` with its id."""

    open_hand = Signal(int)

    def __init__(self, backend: ReviewBackend, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.setObjectName("auditView")
        self.setWindowTitle(tr("Audit log"))
        resize_within_screen(self, 1240, 640)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.since = MomentEdit("auditSince")
        self.staff = QLineEdit()
        self.staff.setObjectName("auditStaff")
        self.staff.setPlaceholderText(tr("any staff"))
        self.staff.setClearButtonEnabled(True)
        self.kind = QComboBox()
        self.kind.setObjectName("auditKind")
        self.kind.addItem(tr("Every kind"), None)
        for kind in AUDIT_KINDS:
            self.kind.addItem(tr(KIND_LABELS[kind]) if kind in KIND_LABELS
                              else kind.capitalize(), kind)
        for label, widget in ((tr("Since"), self.since), (tr("Staff"), self.staff),
                              (tr("Kind"), self.kind)):
            bar.addWidget(QLabel(label))
            bar.addWidget(widget, 1)
        self.export_button = QPushButton(tr("Export CSV…"))
        self.export_button.setObjectName("auditExport")
        self.export_button.clicked.connect(self.export_csv)
        bar.addWidget(self.export_button)
        layout.addLayout(bar)
        self.model = AuditModel(self)
        self.view = QTableView()
        self.view.setObjectName("auditTable")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.verticalHeader().setVisible(False)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(AuditModel.COL_DETAIL, QHeaderView.ResizeMode.Stretch)
        for col, width in ((AuditModel.COL_AT, 190), (AuditModel.COL_BY, 150),
                           (AuditModel.COL_KIND, 110), (AuditModel.COL_ACT, 170),
                           (AuditModel.COL_REASON, 220), (AuditModel.COL_TOUCHED, 190)):
            self.view.setColumnWidth(col, width)
        self.view.doubleClicked.connect(self._open)
        self.view.activated.connect(self._open)
        layout.addWidget(self.view, 1)
        foot = QHBoxLayout()
        self.status = QLabel()
        self.status.setObjectName("auditStatus")
        foot.addWidget(self.status, 1)
        close = QPushButton(tr("Close"))
        close.clicked.connect(self.accept)
        foot.addWidget(close)
        layout.addLayout(foot)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(250)
        self.debounce.timeout.connect(self.load)
        self.since.changed.connect(self.debounce.start)
        self.staff.textChanged.connect(self.debounce.start)
        self.kind.currentIndexChanged.connect(self.load)
        self.load()

    def load(self) -> None:
        self.debounce.stop()
        if self.since.problem:
            self.status.setText(self.since.problem)
            return
        try:
            lines = self.backend.audit_lines(since=self.since.moment(),
                                             kind=self.kind.currentData(),
                                             staff=self.staff.text().strip() or None)
        except (StorageError, ServiceError) as exc:
            self.status.setText(error_text(exc))
            return
        self.model.set_lines(lines)
        self.status.setText((tr("{count} entry") if len(lines) == 1
                             else tr("{count} entries")).format(count=amount(len(lines)))
                            if lines else tr("No audit entry matches these filters."))

    def _open(self, index: QModelIndex) -> None:
        hand_id = self.model.data(index, HAND_ID_ROLE)
        if hand_id is not None:
            self.open_hand.emit(int(hand_id))

    def write_csv(self, path: str | Path) -> int:
        """Writes the rows shown to ``path`` (whole or not at all); returns their number."""
        with atomic_write(path, newline="") as out:
            writer = csv.writer(cast(IO[str], out))
            writer.writerow(CSV_COLUMNS)
            for line in self.model.lines:
                r = line.record
                writer.writerow([iso_z(r.at), csv_cell(r.by), line.role or "", line.kind,
                                 r.act, csv_cell(r.reason or ""), csv_cell(line.table or ""),
                                 "" if line.hand_number is None else line.hand_number,
                                 "" if r.hand_id is None else r.hand_id,
                                 "" if r.session_id is None else r.session_id,
                                 csv_cell(line.detail_text)])
        return len(self.model.lines)

    def export_csv(self) -> int | None:
        path = save_path(self, tr("Export the audit log"), "audit.csv",
                         tr("CSV files (*.csv)"))
        if not path:
            return None
        try:
            written = self.write_csv(path)
        except OSError as exc:
            self.status.setText(tr("Export failed: {error}").format(error=exc))
            return None
        self.status.setText(tr("{count} entries written to {path}").format(
            count=amount(written), path=path))
        return written


__all__ = ["AuditDialog"]
