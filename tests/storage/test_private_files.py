"""Issue 20, finding 2: what the app creates is its owner's alone, whatever the umask: the
database and its -wal/-shm, backups, the app's log (and its rotated files) 0600, the data
folder 0700; the umask is never changed to get there (it is shared by every thread)."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_app import app_log
from dealer_app.storage import Database
from dealer_app.storage.backup import backup_sqlite_file
from dealer_app.storage.location import resolve_db_url

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The loosest umask (0), and os.umask refused while the test runs."""
    old = os.umask(0)
    monkeypatch.setattr(os, "umask", lambda *_: pytest.fail("the umask is process-wide"))
    yield
    monkeypatch.undo()
    os.umask(old)


def test_the_database_its_wal_and_shm_and_a_backup_are_0600(tmp_path: Path,
                                                             open_umask: None) -> None:
    path = tmp_path / "floor.sqlite3"
    db = Database.open(f"sqlite:///{path}", sign=False)
    try:
        with db.read() as s:  # the WAL and its index exist while a connection is open
            s.execute(__import__("sqlalchemy").text("SELECT 1"))
            wal, shm = path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")
            assert wal.exists() and shm.exists()
            assert (mode(path), mode(wal), mode(shm)) == (0o600, 0o600, 0o600)
    finally:
        db.close()
    copy = backup_sqlite_file(path, tmp_path / "copy.sqlite3")
    assert mode(copy) == 0o600


def test_the_data_folder_is_0700_and_tightened(tmp_path: Path, open_umask: None,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DEALER_APP_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    url = resolve_db_url(None)
    folder = Path(url.removeprefix("sqlite:///")).parent
    assert folder.parent == tmp_path / "share" and mode(folder) == 0o700
    os.chmod(folder, 0o755)  # made by an older dealer-app
    resolve_db_url(None)
    assert mode(folder) == 0o700


def test_the_log_file_and_its_rotated_files_are_0600(tmp_path: Path, open_umask: None,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    app_log.stop_logging()
    monkeypatch.setenv(app_log.ENV_VAR, str(tmp_path / "logs"))
    monkeypatch.setattr(app_log, "MAX_BYTES", 200)
    try:
        path = app_log.setup_logging("test")
        assert path is not None
        for i in range(10):
            logging.getLogger("dealer_app.test").info("line %d %s", i, "x" * 40)
        rotated = path.with_name(path.name + ".1")
        assert rotated.exists()
        assert (mode(path.parent), mode(path), mode(rotated)) == (0o700, 0o600, 0o600)
    finally:
        app_log.stop_logging()
