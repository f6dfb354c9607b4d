"""A table's live hand, read-only, in the dealer's table view (opened from the floor)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from dealer_app import words
from dealer_app.gui.floor.feed import LiveFeed
from dealer_app.gui.toolkit.screen import resize_within_screen
from dealer_app.gui.views.table import TableView
from dealer_app.gui.wording import prompts
from dealer_app.gui.wording.rows import pot_rows, seat_rows
from dealer_app.services import Services

if TYPE_CHECKING:
    from dealer_app.gui.floor.backend import FloorBackend
from dealer_app.services.core.types import HandStatus
from dealer_app.services.floor import LiveTable
from dealer_app.text import tr


class LiveTableWindow(QWidget):
    """The dealer's view of one table, redrawn from the log at each change; no input."""

    refreshed = Signal()

    def __init__(self, services: Services | FloorBackend, table_id: int, feed: LiveFeed,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("liveTable")
        self.floor = services.floor
        self.table_id = table_id
        layout = QVBoxLayout(self)
        self.header = QLabel()
        self.header.setObjectName("liveHeader")
        self.table = TableView()
        self.table.setEnabled(True)
        layout.addWidget(self.header)
        layout.addWidget(self.table, 1)
        self.live: LiveTable | None = None
        self.feed = feed
        feed.changed.connect(self._changed)
        resize_within_screen(self, 1100, 720)
        self.refresh()

    def _changed(self, tables: set[int] | None) -> None:
        if tables is None or self.table_id in tables:
            self.refresh()

    def refresh(self) -> None:
        live = self.floor.live_table(self.table_id)
        self.live = live
        state = live.hand
        hand = state.hand if state is not None else None
        self.setWindowTitle(tr("{table} — live (read-only)").format(table=live.name))
        self.table.set_seats(seat_rows(live.seats, hand))
        if hand is not None and state is not None:
            award = prompts.award_lines(hand)
            if state.status is HandStatus.VOID:
                award = [tr("VOID — every contribution was returned to its player")]
            self.table.centre.set_state(prompts.round_text(hand), pot_rows(hand),
                                        sum(hand.bets.values()), award)
            number = tr("hand {number}").format(number=state.number)
        else:
            self.table.centre.set_state(prompts.round_text(None), [], 0, [])
            number = tr("no hand yet")
        dealer = live.dealer or tr("no dealer")
        self.table.dealer.set_info(f"{dealer} · {number}")
        self.header.setText(
            (tr("{table} · {settings} · session open · {hand} · read-only: the dealer "
                "records every input") if live.session_id is not None else
             tr("{table} · {settings} · session closed · {hand} · read-only: the dealer "
                "records every input")).format(table=live.name,
                                               settings=words.settings_text(live.settings),
                                               hand=number))
        self.refreshed.emit()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        with contextlib.suppress(RuntimeError, TypeError):
            self.feed.changed.disconnect(self._changed)
        super().closeEvent(event)
