"""Who is connected: the ``application_name`` every PostgreSQL connection of this process
carries (``dealer-app floor @pit-boss-1 (pid 4242)``), so an administrator tells the
stations and the views apart in ``pg_stat_activity``. The command sets the view
(:func:`set_view`); the station is the computer's name and the process id."""

from __future__ import annotations

import os
import socket

MAX_LENGTH = 63
"""PostgreSQL keeps the first 63 bytes of an application name."""
_view = ["dealer-app"]


def set_view(view: str) -> None:
    """The view (or command) this process runs: ``dealer``, ``floor``, ``display T1``..."""
    _view[0] = f"dealer-app {' '.join(view.split())}".strip()


def application_name(suffix: str = "") -> str:
    """``dealer-app <view> @<host> (pid N)`` plus ``suffix`` (``feed``: the change feed's
    own connection), cut to PostgreSQL's 63 bytes."""
    name = f"{_view[0]} @{socket.gethostname()} (pid {os.getpid()})"
    if suffix:
        name += f" {suffix}"
    return name.encode()[:MAX_LENGTH].decode(errors="ignore")
