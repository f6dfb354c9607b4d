"""A number box that never records what was not typed (issue 23, fault 2).

A plain :class:`QSpinBox` refuses a keystroke that takes its text out of range without a
word (``35`` typed where at most ``30`` fits leaves ``3``) and clamps or reverts what it
cannot take. :class:`NumberBox` keeps every whole number typed as typed, checks its range
only in :meth:`NumberBox.problem` (which a form asks before acting, so that an amount out of
range is refused with a message and nothing is recorded), and says why when a key cannot
go in at all (a letter, or more digits than any amount has).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import QAbstractSpinBox, QSpinBox, QToolTip, QWidget

from dealer_app.gui.toolkit.i18n import amount
from dealer_app.text import tr

_WIDEST = 2_147_483_647
"""Qt's spin box holds a C int: the box itself takes any number up to this."""


class NumberBox(QSpinBox):
    """A whole number between ``low`` and ``high`` (checked by :meth:`problem`, never by
    changing the text); stepped with its arrows or Up/Down within that range."""

    key_refused = Signal(str)
    """A key that could not go in, with why (also shown as a tooltip at the box)."""

    def __init__(self, value: int = 0, low: int = 0, high: int = 100_000_000,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._low, self._high = low, high
        super().setRange(-_WIDEST if low < 0 else 0, _WIDEST)
        self.last_refusal = ""
        self.setValue(value)

    # the allowed range: checked, never enforced on the text
    def setRange(self, low: int, high: int) -> None:  # noqa: N802 (Qt name)
        self._low, self._high = low, high
        super().setRange(-_WIDEST if low < 0 else 0, _WIDEST)

    def minimum(self) -> int:
        return self._low

    def maximum(self) -> int:
        return self._high

    def stepBy(self, steps: int) -> None:  # noqa: N802 (Qt name)
        self.setValue(max(self._low, min(self._high, self.value() + steps * self.singleStep())))
        self.selectAll()

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:  # noqa: N802 (Qt name)
        flags = QAbstractSpinBox.StepEnabledFlag.StepNone
        if self.value() < self._high:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        if self.value() > self._low:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        return flags

    def problem(self) -> str:
        """Why what is in the box cannot be used; empty when it can."""
        text = self.lineEdit().text()
        special = bool(self.specialValueText()) and text == self.specialValueText()
        if not special and self.validate(text, 0)[0] is not QValidator.State.Acceptable:
            return tr("type a whole number")
        value = self.value()
        if value > self._high:
            return tr("{value} is more than {high}, the most this box takes").format(
                value=amount(value), high=amount(self._high))
        if value < self._low:
            return tr("{value} is less than {low}, the least this box takes").format(
                value=amount(value), low=amount(self._low))
        return ""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        edit = self.lineEdit()
        before = (edit.text(), edit.cursorPosition(), edit.selectedText())
        super().keyPressEvent(event)
        key = event.text()
        if not key or not key.isprintable() or key.isspace():
            return
        if (edit.text(), edit.cursorPosition(), edit.selectedText()) != before:
            return  # the key went in
        why = (tr("{number} is more than any amount this box can hold").format(
                   number=before[0] + key) if key.isdigit() else
               tr("'{key}' cannot go in a number: type digits").format(key=key))
        self.last_refusal = why
        QToolTip.showText(self.mapToGlobal(self.rect().bottomLeft()), why, self)
        self.key_refused.emit(why)


def box_problem(fields: Iterable[tuple[str, NumberBox]]) -> str | None:
    """``Label: why`` for the first of ``fields`` (label, box) that cannot be used."""
    for label, box in fields:
        problem = box.problem()
        if problem:
            return tr("{field}: {problem}").format(field=label, problem=problem)
    return None
