"""A table column whose long text wraps onto more lines (its row grows) instead of being
cut: the dealer's hand log and the review's replay log (issue 23)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt, QTimer
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
    """``column`` of ``view`` wraps its long text; the rows follow the column's width.

    The rows' heights are worked out from that column alone, once the events in hand are
    handled (a change of the model or of the column's width), instead of the vertical
    header's ``ResizeToContents``, which asks every cell of every row for its size on each
    change (a replay's step emphasises one row and re-measured the whole log: issue 24)."""
    view.setItemDelegateForColumn(column, WrappingDelegate(view))
    rows = view.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # set by fit_rows
    timer = QTimer(view)
    timer.setSingleShot(True)
    timer.setInterval(0)
    timer.timeout.connect(lambda: fit_rows(view, column))

    def resized(section: int, _old: int, _new: int) -> None:
        if section == column:
            timer.start()

    view.horizontalHeader().sectionResized.connect(resized)
    model = view.model()  # (set before: the views set their model first)
    if model is not None:
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved,
                       model.layoutChanged):
            signal.connect(timer.start)
        model.dataChanged.connect(
            lambda first, last, *_: timer.start()
            if first.column() <= column <= last.column() else None)
    timer.start()


def fit_rows(view: QTableView, column: int) -> None:
    """Each row as tall as ``column``'s text wrapped to its width (at least the default)."""
    model = view.model()
    if model is None:
        return
    delegate = view.itemDelegateForColumn(column)
    rows = view.verticalHeader()
    least = rows.defaultSectionSize()
    option = QStyleOptionViewItem()
    option.initFrom(view)
    for row in range(model.rowCount()):
        index = model.index(row, column)
        height = delegate.sizeHint(QStyleOptionViewItem(option), index).height() \
            if delegate is not None else least
        if rows.sectionSize(row) != max(least, height):
            rows.resizeSection(row, max(least, height))
