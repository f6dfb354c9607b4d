"""The sign-in page at the start of a shift."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.views.shift_widgets import error_label, pin_edit
from dealer_app.text import tr


class SignInPage(QWidget):
    """Dealer name and PIN; on an empty database, the first supervisor account."""

    submitted = Signal(str, str, bool)
    """name, PIN, first (True: create the first supervisor)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("signInPage")
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        box = QFrame()
        box.setObjectName("signInBox")
        box.setFixedWidth(520)
        form = QVBoxLayout(box)
        self.title = QLabel(tr("Sign in"))
        self.title.setObjectName("pageTitle")
        self.title.setWordWrap(True)  # "Welcome: create the first supervisor" is wide
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        fields = QFormLayout()
        self.name = QLineEdit()
        self.name.setObjectName("signInName")
        self.pin = pin_edit()
        self.pin.setObjectName("signInPin")
        self.pin2 = pin_edit()
        self.pin2.setObjectName("signInPin2")
        fields.addRow(tr("Name"), self.name)
        fields.addRow(tr("PIN"), self.pin)
        self.pin2_label = QLabel(tr("PIN again"))
        fields.addRow(self.pin2_label, self.pin2)
        self.button = QPushButton(tr("Sign in"))
        self.button.setObjectName("signInButton")
        self.button.setDefault(True)
        self.error = error_label()
        for w in (self.title, self.hint):
            form.addWidget(w)
        form.addLayout(fields)
        form.addWidget(self.button)
        self.back_button = QPushButton(tr("Back to the table"))
        self.back_button.setObjectName("backToTable")
        self.back_button.setVisible(False)
        form.addWidget(self.back_button)
        form.addWidget(self.error)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(box)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)
        self.first = False
        self.button.clicked.connect(self._submit)
        self.pin.returnPressed.connect(self._submit)
        self.pin2.returnPressed.connect(self._submit)
        for edit in (self.name, self.pin, self.pin2):  # a refusal goes once retyped
            edit.textEdited.connect(self.error.clear)
        self.set_first(False)

    def set_first(self, first: bool, takeover: bool = False) -> None:
        self.first = first
        self.back_button.setVisible(takeover and not first)
        self.pin2.setVisible(first)
        self.pin2_label.setVisible(first)
        if first:
            self.title.setText(tr("Welcome: create the first supervisor"))
            self.hint.setText(tr("The database is empty. The first account is a floor "
                                 "supervisor (a PIN of 6 to 12 digits); on the next page it "
                                 "adds dealers (the Staff box) and opens tables."))
            self.button.setText(tr("Create supervisor and sign in"))
        else:
            self.title.setText(tr("Change dealer") if takeover else tr("Sign in"))
            self.hint.setText(tr("The next dealer signs in; from then on the inputs are "
                                 "theirs.") if takeover else tr("Dealer name and PIN."))
            self.button.setText(tr("Sign in"))
        self.pin.clear()
        self.pin2.clear()
        self.error.clear()

    def _submit(self) -> None:
        if self.first and self.pin.text() != self.pin2.text():
            self.error.setText(tr("The two PINs differ: type them again."))
            return
        self.submitted.emit(self.name.text().strip(), self.pin.text(), self.first)
