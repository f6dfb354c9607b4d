"""The dealer's main window: start-of-shift pages and the table page. Builds widgets only;
:mod:`dealer_app.gui.controller` brings them to life."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.commands import KEY_MAP, Command
from dealer_app.gui.models import LogModel, PotsModel, SeatsModel
from dealer_app.gui.views.controls import (
    ActionBar,
    AmountBox,
    CardEntry,
    CardPicker,
    KeyHandler,
    NextLine,
)
from dealer_app.gui.views.shift import PlayersPanel, SignInPage, TablePage, TablePanel
from dealer_app.gui.views.table import TableView

SEAT_ROW_HEIGHT = 24
"""Rows of the Players tab's seat table: six fit above the seating form at 1280×800."""


class DealerPage(QWidget):
    """The table page: felt, seats, NEXT line, actions, card entry, picker, log."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dealerPage")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 6, 10, 8)
        outer.setSpacing(6)
        self.header = QLabel()
        self.header.setObjectName("header")
        head = QHBoxLayout()
        head.addWidget(self.header, 1)
        self.review_button = QPushButton("Review [F2]")
        self.review_button.setObjectName("reviewButton")
        self.review_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.review_button.setToolTip("Open the floor supervisor's hand log browser")
        head.addWidget(self.review_button)
        self.sign_out_button = QPushButton("Sign out")
        self.sign_out_button.setObjectName("signOut")
        self.sign_out_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.sign_out_button.setToolTip("Back to the sign-in page; the hand in progress stays "
                                        "stored and resumes for the next dealer at this table")
        head.addWidget(self.sign_out_button)
        outer.addLayout(head)
        middle = QHBoxLayout()
        middle.setSpacing(8)
        self.table = TableView()
        middle.addWidget(self.table, 1)
        right = QVBoxLayout()
        right.setSpacing(6)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("sideTabs")
        self.tabs.setFixedWidth(340)
        self.tabs.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log_model = LogModel()
        self.log_view = self._table_view(self.log_model, stretch=LogModel.WHAT)
        log_page = QWidget()
        log_layout = QVBoxLayout(log_page)
        log_layout.setContentsMargins(0, 0, 0, 0)
        log_layout.addWidget(self.log_view, 1)
        self.correct_button = QPushButton("Correct input… (supervisor)")
        self.correct_button.setObjectName("correctInput")
        self.correct_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.correct_button.setToolTip("Replace or strike the selected input (rule 11.3)")
        log_layout.addWidget(self.correct_button)
        self.log_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.correct_action = QAction("Correct input…", self.log_view)
        self.log_view.addAction(self.correct_action)
        self.tabs.addTab(log_page, "Hand log")
        self.players = PlayersPanel()
        self.seats_model = SeatsModel()
        self.seats_view = self._seats_view(self.seats_model)
        players_page = QWidget()
        pv = QVBoxLayout(players_page)
        pv.setContentsMargins(0, 0, 0, 0)
        pv.setSpacing(2)
        pv.addWidget(self.seats_view)
        pv.addWidget(self.players, 1)
        self.tabs.addTab(players_page, "Players")
        self.table_panel = TablePanel()
        table_scroll = QScrollArea()  # the settings form is taller than the side panel
        table_scroll.setObjectName("tablePanelScroll")
        table_scroll.setWidgetResizable(True)
        table_scroll.setFrameShape(QFrame.Shape.NoFrame)
        table_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table_scroll.setWidget(self.table_panel)
        self.tabs.addTab(table_scroll, "Table")
        self.pots_model = PotsModel()
        right.addWidget(self.tabs, 1)
        picker_row = QHBoxLayout()
        self.picker = CardPicker()
        picker_row.addWidget(self.picker)
        right.addLayout(picker_row)
        self.hole_button = QPushButton(Command.HOLE.button_text)
        self.hole_button.setObjectName("holeToggle")
        self.hole_button.setCheckable(True)
        self.hole_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        right.addWidget(self.hole_button)
        middle.addLayout(right)
        outer.addLayout(middle, 1)
        self.next_line = NextLine()
        outer.addWidget(self.next_line)
        bottom = QHBoxLayout()
        bottom.setSpacing(8)
        self.action_bar = ActionBar()
        bottom.addWidget(self.action_bar, 1)
        self.amount = AmountBox()
        bottom.addWidget(self.amount)
        card_label = QLabel("Card")
        card_label.setObjectName("cardLabel")
        bottom.addWidget(card_label)
        self.card_entry = CardEntry()
        bottom.addWidget(self.card_entry)
        outer.addLayout(bottom)
        self.key_map = QLabel(KEY_MAP, self)
        self.key_map.setObjectName("keyMap")
        self.key_map.setVisible(False)

    @staticmethod
    def _table_view(model: LogModel | SeatsModel, stretch: int) -> QTableView:
        view = QTableView()
        view.setModel(model)
        view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        view.verticalHeader().setVisible(False)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = view.horizontalHeader()
        header.setResizeContentsPrecision(0)  # measure the visible rows only, not the log
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
        return view

    @classmethod
    def _seats_view(cls, model: SeatsModel) -> QTableView:
        """The six seats, all visible without scrolling: seat, player, stack, state (the
        bets and cards are on the table itself)."""
        view = cls._table_view(model, stretch=SeatsModel.PLAYER)
        view.setObjectName("seatsView")
        view.setColumnHidden(SeatsModel.BET, True)
        view.setColumnHidden(SeatsModel.CARDS, True)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setWordWrap(False)
        rows = view.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(SEAT_ROW_HEIGHT)
        header_height = view.horizontalHeader().sizeHint().height()
        frame = 2 * view.frameWidth()
        view.setFixedHeight(header_height + 6 * SEAT_ROW_HEIGHT + frame + 2)
        return view

    def toggle_key_map(self, visible: bool | None = None) -> None:
        show = not self.key_map.isVisible() if visible is None else visible
        if show:
            self.key_map.adjustSize()
            self.key_map.move((self.width() - self.key_map.width()) // 2,
                              (self.height() - self.key_map.height()) // 3)
            self.key_map.raise_()
        self.key_map.setVisible(show)


class DealerWindow(QMainWindow):
    """Pages: sign-in, table choice, the table."""

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Americana — dealer")
        self.setObjectName("dealerWindow")
        self.stack = QStackedWidget()
        self.sign_in = SignInPage()
        self.tables = TablePage()
        self.page = DealerPage()
        for w in (self.sign_in, self.tables, self.page):
            self.stack.addWidget(w)
        self.setCentralWidget(self.stack)
        self.setMinimumSize(1280, 800)
        self.key_handler: KeyHandler | None = None
        self.on_close: list[object] = []

    def show_page(self, page: QWidget) -> None:
        self.stack.setCurrentWidget(page)
        if page is self.page:
            self.page.card_entry.setFocus()
        elif page is self.sign_in:
            target = self.sign_in.name if not self.sign_in.name.text() else self.sign_in.pin
            target.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if (self.stack.currentWidget() is self.page and self.key_handler is not None
                and self.key_handler(event)):
            event.accept()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        for callback in self.on_close:
            if callable(callback):
                callback()
        super().closeEvent(event)
