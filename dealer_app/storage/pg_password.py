"""A PostgreSQL password that is never on the command line.

libpq (through psycopg) reads ``PGPASSWORD``, the password file (``~/.pgpass`` or
``PGPASSFILE``) and the service file (``?service=NAME``) by itself. When none of them gives
the password a server asks for, :func:`engine_with_password` asks for it at the terminal
(not echoed) and keeps it in the engine's URL in memory only.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, create_engine
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

NO_PASSWORD = "no password supplied"
"""libpq's words when the server wants a password and none was found."""

AskFn = Callable[[URL], str | None]


def ask_at_terminal(url: URL) -> str | None:
    """The password typed at the terminal, or None when there is no terminal to ask at."""
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        return None
    import getpass

    who = f"{url.username or ''}@{url.host or 'localhost'}"
    try:
        return getpass.getpass(f"PostgreSQL password for {who}: ", stream=sys.stderr) or None
    except (EOFError, KeyboardInterrupt):
        return None


def engine_with_password(url: URL, connect_args: dict[str, Any],
                         ask: AskFn = ask_at_terminal) -> Engine:
    """An engine on ``url`` that can connect: the first connection is made here; if the
    server wants a password nobody gave, ``ask`` is asked once. Any other refusal is raised
    (``DBAPIError``) for the caller to put into words."""
    engine = create_engine(url, connect_args=connect_args, pool_pre_ping=True)
    try:
        with engine.connect():
            return engine
    except DBAPIError as exc:
        if url.password or NO_PASSWORD not in str(exc):
            engine.dispose()
            raise
        password = ask(url)
        engine.dispose()
        if not password:
            raise
    return create_engine(url.set(password=password), connect_args=connect_args,
                         pool_pre_ping=True)
