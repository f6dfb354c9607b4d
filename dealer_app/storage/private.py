"""Files and folders only their owner reads: 0600 and 0700, given at creation.

The database (SQLite gives its ``-wal``, ``-shm`` and ``-journal`` the main file's mode, so
the main file is made 0600 before SQLite opens it), its backups, the exports, the app's log
file and the data folder hold PIN hashes and every hand: no other local user may read them.
Each mode is passed to the call that creates the file (``os.open``, ``mkstemp``,
``os.mkdir``), never by changing the process' umask, which is shared by every thread.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

FILE_MODE = 0o600
FOLDER_MODE = 0o700


def private_opener(path: str, flags: int) -> int:
    """An ``opener`` for :func:`open` whose new files are 0600."""
    return os.open(path, flags, FILE_MODE)


def create_private_file(path: Path) -> bool:
    """Creates ``path`` empty and 0600 unless it exists; True if this call created it."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        return False
    os.close(fd)
    return True


def private_folder(path: Path, *, tighten: bool = False) -> Path:
    """Creates ``path`` (and its missing parents) with the last folder 0700. ``tighten``: an
    existing folder of this user that others may read is made 0700 too (the app's own
    data folder; never a folder the user named)."""
    if not path.is_dir():
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            path.mkdir(mode=FOLDER_MODE)
        return path
    if tighten:
        with contextlib.suppress(OSError, AttributeError):  # no getuid on Windows
            info = path.stat()
            if info.st_uid == os.getuid() and stat.S_IMODE(info.st_mode) & 0o077:
                os.chmod(path, stat.S_IMODE(info.st_mode) & ~0o077)
    return path
