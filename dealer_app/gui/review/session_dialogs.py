"""The supervisor's acts on a session's chips: adjust a stack, close a session (a short one
with the supervisor's count), settle what a player owes; each a
:class:`~dealer_app.gui.review.dialogs.SupervisorActDialog`."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QPlainTextEdit, QWidget

from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.dialogs import SupervisorActDialog
from dealer_app.gui.review.models import amount, signed
from dealer_app.gui.views.number_box import NumberBox, box_problem
from dealer_app.services import SessionInfo, StaffMember
from dealer_app.services.core.types import Attempt
from dealer_app.services.tables import UnbalancedSessionError
from dealer_app.text import tr


class AdjustStackDialog(SupervisorActDialog):
    def __init__(self, backend: ReviewBackend, session: SessionInfo,
                 staff: StaffMember | None = None, parent: QWidget | None = None) -> None:
        self.session = session
        self.seats = backend.seats(session.id)
        self.limit = backend.dual_control_above(session.table_id)
        self.attempt = Attempt("adjustment", session_id=session.id, table_id=session.table_id)

        def act(supervisor: StaffMember, reason: str) -> str:
            seat = int(self.seat.currentData())
            change = self.amount.value()
            info = backend.adjust_stack(session.id, seat, change, supervisor, reason,
                                        self.second)
            return tr("Seat {seat} ({player}) adjusted by {amount}: stack {stack}.").format(
                seat=seat, player=info.player, amount=signed(change), stack=amount(info.stack))

        super().__init__(backend, tr("Adjust stack"),
                         tr("Adjust a stack at {table}, session {session}.").format(
                             table=session.table_name, session=session.id),
                         act, staff, parent)

    def extra_rows(self) -> None:
        self.seat = QComboBox()
        self.seat.setObjectName("adjustSeat")
        for s in self.seats:
            self.seat.addItem(tr("Seat {seat} — {player} ({stack})").format(
                seat=s.seat, player=s.player, stack=amount(s.stack)), s.seat)
        unit = self.session.settings.chip_unit
        self.amount = NumberBox()
        self.amount.setObjectName("adjustAmount")
        self.amount.setRange(-10_000_000, 10_000_000)
        self.amount.setSingleStep(unit)
        self.amount.setPrefix("")
        self.amount.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.form.addRow(tr("Seat"), self.seat)
        self.form.addRow(tr("Amount (± multiple of {unit})").format(unit=unit), self.amount)
        self.amount.valueChanged.connect(self.update_second)

    def second_limit(self) -> int:
        return self.limit if self.limit and abs(self.amount.value()) > self.limit else 0

    def check_fields(self) -> str | None:
        if self.seat.count() == 0:
            return tr("Nobody is seated in this session.")
        problem = box_problem([(tr("Amount"), self.amount)])
        if problem:
            return problem
        if self.amount.value() == 0:
            return tr("Enter the amount to add (or a negative amount to remove).")
        refusal = self.session.settings.check_stack_amount(self.amount.value())
        if refusal is not None:  # the engine's rule (rule 3.3)
            return tr("The amount must be a multiple of the chip unit {unit}.").format(
                unit=refusal.details["unit"])
        return None


class CloseSessionDialog(SupervisorActDialog):
    """Closing a session; when its chips do not reconcile (or chips are owed after a void)
    the dialog says so in red and needs a second reason, for the difference."""

    def __init__(self, backend: ReviewBackend, session: SessionInfo,
                 staff: StaffMember | None = None, parent: QWidget | None = None) -> None:
        self.warning_text = backend.balance_warning(session.id)
        self.attempt = Attempt("close-session", session_id=session.id,
                               table_id=session.table_id)

        def act(supervisor: StaffMember, reason: str) -> str:
            imbalance = self.imbalance.toPlainText().strip() or None
            try:
                backend.close_session(session.id, supervisor, reason, imbalance)
            except UnbalancedSessionError as exc:  # it changed since the dialog opened
                self.show_warning(exc.warning)
                raise
            return tr("Session {session} at {table} is closed; every player still seated "
                      "was cashed out.").format(session=session.id, table=session.table_name)

        super().__init__(backend, tr("Close session"),
                         tr("Close session {session} at {table} (dealer {dealer}). Every "
                            "player still seated is cashed out.").format(
                             session=session.id, table=session.table_name,
                             dealer=session.dealer),
                         act, staff, parent)

    def extra_rows(self) -> None:
        self.warning = QLabel("")
        self.warning.setObjectName("balanceWarning")
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color: #c62828; font-weight: bold")
        self.imbalance = QPlainTextEdit()
        self.imbalance.setObjectName("imbalanceReason")
        self.imbalance.setPlaceholderText(tr("why close it although the chips do not reconcile "
                                             "(required; kept in the audit record)"))
        self.imbalance.setFixedHeight(60)
        self.form.addRow(self.warning)
        self.form.addRow(tr("Difference"), self.imbalance)
        self.show_warning(self.warning_text)

    def show_warning(self, text: str | None) -> None:
        self.warning_text = text
        self.warning.setText(tr("Warning: {warning}.").format(warning=text) if text else "")
        self.warning.setVisible(bool(text))
        self.imbalance.setVisible(bool(text))
        label = self.form.labelForField(self.imbalance)
        if label is not None:
            label.setVisible(bool(text))

    def check_fields(self) -> str | None:
        if self.warning_text and not self.imbalance.toPlainText().strip():
            self.imbalance.setFocus()
            return tr("This session does not reconcile: write why it is closed anyway "
                      "(Difference).")
        return None


class SettleOwedDialog(SupervisorActDialog):
    """Chips owed after a void to (or by) a player who had left, paid at the cage: the
    player, the amount (at most what is owed), the supervisor and the reason."""

    def __init__(self, backend: ReviewBackend, session: SessionInfo,
                 staff: StaffMember | None = None, parent: QWidget | None = None) -> None:
        self.session = session
        self.owing = backend.owed_in_session(session.id)
        self.limit = backend.dual_control_above(session.table_id)
        self.attempt = Attempt("settle-owed", session_id=session.id, table_id=session.table_id)

        def act(supervisor: StaffMember, reason: str) -> str:
            seat, player, _owed = self.owing[self.player.currentIndex()]
            seats = [x[0] for x in self.owing]
            done = backend.settle_owed(session.id, seat if seats.count(seat) == 1 else player,
                                       self.amount.value(), supervisor, reason, self.second)
            paid = (tr("{amount} paid to {player}") if done.settled > 0
                    else tr("{amount} paid back by {player}")).format(
                amount=amount(abs(done.settled)), player=done.player)
            left = (tr("{amount} is still owed.").format(amount=amount(abs(done.owed_left)))
                    if done.owed_left else tr("nothing more is owed."))
            return tr("Seat {seat}: {paid}; {left}").format(seat=done.seat, paid=paid,
                                                            left=left)

        super().__init__(backend, tr("Settle owed chips"),
                         tr("Record chips owed after a void as paid at the cage, at {table}, "
                            "session {session}. The owed line of the chip reconciliation goes "
                            "down by as much and the chips count as cashed out.").format(
                             table=session.table_name, session=session.id),
                         act, staff, parent)

    def extra_rows(self) -> None:
        self.player = QComboBox()
        self.player.setObjectName("owedPlayer")
        for seat, player, owed in self.owing:
            self.player.addItem(
                (tr("Seat {seat} — {player} is owed {amount}") if owed > 0
                 else tr("Seat {seat} — {player} owes {amount}")).format(
                    seat=seat, player=player, amount=amount(abs(owed))))
        self.amount = NumberBox()
        self.amount.setObjectName("owedAmount")
        self.amount.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.player.currentIndexChanged.connect(self._owed_chosen)
        self._owed_chosen()
        self.form.addRow(tr("Player"), self.player)
        self.form.addRow(tr("Amount paid"), self.amount)
        self.amount.valueChanged.connect(self.update_second)

    def second_limit(self) -> int:
        return self.limit if self.limit and self.amount.value() > self.limit else 0

    def _owed_chosen(self) -> None:
        """The amount: at most what the chosen player is owed (or owes); all of it first."""
        index = self.player.currentIndex()
        owed = abs(self.owing[index][2]) if 0 <= index < len(self.owing) else 0
        self.amount.setRange(min(1, owed), owed)
        self.amount.setValue(owed)

    def check_fields(self) -> str | None:
        if not self.owing:
            return tr("No chips are owed to or by anyone in this session.")
        return box_problem([(tr("Amount paid"), self.amount)])
