"""Files the exports write: whole or not at all, readable by their owner only (0600).

- ``atomic_write(path)``: a temporary file beside ``path``, renamed over it when the block
  ends normally, deleted when it raises (:class:`Cancelled` included).
- ``temp_path_beside(path)``: such a temporary name for writers that want a name (Qt's PDF
  writer); rename it with :func:`os.replace` when done.
Both give the file the 0600 of :func:`tempfile.mkstemp` (set as it is created; the umask is
never read or changed): an export holds players' names and every hand, so no other local
user reads it unless its owner shares it (``chmod``).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


class Cancelled(Exception):
    """Raised inside an :func:`atomic_write` block to drop the file being written."""


def _temp_file(target: Path) -> tuple[int, Path]:
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    return fd, Path(tmp)


@contextmanager
def atomic_write(path: str | os.PathLike[str], *, newline: str | None = None,
                 binary: bool = False) -> Iterator[IO[str] | IO[bytes]]:
    """Opens a temporary file beside ``path``; renames it over ``path`` when the block ends
    normally, deletes it when the block raises (including :class:`Cancelled`)."""
    fd, tmp = _temp_file(Path(path))
    handle: IO[str] | IO[bytes]
    if binary:
        handle = os.fdopen(fd, "wb")
    else:
        handle = os.fdopen(fd, "w", encoding="utf-8", newline=newline)
    try:
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def temp_path_beside(path: str | os.PathLike[str]) -> Path:
    """A fresh temporary file name in ``path``'s folder (for writers that want a name, such
    as Qt's PDF writer), mode 0600; rename it with :func:`os.replace`."""
    fd, tmp = _temp_file(Path(path))
    os.close(fd)
    return tmp
