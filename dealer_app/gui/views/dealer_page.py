"""The dealer's table page: felt, seats, NEXT line, actions, card entry, picker, log. Built
by :class:`dealer_app.gui.window.DealerWindow` once the window shows its sign-in page."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_app import words
from dealer_app.engine.settings import Settings
from dealer_app.gui.views.controls import (
    ActionBar,
    AmountBox,
    CardEntry,
    CardPicker,
    NextLine,
)
from dealer_app.gui.views.models import LogModel, PotsModel, SeatsModel
from dealer_app.gui.views.scale import (
    px,
)
from dealer_app.gui.views.shift import PlayersPanel, TablePanel
from dealer_app.gui.views.table import TableView
from dealer_app.gui.views.wrapping import wrap_column
from dealer_app.gui.wording.commands import Command, key_map_html
from dealer_app.text import tr

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
        self.header.setWordWrap(True)  # a pending settings change makes it long
        head = QHBoxLayout()
        head.addWidget(self.header, 1)
        self.review_button = QPushButton(tr("Review [{key}]").format(key="F2"))
        self.review_button.setObjectName("reviewButton")
        self.review_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.review_button.setToolTip(tr("Open the floor supervisor's hand log browser"))
        head.addWidget(self.review_button)
        self.sign_out_button = QPushButton(tr("Sign out"))
        self.sign_out_button.setObjectName("signOut")
        self.sign_out_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.sign_out_button.setToolTip(tr(
            "Back to the sign-in page; the hand in progress stays stored and resumes for the "
            "next dealer at this table"))
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
        self.tabs.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log_model = LogModel()
        self.log_view = self._table_view(self.log_model, stretch=LogModel.WHAT)
        self.log_view.setWordWrap(False)  # the time and the number stay whole
        wrap_column(self.log_view, LogModel.WHAT)  # a long entry wraps, never cut
        log_page = QWidget()
        log_layout = QVBoxLayout(log_page)
        log_layout.setContentsMargins(0, 0, 0, 0)
        log_layout.addWidget(self.log_view, 1)
        self.correct_button = QPushButton(tr("Correct input… (supervisor)"))
        self.correct_button.setObjectName("correctInput")
        self.correct_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.correct_button.setToolTip(tr("Replace or strike the selected input (rule 11.3)"))
        log_layout.addWidget(self.correct_button)
        self.log_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.correct_action = QAction(tr("Correct input…"), self.log_view)
        self.log_view.addAction(self.correct_action)
        self.tabs.addTab(log_page, tr("Hand log"))
        self._log_at_bottom = True
        bar = self.log_view.verticalScrollBar()
        bar.valueChanged.connect(self._log_scrolled)
        bar.rangeChanged.connect(self._log_range_changed)
        self.players = PlayersPanel()
        self.seats_model = SeatsModel()
        self.seats_view = self._seats_view(self.seats_model)
        players_page = QWidget()
        pv = QVBoxLayout(players_page)
        pv.setContentsMargins(0, 0, 0, 0)
        pv.setSpacing(2)
        pv.addWidget(self.seats_view)
        pv.addWidget(self.players, 1)
        self.tabs.addTab(players_page, tr("Players"))
        self.seats_view.selectionModel().currentRowChanged.connect(self._seat_row_chosen)
        self.seats_view.clicked.connect(self._seat_row_chosen)
        self.seats_model.dataChanged.connect(self._seats_changed)
        self.seats_model.modelReset.connect(self._seats_changed)
        self.table_panel = TablePanel()
        table_scroll = QScrollArea()  # the settings form is taller than the side panel
        table_scroll.setObjectName("tablePanelScroll")
        table_scroll.setWidgetResizable(True)
        table_scroll.setFrameShape(QFrame.Shape.NoFrame)
        table_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table_scroll.setWidget(self.table_panel)
        self.tabs.addTab(table_scroll, tr("Table"))
        self.pots_model = PotsModel()
        right.addWidget(self.tabs, 1)
        self.picker = CardPicker()
        right.addWidget(self.picker)
        middle.addLayout(right)
        outer.addLayout(middle, 1)
        self.next_line = NextLine()
        outer.addWidget(self.next_line)
        # the action buttons, then the card: a row of their own, never squeezed by the
        # amount box, which opens on the row below (issue 10: "ndo [Ctrl+Z", "ot [P")
        bottom = QHBoxLayout()
        bottom.setSpacing(8)
        self.action_bar = ActionBar()
        bottom.addWidget(self.action_bar, 1)
        self.hole_button = QPushButton(Command.HOLE.button_text)
        self.hole_button.setObjectName("holeToggle")
        self.hole_button.setCheckable(True)
        self.hole_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        bottom.addWidget(self.hole_button)
        card_label = QLabel(tr("Card"))
        card_label.setObjectName("cardLabel")
        bottom.addWidget(card_label)
        self.card_entry = CardEntry()
        bottom.addWidget(self.card_entry)
        outer.addLayout(bottom)
        self.amount = AmountBox()
        outer.addWidget(self.amount)
        self.key_map = QLabel(key_map_html(), self)
        self.key_map.setObjectName("keyMap")
        self.key_map.setVisible(False)
        self.scale = 0.0
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        """Every fixed size of the page for the window's scale (see views/scale.py); the
        fonts come with the window's scaled style sheet. Touch targets stay >= TOUCH."""
        if scale == self.scale:
            return
        self.scale = scale
        self.table.set_scale(scale)
        self.picker.set_scale(scale)
        self.amount.set_scale(scale)
        self.card_entry.set_scale(scale)
        self.tabs.setFixedWidth(max(px(340, scale), self.picker.sizeHint().width()))
        rows = self.seats_view.verticalHeader()
        rows.setDefaultSectionSize(px(SEAT_ROW_HEIGHT, scale))
        self._fit_seats_view()

    def _fit_seats_view(self) -> None:
        view = self.seats_view
        header = view.horizontalHeader()
        header_height = header.sizeHint().height() if not header.isHidden() else 0
        frame = 2 * view.frameWidth()
        view.setFixedHeight(header_height + 6 * view.verticalHeader().defaultSectionSize()
                            + frame + 2)

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
        # The header measures its ResizeToContents columns when laid out, not when rows
        # arrive: a log that started empty kept its Time and By columns as wide as their
        # titles ("18:3…"). Measure again, once the rows in hand are in.
        refit = QTimer(view)
        refit.setSingleShot(True)
        refit.setInterval(0)

        def measure() -> None:
            for column in range(model.columnCount()):
                if column != stretch:
                    view.resizeColumnToContents(column)

        refit.timeout.connect(measure)
        for signal in (model.modelReset, model.rowsInserted, model.dataChanged):
            signal.connect(refit.start)
        return view

    @classmethod
    def _seats_view(cls, model: SeatsModel) -> QTableView:
        """The six seats, all visible without scrolling: seat, player, stack, state (the
        bets and cards are on the table itself). No header row: the columns read alone
        ("3  Bo  1,185  ALL-IN"), and the seating form below needs the height."""
        view = cls._table_view(model, stretch=SeatsModel.PLAYER)
        view.horizontalHeader().setVisible(False)
        view.setObjectName("seatsView")
        view.setColumnHidden(SeatsModel.BET, True)
        view.setColumnHidden(SeatsModel.CARDS, True)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setWordWrap(False)
        rows = view.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(SEAT_ROW_HEIGHT)
        return view

    def _log_scrolled(self, value: int) -> None:
        self._log_at_bottom = value >= self.log_view.verticalScrollBar().maximum()

    def _log_range_changed(self, _low: int, high: int) -> None:
        """The log stays on its last line when the view shrinks (the amount box opens)."""
        if self._log_at_bottom:
            self.log_view.verticalScrollBar().setValue(high)

    def _seat_row_chosen(self, index: QModelIndex) -> None:
        """A row chosen in the seats table: its seat (and player) in the Players form, which
        Rebuy, Sit out, Come back and Leave act on."""
        if not index.isValid():
            return
        row = self.seats_model.row(index.row())
        self.players.seat.setValue(row.seat)
        self.players.name.setText(row.player if row.occupied else "")

    def _seats_changed(self) -> None:
        model = self.seats_model
        self.players.set_occupied(frozenset(
            model.row(i).seat for i in range(model.rowCount()) if model.row(i).occupied))

    def set_header(self, table: str, in_force: Settings, pending: Settings | None,
                   number: int | None, dealer: str) -> None:
        """``Table 3 · Fixed limit 10/20 · Ante 5 · Hand 4 · Dealer Sue``: the structure in
        force for the hand on the table; a settings change waiting for the next hand is
        said as such."""
        hand = tr("Hand {number}").format(number=number) if number else tr("No hand yet")
        text = tr("{table} · {settings} · {hand} · Dealer {dealer}").format(
            table=table, settings=words.settings_text(in_force), hand=hand, dealer=dealer)
        if pending is not None and pending != in_force:
            text = tr("{header}  —  from the next hand: {settings}").format(
                header=text, settings=words.settings_text(pending))
        self.header.setText(text)

    def toggle_key_map(self, visible: bool | None = None) -> None:
        show = not self.key_map.isVisible() if visible is None else visible
        if show:
            self.key_map.adjustSize()
            self.key_map.move((self.width() - self.key_map.width()) // 2,
                              (self.height() - self.key_map.height()) // 3)
            self.key_map.raise_()
        self.key_map.setVisible(show)
