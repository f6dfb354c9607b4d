"""The dealer's own time in the box and the coming push, in the dealer's window header:
``18 min in the box · push in 12 min``, then ``PUSH DUE`` once the floor's push
interval has passed. Read from the session and its ``change-dealer`` rows through
:class:`~dealer_app.services.rotation.RotationService` (a push at the floor shows here
within :data:`READ_EVERY` seconds); the clock moves each second without a read."""

from __future__ import annotations

import time
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QBoxLayout, QLabel

from dealer_app.services import StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.rotation import BoxTime
from dealer_app.text import tr
from dealer_app.words import duration_text

if TYPE_CHECKING:
    from dealer_app.gui.backend import Backend
    from dealer_app.gui.window import DealerWindow

READ_EVERY = 15.0
"""Seconds between two reads of who is in the box and the push interval."""


def box_text(box: BoxTime, now: datetime) -> str:
    """``18 min in the box · push in 12 min``, or ``32 min in the box · PUSH DUE`` (the
    header beside it names the dealer)."""
    text = tr("{time} in the box").format(time=duration_text((now - box.since).total_seconds()))
    if now >= box.push_at:
        return tr("{box} · PUSH DUE").format(box=text)
    return tr("{box} · push in {wait}").format(
        box=text, wait=duration_text((box.push_at - now).total_seconds()))


class BoxClock(QObject):
    """The label in the table page's header, kept up to date while a table is open."""

    def __init__(self, window: DealerWindow, backend: Backend) -> None:
        super().__init__(window)
        self.window = window
        self.backend = backend
        self.rotation = backend.services.rotation
        self.box: BoxTime | None = None
        self.label = QLabel()
        self.label.setObjectName("boxClock")
        self.label.hide()
        # beside the Review button, in the page's header row
        outer = window.page.layout()
        item = outer.itemAt(0) if outer is not None else None
        head = item.layout() if item is not None else None
        if isinstance(head, QBoxLayout) and head.indexOf(window.page.review_button) >= 0:
            head.insertWidget(head.indexOf(window.page.review_button), self.label)
        self._read_at = -READ_EVERY
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.tick)
        window.stack.currentChanged.connect(lambda _i: self.read())
        window.on_close.insert(0, self.timer.stop)

    def read(self) -> None:
        """Who is in the box at the open table, and when the push is due."""
        self._read_at = time.monotonic()
        session = self.backend.session
        if session is None or self.window.stack.currentWidget() is not self.window.page:
            self.box = None
            self.timer.stop()
            self.label.hide()
            return
        try:
            self.box = self.rotation.box(session.id)
        except (StorageError, ServiceError):
            self.box = None  # a closed session or no database: the next read tries again
        if not self.timer.isActive():
            self.timer.start()
        self.show()

    def tick(self) -> None:
        if time.monotonic() - self._read_at >= READ_EVERY:
            self.read()
        else:
            self.show()

    def show(self) -> None:
        if self.box is None:
            self.label.hide()
            return
        now = self.backend.services.db.now()
        self.label.setText(box_text(self.box, now))
        self.label.setToolTip(tr("{name} deals; the floor pushes every {minutes} min").format(
            name=self.box.dealer,
            minutes=int((self.box.push_at - self.box.since).total_seconds() // 60)))
        due = now >= self.box.push_at
        self.label.setStyleSheet("font-weight: 700; padding: 2px 8px; border-radius: 4px;"
                                 + (" background: #8a6d1d; color: #ffffff;" if due else ""))
        self.label.show()
