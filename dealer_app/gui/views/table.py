"""The table: six seats around the dealer box on green felt, pots and the round in the middle.

Seat 1 sits at the dealer's left (lower left); seats 2–6 follow clockwise: 2 left,
3 upper left, 4 upper right, 5 right, 6 lower right.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QRadialGradient,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.views.cards import CardWidget
from dealer_app.gui.views.scale import px
from dealer_app.gui.wording.rows import PotRow, SeatRow
from dealer_app.text import tr

SEAT_CELLS: dict[int, tuple[int, int]] = {1: (2, 0), 2: (1, 0), 3: (0, 1), 4: (0, 2),
                                          5: (1, 3), 6: (2, 3)}
"""Grid (row, column) of each seat: clockwise from the dealer's left."""
MAX_CARDS = 5


def _label(name: str, text: str = "") -> QLabel:
    label = QLabel(text)
    label.setObjectName(name)
    return label


def _restyle(widget: QWidget) -> None:
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)


class SeatWidget(QFrame):
    """One seat: number, name, stack, cards, the bet in front, FOLDED / ALL-IN."""

    clicked = Signal(int)
    WIDTH = 266
    HEIGHT = 172

    CARD = 46

    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName(f"seat{seat}")
        self.setProperty("class", "seat")
        self.row: SeatRow | None = None
        self.hole_shown = True
        self._props: tuple[tuple[str, bool], ...] = ()
        self._outer = outer = QVBoxLayout(self)
        outer.setSpacing(3)
        top = QHBoxLayout()
        self.number = _label("seatNumber", str(seat))
        self.number.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.name = _label("seatName")
        self.state = _label("seatState")
        top.addWidget(self.number)
        top.addWidget(self.name, 1)
        top.addWidget(self.state)
        outer.addLayout(top)
        mid = QHBoxLayout()
        self.stack = _label("seatStack")
        self.bet = _label("seatBet")
        self.bet.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        mid.addWidget(self.stack, 1)
        mid.addWidget(self.bet)
        outer.addLayout(mid)
        cards = QHBoxLayout()
        cards.setSpacing(4)
        self.cards = [CardWidget(self.CARD) for _ in range(MAX_CARDS)]
        for card in self.cards:
            cards.addWidget(card)
        cards.addStretch(1)
        outer.addLayout(cards)
        self.note = _label("seatNote")
        outer.addWidget(self.note)
        outer.addStretch(1)
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        """Sizes for the window's scale (fonts come from the scaled style sheet)."""
        self.setFixedSize(px(self.WIDTH, scale), px(self.HEIGHT, scale))
        self._outer.setContentsMargins(px(10, scale), px(6, scale), px(10, scale),
                                       px(6, scale))
        self.number.setFixedSize(px(30, scale), px(30, scale))
        for card in self.cards:
            card.set_width(px(self.CARD, scale))

    def set_row(self, row: SeatRow, *, hole_shown: bool = True) -> None:
        """The seat as ``row`` says; ``hole_shown`` False: a recorded hole card face down
        (the dealer's screen faces the table)."""
        if row == self.row and hole_shown == self.hole_shown:
            return
        self.row = row
        self.hole_shown = hole_shown
        self.name.setText(row.player or tr("empty seat"))
        self.stack.setText(amount(row.stack) if row.occupied else "")
        # after the award no chips are in front: the same pill shows what the seat won
        self.bet.setText(tr("wins {amount}").format(amount=amount(row.won)) if row.won
                         else amount(row.bet))
        self.bet.setVisible(row.bet > 0 or row.won > 0)
        self.state.setText(tr(row.state) if row.state else "")
        face = row.hole if self.hole_shown else None  # a recorded one face down (hidden)
        shown = [(face, True)] if row.hole_dealt else []
        shown += [(c, False) for c in row.up]
        for i, widget in enumerate(self.cards):
            if i < len(shown):
                card, hole = shown[i]
                widget.set_card(card, hole=hole)
                widget.setVisible(True)
            else:
                widget.setVisible(False)
        if row.hole_dealt and row.hole is not None and not hole_shown:
            self.cards[0].setToolTip(tr("hole card recorded, face down: hold {key} to show "
                                        "it").format(key=PEEK_KEY))
        self.note.setText(row.hand_name)
        props = (("due", row.due), ("empty", not row.occupied),
                 ("out", row.folded or row.mucked or row.sitting_out), ("winner", row.won > 0))
        if props != self._props:  # re-polishing costs; only when the style can change
            self._props = props
            for prop, value in props:
                self.setProperty(prop, value)
            _restyle(self)
            for child in (self.name, self.state, self.stack, self.note, self.number):
                _restyle(child)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        self.clicked.emit(self.seat)
        super().mousePressEvent(event)


