"""The floor supervisor's window: the hand log browser with its filters, and the acts,
checks, reports and exports reached from it."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import IO, cast

from PySide6.QtCore import QModelIndex, QPoint, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.review import exports
from dealer_app.gui.review.audit import AuditDialog
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.captions import when
from dealer_app.gui.review.chart import render_history
from dealer_app.gui.review.dialogs import (
    AdjustStackDialog,
    CloseSessionDialog,
    SettleOwedDialog,
    SupervisorActDialog,
    VoidHandDialog,
)
from dealer_app.gui.review.files import day, folder_path, readable_name, save_path
from dealer_app.gui.review.filter_bar import FilterBar
from dealer_app.gui.review.history import PlayerHistoryDialog
from dealer_app.gui.review.models import ROLE_LABELS, STATUS_WORDS, HandListModel, amount
from dealer_app.gui.review.moments import MomentEdit
from dealer_app.gui.review.printing import ReviewPrinting
from dealer_app.gui.review.replay import HandDetailWindow
from dealer_app.gui.review.report import SessionReportDialog
from dealer_app.gui.review.style import apply_style
from dealer_app.gui.review.tasks import run_with_progress
from dealer_app.gui.screen import resize_within_screen
from dealer_app.gui.views.number_box import NumberBox
from dealer_app.services import (
    BrokenHand,
    HandQuery,
    HandStatus,
    HandSummary,
    SessionInfo,
    StaffMember,
    StorageError,
    VerifyReport,
)
from dealer_app.services.reports import atomic_write
from dealer_app.text import tr, tr_noop

CORRECTED = "corrected"
"""The status filter's choice for hands a supervisor corrected (any status)."""
STATUS_CHOICES = ((tr_noop("Any status"), None), (tr_noop("Complete"), HandStatus.COMPLETE),
                  (tr_noop("Void"), HandStatus.VOID),
                  (tr_noop("In progress"), HandStatus.IN_PROGRESS),
                  (tr_noop("Corrected"), CORRECTED))
DEFAULT_SIZE = (1600, 940)
NO_SESSION = -1
"""The session filter of a dealer with no open session: no hand matches it."""
GO_TO_HINT = tr_noop("Table 4 10131, or id 18131")


def parse_go_to(text: str) -> tuple[str | None, int | None, int | None]:
    """``(table, number, hand_id)`` from the go-to box: ``id 18131`` (a hand id),
    ``Table 4 10131`` / ``Table 4 #10,131`` / ``Table 4 hand 10131`` (a table and a hand
    number), or ``10131`` alone (a hand number; the table comes from elsewhere).
    Raises ValueError with a message fit to show."""
    words = " ".join(text.strip().split())
    m = re.fullmatch(r"(?i)(?:hand\s*)?id\s*#?\s*([\d,]+)", words)
    if m:
        return None, None, _number(m[1])
    m = re.fullmatch(r"(?i)(?:(.*?)[\s·,:]+)?(?:hand\s*|#\s*|no\.?\s*)?([\d,]+)", words)
    if not m or not words:
        raise ValueError(tr("Go to: type a table and hand number or a hand id ({hint})")
                         .format(hint=tr(GO_TO_HINT)))
    table = (m[1] or "").strip() or None
    return table, _number(m[2]), None


def _number(text: str) -> int:
    digits = text.replace(",", "")
    if not digits.isdigit() or len(digits) > 12:
        raise ValueError(tr("Go to: {text} is not a number").format(text=repr(text)))
    return int(digits)


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


