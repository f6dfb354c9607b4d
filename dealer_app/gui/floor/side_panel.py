"""A panel of the floor view's side tabs."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QFrame


class SidePanel(QFrame):
    """A side tab's panel: its size hint stays within the width the floor gives the side
    (the tab widget sizes itself by its pages' hints, and the tiles get the rest)."""

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        hint = super().sizeHint()
        return QSize(min(hint.width(), self.maximumWidth()), hint.height())
