"""Shared fixtures. Storage: ``db_url`` runs a test on a fresh SQLite file and, when
DEALER_APP_TEST_PG_URL is set, again on a fresh PostgreSQL schema."""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator

import pytest
from storage.helpers import FakeClock

from dealer_app.services import staff as _staff

PG_ENV = "DEALER_APP_TEST_PG_URL"
PRODUCTION_SCRYPT_N = _staff.SCRYPT_N
"""The PIN hashes' work factor the app ships with (tests/services/test_staff.py checks it)."""
_staff.SCRYPT_N = 2**10  # every test in this process hashes PINs cheaply; children do not
os.environ.setdefault("DEALER_APP_LOG_DIR", tempfile.mkdtemp(prefix="dealer-app-test-log-"))
"""The app's log file of the test run: not the user's data folder."""


def _backends() -> list[str]:
    return ["sqlite", "postgresql"] if os.environ.get(PG_ENV) else ["sqlite"]


@pytest.fixture(params=_backends())
def db_url(request: pytest.FixtureRequest, tmp_path: object) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/test.sqlite3"
        return
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    base = os.environ[PG_ENV]
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


@pytest.fixture(scope="session", autouse=True)
def _key_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """One checkpoint key for the whole run (made once), never the user's own; set before
    any session-scoped template database is built."""
    folder = tmp_path_factory.mktemp("config")
    saved = {k: os.environ.get(k) for k in ("DEALER_APP_CONFIG_DIR", "DEALER_APP_ANCHOR_DIR")}
    os.environ["DEALER_APP_CONFIG_DIR"] = str(folder)
    os.environ["DEALER_APP_ANCHOR_DIR"] = str(tmp_path_factory.mktemp("session-anchors"))
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


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(autouse=True)
def _no_modal_file_dialog(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file dialog a test forgot to answer fails the test at once instead of waiting for a
    person (every dialog of the app goes through ``dealer_app.gui.file_dialogs``)."""
    import sys

    module = sys.modules.get("dealer_app.gui.file_dialogs")
    if module is None:
        return

    def refuse(dialog: object) -> list[str]:
        raise AssertionError("a test opened a modal file dialog: patch "
                             "dealer_app.gui.file_dialogs (save_file_name, _chosen...)")

    monkeypatch.setattr(module, "_chosen", refuse)
