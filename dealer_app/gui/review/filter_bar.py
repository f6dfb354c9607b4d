"""The review's filter bar: label and box pairs in a grid that reflows to fewer columns on
a narrow window (five pairs a row from about 1300 px, three below: at 1024×768 the boxes
were cut, issue 23)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QWidget

WIDE, NARROW = 5, 3
"""Pairs a row on a wide and on a narrow window."""


class FilterBar(QWidget):
    """``cells`` (label, box) in rows of :data:`WIDE` or :data:`NARROW` pairs, the clear
    button after the last; the narrow arrangement is the bar's minimum width."""

    def __init__(self, cells: list[tuple[str, QWidget]], button: QPushButton,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("filterBar")
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(8, 6, 8, 6)
        self.grid.setHorizontalSpacing(8)
        self.grid.setVerticalSpacing(4)
        self.cells = [(QLabel(label), box) for label, box in cells]
        self.button = button
        self.per_row = 0
        self._arrange(WIDE)

    def _arrange(self, per_row: int) -> None:
        if per_row == self.per_row:
            return
        self.per_row = per_row
        for label, box in self.cells:
            self.grid.removeWidget(label)
            self.grid.removeWidget(box)
        self.grid.removeWidget(self.button)
        for column in range(2 * WIDE):
            self.grid.setColumnStretch(column, 0)
        for i, (label, box) in enumerate(self.cells):
            r, c = divmod(i, per_row)
            self.grid.addWidget(label, r, 2 * c)
            self.grid.addWidget(box, r, 2 * c + 1)
            self.grid.setColumnStretch(2 * c + 1, 1)
        last = len(self.cells) - 1
        r, c = divmod(last, per_row)
        if c + 1 < per_row:
            self.grid.addWidget(self.button, r, 2 * (c + 1), 1, 2)
        else:
            self.grid.addWidget(self.button, r + 1, 2 * per_row - 1)
        self.updateGeometry()

    def _min_width(self, per_row: int) -> int:
        """The grid's least width with ``per_row`` pairs a row (each column as wide as its
        widest cell), from the cells' own minimums: right whatever the style sheet."""
        width = 0
        for c in range(per_row):
            column = self.cells[c::per_row]
            width += max(label.minimumSizeHint().width() for label, _ in column)
            width += max(max(box.minimumSizeHint().width(), box.minimumWidth())
                         for _, box in column)
        margins = self.grid.contentsMargins()
        return (width + self.grid.horizontalSpacing() * (2 * per_row - 1)
                + margins.left() + margins.right())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self._min_width(NARROW)), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        self._arrange(WIDE if event.size().width() >= self._min_width(WIDE) else NARROW)
        super().resizeEvent(event)
