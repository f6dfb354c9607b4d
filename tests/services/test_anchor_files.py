"""Anchor files are kept per key and database: a workstation's second database (the first
start's practice table, a restored copy, the demo floor) never makes the first one's
verify report removed checkpoints."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from storage.helpers import FakeClock, play

from dealer_app.cli import main
from dealer_app.engine import Settings
from dealer_app.services import Role, Services
from dealer_app.storage import ledger


def _floor(url: str, clock: FakeClock, hands: int) -> Services:
    """A supervisor Sam (246800), table T with Ann and Bo, ``hands`` complete hands."""
    svc = Services.open(url, clock=clock)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
    table = svc.tables.create_table("T", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, boss)
    for seat, name in ((1, "Ann"), (3, "Bo")):
        svc.tables.seat_player(session.id, seat, name, 1000, boss)
    for _ in range(hands):
        play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss)
    return svc


def test_two_databases_on_one_workstation_keep_their_own_anchor_files(
        db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    practice_url = f"sqlite:///{tmp_path}/practice.sqlite3"
    big = _floor(practice_url, FakeClock(), hands=4)  # more checkpoints, a longer ledger
    big.close()
    svc = _floor(db_url, FakeClock(), hands=1)
    try:
        with svc.db.read() as s:
            own = ledger.ledger_id(s.connection())
        assert own is not None
        files = sorted(p.name for p in anchors.glob("*.anchor"))
        assert len(files) == 2 and sum(f.endswith(f"-{own}.anchor") for f in files) == 1
        report = svc.log.verify_all(anchors=[anchors], workers=1)
        assert report.ok, report.broken
        assert report.other_anchors == [f for f in files if not f.endswith(f"-{own}.anchor")]
        # the other database's file is named, not silently dropped
        assert main(["log", "verify", "--db", db_url, "--anchor-dir", str(anchors)]) == 0
        out = capsys.readouterr().out
        assert "belongs to another database (not checked)" in out
        # this database's own file is still checked: a line cut from it is found
        (mine,) = [anchors / f for f in files if f.endswith(f"-{own}.anchor")]
        lines = mine.read_text().splitlines()
        mine.write_text("\n".join(
            [lines[0].replace('"digest":"', '"digest":"0', 1), *lines[1:]]) + "\n")
        assert not svc.log.verify_all(anchors=[anchors], workers=1).ok
    finally:
        svc.close()


# ---------------------------------------------------------------------------- issue 19: anchors
def _anchor_file(svc: Services) -> Path:
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    with svc.db.read() as s:
        own = ledger.ledger_id(s.connection())
    (path,) = anchors.glob(f"*-{own}.anchor")
    return path


def test_a_deleted_anchor_file_makes_the_database_unanchored(
        db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    svc = _floor(db_url, FakeClock(), hands=2)
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    assert svc.log.verify_all(anchors=[anchors]).ok
    _anchor_file(svc).unlink()
    report = svc.log.verify_all(anchors=[anchors])
    assert not report.ok and report.broken[0].label == "UNANCHORED database"
    accepted = svc.log.verify_all(anchors=[anchors], accept_unanchored=True)
    assert accepted.ok and accepted.unanchored
    svc.close()
    assert main(["log", "verify", "--db", db_url]) == 1
    assert "UNANCHORED" in capsys.readouterr().out
    assert main(["log", "verify", "--db", db_url, "--accept-unanchored"]) == 0
    assert "UNANCHORED, accepted (--accept-unanchored)" in capsys.readouterr().out


def test_cutting_the_last_lines_of_an_anchor_file_is_found(db_url: str) -> None:
    svc = _floor(db_url, FakeClock(), hands=3)
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    path = _anchor_file(svc)
    lines = path.read_text().splitlines(keepends=True)
    assert len(lines) >= 3
    path.write_text("".join(lines[:-2]))
    found = [f"{b.label}: {b.reason}" for b in svc.log.verify_all(anchors=[anchors]).broken]
    assert len([f for f in found if "missing from the anchor file" in f]) == 2, found
    path.write_text("".join(lines[:1] + lines[2:]))  # a line in the middle taken out
    found = [f"{b.label}: {b.reason}" for b in svc.log.verify_all(anchors=[anchors]).broken]
    assert any("missing from the anchor file" in f and "cut or edited" in f
               and "lost power" not in f for f in found), found
    svc.close()


def test_the_line_a_crash_lost_after_its_commit_is_written_at_the_next_start(
        db_url: str) -> None:
    """Killed between a checkpoint's commit and its anchor line (the newest line missing,
    nothing else): the next start writes that line, the same, and the log verifies clean;
    two lines missing stay a finding (tests/storage/test_crash.py kills the app so)."""
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    svc = _floor(db_url, FakeClock(), hands=3)
    path = _anchor_file(svc)
    svc.close()
    lines = path.read_text().splitlines(keepends=True)
    assert len(lines) >= 3
    path.write_text("".join(lines[:-1]))
    reopened = Services.open(db_url, clock=FakeClock())
    assert path.read_text() == "".join(lines)
    report = reopened.log.verify_all(anchors=[anchors])
    assert report.ok, [(b.label, b.reason) for b in report.broken]
    reopened.close()
    path.write_text("".join(lines[:-2]))
    reopened = Services.open(db_url, clock=FakeClock())
    assert path.read_text() == "".join(lines[:-2])
    found = [f"{b.label}: {b.reason}"
             for b in reopened.log.verify_all(anchors=[anchors]).broken]
    assert len([f for f in found if "missing from the anchor file" in f]) == 2, found
    reopened.close()


def test_an_anchor_that_cannot_be_written_is_shown_at_once(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the anchor folder should be")
    monkeypatch.setenv("DEALER_APP_ANCHOR_DIR", str(blocked / "anchors"))
    svc = _floor(db_url, FakeClock(), hands=1)
    assert svc.db.notary is not None
    problems = svc.db.notary.problems
    assert [p.code for p in problems] == ["anchor-unwritable"], problems
    assert problems[0].get("path").startswith(str(blocked)) and problems[0].get("seq")
    svc.close()


# ---------------------------------------------------------------------------- issue 19: copies
def _write_something(svc: Services, name: str) -> None:
    boss = next(m for m in svc.staff.list_staff() if m.name == "Sam")
    svc.tables.create_table(name, Settings(ante=5, chip_unit=5), boss)
    with svc.db.transaction() as s:
        ledger.request_checkpoint(s, name)


@pytest.mark.one_backend
@pytest.mark.parametrize("how", ["db backup", "file copy", "restored in place"])
def test_a_copy_forks_its_own_ledger_and_the_live_log_keeps_verifying(
        db_url: str, tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    from dealer_app.storage.backup import backup_sqlite_file

    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    svc = _floor(db_url, FakeClock(), hands=2)
    live = svc.db.sqlite_path
    assert live is not None
    copy = tmp_path / "copy.sqlite3"
    if how == "db backup":
        backup_sqlite_file(live, copy)
    else:  # the file as it lies, with its write-ahead log
        shutil.copy(live, copy)
        shutil.copy(f"{live}-wal", f"{copy}-wal")
    _write_something(svc, "Later table")  # the live database goes on
    svc.close()
    if how == "restored in place":  # the older copy put back where the live one was
        for extra in ("-wal", "-shm"):
            Path(f"{live}{extra}").unlink(missing_ok=True)
        shutil.move(copy, live)
        if Path(f"{copy}-wal").exists():
            shutil.move(f"{copy}-wal", f"{live}-wal")
        copy = live
    other = Services.open(f"sqlite:///{copy}", clock=FakeClock())
    _write_something(other, "Training table")  # the copy's first write: it forks
    report = other.log.verify_all(anchors=[anchors])
    assert report.ok, report.broken
    assert report.copy_of and report.copy_from[0] > 0, report
    other.close()
    if how != "restored in place":
        back = Services.open(f"sqlite:///{live}", clock=FakeClock())
        again = back.log.verify_all(anchors=[anchors])
        assert again.ok and not again.copy_of, again.broken  # the live log: untouched
        back.close()
    else:
        assert report.original_went_on > 0  # what the original had after the copy
    assert main(["log", "verify", "--db", str(copy)]) == 0
    assert "COPY: this database is a copy of ledger" in capsys.readouterr().out
    import sqlite3

    with sqlite3.connect(copy) as conn:  # the fork row itself is evidence
        conn.execute("UPDATE ledger_fork SET parent_seq = parent_seq + 1")
    assert main(["log", "verify", "--db", str(copy)]) == 1
