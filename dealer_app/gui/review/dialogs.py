"""Supervisor acts behind the supervisor's name, PIN and a written reason.

Each dialog authorises the supervisor through the services (wrong PINs are counted and lock
the account for a while; a dealer is refused), then performs the act; both are in the audit
record. A refusal is shown in red inside the dialog, which stays open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dealer_app import words
from dealer_app.engine import Action, CardError, Event, parse_card
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.services import (
    AccountLockedError,
    AuthenticationError,
    HandSummary,
    PermissionDeniedError,
    SessionInfo,
    StaffMember,
    StorageError,
)
from dealer_app.services.tables import UnbalancedSessionError

Act = Callable[[StaffMember, str], str]
"""Performs the act for an authorised supervisor and a reason; returns a line to show."""
Correct = Callable[[int, Event | None, StaffMember, str], str]
"""``correct(target_seq, replacement or None to strike, supervisor, reason)``: a line."""
Preview = Callable[[Event | None], str]
"""``preview(replacement or None to strike)``: the hand's result after it, in words."""


class Authoriser(Protocol):
    """What the dialogs need of a backend (the review window's or the dealer window's)."""

    def authorise(self, name: str, pin: str, reason: str) -> StaffMember: ...


def explain(exc: StorageError) -> str:
    """A refusal in plain words."""
    if isinstance(exc, AccountLockedError):
        return f"Account locked: {exc}"
    if isinstance(exc, AuthenticationError):
        return f"Refused: {exc}"
    if isinstance(exc, PermissionDeniedError):
        return f"Not allowed: {exc}"
    return str(exc)


class SupervisorActDialog(QDialog):
    """Name, PIN, reason, and the fields of one act."""

    def __init__(self, backend: Authoriser, title: str, summary: str, act: Act,
                 staff: StaffMember | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.act = act
        self.result_text = ""
        self.supervisor: StaffMember | None = None
        self.setWindowTitle(title)
        self.setMinimumWidth(520)
        layout = QVBoxLayout(self)
        heading = QLabel(summary)
        heading.setObjectName("actSummary")
        heading.setWordWrap(True)

        layout.addWidget(heading)
        self.form = QFormLayout()
        layout.addLayout(self.form)
        self.name = QLineEdit(staff.name if staff is not None and staff.is_supervisor else "")
        self.name.setObjectName("supervisorName")
        self.name.setPlaceholderText("supervisor's name")
        self.pin = QLineEdit()
        self.pin.setObjectName("supervisorPin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setPlaceholderText("PIN")
        self.reason = QPlainTextEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText("why (required; kept in the audit record)")
        self.reason.setFixedHeight(80)
        self.reason.setTabChangesFocus(True)  # Tab leaves the reason; Ctrl+Enter confirms
        self.reason.setToolTip("Ctrl+Enter confirms")
        self.reason.installEventFilter(self)
        self.error = QLabel("")
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)

        self.extra_rows()
        self.form.addRow("Supervisor", self.name)
        self.form.addRow("PIN", self.pin)
        self.form.addRow("Reason", self.reason)
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(title)
        ok.setObjectName("confirmAct")
        self.buttons.accepted.connect(self.try_act)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        (self.pin if self.name.text() else self.name).setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        """Ctrl+Enter in the reason confirms the act (Enter alone starts a new line)."""
        if watched is self.reason and event.type() == QEvent.Type.KeyPress \
                and isinstance(event, QKeyEvent) \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) \
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.try_act()
            return True
        return super().eventFilter(watched, event)

    def extra_rows(self) -> None:
        """Subclasses add the act's own fields here."""

    def check_fields(self) -> str | None:
        """A message when the act's own fields are not ready."""
        return None

    def try_act(self) -> None:
        reason = self.reason.toPlainText().strip()
        if not self.name.text().strip() or not self.pin.text():
            self.error.setText("Enter the supervisor's name and PIN.")
            return
        if not reason:
            self.error.setText("Write the reason for this act.")
            self.reason.setFocus()
            return
        problem = self.check_fields()
        if problem:
            self.error.setText(problem)
            return
        try:
            supervisor = self.backend.authorise(self.name.text().strip(), self.pin.text(),
                                                reason)
            self.result_text = self.act(supervisor, reason)
        except StorageError as exc:
            self.pin.clear()
            self.pin.setFocus()
            self.error.setText(explain(exc))
            return
        self.supervisor = supervisor
        self.accept()


