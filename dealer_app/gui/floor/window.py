"""The floor view: a tile per table, the floor's figures, the open calls.

Every figure is read from committed rows through :class:`FloorService` when the change feed
says a table changed (PostgreSQL: that table; SQLite: any); a clock tick each second moves
the "time since" figures and the calls' ages, and everything is read again every 30 s (hands
per hour roll on with time). While a call waits for its acknowledgement (one that came
before the view opened too) a red banner shows it and the view beeps every
``alert_every`` seconds; past ``escalate_after`` the banner says ESCALATED, the tile is
marked and the window asks for attention. The tiles fill the width (as many columns as
fit) and can be filtered by game. The view keeps a presence row renewed by a heartbeat
(:class:`~dealer_app.services.leases.FloorPresence`), so a dealer's window knows somebody
watches."""

from __future__ import annotations

import contextlib
import time
from datetime import datetime

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_app import words
from dealer_app.gui.floor.backend import FloorBackend
from dealer_app.gui.floor.calls import CallsPanel, SupervisorSignIn
from dealer_app.gui.floor.feed import LiveFeed
from dealer_app.gui.floor.live_table import LiveTableWindow
from dealer_app.gui.floor.open_calls import OpenCalls
from dealer_app.gui.floor.shift_wiring import FloorShift
from dealer_app.gui.floor.tiles import TileWidget
from dealer_app.gui.floor.waiting import WaitingPanel
from dealer_app.gui.floor.waiting_wiring import FloorWaiting
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.toolkit.screen import resize_within_screen
from dealer_app.services import Services, StaffMember, StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.services.floor import FloorFigures, Game, TableTile
from dealer_app.services.leases import heartbeat_interval, new_workstation
from dealer_app.text import tr

STYLE = """
QFrame#floorTile { background: #1d2428; border: 2px solid #3b454d; border-radius: 10px; }
QFrame#floorTile[stale="true"] { border: 3px solid #e3a008; background: #2b2616; }
QFrame#floorTile[called="true"] { border: 4px solid #e05252; }
QFrame#floorTile[escalated="true"] { border: 6px solid #ff1744; background: #3a1414; }
#floorAlert { background: #c62828; color: #ffffff; font-size: 22px; font-weight: 800;
              padding: 8px 14px; border-radius: 6px; }
#floorAlert[flash="true"] { background: #ff5252; }
#floorAlert[escalated="true"] { background: #7f0000; border: 4px solid #ffeb3b; }
#floorTile QLabel { color: #ecefe9; }
#tileName { font-size: 21px; font-weight: 700; }
#floorTile #tileStakes, #floorTile #tileRate { color: #b8c2c8; }
#floorTile #tileBadge { background: #c62828; color: white; font-weight: 700;
                        border-radius: 8px; padding: 2px 8px; }
QFrame#floorTile[closing="true"] { border-style: dashed; }
#floorTile #tileSession[closing="true"] { color: #ffab40; font-weight: 800; }
#floorTile #tileIdle[stale="true"] { color: #f0b429; font-weight: 700; }
#floorTile #tileSeats { color: #b8c2c8; }
#floorTile #tileNext { color: #8fd18f; font-weight: 700; }
#floorFigures QLabel { font-size: 16px; font-weight: 600; padding: 4px 8px; }
#callsTitle { font-size: 18px; font-weight: 700; }
"""
FULL_REFRESH_MS = 30_000
ALERT_EVERY = 5.0
"""Seconds between two alerts (a beep and a flash) while a call waits unacknowledged."""
ESCALATE_AFTER = 60.0
"""Seconds a call may wait unacknowledged before it is escalated."""
FIGURES_EVERY = 1.0
"""Seconds between two reads of the floor's figures (at most)."""


