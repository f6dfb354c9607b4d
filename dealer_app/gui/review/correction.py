"""The supervisor's correction of one input of a hand ("Correct input…" in the review's
replay and on the dealer's hand log; F9 after a refused show): the replacement or a strike,
a preview of the hand's result after it, the supervisor's PIN and a reason."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QCheckBox, QComboBox, QFrame, QLabel, QLineEdit, QScrollArea, QWidget

from dealer_app import words
from dealer_app.engine import Action, CardError, Event, parse_card
from dealer_app.gui.review.dialogs import Authoriser, SupervisorActDialog
from dealer_app.gui.review.models import ACTION_LABELS
from dealer_app.gui.views.number_box import NumberBox, box_problem
from dealer_app.gui.wording.refusals import card_error_text
from dealer_app.services import StaffMember
from dealer_app.services.core.types import Attempt
from dealer_app.text import tr

Correct = Callable[[int, Event | None, StaffMember, str], str]
"""``correct(target_seq, replacement or None to strike, supervisor, reason)``: a line."""


Preview = Callable[[Event | None], str]
"""``preview(replacement or None to strike)``: the hand's result after it, in words."""


class CorrectInputDialog(SupervisorActDialog):
    """Rule 11.3: a supervisor replaces one stored input (its card, amount or action) or
    strikes it. ``card``/``to`` pre-fill the replacement (e.g. the card a player showed)."""

    def __init__(self, backend: Authoriser, seq: int, event: Event, correct: Correct, *,
                 card: str | None = None, to: int | None = None, summary: str | None = None,
                 staff: StaffMember | None = None, parent: QWidget | None = None,
                 preview: Preview | None = None) -> None:
        self.seq = seq
        self.stored = event
        self.attempt = Attempt("correct-input")
        self._preview = preview
        self._card = card if card is not None else event.card
        self._to = to if to is not None else event.to

        def act(supervisor: StaffMember, reason: str) -> str:
            return correct(seq, self.replacement(), supervisor, reason)

        super().__init__(backend, tr("Correct input"),
                         summary or tr("Correct #{seq}: {input}. The stored input is kept; the "
                                       "correction is a new row of the log with who, when and "
                                       "why.").format(seq=seq, input=words.event_text(event)),
                         act, staff, parent)

    def extra_rows(self) -> None:
        self.strike = QCheckBox(tr("Strike this input (as if it was never recorded)"))
        self.strike.setObjectName("correctStrike")
        self.action = QComboBox()
        self.action.setObjectName("correctAction")
        for action in Action:
            self.action.addItem(tr(ACTION_LABELS[action]), action)
        self.action.setCurrentIndex(self.action.findData(self.stored.action))
        self.card = QLineEdit(self._card or "")
        self.card.setObjectName("correctCard")
        self.card.setPlaceholderText(tr("card, e.g. Js (empty: none)"))
        self.amount = NumberBox()
        self.amount.setObjectName("correctAmount")
        self.amount.setRange(0, 100_000_000)
        self.amount.setSpecialValueText(tr("none"))
        self.amount.setValue(self._to or 0)
        self.strike.toggled.connect(self._strike_toggled)
        self.form.addRow("", self.strike)
        self.form.addRow(tr("Action"), self.action)
        self.form.addRow(tr("Card"), self.card)
        self.form.addRow(tr("Amount (to)"), self.amount)
        self.preview = QLabel("")
        self.preview.setObjectName("correctPreview")
        self.preview.setWordWrap(True)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        if self._preview is not None:
            scroll = QScrollArea()  # a result longer than the screen scrolls, never cut
            scroll.setObjectName("correctPreviewScroll")
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            scroll.setSizeAdjustPolicy(QScrollArea.SizeAdjustPolicy.AdjustToContents)
            scroll.setWidget(self.preview)
            self.form.addRow(tr("New result"), scroll)
            self.action.currentIndexChanged.connect(self.update_preview)
            self.card.textChanged.connect(self.update_preview)
            self.amount.valueChanged.connect(self.update_preview)
            self.strike.toggled.connect(self.update_preview)
            self.update_preview()

    def update_preview(self, *_: object) -> None:
        """The result the hand would have with the fields as they are (before confirming)."""
        if self._preview is None:
            return
        try:
            replacement = self.replacement()
        except CardError as exc:
            self.preview.setText(tr("Card: {error}").format(error=card_error_text(exc)))
            return
        if replacement == self.stored:
            self.preview.setText(tr("Unchanged: change the input, or strike it."))
        else:
            self.preview.setText(self._preview(replacement))
        self._fit_preview()

    def _fit_preview(self) -> None:
        """The dialog grows (within the screen) to show the whole new result: the award and
        the new stacks were cut at the default size (issue 23, fault 4); beyond the screen
        the preview scrolls."""
        layout = self.layout()
        if layout is None or not self.isVisible():
            return
        screen = self.screen()
        free = screen.availableGeometry() if screen is not None else None
        width = max(self.width(), layout.sizeHint().width())  # the strike box's words
        if free is not None:
            width = min(width, free.width())
        scroll = self.preview.parentWidget()
        while scroll is not None and not isinstance(scroll, QScrollArea):
            scroll = scroll.parentWidget()
        if scroll is not None:  # as tall as the result, up to twelve lines, then it scrolls
            lines = self.preview.fontMetrics().lineSpacing() * 12
            scroll.setMinimumHeight(min(lines, self.preview.heightForWidth(
                max(1, scroll.viewport().width())) + 2))
        layout.activate()
        want = (layout.totalHeightForWidth(width) if layout.hasHeightForWidth()
                else self.sizeHint().height())
        room = free.height() - 40 if free is not None else want
        if want > self.height() or width > self.width():
            self.resize(width, min(max(want, self.height()), room))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt name)
        super().showEvent(event)
        self._fit_preview()

    def _strike_toggled(self, on: bool) -> None:
        for w in (self.action, self.card, self.amount):
            w.setEnabled(not on)

    def replacement(self) -> Event | None:
        """The event the dialog's fields describe (None: strike)."""
        if self.strike.isChecked():
            return None
        action = Action(self.action.currentData())
        text = self.card.text().strip()
        card = str(parse_card(text)) if text else None
        to = self.amount.value() or None
        return Event(self.stored.seat, action, card=card, to=to)

    def check_fields(self) -> str | None:
        if self.strike.isChecked():
            return None
        problem = box_problem([(tr("Amount"), self.amount)])
        if problem:
            return problem
        try:
            replacement = self.replacement()
        except CardError as exc:
            return tr("Card: {error}").format(error=card_error_text(exc))
        if replacement == self.stored:
            return tr("The replacement is the same as the stored input: change it, or "
                      "strike it.")
        return None
