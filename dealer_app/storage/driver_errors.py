"""A database driver's error in words: a full disk (told from a damaged file by the room
left beside it), a lock, a file that is not a database, a read-only one, a server that cannot
be reached or wants a password (``translate_error``), and whether the connection broke, so
that the transaction may run again on a new one (``connection_lost``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from sqlalchemy.exc import DBAPIError

from dealer_app.storage.errors import (
    DatabaseLockedError,
    DatabaseUnavailableError,
    DiskFullError,
    NotADatabaseError,
    StorageError,
)
from dealer_app.storage.location import PASSWORD_HELP
from dealer_app.storage.pg_password import NO_PASSWORD

DISK_FULL_BYTES = 1 << 20
"""Less free space than this beside the database, with an I/O error, is a full disk."""


def disk_is_full(folder: Path) -> bool:
    """True when the file system holding ``folder`` has (almost) no room left."""
    try:
        return shutil.disk_usage(folder).free < DISK_FULL_BYTES
    except OSError:
        return False


def disk_full_error(where: object, folder: Path | None) -> DiskFullError:
    place = f" ({folder})" if folder is not None else ""
    return DiskFullError(f"the disk holding the database {where}{place} is full; free some "
                         "space and start again (the database itself was not changed)")


_LOST_STATES = ("08", "57P")
"""SQLSTATE classes of a connection that broke: connection exceptions, and the server
ending it (``pg_terminate_backend``, a shutdown or restart)."""


def connection_lost(exc: DBAPIError, dialect: str) -> bool:
    """True when ``exc`` says the connection to a database server broke or could not be
    made (a transaction run again on a new connection may succeed), not that the statement
    was wrong. SQLite has no connection to lose."""
    if dialect == "sqlite":
        return False
    if exc.connection_invalidated:
        return True
    state = getattr(exc.orig, "sqlstate", None)
    if state is None:  # a client-side failure: no server answered (refused, timed out, reset)
        return type(exc.orig).__name__ == "OperationalError"
    return str(state).startswith(_LOST_STATES)


def first_line(exc: DBAPIError) -> str:
    text = str(exc.orig) if exc.orig is not None else str(exc)
    return text.strip().splitlines()[0] if text.strip() else type(exc).__name__


def translate_error(exc: DBAPIError, where: str, folder: Path | None = None) -> StorageError:
    """A database driver error as a plain message (``folder``: where the SQLite file is,
    to tell a full disk from a damaged file)."""
    text = str(exc.orig) if exc.orig is not None else str(exc)
    low = text.lower()
    first = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    if "disk is full" in low or "no space left" in low or (
            folder is not None and ("i/o error" in low or "unable to open" in low)
            and disk_is_full(folder)):
        return disk_full_error(where, folder)
    if "locked" in low or "could not obtain lock" in low:
        return DatabaseLockedError(f"the database {where} is locked by another program; "
                                   "try again")
    if "not a database" in low or "malformed" in low:
        return NotADatabaseError(f"{where} is corrupt or not a database ({first})")
    if "readonly" in low or "read-only" in low:
        return DatabaseUnavailableError(f"the database {where} is read-only")
    if "unable to open" in low:
        return DatabaseUnavailableError(f"cannot open the database {where} ({first})")
    if NO_PASSWORD in low:
        return DatabaseUnavailableError(f"the database {where} wants a password: "
                                        f"{PASSWORD_HELP}")
    if "connection" in low or "connect" in low or "server" in low:
        return DatabaseUnavailableError(f"cannot reach the database {where} ({first})")
    return StorageError(f"database error on {where}: {first}")
