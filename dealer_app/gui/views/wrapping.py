"""A table column whose long text wraps onto more lines (its row grows) instead of being
cut: the dealer's hand log and the review's replay log (issue 23)."""

from __future__ import annotations

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtWidgets import QHeaderView, QStyledItemDelegate, QStyleOptionViewItem, QTableView


class WrappingDelegate(QStyledItemDelegate):
    """A column whose long text wraps onto a second line instead of being cut."""

    def initStyleOption(self, option: QStyleOptionViewItem,  # noqa: N802 (Qt name)
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        option.textElideMode = Qt.TextElideMode.ElideNone

    def sizeHint(self, option: QStyleOptionViewItem,  # noqa: N802 (Qt name)
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        """As tall as the text wrapped to the column's width."""
        hint = super().sizeHint(option, index)
        view = self.parent()
        if not isinstance(view, QTableView):
            return hint
        self.initStyleOption(option, index)
        metrics = option.fontMetrics
        width = max(1, view.columnWidth(index.column()) - 12)  # the cell's text margins
        text = metrics.boundingRect(0, 0, width, 1 << 20, Qt.TextFlag.TextWordWrap,
                                    str(index.data() or ""))
        extra = max(0, hint.height() - metrics.height())
        return QSize(hint.width(), max(hint.height(), text.height() + extra))


def wrap_column(view: QTableView, column: int) -> None:
    """``column`` of ``view`` (its model already set) wraps its long text; the rows follow
    the column's width. A row's height is measured when the row comes or changes, and
    every row's once the table's width, font or columns changed: a header resizing to its
    contents measured every cell of the log again at each input (a third of the time of a
    dealer's key press)."""
    view.setItemDelegateForColumn(column, WrappingDelegate(view))
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    model = view.model()
    remeasure = _Remeasure(view)

    def measure(first: int, last: int) -> None:
        for row in range(first, last + 1):
            view.resizeRowToContents(row)

    model.rowsInserted.connect(lambda _parent, first, last: measure(first, last))
    model.dataChanged.connect(lambda top, bottom, *_: measure(top.row(), bottom.row()))
    model.modelReset.connect(view.resizeRowsToContents)
    model.layoutChanged.connect(remeasure.later)
    view.horizontalHeader().sectionResized.connect(remeasure.later)
    view.installEventFilter(remeasure)
    view.viewport().installEventFilter(remeasure)
    view.resizeRowsToContents()


class _Remeasure(QObject):
    """Measures every row of its table again, once, after the events that may have changed
    how its text wraps: a new width of the table or a column (the stretched column changes
    without a signal when a scroll bar comes), a new font or style (the window's scale)."""

    _EVENTS = (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.Resize,
               QEvent.Type.Show)

    def __init__(self, view: QTableView) -> None:
        super().__init__(view)
        self._view = view
        self._due = False

    def later(self, *_: object) -> None:
        """Measures the rows when the events now queued are handled (once for many)."""
        if not self._due:
            self._due = True
            QTimer.singleShot(0, self, self._now)

    def _now(self) -> None:
        self._due = False
        self._view.resizeRowsToContents()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if event.type() in self._EVENTS:
            self.later()
        return False
