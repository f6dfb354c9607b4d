"""Small widgets of the shift pages: a panel's message line, the number and PIN boxes."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from dealer_app.gui.views.number_box import NumberBox


def error_label() -> QLabel:
    label = QLabel()
    label.setObjectName("formError")
    label.setWordWrap(True)
    return label


class PanelMessage(QLabel):
    """The outcome of a form's last request: a refusal in red (``error`` style property), a
    success in green with a different edge, so the two never look alike. Hidden when empty;
    a refusal is withdrawn (:meth:`withdraw_error`) as soon as the form is edited."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panelMessage")
        self.setWordWrap(True)
        self.setVisible(False)
        self.setProperty("error", False)

    @property
    def is_error(self) -> bool:
        return bool(self.property("error"))

    def show_message(self, text: str, *, error: bool = False) -> None:
        self.setProperty("error", error)
        self.setText(text)
        self.style().unpolish(self)
        self.style().polish(self)
        self.setVisible(bool(text))

    def clear(self) -> None:
        self.show_message("")

    def withdraw_error(self) -> None:
        """A refusal is no longer true once the fields it was about change."""
        if self.is_error:
            self.clear()

    def watch(self, fields: Sequence[QWidget]) -> None:
        """Withdraws a refusal when any of ``fields`` is edited."""
        for field in fields:
            if isinstance(field, QLineEdit):
                field.textEdited.connect(self.withdraw_error)
            elif isinstance(field, QSpinBox):
                field.valueChanged.connect(self.withdraw_error)
            elif isinstance(field, QComboBox):
                field.currentIndexChanged.connect(self.withdraw_error)


def spin_box(value: int, lo: int, hi: int) -> NumberBox:
    """A number box: typed, or stepped with its (visible, styled) arrows or Up/Down."""
    spin = NumberBox(value, lo, hi)
    spin.setAccelerated(True)
    return spin


def pin_edit() -> QLineEdit:
    edit = QLineEdit()
    edit.setEchoMode(QLineEdit.EchoMode.Password)
    edit.setMaxLength(12)
    return edit
