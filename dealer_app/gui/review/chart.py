"""A session's stacks over its hands, drawn with QPainter (QtCharts is not in
PySide6-Essentials)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from dealer_app.services.reports import StackHistory

PALETTE = ("#1565c0", "#c62828", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037",
           "#ad1457", "#455a64")


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2, 5 × 10^k) giving about ``ticks`` grid lines over ``span``."""
    raw = max(span, 1.0) / ticks
    power = float(10 ** len(str(int(raw)))) / 10
    for m in (1, 2, 5, 10):
        if raw <= m * power:
            return float(m * power)
    return 10 * power


def paint_history(painter: QPainter, rect: QRectF, history: StackHistory | None,
                  title: str = "Stacks over the session") -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(rect, QColor("white"))
    base = QFont(painter.font())
    base.setPointSizeF(12)
    painter.setFont(base)
    fm = painter.fontMetrics()
    head = QFont(base)
    head.setPointSizeF(14)
    head.setBold(True)
    painter.setFont(head)
    painter.setPen(QColor("#212121"))
    painter.drawText(rect.adjusted(12, 6, -12, 0), Qt.AlignmentFlag.AlignLeft, title)
    painter.setFont(base)
    if history is None or not history.series:
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "No hands in this session yet")
        painter.restore()
        return
    values = [v for pts in history.series.values() for _, v in pts]
    low: float = min(values)
    high: float = max(values)
    step = nice_step(high - low)
    low = (low // step) * step
    high = (high // step + 1) * step
    legend_w = max(fm.horizontalAdvance(n) for n in history.series) + 40
    plot = rect.adjusted(fm.horizontalAdvance(f"{int(high):,}") + 20, 36, -legend_w - 10,
                         -fm.height() - 22)
    n = max(len(history.hand_numbers), 1)

    def at(x: int, y: float) -> QPointF:
        return QPointF(plot.left() + plot.width() * x / n,
                       plot.bottom() - plot.height() * (y - low) / (high - low))

    painter.setPen(QPen(QColor("#e0e0e0"), 1))
    y: float = low
    while y <= high + 1e-9:
        p = at(0, y)
        painter.drawLine(QPointF(plot.left(), p.y()), QPointF(plot.right(), p.y()))
        painter.setPen(QColor("#616161"))
        painter.drawText(QRectF(rect.left(), p.y() - fm.height() / 2,
                                plot.left() - rect.left() - 8, fm.height()),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         f"{int(y):,}")
        painter.setPen(QPen(QColor("#e0e0e0"), 1))
        y += step
    painter.setPen(QColor("#616161"))
    every = max(1, n // 8)
    for x in range(0, n + 1, every):
        label = "start" if x == 0 else str(history.hand_numbers[x - 1])
        p = at(x, low)
        painter.drawText(QRectF(p.x() - 40, plot.bottom() + 4, 80, fm.height()),
                         Qt.AlignmentFlag.AlignHCenter, label)
    painter.drawText(QRectF(plot.left(), plot.bottom() + fm.height() + 4, plot.width(),
                            fm.height()), Qt.AlignmentFlag.AlignHCenter, "hand number")
    painter.setPen(QPen(QColor("#9e9e9e"), 1))
    painter.drawRect(plot)
    for i, (player, points) in enumerate(sorted(history.series.items())):
        colour = QColor(PALETTE[i % len(PALETTE)])
        painter.setPen(QPen(colour, 2.5))
        for a, b in zip(points, points[1:], strict=False):
            painter.drawLine(at(*a), at(*b))
        ly = plot.top() + i * (fm.height() + 8)
        painter.drawLine(QPointF(plot.right() + 12, ly + fm.height() / 2),
                         QPointF(plot.right() + 32, ly + fm.height() / 2))
        painter.setPen(QColor("#212121"))
        painter.drawText(QPointF(plot.right() + 38, ly + fm.ascent()), player)
    painter.restore()


def render_history(history: StackHistory | None, size: QSize | None = None) -> QImage:
    """The chart as an image (for the PDF session report)."""
    size = size or QSize(1200, 520)
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_history(painter, QRectF(0, 0, size.width(), size.height()), history)
    painter.end()
    return image


class StackChart(QWidget):
    """Each player's stack after each hand of a session."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stackChart")
        self.history: StackHistory | None = None
        self.setMinimumSize(560, 300)

    def set_history(self, history: StackHistory | None) -> None:
        self.history = history
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        paint_history(painter, QRectF(self.rect()), self.history)
        painter.end()
