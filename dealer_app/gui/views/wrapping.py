"""A table column whose long text wraps onto more lines (its row grows) instead of being
cut: the dealer's hand log and the review's replay log (issue 23)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
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
    """``column`` of ``view`` wraps its long text; the rows follow the column's width."""
    view.setItemDelegateForColumn(column, WrappingDelegate(view))
    rows = view.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    view.horizontalHeader().sectionResized.connect(
        lambda *_: rows.resizeSections(QHeaderView.ResizeMode.ResizeToContents))
