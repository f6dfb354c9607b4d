"""Card faces drawn with QPainter: rank and suit in a four-colour deck.

Spades black, hearts red, diamonds blue, clubs green (common in casino software: no two
suits share a colour, so a flush reads at a glance). A known hole card is drawn on grey;
an unknown one as a card back.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QWidget

from dealer_app.engine.cards import Card
from dealer_app.gui.views.scale import TOUCH
from dealer_app.text import tr, tr_noop

SUIT_SYMBOL = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_COLOUR = {"s": QColor("#111111"), "h": QColor("#c8102e"), "d": QColor("#1f5fbf"),
               "c": QColor("#13803a")}
FACE = QColor("#fbfbf7")
HOLE_FACE = QColor("#c9c9c9")
BACK = QColor("#7a1f2b")
BACK_LINE = QColor("#c9a24a")


RANK_WORDS = {"7": tr_noop("seven"), "8": tr_noop("eight"), "9": tr_noop("nine"),
              "T": tr_noop("ten"), "J": tr_noop("jack"), "Q": tr_noop("queen"),
              "K": tr_noop("king"), "A": tr_noop("ace")}
SUIT_WORDS = {"s": tr_noop("spades"), "h": tr_noop("hearts"), "d": tr_noop("diamonds"),
              "c": tr_noop("clubs")}


def card_name(card: Card) -> str:
    """``ace of spades`` in the window's language (the engine's :meth:`Card.name` is
    English)."""
    return tr("{rank} of {suit}").format(rank=tr(RANK_WORDS[card.rank_char]),
                                         suit=tr(SUIT_WORDS[card.suit_char]))


def rank_text(card: Card) -> str:
    return "10" if card.rank_char == "T" else card.rank_char


def paint_card(painter: QPainter, rect: QRectF, card: Card | None, *, hole: bool = False,
               dim: bool = False) -> None:
    """Draws ``card`` (a back when None) into ``rect``. ``hole``: grey face; ``dim``: used."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = rect.width() * 0.12
    if card is None:
        painter.setPen(QPen(QColor("#f0e6c8"), 2))
        painter.setBrush(BACK)
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
        inner = rect.adjusted(rect.width() * 0.14, rect.width() * 0.14,
                              -rect.width() * 0.14, -rect.width() * 0.14)
        painter.setPen(QPen(BACK_LINE, 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(inner, radius / 2, radius / 2)
        painter.setBrush(BACK_LINE)
        painter.setBrush(Qt.BrushStyle.DiagCrossPattern)
        painter.drawRect(inner.adjusted(3, 3, -3, -3))
        painter.restore()
        return
    face = HOLE_FACE if hole else FACE
    painter.setPen(QPen(QColor("#5a5a5a"), 1.5))
    painter.setBrush(face)
    painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
    colour = QColor(SUIT_COLOUR[card.suit_char])
    painter.setPen(colour)
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(9, int(rect.height() * 0.34)))
    painter.setFont(font)
    top = QRectF(rect.left() + rect.width() * 0.08, rect.top() + rect.height() * 0.02,
                 rect.width() * 0.9, rect.height() * 0.45)
    painter.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                     rank_text(card))
    font.setPixelSize(max(9, int(rect.height() * 0.5)))
    painter.setFont(font)
    bottom = QRectF(rect.left(), rect.top() + rect.height() * 0.38, rect.width() * 0.92,
                    rect.height() * 0.6)
    painter.drawText(bottom, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                     SUIT_SYMBOL[card.suit_char])
    if dim:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(40, 40, 40, 170))
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
    painter.restore()


class CardWidget(QWidget):
    """One card at a seat: face up, a grey known hole card, or a back."""

    def __init__(self, width: int = 54, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._card: Card | None = None
        self._hole = False
        self.set_width(width)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_width(self, width: int) -> None:
        self.setFixedSize(QSize(width, int(width * 1.4)))

    def set_card(self, card: Card | None, *, hole: bool = False) -> None:
        self._card = card
        self._hole = hole
        if card is None:
            self.setToolTip(tr("hole card, not known"))
        else:
            self.setToolTip(tr("{card} (hole card)").format(card=card_name(card)) if hole
                            else card_name(card))
        self.update()

    @property
    def card(self) -> Card | None:
        return self._card

    @property
    def is_hole(self) -> bool:
        return self._hole

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        paint_card(painter, QRectF(self.rect()), self._card, hole=self._hole)
        painter.end()


class PickerCard(QAbstractButton):
    """One card of the 32-card picker; disabled (greyed) once used in the hand."""

    def __init__(self, card: Card, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.set_scale(1.0)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(f"{card} — {card_name(card)}")
        self.setAccessibleName(str(card))

    def set_scale(self, scale: float) -> None:
        """At least :data:`TOUCH` pixels each way."""
        self.setFixedSize(QSize(max(TOUCH, round(40 * scale)), max(TOUCH + 4, round(44 * scale))))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        rect = QRectF(self.rect())
        if self.isDown():
            rect = rect.adjusted(1, 2, -1, 0)
        paint_card(painter, rect, self.card, dim=not self.isEnabled())
        painter.end()
