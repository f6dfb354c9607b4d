"""Every file dialog of the app lists the database's folder without opening the database's
files, so the process keeps its SQLite locks and a second process sees its writes (issue 8.1).

Before gui/toolkit/file_dialogs.py, Qt's MIME sniffing (icon provider -> QMimeDatabase) opened and
closed ``*.db``, ``-wal`` and ``-shm``: the process lost its POSIX locks, a second process
checkpointed and deleted the WAL, and the window's next write was never seen by anyone else.
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QFileSystemModel
from pytestqt.qtbot import QtBot
from storage.helpers import FakeClock
from storage.locks import held_locks, sqlite_files

from dealer_app.gui.review import open_review_window
from dealer_app.gui.toolkit import file_dialogs
from dealer_app.services import HandStatus, Services

from .datagen import World

DB_NAMES = ["dealer-app.sqlite3", "hands.db"]


def other_process(path: Path, sql: str) -> str:
    """Runs one query in a second process (as `log verify` or a dealer window would)."""
    code = ("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            "print(c.execute(sys.argv[2]).fetchall()); c.close()")
    done = subprocess.run([sys.executable, "-c", code, str(path), sql], check=True,
                          capture_output=True, text=True, timeout=60)
    return done.stdout.strip()


@pytest.fixture(params=DB_NAMES)
def app_on(request: pytest.FixtureRequest, played_template: tuple[Path, World],
           tmp_path: Path) -> Iterator[tuple[World, Path]]:
    source, world = played_template
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / request.param
    shutil.copy(source, path)
    services = Services.open(f"sqlite:///{path}", clock=FakeClock())
    yield dataclasses.replace(world, svc=services), path
    services.close()


def list_folder(qtbot: QtBot, dialog: QFileDialog, names: list[str]) -> None:
    """Shows ``dialog`` on all files and waits until its model has typed every name (a
    folder dialog shows folders only: it waits for the folder made beside the files)."""
    if dialog.fileMode() == QFileDialog.FileMode.Directory:
        (Path(dialog.directory().absolutePath()) / "exports").mkdir(exist_ok=True)
        names = ["exports"]
    else:
        dialog.selectNameFilter("All files (*)")
    dialog.show()
    model = dialog.findChild(QFileSystemModel)
    assert model is not None

    def typed() -> bool:
        root = model.index(dialog.directory().absolutePath())
        rows = {model.index(r, 0, root).data(): model.index(r, 2, root).data()
                for r in range(model.rowCount(root))}
        return all(rows.get(name) for name in names)

    qtbot.waitUntil(typed, timeout=10000)
    dialog.close()


DIALOGS: dict[str, Callable[[object, Path], QFileDialog]] = {
    "save": lambda parent, folder: file_dialogs.save_dialog(
        parent, "Export the hand list", folder / "hands.csv",  # type: ignore[arg-type]
        "CSV files (*.csv);;All files (*)"),
    "open": lambda parent, folder: file_dialogs.open_dialog(
        parent, "Import hand records", folder,  # type: ignore[arg-type]
        "Hand records (*.json);;All files (*)"),
    "folder": lambda parent, folder: file_dialogs.folder_dialog(
        parent, "Export americana-hand/1 records", folder),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("kind", sorted(DIALOGS))
def test_a_dialog_on_the_database_folder_keeps_the_locks_and_the_writes(
        qtbot: QtBot, app_on: tuple[World, Path], kind: str) -> None:
    world, path = app_on
    window = open_review_window(world.svc, world.boss)
    qtbot.addWidget(window)
    hand_id = int(other_process(path, "SELECT min(id) FROM hand WHERE status = 'complete'")
                  .strip("[](),"))
    assert world.svc.hands.hand_state(hand_id).status is HandStatus.COMPLETE
    files = sqlite_files(path)
    with world.svc.db.read() as s:  # the window is reading while the dialog lists the folder
        s.connection().exec_driver_sql("SELECT count(*) FROM hand").fetchall()
        before = held_locks(files)
        assert any(name.endswith("-shm") for name, *_ in before)  # SQLite's WAL index lock
        list_folder(qtbot, DIALOGS[kind](window, path.parent), [p.name for p in files])
        assert held_locks(files) >= before
    # another process uses the database (log verify, a dealer window), then the window writes
    assert other_process(path, "SELECT count(*) FROM hand") != "[(0,)]"
    world.svc.hands.void_hand(hand_id, world.boss, "misdeal found on review")
    assert other_process(path, f"SELECT status FROM hand WHERE id = {hand_id}") == "[('void',)]"
    window.close()


def test_the_provider_names_files_without_reading_them(tmp_path: Path) -> None:
    from PySide6.QtCore import QFileInfo

    secret = tmp_path / "hands.db"
    secret.write_bytes(b"SQLite format 3\x00")
    secret.chmod(0)  # reading it would fail; naming it must not need to
    provider = file_dialogs.icon_provider()
    assert provider.type(QFileInfo(str(secret))) == "DB File"
    assert provider.type(QFileInfo(str(tmp_path))) == "Folder"
    assert not provider.icon(QFileInfo(str(secret))).isNull()


def test_a_save_dialog_never_writes_over_the_database(
        qtbot: QtBot, app_on: tuple[World, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    world, path = app_on
    window = open_review_window(world.svc, world.boss)
    qtbot.addWidget(window)
    warned: list[str] = []
    monkeypatch.setattr(file_dialogs.QMessageBox, "warning",
                        lambda _p, _t, text: warned.append(text))
    for target in (path, path.with_name(path.name + "-wal")):
        monkeypatch.setattr(file_dialogs, "_chosen", lambda _d, t=target: [str(t)])
        assert file_dialogs.save_file_name(window, "Export", path) == ""
    assert len(warned) == 2 and "hand log database" in warned[0]
    monkeypatch.setattr(file_dialogs, "_chosen", lambda _d: [str(path.parent / "x.csv")])
    assert file_dialogs.save_file_name(window, "Export", path) == str(path.parent / "x.csv")
    window.close()
