"""Start of shift and table management: sign-in, table choice, seating, settings, dealer."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_app.engine.settings import Settings, SettingsError, Structure
from dealer_app.gui.views.language import LanguageBox
from dealer_app.gui.views.number_box import NumberBox, box_problem
from dealer_app.gui.views.scale import px
from dealer_app.text import tr, tr_noop


def _error_label() -> QLabel:
    label = QLabel()
    label.setObjectName("formError")
    label.setWordWrap(True)
    return label


class PanelMessage(QLabel):
    """The outcome of a form's last request: a refusal in red (``error`` style property), a
    success in green with a different edge, so the two never look alike. Hidden when empty;
    a refusal is withdrawn (:meth:`withdraw_error`) as soon as the form is edited."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panelMessage")
        self.setWordWrap(True)
        self.setVisible(False)
        self.setProperty("error", False)

    @property
    def is_error(self) -> bool:
        return bool(self.property("error"))

    def show_message(self, text: str, *, error: bool = False) -> None:
        self.setProperty("error", error)
        self.setText(text)
        self.style().unpolish(self)
        self.style().polish(self)
        self.setVisible(bool(text))

    def clear(self) -> None:
        self.show_message("")

    def withdraw_error(self) -> None:
        """A refusal is no longer true once the fields it was about change."""
        if self.is_error:
            self.clear()

    def watch(self, fields: Sequence[QWidget]) -> None:
        """Withdraws a refusal when any of ``fields`` is edited."""
        for field in fields:
            if isinstance(field, QLineEdit):
                field.textEdited.connect(self.withdraw_error)
            elif isinstance(field, QSpinBox):
                field.valueChanged.connect(self.withdraw_error)
            elif isinstance(field, QComboBox):
                field.currentIndexChanged.connect(self.withdraw_error)


def _spin_box(value: int, lo: int, hi: int) -> NumberBox:
    """A number box: typed, or stepped with its (visible, styled) arrows or Up/Down."""
    spin = NumberBox(value, lo, hi)
    spin.setAccelerated(True)
    return spin


def _pin_edit() -> QLineEdit:
    edit = QLineEdit()
    edit.setEchoMode(QLineEdit.EchoMode.Password)
    edit.setMaxLength(12)
    return edit


