"""The floor view: a tile per table, the floor's figures, the open calls.

Every figure is read from committed rows through :class:`FloorService` when the change feed
says a table changed (PostgreSQL: that table; SQLite: any); a clock tick each second moves
the "time since" figures, and everything is read again every 30 s (hands per hour roll on
with time). A new call beeps, badges its tile and is selected in the calls list."""

from __future__ import annotations

import time
from datetime import datetime

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.floor.calls import CallsPanel, ResolveDialog, SupervisorSignIn
from dealer_app.gui.floor.feed import LiveFeed
from dealer_app.gui.floor.live_table import LiveTableWindow
from dealer_app.gui.floor.tiles import TileWidget
from dealer_app.gui.i18n import amount
from dealer_app.gui.screen import resize_within_screen
from dealer_app.services import Services, StaffMember, StorageError
from dealer_app.services.calls import FloorCallInfo
from dealer_app.services.floor import FloorFigures, FloorService, TableTile
from dealer_app.text import tr

STYLE = """
QFrame#floorTile { background: #1d2428; border: 2px solid #3b454d; border-radius: 10px; }
QFrame#floorTile[stale="true"] { border: 3px solid #e3a008; background: #2b2616; }
QFrame#floorTile[called="true"] { border: 4px solid #e05252; }
#floorTile QLabel { color: #ecefe9; }
#tileName { font-size: 21px; font-weight: 700; }
#floorTile #tileStakes, #floorTile #tileRate { color: #b8c2c8; }
#floorTile #tileBadge { background: #c62828; color: white; font-weight: 700;
                        border-radius: 8px; padding: 2px 8px; }
#floorTile #tileIdle[stale="true"] { color: #f0b429; font-weight: 700; }
#floorFigures QLabel { font-size: 18px; font-weight: 600; padding: 4px 14px; }
#callsTitle { font-size: 18px; font-weight: 700; }
"""
COLUMNS = 3
FULL_REFRESH_MS = 30_000
FIGURES_EVERY = 1.0
"""Seconds between two reads of the floor's figures (at most)."""


