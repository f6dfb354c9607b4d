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
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.models import STATUS_WORDS, amount
from dealer_app.gui.wording.refusals import refusal_text
from dealer_app.services import (
    AccountLocked,
    HandSummary,
    PermissionRefused,
    SignInError,
    StaffMember,
    StorageError,
)
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.core.types import Attempt
from dealer_app.services.error_words import error_text
from dealer_app.text import tr

Act = Callable[[StaffMember, str], str]
"""Performs the act for an authorised supervisor and a reason; returns a line to show."""


class Authoriser(Protocol):
    """What the dialogs need of a backend (the review window's or the dealer window's)."""

    def authorise(self, name: str, pin: str, reason: str,
                  attempt: Attempt | None = None) -> StaffMember: ...


def explain(exc: StorageError | ServiceError) -> str:
    """A refusal in plain words (a sign-in or permission refusal says which it is; a refused
    correction words the engine's reason in the window's language)."""
    reason = error_text(exc, refusal_text)
    if isinstance(exc, AccountLocked):
        return tr("Account locked: {reason}").format(reason=reason)
    if isinstance(exc, SignInError):
        return tr("Refused: {reason}").format(reason=reason)
    if isinstance(exc, PermissionRefused):
        return tr("Not allowed: {reason}").format(reason=reason)
    return reason


