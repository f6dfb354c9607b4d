"""One table of the floor view: a tile with its figures, a stale mark and a call badge."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QMenu, QSizePolicy, QVBoxLayout, QWidget

from dealer_app import words
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.wording.prompts import stage_text
from dealer_app.services.floor import TableState, TableTile
from dealer_app.text import tr
from dealer_app.words import duration_text

__all__ = ["TileWidget", "duration_text", "seat_map_text"]


def seat_map_text(tile: TableTile) -> str:
    """``Seated 1 3 6 · free 2 4 5 · sitting out 6``: the open session's seats."""
    seated = " ".join(str(seat) for seat, _ in tile.seats)
    free = " ".join(str(seat) for seat in tile.free_seats)
    out = " ".join(str(seat) for seat, away in tile.seats if away)
    parts = [tr("Seated {seats}").format(seats=seated) if seated else tr("Nobody seated")]
    parts.append(tr("free {seats}").format(seats=free) if free else tr("no free seat"))
    if out:
        parts.append(tr("sitting out {seats}").format(seats=out))
    return " · ".join(parts)


def _label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    return label


def _restyle(widget: QWidget) -> None:
    widget.style().unpolish(widget)
    widget.style().polish(widget)


class TileWidget(QFrame):
    """A table at a glance; double click opens its live hand; its menu (right click)
    announces the table's closing, or takes that back."""

    opened = Signal(int)
    closing_requested = Signal(int, bool)
    """(table id, True: announce the last hands; False: take the announcement back)."""
    MIN_WIDTH = 290
    """The narrowest a tile gets: the grid puts as many side by side as fit, each wider."""

    def __init__(self, tile: TableTile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("floorTile")
        self.setMinimumWidth(self.MIN_WIDTH)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(3)
        self.name = _label("tileName")
        self.badge = _label("tileBadge")
        self.badge.setWordWrap(False)  # a styled label's padding spoils a wrapped height
        self.stakes = _label("tileStakes")
        self.session = _label("tileSession")
        self.dealer = _label("tileDealer")
        self.hand = _label("tileHand")
        self.rate = _label("tileRate")
        self.idle = _label("tileIdle")
        self.seat_map = _label("tileSeats")
        self.next = _label("tileNext")
        """Who the waiting list of this game calls next, while a seat is free."""
        for w in (self.name, self.badge, self.stakes, self.session, self.seat_map,
                  self.dealer, self.hand, self.rate, self.idle, self.next):
            layout.addWidget(w)
        self.next.hide()
        self.tile = tile
        self.escalated = False
        """A call of this table waits unanswered past the escalation time."""
        self._stale: tuple[bool, bool, bool] | None = None
        self._shown = False
        self.redraws = 0
        """Times the tile's texts were set again (for tests: an unchanged tile is not)."""
        self.set_tile(tile)

    @property
    def table_id(self) -> int:
        return self.tile.table_id

    def set_tile(self, tile: TableTile, now: datetime | None = None,
                 stale_after: float = 120.0) -> None:
        if tile == self.tile and self._shown:  # a whole-floor read: most tiles unchanged
            if now is not None:
                self.tick(now, stale_after)
            return
        self._shown = True
        self.redraws += 1
        self.tile = tile
        self.name.setText(tile.name)
        self.stakes.setText(words.settings_text(tile.settings))
        closing = tile.closing
        if closing is not None:
            self.session.setText(tr("CLOSING · last hands · {seated}/6 seats").format(
                seated=tile.seats_filled))
            self.session.setToolTip(tr("Announced by {name}").format(name=closing.by)
                                    + (f": {closing.reason}" if closing.reason else ""))
        elif tile.is_open:
            self.session.setText(tr("Open · {seated}/6 seats").format(
                seated=tile.seats_filled))
            self.session.setToolTip("")
        else:
            self.session.setText(tr("Closed"))
            self.session.setToolTip("")
        if bool(self.session.property("closing")) != (closing is not None):
            self.session.setProperty("closing", closing is not None)
            self.setProperty("closing", closing is not None)
            _restyle(self.session)
            _restyle(self)
        self.seat_map.setText(seat_map_text(tile))
        self.seat_map.setVisible(tile.is_open)
        self.dealer.setText(tr("Dealer {name}").format(name=tile.dealer) if tile.dealer
                            else tr("No dealer"))
        if tile.hand_number is None:
            self.hand.setText(stage_text(tile.stage))
        else:
            self.hand.setText(tr("Hand {number} · {street} · pot {pot}").format(
                number=tile.hand_number, street=stage_text(tile.stage), pot=amount(tile.pot)))
        self.rate.setText(tr("{count} hands in the last hour").format(
            count=tile.hands_last_hour))
        calls = tile.calls
        if calls:
            first = calls[0]
            more = tr(" (+{count})").format(count=len(calls) - 1) if len(calls) > 1 else ""
            text = tr("CALL {kind} — on the way") if first.state == "acknowledged" \
                else tr("CALL {kind}")
            self.badge.setText(text.format(kind=first.kind.label) + more)
        self.badge.setVisible(bool(calls))
        if now is not None:
            self.tick(now, stale_after)
        self._fit_height()

    def tick(self, now: datetime, stale_after: float) -> None:
        """Updates the clocks: time in the box, time since the last input, the stale mark."""
        tile = self.tile
        if tile.dealer and tile.dealer_since is not None:
            box = duration_text((now - tile.dealer_since).total_seconds())
            self.dealer.setText(tr("Dealer {name} · {time} in the box").format(
                name=tile.dealer, time=box))
        idle = tile.idle_seconds(now)
        stale = tile.is_stale(now, stale_after)
        if idle is None:
            self.idle.setText(tr("no input yet"))
        elif tile.last_input_at is None or (tile.opened_at is not None
                                            and tile.opened_at > tile.last_input_at):
            self.idle.setText((tr("STALE · opened {time} ago, no input since") if stale
                               else tr("opened {time} ago, no input since")).format(
                time=duration_text(idle)))
        else:
            self.idle.setText((tr("STALE · last input {time} ago") if stale
                               else tr("last input {time} ago")).format(
                time=duration_text(idle)))
        called = bool(tile.calls)
        marks = (stale, called, self.escalated)
        if marks != self._stale:
            self._stale = marks
            self.setProperty("stale", stale)
            self.setProperty("called", called)
            self.setProperty("escalated", self.escalated)
            self.idle.setProperty("stale", stale)
            _restyle(self)
            _restyle(self.idle)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        """A wider or narrower tile wraps its lines anew: its height follows."""
        super().resizeEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        height = self.heightForWidth(self.width())  # the frame's border included
        if height > 0 and height != self.minimumHeight():
            self.setMinimumHeight(height)

    def set_next(self, text: str) -> None:
        """The waiting list's next player for a free seat here (empty: none)."""
        if text != self.next.text():
            self.next.setText(text)
            self._fit_height()
        self.next.setVisible(bool(text))

    @property
    def is_stale(self) -> bool:
        return bool(self.property("stale"))

    def menu(self) -> QMenu | None:
        """The tile's menu: announce the last hands of an open table, or take that back
        (None: a closed table has none)."""
        state = self.tile.state
        if state is TableState.CLOSED:
            return None
        menu = QMenu(self)
        table = self.tile.table_id
        if state is TableState.CLOSING:
            action = menu.addAction(tr("Cancel the closing"))
            action.triggered.connect(lambda: self.closing_requested.emit(table, False))
        else:
            action = menu.addAction(tr("Announce closing (last hands)…"))
            action.triggered.connect(lambda: self.closing_requested.emit(table, True))
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 (Qt name)
        menu = self.menu()
        if menu is not None:
            menu.exec(event.globalPos() if event is not None else self.mapToGlobal(QPoint()))
            menu.deleteLater()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        if event.button() == Qt.MouseButton.LeftButton:
            self.opened.emit(self.tile.table_id)
        super().mouseDoubleClickEvent(event)