class ReviewWindow(QMainWindow):
    """All hands across tables and sessions, filtered and sorted by the services.

    A supervisor sees every hand and every act; a dealer (``staff`` with the dealer role)
    sees only the hands of the open session they deal, and no supervisor button."""

    def __init__(self, backend: ReviewBackend, staff: StaffMember | None = None,
                 parent: QWidget | None = None, *, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        backend = backend.seen_by(staff)  # the services keep a dealer to their open session
        self.backend = backend
        self.staff = staff
        self.restricted = backend.viewer.restricted
        self.own_session: SessionInfo | None = None
        if self.restricted:
            self.own_session = next(iter(backend.sessions()), None)
        self.settings = settings if settings is not None else QSettings("dealer-app", "review")
        self.details: dict[int, HandDetailWindow] = {}
        self.report_dialog: SessionReportDialog | None = None
        self.integrity_dialog: IntegrityDialog | None = None
        self.audit_dialog: AuditDialog | None = None
        self.history_dialog: PlayerHistoryDialog | None = None
        self.printing = ReviewPrinting(self)  # Print hand… and the report's Print…
        self.last_load_ms = 0.0
        self.setObjectName("reviewWindow")
        self.setWindowTitle(tr("Hand log — dealer") if self.restricted
                            else tr("Hand log — floor supervisor"))
        central = QWidget()
        self.setCentralWidget(central)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        head = QHBoxLayout()
        title = QLabel(tr("Hand log"))
        title.setObjectName("reviewTitle")
        parts = [backend.db_url]
        if staff is not None:
            parts.append(tr("{name} ({role})").format(
                name=staff.name, role=tr(ROLE_LABELS[staff.role])))
        if self.restricted:
            parts.append(tr("your open session #{session} at {table}").format(
                session=self.own_session.id, table=self.own_session.table_name)
                if self.own_session is not None else tr("you have no open session"))
        self.subtitle = QLabel(" · ".join(parts))
        self.subtitle.setObjectName("reviewSubtitle")
        self.subtitle.setMinimumWidth(100)
        head.addWidget(title)
        head.addSpacing(16)
        head.addWidget(self.subtitle, 1)
        layout.addLayout(head)
        layout.addWidget(self._build_filters())
        for row in self._build_actions():
            layout.addLayout(row)
        self.model = HandListModel(backend, parent=self)
        self.empty_label = QLabel()
        self.empty_label.setObjectName("emptyResult")
        self.empty_label.setStyleSheet("color: #ffb74d; font-size: 15px; padding: 6px;")
        self.empty_label.hide()
        layout.addWidget(self.empty_label)
        self.view = QTableView()
        self.view.setObjectName("handList")
        self.view.setModel(self.model)
        self.view.setSortingEnabled(False)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(30)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionsClickable(True)
        header.setSortIndicatorShown(True)
        header.setSortIndicator(HandListModel.COL_STARTED, Qt.SortOrder.DescendingOrder)
        header.sectionClicked.connect(self._header_clicked)
        # narrow enough that the players keep room at 1024 px (issue 23); widened by hand
        widths = {HandListModel.COL_TABLE: 110, HandListModel.COL_NUMBER: 64,
                  HandListModel.COL_STARTED: 180, HandListModel.COL_DEALER: 100,
                  HandListModel.COL_STATUS: 120, HandListModel.COL_POT: 80,
                  HandListModel.COL_PLAYERS: 300, HandListModel.COL_SESSION: 75,
                  HandListModel.COL_ID: 60}
        for col, width in widths.items():
            self.view.setColumnWidth(col, width)
        header.setSectionResizeMode(HandListModel.COL_PLAYERS, QHeaderView.ResizeMode.Stretch)
        self.view.doubleClicked.connect(self._open_index)
        self.view.activated.connect(self._open_index)
        layout.addWidget(self.view, 1)
        self.count_label = QLabel()
        self.count_label.setObjectName("countLabel")
        self.status_line = QLabel()
        self.status_line.setObjectName("reviewSubtitle")
        self.status_line.setMinimumWidth(100)
        foot = QHBoxLayout()
        foot.addWidget(self.count_label)
        foot.addStretch(1)
        foot.addWidget(self.status_line)
        layout.addLayout(foot)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(250)
        self.debounce.timeout.connect(self.apply_filters)
        for keys, slot in (("Ctrl+G", self.focus_go_to), ("Ctrl+F", self.player_edit.setFocus),
                           ("Ctrl+L", self.clear_filters)):
            QShortcut(QKeySequence(keys), self).activated.connect(slot)
        apply_style(self)
        self._restore_size()
        self.apply_filters()

    # ------------------------------------------------------------------ size
    def _restore_size(self) -> None:
        """The size the user left it at, else the default size within the screen."""
        self.setMinimumSize(1000, 600)
        size = self.settings.value("size")
        if isinstance(size, QSize) and size.isValid():
            self.resize(size)
            position = self.settings.value("position")
            if isinstance(position, QPoint):
                self.move(position)
            return
        resize_within_screen(self, *DEFAULT_SIZE)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.settings.setValue("size", self.size())
        self.settings.setValue("position", self.pos())
        self.settings.sync()
        super().closeEvent(event)

    # ------------------------------------------------------------------ building
    def _build_filters(self) -> QWidget:
        self.table_box = QComboBox()
        self.table_box.setObjectName("filterTable")
        self.table_box.addItem(tr("All tables"), None)
        for t in self.backend.tables():
            self.table_box.addItem(t.name, t.id)
        self.session_box = QComboBox()
        self.session_box.setObjectName("filterSession")
        self.dealer_box = QComboBox()
        self.dealer_box.setObjectName("filterDealer")
        self.dealer_box.addItem(tr("All dealers"), None)
        for member in self.backend.staff():
            self.dealer_box.addItem(member.name, member.id)
        self.player_edit = QLineEdit()
        self.player_edit.setObjectName("filterPlayer")
        self.player_edit.setPlaceholderText(tr("any part of a name"))
        self.player_edit.setClearButtonEnabled(True)
        self.status_box = QComboBox()
        self.status_box.setObjectName("filterStatus")
        for label, status in STATUS_CHOICES:
            self.status_box.addItem(tr(label), status)
        self.since_edit = MomentEdit("filterSince")
        self.until_edit = MomentEdit("filterUntil", end=True)
        self.min_pot = self._pot_edit("filterMinPot")
        self.max_pot = self._pot_edit("filterMaxPot")
        self.clear_button = QPushButton(tr("Clear filters"))
        self.clear_button.setObjectName("clearFilters")
        self.clear_button.setToolTip(tr("Every filter back to any, and the newest hands first "
                                        "(Ctrl+L)"))
        cells: list[tuple[str, QWidget]] = [
            (tr("Table"), self.table_box), (tr("Session"), self.session_box),
            (tr("Dealer"), self.dealer_box), (tr("Player"), self.player_edit),
            (tr("Status"), self.status_box), (tr("From"), self.since_edit),
            (tr("Until"), self.until_edit), (tr("Pot from"), self.min_pot),
            (tr("Pot to"), self.max_pot)]
        self.clear_button.setMinimumWidth(self.clear_button.sizeHint().width())
        for combo in (self.table_box, self.session_box, self.dealer_box, self.status_box):
            # the lists give up width before a button does (a 1024-pixel screen, Swedish)
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        box = FilterBar(cells, self.clear_button)
        self._fill_sessions()
        if self.restricted:
            for combo in (self.table_box, self.session_box, self.dealer_box):
                combo.setEnabled(False)
                combo.setToolTip(tr("A dealer sees the hands of their own open session"))
        self.table_box.currentIndexChanged.connect(self._table_changed)
        for combo in (self.session_box, self.dealer_box, self.status_box):
            combo.currentIndexChanged.connect(self.schedule_filters)
        self.player_edit.textChanged.connect(self.schedule_filters)
        for edit in (self.since_edit, self.until_edit):
            edit.changed.connect(self.schedule_filters)
        for spin in (self.min_pot, self.max_pot):
            spin.valueChanged.connect(self.schedule_filters)
        self.clear_button.clicked.connect(self.clear_filters)
        return box

    @staticmethod
    def _pot_edit(name: str) -> QSpinBox:
        spin = NumberBox(0, 0, 100_000_000)
        spin.setObjectName(name)
        spin.setSingleStep(50)
        spin.setSpecialValueText(tr("any"))
        spin.setGroupSeparatorShown(True)
        return spin

    def _build_actions(self) -> list[QHBoxLayout]:
        self.buttons: dict[str, QPushButton] = {}
        first = QHBoxLayout()
        go_label = QLabel(tr("Go to"))
        self.goto_edit = QLineEdit()
        self.goto_edit.setObjectName("goToHand")
        self.goto_edit.setPlaceholderText(tr(GO_TO_HINT))
        self.goto_edit.setToolTip(tr("A table and hand number, or a hand id; Enter opens the "
                                     "hand (Ctrl+G)"))
        self.goto_edit.setMinimumWidth(
            self.goto_edit.fontMetrics().horizontalAdvance(tr(GO_TO_HINT)) + 40)
        self.goto_edit.returnPressed.connect(self.go_to)
        go_label.setBuddy(self.goto_edit)
        first.addWidget(go_label)
        first.addWidget(self.goto_edit, 1)
        # three rows (a hand; the supervisor's acts and the records; the whole log), so
        # that each fits a 1024-pixel-wide screen in every language
        rows = (first, QHBoxLayout(), QHBoxLayout())
        supervisor_only = {"voidHand", "adjustStack", "closeSession", "verifyLog", "auditLog"}
        for row, name, text, slot in (
                (0, "goToButton", tr("Go"), self.go_to),
                (0, "openHand", tr("Open hand"), self.open_selected),
                (0, "playerHistory", tr("Player history…"), self.show_player_history),
                (0, "handPdf", tr("Hand PDF…"), self.export_hand_pdf),
                (1, "voidHand", tr("Void hand…"), self.void_selected),
                (1, "adjustStack", tr("Adjust stack…"), self.adjust_stack),
                (1, "closeSession", tr("Close session…"), self.close_session),
                (1, "exportRecords", tr("Export records…"), self.export_records),
                (1, "printHand", tr("Print hand…"), self.printing.print_hand),
                (2, "sessionReport", tr("Session report…"), self.show_session_report),
                (2, "verifyLog", tr("Check integrity…"), self.verify_log),
                (2, "auditLog", tr("Audit log…"), self.show_audit),
                (2, "exportCsv", tr("Export CSV…"), self.export_csv)):
            button = QPushButton(text)
            button.setObjectName(name)
            button.clicked.connect(lambda _checked=False, f=slot: f())
            button.setMinimumWidth(button.sizeHint().width())
            self.buttons[name] = button
            rows[row].addWidget(button)
            if name == "goToButton":
                rows[row].addSpacing(12)
            if self.restricted and name in supervisor_only:
                button.hide()
        self.buttons["voidHand"].setProperty("class", "danger")
        for layout in rows:
            layout.addStretch(1)
        return list(rows)

    # ------------------------------------------------------------------ filters
    def _fill_sessions(self) -> None:
        self.session_box.blockSignals(True)
        self.session_box.clear()
        if self.restricted:
            s = self.own_session
            self.session_box.addItem(
                tr("#{session} {table} (open)").format(session=s.id, table=s.table_name)
                if s is not None else tr("no open session"),
                s.id if s is not None else NO_SESSION)
            self.session_box.blockSignals(False)
            return
        self.session_box.addItem(tr("All sessions"), None)
        table_id = self.table_box.currentData()
        for s in self.backend.sessions(table_id):
            text = (tr("#{session} {table} · {dealer} · {opened} (open)") if s.is_open
                    else tr("#{session} {table} · {dealer} · {opened} (closed)"))
            self.session_box.addItem(text.format(session=s.id, table=s.table_name,
                                                 dealer=s.dealer,
                                                 opened=when(s.opened_at, seconds=False)),
                                     s.id)
        self.session_box.blockSignals(False)

    def _table_changed(self) -> None:
        self._fill_sessions()
        self.schedule_filters()

    def schedule_filters(self) -> None:
        self.debounce.start()

    def current_query(self) -> HandQuery:
        status = self.status_box.currentData()
        session_id = self.session_box.currentData()
        if self.restricted:
            session_id = self.own_session.id if self.own_session is not None else NO_SESSION
        return HandQuery(
            table_id=None if self.restricted else self.table_box.currentData(),
            session_id=session_id,
            dealer_id=None if self.restricted else self.dealer_box.currentData(),
            player=self.player_edit.text().strip() or None,
            since=self.since_edit.moment(), until=self.until_edit.moment(),
            status=None if status == CORRECTED else status,
            corrected=True if status == CORRECTED else None,
            min_pot=self.min_pot.value() or None,
            max_pot=self.max_pot.value() or None)

    def apply_filters(self) -> None:
        self.debounce.stop()
        problem = self.since_edit.problem or self.until_edit.problem
        if problem:
            self.say(tr("{problem} — the list is unchanged.").format(problem=problem))
            return
        started = time.perf_counter()
        try:
            self.model.set_query(self.current_query())
        except StorageError as exc:
            self.status_line.setText(str(exc))
            return
        self.last_load_ms = (time.perf_counter() - started) * 1000
        self._show_count()
        self.status_line.setText(tr("loaded in {ms} ms").format(ms=f"{self.last_load_ms:.0f}"))
        if self.model.rowCount():
            self.view.selectRow(0)

    def _show_count(self) -> None:
        n = self.model.rowCount()
        self.count_label.setText((tr("{count} hand") if n == 1 else tr("{count} hands"))
                                 .format(count=amount(n)))
        if n:
            self.empty_label.hide()
            return
        if self.restricted and self.own_session is None:
            text = tr("You have no open session: there is no hand of yours to show.")
        elif self.model.query == HandQuery() or (
                self.restricted and self.model.query == HandQuery(session_id=self.own_session.id
                                                                  if self.own_session else None)):
            text = tr("There is no hand in the log yet.")
        else:
            text = tr("No hand matches these filters. Clear filters (Ctrl+L) to see every hand.")
        self.empty_label.setText(text)
        self.empty_label.show()

    def clear_filters(self) -> None:
        for combo in (self.table_box, self.session_box, self.dealer_box, self.status_box):
            combo.blockSignals(True)
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        self._fill_sessions()
        for widget in (self.player_edit, self.min_pot, self.max_pot, self.since_edit,
                       self.until_edit):
            widget.blockSignals(True)
        for edit in (self.since_edit, self.until_edit):
            edit.line.blockSignals(True)
            edit.clear()
            edit.line.blockSignals(False)
            edit.problem = ""
            edit.line.setStyleSheet("")
        self.player_edit.clear()
        self.min_pot.setValue(0)
        self.max_pot.setValue(0)
        for widget in (self.player_edit, self.min_pot, self.max_pot, self.since_edit,
                       self.until_edit):
            widget.blockSignals(False)
        # the default order again: newest first
        self.model.sort_column = HandListModel.COL_STARTED
        self.model.descending = True
        self.view.horizontalHeader().setSortIndicator(HandListModel.COL_STARTED,
                                                      Qt.SortOrder.DescendingOrder)
        self.apply_filters()

    def _header_clicked(self, column: int) -> None:
        header = self.view.horizontalHeader()
        if column not in HandListModel.SORT_KEYS:
            self.status_line.setText(tr("{column} cannot be sorted").format(
                column=tr(HandListModel.HEADERS[column])))
            header.setSortIndicator(self.model.sort_column,
                                    Qt.SortOrder.DescendingOrder if self.model.descending
                                    else Qt.SortOrder.AscendingOrder)
            return
        if column == self.model.sort_column:
            order = Qt.SortOrder.AscendingOrder if self.model.descending \
                else Qt.SortOrder.DescendingOrder
        else:
            order = Qt.SortOrder.DescendingOrder if column in (
                HandListModel.COL_STARTED, HandListModel.COL_POT) else Qt.SortOrder.AscendingOrder
        header.setSortIndicator(column, order)
        self.model.sort(column, order)
        self._show_count()
        if self.model.rowCount():
            self.view.selectRow(0)

    # ------------------------------------------------------------------ go to a hand
    def focus_go_to(self) -> None:
        self.goto_edit.setFocus()
        self.goto_edit.selectAll()

    def find_hand(self, text: str) -> HandSummary:
        """The hand the go-to text names (ValueError or StorageError with the reason)."""
        table, number, hand_id = parse_go_to(text)
        if hand_id is not None:
            hand = self.backend.find_hand(None, hand_id=hand_id)
        else:
            if table is None:
                if self.restricted and self.own_session is not None:
                    table = self.own_session.table_name
                elif self.table_box.currentData() is not None:
                    table = self.table_box.currentText()
                elif len(self.backend.tables()) == 1:
                    table = self.backend.tables()[0].name
                else:
                    raise ValueError(tr("Go to: which table? ({hint})").format(
                        hint=tr(GO_TO_HINT)))
            hand = self.backend.find_hand(table, number)
        if self.restricted and (self.own_session is None
                                or hand.session_id != self.own_session.id):
            raise ValueError(tr("That hand is not in your open session."))
        return hand

    def select_hand(self, hand_id: int) -> int | None:
        """Selects a hand in the list (clearing the filters if they leave it out); its row."""
        row = self.backend.position(self.model.query, hand_id, sort=self.model.sort_key,
                                    descending=self.model.descending)
        if row is None:
            self.clear_filters()
            row = self.backend.position(self.model.query, hand_id, sort=self.model.sort_key,
                                        descending=self.model.descending)
        if row is None:
            return None
        index = self.model.index(row, 0)
        self.view.setCurrentIndex(index)
        self.view.selectRow(row)
        self.view.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        return row

    def go_to(self, text: str | None = None, *, open_it: bool = True) -> HandSummary | None:
        """Finds the hand typed in the go-to box, selects it in the list and opens it."""
        text = self.goto_edit.text() if text is None else text
        try:
            hand = self.find_hand(text)
        except (ValueError, StorageError) as exc:
            self.say(str(exc))
            self.goto_edit.setStyleSheet("border: 2px solid #ff6b6b;")
            return None
        self.goto_edit.setStyleSheet("")
        self.select_hand(hand.hand_id)
        if hand.number is not None:
            self.say(tr("{table} hand {number} (id {id})").format(
                table=hand.table, number=amount(hand.number), id=amount(hand.hand_id)))
        else:
            self.say(tr("{table} hand (id {id})").format(table=hand.table,
                                                         id=amount(hand.hand_id)))
        if open_it:
            self.open_hand(hand.hand_id)
        return hand

    def show_player_history(self) -> PlayerHistoryDialog:
        names: list[str] = []
        hand = self.current_hand()
        if hand is not None:
            names.extend(hand.players)
        typed = self.player_edit.text().strip()
        if typed:
            names.insert(0, next((n for n in names if typed.lower() in n.lower()), typed))
        dialog = PlayerHistoryDialog(self.backend, names, self)
        apply_style(dialog)
        dialog.open_hand.connect(self.open_hand)
        self.history_dialog = dialog
        dialog.show()
        return dialog

    def show_audit(self) -> AuditDialog | None:
        if self.restricted:
            self.say(tr("The audit log is for supervisors."))
            return None
        dialog = AuditDialog(self.backend, self)
        apply_style(dialog)
        dialog.open_hand.connect(self.open_hand)
        self.audit_dialog = dialog
        dialog.show()
        return dialog

    # ------------------------------------------------------------------ selection
    def selected_rows(self) -> list[int]:
        return sorted({i.row() for i in self.view.selectionModel().selectedRows()})

    def selected_hands(self) -> list[HandSummary]:
        out = []
        for row in self.selected_rows():
            h = self.model.summary(row)
            if h is not None:
                out.append(h)
        return out

    def current_hand(self) -> HandSummary | None:
        index = self.view.currentIndex()
        if index.isValid():
            return self.model.summary(index.row())
        hands = self.selected_hands()
        return hands[0] if hands else None

    def _need_hand(self) -> HandSummary | None:
        hand = self.current_hand()
        if hand is None:
            self.say(tr("Select a hand first."))
        return hand

    def _need_session(self) -> SessionInfo | None:
        session_id = self.session_box.currentData()
        if session_id is None:
            hand = self.current_hand()
            session_id = hand.session_id if hand is not None else None
        if session_id is None:
            self.say(tr("Select a hand of the session (or choose a session in the filters)."))
            return None
        return self.backend.session(int(session_id))

    def say(self, text: str, error: bool = False) -> None:
        self.status_line.setText(text)
        if error:
            QMessageBox.warning(self, tr("Hand log"), text)

    # ------------------------------------------------------------------ hands
    def _open_index(self, index: QModelIndex) -> None:
        hand_id = self.model.hand_id(index.row())
        if hand_id is not None:
            self.open_hand(hand_id)

    def open_selected(self) -> None:
        hand = self._need_hand()
        if hand is not None:
            self.open_hand(hand.hand_id)

    def open_hand(self, hand_id: int) -> HandDetailWindow | None:
        window = self.details.get(hand_id)
        if window is None:
            try:
                self.backend.check_hand(hand_id)
            except StorageError as exc:
                self.say(str(exc))
                return None
            window = HandDetailWindow(self.backend, hand_id, staff=self.staff)
            apply_style(window)
            window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            window.destroyed.connect(lambda *_: self.details.pop(hand_id, None))
            window.void_requested.connect(self.void_hand)
            window.corrected.connect(lambda _id: self.refresh())
            window.pdf_requested.connect(self.export_hand_pdf_of)
            window.record_requested.connect(lambda i: self.export_records_of([i]))
            self.details[hand_id] = window
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    # ------------------------------------------------------------------ supervisor acts
    def run_act(self, dialog: SupervisorActDialog) -> bool:
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        if accepted:
            self.status_line.setText(dialog.result_text)
            self.refresh()
        return accepted

    def refresh(self) -> None:
        current = self.current_hand()
        self.model.reload()
        row = self.model.row_of(current.hand_id) if current is not None else None
        if row is not None:
            self.view.setCurrentIndex(self.model.index(row, 0))
            self.view.selectRow(row)
        self._show_count()
        for window in list(self.details.values()):
            window.reload(window.replay.step)
        if self.report_dialog is not None and self.report_dialog.isVisible():
            self.report_dialog.load(self.report_dialog.session_id)

    def void_selected(self) -> None:
        hand = self._need_hand()
        if hand is None:
            return
        if hand.status is HandStatus.VOID:
            self.say(tr("This hand is already void."))
            return
        self.run_act(VoidHandDialog.for_summary(self.backend, hand, self.staff, self))

    def void_hand(self, hand_id: int) -> None:
        state = self.backend.hand_state(hand_id)
        label = (tr("hand {number}").format(number=state.number) if state.number is not None
                 else tr("hand id {id}").format(id=hand_id))
        pot = sum(p.amount for p in state.hand.pots()) + sum(state.hand.bets.values())
        detail = tr("{pot} in the middle, {status}").format(
            pot=amount(pot), status=tr(STATUS_WORDS[state.status]))
        self.run_act(VoidHandDialog(self.backend, hand_id, label, detail, self.staff, self))

    def adjust_stack(self, session_id: int | None = None) -> None:
        session = self.backend.session(session_id) if session_id else self._need_session()
        if session is None:
            return
        if not session.is_open:
            self.say(tr("Session {session} is closed; its stacks cannot change.").format(
                session=session.id))
            return
        self.run_act(AdjustStackDialog(self.backend, session, self.staff, self))

    def close_session(self, session_id: int | None = None) -> None:
        session = self.backend.session(session_id) if session_id else self._need_session()
        if session is None:
            return
        if not session.is_open:
            self.say(tr("Session {session} is already closed.").format(session=session.id))
            return
        if self.run_act(CloseSessionDialog(self.backend, session, self.staff, self)):
            self._fill_sessions()

    def settle_owed(self, session_id: int) -> None:
        """The session report's "Settle owed chips…": owed chips paid at the cage."""
        session = self.backend.session(session_id)
        if not self.backend.owed_in_session(session_id):
            self.say(tr("No chips are owed to or by anyone in this session."))
            return
        self.run_act(SettleOwedDialog(self.backend, session, self.staff, self))

    # ------------------------------------------------------------------ reports
    def show_session_report(self) -> SessionReportDialog | None:
        hand = self.current_hand()
        session_id = self.session_box.currentData() or (hand.session_id if hand else None)
        if not self.backend.sessions():
            self.say(tr("There is no session yet."))
            return None
        dialog = SessionReportDialog(self.backend, session_id, self)
        apply_style(dialog)
        dialog.pdf_requested.connect(self.export_session_pdf)
        dialog.print_requested.connect(lambda i: self.printing.print_session(i, dialog))
        dialog.adjust_requested.connect(self.adjust_stack)
        dialog.close_requested.connect(self.close_session)
        dialog.settle_requested.connect(self.settle_owed)
        self.report_dialog = dialog
        dialog.show()
        return dialog

    def verify_log(self) -> VerifyReport:
        report = run_with_progress(self, tr("Log integrity"),
                                   tr("Checking every hand's digest chain"),
                                   lambda p, c: self.backend.verify(progress=p, cancel=c))
        names = self.backend.hand_names(b.hand_id for b in report.broken if b.hand_id)
        dialog = IntegrityDialog(report, self, names=names)
        apply_style(dialog)
        dialog.open_hand.connect(self._open_failing)
        self.integrity_dialog = dialog
        dialog.show()
        self.model.set_problems({b.hand_id: b.reason for b in report.broken})
        if report.cancelled:
            self.status_line.setText(
                tr("Integrity check cancelled: not a verdict; {changed} changed so far").format(
                    changed=amount(len(report.broken))) if report.broken
                else tr("Integrity check cancelled: not a verdict"))
        elif report.broken:
            hands = len({b.hand_id for b in report.broken if b.hand_id})
            self.status_line.setText(
                tr("{hands} hand(s) and {findings} finding(s) changed outside the app").format(
                    hands=amount(hands), findings=amount(len(report.broken))))
        else:
            self.status_line.setText(tr("Integrity: every hand intact"))
        return report

    def _open_failing(self, hand_id: int) -> None:
        self.select_hand(hand_id)
        self.open_hand(hand_id)

    # ------------------------------------------------------------------ exports
    def _save_name(self, title: str, name: str, pattern: str) -> str:
        return save_path(self, title, name, pattern)

    def export_csv(self) -> int | None:
        path = self._save_name(tr("Export the hand list"), "hands.csv", tr("CSV files (*.csv)"))
        if not path:
            return None
        query = self.current_query()
        written = run_with_progress(
            self, tr("Export CSV"), tr("Writing the filtered hand list"),
            lambda p, c: self.backend.write_csv(query, path, sort=self.model.sort_key,
                                                descending=self.model.descending,
                                                progress=p, cancel=c))
        if written is None:
            self.say(tr("CSV export cancelled; no file was written."))
        else:
            self.say(tr("{count} hands written to {path}").format(count=amount(written),
                                                                   path=path))
        return written

    def export_records(self) -> list[Path] | None:
        hands = self.selected_hands()
        if not hands:
            self.say(tr("Select the hands to export."))
            return None
        return self.export_records_of([h.hand_id for h in hands])

    def export_records_of(self, hand_ids: list[int]) -> list[Path] | None:
        folder = folder_path(self, tr("Export americana-hand/1 records"))
        if not folder:
            return None
        try:
            written = run_with_progress(
                self, tr("Export records"), tr("Writing americana-hand/1 files"),
                lambda p, c: self.backend.export_records(hand_ids, folder, progress=p,
                                                         cancel=c))
        except (StorageError, OSError) as exc:
            self.say(tr("Export failed: {error}").format(error=exc), error=True)
            return None
        if written is None:
            self.say(tr("Export cancelled; no file was left behind."))
        else:
            self.say(tr("{count} record(s) written to {folder}").format(count=len(written),
                                                                         folder=folder))
        return written

    def export_hand_pdf(self) -> Path | None:
        hand = self._need_hand()
        return self.export_hand_pdf_of(hand.hand_id) if hand is not None else None

    def export_hand_pdf_of(self, hand_id: int) -> Path | None:
        try:  # (a hand outside a dealer's scope is refused here, before any file)
            state = self.backend.hand_state(hand_id)
        except StorageError as exc:
            self.say(tr("PDF failed: {error}").format(error=exc), error=True)
            return None
        name = readable_name(self.backend.table_name(state.table_id), tr("hand"),
                             state.number if state.number is not None else day(state.started_at),
                             suffix="pdf")
        path = self._save_name(tr("Hand report (PDF)"), name, tr("PDF (*.pdf)"))
        if not path:
            return None
        try:
            report = self.backend.hand_report(
                hand_id, by=self.staff.name if self.staff is not None else "")
            out = exports.write_hand_pdf(report, path)
        except (StorageError, OSError) as exc:
            self.say(tr("PDF failed: {error}").format(error=exc), error=True)
            return None
        self.say(tr("Hand report written to {path}").format(path=out))
        return out

    def export_session_pdf(self, session_id: int) -> Path | None:
        session = self.backend.session(session_id)
        name = readable_name(session.table_name, tr("session"),
                             day(session.opened_at, time=True), suffix="pdf")
        path = self._save_name(tr("Session report (PDF)"), name, tr("PDF (*.pdf)"))
        if not path:
            return None
        report = self.backend.session_report(
            session_id, by=self.staff.name if self.staff is not None else "")
        chart = render_history(self.backend.stack_history(session_id), unit=report.currency)
        out = exports.write_session_pdf(report, path, chart)
        self.say(tr("Session report written to {path}").format(path=out))
        return out
