"""The floor supervisor's window: the hand log browser with its filters, and the acts,
checks, reports and exports reached from it."""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QDateTime, QModelIndex, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateTimeEdit,
    QDialog,
    QGridLayout,
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

from dealer_app.gui import file_dialogs
from dealer_app.gui.review import exports
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.chart import render_history
from dealer_app.gui.review.dialogs import (
    AdjustStackDialog,
    CloseSessionDialog,
    SupervisorActDialog,
    VoidHandDialog,
)
from dealer_app.gui.review.models import HandListModel
from dealer_app.gui.review.replay import HandDetailWindow
from dealer_app.gui.review.report import SessionReportDialog
from dealer_app.gui.review.style import apply_style
from dealer_app.gui.review.tasks import run_with_progress
from dealer_app.services import (
    HandQuery,
    HandStatus,
    HandSummary,
    SessionInfo,
    StaffMember,
    StorageError,
    VerifyReport,
)
from dealer_app.services.reports import local_time

CORRECTED = "corrected"
"""The status filter's choice for hands a supervisor corrected (any status)."""
ANY_TIME = QDateTime.fromString("2000-01-01T00:00:00", Qt.DateFormat.ISODate)
STATUS_CHOICES = (("Any status", None), ("Complete", HandStatus.COMPLETE),
                  ("Void", HandStatus.VOID), ("In progress", HandStatus.IN_PROGRESS),
                  ("Corrected", CORRECTED))


def _moment(value: QDateTime) -> datetime | None:
    """A local date-time edit's value as an aware instant; None for "any time"."""
    if value == ANY_TIME:
        return None
    moment = value.toPython()
    assert isinstance(moment, datetime)
    return moment.astimezone()


class IntegrityDialog(QDialog):
    """The integrity check's verdict: every hand whose log was changed outside the app."""

    def __init__(self, report: VerifyReport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report = report
        self.setObjectName("integrityResult")
        self.setWindowTitle("Log integrity")
        self.resize(900, 460)
        layout = QVBoxLayout(self)
        verdict = QLabel()
        verdict.setObjectName("reconciliation")
        verdict.setWordWrap(True)
        if report.cancelled:
            verdict.setText(f"Check cancelled after {report.checked:,} hands"
                            + (f"; {len(report.broken)} changed so far." if report.broken
                               else "; no change found so far."))
        elif report.broken:
            verdict.setText(f"{len(report.broken)} of {report.checked:,} hands were changed "
                            "outside the app.")
        else:
            verdict.setText(f"All {report.checked:,} hands are intact: every digest chain "
                            "holds.")
        verdict.setProperty("balanced", not report.broken)
        self.verdict = verdict
        layout.addWidget(verdict)
        self.table = QTableWidget(len(report.broken), 3)
        self.table.setObjectName("brokenHands")
        self.table.setHorizontalHeaderLabels(["Id", "Hand", "What does not hold"])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for row, broken in enumerate(report.broken):
            self.table.setItem(row, 0, QTableWidgetItem(str(broken.hand_id)))
            self.table.setItem(row, 1, QTableWidgetItem(broken.label))
            self.table.setItem(row, 2, QTableWidgetItem(broken.reason))
        self.table.resizeColumnsToContents()
        self.table.setVisible(bool(report.broken))
        layout.addWidget(self.table, 1)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)


