"""The floor view's open calls: the calls panel filled from the tiles, the history of the
gaming day, the red banner and its repeating alert while a call waits for its
acknowledgement (ESCALATED past ``escalate_after``), and the supervisor's acknowledgement
and resolution. Kept apart from ``window.py``, which creates one :class:`OpenCalls`."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QDialog

from dealer_app.gui.floor import chime
from dealer_app.gui.floor.calls import ResolveDialog
from dealer_app.gui.floor.parts import FloorView
from dealer_app.services import StorageError
from dealer_app.services.core.calls import FloorCallInfo
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.text import tr
from dealer_app.words import duration_text


class OpenCalls(QObject):
    """The calls of one floor view: shown, alerted, answered."""

    def __init__(self, view: FloorView, parent: QObject, alert_every: float) -> None:
        super().__init__(parent)
        self.view = view
        self.known_calls: set[int] | None = None
        self.beeps = 0
        """Alerts sounded (for tests): one at a call, then one every ``alert_every`` s."""
        self.escalated: set[int] = set()
        """The calls escalated so far."""
        self.history_stale = False
        """The answered calls are to be read again."""
        self.alert_timer = QTimer(self)
        self.alert_timer.setInterval(max(100, int(alert_every * 1000)))
        self.alert_timer.timeout.connect(self.sound_alert)
        view.calls_panel.acknowledge_requested.connect(self.acknowledge)
        view.calls_panel.resolve_requested.connect(self.resolve)

    # ------------------------------------------------------------------ shown
    def show(self, now: datetime) -> None:
        """The calls of the tiles as last read; a new one is selected, said and alerted."""
        view = self.view
        calls = sorted((c for w in view.tiles.values() for c in w.tile.calls),
                       key=lambda c: c.id)
        ids = {c.id for c in calls}
        new = [c for c in calls if self.known_calls is not None and c.id not in self.known_calls]
        self.known_calls = ids if self.known_calls is None else (self.known_calls | ids)
        view.calls_panel.set_calls(calls, now)
        if new:
            view.refresh_figures()
        if new or view.reads == 1 or self.history_stale:
            self.read_history()
        if new:
            view.side.setCurrentWidget(view.calls_panel)
        for call in new:
            view.calls_panel.select(call.id)
            view.statusBar().showMessage(
                tr("Call at {table}: {kind} — {reason}").format(
                    table=call.table_name, kind=call.kind.label, reason=call.reason), 15_000)
            view.call_arrived.emit(call.id)
        self.update_alert(now, sound=bool(new) or view.reads == 1)

    def read_history(self) -> None:
        self.history_stale = False
        backend = self.view.backend
        try:
            answered = backend.calls.resolved_since(
                backend.floor.gaming_day_start(self.view.now()))
        except (StorageError, ServiceError):
            self.history_stale = True
            return
        self.view.calls_panel.set_history(answered)

    def waiting_calls(self) -> list[FloorCallInfo]:
        """The open calls nobody acknowledged yet, oldest first."""
        return [c for c in self.view.calls_panel.calls if c.acknowledged_at is None]

    # ------------------------------------------------------------------ the alert
    def update_alert(self, now: datetime, sound: bool = False) -> None:
        """The banner and the repeating alert, from the calls waiting now."""
        view, alert = self.view, self.view.alert
        waiting = self.waiting_calls()
        if not waiting:
            self.alert_timer.stop()
            alert.hide()
            for widget in view.tiles.values():
                if widget.escalated:
                    widget.escalated = False
                    widget.tick(now, view.stale_after)
            return
        late = [c for c in waiting
                if (now - c.created_at).total_seconds() >= view.escalate_after]
        newly = {c.id for c in late} - self.escalated
        self.escalated |= newly
        late_tables = {c.table_id for c in late}
        for widget in view.tiles.values():
            if widget.escalated != (widget.table_id in late_tables):
                widget.escalated = widget.table_id in late_tables
                widget.tick(now, view.stale_after)
        first = waiting[0]
        age = duration_text((now - first.created_at).total_seconds())
        text = tr("CALL at {table}: {kind} — {reason} · waiting {age}").format(
            table=first.table_name, kind=first.kind.label, reason=first.reason, age=age)
        if len(waiting) > 1:
            text = tr("{call} (+{count} more waiting)").format(call=text,
                                                               count=len(waiting) - 1)
        if late:
            text = tr("ESCALATED — unanswered for {age}: {call}").format(
                age=duration_text(view.escalate_after), call=text)
        alert.setText(text)
        if bool(alert.property("escalated")) != bool(late):
            alert.setProperty("escalated", bool(late))
            alert.style().unpolish(alert)
            alert.style().polish(alert)
        alert.show()
        if newly:
            view.ask_attention()
        if sound or newly or not self.alert_timer.isActive():
            self.sound_alert()
            self.alert_timer.start()

    def sound_alert(self) -> None:
        """One alert: a beep and a flash of the banner (repeated while a call waits)."""
        if not self.waiting_calls():
            self.alert_timer.stop()
            return
        self.beeps += 1
        chime.ring()
        alert = self.view.alert
        flash = not bool(alert.property("flash"))
        alert.setProperty("flash", flash)
        alert.style().unpolish(alert)
        alert.style().polish(alert)

    # ------------------------------------------------------------------ answering
    def acknowledge(self, call_id: int) -> FloorCallInfo | None:
        view = self.view
        who = view.who()
        if who is None:
            return None
        try:
            call = view.backend.calls.acknowledge(call_id, who)
        except (StorageError, ServiceError) as exc:
            view.statusBar().showMessage(error_text(exc), 10_000)
            view.refresh(None)
            return None
        view.refresh({call.table_id})
        return call

    def resolve(self, call_id: int, note: str | None = None) -> FloorCallInfo | None:
        view = self.view
        who = view.who()
        if who is None:
            return None
        if note is None:
            call = next((c for c in view.calls_panel.calls if c.id == call_id), None)
            if call is None:
                return None
            dialog = ResolveDialog(call, view.calls_panel.window())
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            note = dialog.note.text()
        try:
            done = view.backend.calls.resolve(call_id, who, note)
        except (StorageError, ServiceError) as exc:
            view.statusBar().showMessage(error_text(exc), 10_000)
            view.refresh(None)
            return None
        self.history_stale = True
        view.refresh({done.table_id})
        return done
