"""Dealer rotation in the floor view: every dealer on shift with what they do now (dealing
and the coming push, PUSH DUE, free, on a break, LATE BACK), and the supervisor's steps:
clock in and out, a break, back, a push (the free dealer who waited longest takes the box of
the table most overdue, recorded as the table's change of dealer) and the push interval."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.floor.side_panel import SidePanel
from dealer_app.services.core.types import StaffMember
from dealer_app.services.rotation import BREAK_MAX, PUSH_EVERY, PUSH_MAX, DealerDuty, Duty
from dealer_app.text import tr
from dealer_app.words import duration_text


def clock_time(moment: datetime) -> str:
    return moment.astimezone().strftime("%H:%M")


def duty_text(d: DealerDuty, now: datetime) -> str:
    """``Dana · Table 3 · 18 min in the box · push 19:42``, ``Dana · PUSH DUE · Table 3 ·
    32 min in the box``, ``Eve · free 5 min``, ``Finn · on break until 19:50``, ``Gus · LATE
    BACK 3 min``."""
    since = duration_text((now - d.since).total_seconds())
    if d.duty in (Duty.DEALING, Duty.DUE):
        if d.duty is Duty.DUE:
            text = tr("{name} · PUSH DUE · {table} · {time} in the box").format(
                name=d.name, table=d.table or "?", time=since)
        else:
            text = tr("{name} · {table} · {time} in the box · push {at}").format(
                name=d.name, table=d.table or "?", time=since,
                at=clock_time(d.due_at) if d.due_at else "?")
        return text if d.clocked_in else tr("{duty} · not clocked in").format(duty=text)
    if d.duty is Duty.FREE:
        return tr("{name} · free {time}").format(name=d.name, time=since)
    back = d.back_at or d.since
    if d.duty is Duty.LATE:
        return tr("{name} · LATE BACK {time}").format(
            name=d.name, time=duration_text((now - back).total_seconds()))
    return tr("{name} · on break until {at}").format(name=d.name, at=clock_time(back))


def next_push(board: list[DealerDuty]) -> tuple[DealerDuty, DealerDuty] | None:
    """The push to make now: (the free dealer who waited longest, the dealer due longest),
    or None when nobody is due or nobody is free."""
    due = [d for d in board if d.duty is Duty.DUE]
    free = [d for d in board if d.duty is Duty.FREE]
    if not due or not free:
        return None
    return (min(free, key=lambda d: d.since),
            min(due, key=lambda d: d.due_at or d.since))


class RotationPanel(SidePanel):
    """The dealers' board; the buttons act on the selected dealer."""

    clock_in_requested = Signal(int)
    clock_out_requested = Signal(int)
    break_requested = Signal(int, int)
    back_requested = Signal(int)
    push_requested = Signal()
    push_every_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rotationPanel")
        layout = QVBoxLayout(self)
        self.title = QLabel(tr("Dealers"))
        self.title.setObjectName("callsTitle")
        self.list = QListWidget()
        self.list.setObjectName("rotationList")
        self.list.setWordWrap(True)
        self.list.setSpacing(3)
        self.staff = QComboBox()
        self.clock_in = QPushButton(tr("Clock in"))
        clock_row = QHBoxLayout()
        clock_row.addWidget(self.staff, 1)
        clock_row.addWidget(self.clock_in)
        self.push = QPushButton(tr("Push"))
        self.push.setObjectName("rotationPush")
        self.clock_out = QPushButton(tr("Clock out"))
        self.clock_out.setObjectName("rotationClockOut")
        self.break_minutes = QSpinBox()
        self.break_minutes.setRange(1, BREAK_MAX)
        self.break_minutes.setValue(20)
        self.break_minutes.setSuffix(tr(" min"))
        self.start_break = QPushButton(tr("Break"))
        self.back = QPushButton(tr("Back", "from a break"))
        self.back.setToolTip(tr("Back from the break"))
        self.push_every = QSpinBox()
        self.push_every.setRange(1, PUSH_MAX)
        self.push_every.setValue(PUSH_EVERY)
        self.push_every.setSuffix(tr(" min"))
        self.set_push_every = QPushButton(tr("Set"))
        grid = QGridLayout()
        grid.addWidget(self.break_minutes, 0, 0)
        grid.addWidget(self.start_break, 0, 1)
        grid.addWidget(self.clock_out, 1, 0)
        grid.addWidget(self.back, 1, 1)
        grid.addWidget(QLabel(tr("A push every")), 2, 0)
        every_row = QHBoxLayout()
        every_row.addWidget(self.push_every, 1)
        every_row.addWidget(self.set_push_every)
        grid.addLayout(every_row, 2, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        self.message = QLabel()
        self.message.setObjectName("errorText")
        self.message.setWordWrap(True)
        for button in (self.clock_in, self.push, self.clock_out, self.start_break, self.back,
                       self.set_push_every):
            button.setMinimumHeight(40)
        layout.addWidget(self.title)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.push)
        layout.addLayout(clock_row)
        layout.addLayout(grid)
        layout.addWidget(self.message)
        self.board: list[DealerDuty] = []
        self.off_shift: list[StaffMember] = []
        self._texts: list[str] = []
        self.clock_in.clicked.connect(self._clock_in)
        self.clock_out.clicked.connect(lambda: self._emit(self.clock_out_requested.emit))
        self.back.clicked.connect(lambda: self._emit(self.back_requested.emit))
        self.start_break.clicked.connect(lambda: self._emit(
            lambda i: self.break_requested.emit(i, self.break_minutes.value())))
        self.push.clicked.connect(self.push_requested.emit)
        self.set_push_every.clicked.connect(
            lambda: self.push_every_requested.emit(self.push_every.value()))
        self.list.currentRowChanged.connect(lambda _row: self._enable())
        self._enable()

    def set_board(self, board: list[DealerDuty], staff: list[StaffMember], push_every: int,
                  now: datetime) -> None:
        """Shows the board (kept as it is when nothing moved) and the staff off shift."""
        texts = [duty_text(d, now) for d in board]
        on = {d.staff_id for d in board}
        off = [m for m in staff if m.id not in on]
        if not self.push_every.hasFocus():
            self.push_every.setValue(push_every)
        push = next_push(board)
        self.push.setText(tr("Push {free} into {table}").format(
            free=push[0].name, table=push[1].table or "?") if push else tr("Push"))
        self.push.setEnabled(push is not None)
        if [m.id for m in off] != [m.id for m in self.off_shift]:
            self.off_shift = off
            self.staff.clear()
            self.staff.addItems([m.name for m in off])
        if texts == self._texts and board == self.board:
            return
        selected = self.selected()
        keep = selected.staff_id if selected else None
        self.board, self._texts = board, texts
        self.list.clear()
        self.list.addItems(texts)
        due = sum(1 for d in board if d.duty in (Duty.DUE, Duty.LATE))
        self.title.setText(tr("Dealers ({count}) · {due} to act on").format(
            count=len(board), due=due) if due else tr("Dealers ({count})").format(
            count=len(board)))
        rows = [i for i, d in enumerate(board) if d.staff_id == keep]
        self.list.setCurrentRow(rows[0] if rows else -1)
        self._enable()

    def selected(self) -> DealerDuty | None:
        row = self.list.currentRow()
        return self.board[row] if 0 <= row < len(self.board) else None

    def _enable(self) -> None:
        d = self.selected()
        self.clock_out.setEnabled(d is not None and d.duty is Duty.FREE)
        self.start_break.setEnabled(d is not None and d.duty is Duty.FREE)
        self.back.setEnabled(d is not None and d.duty in (Duty.BREAK, Duty.LATE))
        self.clock_in.setEnabled(bool(self.off_shift))

    def _clock_in(self) -> None:
        row = self.staff.currentIndex()
        if 0 <= row < len(self.off_shift):
            self.clock_in_requested.emit(self.off_shift[row].id)

    def _emit(self, emit: Callable[[int], object]) -> None:
        d = self.selected()
        if d is not None:
            emit(d.staff_id)
