"""The step replay of one hand (:class:`HandReplayView`): the table exactly as it was after
each input — the engine replaying the first N current inputs — beside the hand's log, with
controls to step through it. Reuses the dealer window's table view (``gui.views.table``)
read-only; :mod:`~dealer_app.gui.review.hand_detail` shows it in the hand's window."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from dealer_app.engine.hand import Hand
from dealer_app.gui.review.captions import caption, next_text
from dealer_app.gui.toolkit.resources import style_sheet
from dealer_app.gui.views.scale import scaled_sheet
from dealer_app.gui.views.table import TableView
from dealer_app.gui.wording import prompts
from dealer_app.gui.wording.rows import SeatRow, pot_rows, seat_rows
from dealer_app.services import HandState, HandStatus
from dealer_app.text import tr


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


