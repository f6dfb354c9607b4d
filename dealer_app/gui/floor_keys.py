"""The floor keys of the dealer's window, kept apart from the controller:

- ``F8`` calls the floor (a dispute, chips, a player, other) with a short reason;
- ``F9`` (the hole-card mismatch, rule 9.5) also calls the floor before the supervisor's
  correction dialog opens;
- ``F3`` opens the floor view for a signed-in supervisor.

The window's status bar then shows every open call of the table, read from the database
(also after a restart): waiting, acknowledged ("on the way"); then the last one resolved,
with its note. While a call is open the change feed says when to read them again, and the
bar says so when no floor view is open to see the call. F3 opens the floor view for a
supervisor (one signed in, or one who gives a name and PIN there): the table's dealer stays
the dealer. :func:`install` hooks these in; the controller is not changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from dealer_app.gui.floor.calls import SupervisorSignIn
from dealer_app.gui.floor.feed import LiveFeed
from dealer_app.gui.toolkit.audit_log import logged_sign_in
from dealer_app.services import StaffMember, StorageError
from dealer_app.services.core.calls import REASON_MAX, CallKind, FloorCallInfo
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.services.leases import heartbeat_interval
from dealer_app.text import tr, tr_noop

if TYPE_CHECKING:
    from dealer_app.gui.backend import Backend
    from dealer_app.gui.controller import DealerController
    from dealer_app.gui.floor.window import FloorWindow
    from dealer_app.gui.window import DealerWindow

POLL_MS = 1000
"""Without a change feed (an in-memory database): how often the open calls are read."""
FEED_INTERVAL = 0.25
"""Seconds between two looks of the change feed while a call of the table is open."""


class CallFloorDialog(QDialog):
    """What the call is about and a short reason (and a warning when no floor view is
    open to see it)."""

    def __init__(self, parent: QWidget | None = None, watched: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Call the floor"))
        self.setMinimumWidth(520)
        form = QFormLayout(self)
        self.unwatched = QLabel(tr(NO_FLOOR_VIEW))
        self.unwatched.setObjectName("errorText")
        self.unwatched.setWordWrap(True)
        if not watched:
            form.addRow(self.unwatched)
        self.kind = QComboBox()
        for kind in (CallKind.DISPUTE, CallKind.CHIPS, CallKind.PLAYER, CallKind.OTHER):
            self.kind.addItem(kind.label, kind.value)
        self.reason = QLineEdit()
        self.reason.setMaxLength(REASON_MAX)
        self.reason.setPlaceholderText(tr("e.g. seat 3 disputes the pot"))
        self.error = QLabel()
        self.error.setObjectName("errorText")
        self.last_hands = QCheckBox(tr("Last hands: the table closes after them"))
        """Also announces the table's closing (it shows CLOSING on the floor)."""
        form.addRow(tr("About"), self.kind)
        form.addRow(tr("Reason"), self.reason)
        form.addRow(self.last_hands)
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


NO_FLOOR_VIEW = tr_noop("NO FLOOR VIEW IS OPEN: nobody sees this call on a screen. Phone or "
                        "send for the floor.")


def call_status(call: FloorCallInfo) -> str:
    """The status bar's words for one call of the table."""
    kind = call.kind.label.lower()
    if call.resolved_at is not None:
        return tr("Floor call ({kind}) resolved by {name}: {note}").format(
            kind=kind, name=call.resolved_by, note=call.resolution)
    if call.acknowledged_at is not None:
        return tr("Floor call ({kind}) ACKNOWLEDGED — {name} is on the way").format(
            kind=kind, name=call.acknowledged_by)
    return tr("Floor call ({kind}) sent — waiting for the floor").format(kind=kind)


