"""The heartbeat of the table lease: while a table is open, the window renews its lease
every few seconds (``DEALER_APP_HEARTBEAT_SECONDS``, 10 by default); when another workstation
took the table over, the dealer is told once, on the NEXT line."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from dealer_app.gui.backend import Backend, StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.leases import heartbeat_interval
from dealer_app.text import tr, tr_noop

LOST = tr_noop("another workstation took this table over: this window records nothing more; "
               "sign out, or open the table again to take it back")
"""What the NEXT line says once the lease is lost (translated when said)."""


class LeaseKeeper(QObject):
    """Renews ``backend``'s table lease on a timer; ``lost`` carries the message once."""

    lost = Signal(str)

    def __init__(self, backend: Backend, parent: QObject | None = None,
                 interval_ms: int | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.told = False
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms if interval_ms is not None
                               else int(heartbeat_interval().total_seconds() * 1000))
        self.timer.timeout.connect(self.beat)
        self.timer.start()

    def beat(self) -> bool:
        """One heartbeat; False when the lease is lost."""
        try:
            held = self.backend.heartbeat()
        except (StorageError, ServiceError):
            return True  # the database is away: the next input says so
        if held:
            self.told = False
        elif not self.told:
            self.told = True
            self.lost.emit(tr(LOST))
        return held
