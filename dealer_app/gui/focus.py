"""Focus is never trapped: typing reaches the table input (the card entry) unless the dealer is
deliberately editing a form; Esc in a form or a click on the table returns there."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QTextEdit,
    QWidget,
)

FORM_FIELDS = (QLineEdit, QAbstractSpinBox, QComboBox, QTextEdit)
"""Widgets a dealer types into on purpose (a form); everything else gives the keys back."""


def is_form_field(widget: QWidget | None) -> bool:
    while widget is not None:
        if isinstance(widget, FORM_FIELDS):
            return True
        widget = widget.parentWidget()  # a spin box's inner line edit, a combo's view
    return False


class FocusKeeper(QObject):
    """Watches one page: focus that lands on anything but a form field goes back to
    ``home``; Esc in a form field, or a mouse press on ``table``, returns to ``home``.

    ``on_table_click`` runs on a press on the table (the controller closes the amount box);
    fields in ``own_escape`` handle Esc themselves (the amount box cancels)."""

    def __init__(self, page: QWidget, home: QWidget, table: QWidget,
                 on_table_click: Callable[[], None] | None = None,
                 own_escape: tuple[QWidget, ...] = ()) -> None:
        super().__init__(page)
        self.page = page
        self.home = home
        self.table = table
        self.on_table_click = on_table_click
        self._watch(table)
        for field in page.findChildren(QWidget):
            if (isinstance(field, FORM_FIELDS) and field is not home
                    and not any(w is field or w.isAncestorOf(field) for w in own_escape)):
                field.installEventFilter(self)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        # a connection to a QObject's method ends with it: nothing to disconnect

    def _watch(self, widget: QWidget) -> None:
        widget.installEventFilter(self)
        for child in widget.findChildren(QWidget):
            child.installEventFilter(self)

    def return_home(self) -> None:
        if self.page.isVisible():
            self.home.setFocus(Qt.FocusReason.OtherFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and isinstance(watched, QWidget) and (
                watched is self.table or self.table.isAncestorOf(watched)):
            if self.on_table_click is not None:
                self.on_table_click()
            self.return_home()
            return False  # the seat still gets its click
        if (kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() == Qt.Key.Key_Escape and isinstance(watched, QWidget)
                and is_form_field(watched)):
            self.return_home()
            return True
        return False

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is None or new is self.home or not self.page.isVisible():
            return
        if not self.page.isAncestorOf(new) or is_form_field(new):
            return
        self.return_home()