class FloorKeys(QObject):
    """The floor keys on one dealer window, and the table's open calls in its status bar."""

    def __init__(self, window: DealerWindow, controller: DealerController,
                 backend: Backend) -> None:
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.backend = backend
        self.calls = backend.services.calls
        self.presence = backend.services.floor_presence
        self.table_id: int | None = None
        """The table whose calls are shown (the one open at this window)."""
        self.open: list[FloorCallInfo] = []
        """The table's open calls, oldest first, as last read."""
        self.resolved: FloorCallInfo | None = None
        """The last call seen open here and resolved since."""
        self.watched = True
        """A floor view was open at the last read."""
        self.dialog: CallFloorDialog | None = None
        self.sign_in: SupervisorSignIn | None = None
        self.floor_window: FloorWindow | None = None
        self.status = QLabel(window)
        """The calls' state; in the window's status bar from the first call on (no bar, so
        no room taken from the table, before)."""
        self.status.setObjectName("floorCallStatus")
        self.status.setWordWrap(True)
        self.status.hide()
        self._in_bar = False
        self.feed: LiveFeed | None = None
        self.poll = QTimer(self)
        """Reads the calls again: every heartbeat (a floor view may close or open without
        any commit), or every second without a change feed."""
        self.poll.setInterval(int(heartbeat_interval().total_seconds() * 1000))
        self.poll.timeout.connect(self.check_call)
        window.stack.currentChanged.connect(self._page_changed)
        window.on_close.insert(0, self.stop)  # before the backend closes
        controller.floor = self

    @property
    def call(self) -> FloorCallInfo | None:
        """The newest open call, else the last one resolved."""
        return self.open[-1] if self.open else self.resolved

    # ------------------------------------------------------------------ the floor's hooks
    def call_floor(self) -> CallFloorDialog | None:
        """F8."""
        return self.open_call_dialog()

    def supervisor_called(self) -> FloorCallInfo | None:
        """F9 with a refused show: the floor is called about it."""
        return self.mismatch_call()

    def stop(self) -> None:
        """The window closes: the feed and the timer end, and a floor view opened here."""
        self._stop_feed()
        self.poll.stop()
        if self.floor_window is not None:
            self.floor_window.close()

    # ------------------------------------------------------------------ the table's calls
    def _page_changed(self, _index: int) -> None:
        """A table opened (its open calls are read, after a restart too) or left."""
        session = self.backend.session
        table = (session.table_id if session is not None
                 and self.window.stack.currentWidget() is self.window.page else None)
        if table == self.table_id:
            return
        self._stop_feed()  # a feed listens to one table
        self.table_id = table
        self.open, self.resolved = [], None
        if table is None:
            self._stop_feed()
            self.poll.stop()
            self._show()
        else:
            self.check_call()

    def check_call(self) -> None:
        """Reads the table's open calls again (their acknowledgement, their resolution) and
        whether a floor view is open."""
        table = self.table_id
        if table is None:
            return
        try:
            calls = self.calls.open_calls([table])
            ids = {c.id for c in calls}
            gone = [c.id for c in self.open if c.id not in ids]
            if gone:
                self.resolved = self.calls.call(gone[-1])
            self.watched = bool(self.presence.watchers()) if calls else True
        except (StorageError, ServiceError):
            return  # the next signal or tick tries again
        self.open = calls
        self._show()
        if calls:
            self._start_feed()
        else:
            self._stop_feed()
            self.poll.stop()

    def _start_feed(self) -> None:
        if not self.poll.isActive():
            self.poll.start()
        if self.feed is not None:
            return
        try:
            feed = LiveFeed(self.backend.services, self, interval=FEED_INTERVAL,
                            tables=None if self.table_id is None else {self.table_id})
        except ValueError:  # an in-memory database has no change feed: read each second
            self.poll.setInterval(POLL_MS)
            return
        feed.changed.connect(self._changed)
        feed.start()
        self.feed = feed

    def _stop_feed(self) -> None:
        feed, self.feed = self.feed, None
        if feed is not None:
            feed.stop()
            feed.deleteLater()

    def _changed(self, tables: set[int] | None) -> None:
        if tables is None or self.table_id in tables:
            self.check_call()

    def _show(self) -> None:
        """The status bar: each open call, or the last one resolved; red while nobody
        watches a waiting call."""
        lines = [call_status(c) for c in self.open]
        if not self.open and self.resolved is not None:
            lines = [call_status(self.resolved)]
        if not lines:
            self.status.hide()
            return
        waiting = any(c.acknowledged_at is None for c in self.open)
        if waiting and not self.watched:
            lines.append(tr(NO_FLOOR_VIEW))
            colour = "#b3261e"
        elif waiting:
            colour = "#8a6d1d"
        elif self.open:
            colour = "#1f6b3a"
        else:
            colour = "#2b343b"
        if not self._in_bar:
            bar = self.window.statusBar()
            bar.addPermanentWidget(self.status, 1)
            bar.show()
            self._in_bar = True
        self.status.setText("\n".join(lines))
        self.status.setStyleSheet(f"background: {colour}; color: #ffffff; font-weight: 700;"
                                  " padding: 4px 10px; border-radius: 4px;")
        self.status.show()

    # ------------------------------------------------------------------ calls
    def open_call_dialog(self) -> CallFloorDialog | None:
        if self.backend.session is None or self.backend.staff is None:
            self.controller.fail(tr("open a table first: a call names the table"))
            return None
        try:
            watched = bool(self.presence.watchers())
        except (StorageError, ServiceError):
            watched = True  # unknown: the status bar says it after the call
        dialog = CallFloorDialog(self.window, watched=watched)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(lambda: self.raise_call(
            str(dialog.kind.currentData()), dialog.reason.text(),
            last_hands=dialog.last_hands.isChecked()))
        self.dialog = dialog
        dialog.open()
        return dialog

    def raise_call(self, kind: str, reason: str, *,
                   last_hands: bool = False) -> FloorCallInfo | None:
        """Calls the floor; with ``last_hands`` the dealer also announces the table's
        closing (``services/closing.py``)."""
        session, staff = self.backend.session, self.backend.staff
        if session is None or staff is None:
            return None
        hand = self.backend.state.hand_id if self.backend.state is not None else None
        try:
            call = self.calls.raise_call(session.table_id, kind, reason, staff, hand_id=hand)
        except (StorageError, ServiceError) as exc:
            self.controller.fail(tr("the floor was not called: {error}")
                                 .format(error=error_text(exc)))
            return None
        if last_hands:
            try:
                self.backend.services.closing.announce(session.table_id, staff, reason)
            except StorageError as exc:
                self.controller.fail(tr("the closing was not announced: {error}").format(
                    error=exc))
        self.table_id = session.table_id
        self.open = [c for c in self.open if c.id != call.id] + [call]
        self.check_call()
        return call

    def mismatch_call(self) -> FloorCallInfo | None:
        """F9 with a refused show: the floor is called about the hole card."""
        show = self.controller.input.mismatch
        if show is None:
            return None
        return self.raise_call(CallKind.MISMATCH.value,
                               tr("seat {seat} shows {card}: not the hole card recorded "
                                  "(rule 9.5)").format(seat=show.seat, card=show.card))

    # ------------------------------------------------------------------ floor view
    def open_floor(self) -> FloorWindow | None:
        """F3: the floor view, for the supervisor signed in or one who signs in for it;
        nobody takes the table's box."""
        staff = self.backend.staff
        if self.floor_window is not None:
            return self._show_floor()
        if staff is not None and staff.is_supervisor:
            return self._open_floor_as(staff)
        dialog = SupervisorSignIn(self.window, tr(
            "The floor view is for a supervisor: name and PIN. The dealer keeps the table."))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(lambda: self._signed_in(dialog.name.text(), dialog.pin.text()))
        self.sign_in = dialog
        dialog.open()
        return None

    def _signed_in(self, name: str, pin: str) -> None:
        try:
            with logged_sign_in("floor view sign-in", name.strip()):
                staff = self.backend.services.staff.authenticate(name.strip(), pin)
        except (StorageError, ServiceError) as exc:
            self.controller.fail(tr("the floor view was not opened: {error}").format(
                error=error_text(exc)))
            return
        if not staff.is_supervisor:
            self.controller.fail(tr("{key} opens the floor view for a supervisor; {name} is "
                                    "a dealer").format(key="F3", name=staff.name))
            return
        self._open_floor_as(staff)

    def _open_floor_as(self, staff: StaffMember) -> FloorWindow:
        from dealer_app.gui.floor.window import FloorWindow

        window = FloorWindow(self.backend.services, staff)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        window.destroyed.connect(self._floor_closed)
        window.start()
        self.floor_window = window
        return self._show_floor()

    def _show_floor(self) -> FloorWindow:
        assert self.floor_window is not None
        self.floor_window.show()
        self.floor_window.raise_()
        return self.floor_window

    def _floor_closed(self) -> None:
        self.floor_window = None


def install(window: DealerWindow, controller: DealerController,
            backend: Backend) -> FloorKeys:
    """Adds the floor keys to a dealer's window, and the dealer's time in the box."""
    from dealer_app.gui.box_clock import BoxClock

    BoxClock(window, backend)
    return FloorKeys(window, controller, backend)
