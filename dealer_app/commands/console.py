"""What the commands share: the ``--db`` option and the services it opens, failing with a
message (exit 2), the progress bar and Ctrl+C of long operations, and reading a PIN (typed,
or one line of standard input with ``--pin-stdin``)."""

from __future__ import annotations

import argparse
import getpass
import logging
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TextIO

from dealer_app.services import Services, StorageError
from dealer_app.text import tr

EXIT_CANCELLED = 130


class ProgressBar:
    """``label [#####.....] 12/40`` on stderr, redrawn in place; silent when not a tty."""

    def __init__(self, label: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self.enabled = self.stream.isatty()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        filled = self.width * done // total if total else self.width
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (self.width - filled)}] "
                          f"{done}/{total}")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Erases the bar, so that a line can be printed; the next call redraws it."""
        if self.shown:
            self.stream.write("\r" + " " * (len(self.label) + self.width + 30) + "\r")
            self.stream.flush()
            self.shown = False

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


class CtrlC:
    """While active, Ctrl+C only sets a flag that long operations poll between items."""

    def __init__(self) -> None:
        self.pressed = False

    def __call__(self) -> bool:
        return self.pressed

    @contextmanager
    def active(self) -> Iterator[CtrlC]:
        def handler(_signum: int, _frame: FrameType | None) -> None:
            self.pressed = True

        try:
            previous = signal.signal(signal.SIGINT, handler)
        except ValueError:  # not the main thread
            yield self
            return
        try:
            yield self
        finally:
            signal.signal(signal.SIGINT, previous)


def add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL",
                        help="database URL or SQLite file (default: $DEALER_APP_DB, else the "
                             "file in the user's data folder)")


def open_services(url: str | None, *, create: bool = True,
                  read_only: bool = False) -> Services:
    """The services on ``url``; ``create=False`` where it must exist, ``read_only`` for
    commands that only read (read-only media work)."""
    return Services.open(url, create=create, read_only=read_only)


def fail(message: str) -> int:
    logging.getLogger("dealer_app.commands").error("%s", message)
    print(f"dealer-app: {message}", file=sys.stderr)
    return 2



def read_pin(args: argparse.Namespace, prompt: str, confirm: bool) -> str:
    if args.pin_stdin:
        line = sys.stdin.readline()
        if not line:
            raise StorageError(tr("no PIN on standard input"))
        return line.strip()
    pin = getpass.getpass(prompt)
    if confirm and getpass.getpass(tr("Repeat the PIN: ")) != pin:
        raise StorageError(tr("the two PINs differ"))
    return pin
