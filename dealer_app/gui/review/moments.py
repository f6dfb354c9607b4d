"""A field for a typed date and time (:func:`~dealer_app.services.moments.parse_moment`:
``2026-11-30 14:30``, ``22:10``, ``today``, ``yesterday``) with a calendar that opens on
today."""

from __future__ import annotations

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

from dealer_app.services.moments import parse_moment
from dealer_app.text import tr

CALENDAR_STYLE = """
QCalendarWidget QWidget#qt_calendar_navigationbar { background: #26323a; }
QCalendarWidget QToolButton { color: #f2f5f7; font-weight: bold; padding: 4px 10px; }
QCalendarWidget QAbstractItemView { background: #ffffff; color: #111111;
    selection-background-color: #2f6fb0; selection-color: #ffffff; }
QCalendarWidget QAbstractItemView:disabled { color: #9a9a9a; }
QCalendarWidget QHeaderView { background: #dfe6ea; }
"""
"""Dark navigation bar with light text, black on white days: readable on the app's style."""


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
        self.line.setPlaceholderText(tr("any time"))
        self.line.setClearButtonEnabled(True)
        self.line.setToolTip(tr("A date and time (2026-11-30 14:30), a time (22:10, today), "
                                "today, yesterday or now"))
        self.button = QToolButton()
        self.button.setObjectName(f"{name}Calendar")
        self.button.setText("▾")
        self.button.setToolTip(tr("Pick a day on the calendar"))
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
