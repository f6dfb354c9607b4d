"""The tables page: choose or create a table, the staff box, the language."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.views.language import LanguageBox
from dealer_app.gui.views.scale import px
from dealer_app.gui.views.shift_widgets import error_label
from dealer_app.gui.views.staff_box import StaffBox
from dealer_app.gui.views.table_form import SettingsForm, SupervisorFields
from dealer_app.text import tr


class TablePage(QWidget):
    """Open a table (resuming its open session) or create one; the staff accounts; sign out."""

    open_requested = Signal(int)
    create_requested = Signal()
    sign_out_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tablePage")
        page = QVBoxLayout(self)
        page.setContentsMargins(12, 8, 12, 12)
        top = QHBoxLayout()
        self.who = QLabel()
        self.who.setObjectName("header")
        self.sign_out_button = QPushButton(tr("Sign out"))
        self.sign_out_button.setObjectName("signOut")
        self.sign_out_button.setToolTip(tr("Back to the sign-in page (open tables stay open)"))
        top.addWidget(self.who, 1)
        self.language = LanguageBox()
        top.addWidget(self.language)
        top.addWidget(self.sign_out_button)
        page.addLayout(top)
        outer = QHBoxLayout()
        page.addLayout(outer, 1)
        outer.addStretch(1)
        left = QGroupBox(tr("Open a table"))
        lv = QVBoxLayout(left)
        self.tables = QListWidget()
        self.tables.setObjectName("tableList")
        self.tables.setWordWrap(True)
        # a long line wraps within the list's width: never cut with "…" and scrolled sideways
        self.tables.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tables.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tables.setResizeMode(QListView.ResizeMode.Adjust)
        self.open_button = QPushButton(tr("Open table"))
        self.open_button.setObjectName("openTable")
        self.open_error = error_label()
        lv.addWidget(self.tables, 1)
        lv.addWidget(self.open_button)
        lv.addWidget(self.open_error)
        right = QGroupBox(tr("New table"))
        rv = QVBoxLayout(right)
        self.form = SettingsForm()
        self.supervisor = SupervisorFields()
        self.create_button = QPushButton(tr("Create table"))
        self.create_button.setObjectName("createTable")
        rv.addWidget(self.form)
        rv.addWidget(self.supervisor)
        rv.addWidget(self.create_button)
        self.error = error_label()
        rv.addWidget(self.error)
        rv.addStretch(1)
        self.staff = StaffBox()
        self.boxes = (left, right, self.staff)
        for box in self.boxes:  # three across from 1024 px wide up
            outer.addWidget(box, 4)  # the boxes take the room before the margins do
        outer.addStretch(1)
        self.set_scale(1.0)
        self.open_button.clicked.connect(self._open)
        # a double click or Enter on a table opens it, as the button does
        self.tables.itemActivated.connect(lambda _item: self._open())
        self.create_button.clicked.connect(self.create_requested)
        self.sign_out_button.clicked.connect(self.sign_out_requested)
        for edit in (*self.form.findChildren(QLineEdit),  # Enter submits the form, as
                     *self.supervisor.findChildren(QLineEdit)):  # the button does
            edit.returnPressed.connect(self.create_requested)
            edit.textEdited.connect(self.error.clear)  # a refusal goes once edited
        self.form.structure.currentIndexChanged.connect(self.error.clear)
        self.form.submitted.connect(self.create_requested)
        self.tables.currentRowChanged.connect(self.open_error.clear)

    def set_scale(self, scale: float) -> None:
        """The boxes grow with the window's text (``scale``), so a larger screen's larger
        fonts never clip their fields; never narrower than 300 px (1024×768)."""
        for box in self.boxes:
            box.setMinimumWidth(max(300, px(300, scale)))
            box.setMaximumWidth(px(520, scale))

    def set_tables(self, entries: list[tuple[int, str]], who: str,
                   is_supervisor: bool) -> None:
        self.who.setText(tr("Signed in: {who}").format(who=who))
        self.tables.clear()
        for table_id, text in entries:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, table_id)
            self.tables.addItem(item)
        if entries:
            self.tables.setCurrentRow(0)
            self.tables.setFocus()  # Enter opens the first table
        self.supervisor.setVisible(not is_supervisor)
        self.open_error.clear()

    def _open(self) -> None:
        item = self.tables.currentItem()
        if item is not None:
            self.open_requested.emit(int(item.data(Qt.ItemDataRole.UserRole)))
