"""One hand in detail (:class:`HandDetailWindow`): settings and seats, every logged row with
time and author (undos, corrections, the void), the step replay
(:mod:`~dealer_app.gui.review.replay`), the hand's report, and the supervisor's correction
with a preview of its result (:func:`preview_result`)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_app import words
from dealer_app.engine import Event, RuleError
from dealer_app.engine.hand import Hand
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.captions import next_text, when, who
from dealer_app.gui.review.correction import CorrectInputDialog
from dealer_app.gui.review.models import HandLogModel
from dealer_app.gui.review.replay import HandReplayView
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.toolkit.screen import resize_within_screen
from dealer_app.gui.views.wrapping import wrap_column
from dealer_app.gui.wording.refusals import refusal_text
from dealer_app.services import HandState, HandStatus, LogEntry, StaffMember, StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.services.reports import hand_report, result_html, result_lines
from dealer_app.text import tr, tr_noop

STATUS = {HandStatus.IN_PROGRESS: tr_noop("IN-PROGRESS"), HandStatus.COMPLETE: tr_noop("COMPLETE"),
          HandStatus.VOID: tr_noop("VOID")}
"""A hand's status in the detail window's title."""


class HandDetailWindow(QWidget):
    """A hand: header, step replay, its log and its result; void and exports at hand."""

    void_requested = Signal(int)
    pdf_requested = Signal(int)
    record_requested = Signal(int)
    corrected = Signal(int)
    """A supervisor corrected an input of this hand (the hand id)."""

    def __init__(self, backend: ReviewBackend, hand_id: int,
                 parent: QWidget | None = None, *, staff: StaffMember | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.hand_id = hand_id
        self.staff = staff
        self.problem: str | None = None
        """Why the hand's stored log does not hold (the integrity check), or None."""
        self.hint = ""
        self.setObjectName("handDetail")
        resize_within_screen(self, 1560, 900)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(14, 10, 14, 10)
        self.title = QLabel()
        self.title.setObjectName("reviewTitle")
        self.subtitle = QLabel()
        self.subtitle.setObjectName("reviewSubtitle")
        self.subtitle.setWordWrap(True)
        self.problem_label = QLabel()
        self.problem_label.setObjectName("integrityProblem")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet("color: #ff7b7b; font-weight: bold;")
        self.problem_label.hide()
        outer.addWidget(self.title)
        outer.addWidget(self.subtitle)
        outer.addWidget(self.problem_label)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.replay = HandReplayView()
        split.addWidget(self.replay)
        self.tabs = QTabWidget()
        self.log_model = HandLogModel(self)
        self.log_view = QTableView()
        self.log_view.setObjectName("logTable")
        self.log_view.setModel(self.log_model)
        self.log_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.log_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.log_view.verticalHeader().setVisible(False)
        self.log_view.setAlternatingRowColors(False)
        header = self.log_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(HandLogModel.COL_INPUT, QHeaderView.ResizeMode.Stretch)
        # the note as wide as its words (most are empty): the Input column keeps the room
        header.setSectionResizeMode(HandLogModel.COL_NOTE,
                                    QHeaderView.ResizeMode.ResizeToContents)
        self.log_view.setWordWrap(False)
        wrap_column(self.log_view, HandLogModel.COL_INPUT)  # long inputs wrap at 1024 px
        self.log_view.clicked.connect(self._log_clicked)
        self.log_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.correct_action = QAction(tr("Correct input…"), self.log_view)
        self.correct_action.triggered.connect(self.correct_selected)
        self.log_view.addAction(self.correct_action)
        self.tabs.addTab(self.log_view, tr("Log"))
        self.result = QTextBrowser()
        self.result.setObjectName("resultText")
        self.tabs.addTab(self.result, tr("Result"))
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 1)  # the table scales itself down to its half; the log
        split.setStretchFactor(1, 1)  # keeps room for its Input column (1024×768)
        split.setSizes([540, 600])
        outer.addWidget(split, 1)
        buttons = QHBoxLayout()
        self.void_button = QPushButton(tr("Void hand…"))
        self.void_button.setObjectName("voidHand")
        self.void_button.setProperty("class", "danger")
        self.pdf_button = QPushButton(tr("PDF report…"))
        self.pdf_button.setObjectName("handPdf")
        self.record_button = QPushButton(tr("Export record…"))
        self.record_button.setObjectName("handRecord")
        buttons.addWidget(self.void_button)
        self.correct_button = QPushButton(tr("Correct input…"))
        self.correct_button.setObjectName("correctInput")
        self.correct_button.setToolTip(tr("Replace or strike the selected input of the log "
                                          "(supervisor's PIN and reason)"))
        self.correct_button.clicked.connect(self.correct_selected)
        QShortcut(QKeySequence("Ctrl+E"), self).activated.connect(self.correct_selected)
        buttons.addWidget(self.correct_button)
        if staff is not None and not staff.is_supervisor:  # a dealer only looks
            for button in (self.void_button, self.correct_button):
                button.hide()
            self.log_view.removeAction(self.correct_action)
        buttons.addStretch(1)
        buttons.addWidget(self.pdf_button)
        buttons.addWidget(self.record_button)
        outer.addLayout(buttons)
        self.void_button.clicked.connect(lambda: self.void_requested.emit(self.hand_id))
        self.pdf_button.clicked.connect(lambda: self.pdf_requested.emit(self.hand_id))
        self.record_button.clicked.connect(lambda: self.record_requested.emit(self.hand_id))
        self.replay.step_changed.connect(self._step_changed)
        for key, step in ((Qt.Key.Key_Right, 1), (Qt.Key.Key_Left, -1)):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.activated.connect(
                lambda d=step: self.replay.set_step(self.replay.step + d))
        QShortcut(QKeySequence(Qt.Key.Key_Home), self).activated.connect(
            lambda: self.replay.set_step(0))
        QShortcut(QKeySequence(Qt.Key.Key_End), self).activated.connect(
            lambda: self.replay.set_step(self.replay.steps))
        for keys in (QKeySequence(Qt.Key.Key_Escape), QKeySequence("Ctrl+W")):
            QShortcut(keys, self).activated.connect(self.close)  # as every other window
        self.log_view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.reload()

    @property
    def state(self) -> HandState:
        assert self.replay.state is not None
        return self.replay.state

    def reload(self, step: int | None = None) -> None:
        self.problem = self.backend.integrity_of(self.hand_id)
        self.problem_label.setText(
            tr("⚠ This hand fails the integrity check: {problem}. Its stored log is "
               "shown as it is; it was changed outside the app.").format(problem=self.problem)
            if self.problem else "")
        self.problem_label.setVisible(bool(self.problem))
        try:
            state = self.backend.hand_state(self.hand_id)
        except (StorageError, ServiceError) as exc:
            self._show_unreplayable(error_text(exc))
            return
        table = self.backend.table_name(state.table_id) or tr("Imported hand")
        number = tr("Hand {number}").format(number=amount(state.number)) \
            if state.number is not None else tr("Hand id {id}").format(id=state.hand_id)
        status = tr(STATUS[state.status])
        self.title.setText(f"{table} · {number} · {status}"
                           + (tr(" · CORRECTED") if state.corrected else "")
                           + (tr(" · INTEGRITY FAILED") if self.problem else ""))
        names = ", ".join(f"{s.seat} {s.player} ({amount(s.stack)})" for s in state.seats)
        self.subtitle.setText(
            tr("{settings} · started {when}").format(settings=words.settings_text(state.settings),
                                                     when=when(state.started_at))
            + (tr(" · ended {when}").format(when=when(state.ended_at))
               if state.ended_at else "")
            + tr(" · session {session}").format(
                session=state.session_id if state.session_id is not None else "—")
            + "\n" + tr("Seats: {names}").format(names=names))
        self.hint = ""
        self.setWindowTitle(f"{table} — {number}")
        self.log_model.set_entries(state.log)
        self.result.setHtml(self._result_html(state))
        # a hand whose stored log fails its check is evidence: nothing is changed on it
        may_change = state.status is not HandStatus.VOID and not self.problem
        self.void_button.setEnabled(may_change)
        self.correct_button.setEnabled(may_change)
        self.correct_action.setEnabled(may_change)
        why = tr("This hand fails the integrity check: it cannot be voided or corrected.")
        for button in (self.void_button, self.correct_button):
            button.setToolTip(why if self.problem else "")
        self.replay.setEnabled(True)
        self.replay.set_state(state, step)

    def _show_unreplayable(self, why: str) -> None:
        """A hand whose stored log the rules refuse: its rows as stored, and why."""
        self.title.setText(tr("Hand id {id} · CANNOT BE REPLAYED").format(id=self.hand_id))
        self.subtitle.setText(why)
        self.setWindowTitle(tr("Hand id {id} — cannot be replayed").format(id=self.hand_id))
        if not self.problem:
            self.problem_label.setText(f"⚠ {why}")
            self.problem_label.show()
        self.log_model.set_entries(self.backend.stored_log(self.hand_id))
        self.result.setHtml(result_html(None, why=why))
        self.void_button.setEnabled(False)
        self.correct_button.setEnabled(False)
        self.replay.setEnabled(False)

    @staticmethod
    def _result_html(state: HandState) -> str:
        return result_html(hand_report(state), amount=amount)

    def selected_entry(self) -> LogEntry | None:
        """The selected log row, if it is an input (or correction) still in force."""
        rows = self.log_view.selectionModel().selectedRows()
        if not rows:
            return None
        entry = self.log_model.entries[rows[0].row()]
        return entry if entry.step is not None and entry.event is not None else None

    def _selection_changed(self, *_: object) -> None:
        """The hint to select an input goes once one is selected."""
        if self.hint and self.selected_entry() is not None:
            self.subtitle.setText(self.subtitle.text().replace(self.hint, ""))
            self.hint = ""

    def correct_dialog(self) -> CorrectInputDialog | None:
        """The correction dialog for the selected input (None, with a message, if none)."""
        if self.replay.state is None or not self.replay.isEnabled() \
                or (self.staff is not None and not self.staff.is_supervisor) \
                or not self.correct_button.isEnabled():
            return None
        entry = self.selected_entry()
        if entry is None or entry.event is None:
            if not self.hint:
                self.hint = "\n" + tr("⚠ Select an input in force in the log to correct it.")
                self.subtitle.setText(self.subtitle.text() + self.hint)
            return None
        hand_id = self.hand_id
        state = self.state
        step = entry.step

        def correct(seq: int, replacement: Event | None, supervisor: StaffMember,
                    reason: str) -> str:
            self.backend.correct_input(hand_id, seq, replacement, supervisor, reason)
            return tr("#{seq} corrected by {name}.").format(seq=seq, name=supervisor.name)

        def preview(replacement: Event | None) -> str:
            return preview_result(state, step, replacement)

        return CorrectInputDialog(self.backend, entry.seq, entry.event, correct,
                                  staff=self.staff, preview=preview, parent=self)

    def correct_selected(self) -> bool:
        dialog = self.correct_dialog()
        if dialog is None or dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.reload()
        self.corrected.emit(self.hand_id)
        return True

    def _log_clicked(self, index: QModelIndex) -> None:
        step = self.log_model.steps[index.row()]
        if step is not None:
            self.replay.set_step(step)

    def _step_changed(self, step: int) -> None:
        self.log_model.set_current_step(step)
        row = self.log_model.row_of_step(step)
        if row is not None:
            self.log_view.scrollTo(self.log_model.index(row, 0))


def preview_result(state: HandState, step: int | None, replacement: Event | None) -> str:
    """What the hand's result would be with its ``step``-th current input replaced by
    ``replacement`` (None: struck), in words: the engine replays the changed inputs."""
    if step is None:
        return ""
    events = list(state.events)
    if replacement is None:
        del events[step - 1]
    else:
        events[step - 1] = replacement
    try:
        hand = Hand.replay(state.settings, state.seats, events)
    except RuleError as exc:
        return tr("Refused by the rules: {reason}").format(reason=refusal_text(exc))
    if not hand.complete:
        return tr("The hand would not be complete: {next}").format(next=next_text(hand))
    old = state.hand.stacks if state.hand.complete else {}
    lines = result_lines(hand)
    if hand.showdown_order:  # its first line: the showdown order, not a result
        lines = lines[1:]
    changes = []
    for seat, stack in sorted(hand.stacks.items()):
        was = old.get(seat)
        if was is not None and was != stack:
            changes.append(f"{who(hand, seat)} {amount(was)} → {amount(stack)}")
    if old and not changes:
        changes.append(tr("no stack changes"))
    elif not old:
        changes.append(tr("the hand completes"))
    return "\n".join(lines + [tr("Stacks: {changes}").format(changes="; ".join(changes))])
