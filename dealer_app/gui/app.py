"""Starting the dealer's window: the QApplication, the style, the backend, the controller."""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFont, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from dealer_app.gui.backend import Backend, StorageError
from dealer_app.gui.controller import DealerController
from dealer_app.gui.floor.dealer_wiring import install as install_floor_keys
from dealer_app.gui.resources import resource, style_sheet
from dealer_app.gui.window import DealerWindow

READY_ENV = "DEALER_APP_EXIT_WHEN_READY"
"""When set, the app prints ``ready <seconds since process start>`` once the window is
shown and quits (for benchmarks/gui.py)."""
START_ENV = "DEALER_APP_T0"
"""The process start time (``time.time()``) the benchmark passes in, if any."""


_STYLED = "dealer_app_styled"


def application(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication) and app.property(_STYLED):
        return app  # styled once: re-setting the sheet re-polishes every live widget
    if not isinstance(app, QApplication):
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setProperty(_STYLED, True)
    app.setApplicationName("dealer-app")
    font = QFont(app.font())
    font.setPointSize(12)
    app.setFont(font)
    app.setStyleSheet(style_sheet())
    icon = resource("icons", "app.svg")
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    return app


def build(backend: Backend) -> tuple[DealerWindow, DealerController]:
    """A window and its controller on ``backend``, at the start of a shift."""
    window = DealerWindow()
    controller = DealerController(window, backend)
    window.on_close.append(backend.close)
    install_floor_keys(window, controller, backend)
    controller.start()
    return window, controller


def run(db_url: str | None) -> int:
    app = application()
    try:
        backend = Backend.open(db_url)
    except StorageError as exc:
        if QApplication.platformName() != "offscreen":  # started from a desktop: say it there
            QMessageBox.critical(None, "dealer-app",
                                 f"The hand log cannot be opened, so no table can run:\n\n{exc}")
        raise
    window, _controller = build(backend)
    window.resize(1280, 800)
    window.show()
    if os.environ.get(READY_ENV):
        t0 = float(os.environ.get(START_ENV, "0") or 0)

        def ready() -> None:
            elapsed = time.time() - t0 if t0 else time.process_time()
            print(f"ready {elapsed:.3f}", flush=True)
            app.quit()

        QTimer.singleShot(0, ready)
    return int(app.exec())