class FloorWindow(QMainWindow):
    """``refreshed`` after each read; ``call_arrived(call_id)`` for each new call."""

    refreshed = Signal()
    call_arrived = Signal(int)

    def __init__(self, services: Services, supervisor: StaffMember | None = None, *,
                 stale_after: float = 120.0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("floorWindow")
        self.setWindowTitle(tr("Americana — floor"))
        self.setStyleSheet(STYLE)
        self.services = services
        self.supervisor = supervisor if supervisor and supervisor.is_supervisor else None
        self.floor = FloorService(services.db, stale_after=stale_after)
        self.stale_after = stale_after
        self.tiles: dict[int, TileWidget] = {}
        self.known_calls: set[int] | None = None
        self.beeps = 0
        self.reads = 0
        self.live_windows: dict[int, LiveTableWindow] = {}
        self._figures_at = 0.0
        # figures bar, tiles, calls
        central = QWidget()
        outer = QVBoxLayout(central)
        bar = QWidget()
        bar.setObjectName("floorFigures")
        bar_layout = QHBoxLayout(bar)
        self.figure_labels = {key: QLabel() for key in
                              ("tables", "players", "hands", "rake", "calls")}
        for label in self.figure_labels.values():
            bar_layout.addWidget(label)
        bar_layout.addStretch(1)
        outer.addWidget(bar)
        body = QHBoxLayout()
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.grid.setSpacing(12)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.grid_host)
        body.addWidget(scroll, 1)
        self.calls_panel = CallsPanel()
        body.addWidget(self.calls_panel)
        outer.addLayout(body, 1)
        self.setCentralWidget(central)
        self.calls_panel.acknowledge_requested.connect(self.acknowledge)
        self.calls_panel.resolve_requested.connect(self.resolve)
        self.feed = LiveFeed(services, self)
        self.feed.changed.connect(self.refresh)
        self.clock = QTimer(self)
        self.clock.setInterval(1000)
        self.clock.timeout.connect(self.tick)
        self.full = QTimer(self)
        self.full.setInterval(FULL_REFRESH_MS)
        self.full.timeout.connect(lambda: self.refresh(None))
        self.figures_timer = QTimer(self)
        self.figures_timer.setSingleShot(True)
        self.figures_timer.timeout.connect(self.refresh_figures)
        resize_within_screen(self, 1500, 900)

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        self.refresh(None)
        self.feed.start()
        self.clock.start()
        self.full.start()

    def stop(self) -> None:
        self.feed.stop()
        for timer in (self.clock, self.full, self.figures_timer):
            timer.stop()
        for window in list(self.live_windows.values()):
            window.close()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.stop()
        super().closeEvent(event)

    def now(self) -> datetime:
        return self.services.db.now()

    # ------------------------------------------------------------------ reading
    def refresh(self, tables: set[int] | None = None) -> None:
        """Reads the tiles of ``tables`` (None: all) and shows them."""
        now = self.now()
        try:
            tiles = self.floor.tiles(tables, now)
        except StorageError as exc:
            self.statusBar().showMessage(tr("Cannot read the floor: {error}").format(error=exc))
            return
        self.reads += 1
        if tables is None:
            gone = set(self.tiles) - {t.table_id for t in tiles}
            for table_id in gone:
                self.tiles.pop(table_id).deleteLater()
        added = False
        for tile in tiles:
            widget = self.tiles.get(tile.table_id)
            if widget is None:
                widget = TileWidget(tile)
                widget.opened.connect(self.open_table)
                self.tiles[tile.table_id] = widget
                added = True
            widget.set_tile(tile, now, self.stale_after)
        if added or tables is None:
            self._layout_tiles()
        self._show_calls(now)
        self._figures_soon()
        self.refreshed.emit()

    def _layout_tiles(self) -> None:
        ordered = sorted(self.tiles.values(), key=lambda w: w.tile.name)
        for i, widget in enumerate(ordered):
            self.grid.addWidget(widget, i // COLUMNS, i % COLUMNS)

    def _show_calls(self, now: datetime) -> None:
        calls = sorted((c for w in self.tiles.values() for c in w.tile.calls),
                       key=lambda c: c.id)
        ids = {c.id for c in calls}
        new = [c for c in calls if self.known_calls is not None and c.id not in self.known_calls]
        self.known_calls = ids if self.known_calls is None else (self.known_calls | ids)
        self.calls_panel.set_calls(calls, now)
        if new:
            self.refresh_figures()
        for call in new:
            self.beeps += 1
            QApplication.beep()
            self.calls_panel.select(call.id)
            self.statusBar().showMessage(
                tr("Call at {table}: {kind} — {reason}").format(
                    table=call.table_name, kind=call.kind.label, reason=call.reason), 15_000)
            self.call_arrived.emit(call.id)

    def _figures_soon(self) -> None:
        wait = FIGURES_EVERY - (time.monotonic() - self._figures_at)
        if wait <= 0:
            self.refresh_figures()
        elif not self.figures_timer.isActive():
            self.figures_timer.start(int(wait * 1000))

    def refresh_figures(self) -> None:
        self._figures_at = time.monotonic()
        try:
            figures = self.floor.figures(self.now())
        except StorageError as exc:
            self.statusBar().showMessage(tr("Cannot read the floor: {error}").format(error=exc))
            return
        self.show_figures(figures)

    def show_figures(self, f: FloorFigures) -> None:
        self.figures = f
        labels = self.figure_labels
        labels["tables"].setText(tr("Tables open: {count}").format(count=f.tables_open))
        labels["players"].setText(tr("Players seated: {count}").format(
            count=f.players_seated))
        labels["hands"].setText(tr("Hands in the last hour: {count}").format(
            count=f.hands_last_hour))
        labels["rake"].setText(tr("Rake today: {amount}").format(amount=amount(f.rake_today)))
        labels["calls"].setText(tr("Open calls: {count}").format(count=f.open_calls))

    def tick(self) -> None:
        now = self.now()
        for widget in self.tiles.values():
            widget.tick(now, self.stale_after)

    def tile(self, name: str) -> TableTile:
        """The tile shown for the table ``name`` (for tests)."""
        return next(w.tile for w in self.tiles.values() if w.tile.name == name)

    # ------------------------------------------------------------------ acting
    def open_table(self, table_id: int) -> LiveTableWindow:
        window = self.live_windows.get(table_id)
        if window is None:
            window = LiveTableWindow(self.services, table_id, self.feed)
            window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
            window.destroyed.connect(lambda *_: self.live_windows.pop(table_id, None))
            self.live_windows[table_id] = window
        window.show()
        window.raise_()
        return window

    def _who(self) -> StaffMember | None:
        """The supervisor answering calls: the one signed in, else asked once."""
        if self.supervisor is not None:
            return self.supervisor
        dialog = SupervisorSignIn(self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        try:
            staff = self.services.staff.authenticate(dialog.name.text().strip(),
                                                     dialog.pin.text())
        except StorageError as exc:
            QMessageBox.warning(self, tr("Supervisor"), str(exc))
            return None
        if not staff.is_supervisor:
            QMessageBox.warning(self, tr("Supervisor"),
                                tr("{name} is not a supervisor").format(name=staff.name))
            return None
        self.supervisor = staff
        return staff

    def acknowledge(self, call_id: int) -> FloorCallInfo | None:
        who = self._who()
        if who is None:
            return None
        try:
            call = self.floor.calls.acknowledge(call_id, who)
        except StorageError as exc:
            self.statusBar().showMessage(str(exc), 10_000)
            self.refresh(None)
            return None
        self.refresh({call.table_id})
        return call

    def resolve(self, call_id: int, note: str | None = None) -> FloorCallInfo | None:
        who = self._who()
        if who is None:
            return None
        if note is None:
            call = next((c for c in self.calls_panel.calls if c.id == call_id), None)
            if call is None:
                return None
            dialog = ResolveDialog(call, self)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            note = dialog.note.text()
        try:
            done = self.floor.calls.resolve(call_id, who, note)
        except StorageError as exc:
            self.statusBar().showMessage(str(exc), 10_000)
            self.refresh(None)
            return None
        self.refresh({done.table_id})
        return done
