"""The table models of the review's reports: the session report (:class:`SessionReportModel`),
the audit record (:class:`AuditModel`) and a player's history (:class:`PlayerHistoryModel`);
named columns and :data:`~dealer_app.gui.review.models.SORT_ROLE` as in the hand list."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from dealer_app.gui.review.captions import when
from dealer_app.gui.review.models import (
    HAND_ID_ROLE,
    ROLE_LABELS,
    ROW_ROLE,
    SORT_ROLE,
    TranslatedHeaders,
    amount,
    signed,
    status_label,
)
from dealer_app.gui.toolkit.table_model import Index
from dealer_app.services.reports import SeatLine
from dealer_app.services.review import AuditLine, PlayerHand
from dealer_app.text import tr, tr_noop

AUDIT_KIND_LABELS: dict[str, str] = {
    "supervisor act": tr_noop("supervisor act"), "sign-in": tr_noop("sign-in"),
    "refused": tr_noop("refused"), "lockout": tr_noop("lockout"), "unlock": tr_noop("unlock"),
    "other": tr_noop("other")}
"""The audit kinds (``services.review.AUDIT_KINDS``) in words; the kind itself is a code."""


class SessionReportModel(TranslatedHeaders):
    """The seats of a session report, with a totals row."""

    COL_SEAT, COL_PLAYER, COL_BUY_INS, COL_ADJUST, COL_CASH_OUTS, COL_MOVED, COL_STACK, \
        COL_NET, COL_HANDS = range(9)
    HEADERS = (tr_noop("Seat"), tr_noop("Player"), tr_noop("Buy-ins"), tr_noop("Adjustments"),
               tr_noop("Cash-outs"), tr_noop("Moved"), tr_noop("Stack"), tr_noop("Net"),
               tr_noop("Hands"))
    """``Moved``: chips brought from (+) or taken to (−) another seat or table, not cash."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.lines: list[SeatLine] = []

    def set_lines(self, lines: tuple[SeatLine, ...] | list[SeatLine]) -> None:
        self.beginResetModel()
        self.lines = list(lines)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() or not self.lines else len(self.lines) + 1

    def _values(self, row: int) -> list[Any]:
        if row < len(self.lines):
            x = self.lines[row]
            return [x.seat, x.player, x.buy_ins, x.adjustments, x.cash_outs, x.moved, x.stack,
                    x.net, x.hands]
        ls = self.lines
        return ["", tr("Total"), sum(x.buy_ins for x in ls), sum(x.adjustments for x in ls),
                sum(x.cash_outs for x in ls), sum(x.moved for x in ls), sum(x.stack for x in ls),
                sum(x.net for x in ls), ""]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        value = self._values(row)[col]
        if role == SORT_ROLE:
            return value
        if role == Qt.ItemDataRole.DisplayRole:
            if isinstance(value, int) and col in (self.COL_ADJUST, self.COL_MOVED, self.COL_NET):
                return signed(value)
            if isinstance(value, int) and col != self.COL_SEAT:
                return amount(value)
            return str(value)
        if role == ROW_ROLE and row < len(self.lines):
            return self.lines[row]
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= self.COL_BUY_INS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and row == len(self.lines):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and col == self.COL_NET \
                and isinstance(value, int) and value:
            return QBrush(QColor("#7ee08f" if value > 0 else "#ff7b7b"))
        return None


class AuditModel(TranslatedHeaders):
    """Audit lines: when, who, what kind, the act, why, what it touched, details."""

    COL_AT, COL_BY, COL_KIND, COL_ACT, COL_REASON, COL_TOUCHED, COL_DETAIL = range(7)
    HEADERS = (tr_noop("When"), tr_noop("Who"), tr_noop("Kind"), tr_noop("Act"), tr_noop("Why"),
               tr_noop("Hand / session"), tr_noop("Detail"))

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.lines: list[AuditLine] = []

    def set_lines(self, lines: list[AuditLine]) -> None:
        self.beginResetModel()
        self.lines = list(lines)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.lines)

    def text(self, row: int, col: int) -> str:
        line = self.lines[row]
        r = line.record
        role = ""
        if line.role:
            name = ROLE_LABELS.get(line.role)
            role = f" ({tr(name) if name else line.role})"
        kind = AUDIT_KIND_LABELS.get(line.kind)
        return [when(r.at), r.by + role, tr(kind) if kind else line.kind, r.act, r.reason or "",
                line.touched, line.detail_text][col]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        line = self.lines[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.text(index.row(), index.column())
        if role == ROW_ROLE:
            return line
        if role == HAND_ID_ROLE:
            return line.record.hand_id
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == self.COL_KIND \
                and line.kind in ("refused", "lockout"):
            return QBrush(QColor("#ff7b7b"))
        return None


class PlayerHistoryModel(TranslatedHeaders):
    """A player's hands with the net result of each, and a total row."""

    COL_STARTED, COL_TABLE, COL_NUMBER, COL_STATUS, COL_POT, COL_NET = range(6)
    HEADERS = (tr_noop("Started"), tr_noop("Table"), tr_noop("Hand"), tr_noop("Status"),
               tr_noop("Pot"), tr_noop("Net"))

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.hands: list[PlayerHand] = []
        self.total = 0

    def set_history(self, hands: tuple[PlayerHand, ...] | list[PlayerHand], total: int) -> None:
        self.beginResetModel()
        self.hands = list(hands)
        self.total = total
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() or not self.hands else len(self.hands) + 1

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        if row == len(self.hands):
            if role == Qt.ItemDataRole.DisplayRole:
                return {self.COL_STARTED: tr("Total over {count} hands").format(
                            count=amount(len(self.hands))),
                        self.COL_NET: signed(self.total)}.get(col, "")
            if role == Qt.ItemDataRole.FontRole:
                font = QFont()
                font.setBold(True)
                return font
            if role == SORT_ROLE and col == self.COL_NET:
                return self.total
            return self._align(role, col)
        item = self.hands[row]
        h = item.hand
        if role == Qt.ItemDataRole.DisplayRole:
            net = "—" if item.net is None else signed(item.net)
            return [when(h.started_at, seconds=False), h.table,
                    "" if h.number is None else amount(h.number),
                    status_label(h.status, h.corrected), amount(h.pot), net][col]
        if role == SORT_ROLE:
            return [h.started_at, h.table, h.number, h.status.value, h.pot, item.net][col]
        if role == HAND_ID_ROLE:
            return h.hand_id
        if role == ROW_ROLE:
            return item
        if role == Qt.ItemDataRole.ForegroundRole and col == self.COL_NET and item.net:
            return QBrush(QColor("#7ee08f" if item.net > 0 else "#ff7b7b"))
        return self._align(role, col)

    def _align(self, role: int, col: int) -> Any:
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (
                self.COL_NUMBER, self.COL_POT, self.COL_NET):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
