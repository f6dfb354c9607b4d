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
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_app import words
from dealer_app.gui.floor import chime
from dealer_app.gui.floor.calls import CallsPanel, ResolveDialog, SupervisorSignIn
from dealer_app.gui.floor.feed import LiveFeed
from dealer_app.gui.floor.live_table import LiveTableWindow
from dealer_app.gui.floor.shift_wiring import FloorShift
from dealer_app.gui.floor.tiles import TileWidget
from dealer_app.gui.floor.waiting import NO_SHOW_AFTER, WaitingPanel
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.toolkit.screen import resize_within_screen
from dealer_app.services import Services, StaffMember, StorageError
from dealer_app.services.calls import FloorCallInfo
from dealer_app.services.error_words import error_text
from dealer_app.services.errors import ServiceError
from dealer_app.services.floor import FloorFigures, Game, TableTile
from dealer_app.services.leases import heartbeat_interval, new_workstation
from dealer_app.services.waiting import WaitingInfo
from dealer_app.text import tr
from dealer_app.words import duration_text

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
WAITING_EVERY = 2.0
"""Seconds between two reads of the waiting lists (at most; this view's own acts read at
once): a busy floor reads its tiles several times a second."""
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
        self.services = services
        self.supervisor = supervisor if supervisor and supervisor.is_supervisor else None
        self.floor = services.floor
        self.closing = services.closing
        self.stale_after = stale_after
        self.escalate_after = escalate_after
        self.tiles: dict[int, TileWidget] = {}
        self.known_calls: set[int] | None = None
        self.beeps = 0
        """Alerts sounded (for tests): one at a call, then one every ``alert_every`` s."""
        self.escalated: set[int] = set()
        """The calls escalated so far."""
        self.reads = 0
        self.presence = services.floor_presence
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
        self.calls_panel.acknowledge_requested.connect(self.acknowledge)
        self.calls_panel.resolve_requested.connect(self.resolve)
        self.waiting_lists = services.waiting_lists
        self.waiting: list[WaitingInfo] = []
        """Every game's waiting players, as last read."""
        self.no_show_after = NO_SHOW_AFTER
        self.waiting_panel.add_requested.connect(self.add_waiting)
        self.waiting_panel.call_requested.connect(self.call_waiting)
        self.waiting_panel.no_show_requested.connect(self.no_show)
        self.waiting_panel.remove_requested.connect(self.remove_waiting)
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
        self.alert_timer = QTimer(self)
        self.alert_timer.setInterval(max(100, int(alert_every * 1000)))
        self.alert_timer.timeout.connect(self.sound_alert)
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
        for timer in (self.clock, self.full, self.figures_timer, self.alert_timer,
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
        return self.services.db.now()

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
        if time.monotonic() - self._waiting_at >= WAITING_EVERY:
            self._read_waiting(now)
        self._show_calls(now)
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
        self._show_waiting(self.now())

    def show_game(self, game: Game | None) -> None:
        """Shows only the tables of one game (None: every game)."""
        self.games.setCurrentIndex(self.game_keys.index(game) if game in self.game_keys
                                   else 0)

    def _show_calls(self, now: datetime) -> None:
        calls = sorted((c for w in self.tiles.values() for c in w.tile.calls),
                       key=lambda c: c.id)
        ids = {c.id for c in calls}
        new = [c for c in calls if self.known_calls is not None and c.id not in self.known_calls]
        self.known_calls = ids if self.known_calls is None else (self.known_calls | ids)
        self.calls_panel.set_calls(calls, now)
        if new:
            self.refresh_figures()
        if new or self.reads == 1 or self._history_stale:
            self._read_history()
        if new:
            self.side.setCurrentWidget(self.calls_panel)
        for call in new:
            self.calls_panel.select(call.id)
            self.statusBar().showMessage(
                tr("Call at {table}: {kind} — {reason}").format(
                    table=call.table_name, kind=call.kind.label, reason=call.reason), 15_000)
            self.call_arrived.emit(call.id)
        self._update_alert(now, sound=bool(new) or self.reads == 1)

    _history_stale = False

    def _read_history(self) -> None:
        self._history_stale = False
        try:
            answered = self.services.calls.resolved_since(self.floor.gaming_day_start(self.now()))
        except (StorageError, ServiceError):
            self._history_stale = True
            return
        self.calls_panel.set_history(answered)

    def waiting_calls(self) -> list[FloorCallInfo]:
        """The open calls nobody acknowledged yet, oldest first."""
        return [c for c in self.calls_panel.calls if c.acknowledged_at is None]

    def _update_alert(self, now: datetime, sound: bool = False) -> None:
        """The banner and the repeating alert, from the calls waiting now."""
        waiting = self.waiting_calls()
        if not waiting:
            self.alert_timer.stop()
            self.alert.hide()
            for widget in self.tiles.values():
                if widget.escalated:
                    widget.escalated = False
                    widget.tick(now, self.stale_after)
            return
        late = [c for c in waiting
                if (now - c.created_at).total_seconds() >= self.escalate_after]
        newly = {c.id for c in late} - self.escalated
        self.escalated |= newly
        late_tables = {c.table_id for c in late}
        for widget in self.tiles.values():
            if widget.escalated != (widget.table_id in late_tables):
                widget.escalated = widget.table_id in late_tables
                widget.tick(now, self.stale_after)
        first = waiting[0]
        age = duration_text((now - first.created_at).total_seconds())
        text = tr("CALL at {table}: {kind} — {reason} · waiting {age}").format(
            table=first.table_name, kind=first.kind.label, reason=first.reason, age=age)
        if len(waiting) > 1:
            text = tr("{call} (+{count} more waiting)").format(call=text,
                                                               count=len(waiting) - 1)
        if late:
            text = tr("ESCALATED — unanswered for {age}: {call}").format(
                age=duration_text(self.escalate_after), call=text)
        self.alert.setText(text)
        if bool(self.alert.property("escalated")) != bool(late):
            self.alert.setProperty("escalated", bool(late))
            self.alert.style().unpolish(self.alert)
            self.alert.style().polish(self.alert)
        self.alert.show()
        if newly:
            QApplication.alert(self)
            self.raise_()
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
        flash = not bool(self.alert.property("flash"))
        self.alert.setProperty("flash", flash)
        self.alert.style().unpolish(self.alert)
        self.alert.style().polish(self.alert)

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
        labels["waiting"].setText(tr("Waiting: {count}").format(count=len(self.waiting)))
        labels["hands"].setText(tr("Hands in the last hour: {count}").format(
            count=f.hands_last_hour))
        labels["rake"].setText(tr("Rake today: {amount}").format(amount=amount(f.rake_today)))
        labels["calls"].setText(tr("Open calls: {count}").format(count=f.open_calls))

    def tick(self) -> None:
        now = self.now()
        for widget in self.tiles.values():
            widget.tick(now, self.stale_after)
        self.calls_panel.tick(now)
        if time.monotonic() - self._waiting_at >= WAITING_EVERY:
            self._read_waiting(now)  # (another view's change of a list names no table)
        else:
            self._show_waiting(now)
        self.shift.tick(now)
        self._update_alert(now)

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

    def acknowledge(self, call_id: int) -> FloorCallInfo | None:
        who = self._who()
        if who is None:
            return None
        try:
            call = self.services.calls.acknowledge(call_id, who)
        except (StorageError, ServiceError) as exc:
            self.statusBar().showMessage(error_text(exc), 10_000)
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
            done = self.services.calls.resolve(call_id, who, note)
        except (StorageError, ServiceError) as exc:
            self.statusBar().showMessage(error_text(exc), 10_000)
            self.refresh(None)
            return None
        self._history_stale = True
        self.refresh({done.table_id})
        return done

    # ------------------------------------------------------------------ closing
    def set_closing(self, table_id: int, announce: bool) -> bool:
        """Announces the last hands of a table (``announce``), or takes that back, as the
        supervisor of this view; False when refused or not signed in."""
        who = self._who()
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

    # ------------------------------------------------------------------ waiting lists
    _waiting_at = 0.0
    waiting_reads = 0
    """Reads of the waiting lists (for tests)."""

    def _read_waiting(self, now: datetime) -> None:
        self._waiting_at = time.monotonic()
        self.waiting_reads += 1
        try:
            self.waiting = self.waiting_lists.waiting()
        except (StorageError, ServiceError):
            return  # the next read tries again
        self._show_waiting(now)

    def _show_waiting(self, now: datetime) -> None:
        """The list of the game chosen (or of every game), and on each table with a free
        seat the next player waiting for its game."""
        shown = [e for e in self.waiting if self.game is None or e.game == self.game]
        title = self.games.currentText() if self.game is not None else tr("every game")
        self.waiting_panel.set_entries(shown, now, title, self.no_show_after,
                                       with_game=self.game is None)
        first: dict[Game, WaitingInfo] = {}
        for entry in self.waiting:
            if not entry.called:
                first.setdefault(entry.game, entry)
        for widget in self.tiles.values():
            nxt = first.get(widget.tile.game) if widget.tile.free_seats else None
            widget.set_next(self.shift.seat_text(widget.tile, tr(
                "Next for a free seat: {player}").format(player=nxt.player)
                if nxt is not None else ""))

    def _waiting_failed(self, exc: StorageError | ServiceError) -> None:
        self.waiting_panel.message.setText(error_text(exc))

    def add_waiting(self, player: str) -> WaitingInfo | None:
        """``player`` joins the list of the game chosen in the filter."""
        game = self.game
        if game is None:
            self.waiting_panel.message.setText(
                tr("Choose the game in the filter first: each game has its own list."))
            return None
        who = self._who()
        if who is None:
            return None
        try:
            entry = self.waiting_lists.add(game, player, who)
        except (StorageError, ServiceError) as exc:
            self._waiting_failed(exc)
            return None
        self.waiting_panel.name.clear()
        self.waiting_panel.message.clear()
        self._read_waiting(self.now())
        return entry

    def call_waiting(self, entry_id: int) -> WaitingInfo | None:
        """Calls the player to the open table of their game with the most free seats."""
        entry = next((e for e in self.waiting if e.id == entry_id), None)
        if entry is None:
            return None
        tables = sorted((w.tile for w in self.tiles.values()
                         if w.tile.game == entry.game and w.tile.free_seats),
                        key=lambda t: (-len(t.free_seats), t.name))
        if not tables:
            self.waiting_panel.message.setText(
                tr("No open table of this game has a free seat."))
            return None
        who = self._who()
        if who is None:
            return None
        try:
            called = self.waiting_lists.call(entry_id, tables[0].table_id, who)
        except (StorageError, ServiceError) as exc:
            self._waiting_failed(exc)
            return None
        self.waiting_panel.message.clear()
        self._read_waiting(self.now())
        return called

    def no_show(self, entry_id: int) -> bool:
        who = self._who()
        if who is None:
            return False
        try:
            self.waiting_lists.no_show(entry_id, who)
        except (StorageError, ServiceError) as exc:
            self._waiting_failed(exc)
            return False
        self._read_waiting(self.now())
        return True

    def remove_waiting(self, entry_id: int, reason: str | None = None) -> bool:
        who = self._who()
        if who is None:
            return False
        if reason is None:
            text, ok = QInputDialog.getText(self, tr("Take off the list"),
                                            tr("Why does the player come off the list?"))
            if not ok:
                return False
            reason = text
        try:
            self.waiting_lists.remove(entry_id, who, reason)
        except (StorageError, ServiceError) as exc:
            self._waiting_failed(exc)
            return False
        self._read_waiting(self.now())
        return True