def owed_text(owed: list[tuple[str, int]]) -> str:
    """What a void did with the chips, in plain words (true also when some are owed)."""
    if not owed:
        return "Every player's chips are back as they were before the hand."
    parts = [f"{player} is owed {amount:,}" if amount > 0 else f"{player} owes {-amount:,}"
             for player, amount in owed]
    return ("The players still seated have their chips back; for players who had left: "
            + "; ".join(parts) + " (in the session's chip reconciliation).")


class VoidHandDialog(SupervisorActDialog):
    def __init__(self, backend: ReviewBackend, hand_id: int, label: str, detail: str,
                 staff: StaffMember | None = None, parent: QWidget | None = None) -> None:
        self.hand_id = hand_id

        def act(supervisor: StaffMember, reason: str) -> str:
            backend.void_hand(hand_id, supervisor, reason)
            return f"{label} is void. " + owed_text(backend.owed(hand_id))

        left = backend.left_players(hand_id)
        summary = (f"Void {label} ({detail}). Each player's result in it is taken back; the "
                   "hand stays in the log, marked void.")
        if left:
            summary += (f" {', '.join(left)} left the table since: what the void takes back "
                        "for them is kept as chips owed in the session's chip reconciliation.")
        super().__init__(backend, "Void hand", summary, act, staff, parent)

    @classmethod
    def for_summary(cls, backend: ReviewBackend, hand: HandSummary,
                    staff: StaffMember | None = None,
                    parent: QWidget | None = None) -> VoidHandDialog:
        label = f"{hand.table} hand {hand.number}" if hand.number is not None \
            else f"hand id {hand.hand_id}"
        return cls(backend, hand.hand_id, label, f"pot {hand.pot:,}, {hand.status.value}",
                   staff, parent)


class AdjustStackDialog(SupervisorActDialog):
    def __init__(self, backend: ReviewBackend, session: SessionInfo,
                 staff: StaffMember | None = None, parent: QWidget | None = None) -> None:
        self.session = session
        self.seats = backend.seats(session.id)

        def act(supervisor: StaffMember, reason: str) -> str:
            seat = int(self.seat.currentData())
            amount = self.amount.value()
            info = backend.adjust_stack(session.id, seat, amount, supervisor, reason)
            return f"Seat {seat} ({info.player}) adjusted by {amount:+,}: stack {info.stack:,}."

        super().__init__(backend, "Adjust stack",
                         f"Adjust a stack at {session.table_name}, session {session.id}.",
                         act, staff, parent)

    def extra_rows(self) -> None:
        self.seat = QComboBox()
        self.seat.setObjectName("adjustSeat")
        for s in self.seats:
            self.seat.addItem(f"Seat {s.seat} — {s.player} ({s.stack:,})", s.seat)
        unit = self.session.settings.chip_unit
        self.amount = QSpinBox()
        self.amount.setObjectName("adjustAmount")
        self.amount.setRange(-10_000_000, 10_000_000)
        self.amount.setSingleStep(unit)
        self.amount.setPrefix("")
        self.amount.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.form.addRow("Seat", self.seat)
        self.form.addRow(f"Amount (± multiple of {unit})", self.amount)

    def check_fields(self) -> str | None:
        if self.seat.count() == 0:
            return "Nobody is seated in this session."
        if self.amount.value() == 0:
            return "Enter the amount to add (or a negative amount to remove)."
        unit = self.session.settings.chip_unit
        if self.amount.value() % unit:
            return f"The amount must be a multiple of the chip unit {unit}."
        return None


class CloseSessionDialog(SupervisorActDialog):
    """Closing a session; when its chips do not reconcile (or chips are owed after a void)
    the dialog says so in red and needs a second reason, for the difference."""

    def __init__(self, backend: ReviewBackend, session: SessionInfo,
                 staff: StaffMember | None = None, parent: QWidget | None = None) -> None:
        self.warning_text = backend.balance_warning(session.id)

        def act(supervisor: StaffMember, reason: str) -> str:
            imbalance = self.imbalance.toPlainText().strip() or None
            try:
                backend.close_session(session.id, supervisor, reason, imbalance)
            except UnbalancedSessionError as exc:  # it changed since the dialog opened
                self.show_warning(exc.warning)
                raise
            return f"Session {session.id} at {session.table_name} is closed; every player " \
                   "still seated was cashed out."

        super().__init__(backend, "Close session",
                         f"Close session {session.id} at {session.table_name} (dealer "
                         f"{session.dealer}). Every player still seated is cashed out.",
                         act, staff, parent)

    def extra_rows(self) -> None:
        self.warning = QLabel("")
        self.warning.setObjectName("balanceWarning")
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color: #c62828; font-weight: bold")
        self.imbalance = QPlainTextEdit()
        self.imbalance.setObjectName("imbalanceReason")
        self.imbalance.setPlaceholderText("why close it although the chips do not reconcile "
                                          "(required; kept in the audit record)")
        self.imbalance.setFixedHeight(60)
        self.form.addRow(self.warning)
        self.form.addRow("Difference", self.imbalance)
        self.show_warning(self.warning_text)

    def show_warning(self, text: str | None) -> None:
        self.warning_text = text
        self.warning.setText(f"Warning: {text}." if text else "")
        self.warning.setVisible(bool(text))
        self.imbalance.setVisible(bool(text))
        label = self.form.labelForField(self.imbalance)
        if label is not None:
            label.setVisible(bool(text))

    def check_fields(self) -> str | None:
        if self.warning_text and not self.imbalance.toPlainText().strip():
            self.imbalance.setFocus()
            return ("This session does not reconcile: write why it is closed anyway "
                    "(Difference).")
        return None