class SignInPage(QWidget):
    """Dealer name and PIN; on an empty database, the first supervisor account."""

    submitted = Signal(str, str, bool)
    """name, PIN, first (True: create the first supervisor)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("signInPage")
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        box = QFrame()
        box.setObjectName("signInBox")
        box.setFixedWidth(520)
        form = QVBoxLayout(box)
        self.title = QLabel(tr("Sign in"))
        self.title.setObjectName("pageTitle")
        self.title.setWordWrap(True)  # "Welcome: create the first supervisor" is wide
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        fields = QFormLayout()
        self.name = QLineEdit()
        self.name.setObjectName("signInName")
        self.pin = _pin_edit()
        self.pin.setObjectName("signInPin")
        self.pin2 = _pin_edit()
        self.pin2.setObjectName("signInPin2")
        fields.addRow(tr("Name"), self.name)
        fields.addRow(tr("PIN"), self.pin)
        self.pin2_label = QLabel(tr("PIN again"))
        fields.addRow(self.pin2_label, self.pin2)
        self.button = QPushButton(tr("Sign in"))
        self.button.setObjectName("signInButton")
        self.button.setDefault(True)
        self.error = _error_label()
        for w in (self.title, self.hint):
            form.addWidget(w)
        form.addLayout(fields)
        form.addWidget(self.button)
        self.back_button = QPushButton(tr("Back to the table"))
        self.back_button.setObjectName("backToTable")
        self.back_button.setVisible(False)
        form.addWidget(self.back_button)
        form.addWidget(self.error)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(box)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)
        self.first = False
        self.button.clicked.connect(self._submit)
        self.pin.returnPressed.connect(self._submit)
        self.pin2.returnPressed.connect(self._submit)
        for edit in (self.name, self.pin, self.pin2):  # a refusal goes once retyped
            edit.textEdited.connect(self.error.clear)
        self.set_first(False)

    def set_first(self, first: bool, takeover: bool = False) -> None:
        self.first = first
        self.back_button.setVisible(takeover and not first)
        self.pin2.setVisible(first)
        self.pin2_label.setVisible(first)
        if first:
            self.title.setText(tr("Welcome: create the first supervisor"))
            self.hint.setText(tr("The database is empty. The first account is a floor "
                                 "supervisor (a PIN of 6 to 12 digits); on the next page it "
                                 "adds dealers (the Staff box) and opens tables."))
            self.button.setText(tr("Create supervisor and sign in"))
        else:
            self.title.setText(tr("Change dealer") if takeover else tr("Sign in"))
            self.hint.setText(tr("The next dealer signs in; from then on the inputs are "
                                 "theirs.") if takeover else tr("Dealer name and PIN."))
            self.button.setText(tr("Sign in"))
        self.pin.clear()
        self.pin2.clear()
        self.error.clear()

    def _submit(self) -> None:
        if self.first and self.pin.text() != self.pin2.text():
            self.error.setText(tr("The two PINs differ: type them again."))
            return
        self.submitted.emit(self.name.text().strip(), self.pin.text(), self.first)


class SettingsForm(QWidget):
    """Ante, chip unit, structure, raise cap, rake: a :class:`Settings` or an error; and the
    table's currency (checked by the service). Enter on the structure box (a list, not a
    text field) submits the form as Enter in its text fields does: :attr:`submitted`."""

    submitted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.name = QLineEdit()
        self.name.setObjectName("tableName")
        self.ante = self._spin(5, 1, 1_000_000)
        self.chip_unit = self._spin(5, 1, 1_000_000)
        self.structure = QComboBox()
        for s in Structure:
            self.structure.addItem(s.label, s.value)
        self.structure.installEventFilter(self)
        self.raise_cap = self._spin(3, 0, 20)
        self.rake_percent = self._spin(0, 0, 100)
        self.rake_cap = self._spin(0, 0, 1_000_000)
        self.rake_cap.setSpecialValueText(tr("no cap"))  # 0: none (the label stays short)
        self.currency = QLineEdit("EUR")
        self.currency.setObjectName("tableCurrency")
        self.currency.setMaxLength(3)
        self.currency.setToolTip(tr("The currency of the table's amounts: a three-letter "
                                    "code such as EUR or SEK"))
        form.addRow(tr("Table name"), self.name)
        form.addRow(tr("Ante"), self.ante)
        form.addRow(tr("Chip unit"), self.chip_unit)
        form.addRow(tr("Structure"), self.structure)
        form.addRow(tr("Raise cap"), self.raise_cap)
        form.addRow(tr("Rake %"), self.rake_percent)
        form.addRow(tr("Rake cap"), self.rake_cap)
        form.addRow(tr("Currency"), self.currency)
        self.dual_control = self._spin(0, 0, 1_000_000_000)
        self.dual_control.setObjectName("dualControlAbove")
        self.dual_control.setSpecialValueText(tr("off", "dual control"))  # 0: none needed
        self.dual_control.setToolTip(tr("A void, stack adjustment or settlement of more than "
                                        "this needs a second supervisor's PIN (0: off)"))
        label = QLabel(tr("Two supervisors above"))
        label.setWordWrap(True)  # two lines where the form is narrow (1024×768)
        form.addRow(label, self.dual_control)
        self.dual_control_was = 0
        """The table's amount as loaded (a change while it is on needs two supervisors)."""
        self.min_buy_in = self._spin(0, 0, 1_000_000_000)
        self.min_buy_in.setObjectName("minBuyIn")
        self.min_buy_in.setSpecialValueText(tr("none", "buy-in limits"))  # 0: no minimum
        self.min_buy_in.setToolTip(tr("The smallest buy-in; a rebuy must bring the stack to "
                                      "at least this (0: none)"))
        self.max_buy_in = self._spin(0, 0, 1_000_000_000)
        self.max_buy_in.setObjectName("maxBuyIn")
        self.max_buy_in.setSpecialValueText(tr("none", "buy-in limits"))
        self.max_buy_in.setToolTip(tr("The largest buy-in; a rebuy may bring the stack to at "
                                      "most this (0: none)"))
        form.addRow(tr("Min. buy-in"), self.min_buy_in)  # short: one line at 1024×768
        form.addRow(tr("Max. buy-in"), self.max_buy_in)
        self.buy_in_was = (0, 0)
        """The table's limits as loaded."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if (watched is self.structure and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            self.submitted.emit()
            return True
        return super().eventFilter(watched, event)

    @staticmethod
    def _spin(value: int, lo: int, hi: int) -> NumberBox:
        return _spin_box(value, lo, hi)

    def dual_control_change(self) -> int | None:
        """The dual-control amount typed, or None when it is the one loaded."""
        value = self.dual_control.value()
        return None if value == self.dual_control_was else value

    def buy_in_limits(self) -> tuple[int, int]:
        """The minimum and maximum buy-in typed (0: none); ``SettingsError`` for a box that
        cannot hold what was typed."""
        problem = box_problem([(tr("Minimum buy-in"), self.min_buy_in),
                               (tr("Maximum buy-in"), self.max_buy_in)])
        if problem:
            raise SettingsError(problem)
        return self.min_buy_in.value(), self.max_buy_in.value()

    def buy_in_change(self) -> tuple[int, int] | None:
        """The limits typed, or None when they are the ones loaded."""
        limits = self.buy_in_limits()
        return None if limits == self.buy_in_was else limits

    def settings(self) -> Settings:
        """Raises SettingsError for values that make no game (or a box that cannot hold
        what was typed: nothing is taken that was not typed)."""
        problem = box_problem([(tr("Ante"), self.ante), (tr("Chip unit"), self.chip_unit),
                               (tr("Raise cap"), self.raise_cap),
                               (tr("Rake %"), self.rake_percent),
                               (tr("Rake cap"), self.rake_cap)])
        if problem:
            raise SettingsError(problem)
        return Settings(ante=self.ante.value(), chip_unit=self.chip_unit.value(),
                        structure=Structure(self.structure.currentData()),
                        raise_cap=self.raise_cap.value(),
                        rake_percent=self.rake_percent.value(),
                        rake_cap=self.rake_cap.value())

    def set_settings(self, name: str, s: Settings, currency: str | None = None,
                     dual_control_above: int | None = None,
                     buy_in_limits: tuple[int, int] | None = None) -> None:
        self.name.setText(name)
        if buy_in_limits is not None:
            self.min_buy_in.setValue(buy_in_limits[0])
            self.max_buy_in.setValue(buy_in_limits[1])
            self.buy_in_was = buy_in_limits
        if currency is not None:
            self.currency.setText(currency)
        if dual_control_above is not None:
            self.dual_control.setValue(dual_control_above)
            self.dual_control_was = dual_control_above
        self.ante.setValue(s.ante)
        self.chip_unit.setValue(s.chip_unit)
        self.structure.setCurrentIndex(self.structure.findData(s.structure.value))
        self.raise_cap.setValue(s.raise_cap)
        self.rake_percent.setValue(s.rake_percent)
        self.rake_cap.setValue(s.rake_cap)


class SupervisorFields(QWidget):
    """Name, PIN and reason of the supervisor authorising one act."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.name = QLineEdit()
        self.pin = _pin_edit()
        self.reason = QLineEdit()
        self.second_name = QLineEdit()
        self.second_name.setObjectName("secondSupervisorName")
        self.second_pin = _pin_edit()
        self.second_pin.setObjectName("secondSupervisorPin")
        form.addRow(tr("Supervisor"), self.name)
        form.addRow(tr("Supervisor PIN"), self.pin)
        form.addRow(tr("Second supervisor"), self.second_name)
        form.addRow(tr("Their PIN"), self.second_pin)
        form.addRow(tr("Reason"), self.reason)
        self._form = form
        self.show_second(False)

    def show_second(self, on: bool) -> None:
        """The second supervisor's rows, for an act under dual control."""
        for widget in (self.second_name, self.second_pin):
            self._form.setRowVisible(widget, on)

    @property
    def second_shown(self) -> bool:
        return not self.second_name.isHidden()

    def clear(self) -> None:
        """Forgets the supervisor: a PIN is good for one attempt, never kept."""
        for field in (self.name, self.pin, self.reason, self.second_name, self.second_pin):
            field.clear()


