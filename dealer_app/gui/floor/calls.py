"""Floor calls in the floor view: the list of open calls (their ages tick), the supervisor's
answers (acknowledge: "on my way"; resolve with a note), the shift's answered calls with
their response times, plus the small dialogs they need."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_app.services.core.calls import CallResponse, FloorCallInfo, response_line
from dealer_app.text import tr
from dealer_app.words import duration_text


def call_text(call: FloorCallInfo, now: datetime) -> str:
    """Two lines: table, kind, hand and age; then the reason and who answered."""
    age = duration_text((now - call.created_at).total_seconds())
    if call.hand_number is not None:
        head = tr("{table} · {kind} · hand {hand} · {age} ago").format(
            table=call.table_name, kind=call.kind.label, hand=call.hand_number, age=age)
    else:
        head = tr("{table} · {kind} · {age} ago").format(
            table=call.table_name, kind=call.kind.label, age=age)
    tail = tr("{reason} (dealer {dealer})").format(reason=call.reason, dealer=call.dealer)
    if call.acknowledged_by:
        tail += "\n" + tr("On the way: {name}").format(name=call.acknowledged_by)
    return f"{head}\n{tail}"


class CallsPanel(QFrame):
    """The open calls, oldest first; the buttons act on the selected one."""

    acknowledge_requested = Signal(int)
    resolve_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("callsPanel")
        self.setFixedWidth(360)
        layout = QVBoxLayout(self)
        self.title = QLabel(tr("Calls"))
        self.title.setObjectName("callsTitle")
        self.list = QListWidget()
        self.list.setObjectName("callsList")
        self.list.setWordWrap(True)
        self.acknowledge = QPushButton(tr("On my way (acknowledge)"))
        self.resolve = QPushButton(tr("Resolve with a note…"))
        for button in (self.acknowledge, self.resolve):
            button.setMinimumHeight(40)
        layout.addWidget(self.title)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.acknowledge)
        layout.addWidget(self.resolve)
        self.history_title = QLabel(tr("Answered this shift (none)"))
        self.history_title.setObjectName("callsHistoryTitle")
        self.history = QListWidget()
        self.history.setObjectName("callsHistory")
        self.history.setWordWrap(True)
        layout.addWidget(self.history_title)
        layout.addWidget(self.history, 1)
        self.answered: list[CallResponse] = []
        self.calls: list[FloorCallInfo] = []
        self.acknowledge.clicked.connect(self._acknowledge)
        self.resolve.clicked.connect(self._resolve)
        self.list.currentRowChanged.connect(lambda _row: self._enable())
        self._enable()

    def set_calls(self, calls: list[FloorCallInfo], now: datetime) -> None:
        selected = self.selected()
        keep = selected.id if selected else None
        self.calls = calls
        self.list.clear()
        for call in calls:
            item = QListWidgetItem(call_text(call, now))
            item.setData(Qt.ItemDataRole.UserRole, call.id)
            self.list.addItem(item)
        self.title.setText(tr("Calls ({count} open)").format(count=len(calls)) if calls
                           else tr("Calls (none open)"))
        rows = [i for i, c in enumerate(calls) if c.id == keep]
        self.list.setCurrentRow(rows[0] if rows else (0 if calls else -1))
        self._enable()

    def tick(self, now: datetime) -> None:
        """The calls' ages move on (the texts only: the selection stays)."""
        for i, call in enumerate(self.calls):
            item = self.list.item(i)
            if item is not None:
                item.setText(call_text(call, now))

    def set_history(self, answered: list[CallResponse]) -> None:
        """The calls resolved this shift, newest first, with their response times."""
        if answered == self.answered:
            return
        self.answered = answered
        self.history.clear()
        for call in answered:
            when = call.created_at.astimezone().strftime("%H:%M")
            self.history.addItem(tr("{time} {table} · {line}").format(
                time=when, table=call.table_name, line=response_line(call)))
        self.history_title.setText(
            tr("Answered this shift ({count})").format(count=len(answered)) if answered
            else tr("Answered this shift (none)"))

    def selected(self) -> FloorCallInfo | None:
        row = self.list.currentRow()
        return self.calls[row] if 0 <= row < len(self.calls) else None

    def select(self, call_id: int) -> None:
        for i, call in enumerate(self.calls):
            if call.id == call_id:
                self.list.setCurrentRow(i)

    def _enable(self) -> None:
        call = self.selected()
        self.acknowledge.setEnabled(call is not None and call.acknowledged_at is None)
        self.resolve.setEnabled(call is not None)

    def _acknowledge(self) -> None:
        call = self.selected()
        if call is not None:
            self.acknowledge_requested.emit(call.id)

    def _resolve(self) -> None:
        call = self.selected()
        if call is not None:
            self.resolve_requested.emit(call.id)


class SupervisorSignIn(QDialog):
    """A supervisor's name and PIN, to answer calls from this floor view."""

    def __init__(self, parent: QWidget | None = None, message: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Supervisor"))
        form = QFormLayout(self)
        self.message = QLabel(message or tr("Sign in to answer calls."))
        self.message.setWordWrap(True)
        self.name = QLineEdit()
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(self.message)
        form.addRow(tr("Name"), self.name)
        form.addRow(tr("PIN"), self.pin)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)


class ResolveDialog(QDialog):
    """The note that closes a call."""

    def __init__(self, call: FloorCallInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Resolve the call at {table}").format(table=call.table_name))
        form = QFormLayout(self)
        form.addRow(QLabel(tr("{kind}: {reason}").format(kind=call.kind.label,
                                                         reason=call.reason)))
        self.note = QLineEdit()
        self.note.setPlaceholderText(tr("what was done"))
        self.note.setMaxLength(200)
        form.addRow(tr("Note"), self.note)
        self.error = QLabel()
        self.error.setObjectName("errorText")
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _ok(self) -> None:
        if not self.note.text().strip():
            self.error.setText(tr("Write what was done: a resolved call needs a note."))
            return
        self.accept()
