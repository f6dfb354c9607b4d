"""The waiting lists in the floor view: the players waiting for the game chosen in the
floor's filter (or for every game), who was called to which table and when, a "no show?"
mark once a called player is late, and the supervisor's steps (add, call to a seat, no
show, remove)."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Signal, SignalInstance
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_app import words
from dealer_app.services.floor import game_settings
from dealer_app.services.waiting import NAME_MAX, WaitingInfo
from dealer_app.text import tr
from dealer_app.words import duration_text

NO_SHOW_AFTER = 300.0
"""Seconds after a call past which a player who did not sit down is marked "no show?"."""


def waiting_text(entry: WaitingInfo, now: datetime, no_show_after: float,
                 with_game: bool) -> str:
    """``Eve · waiting 12 min`` or ``Eve · called 19:42 to Table 3`` (``NO SHOW?`` once
    late); with the game's stakes when the list shows every game."""
    if entry.called_at is not None:
        at = entry.called_at.astimezone().strftime("%H:%M")
        text = tr("{player} · called {time} to {table}").format(
            player=entry.player, time=at, table=entry.called_table or "?")
        if entry.no_show_due(now, no_show_after):
            text = tr("{entry} · NO SHOW?").format(entry=text)
    else:
        text = tr("{player} · waiting {time}").format(
            player=entry.player,
            time=duration_text((now - entry.joined_at).total_seconds()))
    if with_game:
        text = tr("{entry} · {game}").format(
            entry=text, game=words.settings_text(game_settings(entry.game)))
    return text


class WaitingPanel(QFrame):
    """The waiting list shown; the buttons act on the selected player."""

    add_requested = Signal(str)
    call_requested = Signal(int)
    no_show_requested = Signal(int)
    remove_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("waitingPanel")
        layout = QVBoxLayout(self)
        self.title = QLabel(tr("Waiting list"))
        self.title.setObjectName("callsTitle")
        self.title.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("waitingList")
        self.list.setWordWrap(True)
        add_row = QHBoxLayout()
        self.name = QLineEdit()
        self.name.setMaxLength(NAME_MAX)
        self.name.setPlaceholderText(tr("player's name"))
        self.add = QPushButton(tr("Add"))
        add_row.addWidget(self.name, 1)
        add_row.addWidget(self.add)
        self.call = QPushButton(tr("Call to a free seat"))
        self.no_show = QPushButton(tr("No show"))
        self.remove = QPushButton(tr("Take off the list…"))
        self.message = QLabel()
        self.message.setObjectName("errorText")
        self.message.setWordWrap(True)
        for button in (self.add, self.call, self.no_show, self.remove):
            button.setMinimumHeight(40)
        layout.addWidget(self.title)
        layout.addWidget(self.list, 1)
        layout.addLayout(add_row)
        layout.addWidget(self.call)
        layout.addWidget(self.no_show)
        layout.addWidget(self.remove)
        layout.addWidget(self.message)
        self.entries: list[WaitingInfo] = []
        self._texts: list[str] = []
        self.add.clicked.connect(self._add)
        self.name.returnPressed.connect(self._add)
        self.call.clicked.connect(lambda: self._emit(self.call_requested))
        self.no_show.clicked.connect(lambda: self._emit(self.no_show_requested))
        self.remove.clicked.connect(lambda: self._emit(self.remove_requested))
        self.list.currentRowChanged.connect(lambda _row: self._enable())
        self._enable()

    def set_entries(self, entries: list[WaitingInfo], now: datetime, title: str,
                    no_show_after: float, with_game: bool) -> None:
        texts = [waiting_text(e, now, no_show_after, with_game) for e in entries]
        heading = tr("Waiting list · {game} ({count})").format(game=title, count=len(entries))
        if entries == self.entries and texts == self._texts and heading == self.title.text():
            return  # each second's tick: nothing moved
        selected = self.selected()
        keep = selected.id if selected else None
        self.entries = entries
        self._texts = texts
        self.list.clear()
        self.list.addItems(texts)
        self.title.setText(heading)
        rows = [i for i, e in enumerate(entries) if e.id == keep]
        self.list.setCurrentRow(rows[0] if rows else (0 if entries else -1))
        self._enable()

    def selected(self) -> WaitingInfo | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def _enable(self) -> None:
        entry = self.selected()
        self.call.setEnabled(entry is not None and not entry.called)
        self.no_show.setEnabled(entry is not None and entry.called)
        self.remove.setEnabled(entry is not None)

    def _add(self) -> None:
        name = self.name.text().strip()
        if not name:
            self.message.setText(tr("Type the player's name first."))
            return
        self.add_requested.emit(name)

    def _emit(self, signal: SignalInstance) -> None:
        entry = self.selected()
        if entry is not None:
            signal.emit(entry.id)
