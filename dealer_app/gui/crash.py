"""The GUI's exception hook: an unexpected error (in a slot or anywhere else) is written to
the log file with its traceback and shown in a message box, and the app goes on."""

from __future__ import annotations

import sys
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox

from dealer_app.app_log import log_file, log_uncaught
from dealer_app.text import tr

_showing = False


def message_for(exc: BaseException) -> str:
    return tr("Something unexpected went wrong: {error}\n\nThe action in progress may not "
              "have been done; check the screen before going on. Inputs recorded before it "
              "are stored.\n\nThe details are in the log file:\n{log_file}").format(
        error=f"{type(exc).__name__}: {exc}", log_file=log_file())


def show_error(text: str) -> None:
    """Shows ``text`` in a modal message box over the active window."""
    QMessageBox.critical(QApplication.activeWindow(), tr("dealer-app: unexpected error"),
                         text)


def exception_hook(exc_type: type[BaseException], exc: BaseException,
                   tb: TracebackType | None) -> None:
    """``sys.excepthook`` of the windows: log it, then say it (once at a time)."""
    global _showing
    log_uncaught(exc_type, exc, tb)
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return
    if _showing or QApplication.instance() is None:
        sys.__excepthook__(exc_type, exc, tb)
        return
    _showing = True
    try:
        show_error(message_for(exc))
    except Exception:  # the box itself failed: the traceback still reaches stderr
        sys.__excepthook__(exc_type, exc, tb)
    finally:
        _showing = False


def install_exception_hook() -> None:
    """Routes uncaught exceptions (Qt slots included: PySide6 hands them to
    ``sys.excepthook``) to :func:`exception_hook`."""
    sys.excepthook = exception_hook
