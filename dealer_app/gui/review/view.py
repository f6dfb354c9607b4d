"""The review window's widgets: the header, the filter bar, the three rows of buttons, the
hand list and the status line. Built here, with no behaviour of their own: the
:class:`~dealer_app.gui.review.controller.ReviewController` wires them to the backend (the
split of the dealer's window: ``gui/window.py`` and ``gui/controller.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from PySide6.QtCore import QPoint, QSettings, QSize, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.review.filter_bar import FilterBar
from dealer_app.gui.review.go_to import GO_TO_HINT
from dealer_app.gui.review.models import HandListModel, status_label
from dealer_app.gui.review.moments import MomentEdit
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.toolkit.screen import resize_within_screen, restore_within_screen
from dealer_app.gui.views.number_box import NumberBox
from dealer_app.services import HandStatus, StaffMember, TableInfo
from dealer_app.services.moments import when
from dealer_app.text import tr, tr_noop

CORRECTED = "corrected"
"""The status filter's choice for hands a supervisor corrected (any status)."""
STATUS_CHOICES = ((tr_noop("Any status"), None), (tr_noop("Complete"), HandStatus.COMPLETE),
                  (tr_noop("Void"), HandStatus.VOID),
                  (tr_noop("In progress"), HandStatus.IN_PROGRESS),
                  (tr_noop("Corrected"), CORRECTED))
DEFAULT_SIZE = (1600, 940)

ACTIONS = (
    (0, "goToButton", tr_noop("Go")),
    (0, "openHand", tr_noop("Open hand")),
    (0, "playerHistory", tr_noop("Player history…")),
    (0, "handPdf", tr_noop("Hand PDF…")),
    (1, "voidHand", tr_noop("Void hand…")),
    (1, "adjustStack", tr_noop("Adjust stack…")),
    (1, "closeSession", tr_noop("Close session…")),
    (1, "exportRecords", tr_noop("Export records…")),
    (1, "printHand", tr_noop("Print hand…")),
    (2, "sessionReport", tr_noop("Session report…")),
    (2, "verifyLog", tr_noop("Check integrity…")),
    (2, "auditLog", tr_noop("Audit log…")),
    (2, "exportCsv", tr_noop("Export CSV…")))
"""The buttons by row (a hand; the supervisor's acts and the records; the whole log, so
that each row fits a 1024-pixel-wide screen in every language), object name and text."""
SUPERVISOR_ONLY = frozenset({"voidHand", "adjustStack", "closeSession", "verifyLog",
                             "auditLog"})
"""The buttons a dealer's review hides."""


