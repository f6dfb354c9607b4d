"""Issue 19, requirement 3: a witness apart from the database receives every checkpoint,
countersigns it and keeps its own chained copy; verify checks the database against it, so
a rollback with every anchor file beside the database deleted is still found."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from storage.helpers import FakeClock, play

from dealer_app.cli import main
from dealer_app.services import Services
from dealer_app.storage.backup import backup_sqlite_file

from .test_anchor_files import _floor as anchor_floor


def _floor(url: str, hands: int) -> Services:
    return anchor_floor(url, FakeClock(), hands)


@pytest.fixture
def witness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "usb-witness"
    monkeypatch.setenv("DEALER_APP_WITNESS", str(folder))
    return folder


def _broken(svc: Services, witness: Path, **kw: object) -> list[str]:
    report = svc.log.verify_all(witnesses=[witness], **kw)  # type: ignore[arg-type]
    return [f"{b.label}: {b.reason}" for b in report.broken]


@pytest.mark.one_backend
def test_a_rollback_with_its_anchor_files_deleted_is_found_by_the_witness(
        db_url: str, witness: Path, tmp_path: Path) -> None:
    svc = _floor(db_url, hands=1)
    path = svc.db.sqlite_path
    assert path is not None
    old = tmp_path / "old.sqlite3"
    backup_sqlite_file(path, old)
    boss = next(m for m in svc.staff.list_staff() if m.name == "Sam")
    session = svc.tables.current_session(svc.tables.list_tables()[0].id)
    assert session is not None
    play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss)  # one more hand
    assert _broken(svc, witness) == []
    files = list(witness.glob("*.witness"))
    assert len(files) == 1 and (witness / "witness-key.pem").stat().st_mode & 0o777 == 0o600
    lines = files[0].read_text().splitlines()
    assert [json.loads(line)["n"] for line in lines] == list(range(1, len(lines) + 1))
    svc.close()
    # the insider puts the old copy back in place and deletes every anchor file beside it
    for extra in ("-wal", "-shm"):
        Path(f"{path}{extra}").unlink(missing_ok=True)
    shutil.copy(old, path)
    shutil.rmtree(os.environ["DEALER_APP_ANCHOR_DIR"])
    rolled = Services.open(db_url)
    found = _broken(rolled, witness, accept_unanchored=True)
    assert any("cut back or rolled back" in f for f in found), found
    rolled.close()
    assert main(["log", "verify", "--db", str(path), "--witness", str(witness),
                 "--accept-unanchored"]) == 1


def test_edited_or_removed_witness_lines_are_found(db_url: str, witness: Path) -> None:
    svc = _floor(db_url, hands=2)
    assert _broken(svc, witness) == []
    (file,) = witness.glob("*.witness")
    lines = file.read_text().splitlines(keepends=True)
    assert len(lines) >= 3
    file.write_text("".join(lines[:1] + lines[2:]))  # one line taken out
    assert any("does not follow the line before it" in f for f in _broken(svc, witness))
    edited = json.loads(lines[1])
    edited["at"] = "2020-01-01T00:00:00.000000Z"
    file.write_text("".join([lines[0], json.dumps(edited) + "\n", *lines[2:]]))
    assert any("not countersigned by a trusted witness key" in f for f in _broken(svc, witness))
    svc.close()


def test_a_witness_that_cannot_be_written_is_shown_and_caught_up_later(
        db_url: str, witness: Path) -> None:
    svc = _floor(db_url, hands=1)
    notary = svc.db.notary
    assert notary is not None
    svc.db.settle()
    shutil.rmtree(witness)
    witness.write_text("the medium is unplugged")  # a file where the folder was
    boss = next(m for m in svc.staff.list_staff() if m.name == "Sam")
    session = svc.tables.current_session(svc.tables.list_tables()[0].id)
    assert session is not None
    play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss)
    svc.db.settle()
    assert [p.code for p in notary.problems] == ["witness-unreachable"]
    assert notary.undelivered
    witness.unlink()
    witness.mkdir()  # plugged in again (empty: a new medium): the next checkpoint catches up
    play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss)
    svc.db.settle()
    assert not notary.undelivered
    assert _broken(svc, witness) == []
    svc.close()