class CorrectInputDialog(SupervisorActDialog):
    """Rule 11.3: a supervisor replaces one stored input (its card, amount or action) or
    strikes it. ``card``/``to`` pre-fill the replacement (e.g. the card a player showed)."""

    def __init__(self, backend: Authoriser, seq: int, event: Event, correct: Correct, *,
                 card: str | None = None, to: int | None = None, summary: str | None = None,
                 staff: StaffMember | None = None, parent: QWidget | None = None,
                 preview: Preview | None = None) -> None:
        self.seq = seq
        self.stored = event
        self._preview = preview
        self._card = card if card is not None else event.card
        self._to = to if to is not None else event.to

        def act(supervisor: StaffMember, reason: str) -> str:
            return correct(seq, self.replacement(), supervisor, reason)

        super().__init__(backend, "Correct input",
                         summary or f"Correct #{seq}: {words.event_text(event)}. The stored input "
                         "is kept; the correction is a new row of the log with who, when "
                         "and why.", act, staff, parent)

    def extra_rows(self) -> None:
        self.strike = QCheckBox("Strike this input (as if it was never recorded)")
        self.strike.setObjectName("correctStrike")
        self.action = QComboBox()
        self.action.setObjectName("correctAction")
        for action in Action:
            self.action.addItem(action.value, action)
        self.action.setCurrentIndex(self.action.findData(self.stored.action))
        self.card = QLineEdit(self._card or "")
        self.card.setObjectName("correctCard")
        self.card.setPlaceholderText("card, e.g. Js (empty: none)")
        self.amount = QSpinBox()
        self.amount.setObjectName("correctAmount")
        self.amount.setRange(0, 100_000_000)
        self.amount.setSpecialValueText("none")
        self.amount.setValue(self._to or 0)
        self.strike.toggled.connect(self._strike_toggled)
        self.form.addRow("", self.strike)
        self.form.addRow("Action", self.action)
        self.form.addRow("Card", self.card)
        self.form.addRow("Amount (to)", self.amount)
        self.preview = QLabel("")
        self.preview.setObjectName("correctPreview")
        self.preview.setWordWrap(True)
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        if self._preview is not None:
            self.form.addRow("New result", self.preview)
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
            self.preview.setText(f"Card: {exc}")
            return
        if replacement == self.stored:
            self.preview.setText("Unchanged: change the input, or strike it.")
            return
        self.preview.setText(self._preview(replacement))

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
        try:
            replacement = self.replacement()
        except CardError as exc:
            return f"Card: {exc}"
        if replacement == self.stored:
            return "The replacement is the same as the stored input: change it, or strike it."
        return None


class SignInDialog(QDialog):
    """Name and PIN of the staff member opening the review on its own (``dealer-app
    review``), so that the audit record knows who looked. Any role may browse; every act
    still asks for a supervisor's PIN and a reason."""

    def __init__(self, backend: ReviewBackend, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.staff: StaffMember | None = None
        self.setWindowTitle("Sign in to the hand log")
        self.setMinimumWidth(420)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)
        self.name = QLineEdit()
        self.name.setObjectName("signInName")
        self.pin = QLineEdit()
        self.pin.setObjectName("signInPin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Name", self.name)
        form.addRow("PIN", self.pin)
        self.error = QLabel("")
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Sign in")
        ok.setObjectName("signIn")
        buttons.accepted.connect(self.try_sign_in)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.name.setFocus()

    def try_sign_in(self) -> None:
        if not self.name.text().strip() or not self.pin.text():
            self.error.setText("Enter your name and PIN.")
            return
        try:
            self.staff = self.backend.sign_in(self.name.text().strip(), self.pin.text())
        except StorageError as exc:
            self.pin.clear()
            self.pin.setFocus()
            self.error.setText(explain(exc))
            return
        self.accept()
