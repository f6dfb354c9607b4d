"""A player's history: every hand of one player across tables and sessions, with the net
result of each and in total. Double-click (or Enter on) a hand: ``open_hand``."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.models import HAND_ID_ROLE
from dealer_app.gui.review.report_models import PlayerHistoryModel
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.toolkit.screen import resize_within_screen
from dealer_app.services import StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.text import tr


class PlayerHistoryDialog(QDialog):
    open_hand = Signal(int)

    def __init__(self, backend: ReviewBackend, names: Sequence[str] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.setObjectName("playerHistory")
        self.setWindowTitle(tr("Player history"))
        resize_within_screen(self, 980, 600)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(tr("Player")))
        self.player = QComboBox()
        self.player.setObjectName("historyPlayer")
        self.player.setEditable(True)
        self.player.addItems(list(dict.fromkeys(n for n in names if n)))
        edit = self.player.lineEdit()
        assert edit is not None  # an editable combo box has one
        edit.setPlaceholderText(tr("the player's whole name"))
        edit.returnPressed.connect(self.load)
        self.player.activated.connect(lambda *_: self.load())
        bar.addWidget(self.player, 1)
        self.show_button = QPushButton(tr("Show"))
        self.show_button.setObjectName("historyShow")
        self.show_button.setAutoDefault(False)
        self.show_button.clicked.connect(self.load)
        bar.addWidget(self.show_button)
        layout.addLayout(bar)
        self.title = QLabel()
        self.title.setObjectName("historyTotal")
        layout.addWidget(self.title)
        self.model = PlayerHistoryModel(self)
        self.view = QTableView()
        self.view.setObjectName("historyTable")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.verticalHeader().setVisible(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(PlayerHistoryModel.COL_STARTED,
                                    QHeaderView.ResizeMode.ResizeToContents)
        self.view.doubleClicked.connect(self._open)
        self.view.activated.connect(self._open)
        layout.addWidget(self.view, 1)
        close = QPushButton(tr("Close"))
        close.setAutoDefault(False)
        close.clicked.connect(self.accept)
        layout.addWidget(close)
        if self.player.currentText():
            self.load()

    def load(self) -> None:
        name = self.player.currentText().strip()
        if not name:
            self.title.setText(tr("Type or choose a player's name."))
            return
        try:
            history = self.backend.player_history(name)
        except (StorageError, ServiceError) as exc:
            self.model.set_history((), 0)
            self.title.setText(error_text(exc))
            return
        self.model.set_history(history.hands, history.total)
        total = ("+" if history.total > 0 else "") + amount(history.total) \
            if history.total else "0"
        text = tr("{player}: {hands} hands, net {total}").format(
            player=history.name, hands=amount(max(history.count, len(history.hands))),
            total=total)
        if history.cut:  # said, never silent: the net is of every hand all the same
            text += " " + tr("(the list shows the newest {shown}; the net is of all "
                             "{hands})").format(shown=amount(len(history.hands)),
                                                 hands=amount(history.count))
        self.title.setText(text)
        self.setWindowTitle(tr("Player history — {player}").format(player=history.name))

    def _open(self, index: QModelIndex) -> None:
        hand_id = self.model.data(index, HAND_ID_ROLE)
        if hand_id is not None:
            self.open_hand.emit(int(hand_id))
