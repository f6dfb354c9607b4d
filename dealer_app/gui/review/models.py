"""Qt table models of the review window: the hand list (paged) and a hand's log (the reports'
models are in :mod:`~dealer_app.gui.review.report_models`).

Every model has named column constants and a header list, answers ``SORT_ROLE`` with the
real value, and is tested without a window.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Any, Protocol

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from dealer_app import words
from dealer_app.gui.review.captions import when
from dealer_app.gui.toolkit import i18n
from dealer_app.gui.toolkit.table_model import HeaderedTableModel, Index
from dealer_app.narration import ACTION_WORDS
from dealer_app.services import HandQuery, HandStatus, HandSummary, LogEntry, Role
from dealer_app.text import tr, tr_noop

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""The real value of a cell (int, datetime, str) for sorting and tests."""
HAND_ID_ROLE = Qt.ItemDataRole.UserRole + 2
ROW_ROLE = Qt.ItemDataRole.UserRole + 3
"""The row's whole value (HandSummary, LogEntry, SeatLine)."""

STATUS_COLOURS = {HandStatus.VOID: "#ff6b6b", HandStatus.IN_PROGRESS: "#ffb74d",
                  HandStatus.COMPLETE: "#9fd8a8"}
"""Readable on the dark style sheet of the app."""
STATUS_LABELS = {HandStatus.COMPLETE: tr_noop("Complete"), HandStatus.VOID: tr_noop("Void"),
                 HandStatus.IN_PROGRESS: tr_noop("In progress")}
"""A hand's status as a list shows it (translate with ``tr`` where shown)."""
STATUS_WORDS = {HandStatus.COMPLETE: tr_noop("complete"), HandStatus.VOID: tr_noop("void"),
                HandStatus.IN_PROGRESS: tr_noop("in-progress")}
"""A hand's status inside a sentence (``pot 40, complete``)."""
ROLE_LABELS: dict[str, str] = {Role.DEALER: tr_noop("dealer"),
                               Role.SUPERVISOR: tr_noop("supervisor")}
ACTION_LABELS = ACTION_WORDS
"""The kinds of input as the correction dialog offers them (the stored value is the code)."""
FAILED_COLOUR = "#ff4f9a"
"""A hand that fails the integrity check."""


amount = i18n.amount
"""An amount in the windows' language (``1,250``; Swedish ``1 250``)."""


def grouped(text: str) -> str:
    """``Seat 2 bets 12000`` as ``Seat 2 bets 12,000``: amounts with thousands separators."""
    return re.sub(r"(?<![#\w])\d{4,}\b", lambda m: amount(int(m[0])), text)


def signed(value: int) -> str:
    """A change of chips: ``+1,250``, ``-40``, ``0``."""
    return ("+" if value > 0 else "") + amount(value)


def status_label(status: HandStatus, corrected: bool = False, *, short: bool = False) -> str:
    """``Complete`` or ``Complete · corrected``, in the windows' language; ``short``:
    ``Complete ✎`` (the hand list, whose tooltip and Status filter say it in words, at
    1024 px)."""
    label = tr(STATUS_LABELS[status])
    if not corrected:
        return label
    return (tr("{status} ✎", "corrected") if short
            else tr("{status} · corrected")).format(status=label)


class TranslatedHeaders(HeaderedTableModel):
    """Header labels marked with ``tr_noop`` in ``HEADERS``, translated when shown."""

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role == Qt.ItemDataRole.DisplayRole and orientation is Qt.Orientation.Horizontal
                and 0 <= section < len(self.HEADERS)):
            return tr(self.HEADERS[section])
        return super().headerData(section, orientation, role)


class HandSource(Protocol):
    def count(self, query: HandQuery) -> int: ...

    def search(self, query: HandQuery, *, offset: int, limit: int, sort: str,
               descending: bool, after: int | None = None) -> list[HandSummary]: ...


