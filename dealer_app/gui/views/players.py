"""The side panels of the table: the players (seating, rebuys, moves) and the table's settings."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.views.shift_widgets import PanelMessage, spin_box
from dealer_app.gui.views.table_form import SettingsForm, SupervisorFields
from dealer_app.text import tr, tr_noop


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
        self.seat = spin_box(1, 1, 6)
        self.seat.setObjectName("playerSeat")
        self.seat.setToolTip(tr("Seat 1–6 (or click the seat on the table)"))
        self.name = QLineEdit()
        self.name.setObjectName("playerName")
        self.name.setPlaceholderText(tr("player's name"))
        self.amount = spin_box(500, 0, 100_000_000)
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
