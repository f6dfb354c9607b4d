"""Worlds built once and copied into each test's fresh database (``db_url``): a SQLite file
copied, or a PostgreSQL schema's rows and sequences copied into the test's empty schema,
with the anchor files the build wrote. A copy is the same database, row for row, signed by
the run's checkpoint key (conftest's ``_key_folder``) as if the test had built it; building
one again for each test cost 0.2-1.1 s, a copy a few milliseconds."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import make_url

from dealer_app.storage.models import Base

Build = Callable[[str], Any]
"""Builds a world in the empty database at the URL given; what it returns is kept."""


@contextmanager
def anchored_in(anchors: Path) -> Iterator[None]:
    """The app's anchor files go to ``anchors`` meanwhile."""
    saved = os.environ["DEALER_APP_ANCHOR_DIR"]
    os.environ["DEALER_APP_ANCHOR_DIR"] = str(anchors)
    try:
        yield
    finally:
        os.environ["DEALER_APP_ANCHOR_DIR"] = saved


class Worlds:
    """Worlds by backend and name, each built on first use and copied for every test."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.built: dict[tuple[str, str], tuple[str, Path, Any]] = {}
        self.schemas: list[tuple[Any, str]] = []
        self.scripts: dict[str, str] = {}
        """The statements copying each PostgreSQL world into a schema ``{target}``."""

    def copy(self, request: pytest.FixtureRequest, db_url: str, name: str,
             build: Build) -> Any:
        """World ``name`` (made by ``build`` the first time) in the test's empty database
        ``db_url``, its anchor files in the test's anchor folder; what ``build`` returned."""
        backend = make_url(db_url).get_backend_name()
        if (backend, name) not in self.built:
            self.built[backend, name] = self._build(request, backend, name, build)
        source, anchors, made = self.built[backend, name]
        shutil.copytree(anchors, os.environ["DEALER_APP_ANCHOR_DIR"], dirs_exist_ok=True)
        if backend == "sqlite":
            target = make_url(db_url).database
            assert target is not None
            shutil.copyfile(source, target)
        else:
            template = request.getfixturevalue("_pg_template")
            if source not in self.scripts:
                self.scripts[source] = copy_script(template.admin, source)
            target = search_path(db_url)
            with template.admin.begin() as conn:  # one round trip on a connection kept
                conn.connection.driver_connection.execute(
                    self.scripts[source].format(target=target))
        return made

    def _build(self, request: pytest.FixtureRequest, backend: str, name: str,
               build: Build) -> tuple[str, Path, Any]:
        folder = self.folder / f"{backend}-{name}"
        folder.mkdir()
        if backend == "sqlite":
            source = str(folder / "world.sqlite3")
            url = f"sqlite:///{source}"
        else:  # a schema of its own from conftest's PostgreSQL template
            template = request.getfixturevalue("_pg_template")
            source = template.acquire()
            self.schemas.append((template, source))
            url = template.url(source)
        (folder / "anchors").mkdir()
        with anchored_in(folder / "anchors"):
            made = build(url)
        return source, folder / "anchors", made

    def close(self) -> None:
        for template in {id(t): t for t, _ in self.schemas}.values():
            template.drop(*(s for t, s in self.schemas if t is template))
        self.schemas.clear()


def copy_script(admin: Engine, source: str) -> str:
    """The statements that copy every row of PostgreSQL schema ``source`` into an empty
    one of the same shape, ``{target}``, and set its sequences where they were. Run in one
    call on a kept connection: a new connection and a round trip per table cost 60-100 ms
    a test (2026-12-04)."""
    with admin.connect() as conn:
        sequences = conn.exec_driver_sql(
            "SELECT sequencename, last_value FROM pg_sequences "
            "WHERE schemaname = %(s)s", {"s": source}).all()
    statements = ['SET LOCAL search_path = "{target}"']  # (the triggers' current_schema())
    for table in Base.metadata.sorted_tables:
        columns = ", ".join(f'"{c.name}"' for c in table.columns)
        statements.append(f'INSERT INTO "{{target}}"."{table.name}" ({columns}) '
                          f'SELECT {columns} FROM "{source}"."{table.name}"')
    statements += [f"SELECT setval('\"{{target}}\".\"{name}\"', {int(last)})"
                   for name, last in sequences if last is not None]
    return "; ".join(statements)


def search_path(db_url: str) -> str:
    """The schema of a test's PostgreSQL URL (conftest's ``_PgTemplate.url``)."""
    options = str(make_url(db_url).query.get("options", ""))
    found = re.search(r"-csearch_path=(\w+)", options)
    assert found is not None, db_url
    return found.group(1)


@contextmanager
def worlds(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Worlds]:
    """For a fixture of the scope the worlds are kept for."""
    built = Worlds(tmp_path_factory.mktemp(name))
    try:
        yield built
    finally:
        built.close()