class ReviewView(QMainWindow):
    """The widgets of the hand log browser (:meth:`build` makes them)."""

    def __init__(self, parent: QWidget | None = None, *,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("dealer-app", "review")
        self.setObjectName("reviewWindow")

    def build(self, model: HandListModel, *, subtitle: str, restricted: bool,
              tables: Sequence[TableInfo], dealers: Sequence[StaffMember]) -> None:
        """Makes every widget; ``restricted``: a dealer's review (no table, session or
        dealer to choose, no supervisor button)."""
        self.model = model
        self.setWindowTitle(tr("Hand log — dealer") if restricted
                            else tr("Hand log — floor supervisor"))
        central = QWidget()
        self.setCentralWidget(central)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        head = QHBoxLayout()
        title = QLabel(tr("Hand log"))
        title.setObjectName("reviewTitle")
        self.subtitle = QLabel(subtitle)
        self.subtitle.setObjectName("reviewSubtitle")
        self.subtitle.setMinimumWidth(100)
        head.addWidget(title)
        head.addSpacing(16)
        head.addWidget(self.subtitle, 1)
        layout.addLayout(head)
        layout.addWidget(self._build_filters(tables, dealers, restricted))
        for row in self._build_actions(restricted):
            layout.addLayout(row)
        self.empty_label = QLabel()
        self.empty_label.setObjectName("emptyResult")
        self.empty_label.setStyleSheet("color: #ffb74d; font-size: 15px; padding: 6px;")
        self.empty_label.hide()
        layout.addWidget(self.empty_label)
        layout.addWidget(self._build_list(model), 1)
        self.count_label = QLabel()
        self.count_label.setObjectName("countLabel")
        self.status_line = QLabel()
        self.status_line.setObjectName("reviewSubtitle")
        self.status_line.setMinimumWidth(100)
        foot = QHBoxLayout()
        foot.addWidget(self.count_label)
        foot.addStretch(1)
        foot.addWidget(self.status_line)
        layout.addLayout(foot)

    def _build_list(self, model: HandListModel) -> QTableView:
        self.view = QTableView()
        self.view.setObjectName("handList")
        self.view.setModel(model)
        self.view.setSortingEnabled(False)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(30)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionsClickable(True)
        header.setSortIndicatorShown(True)
        header.setSortIndicator(HandListModel.COL_STARTED, Qt.SortOrder.DescendingOrder)
        self._fit_columns()
        header.setSectionResizeMode(HandListModel.COL_PLAYERS, QHeaderView.ResizeMode.Stretch)
        return self.view

    def _fit_columns(self) -> None:
        """Each column as wide as the longest text it can hold (a start time, a status in
        this language, a hand number) or its title, whichever is wider; the table and the
        dealer narrow enough that the players keep room at 1024 px (issue 23). Fixed widths
        cut the start time and "Complete · corrected" at the app's 12 pt font (now "Complete ✎",
        in words in its tooltip)."""
        metrics = self.view.fontMetrics()
        cell = 2 * self.view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 12

        def fit(*samples: str) -> int:
            return max(metrics.horizontalAdvance(text) for text in samples) + cell

        m = HandListModel
        statuses = [status_label(status, corrected, short=True) for status in HandStatus
                    for corrected in (False, True)]
        widths = {m.COL_TABLE: 110, m.COL_NUMBER: fit(amount(99_999)),
                  m.COL_STARTED: fit(when(datetime.now(UTC), seconds=False)),
                  m.COL_DEALER: 100, m.COL_STATUS: fit(*statuses),
                  m.COL_POT: fit(amount(999_999)), m.COL_PLAYERS: 300,
                  m.COL_SESSION: fit(amount(9_999)), m.COL_ID: fit(amount(999_999))}
        model = self.view.model()
        for col, width in widths.items():  # (the title's arrow shows on one column only)
            title = str(model.headerData(col, Qt.Orientation.Horizontal) or "")
            self.view.setColumnWidth(col, max(width, fit(title)))

    def _build_filters(self, tables: Sequence[TableInfo], dealers: Sequence[StaffMember],
                       restricted: bool) -> QWidget:
        self.table_box = QComboBox()
        self.table_box.setObjectName("filterTable")
        self.table_box.addItem(tr("All tables"), None)
        for t in tables:
            self.table_box.addItem(t.name, t.id)
        self.session_box = QComboBox()
        self.session_box.setObjectName("filterSession")
        self.dealer_box = QComboBox()
        self.dealer_box.setObjectName("filterDealer")
        self.dealer_box.addItem(tr("All dealers"), None)
        for member in dealers:
            self.dealer_box.addItem(member.name, member.id)
        self.player_edit = QLineEdit()
        self.player_edit.setObjectName("filterPlayer")
        self.player_edit.setPlaceholderText(tr("any part of a name"))
        self.player_edit.setClearButtonEnabled(True)
        self.status_box = QComboBox()
        self.status_box.setObjectName("filterStatus")
        for label, status in STATUS_CHOICES:
            self.status_box.addItem(tr(label), status)
        self.since_edit = MomentEdit("filterSince")
        self.until_edit = MomentEdit("filterUntil", end=True)
        self.min_pot = self._pot_edit("filterMinPot")
        self.max_pot = self._pot_edit("filterMaxPot")
        self.clear_button = QPushButton(tr("Clear filters"))
        self.clear_button.setObjectName("clearFilters")
        self.clear_button.setToolTip(tr("Every filter back to any, and the newest hands first "
                                        "(Ctrl+L)"))
        cells: list[tuple[str, QWidget]] = [
            (tr("Table"), self.table_box), (tr("Session"), self.session_box),
            (tr("Dealer"), self.dealer_box), (tr("Player"), self.player_edit),
            (tr("Status"), self.status_box), (tr("From"), self.since_edit),
            (tr("Until"), self.until_edit), (tr("Pot from"), self.min_pot),
            (tr("Pot to"), self.max_pot)]
        self.clear_button.setMinimumWidth(self.clear_button.sizeHint().width())
        for combo in (self.table_box, self.session_box, self.dealer_box, self.status_box):
            # the lists give up width before a button does (a 1024-pixel screen, Swedish)
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        box = FilterBar(cells, self.clear_button)
        if restricted:
            for combo in (self.table_box, self.session_box, self.dealer_box):
                combo.setEnabled(False)
                combo.setToolTip(tr("A dealer sees the hands of their own open session"))
        return box

    @staticmethod
    def _pot_edit(name: str) -> QSpinBox:
        spin = NumberBox(0, 0, 100_000_000)
        spin.setObjectName(name)
        spin.setSingleStep(50)
        spin.setSpecialValueText(tr("any"))
        spin.setGroupSeparatorShown(True)
        return spin

    def _build_actions(self, restricted: bool) -> list[QHBoxLayout]:
        self.buttons: dict[str, QPushButton] = {}
        first = QHBoxLayout()
        go_label = QLabel(tr("Go to"))
        self.goto_edit = QLineEdit()
        self.goto_edit.setObjectName("goToHand")
        self.goto_edit.setPlaceholderText(tr(GO_TO_HINT))
        self.goto_edit.setToolTip(tr("A table and hand number, or a hand id; Enter opens the "
                                     "hand (Ctrl+G)"))
        self.goto_edit.setMinimumWidth(
            self.goto_edit.fontMetrics().horizontalAdvance(tr(GO_TO_HINT)) + 40)
        go_label.setBuddy(self.goto_edit)
        first.addWidget(go_label)
        first.addWidget(self.goto_edit, 1)
        rows = (first, QHBoxLayout(), QHBoxLayout())
        for row, name, text in ACTIONS:
            button = QPushButton(tr(text))
            button.setObjectName(name)
            button.setMinimumWidth(button.sizeHint().width())
            self.buttons[name] = button
            rows[row].addWidget(button)
            if name == "goToButton":
                rows[row].addSpacing(12)
            if restricted and name in SUPERVISOR_ONLY:
                button.hide()
        self.buttons["voidHand"].setProperty("class", "danger")
        for layout in rows:
            layout.addStretch(1)
        return list(rows)

    # ------------------------------------------------------------------ size
    def restore_size(self) -> None:
        """The size the user left it at, else the default size within the screen."""
        self.setMinimumSize(1000, 600)
        size = self.settings.value("size")
        if isinstance(size, QSize) and size.isValid():
            position = self.settings.value("position")
            restore_within_screen(self, size,
                                  position if isinstance(position, QPoint) else None)
            return
        resize_within_screen(self, *DEFAULT_SIZE)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.settings.setValue("size", self.size())
        self.settings.setValue("position", self.pos())
        self.settings.sync()
        super().closeEvent(event)

    # ------------------------------------------------------------------ messages
    def say(self, text: str, error: bool = False) -> None:
        """``text`` in the status line (``error``: in a warning box too)."""
        self.status_line.setText(text)
        if error:
            QMessageBox.warning(self, tr("Hand log"), text)