class FloorWindow(QMainWindow):
    """``refreshed`` after each read; ``call_arrived(call_id)`` for each new call."""

    refreshed = Signal()
    call_arrived = Signal(int)

    def __init__(self, services: Services, supervisor: StaffMember | None = None, *,
                 stale_after: float = 120.0, escalate_after: float = ESCALATE_AFTER,
                 alert_every: float = ALERT_EVERY, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("floorWindow")
        self.setWindowTitle(tr("Americana — floor"))
        self.setStyleSheet(STYLE)
        self.backend = FloorBackend(services)
        """The floor's one door to the services."""
        self.supervisor = supervisor if supervisor and supervisor.is_supervisor else None
        self.floor = self.backend.floor
        self.closing = self.backend.closing
        self.stale_after = stale_after
        self.escalate_after = escalate_after
        self.tiles: dict[int, TileWidget] = {}
        self.reads = 0
        self.presence = self.backend.presence
        self.station, self.host = new_workstation()
        self.game: Game | None = None
        """The game the tiles are filtered by (None: every game)."""
        self.game_keys: list[Game | None] = [None]
        """The filter's games, in the order of its items."""
        self.live_windows: dict[int, LiveTableWindow] = {}
        self._figures_at = 0.0
        # figures bar, tiles, calls
        central = QWidget()
        outer = QVBoxLayout(central)
        bar = QWidget()
        bar.setObjectName("floorFigures")
        bar_layout = QHBoxLayout(bar)
        self.figure_labels = {key: QLabel() for key in
                              ("tables", "players", "waiting", "hands", "rake", "calls")}
        for label in self.figure_labels.values():
            bar_layout.addWidget(label)
        bar_layout.addStretch(1)
        self.games = QComboBox()
        self.games.setObjectName("floorGames")
        self.games.setMinimumHeight(40)
        self.games.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.games.addItem(tr("Every game"))
        self.games.currentIndexChanged.connect(self._game_chosen)
        outer.addWidget(bar)
        self.alert = QLabel()
        self.alert.setObjectName("floorAlert")
        self.alert.setWordWrap(True)
        self.alert.hide()
        outer.addWidget(self.alert)
        body = QHBoxLayout()
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.grid.setSpacing(12)
        self.columns = 0
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.grid_host)
        self.tiles_area = scroll
        scroll.viewport().installEventFilter(self)
        left = QVBoxLayout()
        filter_row = QHBoxLayout()
        filter_row.addWidget(QLabel(tr("Game")))
        filter_row.addWidget(self.games)
        filter_row.addStretch(1)
        left.addLayout(filter_row)
        left.addWidget(scroll, 1)
        body.addLayout(left, 1)
        self.calls_panel = CallsPanel()
        self.waiting_panel = WaitingPanel()
        self.waiting_panel.setFixedWidth(self.calls_panel.width())
        self.side = QTabWidget()
        self.side.setObjectName("floorSide")
        self.side.addTab(self.calls_panel, tr("Calls"))
        self.side.addTab(self.waiting_panel, tr("Waiting lists"))
        body.addWidget(self.side)
        self.shift = FloorShift(self)
        """The dealers' rotation and the shift's figures (two more side tabs)."""
        outer.addLayout(body, 1)
        self.setCentralWidget(central)
        self.open_calls = OpenCalls(self, self, alert_every)
        """The calls panel, the banner and its alert, acknowledging and resolving."""
        self.lists = FloorWaiting(self, self.shift.seat_text)
        """The waiting lists."""
        self.feed = LiveFeed(self.backend, self)
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
        self.heartbeat = QTimer(self)
        self.heartbeat.setInterval(int(heartbeat_interval().total_seconds() * 1000))
        self.heartbeat.timeout.connect(self._heartbeat)
        resize_within_screen(self, 1500, 900)

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        self._watch()
        self.refresh(None)
        self.feed.start()
        self.clock.start()
        self.full.start()
        self.heartbeat.start()

    def stop(self) -> None:
        self.feed.stop()
        for timer in (self.clock, self.full, self.figures_timer, self.open_calls.alert_timer,
                      self.heartbeat):
            timer.stop()
        if self.heartbeat.property("watching"):
            self.heartbeat.setProperty("watching", False)
            with contextlib.suppress(StorageError, ServiceError):  # else the row expires by itself
                self.presence.leave(self.station)
        for window in list(self.live_windows.values()):
            window.close()

    def _watch(self) -> None:
        """This view's presence row: the dealers' windows see that somebody watches."""
        name = self.supervisor.name if self.supervisor is not None else ""
        try:
            self.presence.watch(self.station, self.host, name)
            self.heartbeat.setProperty("watching", True)
        except (StorageError, ServiceError) as exc:
            self.statusBar().showMessage(tr("Cannot read the floor: {error}")
                                         .format(error=error_text(exc)))

    def _heartbeat(self) -> None:
        try:
            if not self.presence.heartbeat(self.station):
                self._watch()
        except (StorageError, ServiceError):
            pass  # the next beat tries again

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.stop()
        super().closeEvent(event)

    def now(self) -> datetime:
        return self.backend.now()

    # ------------------------------------------------------------------ reading
    def refresh(self, tables: set[int] | None = None) -> None:
        """Reads the tiles of ``tables`` (None: all) and shows them."""
        now = self.now()
        try:
            tiles = self.floor.tiles(tables, now)
        except (StorageError, ServiceError) as exc:
            self.statusBar().showMessage(tr("Cannot read the floor: {error}")
                                         .format(error=error_text(exc)))
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
                widget.closing_requested.connect(self.set_closing)
                self.tiles[tile.table_id] = widget
                added = True
            widget.set_tile(tile, now, self.stale_after)
        if added or tables is None:
            self._layout_tiles()
        if self.lists.due():
            self.lists.read(now)
        self.open_calls.show(now)
        self._figures_soon()
        self.refreshed.emit()

    def _layout_tiles(self) -> None:
        """The tiles of the game chosen, by name, in as many columns as the width holds."""
        self._fill_games()
        spacing = self.grid.spacing()
        margins = self.grid.contentsMargins()
        width = self.tiles_area.viewport().width() - margins.left() - margins.right()
        self.columns = max(1, (width + spacing) // (TileWidget.MIN_WIDTH + spacing))
        ordered = sorted(self.tiles.values(), key=lambda w: w.tile.name)
        for widget in ordered:
            self.grid.removeWidget(widget)
        shown = [w for w in ordered if self.game is None or w.tile.game == self.game]
        for widget in ordered:
            widget.setVisible(widget in shown)
        for i, widget in enumerate(shown):
            self.grid.addWidget(widget, i // self.columns, i % self.columns)
        for column in range(self.grid.columnCount()):
            self.grid.setColumnStretch(column, 1 if column < self.columns else 0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if watched is self.tiles_area.viewport() and event.type() == QEvent.Type.Resize:
            spacing = self.grid.spacing()
            width = self.tiles_area.viewport().width()
            if max(1, (width + spacing) // (TileWidget.MIN_WIDTH + spacing)) != self.columns:
                self._layout_tiles()
        return super().eventFilter(watched, event)

    def _fill_games(self) -> None:
        """The filter's games: every game a table plays, named by its structure and stakes."""
        games = {w.tile.game: words.settings_text(w.tile.settings)
                 for w in self.tiles.values()}
        wanted: list[Game | None] = [None, *sorted(games, key=lambda g: games[g])]
        if wanted == self.game_keys:
            return
        self.game_keys = wanted
        self.games.blockSignals(True)
        self.games.clear()
        self.games.addItem(tr("Every game"))
        for game in wanted[1:]:
            self.games.addItem(games[game] if game is not None else "")
        if self.game not in games:
            self.game = None
        self.games.setCurrentIndex(wanted.index(self.game))
        self.games.blockSignals(False)

    def _game_chosen(self, index: int) -> None:
        self.game = self.game_keys[index] if 0 <= index < len(self.game_keys) else None
        self._layout_tiles()
        self.lists.show(self.now())

    def show_game(self, game: Game | None) -> None:
        """Shows only the tables of one game (None: every game)."""
        self.games.setCurrentIndex(self.game_keys.index(game) if game in self.game_keys
                                   else 0)

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
        except (StorageError, ServiceError) as exc:
            self.statusBar().showMessage(tr("Cannot read the floor: {error}")
                                         .format(error=error_text(exc)))
            return
        self.show_figures(figures)

    def show_figures(self, f: FloorFigures) -> None:
        self.figures = f
        labels = self.figure_labels
        labels["tables"].setText(tr("Tables open: {count}").format(count=f.tables_open))
        labels["players"].setText(tr("Players seated: {count}").format(
            count=f.players_seated))
        labels["waiting"].setText(tr("Waiting: {count}").format(count=len(self.lists.waiting)))
        labels["hands"].setText(tr("Hands in the last hour: {count}").format(
            count=f.hands_last_hour))
        labels["rake"].setText(tr("Rake today: {amount}").format(amount=amount(f.rake_today)))
        labels["calls"].setText(tr("Open calls: {count}").format(count=f.open_calls))

    def tick(self) -> None:
        now = self.now()
        for widget in self.tiles.values():
            widget.tick(now, self.stale_after)
        self.calls_panel.tick(now)
        if self.lists.due():
            self.lists.read(now)  # (another view's change of a list names no table)
        else:
            self.lists.show(now)
        self.shift.tick(now)
        self.open_calls.update_alert(now)

    def tile(self, name: str) -> TableTile:
        """The tile shown for the table ``name`` (for tests)."""
        return next(w.tile for w in self.tiles.values() if w.tile.name == name)

    # ------------------------------------------------------------------ acting
    def open_table(self, table_id: int) -> LiveTableWindow:
        window = self.live_windows.get(table_id)
        if window is None:
            window = LiveTableWindow(self.backend, table_id, self.feed)
            window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
            window.destroyed.connect(lambda *_: self.live_windows.pop(table_id, None))
            self.live_windows[table_id] = window
        window.show()
        window.raise_()
        return window

    def ask_attention(self) -> None:
        """A call escalated: the window asks to be seen and comes to the front."""
        QApplication.alert(self)
        self.raise_()

    def who(self) -> StaffMember | None:
        """The supervisor answering calls: the one signed in, else asked once."""
        if self.supervisor is not None:
            return self.supervisor
        dialog = SupervisorSignIn(self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        name = dialog.name.text().strip()
        try:
            staff = self.backend.sign_in("floor sign-in", name, dialog.pin.text())
        except (StorageError, ServiceError) as exc:
            QMessageBox.warning(self, tr("Supervisor"), error_text(exc))
            return None
        if not staff.is_supervisor:
            QMessageBox.warning(self, tr("Supervisor"),
                                tr("{name} is not a supervisor").format(name=staff.name))
            return None
        self.supervisor = staff
        self._watch()
        return staff

    # ------------------------------------------------------------------ closing
    def set_closing(self, table_id: int, announce: bool) -> bool:
        """Announces the last hands of a table (``announce``), or takes that back, as the
        supervisor of this view; False when refused or not signed in."""
        who = self.who()
        if who is None:
            return False
        try:
            if announce:
                self.closing.announce(table_id, who)
            else:
                self.closing.cancel(table_id, who)
        except StorageError as exc:
            self.statusBar().showMessage(str(exc), 10_000)
            self.refresh(None)
            return False
        self.refresh({table_id})
        return True
