"""The two PIN dialogs of the Staff box: a member changes their own PIN (proving the old
one), and a supervisor resets another member's forgotten PIN (with a reason; it also lifts a
lock). Refusals are shown in red inside the dialog, which stays open; Enter submits."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.wording import prompts
from dealer_app.services import StaffMember, StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.text import tr


def _pin_field(name: str) -> QLineEdit:
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setEchoMode(QLineEdit.EchoMode.Password)
    edit.setMaxLength(12)
    return edit


class _PinDialog(QDialog):
    """A form, a red line for refusals, and an OK button that is the default (Enter)."""

    def __init__(self, title: str, summary: str, ok_text: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        self.result_text = ""
        layout = QVBoxLayout(self)
        heading = QLabel(summary)
        heading.setObjectName("pinSummary")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        self.form = QFormLayout()
        layout.addLayout(self.form)
        self.error = QLabel("")
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(ok_text)
        self.ok.setObjectName("confirmPin")
        self.ok.setDefault(True)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    def watch(self, fields: list[QLineEdit]) -> None:
        for field in fields:
            field.textEdited.connect(self.error.clear)  # a refusal goes once edited

    def refuse(self, text: str, focus: QLineEdit, *clear: QLineEdit) -> None:
        for field in clear:
            field.clear()
        self.error.setText(text)
        focus.setFocus()

    def submit(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class ChangePinDialog(_PinDialog):
    """The signed-in member's own PIN: the old one, the new one twice."""

    def __init__(self, member: StaffMember, change: Callable[[str, str, str], StaffMember],
                 notice: str = "", parent: QWidget | None = None) -> None:
        summary = tr("Change the PIN of {name}: type the PIN you use now, then the new one "
                     "twice.").format(name=member.name)
        super().__init__(tr("Change PIN"), f"{notice}\n\n{summary}" if notice else summary,
                         tr("Change PIN"), parent)
        self.setObjectName("changePinDialog")
        self.member = member
        self.change = change
        self.old = _pin_field("oldPin")
        self.new = _pin_field("newPin")
        self.new2 = _pin_field("newPin2")
        self.form.addRow(tr("PIN now"), self.old)
        self.form.addRow(tr("New PIN"), self.new)
        self.form.addRow(tr("New PIN again"), self.new2)
        self.watch([self.old, self.new, self.new2])
        self.old.setFocus()

    def submit(self) -> None:
        if not self.old.text() or not self.new.text():
            self.refuse(tr("Type the PIN you use now and the new PIN."),
                        self.old if not self.old.text() else self.new)
            return
        if self.new.text() != self.new2.text():
            self.refuse(tr("The two new PINs differ: type them again."), self.new, self.new,
                        self.new2)
            return
        try:
            self.change(self.member.name, self.old.text(), self.new.text())
        except (StorageError, ServiceError) as exc:
            self.refuse(prompts.refusal(error_text(exc)) + ".", self.old, self.old, self.new,
                        self.new2)
            return
        self.result_text = tr("{name}'s PIN is changed; sign in with the new one from now "
                              "on.").format(name=self.member.name)
        self.accept()


class ResetPinDialog(_PinDialog):
    """A supervisor sets another member's PIN (a forgotten one), with a reason."""

    def __init__(self, supervisor: StaffMember,
                 reset: Callable[[str, str, StaffMember, str], StaffMember], name: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(tr("Reset PIN"),
                         tr("Set a new PIN for another staff member (one they forgot); it "
                            "also lifts a lock after wrong PINs. Authorised by {name}; kept "
                            "in the audit record.").format(name=supervisor.name),
                         tr("Reset PIN"), parent)
        self.setObjectName("resetPinDialog")
        self.supervisor = supervisor
        self.reset = reset
        self.name = QLineEdit(name)
        self.name.setObjectName("resetName")
        self.new = _pin_field("newPin")
        self.new2 = _pin_field("newPin2")
        self.reason = QLineEdit()
        self.reason.setObjectName("resetReason")
        self.reason.setPlaceholderText(tr("why (required; kept in the audit record)"))
        self.form.addRow(tr("Name"), self.name)
        self.form.addRow(tr("New PIN"), self.new)
        self.form.addRow(tr("New PIN again"), self.new2)
        self.form.addRow(tr("Reason"), self.reason)
        self.watch([self.name, self.new, self.new2, self.reason])
        (self.new if name else self.name).setFocus()

    def submit(self) -> None:
        name = self.name.text().strip()
        if not name:
            self.refuse(tr("Type the name of the account whose PIN to reset."), self.name)
            return
        if not self.new.text():
            self.refuse(tr("Type the new PIN twice."), self.new)
            return
        if self.new.text() != self.new2.text():
            self.refuse(tr("The two new PINs differ: type them again."), self.new, self.new,
                        self.new2)
            return
        if not self.reason.text().strip():
            self.refuse(tr("Write the reason for this act."), self.reason)
            return
        try:
            member = self.reset(name, self.new.text(), self.supervisor, self.reason.text())
        except (StorageError, ServiceError) as exc:
            self.refuse(prompts.refusal(error_text(exc)) + ".", self.new, self.new, self.new2)
            return
        self.result_text = tr("{name} has a new PIN and is not locked; tell them in person."
                              ).format(name=member.name)
        self.accept()
