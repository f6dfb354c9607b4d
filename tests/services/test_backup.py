"""`dealer-app db backup` of a live SQLite database, then a restore that verifies."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from storage.helpers import play

from dealer_app.cli import main
from dealer_app.services import HandQuery, Services, SessionInfo, StaffMember


def test_backup_while_a_table_runs_then_restore_and_verify(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not db_url.startswith("sqlite"):
        assert main(["db", "backup", "--db", db_url, str(tmp_path / "x")]) == 2
        assert "pg_dump" in capsys.readouterr().err
        return
    first = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, first.hand_id, dealer)
    running = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, running.hand_id, dealer, inputs=5)  # a hand in progress
    backup = tmp_path / "backup.sqlite3"
    assert main(["db", "backup", "--db", db_url, str(backup)]) == 0
    play(svc.hands, running.hand_id, dealer, inputs=3)  # the table goes on
    svc.close()
    restored = tmp_path / "restored" / "dealer-app.sqlite3"
    restored.parent.mkdir()
    shutil.copy(backup, restored)
    url = f"sqlite:///{restored}"
    assert main(["log", "verify", "--db", url]) == 0
    again = Services.open(url)
    try:
        assert again.review.count(HandQuery()) == 2
        resumed = again.hands.current_hand(session.id)
        assert resumed is not None and len(resumed.events) == 5
    finally:
        again.close()


def test_backup_refuses_a_missing_folder(db_url: str, svc: Services, tmp_path: Path) -> None:
    if db_url.startswith("sqlite"):
        assert main(["db", "backup", "--db", db_url, str(tmp_path / "no" / "b.db")]) == 2
