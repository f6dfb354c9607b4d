"""Brings the review window to life: wires its widgets (:mod:`.view`) to the backend, and
keeps the list, the filters, the go-to box and the open hands. Three parts by concern, the
way the dealer's window is split (``gui/controller.py``):

- :class:`~dealer_app.gui.review.acts.ReviewActs`: void, adjust a stack, close a session,
  settle owed chips (a correction is made in the hand's own window);
- :class:`~dealer_app.gui.review.exporting.ReviewExports`: CSV, records, PDFs;
- :class:`~dealer_app.gui.review.verification.Verification`: the integrity check.

A rule's refusal (a :class:`ServiceError`) is said in the status line as a refusal; a failure
of the database or of a file (a :class:`StorageError`, an ``OSError``) in a warning box too.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractItemView

from dealer_app.gui.review.acts import ReviewActs
from dealer_app.gui.review.audit import AuditDialog
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.captions import when
from dealer_app.gui.review.dialogs import explain
from dealer_app.gui.review.exporting import ReviewExports
from dealer_app.gui.review.go_to import GO_TO_HINT, parse_go_to
from dealer_app.gui.review.hand_detail import HandDetailWindow
from dealer_app.gui.review.history import PlayerHistoryDialog
from dealer_app.gui.review.integrity import IntegrityDialog
from dealer_app.gui.review.models import ROLE_LABELS, HandListModel, amount
from dealer_app.gui.review.printing import ReviewPrinting
from dealer_app.gui.review.report import SessionReportDialog
from dealer_app.gui.review.style import apply_style
from dealer_app.gui.review.verification import Verification
from dealer_app.gui.review.view import CORRECTED
from dealer_app.services import HandQuery, HandSummary, SessionInfo, StaffMember, StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.review.view import ReviewView

NO_SESSION = -1
"""The session filter of a dealer with no open session: no hand matches it."""


class ReviewController(QObject):
    """One review window, one backend (seen by ``staff``: a dealer's is kept by the services
    to their open session)."""

    def __init__(self, window: ReviewView, backend: ReviewBackend,
                 staff: StaffMember | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.backend = backend.seen_by(staff)
        self.staff = staff
        self.restricted = self.backend.viewer.restricted
        self.own_session: SessionInfo | None = None
        if self.restricted:
            self.own_session = next(iter(self.backend.sessions()), None)
        self.details: dict[int, HandDetailWindow] = {}
        self.report_dialog: SessionReportDialog | None = None
        self.integrity_dialog: IntegrityDialog | None = None
        self.audit_dialog: AuditDialog | None = None
        self.history_dialog: PlayerHistoryDialog | None = None
        self.last_load_ms = 0.0
        self.model = HandListModel(self.backend, parent=window)
        window.build(self.model, subtitle=self.subtitle(), restricted=self.restricted,
                     tables=self.backend.tables(), dealers=self.backend.staff())
        self.acts = ReviewActs(self)
        self.exports = ReviewExports(self)
        self.printing = ReviewPrinting(self, self)  # Print hand… and the report's Print…
        self.verification = Verification(self)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(250)
        self.fill_sessions()
        self._wire()

    def subtitle(self) -> str:
        """The database, who is looking, and (a dealer) which session they see."""
        parts = [self.backend.db_url]
        staff = self.staff
        if staff is not None:
            parts.append(tr("{name} ({role})").format(
                name=staff.name, role=tr(ROLE_LABELS[staff.role])))
        if self.restricted:
            parts.append(tr("your open session #{session} at {table}").format(
                session=self.own_session.id, table=self.own_session.table_name)
                if self.own_session is not None else tr("you have no open session"))
        return " · ".join(parts)

    def _wire(self) -> None:
        w = self.window
        w.table_box.currentIndexChanged.connect(self.table_changed)
        for combo in (w.session_box, w.dealer_box, w.status_box):
            combo.currentIndexChanged.connect(self.schedule_filters)
        w.player_edit.textChanged.connect(self.schedule_filters)
        for edit in (w.since_edit, w.until_edit):
            edit.changed.connect(self.schedule_filters)
        for spin in (w.min_pot, w.max_pot):
            spin.valueChanged.connect(self.schedule_filters)
        w.clear_button.clicked.connect(self.clear_filters)
        w.goto_edit.returnPressed.connect(self.go_to)
        slots = {
            "goToButton": self.go_to, "openHand": self.open_selected,
            "playerHistory": self.show_player_history,
            "handPdf": self.exports.export_hand_pdf,
            "voidHand": self.acts.void_selected, "adjustStack": self.acts.adjust_stack,
            "closeSession": self.acts.close_session,
            "exportRecords": self.exports.export_records,
            "printHand": self.printing.print_hand,
            "sessionReport": self.show_session_report,
            "verifyLog": self.verification.verify_log, "auditLog": self.show_audit,
            "exportCsv": self.exports.export_csv}
        for name, slot in slots.items():
            w.buttons[name].clicked.connect(lambda _checked=False, f=slot: f())
        w.view.horizontalHeader().sectionClicked.connect(self.header_clicked)
        w.view.doubleClicked.connect(self._open_index)
        w.view.activated.connect(self._open_index)
        self.debounce.timeout.connect(self.apply_filters)
        for keys, slot in (("Ctrl+G", self.focus_go_to), ("Ctrl+F", w.player_edit.setFocus),
                           ("Ctrl+L", self.clear_filters)):
            QShortcut(QKeySequence(keys), w).activated.connect(slot)

    # ------------------------------------------------------------------ messages
    def say(self, text: str, error: bool = False) -> None:
        self.window.say(text, error)

    def say_error(self, exc: Exception, failed: str) -> None:
        """A rule's refusal (:class:`ServiceError`) in the status line, worded as a refusal;
        a failure of the database or a file in a warning box, in ``failed`` (a template
        with ``{error}``, such as ``tr("PDF failed: {error}")``)."""
        if isinstance(exc, ServiceError):
            self.say(explain(exc))
        else:
            self.say(failed.format(error=error_text(exc)), error=True)

    # ------------------------------------------------------------------ filters
    def fill_sessions(self) -> None:
        box = self.window.session_box
        box.blockSignals(True)
        box.clear()
        if self.restricted:
            s = self.own_session
            box.addItem(
                tr("#{session} {table} (open)").format(session=s.id, table=s.table_name)
                if s is not None else tr("no open session"),
                s.id if s is not None else NO_SESSION)
            box.blockSignals(False)
            return
        box.addItem(tr("All sessions"), None)
        table_id = self.window.table_box.currentData()
        for s in self.backend.sessions(table_id):
            text = (tr("#{session} {table} · {dealer} · {opened} (open)") if s.is_open
                    else tr("#{session} {table} · {dealer} · {opened} (closed)"))
            box.addItem(text.format(session=s.id, table=s.table_name, dealer=s.dealer,
                                    opened=when(s.opened_at, seconds=False)), s.id)
        box.blockSignals(False)

    def table_changed(self) -> None:
        self.fill_sessions()
        self.schedule_filters()

    def schedule_filters(self) -> None:
        self.debounce.start()

    def current_query(self) -> HandQuery:
        w = self.window
        status = w.status_box.currentData()
        session_id = w.session_box.currentData()
        if self.restricted:
            session_id = self.own_session.id if self.own_session is not None else NO_SESSION
        return HandQuery(
            table_id=None if self.restricted else w.table_box.currentData(),
            session_id=session_id,
            dealer_id=None if self.restricted else w.dealer_box.currentData(),
            player=w.player_edit.text().strip() or None,
            since=w.since_edit.moment(), until=w.until_edit.moment(),
            status=None if status == CORRECTED else status,
            corrected=True if status == CORRECTED else None,
            min_pot=w.min_pot.value() or None,
            max_pot=w.max_pot.value() or None)

    def apply_filters(self) -> None:
        w = self.window
        self.debounce.stop()
        problem = w.since_edit.problem or w.until_edit.problem
        if problem:
            self.say(tr("{problem} — the list is unchanged.").format(problem=problem))
            return
        started = time.perf_counter()
        try:
            self.model.set_query(self.current_query())
        except (StorageError, ServiceError) as exc:
            w.status_line.setText(error_text(exc))
            return
        self.last_load_ms = (time.perf_counter() - started) * 1000
        self.show_count()
        w.status_line.setText(tr("loaded in {ms} ms").format(ms=f"{self.last_load_ms:.0f}"))
        if self.model.rowCount():
            w.view.selectRow(0)

    def show_count(self) -> None:
        w = self.window
        n = self.model.rowCount()
        w.count_label.setText((tr("{count} hand") if n == 1 else tr("{count} hands"))
                              .format(count=amount(n)))
        if n:
            w.empty_label.hide()
            return
        if self.restricted and self.own_session is None:
            text = tr("You have no open session: there is no hand of yours to show.")
        elif self.model.query == HandQuery() or (
                self.restricted and self.model.query == HandQuery(session_id=self.own_session.id
                                                                  if self.own_session else None)):
            text = tr("There is no hand in the log yet.")
        else:
            text = tr("No hand matches these filters. Clear filters (Ctrl+L) to see every hand.")
        w.empty_label.setText(text)
        w.empty_label.show()

    def clear_filters(self) -> None:
        w = self.window
        for combo in (w.table_box, w.session_box, w.dealer_box, w.status_box):
            combo.blockSignals(True)
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        self.fill_sessions()
        for widget in (w.player_edit, w.min_pot, w.max_pot, w.since_edit, w.until_edit):
            widget.blockSignals(True)
        for edit in (w.since_edit, w.until_edit):
            edit.line.blockSignals(True)
            edit.clear()
            edit.line.blockSignals(False)
            edit.problem = ""
            edit.line.setStyleSheet("")
        w.player_edit.clear()
        w.min_pot.setValue(0)
        w.max_pot.setValue(0)
        for widget in (w.player_edit, w.min_pot, w.max_pot, w.since_edit, w.until_edit):
            widget.blockSignals(False)
        # the default order again: newest first
        self.model.sort_column = HandListModel.COL_STARTED
        self.model.descending = True
        w.view.horizontalHeader().setSortIndicator(HandListModel.COL_STARTED,
                                                   Qt.SortOrder.DescendingOrder)
        self.apply_filters()

    def header_clicked(self, column: int) -> None:
        w = self.window
        header = w.view.horizontalHeader()
        if column not in HandListModel.SORT_KEYS:
            w.status_line.setText(tr("{column} cannot be sorted").format(
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
        self.show_count()
        if self.model.rowCount():
            w.view.selectRow(0)

    # ------------------------------------------------------------------ go to a hand
    def focus_go_to(self) -> None:
        self.window.goto_edit.setFocus()
        self.window.goto_edit.selectAll()

    def find_hand(self, text: str) -> HandSummary:
        """The hand the go-to text names (ValueError, StorageError or ServiceError with the
        reason)."""
        table, number, hand_id = parse_go_to(text)
        if hand_id is not None:
            hand = self.backend.find_hand(None, hand_id=hand_id)
        else:
            if table is None:
                table_box = self.window.table_box
                if self.restricted and self.own_session is not None:
                    table = self.own_session.table_name
                elif table_box.currentData() is not None:
                    table = table_box.currentText()
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
        view = self.window.view
        index = self.model.index(row, 0)
        view.setCurrentIndex(index)
        view.selectRow(row)
        view.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        return row

    def go_to(self, text: str | None = None, *, open_it: bool = True) -> HandSummary | None:
        """Finds the hand typed in the go-to box, selects it in the list and opens it."""
        edit = self.window.goto_edit
        text = edit.text() if text is None else text
        try:
            hand = self.find_hand(text)
        except (ValueError, StorageError, ServiceError) as exc:
            self.say(error_text(exc))
            edit.setStyleSheet("border: 2px solid #ff6b6b;")
            return None
        edit.setStyleSheet("")
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

    # ------------------------------------------------------------------ dialogs
    def show_player_history(self) -> PlayerHistoryDialog:
        names: list[str] = []
        hand = self.current_hand()
        if hand is not None:
            names.extend(hand.players)
        typed = self.window.player_edit.text().strip()
        if typed:
            names.insert(0, next((n for n in names if typed.lower() in n.lower()), typed))
        dialog = PlayerHistoryDialog(self.backend, names, self.window)
        apply_style(dialog)
        dialog.open_hand.connect(self.open_hand)
        self.history_dialog = dialog
        dialog.show()
        return dialog

    def show_audit(self) -> AuditDialog | None:
        if self.restricted:
            self.say(tr("The audit log is for supervisors."))
            return None
        dialog = AuditDialog(self.backend, self.window)
        apply_style(dialog)
        dialog.open_hand.connect(self.open_hand)
        self.audit_dialog = dialog
        dialog.show()
        return dialog

    def show_session_report(self) -> SessionReportDialog | None:
        hand = self.current_hand()
        session_id = self.window.session_box.currentData() or (
            hand.session_id if hand else None)
        if not self.backend.sessions():
            self.say(tr("There is no session yet."))
            return None
        dialog = SessionReportDialog(self.backend, session_id, self.window)
        apply_style(dialog)
        dialog.pdf_requested.connect(self.exports.export_session_pdf)
        dialog.print_requested.connect(lambda i: self.printing.print_session(i, dialog))
        dialog.adjust_requested.connect(self.acts.adjust_stack)
        dialog.close_requested.connect(self.acts.close_session)
        dialog.settle_requested.connect(self.acts.settle_owed)
        self.report_dialog = dialog
        dialog.show()
        return dialog

    # ------------------------------------------------------------------ selection
    def selected_rows(self) -> list[int]:
        return sorted({i.row() for i in self.window.view.selectionModel().selectedRows()})

    def selected_hands(self) -> list[HandSummary]:
        out = []
        for row in self.selected_rows():
            h = self.model.summary(row)
            if h is not None:
                out.append(h)
        return out

    def current_hand(self) -> HandSummary | None:
        index = self.window.view.currentIndex()
        if index.isValid():
            return self.model.summary(index.row())
        hands = self.selected_hands()
        return hands[0] if hands else None

    def need_hand(self) -> HandSummary | None:
        """The current hand, or None having said to select one."""
        hand = self.current_hand()
        if hand is None:
            self.say(tr("Select a hand first."))
        return hand

    def need_session(self) -> SessionInfo | None:
        """The session of the filter or of the current hand, or None having said so."""
        session_id = self.window.session_box.currentData()
        if session_id is None:
            hand = self.current_hand()
            session_id = hand.session_id if hand is not None else None
        if session_id is None:
            self.say(tr("Select a hand of the session (or choose a session in the filters)."))
            return None
        return self.backend.session(int(session_id))

    # ------------------------------------------------------------------ hands
    def _open_index(self, index: QModelIndex) -> None:
        hand_id = self.model.hand_id(index.row())
        if hand_id is not None:
            self.open_hand(hand_id)

    def open_selected(self) -> None:
        hand = self.need_hand()
        if hand is not None:
            self.open_hand(hand.hand_id)

    def open_hand(self, hand_id: int) -> HandDetailWindow | None:
        window = self.details.get(hand_id)
        if window is None:
            try:
                self.backend.check_hand(hand_id)
            except (StorageError, ServiceError) as exc:
                self.say(error_text(exc))
                return None
            window = HandDetailWindow(self.backend, hand_id, staff=self.staff)
            apply_style(window)
            window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            window.destroyed.connect(lambda *_: self.details.pop(hand_id, None))
            window.void_requested.connect(self.acts.void_hand)
            window.corrected.connect(lambda _id: self.refresh())
            window.pdf_requested.connect(self.exports.export_hand_pdf_of)
            window.record_requested.connect(lambda i: self.exports.export_records_of([i]))
            self.details[hand_id] = window
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def refresh(self) -> None:
        """After an act: the list, the count, the open hands and the report read again."""
        current = self.current_hand()
        self.model.reload()
        row = self.model.row_of(current.hand_id) if current is not None else None
        view = self.window.view
        if row is not None:
            view.setCurrentIndex(self.model.index(row, 0))
            view.selectRow(row)
        self.show_count()
        for window in list(self.details.values()):
            window.reload(window.replay.step)
        if self.report_dialog is not None and self.report_dialog.isVisible():
            self.report_dialog.load(self.report_dialog.session_id)
