"""The dealer's "Misdeal…" (F7): a misdeal, or a card exposed on the deal, declared at the
table on a supervisor's PIN; the hand in progress is voided (rule 11.2, see
:mod:`dealer_app.engine.misdeal`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from dealer_app.engine import CardError, parse_card
from dealer_app.engine.misdeal import MisdealKind
from dealer_app.gui.review.dialogs import SupervisorActDialog
from dealer_app.gui.wording.refusals import card_reason
from dealer_app.services.core.types import Attempt
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.backend import Backend
    from dealer_app.services import StaffMember


class MisdealDialog(SupervisorActDialog):
    """What was declared (a misdeal, or a card exposed on the deal and which), and the
    supervisor's name, PIN and reason."""

    def __init__(self, backend: Backend, label: str, staff: StaffMember | None = None,
                 parent: QWidget | None = None) -> None:
        self.table_backend = backend
        self.limit = backend.void_needs_second()
        state = backend.state
        self.attempt = Attempt("void-hand", hand_id=state.hand_id if state else None)

        def act(supervisor: StaffMember, reason: str) -> str:
            card = self.card.text().strip() if self.kind() is MisdealKind.EXPOSED_CARD else None
            backend.declare_misdeal(self.kind(), supervisor, reason, card, self.second)
            return tr("Misdeal: {hand} is void; every contribution is back with its player "
                      "(rule 11.2).").format(hand=label)

        summary = tr("Declare a misdeal on {hand}: the hand is voided, every contribution "
                     "goes back to its player and the hand stays in the log, marked void, "
                     "with the reason (rule 11.2). The rule book has no rule for replacing an "
                     "exposed card: a card exposed on the deal is a misdeal too.").format(
            hand=label)
        super().__init__(backend, tr("Misdeal"), summary, act, staff, parent)

    def extra_rows(self) -> None:
        self.what = QComboBox()
        self.what.setObjectName("misdealKind")
        self.what.addItem(tr("Misdeal"), MisdealKind.MISDEAL)
        self.what.addItem(tr("Card exposed on the deal"), MisdealKind.EXPOSED_CARD)
        self.card = QLineEdit()
        self.card.setObjectName("exposedCard")
        self.card.setPlaceholderText(tr("the exposed card, e.g. Js"))
        self.form.addRow(tr("Declared"), self.what)
        self.form.addRow(tr("Exposed card"), self.card)
        self.what.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    def kind(self) -> MisdealKind:
        return MisdealKind(self.what.currentData())

    def _kind_changed(self, *_: object) -> None:
        self.form.setRowVisible(self.card, self.kind() is MisdealKind.EXPOSED_CARD)

    def second_limit(self) -> int:
        return self.limit

    def check_fields(self) -> str | None:
        if self.kind() is not MisdealKind.EXPOSED_CARD:
            return None
        text = self.card.text().strip()
        if not text:
            self.card.setFocus()
            return tr("Name the exposed card.")
        try:
            parse_card(text)
        except CardError as exc:
            self.card.setFocus()
            return tr("'{text}' is not a card: {reason}").format(text=text,
                                                                 reason=card_reason(exc))
        return None
