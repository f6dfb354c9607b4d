"""Window sizes that fit the screen a station has (1024×768 and up)."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def resize_within_screen(widget: QWidget, width: int, height: int) -> None:
    """``width``×``height``, or less where the primary screen's free area is smaller (a
    dialog larger than a 1024×768 screen would run off its edge)."""
    screen = QGuiApplication.primaryScreen()
    if screen is not None:
        free = screen.availableGeometry()
        width, height = min(width, free.width()), min(height, free.height())
    widget.resize(width, height)
