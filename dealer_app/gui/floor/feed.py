"""The change feed bridged to Qt: the feed's thread emits a signal; the GUI thread gathers
the tables named until the next event-loop turn and emits :attr:`LiveFeed.changed` once
with them (None: refresh everything)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from dealer_app.services import Services
from dealer_app.services.changes import ChangeFeed, watch


class LiveFeed(QObject):
    """``changed(set[int] | None)``: coalesced change signals, in the GUI thread."""

    changed = Signal(object)
    _arrived = Signal(object)

    def __init__(self, services: Services, parent: QObject | None = None, *,
                 interval: float = 0.1, gather_ms: int = 20) -> None:
        super().__init__(parent)
        self._pending: set[int] | None = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(gather_ms)
        self._timer.timeout.connect(self._flush)
        self._arrived.connect(self._gather)  # queued: emitted from the feed's thread
        self.feed: ChangeFeed = watch(services.db, self._arrived.emit, interval=interval)
        self.signals = 0
        """Signals received (for tests and benchmarks)."""

    def start(self) -> None:
        self.feed.start()

    def stop(self) -> None:
        self.feed.stop()
        self._timer.stop()

    def _gather(self, tables: frozenset[int] | None) -> None:
        self.signals += 1
        if tables is None:
            self._pending = None
        elif self._pending is not None:
            self._pending |= tables
        if not self._timer.isActive():
            self._timer.start()

    def _flush(self) -> None:
        pending, self._pending = self._pending, set()
        self.changed.emit(None if pending is None else set(pending))
