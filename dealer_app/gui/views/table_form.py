"""A table's settings form (game, stakes, rake, limits) and the supervisor's fields under it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from dealer_app.engine.settings import Settings, SettingsError, Structure
from dealer_app.gui.views.number_box import NumberBox, box_problem
from dealer_app.gui.views.shift_widgets import pin_edit, spin_box
from dealer_app.text import tr


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
        return spin_box(value, lo, hi)

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
        self.pin = pin_edit()
        self.reason = QLineEdit()
        self.second_name = QLineEdit()
        self.second_name.setObjectName("secondSupervisorName")
        self.second_pin = pin_edit()
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