class SupervisorActDialog(QDialog):
    """Name, PIN, reason, and the fields of one act. Above the table's dual-control amount
    (:meth:`second_limit`), a second supervisor's name and PIN too (``self.second``)."""

    attempt = Attempt("supervisor act")
    """The act and its hand, session or table: audited with the PIN's outcome."""

    def __init__(self, backend: Authoriser, title: str, summary: str, act: Act,
                 staff: StaffMember | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.act = act
        self.result_text = ""
        self.supervisor: StaffMember | None = None
        self.second: StaffMember | None = None
        """The second supervisor of a dual-control act (None: not needed)."""
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
        self.name.setPlaceholderText(tr("supervisor's name"))
        self.pin = QLineEdit()
        self.pin.setObjectName("supervisorPin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setPlaceholderText(tr("PIN"))
        self.reason = QPlainTextEdit()
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText(tr("why (required; kept in the audit record)"))
        self.reason.setFixedHeight(80)
        self.reason.setTabChangesFocus(True)  # Tab leaves the reason; Ctrl+Enter confirms
        self.reason.setToolTip(tr("Ctrl+Enter confirms"))
        self.reason.installEventFilter(self)
        self.error = QLabel("")
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)

        self.second_name = QLineEdit()
        self.second_name.setObjectName("secondSupervisorName")
        self.second_name.setPlaceholderText(tr("another supervisor's name"))
        self.second_pin = QLineEdit()
        self.second_pin.setObjectName("secondSupervisorPin")
        self.second_pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.second_pin.setPlaceholderText(tr("PIN"))
        self.second_note = QLabel("")
        self.second_note.setObjectName("dualControlNote")
        self.second_note.setWordWrap(True)

        self.extra_rows()
        self.form.addRow(tr("Supervisor"), self.name)
        self.form.addRow(tr("PIN"), self.pin)
        self.form.addRow(self.second_note)
        self.form.addRow(tr("Second supervisor"), self.second_name)
        self.form.addRow(tr("Their PIN"), self.second_pin)
        self.form.addRow(tr("Reason"), self.reason)
        self.update_second()
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

    def second_limit(self) -> int:
        """The table's dual-control amount when this act is above it (a second supervisor
        is needed), else 0. Subclasses of acts under dual control say."""
        return 0

    def update_second(self, *_: object) -> None:
        """Shows the second supervisor's rows when the act needs them."""
        limit = self.second_limit()
        self.second_note.setText(tr("Above this table's dual-control amount of {limit}: a "
                                    "second, different supervisor confirms with their PIN.")
                                 .format(limit=amount(limit)) if limit else "")
        for widget in (self.second_note, self.second_name, self.second_pin):
            self.form.setRowVisible(widget, bool(limit))

    def check_fields(self) -> str | None:
        """A message when the act's own fields are not ready."""
        return None

    def try_act(self) -> None:
        reason = self.reason.toPlainText().strip()
        if not self.name.text().strip() or not self.pin.text():
            self.error.setText(tr("Enter the supervisor's name and PIN."))
            return
        if not reason:
            self.error.setText(tr("Write the reason for this act."))
            self.reason.setFocus()
            return
        problem = self.check_fields()
        if problem:
            self.error.setText(problem)
            return
        limit = self.second_limit()
        if limit and (not self.second_name.text().strip() or not self.second_pin.text()):
            self.error.setText(tr("Enter the second supervisor's name and PIN."))
            (self.second_pin if self.second_name.text().strip() else self.second_name
             ).setFocus()
            return
        try:
            supervisor = self.backend.authorise(self.name.text().strip(), self.pin.text(),
                                                reason, self.attempt)
        except (StorageError, ServiceError) as exc:
            self.pin.clear()
            self.pin.setFocus()
            self.error.setText(explain(exc))
            return
        try:
            self.second = self.backend.authorise(
                self.second_name.text().strip(), self.second_pin.text(), reason,
                self.attempt) if limit else None
            self.result_text = self.act(supervisor, reason)
        except (StorageError, ServiceError) as exc:
            self.second_pin.clear()
            (self.second_pin if limit else self.pin).setFocus()
            self.pin.clear()
            self.error.setText(explain(exc))
            return
        self.supervisor = supervisor
        self.accept()


def owed_text(owed: list[tuple[str, int]]) -> str:
    """What a void did with the chips, in plain words (true also when some are owed)."""
    if not owed:
        return tr("Every player's chips are back as they were before the hand.")
    parts = [tr("{player} is owed {amount}").format(player=player, amount=amount(chips))
             if chips > 0 else
             tr("{player} owes {amount}").format(player=player, amount=amount(-chips))
             for player, chips in owed]
    return tr("The players still seated have their chips back; for players who had left: "
              "{owed} (in the session's chip reconciliation).").format(owed="; ".join(parts))


class VoidHandDialog(SupervisorActDialog):
    def __init__(self, backend: ReviewBackend, hand_id: int, label: str, detail: str,
                 staff: StaffMember | None = None, parent: QWidget | None = None) -> None:
        self.hand_id = hand_id
        self.limit = backend.void_needs_second(hand_id)
        self.attempt = Attempt("void-hand", hand_id=hand_id)

        def act(supervisor: StaffMember, reason: str) -> str:
            backend.void_hand(hand_id, supervisor, reason, self.second)
            return tr("{hand} is void. {chips}").format(hand=label,
                                                       chips=owed_text(backend.owed(hand_id)))

        left = backend.left_players(hand_id)
        summary = tr("Void {hand} ({detail}). Each player's result in it is taken back; the "
                     "hand stays in the log, marked void.").format(hand=label, detail=detail)
        if left:
            summary += " " + tr("{players} left the table since: what the void takes back for "
                                "them is kept as chips owed in the session's chip "
                                "reconciliation.").format(players=", ".join(left))
        super().__init__(backend, tr("Void hand"), summary, act, staff, parent)

    def second_limit(self) -> int:
        return self.limit

    @classmethod
    def for_summary(cls, backend: ReviewBackend, hand: HandSummary,
                    staff: StaffMember | None = None,
                    parent: QWidget | None = None) -> VoidHandDialog:
        label = (tr("{table} hand {number}").format(table=hand.table, number=hand.number)
                 if hand.number is not None else tr("hand id {id}").format(id=hand.hand_id))
        detail = tr("pot {pot}, {status}").format(pot=amount(hand.pot),
                                                  status=tr(STATUS_WORDS[hand.status]))
        return cls(backend, hand.hand_id, label, detail, staff, parent)


class SignInDialog(QDialog):
    """Name and PIN of the staff member opening the review on its own (``dealer-app
    review``), so that the audit record knows who looked. Any role may browse; every act
    still asks for a supervisor's PIN and a reason."""

    def __init__(self, backend: ReviewBackend, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.staff: StaffMember | None = None
        self.setWindowTitle(tr("Sign in to the hand log"))
        self.setMinimumWidth(420)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)
        self.name = QLineEdit()
        self.name.setObjectName("signInName")
        self.pin = QLineEdit()
        self.pin.setObjectName("signInPin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(tr("Name"), self.name)
        form.addRow(tr("PIN"), self.pin)
        self.error = QLabel("")
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("Sign in"))
        ok.setObjectName("signIn")
        buttons.accepted.connect(self.try_sign_in)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.name.setFocus()

    def try_sign_in(self) -> None:
        if not self.name.text().strip() or not self.pin.text():
            self.error.setText(tr("Enter your name and PIN."))
            return
        try:
            self.staff = self.backend.sign_in(self.name.text().strip(), self.pin.text())
        except (StorageError, ServiceError) as exc:
            self.pin.clear()
            self.pin.setFocus()
            self.error.setText(explain(exc))
            return
        self.accept()


