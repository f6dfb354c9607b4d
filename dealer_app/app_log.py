"""The app's own log: Python ``logging`` to a rotating file in the data folder.

``setup_logging()`` (once per process; the commands and windows call it) writes
``<data folder>/dealer-app.log`` (1 MB, five old files kept), or the folder named by
``DEALER_APP_LOG_DIR``. It records start-up, the database opened (password masked),
sign-ins and refusals (the name only, never a PIN), refused inputs and every error with
its traceback. A log that cannot be written never stops the app.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Any

from dealer_app.storage.location import default_db_path
from dealer_app.storage.private import private_folder, private_opener

ENV_VAR = "DEALER_APP_LOG_DIR"
FILE_NAME = "dealer-app.log"
MAX_BYTES = 1_000_000
BACKUPS = 5
ROOT = "dealer_app"

log = logging.getLogger(ROOT)


class _PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """Its files (the log and each one rotated in) are created 0600."""

    def _open(self) -> Any:
        return open(self.baseFilename, self.mode, encoding=self.encoding,  # noqa: SIM115
                    errors=self.errors, opener=private_opener)

_handler: logging.Handler | None = None


def log_folder() -> Path:
    """Where the log is written: ``DEALER_APP_LOG_DIR``, else the app's data folder."""
    value = os.environ.get(ENV_VAR)
    return Path(value).expanduser() if value else default_db_path().parent


def log_file() -> Path:
    return log_folder() / FILE_NAME


def setup_logging(command: str = "") -> Path | None:
    """Starts the log file (once); returns its path, or None if it cannot be written."""
    global _handler
    if _handler is not None:
        return Path(getattr(_handler, "baseFilename", log_file()))
    path = log_file()
    try:
        private_folder(path.parent)
        handler = _PrivateRotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError:
        return None
    formatter = logging.Formatter("%(asctime)sZ %(levelname)s %(name)s: %(message)s",
                                  "%Y-%m-%dT%H:%M:%S")
    formatter.converter = time.gmtime
    handler.setFormatter(formatter)
    _handler = handler
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    from dealer_app import __version__

    log.info("start: dealer-app %s %s (pid %d, Python %s)", __version__, command or "",
             os.getpid(), sys.version.split()[0])
    return path


def stop_logging() -> None:
    """Closes the log file (the next :func:`setup_logging` opens it again)."""
    global _handler
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
        _handler = None


def log_uncaught(exc_type: type[BaseException], exc: BaseException,
                 tb: TracebackType | None) -> None:
    """Writes an uncaught exception and its traceback to the log (if the log is open)."""
    if _handler is None:
        return
    log.error("uncaught %s: %s", exc_type.__name__, exc, exc_info=(exc_type, exc, tb))
