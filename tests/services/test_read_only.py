"""Issue 20, finding 6b: the commands that only read (`log verify`, `log audit`, `log
export`) open the database read-only and work on read-only media: evidence handed over on
a write-protected copy can be checked. Tests run as root, whom permissions do not stop, so
read-only media are what ``os.access`` says of them (as it does for root on a read-only
mount), and the tests check the open mode itself: nothing can be written through it."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest
from sqlalchemy import text
from storage.helpers import play

from dealer_app.cli import main
from dealer_app.services import Services, SessionInfo, StaffMember, StorageError
from dealer_app.storage import read_only


def _digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


@pytest.mark.one_backend
def test_a_copy_on_read_only_media_is_verified_audited_and_exported(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    hand = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, hand.hand_id, dealer)
    svc.close()  # the last connection copies the WAL into the file
    media = tmp_path / "dvd"
    media.mkdir()
    copy = media / "evidence.sqlite3"
    shutil.copy(db_url.removeprefix("sqlite:///"), copy)
    copy.chmod(0o444)
    media.chmod(0o555)
    real_access = os.access

    def access(path: object, mode: int, **kwargs: object) -> bool:
        if mode & os.W_OK and str(path).startswith(str(media)):
            return False  # what a read-only mount answers, also to root
        return real_access(path, mode, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    before = _digest(media)
    url = f"sqlite:///{copy}"
    capsys.readouterr()
    assert main(["log", "verify", "--db", url]) == 0, capsys.readouterr().err
    assert main(["log", "audit", "--db", url]) == 0, capsys.readouterr().err
    assert "open-session" in capsys.readouterr().out
    assert main(["log", "export", "--db", url, str(tmp_path / "out")]) == 0
    assert len(list((tmp_path / "out").glob("*.json"))) == 1
    assert _digest(media) == before  # not a byte written, no -wal or -shm made
    assert read_only.sqlite_uri(copy).endswith("?immutable=1")
    media.chmod(0o755)


def test_a_read_only_open_can_write_nothing_even_beside_a_live_writer(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        capsys: pytest.CaptureFixture[str]) -> None:
    hand = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, hand.hand_id, dealer, inputs=4)  # the table is running
    reader = Services.open(db_url, read_only=True)
    try:
        with pytest.raises(StorageError, match="read-only|read only"), \
                reader.db.transaction() as s:
            s.execute(text("UPDATE hand SET pot = 0"))
        assert reader.hands.hand_state(hand.hand_id).events == \
            svc.hands.hand_state(hand.hand_id).events
        if reader.db.is_sqlite:
            assert read_only.sqlite_uri(reader.db.sqlite_path).endswith("?mode=ro")  # type: ignore[arg-type]
    finally:
        reader.close()
    play(svc.hands, hand.hand_id, dealer, inputs=2)  # the writer never noticed
    capsys.readouterr()
    assert main(["log", "verify", "--db", db_url]) == 0, capsys.readouterr().err
