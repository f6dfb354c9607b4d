"""Supervisor acts behind the supervisor's name, PIN and a written reason.

Each dialog authorises the supervisor through the services (wrong PINs are counted and lock
the account for a while; a dealer is refused), then performs the act; both are in the audit
record. A refusal is shown in red inside the dialog, which stays open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dealer_app import words
from dealer_app.engine import Action, CardError, Event, parse_card
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.models import ACTION_LABELS, STATUS_WORDS, amount, signed
from dealer_app.gui.views.number_box import NumberBox, box_problem
from dealer_app.gui.wording.refusals import card_error_text, refusal_text
from dealer_app.services import (
    AccountLocked,
    HandSummary,
    PermissionRefused,
    SessionInfo,
    SignInError,
    StaffMember,
    StorageError,
)
from dealer_app.services.error_words import error_text
from dealer_app.services.errors import ServiceError
from dealer_app.services.tables import UnbalancedSessionError
from dealer_app.services.types import Attempt
from dealer_app.text import tr

Act = Callable[[StaffMember, str], str]
"""Performs the act for an authorised supervisor and a reason; returns a line to show."""
Correct = Callable[[int, Event | None, StaffMember, str], str]
"""``correct(target_seq, replacement or None to strike, supervisor, reason)``: a line."""
Preview = Callable[[Event | None], str]
"""``preview(replacement or None to strike)``: the hand's result after it, in words."""


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
