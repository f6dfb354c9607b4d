"""One hand in detail: settings and seats, every logged row with time and author (undos,
corrections, the void), and a step replay showing the table exactly as it was after each
input — the engine replaying the first N current inputs. Reuses the dealer window's table
view (``gui.views.table``) read-only."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSlider,
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
from dealer_app.gui import prompts
from dealer_app.gui.i18n import amount
from dealer_app.gui.refusals import refusal_text
from dealer_app.gui.resources import style_sheet
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.captions import caption, next_text, when, who
from dealer_app.gui.review.dialogs import CorrectInputDialog
from dealer_app.gui.review.models import HandLogModel
from dealer_app.gui.rows import SeatRow, pot_rows, seat_rows
from dealer_app.gui.screen import resize_within_screen
from dealer_app.gui.views.scale import scaled_sheet
from dealer_app.gui.views.table import TableView
from dealer_app.gui.views.wrapping import wrap_column
from dealer_app.services import HandState, HandStatus, LogEntry, StaffMember, StorageError
from dealer_app.services.error_words import error_text
from dealer_app.services.errors import ServiceError
from dealer_app.services.reports import hand_report, result_html, result_lines
from dealer_app.text import tr, tr_noop

STATUS = {HandStatus.IN_PROGRESS: tr_noop("IN-PROGRESS"), HandStatus.COMPLETE: tr_noop("COMPLETE"),
          HandStatus.VOID: tr_noop("VOID")}
"""A hand's status in the detail window's title."""


class HandReplayView(QWidget):
    """The table at step N of a hand, with controls to step through it."""

    step_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: HandState | None = None
        self.step = 0
        self.rows: list[SeatRow] = []
        self._cache: dict[int, Hand] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.table = TableView()
        # the table keeps its size and scrolls in a small window (1366×768 screens)
        self.table_area = QScrollArea()
        self.table_area.setObjectName("replayArea")
        self.table_area.setWidget(self.table)
        self.table_area.setWidgetResizable(True)
        self.table_area.setFrameShape(QFrame.Shape.NoFrame)
        layout.addWidget(self.table_area, 1)
        self.next_label = QLabel()
        self.next_label.setObjectName("replayNext")
        self.next_label.setWordWrap(True)
        layout.addWidget(self.next_label)
        bar = QWidget()
        bar.setObjectName("stepBar")
        row = QHBoxLayout(bar)
        row.setContentsMargins(0, 4, 0, 0)
        self.first_button = QPushButton(tr("|◀ Start"))
        self.back_button = QPushButton(tr("◀ Back"))
        self.forward_button = QPushButton(tr("Forward ▶"))
        self.last_button = QPushButton(tr("End ▶|"))
        for name, button, tip in (("stepFirst", self.first_button, tr("Start (Home)")),
                                  ("stepBack", self.back_button, tr("One input back (←)")),
                                  ("stepForward", self.forward_button, tr("One input on (→)")),
                                  ("stepLast", self.last_button, tr("Last input (End)"))):
            button.setObjectName(name)
            button.setToolTip(tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumWidth(button.sizeHint().width())
        self.step_label = QLabel()
        self.step_label.setObjectName("stepLabel")
        self.step_label.setWordWrap(True)  # a long caption wraps; the buttons keep their size
        self.step_label.setSizePolicy(QSizePolicy.Policy.Ignored,
                                      QSizePolicy.Policy.Preferred)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("stepSlider")
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        row.addWidget(self.first_button)
        row.addWidget(self.back_button)
        row.addStretch(1)
        row.addWidget(self.forward_button)
        row.addWidget(self.last_button)
        layout.addWidget(self.step_label)  # its own line: squeezed between the buttons it
        layout.addWidget(bar)  # stood a word a line at 1024×768
        layout.addWidget(self.slider)
        self.first_button.clicked.connect(lambda: self.set_step(0))
        self.back_button.clicked.connect(lambda: self.set_step(self.step - 1))
        self.forward_button.clicked.connect(lambda: self.set_step(self.step + 1))
        self.last_button.clicked.connect(lambda: self.set_step(self.steps))
        self.slider.valueChanged.connect(self.set_step)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        """The table smaller (text and all) where the whole of it would not fit: at
        1024×768 the winner's seat and the pot needed scrolling (issue 23)."""
        super().resizeEvent(event)
        need, now = self.table.minimumSize(), self.table.scale  # sizes go with the scale
        room = self.table_area.size()
        if need.width() <= 0 or need.height() <= 0 or room.width() <= 0:
            return
        scale = round(max(0.6, min(1.0, now * room.width() / need.width(),
                                   now * room.height() / need.height())), 2)
        if scale != now:
            self.table.set_scale(scale)
        sheet = style_sheet()
        wanted = scaled_sheet(sheet, scale) if scale != 1.0 and sheet else ""
        if self.table.styleSheet() != wanted:
            self.table.setStyleSheet(wanted)
            self.table.centre.refit()

    @property
    def steps(self) -> int:
        return len(self.state.events) if self.state is not None else 0

    def set_state(self, state: HandState, step: int | None = None) -> None:
        self.state = state
        self._cache = {len(state.events): state.hand}
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(state.events))
        self.slider.blockSignals(False)
        self.step = -1
        self.set_step(len(state.events) if step is None else step)

    def hand_at(self, step: int) -> Hand:
        """The engine's hand after the first ``step`` current inputs."""
        assert self.state is not None
        hand = self._cache.get(step)
        if hand is None:
            hand = Hand.replay(self.state.settings, self.state.seats,
                               self.state.events[:step])
            self._cache[step] = hand
        return hand

    @property
    def hand(self) -> Hand | None:
        return self.hand_at(self.step) if self.state is not None else None

    def set_step(self, step: int) -> None:
        if self.state is None:
            return
        step = max(0, min(step, self.steps))
        if step == self.step:
            return
        self.step = step
        hand = self.hand_at(step)
        void = self.state.status is HandStatus.VOID and step == self.steps
        seats = seat_rows({}, hand)
        pots = pot_rows(hand)
        award = prompts.award_lines(hand)
        if void:
            # the stacks the hand was dealt with, no winners (chips of players who had left
            # are owed to them: a line of the session report)
            before = {spec.seat: spec.stack for spec in self.state.seats}
            seats = [replace(r, stack=before.get(r.seat, r.stack), bet=0, won=0, due=False,
                             all_in=False) for r in seats]
            pots = [replace(p, winners=(), awards={}, odd_chips=()) for p in pots]
            award = [tr("VOID — stacks are as before this hand (players who had left: "
                        "chips owed, in the session report)")]
        self.rows = seats
        """The seat rows shown at this step."""
        self.table.set_seats(seats)
        bets = 0 if void else sum(hand.bets.values())
        round_text = tr("Hand voided") if void else prompts.round_text(hand)
        self.table.centre.set_state(round_text, pots, bets, award)
        self.table.dealer.set_info(tr("Step {step} of {steps}").format(step=step,
                                                                        steps=self.steps))
        text = caption(self.hand_at(step - 1), hand, void=void) if step > 0 \
            else tr("Start of the hand")
        self.step_label.setText(tr("Step {step} / {steps}:  {caption}").format(
            step=step, steps=self.steps, caption=text))
        if void:
            self.next_label.setText(tr("This hand was voided by a supervisor."))
        else:
            self.next_label.setText(next_text(hand))
        self.next_label.setProperty("void", void)
        self.next_label.style().unpolish(self.next_label)
        self.next_label.style().polish(self.next_label)
        self.slider.blockSignals(True)
        self.slider.setValue(step)
        self.slider.blockSignals(False)
        self.first_button.setEnabled(step > 0)
        self.back_button.setEnabled(step > 0)
        self.forward_button.setEnabled(step < self.steps)
        self.last_button.setEnabled(step < self.steps)
        self.step_changed.emit(step)

    def keyPressEvent(self, event: object) -> None:  # noqa: N802 (Qt name)
        from PySide6.QtGui import QKeyEvent

        assert isinstance(event, QKeyEvent)
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Space):
            self.set_step(self.step + 1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Backspace):
            self.set_step(self.step - 1)
        elif key == Qt.Key.Key_Home:
            self.set_step(0)
        elif key == Qt.Key.Key_End:
            self.set_step(self.steps)
        else:
            super().keyPressEvent(event)


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
