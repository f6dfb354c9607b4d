"""Alembic from code: the schema is brought to the newest revision at start-up.

Alembic itself is imported only when a migration runs, so opening an up-to-date database
stays fast; ``HEAD`` must name the newest revision (a test checks it against Alembic).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
HEAD = "0024"
VERSION_TABLE = "alembic_version"


def alembic_config(engine: Engine | None = None) -> Config:
    """An Alembic config pointing at the packaged migrations (no ini file needed).
    With ``engine``, env.py migrates that engine's database."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    if engine is not None:
        cfg.attributes["engine"] = engine
    return cfg


def head_revision() -> str:
    return HEAD


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    return {rev.revision for rev in script.walk_revisions()}


def alembic_head() -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(connection: Connection) -> str | None:
    if not inspect(connection).has_table(VERSION_TABLE):
        return None
    value = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()
    return None if value is None else str(value)


def upgrade(engine: Engine, revision: str = "head") -> None:
    from alembic import command

    command.upgrade(alembic_config(engine), revision)
