"""Where the database lives: ``--db URL``, else ``DEALER_APP_DB``, else a SQLite file in the
user's data folder (platformdirs)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from platformdirs import user_data_dir

from dealer_app.storage.errors import DatabaseUnavailableError
from dealer_app.storage.private import private_folder

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

ENV_VAR = "DEALER_APP_DB"
APP_NAME = "dealer-app"
FILE_NAME = "dealer-app.sqlite3"


def default_db_path() -> Path:
    """``<user data dir>/dealer-app/dealer-app.sqlite3`` (the folder is not created here)."""
    return Path(user_data_dir(APP_NAME, appauthor=False)) / FILE_NAME


def resolve_db_url(cli_value: str | None = None) -> str:
    """The database URL to use. A plain file path is taken as a SQLite file. The default
    location's folder is created (0700, and made so if others could read it); a folder
    named explicitly must already exist."""
    value = cli_value or os.environ.get(ENV_VAR) or ""
    if not value:
        path = default_db_path()
        private_folder(path.parent, tighten=True)
        return f"sqlite:///{path}"
    if "://" not in value:
        return f"sqlite:///{Path(value).expanduser().absolute()}"
    return value


PASSWORD_HELP = (
    "give the URL without the password and the password in PGPASSWORD, in a password file "
    "(~/.pgpass, or the file PGPASSFILE names) or in a service file (~/.pg_service.conf, "
    "with ?service=NAME in the URL); on a terminal the app asks for it when the server "
    "wants one")
"""How to give a PostgreSQL password instead of on the command line (psycopg and libpq
read PGPASSWORD, the password file and the service file themselves)."""


def parse_db_url(url: str) -> URL:
    """``url`` parsed; ``DatabaseUnavailableError`` saying what is wrong with it (not a URL,
    a port that is not a number) instead of SQLAlchemy's exception."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url)
    except ArgumentError:
        raise DatabaseUnavailableError(f"{masked_url(url)!r} is not a database URL") from None
    except ValueError:
        import re

        port = re.search(r"://[^/?#]*:([^/?#@:]*)(?:[/?#]|$)", url)
        why = (f"its port {port[1]!r} is not a number" if port
               else "one of its parts is not valid")
        raise DatabaseUnavailableError(
            f"{masked_url(url)!r} is not a database URL: {why}") from None


def refuse_password_in_argument(url: str | None) -> None:
    """A URL given on the command line may not hold a password: every user of the machine
    reads the process list. ``DatabaseUnavailableError`` saying how to give it instead."""
    if not url or "://" not in url:
        return
    if "@" not in url.partition("://")[2]:
        return  # no user part, so no password (and SQLAlchemy not imported before the window)
    if parse_db_url(url).password:
        raise DatabaseUnavailableError(
            f"--db: the URL holds a password, which anyone on this machine can read in the "
            f"process list; nothing was opened. {PASSWORD_HELP[0].upper()}{PASSWORD_HELP[1:]}.")


def masked_url(url: str) -> str:
    """``url`` fit to show or log: its password, if any, replaced by ``***``."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        # not a URL SQLAlchemy can read: still hide whatever sits between ':' and '@'
        import re

        return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)
