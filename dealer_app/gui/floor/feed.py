"""The change feed bridged to Qt: the feed's thread emits a signal; the GUI thread gathers
the tables named for ``gather_ms`` (and at least ``spacing_ms`` after the last read, so a
busy floor is read a few times a second, not once per input) and emits
:attr:`LiveFeed.changed` once with them (None: refresh everything)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from dealer_app.services import Services

if TYPE_CHECKING:
    from dealer_app.gui.floor.backend import FloorBackend
from dealer_app.services.changes import ChangeFeed, watch

SPACING_MS = 150
"""PostgreSQL: at most one read of the changed tables every 150 ms."""
SQLITE_SPACING_MS = 225
"""SQLite: at most one read of every table every 225 ms (a read redraws only the tiles
that changed): at 30 tables, commit to tile p95 221 ms and 8.5 - 9.4 % of a core; every
200 ms was 154 ms and 10.1 - 10.4 % (benchmarks/floor.py, 2026-12-03 16:40, load 0.2 - 0.5)."""


class LiveFeed(QObject):
    """``changed(set[int] | None)``: coalesced change signals, in the GUI thread;
    ``tables``: a view of those tables only (a players' screen, a dealer's window)."""

    changed = Signal(object)
    _arrived = Signal(object)

    def __init__(self, services: Services | FloorBackend, parent: QObject | None = None, *,
                 interval: float = 0.1, gather_ms: int = 20,
                 spacing_ms: int | None = None, tables: set[int] | None = None) -> None:
        super().__init__(parent)
        self.gather_ms = gather_ms
        if spacing_ms is None:  # SQLite names no table: each read is of the whole floor
            spacing_ms = SQLITE_SPACING_MS if services.db.is_sqlite else SPACING_MS
        self.spacing_ms = spacing_ms
        self._last = 0.0
        self._pending: set[int] | None = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._flush)
        self._arrived.connect(self._gather)  # queued: emitted from the feed's thread
        self.feed: ChangeFeed = watch(services.db, self._arrived.emit, interval=interval,
                                      tables=None if tables is None else frozenset(tables))
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
            since = (time.monotonic() - self._last) * 1000
            self._timer.start(max(self.gather_ms, int(self.spacing_ms - since)))

    def _flush(self) -> None:
        self._last = time.monotonic()
        pending, self._pending = self._pending, set()
        self.changed.emit(None if pending is None else set(pending))
