"""The floor keys of the dealer's window, kept apart from the controller:

- ``F8`` calls the floor (a dispute, chips, a player, other) with a short reason;
- ``F9`` (the hole-card mismatch, rule 9.5) also calls the floor before the supervisor's
  correction dialog opens;
- ``F3`` opens the floor view for a signed-in supervisor.

The window's status bar then shows the call's state: waiting, acknowledged ("on the way"),
resolved with the note. :func:`install` hooks these in; the controller is not changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from dealer_app.gui.commands import Command
from dealer_app.services import StorageError
from dealer_app.services.calls import REASON_MAX, CallKind, CallService, FloorCallInfo
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.backend import Backend
    from dealer_app.gui.controller import DealerController
    from dealer_app.gui.floor.window import FloorWindow
    from dealer_app.gui.window import DealerWindow

CALL_KEY = Command.CALL_FLOOR.spec.key
FLOOR_KEY = Command.FLOOR.spec.key
POLL_MS = 1000
"""How often the dealer's window reads its open call's state while it is not resolved."""


class CallFloorDialog(QDialog):
    """What the call is about and a short reason."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Call the floor"))
        self.setMinimumWidth(520)
        form = QFormLayout(self)
        self.kind = QComboBox()
        for kind in (CallKind.DISPUTE, CallKind.CHIPS, CallKind.PLAYER, CallKind.OTHER):
            self.kind.addItem(kind.label, kind.value)
        self.reason = QLineEdit()
        self.reason.setMaxLength(REASON_MAX)
        self.reason.setPlaceholderText(tr("e.g. seat 3 disputes the pot"))
        self.error = QLabel()
        self.error.setObjectName("errorText")
        form.addRow(tr("About"), self.kind)
        form.addRow(tr("Reason"), self.reason)
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Call the floor"))
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.reason.setFocus()

    def _ok(self) -> None:
        if not self.reason.text().strip():
            self.error.setText(tr("Say in a few words why the floor is needed."))
            return
        self.accept()


def mismatch_of(controller: Any) -> Any:
    """The show refused as a hole-card mismatch, waiting for F9 (None: none). It is kept by
    the controller's table-input part, or by the controller before it was split."""
    holder = getattr(controller, "input", None)
    if holder is None or not hasattr(holder, "mismatch"):
        holder = controller
    return getattr(holder, "mismatch", None)


def call_status(call: FloorCallInfo) -> str:
    """The status bar's words for the table's latest call."""
    kind = call.kind.label.lower()
    if call.resolved_at is not None:
        return tr("Floor call ({kind}) resolved by {name}: {note}").format(
            kind=kind, name=call.resolved_by, note=call.resolution)
    if call.acknowledged_at is not None:
        return tr("Floor call ({kind}) ACKNOWLEDGED — {name} is on the way").format(
            kind=kind, name=call.acknowledged_by)
    return tr("Floor call ({kind}) sent — waiting for the floor").format(kind=kind)


class FloorKeys(QObject):
    """The floor keys on one dealer window."""

    def __init__(self, window: DealerWindow, controller: DealerController,
                 backend: Backend) -> None:
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.backend = backend
        self.calls = CallService(backend.services.db)
        self.call: FloorCallInfo | None = None
        self.dialog: CallFloorDialog | None = None
        self.floor_window: FloorWindow | None = None
        self.status = QLabel(window)
        """The call's state; in the window's status bar from the first call on (no bar, so
        no room taken from the table, before)."""
        self.status.setObjectName("floorCallStatus")
        self.status.hide()
        self.poll = QTimer(self)
        self.poll.setInterval(POLL_MS)
        self.poll.timeout.connect(self.check_call)
        previous = window.key_handler
        self._previous: Callable[[QKeyEvent], bool] | None = previous
        window.key_handler = self.handle_key
        window.page.card_entry.key_handler = self.handle_key
        # F9: the controller's supervisor part (or the controller itself, before it was
        # split) is wrapped so the floor is called before the correction dialog opens
        acts: Any = getattr(controller, "supervisor", None)
        if acts is None or not hasattr(acts, "call_supervisor"):
            acts = controller
        original = acts.call_supervisor

        def call_supervisor() -> Any:
            self.mismatch_call()
            return original()

        acts.call_supervisor = call_supervisor

    def handle_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key == CALL_KEY and not event.isAutoRepeat():
            self.open_call_dialog()
            return True
        if key == FLOOR_KEY and not event.isAutoRepeat():
            self.open_floor()
            return True
        return bool(self._previous(event)) if self._previous is not None else False

    # ------------------------------------------------------------------ calls
    def open_call_dialog(self) -> CallFloorDialog | None:
        if self.backend.session is None or self.backend.staff is None:
            self.controller.fail(tr("open a table first: a call names the table"))
            return None
        dialog = CallFloorDialog(self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(lambda: self.raise_call(str(dialog.kind.currentData()),
                                                        dialog.reason.text()))
        self.dialog = dialog
        dialog.open()
        return dialog

    def raise_call(self, kind: str, reason: str) -> FloorCallInfo | None:
        session, staff = self.backend.session, self.backend.staff
        if session is None or staff is None:
            return None
        hand = self.backend.state.hand_id if self.backend.state is not None else None
        try:
            call = self.calls.raise_call(session.table_id, kind, reason, staff, hand_id=hand)
        except StorageError as exc:
            self.controller.fail(tr("the floor was not called: {error}").format(error=exc))
            return None
        self._follow(call)
        return call

    def mismatch_call(self) -> FloorCallInfo | None:
        """F9 with a refused show: the floor is called about the hole card."""
        show = mismatch_of(self.controller)
        if show is None:
            return None
        return self.raise_call(CallKind.MISMATCH.value,
                               tr("seat {seat} shows {card}: not the hole card recorded "
                                  "(rule 9.5)").format(seat=show.seat, card=show.card))

    def _follow(self, call: FloorCallInfo) -> None:
        if self.call is None:
            self.window.statusBar().addPermanentWidget(self.status, 1)
            self.status.show()
        self.call = call
        self.status.setText(call_status(call))
        colour = {"called": "#8a6d1d", "acknowledged": "#1f6b3a",
                  "resolved": "#2b343b"}[call.state]
        self.status.setStyleSheet(f"background: {colour}; color: #ffffff; font-weight: 700;"
                                  " padding: 4px 10px; border-radius: 4px;")
        if call.resolved_at is None:
            self.poll.start()
        else:
            self.poll.stop()

    def check_call(self) -> None:
        """Reads the followed call again (its acknowledgement, its resolution)."""
        if self.call is None:
            self.poll.stop()
            return
        try:
            call = self.calls.call(self.call.id)
        except StorageError:
            return  # the next tick tries again
        if call != self.call:
            self._follow(call)

    # ------------------------------------------------------------------ floor view
    def open_floor(self) -> FloorWindow | None:
        staff = self.backend.staff
        if staff is None or not staff.is_supervisor:
            self.controller.fail(tr("{key} opens the floor view for a signed-in supervisor")
                                 .format(key="F3"))
            return None
        if self.floor_window is None:
            from dealer_app.gui.floor.window import FloorWindow

            window = FloorWindow(self.backend.services, staff)
            window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
            window.destroyed.connect(self._floor_closed)
            window.start()
            self.floor_window = window
        self.floor_window.show()
        self.floor_window.raise_()
        return self.floor_window

    def _floor_closed(self) -> None:
        self.floor_window = None


def install(window: DealerWindow, controller: DealerController,
            backend: Backend) -> FloorKeys:
    """Adds the floor keys to a dealer's window."""
    return FloorKeys(window, controller, backend)