class ReviewWindow(QMainWindow):
    """All hands across tables and sessions, filtered and sorted by the services."""

    def __init__(self, backend: ReviewBackend, staff: StaffMember | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.staff = staff
        self.details: dict[int, HandDetailWindow] = {}
        self.report_dialog: SessionReportDialog | None = None
        self.integrity_dialog: IntegrityDialog | None = None
        self.last_load_ms = 0.0
        self.setObjectName("reviewWindow")
        self.setWindowTitle("Hand log — floor supervisor")
        self.resize(1600, 940)
        central = QWidget()
        self.setCentralWidget(central)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(14, 10, 14, 10)
        head = QHBoxLayout()
        title = QLabel("Hand log")
        title.setObjectName("reviewTitle")
        who = f" · {staff.name} ({staff.role.value})" if staff is not None else ""
        self.subtitle = QLabel(f"{backend.db_url}{who}")
        self.subtitle.setObjectName("reviewSubtitle")
        head.addWidget(title)
        head.addSpacing(16)
        head.addWidget(self.subtitle, 1)
        layout.addLayout(head)
        layout.addWidget(self._build_filters())
        layout.addLayout(self._build_actions())
        self.model = HandListModel(backend, parent=self)
        self.view = QTableView()
        self.view.setObjectName("handList")
        self.view.setModel(self.model)
        self.view.setSortingEnabled(False)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(34)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionsClickable(True)
        header.setSortIndicatorShown(True)
        header.setSortIndicator(HandListModel.COL_STARTED, Qt.SortOrder.DescendingOrder)
        header.sectionClicked.connect(self._header_clicked)
        widths = {HandListModel.COL_TABLE: 150, HandListModel.COL_NUMBER: 80,
                  HandListModel.COL_STARTED: 200, HandListModel.COL_DEALER: 130,
                  HandListModel.COL_STATUS: 130, HandListModel.COL_POT: 110,
                  HandListModel.COL_PLAYERS: 420, HandListModel.COL_SESSION: 90,
                  HandListModel.COL_ID: 90}
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
        foot = QHBoxLayout()
        foot.addWidget(self.count_label)
        foot.addStretch(1)
        foot.addWidget(self.status_line)
        layout.addLayout(foot)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(250)
        self.debounce.timeout.connect(self.apply_filters)
        apply_style(self)
        self.apply_filters()

    # ------------------------------------------------------------------ building
    def _build_filters(self) -> QWidget:
        box = QWidget()
        box.setObjectName("filterBar")
        grid = QGridLayout(box)
        grid.setContentsMargins(10, 8, 10, 8)
        grid.setHorizontalSpacing(10)
        self.table_box = QComboBox()
        self.table_box.setObjectName("filterTable")
        self.table_box.addItem("All tables", None)
        for t in self.backend.tables():
            self.table_box.addItem(t.name, t.id)
        self.session_box = QComboBox()
        self.session_box.setObjectName("filterSession")
        self.session_box.setMinimumWidth(300)
        self.dealer_box = QComboBox()
        self.dealer_box.setObjectName("filterDealer")
        self.dealer_box.addItem("All dealers", None)
        for member in self.backend.staff():
            self.dealer_box.addItem(member.name, member.id)
        self.player_edit = QLineEdit()
        self.player_edit.setObjectName("filterPlayer")
        self.player_edit.setPlaceholderText("any player")
        self.player_edit.setClearButtonEnabled(True)
        self.status_box = QComboBox()
        self.status_box.setObjectName("filterStatus")
        for label, status in STATUS_CHOICES:
            self.status_box.addItem(label, status)
        self.since_edit = self._time_edit("filterSince")
        self.until_edit = self._time_edit("filterUntil")
        self.min_pot = self._pot_edit("filterMinPot")
        self.max_pot = self._pot_edit("filterMaxPot")
        self.clear_button = QPushButton("Clear filters")
        self.clear_button.setObjectName("clearFilters")
        cells: list[tuple[str, QWidget]] = [
            ("Table", self.table_box), ("Session", self.session_box),
            ("Dealer", self.dealer_box), ("Player", self.player_edit),
            ("Status", self.status_box), ("From", self.since_edit), ("Until", self.until_edit),
            ("Pot from", self.min_pot), ("Pot to", self.max_pot)]
        for i, (label, widget) in enumerate(cells):
            r, c = divmod(i, 5)
            grid.addWidget(QLabel(label), r, 2 * c)
            grid.addWidget(widget, r, 2 * c + 1)
            grid.setColumnStretch(2 * c + 1, 1)
        grid.addWidget(self.clear_button, 1, 9)
        self._fill_sessions()
        self.table_box.currentIndexChanged.connect(self._table_changed)
        for combo in (self.session_box, self.dealer_box, self.status_box):
            combo.currentIndexChanged.connect(self.schedule_filters)
        self.player_edit.textChanged.connect(self.schedule_filters)
        for edit in (self.since_edit, self.until_edit):
            edit.dateTimeChanged.connect(self.schedule_filters)
        for spin in (self.min_pot, self.max_pot):
            spin.valueChanged.connect(self.schedule_filters)
        self.clear_button.clicked.connect(self.clear_filters)
        return box

    @staticmethod
    def _time_edit(name: str) -> QDateTimeEdit:
        edit = QDateTimeEdit()
        edit.setObjectName(name)
        edit.setCalendarPopup(True)
        edit.setDisplayFormat("yyyy-MM-dd HH:mm")
        edit.setMinimumDateTime(ANY_TIME)
        edit.setSpecialValueText("any time")
        edit.setDateTime(ANY_TIME)
        return edit

    @staticmethod
    def _pot_edit(name: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(0, 100_000_000)
        spin.setSingleStep(50)
        spin.setSpecialValueText("any")
        spin.setGroupSeparatorShown(True)
        return spin

    def _build_actions(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, text, slot in (
                ("openHand", "Open hand", self.open_selected),
                ("voidHand", "Void hand…", self.void_selected),
                ("sessionReport", "Session report…", self.show_session_report),
                ("adjustStack", "Adjust stack…", self.adjust_stack),
                ("closeSession", "Close session…", self.close_session),
                ("verifyLog", "Check integrity", self.verify_log),
                ("exportCsv", "Export CSV…", self.export_csv),
                ("exportRecords", "Export records…", self.export_records),
                ("handPdf", "Hand PDF…", self.export_hand_pdf)):
            button = QPushButton(text)
            button.setObjectName(name)
            button.clicked.connect(slot)
            self.buttons[name] = button
            row.addWidget(button)
            if name in ("openHand", "closeSession", "verifyLog"):
                row.addSpacing(14)
        self.buttons["voidHand"].setProperty("class", "danger")
        row.addStretch(1)
        return row

    # ------------------------------------------------------------------ filters
    def _fill_sessions(self) -> None:
        self.session_box.blockSignals(True)
        self.session_box.clear()
        self.session_box.addItem("All sessions", None)
        table_id = self.table_box.currentData()
        for s in self.backend.sessions(table_id):
            state = "open" if s.is_open else "closed"
            self.session_box.addItem(f"#{s.id} {s.table_name} · {s.dealer} · "
                                     f"{local_time(s.opened_at, seconds=False)} ({state})", s.id)
        self.session_box.blockSignals(False)

    def _table_changed(self) -> None:
        self._fill_sessions()
        self.schedule_filters()

    def schedule_filters(self) -> None:
        self.debounce.start()

    def current_query(self) -> HandQuery:
        since = self.since_edit.dateTime()
        until = self.until_edit.dateTime()
        status = self.status_box.currentData()
        return HandQuery(
            table_id=self.table_box.currentData(),
            session_id=self.session_box.currentData(),
            dealer_id=self.dealer_box.currentData(),
            player=self.player_edit.text().strip() or None,
            since=_moment(since), until=_moment(until),
            status=None if status == CORRECTED else status,
            corrected=True if status == CORRECTED else None,
            min_pot=self.min_pot.value() or None,
            max_pot=self.max_pot.value() or None)

    def apply_filters(self) -> None:
        self.debounce.stop()
        started = time.perf_counter()
        try:
            self.model.set_query(self.current_query())
        except StorageError as exc:
            self.status_line.setText(str(exc))
            return
        self.last_load_ms = (time.perf_counter() - started) * 1000
        n = self.model.rowCount()
        self.count_label.setText(f"{n:,} hand{'s' if n != 1 else ''}")
        self.status_line.setText(f"loaded in {self.last_load_ms:.0f} ms")
        if n:
            self.view.selectRow(0)

    def clear_filters(self) -> None:
        for combo in (self.table_box, self.dealer_box, self.status_box):
            combo.blockSignals(True)
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        self._fill_sessions()
        for edit in (self.since_edit, self.until_edit):
            edit.blockSignals(True)
            edit.setDateTime(ANY_TIME)
            edit.blockSignals(False)
        for widget in (self.player_edit, self.min_pot, self.max_pot):
            widget.blockSignals(True)
        self.player_edit.clear()
        self.min_pot.setValue(0)
        self.max_pot.setValue(0)
        for widget in (self.player_edit, self.min_pot, self.max_pot):
            widget.blockSignals(False)
        self.apply_filters()

    def _header_clicked(self, column: int) -> None:
        header = self.view.horizontalHeader()
        if column not in HandListModel.SORT_KEYS:
            self.status_line.setText(f"{HandListModel.HEADERS[column]} cannot be sorted")
            return
        if column == self.model.sort_column:
            order = Qt.SortOrder.AscendingOrder if self.model.descending \
                else Qt.SortOrder.DescendingOrder
        else:
            order = Qt.SortOrder.DescendingOrder if column in (
                HandListModel.COL_STARTED, HandListModel.COL_POT) else Qt.SortOrder.AscendingOrder
        header.setSortIndicator(column, order)
        self.model.sort(column, order)
        if self.model.rowCount():
            self.view.selectRow(0)

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
            self.say("Select a hand first.")
        return hand

    def _need_session(self) -> SessionInfo | None:
        session_id = self.session_box.currentData()
        if session_id is None:
            hand = self.current_hand()
            session_id = hand.session_id if hand is not None else None
        if session_id is None:
            self.say("Select a hand of the session (or choose a session in the filters).")
            return None
        return self.backend.session(int(session_id))

    def say(self, text: str, error: bool = False) -> None:
        self.status_line.setText(text)
        if error:
            QMessageBox.warning(self, "Hand log", text)

    # ------------------------------------------------------------------ hands
    def _open_index(self, index: QModelIndex) -> None:
        hand_id = self.model.hand_id(index.row())
        if hand_id is not None:
            self.open_hand(hand_id)

    def open_selected(self) -> None:
        hand = self._need_hand()
        if hand is not None:
            self.open_hand(hand.hand_id)

    def open_hand(self, hand_id: int) -> HandDetailWindow:
        window = self.details.get(hand_id)
        if window is None:
            window = HandDetailWindow(self.backend, hand_id)
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
        self.count_label.setText(f"{self.model.rowCount():,} hands")
        for window in list(self.details.values()):
            window.reload(window.replay.step)
        if self.report_dialog is not None and self.report_dialog.isVisible():
            self.report_dialog.load(self.report_dialog.session_id)

    def void_selected(self) -> None:
        hand = self._need_hand()
        if hand is None:
            return
        if hand.status is HandStatus.VOID:
            self.say("This hand is already void.")
            return
        self.run_act(VoidHandDialog.for_summary(self.backend, hand, self.staff, self))

    def void_hand(self, hand_id: int) -> None:
        state = self.backend.hand_state(hand_id)
        label = f"hand {state.number}" if state.number is not None else f"hand id {hand_id}"
        pot = sum(p.amount for p in state.hand.pots()) + sum(state.hand.bets.values())
        self.run_act(VoidHandDialog(self.backend, hand_id, label,
                                    f"{pot:,} in the middle, {state.status.value}",
                                    self.staff, self))

    def adjust_stack(self, session_id: int | None = None) -> None:
        session = self.backend.session(session_id) if session_id else self._need_session()
        if session is None:
            return
        if not session.is_open:
            self.say(f"Session {session.id} is closed; its stacks cannot change.")
            return
        self.run_act(AdjustStackDialog(self.backend, session, self.staff, self))

    def close_session(self, session_id: int | None = None) -> None:
        session = self.backend.session(session_id) if session_id else self._need_session()
        if session is None:
            return
        if not session.is_open:
            self.say(f"Session {session.id} is already closed.")
            return
        if self.run_act(CloseSessionDialog(self.backend, session, self.staff, self)):
            self._fill_sessions()

    # ------------------------------------------------------------------ reports
    def show_session_report(self) -> SessionReportDialog | None:
        hand = self.current_hand()
        session_id = self.session_box.currentData() or (hand.session_id if hand else None)
        if not self.backend.sessions():
            self.say("There is no session yet.")
            return None
        dialog = SessionReportDialog(self.backend, session_id, self)
        apply_style(dialog)
        dialog.pdf_requested.connect(self.export_session_pdf)
        dialog.adjust_requested.connect(self.adjust_stack)
        dialog.close_requested.connect(self.close_session)
        self.report_dialog = dialog
        dialog.show()
        return dialog

    def verify_log(self) -> VerifyReport:
        report = run_with_progress(self, "Log integrity", "Checking every hand's digest chain",
                                   lambda p, c: self.backend.verify(progress=p, cancel=c))
        dialog = IntegrityDialog(report, self)
        apply_style(dialog)
        self.integrity_dialog = dialog
        dialog.show()
        if report.broken:
            self.status_line.setText(f"{len(report.broken)} hand(s) changed outside the app")
        else:
            self.status_line.setText("Integrity: every hand intact" if not report.cancelled
                                     else "Integrity check cancelled")
        return report

    # ------------------------------------------------------------------ exports
    def _save_name(self, title: str, name: str, pattern: str) -> str:
        return file_dialogs.save_file_name(self, title, Path.home() / name, pattern)

    def export_csv(self) -> int | None:
        path = self._save_name("Export the hand list", "hands.csv", "CSV files (*.csv)")
        if not path:
            return None
        query = self.current_query()
        written = run_with_progress(
            self, "Export CSV", "Writing the filtered hand list",
            lambda p, c: self.backend.write_csv(query, path, sort=self.model.sort_key,
                                                descending=self.model.descending,
                                                progress=p, cancel=c))
        if written is None:
            self.say("CSV export cancelled; no file was written.")
        else:
            self.say(f"{written:,} hands written to {path}")
        return written

    def export_records(self) -> list[Path] | None:
        hands = self.selected_hands()
        if not hands:
            self.say("Select the hands to export.")
            return None
        return self.export_records_of([h.hand_id for h in hands])

    def export_records_of(self, hand_ids: list[int]) -> list[Path] | None:
        folder = file_dialogs.existing_directory(self, "Export americana-hand/1 records",
                                                 Path.home())
        if not folder:
            return None
        try:
            written = run_with_progress(
                self, "Export records", "Writing americana-hand/1 files",
                lambda p, c: self.backend.export_records(hand_ids, folder, progress=p,
                                                         cancel=c))
        except (StorageError, OSError) as exc:
            self.say(f"Export failed: {exc}", error=True)
            return None
        if written is None:
            self.say("Export cancelled; no file was left behind.")
        else:
            self.say(f"{len(written)} record(s) written to {folder}")
        return written

    def export_hand_pdf(self) -> Path | None:
        hand = self._need_hand()
        return self.export_hand_pdf_of(hand.hand_id) if hand is not None else None

    def export_hand_pdf_of(self, hand_id: int) -> Path | None:
        path = self._save_name("Hand report (PDF)", f"hand-{hand_id}.pdf", "PDF (*.pdf)")
        if not path:
            return None
        try:
            out = exports.write_hand_pdf(self.backend.hand_report(hand_id), path)
        except (StorageError, OSError) as exc:
            self.say(f"PDF failed: {exc}", error=True)
            return None
        self.say(f"Hand report written to {out}")
        return out

    def export_session_pdf(self, session_id: int) -> Path | None:
        path = self._save_name("Session report (PDF)", f"session-{session_id}.pdf",
                               "PDF (*.pdf)")
        if not path:
            return None
        report = self.backend.session_report(session_id)
        chart = render_history(self.backend.stack_history(session_id))
        out = exports.write_session_pdf(report, path, chart)
        self.say(f"Session report written to {out}")
        return out