class HandListModel(TranslatedHeaders):
    """All hands matching a :class:`HandQuery`, sorted and filtered in SQL by the services.

    Only the count is known up front; rows are read in pages of ``page_size`` when the view
    first asks for them, and at most ``max_pages`` pages are kept (least recently used out),
    so 100,000 hands cost a few hundred rows of memory. The page after one already read is
    read after its last hand (keyset paging); a page in the second half of the list is read
    from the end in the opposite order, so no query skips more than half the rows."""

    COL_TABLE, COL_NUMBER, COL_STARTED, COL_DEALER, COL_STATUS, COL_POT, COL_PLAYERS, \
        COL_SESSION, COL_ID = range(9)
    HEADERS = (tr_noop("Table"), tr_noop("Hand"), tr_noop("Started"), tr_noop("Dealer"),
               tr_noop("Status"), tr_noop("Pot"), tr_noop("Players"), tr_noop("Session"),
               tr_noop("Id"))
    SORT_KEYS: dict[int, str] = {COL_TABLE: "table", COL_NUMBER: "number",
                                 COL_STARTED: "started_at", COL_STATUS: "status",
                                 COL_POT: "pot"}
    """Columns the services can sort on, and their key."""

    loaded = Signal(int)
    """Emitted with the row count after each (re)load."""

    def __init__(self, source: HandSource, *, page_size: int = 100, max_pages: int = 40,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self.source = source
        self.page_size = page_size
        self.max_pages = max_pages
        self.query = HandQuery()
        self.sort_column = self.COL_STARTED
        self.descending = True
        self._count = 0
        self._pages: OrderedDict[int, list[HandSummary]] = OrderedDict()
        self.pages_read = 0
        """Pages fetched from the services since the last reload (for tests, benchmarks)."""
        self.problems: dict[int, str] = {}
        """Hands that failed the last integrity check (hand id: what failed)."""

    def set_problems(self, problems: dict[int, str]) -> None:
        """Marks the hands that failed the integrity check (their status cell says so)."""
        self.problems = dict(problems)
        if self._count:
            self.dataChanged.emit(self.index(0, self.COL_STATUS),
                                  self.index(self._count - 1, self.COL_STATUS))

    # ------------------------------------------------------------------ loading
    @property
    def sort_key(self) -> str:
        return self.SORT_KEYS[self.sort_column]

    def set_query(self, query: HandQuery) -> None:
        self.query = query
        self.reload()

    def reload(self) -> None:
        self.beginResetModel()
        self._pages.clear()
        self.pages_read = 0
        self._count = self.source.count(self.query)
        if self._count:
            self._page(0)
        self.endResetModel()
        self.loaded.emit(self._count)

    def _page(self, number: int) -> list[HandSummary]:
        page = self._pages.get(number)
        if page is not None:
            self._pages.move_to_end(number)
            return page
        first = number * self.page_size
        size = max(0, min(self.page_size, self._count - first))
        previous = self._pages.get(number - 1)
        if previous is not None and len(previous) == self.page_size:
            page = self.source.search(self.query, offset=0, limit=self.page_size,
                                      sort=self.sort_key, descending=self.descending,
                                      after=previous[-1].hand_id)
        elif first > self._count // 2 and size:
            page = self.source.search(self.query, offset=self._count - first - size,
                                      limit=size, sort=self.sort_key,
                                      descending=not self.descending)[::-1]
        else:
            page = self.source.search(self.query, offset=first, limit=self.page_size,
                                      sort=self.sort_key, descending=self.descending)
        self.pages_read += 1
        self._pages[number] = page
        while len(self._pages) > self.max_pages:
            self._pages.popitem(last=False)
        return page

    def summary(self, row: int) -> HandSummary | None:
        if not 0 <= row < self._count:
            return None
        page = self._page(row // self.page_size)
        offset = row % self.page_size
        return page[offset] if offset < len(page) else None

    def hand_id(self, row: int) -> int | None:
        summary = self.summary(row)
        return summary.hand_id if summary else None

    def row_of(self, hand_id: int) -> int | None:
        """The row of a hand among the pages already read, or None."""
        for number, page in self._pages.items():
            for i, h in enumerate(page):
                if h.hand_id == hand_id:
                    return number * self.page_size + i
        return None

    # ------------------------------------------------------------------ Qt model
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else self._count

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return tr("Click to sort") if section in self.SORT_KEYS else tr("Not sortable")
        return super().headerData(section, orientation, role)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        h = self.summary(index.row())
        if h is None:
            return "…" if role == Qt.ItemDataRole.DisplayRole else None
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(h, col)
        if role == SORT_ROLE:
            return self._value(h, col)
        if role == HAND_ID_ROLE:
            return h.hand_id
        if role == ROW_ROLE:
            return h
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (
                self.COL_NUMBER, self.COL_POT, self.COL_SESSION, self.COL_ID):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        failed = h.hand_id in self.problems
        if role == Qt.ItemDataRole.ForegroundRole and col == self.COL_STATUS:
            return QBrush(QColor(FAILED_COLOUR if failed else STATUS_COLOURS[h.status]))
        if role == Qt.ItemDataRole.FontRole and col == self.COL_STATUS \
                and (h.status is not HandStatus.COMPLETE or h.corrected or failed):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and col == self.COL_PLAYERS:
            return ", ".join(h.players)
        if role == Qt.ItemDataRole.ToolTipRole and col == self.COL_STATUS and failed:
            return tr("Fails the integrity check: {reason}").format(
                reason=self.problems[h.hand_id])
        if role == Qt.ItemDataRole.ToolTipRole and col == self.COL_STATUS and h.corrected:
            return status_label(h.status, corrected=True)
        return None

    def _display(self, h: HandSummary, col: int) -> str:
        if col == self.COL_TABLE:
            return h.table
        if col == self.COL_NUMBER:
            return "" if h.number is None else amount(h.number)
        if col == self.COL_STARTED:
            return when(h.started_at, seconds=False)
        if col == self.COL_DEALER:
            return h.dealer
        if col == self.COL_STATUS:
            if h.hand_id in self.problems:
                return tr("⚠ FAILS CHECK ({status})").format(
                    status=tr(STATUS_LABELS[h.status]).lower())
            return status_label(h.status, h.corrected, short=True)
        if col == self.COL_POT:
            return amount(h.pot)
        if col == self.COL_PLAYERS:
            return ", ".join(h.players)
        if col == self.COL_SESSION:
            return "" if h.session_id is None else amount(h.session_id)
        return amount(h.hand_id)

    def _value(self, h: HandSummary, col: int) -> Any:
        return {self.COL_TABLE: h.table, self.COL_NUMBER: h.number,
                self.COL_STARTED: h.started_at, self.COL_DEALER: h.dealer,
                self.COL_STATUS: h.status.value, self.COL_POT: h.pot,
                self.COL_PLAYERS: ", ".join(h.players), self.COL_SESSION: h.session_id,
                self.COL_ID: h.hand_id}[col]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sorts in SQL; columns the services cannot sort on are ignored."""
        if column not in self.SORT_KEYS:
            return
        self.sort_column = column
        self.descending = order == Qt.SortOrder.DescendingOrder
        self.reload()


class HandLogModel(TranslatedHeaders):
    """Every stored row of one hand's log: inputs (with the step each one reaches), undos,
    the void; who and when."""

    COL_SEQ, COL_STEP, COL_TIME, COL_BY, COL_INPUT, COL_NOTE = range(6)
    HEADERS = ("#", tr_noop("Step"), tr_noop("Time"), tr_noop("By"), tr_noop("Input"),
               tr_noop("Note"))

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.entries: list[LogEntry] = []
        self.steps: list[int | None] = []
        """For each row, the replay step (1-based) of that input among the current inputs,
        or None (undone inputs, undo and void rows)."""
        self.current_step = 0

    def set_entries(self, entries: tuple[LogEntry, ...] | list[LogEntry]) -> None:
        self.beginResetModel()
        self.entries = list(entries)
        self.steps = [e.step for e in self.entries]  # corrections stand in their input's place
        self.endResetModel()

    def row_of_step(self, step: int) -> int | None:
        for row, s in enumerate(self.steps):
            if s == step:
                return row
        return None

    def set_current_step(self, step: int) -> None:
        """Emphasises the row of ``step`` and greys the steps after it: only the rows
        whose look changes (steps from the old one to the new one) are redrawn, as one
        range of rows and of the roles that change (a change of every row had the view
        re-measure the whole log)."""
        before, self.current_step = self.current_step, step
        low, high = min(before, step), max(before, step)
        rows = [row for row, s in enumerate(self.steps) if s is not None and low <= s <= high]
        if rows and before != step:
            self.dataChanged.emit(self.index(rows[0], 0),
                                  self.index(rows[-1], len(self.HEADERS) - 1),
                                  [Qt.ItemDataRole.FontRole, Qt.ItemDataRole.ForegroundRole,
                                   Qt.ItemDataRole.BackgroundRole])

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.entries)

    def _text(self, row: int, col: int) -> str:
        e = self.entries[row]
        step = self.steps[row]
        if col == self.COL_SEQ:
            return str(e.seq)
        if col == self.COL_STEP:
            return "" if step is None else str(step)
        if col == self.COL_TIME:  # the date is the hand's (in the header); full in the tip
            return when(e.at).split(" ", 1)[1]
        if col == self.COL_BY:
            return e.by
        if col == self.COL_INPUT:
            if e.kind == "undo":
                return tr("Undo of #{seq}").format(seq=e.target_seq)
            if e.kind == "void":
                return tr("Hand voided")
            if e.kind == "correct":
                return (tr("Correction of #{seq}: {input}").format(
                            seq=e.target_seq, input=grouped(words.event_text(e.event)))
                        if e.event else tr("#{seq} struck").format(seq=e.target_seq))
            return grouped(words.event_text(e.event)) if e.event else ""
        if e.undone and e.superseded_by is not None:
            kind = next((x.kind for x in self.entries if x.seq == e.superseded_by), "undo")
            text = tr("corrected by #{seq}") if kind == "correct" else tr("undone by #{seq}")
            return text.format(seq=e.superseded_by)
        if e.kind == "correct":
            return f"{e.by}: {e.reason or ''}"
        return e.reason or ""

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        e = self.entries[row]
        step = self.steps[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, col)
        if role == Qt.ItemDataRole.ToolTipRole and col == self.COL_TIME:
            return when(e.at)
        if role == SORT_ROLE:
            return {self.COL_SEQ: e.seq, self.COL_STEP: step, self.COL_TIME: e.at,
                    self.COL_BY: e.by}.get(col, self._text(row, col))
        if role == ROW_ROLE:
            return e
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            if e.kind in ("input", "correct") and e.undone:
                font.setStrikeOut(True)
            if step is not None and step == self.current_step:
                font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            if e.kind == "void":
                return QBrush(QColor("#ff6b6b"))
            if e.kind == "correct" and step is None:
                return QBrush(QColor("#c792ea"))
            if e.kind == "undo" or e.undone:
                return QBrush(QColor("#ffb74d"))
            if step is not None and step > self.current_step:
                return QBrush(QColor("#7d878d"))
            if step is not None and step == self.current_step:
                return QBrush(QColor("#ffffff"))
        if role == Qt.ItemDataRole.BackgroundRole and step is not None \
                and step == self.current_step:
            return QBrush(QColor("#6b5414"))
        return None


