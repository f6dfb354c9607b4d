"""Shared fixtures. Storage: ``db_url`` runs a test on a fresh SQLite file and, when
DEALER_APP_TEST_PG_URL is set, again on a fresh PostgreSQL schema."""

from __future__ import annotations

import atexit
import gc
import json
import os
import re
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import language_guard
import pytest
from hypothesis import settings as _hypothesis
from sqlalchemy import Connection, Engine, event
from storage.helpers import SESSION_ANCHORS, FakeClock

from dealer_app.services import staff as _staff

PG_ENV = "DEALER_APP_TEST_PG_URL"
PRODUCTION_SCRYPT_N = _staff.SCRYPT_N
"""The PIN hashes' work factor the app ships with (tests/services/test_staff.py checks it)."""
TEST_SCRYPT_N = 2**4
"""The work factor of the tests' PIN hashes (2**10 cost 1.6 ms a hash, 1-2 s of the run)."""
_staff.SCRYPT_N = TEST_SCRYPT_N  # every test in this process hashes PINs cheaply; children do not
if "DEALER_APP_LOG_DIR" not in os.environ:
    os.environ["DEALER_APP_LOG_DIR"] = tempfile.mkdtemp(prefix="dealer-app-test-log-")
    atexit.register(shutil.rmtree, os.environ["DEALER_APP_LOG_DIR"], True)
"""The app's log file of the test run (not the user's data folder), removed at the end."""
_hypothesis.register_profile("suite", max_examples=100)
_hypothesis.register_profile("thorough", max_examples=1000)
_hypothesis.load_profile(os.environ.get("DEALER_APP_HYPOTHESIS", "suite"))
"""The engine's properties try 100 random hands each in the suite (150 before: a third of
their time for little more found; a seed that fails is replayed first from Hypothesis'
database); ``DEALER_APP_HYPOTHESIS=thorough`` tries 1,000."""


class _CompiledAcrossEngines(dict[Any, Any]):
    """SQLAlchemy's compiled-statement cache shared by every engine of the test process.
    Its keys start with the engine's dialect object, a new one for each database a test
    opens, so each test compiled the app's statements anew (a fifth of a services test's
    CPU); here the dialect counts by its class, driver and server version. The app itself
    opens one engine per process and keeps SQLAlchemy's own cache."""

    @staticmethod
    def _key(key: Any) -> Any:
        dialect = key[0]
        return ((type(dialect), dialect.driver, dialect.server_version_info), *key[1:])

    def get(self, key: Any, default: Any = None) -> Any:
        return super().get(self._key(key), default)

    def __setitem__(self, key: Any, value: Any) -> None:
        if len(self) > 20_000:
            self.clear()
        super().__setitem__(self._key(key), value)


_COMPILED = _CompiledAcrossEngines()


@event.listens_for(Engine, "engine_connect")
def _share_compiled_statements(conn: Connection) -> None:
    conn.execution_options(compiled_cache=_COMPILED)


PG_STATEMENTS_ENV = "DEALER_APP_TEST_PG_STATEMENTS"
"""A folder: each worker writes there the SQL statements every test sent to PostgreSQL
(``scripts/pg-twins`` reads them to choose which PostgreSQL twins run)."""
PG_ALL_ENV = "DEALER_APP_TEST_PG_ALL"
"""Set (to anything): every PostgreSQL twin runs, also those :data:`PG_TWINS_FILE` drops."""
PG_TWINS_FILE = Path(__file__).parent / "pg_twins_covered.txt"
"""The PostgreSQL twins the suite skips: every statement they send to PostgreSQL is sent by
a twin that runs (written by ``scripts/pg-twins``; a test not listed keeps its twin)."""


def _backends() -> list[str]:
    return ["sqlite", "postgresql"] if os.environ.get(PG_ENV) else ["sqlite"]