class StaffBox(QGroupBox):
    """The staff accounts: the list (name, role) and a form adding a dealer or supervisor.

    Open to a signed-in supervisor; a dealer's window shows it locked behind a supervisor's
    name and PIN (``unlock_requested``) until sign-out."""

    unlock_requested = Signal()
    add_requested = Signal()
    unlock_account_requested = Signal(str)
    """The name typed in the form: lift that account's lock after wrong PINs."""
    change_pin_requested = Signal()
    """The signed-in member changes their own PIN."""
    reset_pin_requested = Signal(str)
    """The name typed in the form: a supervisor sets that account's PIN."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Staff"), parent)
        self.setObjectName("staffBox")
        outer = QVBoxLayout(self)
        # locked: a supervisor's name and PIN
        self.lock = QWidget()
        lock_layout = QVBoxLayout(self.lock)
        lock_layout.setContentsMargins(0, 0, 0, 0)
        lock_hint = QLabel(tr("Adding dealers and supervisors needs a supervisor: "
                              "their name and PIN open the staff accounts."))
        lock_hint.setWordWrap(True)
        lock_form = QFormLayout()
        self.sup_name = QLineEdit()
        self.sup_name.setObjectName("staffSupervisor")
        self.sup_pin = _pin_edit()
        self.sup_pin.setObjectName("staffSupervisorPin")
        lock_form.addRow(tr("Supervisor"), self.sup_name)
        lock_form.addRow(tr("PIN"), self.sup_pin)
        self.unlock_button = QPushButton(tr("Open staff accounts"))
        self.unlock_button.setObjectName("staffUnlock")
        self.lock_error = _error_label()
        lock_layout.addWidget(lock_hint)
        lock_layout.addLayout(lock_form)
        lock_layout.addWidget(self.unlock_button)
        lock_layout.addWidget(self.lock_error)
        lock_layout.addStretch(1)
        outer.addWidget(self.lock)
        # open: the list and the form
        self.content = QWidget()
        cv = QVBoxLayout(self.content)
        cv.setContentsMargins(0, 0, 0, 0)
        self.authorised = QLabel()
        self.authorised.setObjectName("staffAuthorised")
        self.authorised.setWordWrap(True)
        self.list = QTableWidget(0, 2)
        self.list.setObjectName("staffList")
        self.list.setHorizontalHeaderLabels([tr("Name"), tr("Role")])
        self.list.verticalHeader().setVisible(False)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        header = self.list.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setObjectName("staffName")
        self.role = QComboBox()
        self.role.setObjectName("staffRole")
        self.role.addItem(tr("Dealer"), "dealer")
        self.role.addItem(tr("Supervisor"), "supervisor")
        self.pin = _pin_edit()
        self.pin.setObjectName("staffPin")
        self.pin2 = _pin_edit()
        self.pin2.setObjectName("staffPin2")
        form.addRow(tr("Name"), self.name)
        form.addRow(tr("Role"), self.role)
        form.addRow(tr("PIN"), self.pin)
        form.addRow(tr("PIN again"), self.pin2)
        self.add_button = QPushButton(tr("Add staff member"))
        self.add_button.setObjectName("staffAdd")
        self.unlock_account_button = QPushButton(tr("Unlock account"))
        self.unlock_account_button.setObjectName("staffUnlockAccount")
        self.unlock_account_button.setToolTip(tr("Lift the lock of the account named above "
                                                 "(after too many wrong PINs); audited"))
        self.reset_pin_button = QPushButton(tr("Reset PIN…"))
        self.reset_pin_button.setObjectName("staffResetPin")
        self.reset_pin_button.setToolTip(tr("Set a new PIN for the account named above (one "
                                            "they forgot); it also lifts its lock; audited"))
        self.message = PanelMessage()
        cv.addWidget(self.authorised)
        cv.addWidget(self.list, 1)
        cv.addLayout(form)
        cv.addWidget(self.add_button)
        cv.addWidget(self.unlock_account_button)
        cv.addWidget(self.reset_pin_button)
        cv.addWidget(self.message)
        outer.addWidget(self.content, 1)
        self._add_own_pin(outer)
        self.unlock_button.clicked.connect(self.unlock_requested)
        self.sup_pin.returnPressed.connect(self.unlock_requested)
        self.add_button.clicked.connect(self.add_requested)
        self.unlock_account_button.clicked.connect(
            lambda: self.unlock_account_requested.emit(self.name.text().strip()))
        self.pin2.returnPressed.connect(self.add_requested)
        self.message.watch([self.name, self.role, self.pin, self.pin2])
        self.sup_pin.textEdited.connect(self.lock_error.clear)
        self.sup_name.textEdited.connect(self.lock_error.clear)
        self.set_locked(True)

    def _add_own_pin(self, outer: QVBoxLayout) -> None:
        """The signed-in member's own PIN: open to everyone, dealer or supervisor."""
        self.change_pin_button = QPushButton(tr("Change my PIN…"))
        self.change_pin_button.setObjectName("staffChangePin")
        self.change_pin_button.setToolTip(tr("Change the PIN of the member signed in (the "
                                             "PIN used now is asked)"))
        self.pin_message = PanelMessage()
        outer.addWidget(self.change_pin_button)
        outer.addWidget(self.pin_message)
        self.change_pin_button.clicked.connect(self.change_pin_requested)
        self.reset_pin_button.clicked.connect(
            lambda: self.reset_pin_requested.emit(self.name.text().strip()))

    def set_locked(self, locked: bool, by: str = "") -> None:
        self.lock.setVisible(locked)
        self.content.setVisible(not locked)
        self.sup_pin.clear()
        self.lock_error.clear()
        self.authorised.setText(tr("Authorised by {name}").format(name=by)
                                if by and not locked else "")
        self.authorised.setVisible(bool(by) and not locked)
        if locked:
            self.list.setRowCount(0)
            self.clear_form()
            self.show_message("")

    def set_staff(self, rows: list[tuple[str, str]]) -> None:
        self.list.setRowCount(len(rows))
        for i, (name, role) in enumerate(rows):
            self.list.setItem(i, 0, QTableWidgetItem(name))
            self.list.setItem(i, 1, QTableWidgetItem(role))

    def clear_form(self) -> None:
        self.name.clear()
        self.pin.clear()
        self.pin2.clear()
        self.role.setCurrentIndex(0)

    def show_message(self, text: str, *, error: bool = False) -> None:
        self.message.show_message(text, error=error)


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
        self.open_button = QPushButton(tr("Open table"))
        self.open_button.setObjectName("openTable")
        self.open_error = _error_label()
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
        self.error = _error_label()
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


