"""The floor view's waiting lists: read (at most every :data:`WAITING_EVERY` seconds, at
once after this view's own acts), shown for the game chosen and as the next player on each
tile with a free seat, and the supervisor's acts on them. Kept apart from ``window.py``,
which creates one :class:`FloorWaiting`."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime

from PySide6.QtWidgets import QInputDialog

from dealer_app.gui.floor.parts import FloorView
from dealer_app.gui.floor.waiting import NO_SHOW_AFTER
from dealer_app.services import StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.services.floor import Game, TableTile
from dealer_app.services.waiting import WaitingInfo
from dealer_app.text import tr

WAITING_EVERY = 2.0
"""Seconds between two reads of the waiting lists (at most; this view's own acts read at
once): a busy floor reads its tiles several times a second."""


class FloorWaiting:
    """The waiting lists of one floor view."""

    def __init__(self, view: FloorView,
                 seat_text: Callable[[TableTile, str], str]) -> None:
        self.view = view
        self.seat_text = seat_text
        """A tile's line about who sits down next (the rotation's must-move players first)."""
        self.waiting: list[WaitingInfo] = []
        """Every game's waiting players, as last read."""
        self.no_show_after = NO_SHOW_AFTER
        self.read_at = 0.0
        self.waiting_reads = 0
        """Reads of the waiting lists (for tests)."""
        panel = view.waiting_panel
        panel.add_requested.connect(self.add_waiting)
        panel.call_requested.connect(self.call_waiting)
        panel.no_show_requested.connect(self.no_show)
        panel.remove_requested.connect(self.remove_waiting)

    def due(self) -> bool:
        """The lists are to be read again (:data:`WAITING_EVERY` has passed)."""
        return time.monotonic() - self.read_at >= WAITING_EVERY

    def read(self, now: datetime) -> None:
        self.read_at = time.monotonic()
        self.waiting_reads += 1
        try:
            self.waiting = self.view.backend.waiting_lists.waiting()
        except (StorageError, ServiceError):
            return  # the next read tries again
        self.show(now)

    def show(self, now: datetime) -> None:
        """The list of the game chosen (or of every game), and on each table with a free
        seat the next player waiting for its game."""
        view = self.view
        shown = [e for e in self.waiting if view.game is None or e.game == view.game]
        title = view.games.currentText() if view.game is not None else tr("every game")
        view.waiting_panel.set_entries(shown, now, title, self.no_show_after,
                                       with_game=view.game is None)
        first: dict[Game, WaitingInfo] = {}
        for entry in self.waiting:
            if not entry.called:
                first.setdefault(entry.game, entry)
        for widget in view.tiles.values():
            nxt = first.get(widget.tile.game) if widget.tile.free_seats else None
            widget.set_next(self.seat_text(widget.tile, tr(
                "Next for a free seat: {player}").format(player=nxt.player)
                if nxt is not None else ""))

    def _failed(self, exc: StorageError | ServiceError) -> None:
        self.view.waiting_panel.message.setText(error_text(exc))

    def add_waiting(self, player: str) -> WaitingInfo | None:
        """``player`` joins the list of the game chosen in the filter."""
        view = self.view
        game = view.game
        if game is None:
            view.waiting_panel.message.setText(
                tr("Choose the game in the filter first: each game has its own list."))
            return None
        who = view.who()
        if who is None:
            return None
        try:
            entry = view.backend.waiting_lists.add(game, player, who)
        except (StorageError, ServiceError) as exc:
            self._failed(exc)
            return None
        view.waiting_panel.name.clear()
        view.waiting_panel.message.clear()
        self.read(view.now())
        return entry

    def call_waiting(self, entry_id: int) -> WaitingInfo | None:
        """Calls the player to the open table of their game with the most free seats."""
        view = self.view
        entry = next((e for e in self.waiting if e.id == entry_id), None)
        if entry is None:
            return None
        tables = sorted((w.tile for w in view.tiles.values()
                         if w.tile.game == entry.game and w.tile.free_seats),
                        key=lambda t: (-len(t.free_seats), t.name))
        if not tables:
            view.waiting_panel.message.setText(
                tr("No open table of this game has a free seat."))
            return None
        who = view.who()
        if who is None:
            return None
        try:
            called = view.backend.waiting_lists.call(entry_id, tables[0].table_id, who)
        except (StorageError, ServiceError) as exc:
            self._failed(exc)
            return None
        view.waiting_panel.message.clear()
        self.read(view.now())
        return called

    def no_show(self, entry_id: int) -> bool:
        view = self.view
        who = view.who()
        if who is None:
            return False
        try:
            view.backend.waiting_lists.no_show(entry_id, who)
        except (StorageError, ServiceError) as exc:
            self._failed(exc)
            return False
        self.read(view.now())
        return True

    def remove_waiting(self, entry_id: int, reason: str | None = None) -> bool:
        view = self.view
        who = view.who()
        if who is None:
            return False
        if reason is None:
            text, ok = QInputDialog.getText(view.waiting_panel.window(), tr("Take off the list"),
                                            tr("Why does the player come off the list?"))
            if not ok:
                return False
            reason = text
        try:
            view.backend.waiting_lists.remove(entry_id, who, reason)
        except (StorageError, ServiceError) as exc:
            self._failed(exc)
            return False
        self.read(view.now())
        return True
