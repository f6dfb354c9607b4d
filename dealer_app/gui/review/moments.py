"""Typed dates and times for the review's filters: ``2026-11-30 14:30``, ``2026-11-30``,
``14:30`` (today), ``today``, ``yesterday``, ``now``; and a field with a calendar that
opens on today.

``parse_moment(text, end=False)`` reads a local date/time; a date alone is the start of
that day, or with ``end`` the start of the next (so "until 2026-11-30" includes that day).
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from PySide6.QtCore import QDate, QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QCalendarWidget,
    QHBoxLayout,
    QLineEdit,
    QMenu,
    QToolButton,
    QWidget,
    QWidgetAction,
)

_DATE = r"(\d{4})-(\d{1,2})-(\d{1,2})"
_TIME = r"(\d{1,2})[:.](\d{2})"
CALENDAR_STYLE = """
QCalendarWidget QWidget#qt_calendar_navigationbar { background: #26323a; }
QCalendarWidget QToolButton { color: #f2f5f7; font-weight: bold; padding: 4px 10px; }
QCalendarWidget QAbstractItemView { background: #ffffff; color: #111111;
    selection-background-color: #2f6fb0; selection-color: #ffffff; }
QCalendarWidget QAbstractItemView:disabled { color: #9a9a9a; }
QCalendarWidget QHeaderView { background: #dfe6ea; }
"""
"""Dark navigation bar with light text, black on white days: readable on the app's style."""


def parse_moment(text: str, *, end: bool = False, now: datetime | None = None) -> datetime | None:
    """The local instant ``text`` names (aware), or None for empty text.
    Raises ValueError with a message fit to show."""
    words = " ".join(text.strip().lower().split())
    if not words:
        return None
    current = (now or datetime.now().astimezone()).astimezone()
    today = current.date()
    day: date | None = None
    at: time | None = None
    rest = words
    for name, value in (("today", today), ("yesterday", today - timedelta(days=1)),
                        ("tomorrow", today + timedelta(days=1))):
        if rest.startswith(name):
            day, rest = value, rest[len(name):].strip()
            break
    else:
        if rest == "now":
            return current
        m = re.match(_DATE, rest)
        if m:
            try:
                day = date(int(m[1]), int(m[2]), int(m[3]))
            except ValueError:
                raise ValueError(f"{text.strip()!r} is not a date of the calendar") from None
            rest = rest[m.end():].strip()
            if rest.startswith("t"):
                rest = rest[1:]
    if rest:
        m = re.fullmatch(_TIME, rest)
        if not m or int(m[1]) > 23 or int(m[2]) > 59:
            raise ValueError(f"cannot read {text.strip()!r}: type a date and time like "
                             "2026-11-30 14:30, a time like 22:10, today or yesterday")
        at = time(int(m[1]), int(m[2]))
    if day is None:
        if at is None:
            raise ValueError(f"cannot read {text.strip()!r}: type a date and time like "
                             "2026-11-30 14:30, a time like 22:10, today or yesterday")
        day = today
    if at is None:
        moment = datetime.combine(day + timedelta(days=1) if end else day, time())
    else:
        moment = datetime.combine(day, at)
    return moment.astimezone()  # a naive local time made aware in the local zone


class MomentEdit(QWidget):
    """A line for a typed date/time and a button with a calendar (which opens on the day
    typed, or today). ``moment()`` is the instant, None when empty; ``problem`` says why
    the text cannot be read (then ``moment()`` is None too and the line turns red)."""

    changed = Signal()

    def __init__(self, name: str, *, end: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.end = end
        self.problem = ""
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        self.line = QLineEdit()
        self.line.setObjectName(name)
        self.line.setPlaceholderText("any time")
        self.line.setClearButtonEnabled(True)
        self.line.setToolTip("A date and time (2026-11-30 14:30), a time (22:10, today), "
                             "today, yesterday or now")
        self.button = QToolButton()
        self.button.setObjectName(f"{name}Calendar")
        self.button.setText("▾")
        self.button.setToolTip("Pick a day on the calendar")
        self.calendar = QCalendarWidget()
        self.calendar.setObjectName(f"{name}CalendarPopup")
        self.calendar.setGridVisible(True)
        self.calendar.setVerticalHeaderFormat(
            QCalendarWidget.VerticalHeaderFormat.NoVerticalHeader)
        self.calendar.setStyleSheet(CALENDAR_STYLE)
        self.menu = QMenu(self)
        holder = QWidgetAction(self.menu)
        holder.setDefaultWidget(self.calendar)
        self.menu.addAction(holder)
        self.calendar.clicked.connect(self._picked)
        self.calendar.activated.connect(self._picked)
        self.button.clicked.connect(self.open_calendar)
        self.line.textChanged.connect(self._edited)
        row.addWidget(self.line, 1)
        row.addWidget(self.button)

    def moment(self) -> datetime | None:
        try:
            return parse_moment(self.line.text(), end=self.end)
        except ValueError:
            return None

    def text(self) -> str:
        return self.line.text()

    def clear(self) -> None:
        self.line.clear()

    def _edited(self) -> None:
        try:
            parse_moment(self.line.text(), end=self.end)
            self.problem = ""
        except ValueError as exc:
            self.problem = str(exc)
        self.line.setStyleSheet("border: 2px solid #ff6b6b;" if self.problem else "")
        self.changed.emit()

    def prepare_calendar(self) -> None:
        """Shows the day typed, or today, on the calendar."""
        moment = self.moment()
        day = moment.date() - timedelta(days=1) if moment is not None and self.end \
            and moment.time() == time() else (moment.date() if moment else date.today())
        self.calendar.setSelectedDate(QDate(day.year, day.month, day.day))
        self.calendar.setCurrentPage(day.year, day.month)

    def open_calendar(self) -> None:
        self.prepare_calendar()
        self.menu.popup(self.mapToGlobal(QPoint(0, self.height())))

    def _picked(self, day: QDate) -> None:
        self.menu.hide()
        typed = self.moment()
        keep = "" if typed is None or typed.time() == time() else typed.strftime(" %H:%M")
        self.line.setText(day.toString("yyyy-MM-dd") + keep)
        self.line.setFocus(Qt.FocusReason.OtherFocusReason)
