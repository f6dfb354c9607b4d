"""Starting the dealer's window: the QApplication, the style, the backend, the controller.

The window is shown and painted first, then the storage (SQLAlchemy, the schema, the
services: about two thirds of the start's CPU) is imported and the database opened while
the sign-in page is already on the screen. Nothing typed meanwhile is lost: the keys wait
in the event queue until the controller is connected."""

from __future__ import annotations

import logging
import os
import sys
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtGui import QFont, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from dealer_app.gui.crash import install_exception_hook
from dealer_app.gui.import_scan import skip_feature_scan
from dealer_app.gui.toolkit import i18n
from dealer_app.gui.toolkit.resources import resource, style_sheet
from dealer_app.gui.window import DealerWindow
from dealer_app.heap import settle_heap
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.backend import Backend
    from dealer_app.gui.controller import DealerController

PAINT_WAIT_S = 0.5
"""At most this long for the window system to show the new window before the storage is
opened (an X server answers within milliseconds; a missing one must not hold the start)."""

log = logging.getLogger(__name__)
READY_ENV = "DEALER_APP_EXIT_WHEN_READY"
"""When set, the app prints ``ready <s> cpu <s> usable <s> ucpu <s> rss <MB> hwm <MB>``
(seconds since the process started to the window shown, and to it ready for a sign-in, with
the CPU seconds by then) once it can be used, and quits (for benchmarks/gui_start.py)."""
START_ENV = "DEALER_APP_T0"
"""The process start time (``time.time()``) the benchmark passes in, if any."""


SETTLE_MS = 1500
"""After the window shows: :func:`~dealer_app.heap.settle_heap` (one collection, about
0.1 s, while the dealer signs in rather than during the window's start)."""

_STYLED = "dealer_app_styled"


def application(argv: list[str] | None = None, lang: str | None = None) -> QApplication:
    """The QApplication, styled and translated once. ``lang`` (``--lang``) overrides the
    workstation's language (see :mod:`dealer_app.gui.toolkit.i18n`)."""
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


def build(backend: Backend, *, first_start_guide: bool = False,
          window: DealerWindow | None = None) -> tuple[DealerWindow, DealerController]:
    """A window (``window``, else a new one) and its controller on ``backend``, at the
    start of a shift. With ``first_start_guide``, creating the first supervisor offers a
    practice table."""
    from dealer_app.gui.controller import DealerController
    from dealer_app.gui.evidence_alarm import EvidenceAlarm
    from dealer_app.gui.floor_keys import install as install_floor_keys
    from dealer_app.gui.lease import LeaseKeeper

    window = window if window is not None else DealerWindow()
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


def _painted(app: QApplication, window: DealerWindow) -> None:
    """Returns once ``window`` is on the screen and painted (or after :data:`PAINT_WAIT_S`)."""
    handle = window.windowHandle()
    deadline = time.monotonic() + PAINT_WAIT_S
    while handle is not None and not handle.isExposed() and time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 20)
    window.repaint()
    app.processEvents()


def run(db_url: str | None, lang: str | None = None) -> int:
    app = application(lang=lang)
    install_exception_hook()
    window = DealerWindow()
    screen = app.primaryScreen()
    window.show_on_screen(screen.availableGeometry() if screen else None)
    _painted(app, window)
    skip_feature_scan()
    t0 = float(os.environ.get(START_ENV, "0") or 0)
    shown = (time.time() - t0 if t0 else time.process_time(), time.process_time())

    from dealer_app.gui.backend import Backend, StorageError
    from dealer_app.services.core.errors import ServiceError
    from dealer_app.services.error_words import error_text

    try:
        backend = Backend.open(db_url)
    except (StorageError, ServiceError) as exc:
        log.error("cannot open the hand log: %s", exc)
        if QApplication.platformName() != "offscreen":  # started from a desktop: say it there
            QMessageBox.critical(window, "dealer-app", tr(
                "The hand log cannot be opened, so no table can run:\n\n{error}").format(
                error=error_text(exc)))
        window.close()
        raise
    build(backend, first_start_guide=True, window=window)
    QTimer.singleShot(SETTLE_MS, settle_heap)  # start-up's objects out of later collections
    if os.environ.get(READY_ENV):
        def ready() -> None:
            usable = time.time() - t0 if t0 else time.process_time()
            print(f"ready {shown[0]:.3f} cpu {shown[1]:.3f} usable {usable:.3f} "
                  f"ucpu {time.process_time():.3f}{_memory()}", flush=True)
            app.quit()

        QTimer.singleShot(0, ready)
    return int(app.exec())
