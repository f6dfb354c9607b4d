"""Qt table models of the dealer's window: seats, pots and the hand log.

Each model has named column constants, a header list and :data:`SORT_ROLE` giving the real
value to sort on. :meth:`_RowsModel.update_rows` changes only what differs (``dataChanged``
for changed rows, inserted or removed rows at the end), so a view redraws and measures only
those rows after each dealer input; :meth:`_RowsModel.set_rows` resets the whole model.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QFont

from dealer_app.engine.hand import Hand
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.toolkit.table_model import HeaderedTableModel, Index
from dealer_app.gui.wording.rows import LogLine, LogRow, PotRow, SeatRow, log_lines
from dealer_app.text import tr, tr_noop

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""The value to sort on (numbers as numbers, times as datetimes)."""
ROW_ROLE = Qt.ItemDataRole.UserRole + 2
"""The whole row object."""

_DISPLAY = Qt.ItemDataRole.DisplayRole


class _RowsModel(HeaderedTableModel):
    def __init__(self) -> None:
        super().__init__()
        self._rows: list[Any] = []

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def update_rows(self, rows: Sequence[Any]) -> tuple[int, int]:
        """Replaces the rows, telling the views only what changed. Returns (rows changed in
        place, rows added at the end); rows removed from the end count as changed."""
        new = list(rows)
        old = self._rows
        common = min(len(old), len(new))
        changed = [i for i in range(common) if old[i] != new[i]]
        if len(new) < len(old):
            self.beginRemoveRows(QModelIndex(), len(new), len(old) - 1)
            self._rows = old[:len(new)]
            self.endRemoveRows()
        self._rows[:common] = new[:common]
        if changed:
            self.dataChanged.emit(self.index(changed[0], 0),
                                  self.index(changed[-1], len(self.HEADERS) - 1))
        added = len(new) - common
        if added > 0:
            self.beginInsertRows(QModelIndex(), common, len(new) - 1)
            self._rows.extend(new[common:])
            self.endInsertRows()
        return len(changed) + max(0, len(old) - len(new)), max(0, added)

    def row(self, n: int) -> Any:
        return self._rows[n]

    def data(self, index: Index, role: int = _DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == ROW_ROLE:
            return row
        return self._data(row, index.column(), role)

    def _data(self, row: Any, column: int, role: int) -> Any:
        raise NotImplementedError


class SeatsModel(_RowsModel):
    """Six rows, seat 1 to 6."""

    SEAT, PLAYER, STACK, BET, CARDS, STATE = range(6)
    HEADERS = (tr_noop("Seat"), tr_noop("Player"), tr_noop("Stack"), tr_noop("Bet"),
               tr_noop("Cards"), tr_noop("State"))

    def set_seats(self, rows: list[SeatRow]) -> None:
        old = self._rows
        if len(old) == len(rows):
            self._rows = list(rows)
            for i, (a, b) in enumerate(zip(old, rows, strict=True)):
                if a != b:
                    self.dataChanged.emit(self.index(i, 0),
                                          self.index(i, len(self.HEADERS) - 1))
            return
        self.set_rows(rows)

    def _data(self, row: SeatRow, column: int, role: int) -> Any:
        if role == _DISPLAY:
            return (str(row.seat), row.player or "—", amount(row.stack) if row.occupied else "",
                    amount(row.bet) if row.bet else "", row.cards_text,
                    tr(row.state) if row.state else "")[column]
        if role == SORT_ROLE:
            return (row.seat, row.player, row.stack, row.bet, row.cards_text,
                    row.state)[column]
        if role == Qt.ItemDataRole.FontRole and row.due:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.STACK, self.BET):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class PotsModel(_RowsModel):
    """Main pot first, then side pots."""

    POT, AMOUNT, ELIGIBLE, AWARDS = range(4)
    HEADERS = (tr_noop("Pot"), tr_noop("Amount"), tr_noop("Eligible seats"), tr_noop("Awarded"))

    def _data(self, row: PotRow, column: int, role: int) -> Any:
        if role == _DISPLAY:
            return (row.title, amount(row.amount), row.eligible_text, row.awards_text)[column]
        if role == SORT_ROLE:
            return (row.title, row.amount, row.eligible, sum(row.awards.values()))[column]
        return None


@lru_cache(maxsize=2048)
def _log_texts(line: LogLine) -> tuple[str, str, str, str]:
    """The cells of a log line (the view asks for them at every repaint)."""
    row = line.row
    return (str(row.seq), row.at.astimezone().strftime("%H:%M:%S"), line.by, line.text)


class LogModel(_RowsModel):
    """The hand log: every stored input (with its card and amount), undo and void, with
    time, and who entered it where that changes."""

    SEQ, TIME, BY, WHAT = range(4)
    HEADERS = (tr_noop("#"), tr_noop("Time"), tr_noop("By"), tr_noop("Input"))

    def __init__(self) -> None:
        super().__init__()
        self._known: dict[int, str] = {}

    def set_log(self, rows: Sequence[LogRow], hand: Hand | None) -> tuple[int, int]:
        """The hand log of ``hand`` (see :meth:`update_rows` for the return value)."""
        if not rows:
            self._known = {}
        lines = log_lines(rows, hand, self._known)
        self._known = {line.row.seq: line.text for line in lines}
        return self.update_rows(lines)

    @staticmethod
    def _lines(rows: Sequence[Any]) -> list[LogLine]:
        return [r if isinstance(r, LogLine) else LogLine(r, r.text, r.by) for r in rows]

    def set_rows(self, rows: Sequence[Any]) -> None:
        super().set_rows(self._lines(rows))

    def update_rows(self, rows: Sequence[Any]) -> tuple[int, int]:
        return super().update_rows(self._lines(rows))

    def row(self, n: int) -> LogRow:
        """The stored row ``n`` (what a supervisor may correct)."""
        line: LogLine = self._rows[n]
        return line.row

    def _data(self, line: LogLine, column: int, role: int) -> Any:
        row = line.row
        if role == _DISPLAY:
            return _log_texts(line)[column]
        if role == SORT_ROLE:
            return (row.seq, row.at, row.by, line.text)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"#{row.seq} · {row.by} · {line.text}"
        if role == Qt.ItemDataRole.ForegroundRole:
            if row.undone:
                return QColor("#8a8a8a")
            if row.kind != "input":
                return QColor("#e0a030")
        if role == Qt.ItemDataRole.FontRole and row.undone:
            font = QFont()
            font.setStrikeOut(True)
            return font
        return None
