"""The players' screen: a full-screen window for one table, readable from 3 metres on a
1920×1080 screen (names 44 px, the pot 96 px, the last action 64 px); on a smaller screen
every size shrinks by the same factor, so the whole table fits.

It shows :func:`~dealer_app.gui.display.model.public_view` of the table's committed state,
refreshed by the change feed; never a hole card before the showdown, nothing of the
dealer's side panel."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from dealer_app.engine.cards import parse_card
from dealer_app.gui.display.model import PublicSeat, PublicView, public_view
from dealer_app.gui.floor.backend import FloorBackend
from dealer_app.gui.floor.feed import LiveFeed
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.views.cards import CardWidget
from dealer_app.services import Services
from dealer_app.services.floor import LiveTable
from dealer_app.text import tr

STYLE = """
#playersScreen { background: #0b3d24; }
#playersScreen QLabel { color: #f4f1e6; background: transparent; }
#playersScreen #dispTitle { font-size: 48px; font-weight: 700; }
#playersScreen #dispStakes, #playersScreen #dispStreet { font-size: 36px; color: #d8d2b8; }
#playersScreen QFrame#dispSeat { background: #124f31; border: 3px solid #2b6e48;
                                 border-radius: 18px; }
#playersScreen QFrame#dispSeat[due="true"] { border: 6px solid #ffd23f; background: #1b6a42; }
#playersScreen QFrame#dispSeat[out="true"] { background: #0d3a24; border-color: #1d4a33; }
#playersScreen QFrame#dispSeat[winner="true"] { border: 6px solid #7fe07f; }
#playersScreen QFrame#dispSeat[empty="true"] { background: transparent;
                                               border: 2px dashed #245c3d; }
#playersScreen QFrame#dispSeat[empty="true"] QLabel { color: #5f8a70; }
#playersScreen #seatName { font-size: 44px; font-weight: 700; }
#playersScreen #seatStack { font-size: 38px; }
#playersScreen #seatBet { font-size: 40px; font-weight: 800; color: #1a1a1a;
                          background: #ffd23f; border-radius: 14px; padding: 2px 16px; }
