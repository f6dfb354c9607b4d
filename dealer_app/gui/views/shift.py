"""Start of shift and table management: sign-in, table choice, seating, settings, dealer."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dealer_app.engine.settings import Settings, Structure


def _error_label() -> QLabel:
    label = QLabel()
    label.setObjectName("formError")
    label.setWordWrap(True)
    return label


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
        self.title = QLabel("Sign in")
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
        fields.addRow("Name", self.name)
        fields.addRow("PIN", self.pin)
        self.pin2_label = QLabel("PIN again")
        fields.addRow(self.pin2_label, self.pin2)
        self.button = QPushButton("Sign in")
        self.button.setObjectName("signInButton")
        self.button.setDefault(True)
        self.error = _error_label()
        for w in (self.title, self.hint):
            form.addWidget(w)
        form.addLayout(fields)
        form.addWidget(self.button)
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
        self.set_first(False)

    def set_first(self, first: bool, takeover: bool = False) -> None:
        self.first = first
        self.pin2.setVisible(first)
        self.pin2_label.setVisible(first)
        if first:
            self.title.setText("Welcome: create the first supervisor")
            self.hint.setText("The database is empty. The first account is a floor "
                              "supervisor; it can then add dealers and open tables.")
            self.button.setText("Create supervisor and sign in")
        else:
            self.title.setText("Change dealer" if takeover else "Sign in")
            self.hint.setText("The next dealer signs in; from then on the inputs are "
                              "theirs." if takeover else "Dealer name and PIN.")
            self.button.setText("Sign in")
        self.pin.clear()
        self.pin2.clear()
        self.error.clear()

    def _submit(self) -> None:
        if self.first and self.pin.text() != self.pin2.text():
            self.error.setText("The two PINs differ: type them again.")
            return
        self.submitted.emit(self.name.text().strip(), self.pin.text(), self.first)


class SettingsForm(QWidget):
    """Ante, chip unit, structure, raise cap, rake: a :class:`Settings` or an error."""

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
        self.raise_cap = self._spin(3, 0, 20)
        self.rake_percent = self._spin(0, 0, 100)
        self.rake_cap = self._spin(0, 0, 1_000_000)
        form.addRow("Table name", self.name)
        form.addRow("Ante", self.ante)
        form.addRow("Chip unit", self.chip_unit)
        form.addRow("Structure", self.structure)
        form.addRow("Raise cap", self.raise_cap)
        form.addRow("Rake %", self.rake_percent)
        form.addRow("Rake cap (0: none)", self.rake_cap)

    @staticmethod
    def _spin(value: int, lo: int, hi: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(lo, hi)
        spin.setValue(value)
        return spin

    def settings(self) -> Settings:
        """Raises SettingsError for values that make no game."""
        return Settings(ante=self.ante.value(), chip_unit=self.chip_unit.value(),
                        structure=Structure(self.structure.currentData()),
                        raise_cap=self.raise_cap.value(),
                        rake_percent=self.rake_percent.value(),
                        rake_cap=self.rake_cap.value())

    def set_settings(self, name: str, s: Settings) -> None:
        self.name.setText(name)
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
        form.addRow("Supervisor", self.name)
        form.addRow("Supervisor PIN", self.pin)
        form.addRow("Reason", self.reason)


class TablePage(QWidget):
    """Open a table (resuming its open session) or create one."""

    open_requested = Signal(int)
    create_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tablePage")
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        left = QGroupBox("Open a table")
        lv = QVBoxLayout(left)
        self.who = QLabel()
        self.tables = QListWidget()
        self.tables.setObjectName("tableList")
        self.open_button = QPushButton("Open table")
        self.open_button.setObjectName("openTable")
        lv.addWidget(self.who)
        lv.addWidget(self.tables, 1)
        lv.addWidget(self.open_button)
        right = QGroupBox("New table")
        rv = QVBoxLayout(right)
        self.form = SettingsForm()
        self.supervisor = SupervisorFields()
        self.create_button = QPushButton("Create table")
        self.create_button.setObjectName("createTable")
        rv.addWidget(self.form)
        rv.addWidget(self.supervisor)
        rv.addWidget(self.create_button)
        rv.addStretch(1)
        left.setFixedWidth(460)
        right.setFixedWidth(460)
        outer.addWidget(left)
        outer.addWidget(right)
        outer.addStretch(1)
        self.error = _error_label()
        rv.addWidget(self.error)
        self.open_button.clicked.connect(self._open)
        self.tables.itemDoubleClicked.connect(lambda _item: self._open())
        self.create_button.clicked.connect(self.create_requested)

    def set_tables(self, entries: list[tuple[int, str]], who: str,
                   is_supervisor: bool) -> None:
        self.who.setText(f"Signed in: {who}")
        self.tables.clear()
        for table_id, text in entries:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, table_id)
            self.tables.addItem(item)
        if entries:
            self.tables.setCurrentRow(0)
        self.supervisor.setVisible(not is_supervisor)

    def _open(self) -> None:
        item = self.tables.currentItem()
        if item is not None:
            self.open_requested.emit(int(item.data(Qt.ItemDataRole.UserRole)))


class PlayersPanel(QWidget):
    """Seat a player with a buy-in, rebuy, sit out, come back, leave with a cash-out."""

    requested = Signal(str)
    """``seat``, ``rebuy``, ``sit-out``, ``come-back`` or ``leave``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.seat = QSpinBox()
        self.seat.setObjectName("playerSeat")
        self.seat.setRange(1, 6)
        self.name = QLineEdit()
        self.name.setObjectName("playerName")
        self.amount = QSpinBox()
        self.amount.setObjectName("playerAmount")
        self.amount.setRange(0, 100_000_000)
        self.amount.setValue(500)
        form.addRow("Seat", self.seat)
        form.addRow("Player", self.name)
        form.addRow("Buy-in / rebuy", self.amount)
        layout.addLayout(form)
        self.buttons: dict[str, QPushButton] = {}
        grid = QHBoxLayout()
        grid2 = QHBoxLayout()
        for i, (name, text) in enumerate((("seat", "Seat player"), ("rebuy", "Rebuy"),
                                          ("sit-out", "Sit out"), ("come-back", "Come back"),
                                          ("leave", "Leave / cash out"))):
            button = QPushButton(text)
            button.setObjectName(f"player_{name}")
            button.clicked.connect(lambda _=False, n=name: self.requested.emit(n))
            self.buttons[name] = button
            (grid if i < 2 else grid2).addWidget(button)
        layout.addLayout(grid)
        layout.addLayout(grid2)
        self.message = QLabel()
        self.message.setObjectName("panelMessage")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        layout.addStretch(1)


class TablePanel(QWidget):
    """Table settings (supervisor) and the change of dealer."""

    apply_settings = Signal()
    change_dealer = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.form = SettingsForm()
        self.form.name.setReadOnly(True)
        self.supervisor = SupervisorFields()
        apply = QPushButton("Apply from next hand")
        apply.clicked.connect(self.apply_settings)
        layout.addWidget(self.form)
        layout.addWidget(self.supervisor)
        layout.addWidget(apply)
        dealer = QPushButton("Change dealer…")
        dealer.setObjectName("changeDealer")
        dealer.clicked.connect(self.change_dealer)
        layout.addWidget(dealer)
        self.message = QLabel()
        self.message.setObjectName("panelMessage")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        layout.addStretch(1)
