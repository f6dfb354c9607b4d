"""The base of the app's Qt table models: named columns from a ``HEADERS`` tuple."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from dealer_app.text import tr

Index = QModelIndex | QPersistentModelIndex


class HeaderedTableModel(QAbstractTableModel):
    """A table model whose columns are ``HEADERS`` (subclasses add rows and data).

    ``HEADERS`` are English, marked with ``tr_noop``; the header shows them translated."""

    HEADERS: tuple[str, ...] = ()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role == Qt.ItemDataRole.DisplayRole and orientation is Qt.Orientation.Horizontal
                and 0 <= section < len(self.HEADERS)):
            return tr(self.HEADERS[section])
        return None