class PlayersPanel(QWidget):
    """Seat a player with a buy-in, rebuy, sit out, come back, leave with a cash-out.

    Compact enough for the side panel at 1280×800: seat and chips on one row, the player's
    name on the next, the five buttons in a grid with labels that fit."""

    requested = Signal(str)
    """``seat``, ``rebuy``, ``sit-out``, ``come-back``, ``leave`` or ``move``."""

    BUTTONS: tuple[tuple[str, str, str], ...] = (
        ("seat", tr_noop("Seat player"),
         tr_noop("Seat the player named above with the chips as buy-in")),
        ("rebuy", tr_noop("Rebuy"), tr_noop("Add the chips to the seat's stack (between hands)")),
        ("sit-out", tr_noop("Sit out"), tr_noop("The player keeps the seat but is not dealt in")),
        ("come-back", tr_noop("Come back"), tr_noop("A player sitting out is dealt in again")),
        ("leave", tr_noop("Cash out"),
         tr_noop("The player leaves the table: cash out the stack")),
        ("move", tr_noop("Move…"),
         tr_noop("Move the player of the seat above, with their chips, to another seat or "
                 "table (between hands)")),
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playersPanel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)
        form = QGridLayout()
        form.setHorizontalSpacing(6)
        form.setVerticalSpacing(4)
        self.seat = _spin_box(1, 1, 6)
        self.seat.setObjectName("playerSeat")
        self.seat.setToolTip(tr("Seat 1–6 (or click the seat on the table)"))
        self.name = QLineEdit()
        self.name.setObjectName("playerName")
        self.name.setPlaceholderText(tr("player's name"))
        self.amount = _spin_box(500, 0, 100_000_000)
        self.amount.setObjectName("playerAmount")
        self.amount.setToolTip(tr("Buy-in when seating, or the rebuy"))
        self.amount.setGroupSeparatorShown(True)
        self.amount.setMinimumWidth(70)  # the range's widest number needs no room
        form.addWidget(QLabel(tr("Seat")), 0, 0)
        form.addWidget(self.seat, 0, 1)
        form.addWidget(QLabel(tr("Chips")), 0, 2)
        form.addWidget(self.amount, 0, 3)
        form.addWidget(QLabel(tr("Player")), 1, 0)
        form.addWidget(self.name, 1, 1, 1, 3)
        form.setColumnStretch(1, 1)
        form.setColumnStretch(3, 2)
        layout.addLayout(form)
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        grid.setSpacing(4)
        for i, (name, text, tip) in enumerate(self.BUTTONS):
            button = QPushButton(tr(text))
            button.setObjectName(f"player_{name}")
            button.setProperty("class", "panel")
            button.setToolTip(tr(tip))
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, n=name: self.requested.emit(n))
            self.buttons[name] = button
            grid.addWidget(button, i // 3, i % 3)
        layout.addLayout(grid)
        self.arriving = QLabel()
        self.arriving.setObjectName("arriving")
        self.arriving.setWordWrap(True)
        self.arriving.setToolTip(tr("Players moved here from another table with their chips: "
                                    "a click puts the name in the form; Seat player seats "
                                    "them with their chips"))
        self.arriving.linkActivated.connect(self._arrival_clicked)
        self.arriving_names: dict[str, str] = {}
        """Entry id (as text) → name, of the players moving here."""
        layout.addWidget(self.arriving)
        self.set_arrivals([])
        self.message = PanelMessage()
        self.message.watch([self.seat, self.name, self.amount])
        layout.addWidget(self.message)
        layout.addStretch(1)
        self.occupied: frozenset[int] = frozenset()
        # Enter in the seat, chips or name field seats the player, as the button does
        self.name.returnPressed.connect(self._enter)
        for spin in (self.seat, self.amount):
            edit = spin.lineEdit()
            if edit is not None:
                edit.returnPressed.connect(self._enter)

    def _enter(self) -> None:
        """Enter seats the player; the dealer stays in the form for the next one (the seat
        field has moved on to the next empty seat) or to correct a refused entry."""
        self.requested.emit("seat")
        self.name.setFocus()
        self.name.selectAll()

    def show_message(self, text: str, *, error: bool = False) -> None:
        self.message.show_message(text, error=error)

    def start_table(self) -> None:
        """Another table opened: nothing typed for the last one is left in the form."""
        self.name.clear()
        self.seat.setValue(1)
        self.amount.setValue(500)
        self.message.clear()
        self.occupied = frozenset()
        self.set_arrivals([])

    def set_arrivals(self, arrivals: Sequence[tuple[int, str, str]]) -> None:
        """The players moving here (entry id, name, ``Ann · 500 from Table 2``), each a link
        that puts the name in the form; the line shows only while there is one."""
        self.arriving_names = {str(entry): name for entry, name, _ in arrivals}
        links = ", ".join(f'<a href="{entry}" style="color: #ffd54f;">{html.escape(text)}</a>'
                          for entry, _, text in arrivals)  # light on the dark panel
        self.arriving.setText(tr("Arriving: {players}").format(players=links) if links else "")
        self.arriving.setVisible(bool(arrivals))

    def _arrival_clicked(self, entry: str) -> None:
        self.name.setText(self.arriving_names.get(entry, ""))
        self.name.setFocus()

    def set_occupied(self, occupied: frozenset[int]) -> None:
        """The seats taken now. When the seat in the form has just been taken (the player was
        seated), the form moves on to the next empty seat clockwise."""
        before, self.occupied = self.occupied, occupied
        seat = self.seat.value()
        if seat in occupied and seat not in before and len(occupied) < 6:
            free = [s for s in range(seat + 1, seat + 7) if (s - 1) % 6 + 1 not in occupied]
            self.seat.blockSignals(True)  # moving on is not an edit of the form
            self.seat.setValue((free[0] - 1) % 6 + 1)
            self.seat.blockSignals(False)


class TablePanel(QWidget):
    """Table settings (supervisor) and the change of dealer."""

    apply_settings = Signal()
    change_dealer = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.form = SettingsForm()
        self.form.name.setReadOnly(True)
        self.form.submitted.connect(self.apply_settings)
        self.supervisor = SupervisorFields()
        self.form.dual_control.valueChanged.connect(  # changing it while on: two supervisors
            lambda value: self.supervisor.show_second(
                bool(self.form.dual_control_was) and value != self.form.dual_control_was))
        apply = QPushButton(tr("Apply from next hand"))
        apply.clicked.connect(self.apply_settings)
        layout.addWidget(self.form)
        layout.addWidget(self.supervisor)
        layout.addWidget(apply)
        dealer = QPushButton(tr("Change dealer…"))
        dealer.setObjectName("changeDealer")
        dealer.clicked.connect(self.change_dealer)
        layout.addWidget(dealer)
        self.message = PanelMessage()
        layout.addWidget(self.message)
        layout.addStretch(1)
        for field in self.findChildren(QWidget):  # fit the side panel's width: no field
            if isinstance(field, QLineEdit | QSpinBox | QComboBox):  # asks for more room
                field.setMinimumWidth(70)
                field.setMaximumWidth(16_777_215)
        fields = [w for w in self.findChildren(QWidget)
                  if isinstance(w, QLineEdit | QSpinBox | QComboBox)]
        self.message.watch(fields)
        for edit in (*self.form.findChildren(QLineEdit),  # Enter applies, as the button
                     *self.supervisor.findChildren(QLineEdit)):
            if edit is not self.form.name:
                edit.returnPressed.connect(self.apply_settings)

    def show_message(self, text: str, *, error: bool = False) -> None:
        self.message.show_message(text, error=error)
