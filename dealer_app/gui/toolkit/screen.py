"""Window sizes that fit the screen a station has (1024×768 and up)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSize
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


def restore_within_screen(widget: QWidget, size: QSize, position: QPoint | None) -> None:
    """A size and place saved on another screen (a 1920×1080 station's, reopened at
    1024×768), cut down to this screen's free area and moved fully onto it."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        widget.resize(size)
        if position is not None:
            widget.move(position)
        return
    free = screen.availableGeometry()
    least = widget.minimumSize()
    width = min(size.width(), max(free.width(), least.width()))
    height = min(size.height(), max(free.height(), least.height()))
    widget.resize(width, height)
    if position is not None:
        x = max(free.left(), min(position.x(), free.right() + 1 - width))
        y = max(free.top(), min(position.y(), free.bottom() + 1 - height))
        widget.move(x, y)


def show_filling_screen(widget: QWidget) -> None:
    """Shows ``widget`` maximised on the primary screen, also given the screen's whole free
    area, so that it fills the screen where no window manager honours the maximised state
    (a kiosk session, Xvfb): the floor view is a supervisor's whole screen."""
    screen = QGuiApplication.primaryScreen()
    if screen is not None:
        widget.setGeometry(screen.availableGeometry())
    widget.showMaximized()