PEEK_KEY = "F4"
"""The key held to show the recorded hole cards on the dealer's screen."""

AWARD_COMPACT = 7 / 8
"""The award's font, relative to the style sheet's, when it would not fit the centre."""


class CentrePanel(QFrame):
    """The middle of the table: the round, the pots with their eligible seats, the bets in
    front of the players (on a line of their own), the award.

    Text never runs past the panel: the long lines wrap, and the big pot line switches to a
    smaller font (``compact`` style property) when it would not fit the panel's width. At
    the award the pots' lines give way to the award's (which name each pot and its amount),
    and the award too takes a smaller font when it would not fit under the pot (three split
    pots at 1024×768)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("centre")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(2)
        self.round = _label("roundLabel")
        self.round.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pot = _label("potLabel")
        self.pot.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.bets = _label("betsLabel")
        self.bets.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.bets.setWordWrap(True)
        self.round.setWordWrap(True)
        self.side = _label("sidePots")
        self.side.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.side.setWordWrap(True)
        self.award = _label("awardText")
        self.award.setWordWrap(True)
        self.award.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        # an award longer than the room left even in the compact font scrolls, never cut
        # (three split pots with long hand names at 1024×768)
        self.award_scroll = QScrollArea()
        self.award_scroll.setObjectName("awardScroll")
        self.award_scroll.setWidgetResizable(True)
        self.award_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.award_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.award_scroll.setStyleSheet("#awardScroll { background: transparent; }")
        self.award_scroll.setWidget(self.award)
        self.award_scroll.viewport().setStyleSheet("background: transparent;")
        self.award_scroll.setVisible(False)
        for w in (self.round, self.pot, self.bets, self.side):
            layout.addWidget(w)
        layout.addWidget(self.award_scroll, 1)
        layout.addStretch(0)  # takes the room while there is no award
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def _fit_pot(self) -> None:
        """The pot line in the big font if it fits the panel, else in the compact one."""
        margins = self.contentsMargins().left() + self.contentsMargins().right()
        room = self.width() - margins - 8
        compact = bool(self.pot.property("compact"))
        self.pot.setProperty("compact", False)
        _restyle(self.pot)
        wide = self.pot.sizeHint().width() > room
        if wide or compact != wide:
            self.pot.setProperty("compact", wide)
            _restyle(self.pot)

    def _award_room(self) -> tuple[int, int]:
        """The width of the panel's lines and the height left under the labels above the
        award."""
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        width = self.contentsRect().width() - margins.left() - margins.right()
        above = [w for w in (self.round, self.pot, self.bets, self.side) if not w.isHidden()]
        used = sum(w.heightForWidth(width) if w.wordWrap() else w.sizeHint().height()
                   for w in above)
        height = (self.contentsRect().height() - margins.top() - margins.bottom() - used
                  - layout.spacing() * len(above))
        return width, height

    def _fit_award(self) -> None:
        """The award in the style sheet's font if it fits under the pot, else 7/8 of it
        (the label's own sheet, so the window's scale still applies)."""
        if self.award.isHidden():
            return
        width, room = self._award_room()
        if self.award.styleSheet():
            self.award.setStyleSheet("")
        self.award.ensurePolished()
        if self.award.heightForWidth(width) > room:
            size = self.award.font().pixelSize()
            if size > 0:
                self.award.setStyleSheet(
                    f"font-size: {max(9, round(size * AWARD_COMPACT))}px; padding: 4px;")

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self._fit_pot()
        self._fit_award()

    def refit(self) -> None:
        """The pot and award fonts again, after the sheet (and so the fonts) changed."""
        self._fit_pot()
        self._fit_award()

    def set_state(self, round_text: str, pots: list[PotRow], bets: int,
                  award: list[str]) -> None:
        self.round.setText(round_text)
        total = sum(p.amount for p in pots)
        pot_text = tr("POT {amount}").format(amount=amount(total))
        if pot_text != self.pot.text():
            self.pot.setText(pot_text)
            self._fit_pot()
        self.bets.setText(tr("bets in front {amount}").format(amount=amount(bets)) if bets
                          else "")
        self.bets.setVisible(bool(bets))
        sides = [p.label for p in pots] if len(pots) > 1 else []
        self.side.setText("\n".join(sides))
        self.side.setVisible(bool(sides) and not award)
        self.award.setText("\n".join(award))
        self.award.setToolTip("\n".join(award))
        self.award.setVisible(bool(award))
        self.award_scroll.setVisible(bool(award))
        self._fit_award()


class DealerBox(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dealerBox")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.margins = layout.contentsMargins()
        self.title = _label("dealerTitle", tr("DEALER"))
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.info = _label("dealerInfo")
        self.info.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.title)
        layout.addWidget(self.info)
        self.full_info = ""
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        self.setFixedHeight(px(74, scale))

    def set_info(self, text: str) -> None:
        """``Hand 12 · Dana``; elided to the box's width (a 1024×768 window leaves it
        narrow), whole in the tooltip."""
        self.full_info = text
        self.info.setToolTip(text)
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        room = self.contentsRect().width() - self.margins.left() - self.margins.right() - 4
        if not self.isVisible() or room <= 0:  # not laid out yet: the whole text
            self.info.setText(self.full_info)
            return
        self.info.setText(self.info.fontMetrics().elidedText(
            self.full_info, Qt.TextElideMode.ElideRight, room))


class TableView(QWidget):
    """Six :class:`SeatWidget` around the dealer box, the centre panel between them.

    Placed by hand (not a grid) so the seats sit around an oval whatever the size."""

    seat_clicked = Signal(int)
    MARGIN = 8

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tableView")
        self.seats: dict[int, SeatWidget] = {}
        for seat in SEAT_CELLS:
            widget = SeatWidget(seat, self)
            widget.clicked.connect(self.seat_clicked)
            self.seats[seat] = widget
        self.centre = CentrePanel(self)
        self.dealer = DealerBox(self)
        self.scale = 1.0
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        """Seats, cards and the dealer box for the window's scale; the smallest size that
        holds the three rows of seats and two seats with the centre between them."""
        self.scale = scale
        for seat in self.seats.values():
            seat.set_scale(scale)
        self.dealer.set_scale(scale)
        sw, sh = px(SeatWidget.WIDTH, scale), px(SeatWidget.HEIGHT, scale)
        self.setMinimumSize(2 * (sw + self.MARGIN) + px(150, scale),
                            3 * sh + 2 * self.MARGIN + 2 * px(6, scale))
        self._place()

    def set_seats(self, rows: list[SeatRow], *, hole_shown: bool = True) -> None:
        """``hole_shown`` False: recorded hole cards face down (the dealer's screen)."""
        for row in rows:
            self.seats[row.seat].set_row(row, hole_shown=hole_shown)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self._place()

    def _place(self) -> None:
        """Seats around the oval; the dealer box between seats 1 and 6; the centre panel
        between the seats of the middle row, above the dealer box. Nothing overlaps."""
        w, h, m = self.width(), self.height(), self.MARGIN
        one = self.seats[1]
        sw, sh = one.width(), one.height()
        gap = px(14, self.scale)
        mid_y = (h - sh) // 2
        spots = {1: (m, h - sh - m), 2: (m, mid_y), 3: (w // 2 - sw - gap, m),
                 4: (w // 2 + gap, m), 5: (w - sw - m, mid_y), 6: (w - sw - m, h - sh - m)}
        for seat, (x, y) in spots.items():
            self.seats[seat].move(x, y)
        left = m + sw + px(12, self.scale)
        box_w = max(0, min(px(380, self.scale), w - 2 * left))
        self.dealer.setGeometry((w - box_w) // 2, h - self.dealer.height() - m - 4,
                                box_w, self.dealer.height())
        top = m + sh + 4
        self.centre.setGeometry(left, top, w - 2 * left, self.dealer.y() - top - 4)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        k = self.scale
        r = QRectF(self.rect()).adjusted(60 * k, 70 * k, -60 * k, -30 * k)
        painter.setPen(QPen(QColor("#3b2413"), 18))
        gradient = QRadialGradient(r.center(), max(r.width(), r.height()) / 2)
        gradient.setColorAt(0.0, QColor("#1f7a4a"))
        gradient.setColorAt(1.0, QColor("#0d4a2c"))
        painter.setBrush(gradient)
        painter.drawRoundedRect(r, r.height() / 2.2, r.height() / 2.2)
        painter.setPen(QPen(QColor(255, 255, 255, 30), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inner = r.adjusted(26, 26, -26, -26)
        painter.drawRoundedRect(inner, inner.height() / 2.3, inner.height() / 2.3)
        painter.end()
