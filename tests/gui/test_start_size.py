"""The dealer's window at start: maximised on every station screen (1024×768 and up, so it
fills a 1920×1080 screen and grows with it), a 1280×800 window where the screen cannot hold
the minimum size (the offscreen platform's 800×800)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize
from pytestqt.qtbot import QtBot

from dealer_app.gui.app import application
from dealer_app.gui.window import MIN_HEIGHT, MIN_WIDTH, DealerWindow


@pytest.mark.parametrize(("width", "height", "maximised"), [
    (1024, 768, True), (1280, 800, True), (1366, 768, True), (1920, 1080, True),
    (2560, 1440, True), (3840, 2160, True),
    (1024, 740, False),  # a 1024×768 screen with a panel: the window keeps its minimum
    (800, 800, False), (800, 600, False)])
def test_opens_maximised_on_every_screen_that_holds_the_window(
        width: int, height: int, maximised: bool) -> None:
    assert DealerWindow.opens_maximised(QSize(width, height)) is maximised


def test_no_screen_opens_a_window_of_the_design_size() -> None:
    assert not DealerWindow.opens_maximised(None)
    assert DealerWindow.default_size(None) == QSize(1280, 800)


@pytest.mark.parametrize(("available", "size"), [
    (QSize(1920, 1080), QSize(1280, 800)),  # restored from maximised: the design size
    (QSize(1280, 800), QSize(1280, 800)),
    (QSize(1024, 768), QSize(1024, 768)),
    (QSize(1024, 740), QSize(MIN_WIDTH, MIN_HEIGHT)),
    (QSize(800, 800), QSize(1280, 800))])
def test_the_normal_size_fits_the_screen(available: QSize, size: QSize) -> None:
    assert DealerWindow.default_size(available) == size


def test_show_on_a_large_screen_maximises_the_window(qtbot: QtBot) -> None:
    application()
    window = DealerWindow()
    qtbot.addWidget(window)
    window.show_on_screen(QRect(0, 0, 1920, 1080))
    qtbot.waitExposed(window)
    assert window.isMaximized()
    # the whole screen even where no window manager maximises it (a kiosk, Xvfb)
    assert window.geometry().size() == QSize(1920, 1080)


def test_show_on_a_screen_too_small_for_a_station_is_a_plain_window(qtbot: QtBot) -> None:
    application()
    window = DealerWindow()
    qtbot.addWidget(window)
    window.show_on_screen(QRect(0, 0, 800, 800))
    qtbot.waitExposed(window)
    assert not window.isMaximized() and window.size() == QSize(1280, 800)