@pytest.fixture(params=_backends())
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, migrated, empty database: a copy of a migrated SQLite file made once per
    process, or a new PostgreSQL schema made from the DDL of one migrated once (see
    :func:`_pg_template`). Migrating each test's database anew took a third of the run."""
    if request.param == "sqlite":
        template: Path = request.getfixturevalue("_sqlite_template")
        shutil.copyfile(template, tmp_path / "test.sqlite3")
        yield f"sqlite:///{tmp_path}/test.sqlite3"
        return
    template_sql: _PgTemplate = request.getfixturevalue("_pg_template")
    schema = template_sql.acquire()
    try:
        yield template_sql.url(schema)
    finally:
        template_sql.release(schema)


def _pg_twins_covered() -> frozenset[str]:
    if os.environ.get(PG_ALL_ENV) or os.environ.get(PG_STATEMENTS_ENV) \
            or not PG_TWINS_FILE.exists():
        return frozenset()
    return frozenset(line.strip() for line in PG_TWINS_FILE.read_text().splitlines()
                     if line.strip() and not line.startswith("#"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked ``one_backend`` (a refusal before the database is reached, words) runs on
    SQLite alone: its PostgreSQL run would test the same code again at 4x the cost. So does
    a test whose PostgreSQL twin :data:`PG_TWINS_FILE` lists: each SQL statement it sends
    to PostgreSQL is also sent by a twin that runs (``DEALER_APP_TEST_PG_ALL=1`` runs them
    all)."""
    covered = _pg_twins_covered()
    dropped = [item for item in items
               if getattr(item, "callspec", None) is not None
               and item.callspec.params.get("db_url") == "postgresql"
               and (item.get_closest_marker("one_backend") or item.nodeid in covered)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if item not in dropped]


class _StatementLog:
    """The SQL statements each test sends to PostgreSQL, by test (see
    :data:`PG_STATEMENTS_ENV`): parameters' numbered names and the IN lists' lengths
    folded, so one statement reads the same in every test."""

    _numbered = re.compile(r"(%\((\w+?)_\d+\)s)(, %\(\2_\d+\)s)*")
    _schema = re.compile(r"\bt_(template_)?[0-9a-f]{16}\b")

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.current = ""
        self.seen: dict[str, set[str]] = {}
        self.took: dict[str, float] = {}

    def sent(self, conn: Connection, cursor: object, statement: str, *_args: object) -> None:
        if conn.dialect.name != "postgresql" or not self.current:
            return
        folded = self._numbered.sub(r"%(\2_n)s", " ".join(statement.split()))
        self.seen.setdefault(self.current, set()).add(self._schema.sub("t_X", folded))

    def write(self, worker: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        data = {"statements": {k: sorted(v) for k, v in self.seen.items()},
                "seconds": self.took}
        (self.folder / f"{worker}.json").write_text(json.dumps(data))


_STATEMENTS = (_StatementLog(Path(os.environ[PG_STATEMENTS_ENV]))
               if os.environ.get(PG_STATEMENTS_ENV) else None)
if _STATEMENTS is not None:
    event.listen(Engine, "before_cursor_execute", _STATEMENTS.sent)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built (the app's modules, Qt's, every test's) is moved out of the
    garbage collector's sight, and it runs less often: its passes over those objects took
    8-10 % of the tests' CPU. Only the test process: the app keeps Python's defaults."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def pytest_runtest_logstart(nodeid: str, location: object) -> None:
    if _STATEMENTS is not None:
        _STATEMENTS.current = nodeid


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if _STATEMENTS is not None:
        took = _STATEMENTS.took
        took[report.nodeid] = took.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    if _STATEMENTS is not None and _STATEMENTS.seen:  # (xdist's controller ran no test)
        _STATEMENTS.write(os.environ.get("PYTEST_XDIST_WORKER", "main"))


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory, _key_folder: Path) -> Path:
    """An empty SQLite hand log at the newest schema (a new file's migration writes nothing
    to the anchor folder, so the file alone is the template)."""
    from dealer_app.storage import Database

    path = tmp_path_factory.mktemp("sqlite-template") / "test.sqlite3"
    Database.open(f"sqlite:///{path}").close()
    extra = sorted(p.name for p in path.parent.iterdir() if p != path)
    assert not extra, f"the template left files beside it: {extra}"
    return path


@pytest.fixture(autouse=True)
def _new_sqlite_files_from_the_template(_sqlite_template: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A new, empty SQLite file a test opens (the first start, a practice table, a demo
    floor, a command's ``--db``) gets the migrated template's pages (SQLite's backup) instead
    of running every migration again: Alembic's run cost 0.3-1.5 s a file, in about a
    hundred tests. Only an empty file migrated to the head is taken this way; an older
    schema, a revision named, PostgreSQL and the template itself still run Alembic (the
    template is a real first migration, which tests/storage/test_migrations.py checks
    against the models)."""
    import sqlite3

    from sqlalchemy import inspect

    from dealer_app.storage import migrate

    real = migrate.upgrade

    def upgrade(engine: Engine, revision: str = "head") -> None:
        if revision == "head" and engine.dialect.name == "sqlite" and engine.url.database \
                and engine.url.database != ":memory:":
            with engine.connect() as conn:
                empty = not inspect(conn).get_table_names()
            if empty:
                source = sqlite3.connect(_sqlite_template)
                target = engine.raw_connection()
                try:
                    source.backup(target.driver_connection)  # type: ignore[arg-type]
                finally:
                    target.close()
                    source.close()
                return
        real(engine, revision)

    monkeypatch.setattr(migrate, "upgrade", upgrade)


class _PgTemplate:
    """Makes migrated schemas: replays the ``pg_dump`` of one schema migrated once (about
    3x cheaper than running the migrations), or migrates each schema when pg_dump is not
    there. A schema a test is done with is emptied and used again when its tables are still
    those of the template (a migration test may have changed them): emptying costs ~5 ms,
    a new schema and its drop ~75 ms (``TRUNCATE`` costs more than either)."""

    def __init__(self, base: str) -> None:
        from sqlalchemy import create_engine

        self.base = base
        # its DDL commits need not wait for the WAL flush either (see url())
        self.admin = create_engine(base, pool_size=1,
                                   connect_args={"options": "-csynchronous_commit=off"})
        self.ddl: str | None = None
        self.name = ""
        self.shape = ""
        self.free: list[str] = []
        self.empty = ""
        """The statements that empty a schema of the template's shape (``{schema}``)."""

    def url(self, schema: str) -> str:
        from sqlalchemy.engine import make_url

        # A commit that waits for its WAL flush costs ~5 ms here, 0.2 ms without the wait;
        # only a crash of the server itself could lose such a commit, never one of the app.
        options = f"-csearch_path={schema} -csynchronous_commit=off"
        url = make_url(self.base).update_query_dict({"options": options})
        return url.render_as_string(hide_password=False)

    def create(self, schema: str) -> None:
        """A migrated schema, or an empty one the test's first open migrates."""
        with self.admin.begin() as conn:
            if self.ddl is None:
                conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
            else:  # psycopg runs several statements in one call only without parameters
                conn.connection.driver_connection.execute(self.ddl.replace(self.name, schema))

    def drop(self, *schemas: str) -> None:
        """Drops the schemas, five a statement (one by one, the run's last 1.7 s; a lock
        for each of their ~200 tables, indexes and sequences: the server's lock table
        holds 64 a connection by default)."""
        for start in range(0, len(schemas), 5):
            with self.admin.begin() as conn:
                conn.exec_driver_sql(f"DROP SCHEMA {', '.join(schemas[start:start + 5])} "
                                     "CASCADE")

    def acquire(self) -> str:
        """An empty migrated schema: one emptied after an earlier test, or a new one."""
        if self.free:
            return self.free.pop()
        schema = f"t_{uuid.uuid4().hex[:16]}"
        self.create(schema)
        return schema

    def release(self, schema: str) -> None:
        """Empties the schema for the next test, or drops it if it is not the template's
        shape any more (or cannot be emptied, e.g. a connection a test left holds a lock)."""
        from sqlalchemy.exc import SQLAlchemyError

        if self.ddl is not None and self.empty:
            try:
                with self.admin.begin() as conn:
                    conn.exec_driver_sql("SET LOCAL lock_timeout = '2s'")
                    if self._shape(conn, schema) == self.shape:
                        conn.connection.driver_connection.execute(
                            self.empty.format(schema=schema))
                        self.free.append(schema)
                        return
            except SQLAlchemyError:
                pass
        self.drop(schema)

    def close(self) -> None:
        self.drop(*self.free)
        self.free.clear()
        self.admin.dispose()

    @staticmethod
    def _shape(conn: Any, schema: str) -> str:
        """A digest of the schema's tables, columns, indexes, constraints, functions,
        triggers and migration version."""
        # pg_get_constraintdef names a referenced table with its schema: the digest leaves
        # the schema's own name out, or no schema would ever match the template's shape
        return str(conn.exec_driver_sql(f"""
            SELECT md5(replace(concat_ws('|',
              (SELECT string_agg(c.relname::text || ':' || c.relkind::text || ':'
                                 || coalesce(a.attname::text, '') || ':'
                                 || coalesce(format_type(a.atttypid, a.atttypmod), ''),
                                 ',' ORDER BY c.relname, a.attnum)
                 FROM pg_class c LEFT JOIN pg_attribute a
                   ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                WHERE c.relnamespace = '{schema}'::regnamespace),
              (SELECT string_agg(conname::text || pg_get_constraintdef(oid), ','
                                 ORDER BY conname)
                 FROM pg_constraint WHERE connamespace = '{schema}'::regnamespace),
              (SELECT string_agg(proname::text || md5(prosrc), ',' ORDER BY proname)
                 FROM pg_proc WHERE pronamespace = '{schema}'::regnamespace),
              (SELECT string_agg(t.tgname::text, ',' ORDER BY t.tgname)
                 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                WHERE c.relnamespace = '{schema}'::regnamespace AND NOT t.tgisinternal),
              (SELECT string_agg(version_num, ',') FROM {schema}.alembic_version)),
              '{schema}', ''))
            """).scalar())

    def prepare(self) -> None:
        """Migrates the template schema and reads its DDL back with pg_dump."""
        import shutil as _shutil
        import subprocess

        from psycopg.conninfo import make_conninfo
        from sqlalchemy.engine import make_url

        pg_dump = _shutil.which("pg_dump")
        if pg_dump is None:
            return
        from dealer_app.storage import Database

        self.name = f"t_template_{uuid.uuid4().hex[:16]}"
        self.create(self.name)
        Database.open(self.url(self.name)).close()
        url = make_url(self.base)
        params = {k: v for k, v in (("host", url.host), ("port", url.port),
                                    ("user", url.username), ("password", url.password),
                                    ("dbname", url.database)) if v}
        try:
            done = subprocess.run(
                [pg_dump, "--schema", self.name, "--no-owner", "--no-privileges", "--inserts",
                 "--dbname", make_conninfo("", **params)],
                capture_output=True, text=True, check=True, timeout=60)
        except (subprocess.SubprocessError, OSError):
            return  # e.g. a pg_dump older than the server: migrate each schema
        finally:
            self.drop(self.name)
        # pg_dump's own meta-commands (\restrict...) are not SQL
        self.ddl = "\n".join(line for line in done.stdout.splitlines()
                             if not line.startswith("\\"))
        # the shape a schema made from the DDL has (a CHECK's text read back differs from
        # the migrated one's): learnt on the first such schema, the first test's
        first = self.acquire()
        self._learn_shape(first)
        self.free.append(first)

    def _learn_shape(self, schema: str) -> None:
        """The template's shape, and how to empty a schema of it: a DELETE per table, the
        referencing ones first, and every sequence restarted."""
        from dealer_app.storage.models import Base

        with self.admin.begin() as conn:
            self.shape = self._shape(conn, schema)
            sequences = [row[0] for row in conn.exec_driver_sql(
                f"SELECT sequencename FROM pg_sequences WHERE schemaname = '{schema}'")]
            stored = {row[0] for row in conn.exec_driver_sql(
                f"SELECT tablename FROM pg_tables WHERE schemaname = '{schema}'")}
        tables = [t.name for t in reversed(Base.metadata.sorted_tables)]
        if stored != {*tables, "alembic_version"}:
            return  # tables the models do not know: a new schema for every test
        self.empty = "; ".join([*(f"DELETE FROM {{schema}}.{t}" for t in tables),
                                *(f"ALTER SEQUENCE {{schema}}.{q} RESTART" for q in sequences)])


@pytest.fixture(scope="session")
def _pg_template(_key_folder: Path) -> Iterator[_PgTemplate]:
    template = _PgTemplate(os.environ[PG_ENV])
    template.prepare()
    yield template
    template.close()


@pytest.fixture(scope="session", autouse=True)
def _key_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """One checkpoint key for the whole run (made once), never the user's own; set before
    any session-scoped template database is built."""
    folder = tmp_path_factory.mktemp("config")
    saved = {k: os.environ.get(k) for k in ("DEALER_APP_CONFIG_DIR", "DEALER_APP_ANCHOR_DIR")}
    os.environ["DEALER_APP_CONFIG_DIR"] = str(folder)
    os.environ["DEALER_APP_ANCHOR_DIR"] = str(tmp_path_factory.mktemp("session-anchors"))
    SESSION_ANCHORS[:] = [Path(os.environ["DEALER_APP_ANCHOR_DIR"])]
    yield folder
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(autouse=True)
def _own_key_and_anchors(_key_folder: object, tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test signs with a throwaway key and anchors in its own folder."""
    monkeypatch.setenv("DEALER_APP_CONFIG_DIR", str(_key_folder))
    monkeypatch.setenv("DEALER_APP_ANCHOR_DIR", str(tmp_path_factory.mktemp("anchors")))


@pytest.fixture(autouse=True)
def _own_workstation_settings(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every test starts with no saved workstation settings (language, window sizes) and
    leaves none behind: a test that saved Swedish made a later test's command speak it, and
    a user's own settings must never decide a test or be written by one."""
    from PySide6.QtCore import QSettings

    folder = str(tmp_path_factory.mktemp("workstation"))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, folder)


one_language_per_test = language_guard.one_language_per_test
"""Every test in its own language scope (see ``tests/language_guard.py``)."""


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(autouse=True)
def _no_modal_file_dialog(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file dialog a test forgot to answer fails the test at once instead of waiting for a
    person (every dialog of the app goes through ``dealer_app.gui.toolkit.file_dialogs``)."""
    import sys

    module = sys.modules.get("dealer_app.gui.toolkit.file_dialogs")
    if module is None:
        return

    def refuse(dialog: object) -> list[str]:
        raise AssertionError("a test opened a modal file dialog: patch "
                             "dealer_app.gui.toolkit.file_dialogs (save_file_name, _chosen...)")

    monkeypatch.setattr(module, "_chosen", refuse)


SHARED_BUILDS = {
    "tests/review/test_paging.py": "bulk_db", "tests/review/test_models.py": "bulk_db",
    "tests/services/test_evidence.py": "demo_template",
    "tests/review/test_find.py": "named_template",
    "tests/review/test_compliance_reports.py": "report_template",
    "tests/engine/test_evaluator.py": "strengths",
    "tests/gui/test_refusals.py": "refusals", "tests/engine/test_refusal_reasons.py": "refusals",
}
"""Files whose tests share a fixture that builds much, once per process. Under ``--dist
loadgroup`` (what ./scripts/run-tests uses) each such group runs on one worker, so it is
built once, not once per worker; every other test goes to whichever worker is free. (The
scheduler below does this by file: xdist's own xdist_group marks are lost on pytest 9.)"""


try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # -p no:xdist still works without the plugin installed
    LoadScopeScheduling = None


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    if LoadScopeScheduling is None or config.getvalue("dist") != "loadgroup":
        return None

    class SharedBuildScheduling(LoadScopeScheduling):  # type: ignore[misc,valid-type]
        def _split_scope(self, nodeid: str) -> str:
            return SHARED_BUILDS.get(nodeid.split("::", 1)[0], nodeid)

    return SharedBuildScheduling(config, log)
