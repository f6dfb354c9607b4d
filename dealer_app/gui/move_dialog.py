"""The dealer's "Move…" (Players form): the player of a seat moves, with their chips, to an
empty seat of this table or to another table (whose dealer seats them), between hands.

A refusal (mid-hand, an occupied seat, a closed or full table) stays in the dialog, and
nothing is changed; a move done closes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.views.number_box import NumberBox, box_problem
from dealer_app.gui.wording import prompts
from dealer_app.storage.errors import StorageError
from dealer_app.text import tr

MoveAct = Callable[[int | None, int], str]
"""``act(table_id or None for this table, seat) -> message``; ``StorageError`` refuses."""


class MoveDialog(QDialog):
    """Where the player of ``seat`` goes: a table (this one first) and, at this table, the
    empty seat."""

    def __init__(self, player: str, seat: int, tables: Sequence[tuple[int, str]],
                 free_seats: Sequence[int], act: MoveAct,
                 parent: QWidget | None = None, must_move_to: int | None = None) -> None:
        """``must_move_to``: the main table of the floor's must-move list for this table,
        chosen first."""
        super().__init__(parent)
        self.act = act
        self.done_message = ""
        """What the move did (shown in the Players form), once done."""
        self.setObjectName("moveDialog")
        self.setWindowTitle(tr("Move a player"))
        layout = QVBoxLayout(self)
        intro = QLabel(tr("{player} (seat {seat}) moves with their chips, between hands. At "
                          "another table, its dealer seats them.").format(player=player,
                                                                         seat=seat))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.table = QComboBox()
        self.table.setObjectName("moveTable")
        self.table.addItem(tr("this table"), None)
        for table_id, name in tables:
            self.table.addItem(name, table_id)
        if must_move_to is not None and self.table.findData(must_move_to) > 0:
            self.table.setCurrentIndex(self.table.findData(must_move_to))
            self.table.setItemText(self.table.currentIndex(), tr("{table} (must move)").format(
                table=self.table.currentText()))
        self.seat = NumberBox(free_seats[0] if free_seats else 1, 1, 6)
        self.seat.setObjectName("moveSeat")
        self.seat.setToolTip(tr("The empty seat the player moves to"))
        form.addRow(tr("To table"), self.table)
        form.addRow(tr("To seat"), self.seat)
        layout.addLayout(form)
        self.error = QLabel()
        self.error.setObjectName("moveError")
        self.error.setWordWrap(True)
        self.error.setProperty("class", "error")
        self.error.setStyleSheet("color: #ef5350;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.move_button = buttons.addButton(tr("Move"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.move_button.setObjectName("moveConfirm")
        self.move_button.setDefault(True)
        buttons.accepted.connect(self._move)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.table.currentIndexChanged.connect(self._table_changed)
        self._table_changed()
        self.setMinimumWidth(360)
        self.seat.setFocus(Qt.FocusReason.OtherFocusReason)

    def _table_changed(self) -> None:
        here = self.table.currentData() is None
        self.seat.setEnabled(here)  # at another table, its dealer chooses the seat

    def _move(self) -> None:
        try:
            problem = box_problem([(tr("To seat"), self.seat)])
            if problem:
                raise StorageError(problem)
            table = self.table.currentData()
            self.done_message = self.act(None if table is None else int(table),
                                         self.seat.value())
        except StorageError as exc:
            self.error.setText(prompts.refusal(str(exc)))
            return
        self.accept()
