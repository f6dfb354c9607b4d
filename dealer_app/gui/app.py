"""Starting the dealer's window: the QApplication, the style, the backend, the controller."""

from __future__ import annotations

import logging
import os
import sys
import time

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFont, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from dealer_app.gui import i18n
from dealer_app.gui.backend import Backend, StorageError
from dealer_app.gui.controller import DealerController
from dealer_app.gui.crash import install_exception_hook
from dealer_app.gui.evidence_alarm import EvidenceAlarm
from dealer_app.gui.floor.dealer_wiring import install as install_floor_keys
from dealer_app.gui.lease import LeaseKeeper
from dealer_app.gui.resources import resource, style_sheet
from dealer_app.gui.window import DealerWindow
from dealer_app.heap import settle_heap
from dealer_app.services.error_words import error_text
from dealer_app.services.errors import ServiceError
from dealer_app.text import tr

log = logging.getLogger(__name__)
READY_ENV = "DEALER_APP_EXIT_WHEN_READY"
"""When set, the app prints ``ready <seconds since process start>`` once the window is
shown and quits (for benchmarks/gui.py)."""
START_ENV = "DEALER_APP_T0"
"""The process start time (``time.time()``) the benchmark passes in, if any."""


SETTLE_MS = 1500
"""After the window shows: :func:`~dealer_app.heap.settle_heap` (one collection, about
0.1 s, while the dealer signs in rather than during the window's start)."""

_STYLED = "dealer_app_styled"


def application(argv: list[str] | None = None, lang: str | None = None) -> QApplication:
    """The QApplication, styled and translated once. ``lang`` (``--lang``) overrides the
    workstation's language (see :mod:`dealer_app.gui.i18n`)."""
    app = QApplication.instance()
    if isinstance(app, QApplication) and app.property(_STYLED):
        if lang is not None:
            i18n.install(app, i18n.choose_language(lang))
        return app  # styled once: re-setting the sheet re-polishes every live widget
    if not isinstance(app, QApplication):
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setProperty(_STYLED, True)
    app.setApplicationName("dealer-app")
    font = QFont(app.font())
    font.setPointSize(12)
    app.setFont(font)
    i18n.install(app, i18n.choose_language(lang))
    app.setStyleSheet(style_sheet())
    icon = resource("icons", "app.svg")
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    return app


def build(backend: Backend, *, first_start_guide: bool = False
          ) -> tuple[DealerWindow, DealerController]:
    """A window and its controller on ``backend``, at the start of a shift. With
    ``first_start_guide``, creating the first supervisor offers a practice table."""
    window = DealerWindow()
    controller = DealerController(window, backend)
    window.on_close.append(backend.close)
    keeper = LeaseKeeper(backend, controller)
    keeper.lost.connect(controller.fail)
    keeper.timer.timeout.connect(controller.shift.refresh_moves)  # players moving here
    if first_start_guide:
        def after_sign_in(_name: str, _pin: str, first: bool) -> None:
            # connected after the controller's slot, so the supervisor exists by now
            if first and backend.staff is not None:
                from dealer_app.gui.guide import offer_practice

                offer_practice(window, backend.staff.name)

        window.sign_in.submitted.connect(after_sign_in)
    install_floor_keys(window, controller, backend)
    window.evidence_alarm = EvidenceAlarm(  # type: ignore[attr-defined]
        window, backend.evidence_problems, backend.report_evidence_problem)
    controller.start()
    return window, controller


def _memory() -> str:
    """`` rss MB hwm MB``: the resident memory now and at its peak (Linux; else empty)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            status = dict(line.split(":", 1) for line in fh if ":" in line)
        return (f" rss {int(status['VmRSS'].split()[0]) // 1024}"
                f" hwm {int(status['VmHWM'].split()[0]) // 1024}")
    except (OSError, KeyError, ValueError):
        return ""


def run(db_url: str | None, lang: str | None = None) -> int:
    app = application(lang=lang)
    install_exception_hook()
    try:
        backend = Backend.open(db_url)
    except (StorageError, ServiceError) as exc:
        log.error("cannot open the hand log: %s", exc)
        if QApplication.platformName() != "offscreen":  # started from a desktop: say it there
            QMessageBox.critical(None, "dealer-app", tr(
                "The hand log cannot be opened, so no table can run:\n\n{error}").format(
                error=error_text(exc)))
        raise
    window, _controller = build(backend, first_start_guide=True)
    screen = app.primaryScreen()
    window.show_on_screen(screen.availableGeometry() if screen else None)
    QTimer.singleShot(SETTLE_MS, settle_heap)  # start-up's objects out of later collections
    if os.environ.get(READY_ENV):
        t0 = float(os.environ.get(START_ENV, "0") or 0)

        def ready() -> None:
            elapsed = time.time() - t0 if t0 else time.process_time()
            print(f"ready {elapsed:.3f} cpu {time.process_time():.3f}{_memory()}", flush=True)
            app.quit()

        QTimer.singleShot(0, ready)
    return int(app.exec())
