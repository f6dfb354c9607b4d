"""Where the database lives: ``--db URL``, else ``DEALER_APP_DB``, else a SQLite file in the
user's data folder (platformdirs)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir

from dealer_app.storage.private import private_folder

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
