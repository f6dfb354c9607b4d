"""A session's stacks over its hands, drawn with QPainter (QtCharts is not in
PySide6-Essentials)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from dealer_app.gui.toolkit.i18n import amount
from dealer_app.services.reports import StackHistory
from dealer_app.text import tr

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
                  title: str | None = None, *, unit: str = "",
                  scale: float = 1.0) -> None:
    """Each player's stack after each hand, the stack axis from zero, both axes labelled.
    ``title``: None for "Stacks over the session", empty for none; ``unit``: the currency
    shown in the stack axis' label; ``scale``: device pixels per screen pixel (pens and
    gaps grow with it; fonts follow the device's resolution)."""
    if title is None:
        title = tr("Stacks over the session")
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(rect, QColor("white"))
    base = QFont(painter.font())
    base.setPointSizeF(11)
    painter.setFont(base)
    fm = painter.fontMetrics()
    head = QFont(base)
    head.setPointSizeF(13)
    head.setBold(True)
    gap = 8 * scale
    painter.setFont(head)
    painter.setPen(QColor("#212121"))
    painter.drawText(rect.adjusted(gap, gap / 2, -gap, 0), Qt.AlignmentFlag.AlignLeft, title)
    title_h = QFontMetricsF(head).height() + gap if title else gap
    painter.setFont(base)
    if history is None or not history.series:
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, tr("No hands in this session yet"))
        painter.restore()
        return
    values = [v for pts in history.series.values() for _, v in pts]
    low: float = 0  # stacks are never negative: the axis starts at zero
    step = nice_step(max(values))
    high = (max(values) // step + 1) * step
    legend_w = max(fm.horizontalAdvance(n) for n in history.series) + 6 * gap
    y_title = tr("stack ({unit})").format(unit=unit) if unit else tr("stack")
    plot = rect.adjusted(fm.height() + fm.horizontalAdvance(amount(int(high))) + 3 * gap,
                         title_h + gap, -legend_w - gap, -2 * fm.height() - 2 * gap)
    n = max(len(history.hand_numbers), 1)

    def at(x: int, y: float) -> QPointF:
        return QPointF(plot.left() + plot.width() * x / n,
                       plot.bottom() - plot.height() * (y - low) / (high - low))

    grid = QPen(QColor("#e0e0e0"), scale)
    painter.setPen(grid)
    y: float = low
    while y <= high + 1e-9:
        p = at(0, y)
        painter.drawLine(QPointF(plot.left(), p.y()), QPointF(plot.right(), p.y()))
        painter.setPen(QColor("#424242"))
        painter.drawText(QRectF(rect.left(), p.y() - fm.height() / 2,
                                plot.left() - rect.left() - gap, fm.height()),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         amount(int(y)))
        painter.setPen(grid)
        y += step
    painter.setPen(QColor("#424242"))
    every = max(1, n // 8)
    for x in range(0, n + 1, every):
        label = tr("start", "chart axis") if x == 0 else amount(history.hand_numbers[x - 1])
        p = at(x, low)
        painter.drawText(QRectF(p.x() - 60 * scale, plot.bottom() + gap / 2, 120 * scale,
                                fm.height()), Qt.AlignmentFlag.AlignHCenter, label)
    painter.drawText(QRectF(plot.left(), plot.bottom() + fm.height() + gap, plot.width(),
                            fm.height()), Qt.AlignmentFlag.AlignHCenter, tr("hand number"))
    painter.save()  # the stack axis' title, read bottom to top
    painter.translate(rect.left() + gap / 2, plot.center().y())
    painter.rotate(-90)
    painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), fm.height()),
                     Qt.AlignmentFlag.AlignHCenter, y_title)
    painter.restore()
    painter.setPen(QPen(QColor("#757575"), scale))
    painter.drawRect(plot)
    for i, (player, points) in enumerate(sorted(history.series.items(),
                                                key=lambda item: item[0].casefold())):
        colour = QColor(PALETTE[i % len(PALETTE)])
        painter.setPen(QPen(colour, 2.5 * scale))
        for a, b in zip(points, points[1:], strict=False):
            painter.drawLine(at(*a), at(*b))
        ly = plot.top() + i * (fm.height() + gap)
        painter.drawLine(QPointF(plot.right() + 1.5 * gap, ly + fm.height() / 2),
                         QPointF(plot.right() + 4 * gap, ly + fm.height() / 2))
        painter.setPen(QColor("#212121"))
        painter.drawText(QPointF(plot.right() + 4.75 * gap, ly + fm.ascent()), player)
    painter.restore()


def render_history(history: StackHistory | None, size: QSize | None = None, *,
                   unit: str = "", scale: float = 3.0, title: str = "") -> QImage:
    """The chart as an image (for the PDF session report, whose heading names it):
    ``size`` in screen pixels (default 680 × 300, the A4 print area's width), drawn
    ``scale`` times finer."""
    size = size or QSize(680, 300)
    image = QImage(QSize(int(size.width() * scale), int(size.height() * scale)),
                   QImage.Format.Format_ARGB32)
    dots_per_metre = int(round(96 * scale / 0.0254))
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_history(painter, QRectF(0, 0, image.width(), image.height()), history, title,
                  unit=unit, scale=scale)
    painter.end()
    return image


class StackChart(QWidget):
    """Each player's stack after each hand of a session."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stackChart")
        self.history: StackHistory | None = None
        self.unit = ""
        """The currency named in the stack axis' label."""
        self.setMinimumSize(560, 300)

    def set_history(self, history: StackHistory | None) -> None:
        self.history = history
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        paint_history(painter, QRectF(self.rect()), self.history, unit=self.unit)
        painter.end()