#playersScreen #seatState { font-size: 34px; font-weight: 700; color: #ffd23f; }
#playersScreen #seatHand { font-size: 32px; color: #bff0bf; }
#playersScreen #dispPot { font-size: 96px; font-weight: 800; color: #ffffff; }
#playersScreen #dispSide { font-size: 36px; }
#playersScreen #dispTurn { font-size: 56px; font-weight: 700; color: #ffd23f; }
#playersScreen #dispLast { font-size: 64px; font-weight: 700; }
#playersScreen #dispResult { font-size: 40px; font-weight: 700; color: #bff0bf; }
"""

def scaled_style(scale: float) -> str:
    """:data:`STYLE` with every pixel size times ``scale`` (1: a 1920×1080 screen)."""
    return re.sub(r"(\d+)px", lambda m: f"{max(1, round(int(m.group(1)) * scale))}px",
                  STYLE)


def screen_scale(width: int, height: int) -> float:
    """The factor of a ``width`` × ``height`` window against 1920×1080 (0.4 to 1.5)."""
    return max(0.4, min(1.5, width / 1920, height / 1080))


GRID = {3: (0, 0), 4: (0, 2), 2: (1, 0), 5: (1, 2), 1: (2, 0), 6: (2, 2)}
"""The seats around the screen as around the table: 1 lower left, clockwise to 6."""
CARD_WIDTH = 84
MAX_CARDS = 5


def _label(name: str, wrap: bool = False) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(wrap)
    return label


class PublicSeatWidget(QFrame):
    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName("dispSeat")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 6, 18, 6)
        layout.setSpacing(2)
        top = QHBoxLayout()
        self.name = _label("seatName")
        self.state = _label("seatState")
        top.addWidget(self.name, 1)
        top.addWidget(self.state)
        mid = QHBoxLayout()
        self.stack = _label("seatStack")
        self.bet = _label("seatBet")
        mid.addWidget(self.stack, 1)
        mid.addWidget(self.bet)
        cards = QHBoxLayout()
        self.cards = [CardWidget(CARD_WIDTH) for _ in range(MAX_CARDS)]
        for card in self.cards:
            cards.addWidget(card)
        cards.addStretch(1)
        self.hand = _label("seatHand")
        layout.addLayout(top)
        layout.addLayout(mid)
        layout.addLayout(cards)
        layout.addWidget(self.hand)
        self.public: PublicSeat | None = None

    def set_scale(self, scale: float) -> None:
        for card in self.cards:
            card.set_width(max(24, round(CARD_WIDTH * scale)))

    def set_seat(self, seat: PublicSeat) -> None:
        if seat == self.public:
            return
        self.public = seat
        self.name.setText(seat.player or tr("Seat {seat} · open").format(seat=seat.seat))
        self.stack.setText(amount(seat.stack) if seat.occupied else "")
        self.bet.setText(tr("wins {amount}").format(amount=amount(seat.won)) if seat.won
                         else amount(seat.bet))
        self.bet.setVisible(bool(seat.bet or seat.won))
        state = tr("MUCKED") if seat.mucked else tr("FOLDED") if seat.folded else \
            tr("ALL-IN") if seat.all_in else tr("TO ACT") if seat.to_act else ""
        self.state.setText(state)
        faces: list[tuple[str | None, bool]] = []
        if seat.hole is not None:
            faces.append((seat.hole, False))
        elif seat.face_down:
            faces.append((None, False))  # a card back: the hole card stays hidden
        faces += [(c, False) for c in seat.up]
        for i, widget in enumerate(self.cards):
            if i < len(faces):
                text, _ = faces[i]
                widget.set_card(parse_card(text) if text else None)
                widget.setVisible(True)
            else:
                widget.setVisible(False)
        self.hand.setText(seat.hand_name)
        for prop, value in (("due", seat.to_act), ("out", seat.folded),
                            ("winner", seat.won > 0), ("empty", not seat.occupied)):
            self.setProperty(prop, value)
        polished: tuple[QWidget, ...] = (self, self.name, self.stack, self.state, self.hand)
        for target in polished:
            target.style().unpolish(target)
            target.style().polish(target)

    def texts(self) -> list[str]:
        """Every text and card on this seat (for tests)."""
        out = [w.text() for w in (self.name, self.stack, self.bet, self.state, self.hand)]
        out += [str(c.card) for c in self.cards if c.isVisibleTo(self) and c.card]
        return out


class PlayersScreen(QWidget):
    """One table's players' screen; ``refreshed`` after each redraw."""

    refreshed = Signal()

    def __init__(self, services: Services, table_id: int, *, feed: LiveFeed | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playersScreen")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.scale = 1.0
        self.setStyleSheet(STYLE)
        self.setWindowTitle(tr("Americana"))
        self.backend = FloorBackend(services)
        """The players' screen's door to the services (the floor's)."""
        self.floor = self.backend.floor
        self.table_id = table_id
        grid = QGridLayout(self)
        grid.setContentsMargins(24, 16, 24, 16)
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(10)
        header = QHBoxLayout()
        self.title = _label("dispTitle")
        self.stakes = _label("dispStakes")
        self.street = _label("dispStreet")
        header.addWidget(self.title)
        header.addSpacing(30)
        header.addWidget(self.stakes)
        header.addStretch(1)
        header.addWidget(self.street)
        grid.addLayout(header, 0, 0, 1, 3)
        self.seats: dict[int, PublicSeatWidget] = {}
        for seat, (row, col) in GRID.items():
            widget = PublicSeatWidget(seat)
            self.seats[seat] = widget
            grid.addWidget(widget, row + 1, col)
        centre = QVBoxLayout()
        self.pot = _label("dispPot")
        self.side = _label("dispSide", wrap=True)
        self.turn = _label("dispTurn", wrap=True)
        self.last = _label("dispLast", wrap=True)
        self.result = _label("dispResult", wrap=True)
        for w in (self.pot, self.side, self.result, self.turn, self.last):
            w.setAlignment(Qt.AlignmentFlag.AlignCenter)
            centre.addWidget(w)
        centre.addStretch(1)
        grid.addLayout(centre, 1, 1, 3, 1)
        for col, stretch in ((0, 5), (1, 6), (2, 5)):
            grid.setColumnStretch(col, stretch)
        for row in (1, 2, 3):
            grid.setRowStretch(row, 1)
        self.view: PublicView | None = None
        self.live: LiveTable | None = None
        """The committed state last read."""
        self.own_feed = feed is None
        self.feed = feed or LiveFeed(self.backend, self, tables={table_id})
        self.feed.changed.connect(self._changed)

    def start(self) -> None:
        self.refresh()
        if self.own_feed:
            self.feed.start()

    def stop(self) -> None:
        if self.own_feed:
            self.feed.stop()

    def _changed(self, tables: set[int] | None) -> None:
        if tables is None or self.table_id in tables:
            self.refresh()

    def refresh(self) -> None:
        self.live = self.floor.live_table(self.table_id)
        view = public_view(self.live)
        if view != self.view:
            self.view = view
            self._show(view)
        self.refreshed.emit()

    def _show(self, view: PublicView) -> None:
        self.title.setText(view.table)
        self.stakes.setText(view.stakes)
        self.street.setText(tr("Hand {number} · {street}").format(
            number=view.hand_number, street=view.street) if view.hand_number is not None
            else view.street)
        for seat in view.seats:
            self.seats[seat.seat].set_seat(seat)
            self.seats[seat.seat].setVisible(not view.closed)  # no seat of a closed table
        self.pot.setText(tr("POT {amount}").format(amount=amount(view.pot_total))
                         if view.pots else "")
        self.side.setText("\n".join(f"{t} {amount(a)}"
                                    for t, a in view.pots)
                          if len(view.pots) > 1 else "")
        self.turn.setText(view.turn)
        self.last.setText(view.last_action)
        self.result.setText("\n".join(view.result))
        self.result.setVisible(bool(view.result))

    def texts(self) -> list[str]:
        """Everything the screen shows, as text (for tests)."""
        out = [w.text() for w in (self.title, self.stakes, self.street, self.pot, self.side,
                                  self.turn, self.last, self.result)]
        for widget in self.seats.values():
            out += widget.texts()
        return out

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        """Every size follows the window's (a 1920×1080 screen at 1)."""
        super().resizeEvent(event)
        self.set_scale(screen_scale(event.size().width(), event.size().height()))

    def set_scale(self, scale: float) -> None:
        """Type, cards and spaces at ``scale`` times their 1920×1080 size."""
        if abs(scale - self.scale) <= 0.01:
            return
        self.scale = scale
        self.setStyleSheet(scaled_style(scale))
        for seat in self.seats.values():
            seat.set_scale(scale)

    def fit(self, width: int, height: int) -> None:
        """Sized for a ``width`` × ``height`` screen: scaled first, so it fits."""
        self.set_scale(screen_scale(width, height))
        self.resize(width, height)

    def closeEvent(self, event: object) -> None:  # noqa: N802 (Qt name)
        self.stop()
        super().closeEvent(event)  # type: ignore[arg-type]
