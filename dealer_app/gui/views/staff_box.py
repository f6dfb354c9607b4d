"""The staff box of the tables page: staff members, their PINs and locks."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.views.shift_widgets import PanelMessage, error_label, pin_edit
from dealer_app.text import tr


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
        self.sup_pin = pin_edit()
        self.sup_pin.setObjectName("staffSupervisorPin")
        lock_form.addRow(tr("Supervisor"), self.sup_name)
        lock_form.addRow(tr("PIN"), self.sup_pin)
        self.unlock_button = QPushButton(tr("Open staff accounts"))
        self.unlock_button.setObjectName("staffUnlock")
        self.lock_error = error_label()
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
        self.pin = pin_edit()
        self.pin.setObjectName("staffPin")
        self.pin2 = pin_edit()
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
