"""Consistent copies of a live SQLite database with SQLite's online backup API."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from dealer_app.storage.errors import DatabaseUnavailableError, StorageError
from dealer_app.storage.private import create_private_file

Progress = Callable[[int, int], None]


def backup_sqlite_file(source: Path, target: Path, progress: Progress | None = None,
                       cancel: Callable[[], bool] | None = None) -> Path:
    """Copies ``source`` to ``target`` while other connections keep writing. The copy is made
    beside the target and renamed into place, so ``target`` is whole or absent.
    ``progress(done_pages, total_pages)``; ``cancel()`` returning True stops it (no file)."""
    if not source.is_file():
        raise DatabaseUnavailableError(f"no database file at {source}")
    folder = target.parent
    if not folder.is_dir():
        raise DatabaseUnavailableError(f"the folder {folder} does not exist")
    tmp = folder / f".{target.name}.partial"
    try:
        tmp.unlink(missing_ok=True)  # a crashed backup's: start afresh, 0600
        create_private_file(tmp)
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=10.0)
        dst = sqlite3.connect(tmp)
        try:
            done = _copy(src, dst, progress, cancel)
        finally:
            dst.close()
            src.close()
        if not done:
            tmp.unlink(missing_ok=True)
            raise StorageError("backup cancelled; no file written")
        os.replace(tmp, target)
    except sqlite3.Error as exc:
        tmp.unlink(missing_ok=True)
        raise StorageError(f"backup of {source} to {target} failed: {exc}") from None
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise DatabaseUnavailableError(f"cannot write {target}: {exc.strerror}") from None
    return target


class _Cancelled(Exception):
    pass


def _copy(src: sqlite3.Connection, dst: sqlite3.Connection, progress: Progress | None,
          cancel: Callable[[], bool] | None) -> bool:
    def step(_status: int, remaining: int, total: int) -> None:
        if progress is not None:
            progress(total - remaining, total)
        if cancel is not None and cancel():
            raise _Cancelled

    try:
        src.backup(dst, pages=256, progress=step)
    except _Cancelled:
        return False
    dst.execute("PRAGMA journal_mode = DELETE")
    return True
