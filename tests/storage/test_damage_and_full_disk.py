"""`log verify` runs SQLite's integrity check; a full disk is reported as a full disk, not as
a corrupt database; no message shows a database password (issue 8.3, 8.4)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_app.cli import main
from dealer_app.storage import Database, StorageError, driver_errors
from dealer_app.storage.errors import DiskFullError, NotADatabaseError
from dealer_app.storage.integrity import integrity_problems
from dealer_app.storage.location import masked_url


def _damage_an_index(path: Path) -> None:
    """Scribbles over the first bytes of an index page no start-up query reads."""
    with sqlite3.connect(path) as conn:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'ix_hand_pot'"
                            ).fetchone()[0]
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with path.open("r+b") as fh:
        fh.seek((root - 1) * size)
        fh.write(b"\xff" * 16)


def test_verify_reports_a_damaged_file(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.sqlite3"
    with Database.open(f"sqlite:///{path}") as db:
        assert integrity_problems(db) == []
    assert main(["log", "verify", "--db", str(path)]) == 0
    _damage_an_index(path)
    capsys.readouterr()
    assert main(["log", "verify", "--db", str(path)]) == 1
    out = capsys.readouterr()
    assert "DAMAGED database file" in out.out
    assert "Traceback" not in out.err


def _existing_db(tmp_path: Path) -> Path:
    path = tmp_path / "dealer-app.sqlite3"
    Database.open(f"sqlite:///{path}").close()
    return path


def test_a_full_disk_at_start_up_is_not_called_corrupt(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = _existing_db(tmp_path)

    def no_room(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("disk I/O error")  # SQLite cannot make the -shm file

    monkeypatch.setattr(sqlite3, "connect", no_room)
    monkeypatch.setattr(driver_errors, "disk_is_full", lambda _folder: True)
    with pytest.raises(DiskFullError, match="is full") as caught:
        Database.open(f"sqlite:///{path}")
    assert "corrupt" not in str(caught.value)
    monkeypatch.undo()
    Database.open(f"sqlite:///{path}").close()  # with room again, it opens


def test_an_io_error_with_room_left_is_still_a_damaged_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _existing_db(tmp_path)

    def broken(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(sqlite3, "connect", broken)
    with pytest.raises(NotADatabaseError):
        Database.open(f"sqlite:///{path}")


@pytest.fixture
def full_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """An 8 MiB tmpfs, filled up (needs root; skipped elsewhere)."""
    folder = tmp_path / "small"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(folder)],
            capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_really_full_disk_at_start_up(full_tmpfs: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    existing = _existing_db(full_tmpfs)
    try:  # whatever room the database left (its ledger and checkpoint take some)
        with (full_tmpfs / "filler").open("wb") as fh:
            while True:
                fh.write(b"\0" * 65536)
                fh.flush()
    except OSError:
        pass
    for url in (f"sqlite:///{existing}", f"sqlite:///{full_tmpfs / 'new.sqlite3'}"):
        with pytest.raises(DiskFullError, match="is full"):
            Database.open(url)
    assert not (full_tmpfs / "new.sqlite3").exists()
    assert main(["log", "verify", "--db", str(existing)]) == 2
    assert "is full" in capsys.readouterr().err


SECRET = "s3cret-" + uuid.uuid4().hex[:6]


@pytest.mark.parametrize("url", [
    f"postgresql+nosuchdriver://dealer:{SECRET}@127.0.0.1:1/hands",
    f"post gres://dealer:{SECRET}@127.0.0.1/hands",
    f"postgresql+psycopg://dealer:{SECRET}@127.0.0.1:1/hands?connect_timeout=1",
], ids=["unknown-driver", "malformed", "unreachable"])  # stable ids: xdist workers compare them
def test_no_message_shows_a_database_password(url: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(StorageError) as caught:
        Database.open(url, busy_timeout=1)
    assert SECRET not in str(caught.value)
    assert main(["log", "verify", "--db", url]) == 2
    err = capsys.readouterr().err
    assert SECRET not in err and "dealer-app:" in err
    assert SECRET not in masked_url(url) and "***" in masked_url(url)
