"""Work kept off the dealer's path, on the storage's background thread: the WAL checkpoint
and the ``fsync`` of the anchor files. Neither may lose or reorder anything committed, and
``Database.settle`` (close, ``log verify``) leaves no thread behind."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import func, select, text

from dealer_app.engine import Settings
from dealer_app.services import Role, Services, StaffMember
from dealer_app.storage import notary, sqlite_file
from dealer_app.storage.background import BACKGROUND
from dealer_app.storage.models import HandEvent
from storage.helpers import next_event


def _floor(url: str) -> tuple[Services, StaffMember, int]:
    svc = Services.open(url)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246810")
    table = svc.tables.create_table("T1", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, boss)
    for seat in (1, 2, 4, 6):
        svc.tables.seat_player(session.id, seat, f"P{seat}", 100_000, boss)
    return svc, boss, session.id


def _record(svc: Services, boss: StaffMember, session_id: int, inputs: int) -> int:
    rng = random.Random(3)
    done = 0
    while done < inputs:
        state = svc.hands.current_hand(session_id) or svc.hands.start_hand(session_id, boss)
        while done < inputs and (event := next_event(state.hand, rng)) is not None:
            state = svc.hands.record_input(state.hand_id, event, boss)
            done += 1
    return done


def _sql_value(path: Path, sql: str, column: int = 0) -> int:
    """One value of the first row of ``sql`` on its own connection to ``path``."""
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute(sql).fetchone()[column])
    finally:
        conn.close()


def _wal_frames(path: Path) -> int:
    """Frames in the WAL now (a PASSIVE checkpoint that copies them reports the count)."""
    return _sql_value(path, "PRAGMA wal_checkpoint(PASSIVE)", 1)


def _events(path: Path) -> int:
    return _sql_value(path, "SELECT count(*) FROM hand_event")


def test_no_commit_checkpoints_the_wal_sqlite_leaves_it_to_the_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the thread held back, 1,000 pages of WAL (SQLite's default point) pass without
    a checkpoint inside any commit; the backstop stays."""
    monkeypatch.setattr(sqlite_file.WalCheckpointer, "start", lambda self: None)
    path = tmp_path / "a.sqlite3"
    svc, boss, session_id = _floor(f"sqlite:///{path}")
    try:
        with svc.db.engine.connect() as conn:
            assert conn.execute(text("PRAGMA wal_autocheckpoint")).scalar() == \
                sqlite_file.WAL_AUTOCHECKPOINT
        _record(svc, boss, session_id, 200)  # about 1,400 pages
        assert svc.db.checkpointer is not None and svc.db.checkpointer.runs == 0
        frames = _wal_frames(path)
        assert 1000 < frames < sqlite_file.WAL_AUTOCHECKPOINT, frames
    finally:
        svc.close()


def test_the_deferred_checkpoint_happens_and_loses_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Checkpoints run on the background thread every few commits while inputs keep coming;
    one that ends between two inputs lets the next commit reuse the WAL from its start; and
    every accepted input is there (and verifies) in a copy of the files as a crash leaves
    them."""
    monkeypatch.setattr(sqlite_file, "WAL_CHECKPOINT_EVERY", 5)
    path = tmp_path / "a.sqlite3"
    svc, boss, session_id = _floor(f"sqlite:///{path}")
    ran_on: set[str] = set()
    real = sqlite_file.WalCheckpointer._checkpoint

    def spy(self: sqlite_file.WalCheckpointer) -> None:
        ran_on.add(threading.current_thread().name)
        real(self)

    monkeypatch.setattr(sqlite_file.WalCheckpointer, "_checkpoint", spy)
    try:
        recorded = _record(svc, boss, session_id, 300)
        checkpointer = svc.db.checkpointer
        assert checkpointer is not None
        checkpointer.wait()
        assert checkpointer.runs >= 10 and ran_on == {BACKGROUND.name}
        checkpointer.start()  # between two inputs: the whole WAL is copied ...
        checkpointer.wait()
        assert checkpointer.last is not None and checkpointer.last[1] == checkpointer.last[2]
        recorded += _record(svc, boss, session_id, 1)
        assert _wal_frames(path) < 50  # ... and the next commit starts it again from the top
        with svc.db.read() as s:
            assert s.scalar(select(func.count()).select_from(HandEvent)) == recorded
        # a crash now: the files as they are (the WAL included), opened by a new process
        crash = tmp_path / "crash"
        crash.mkdir()
        for suffix in ("", "-wal"):
            shutil.copyfile(f"{path}{suffix}", crash / f"a.sqlite3{suffix}")
        assert _events(crash / "a.sqlite3") == recorded
        again = Services.open(f"sqlite:///{crash / 'a.sqlite3'}")
        try:
            assert again.log.verify_all(workers=1).ok
        finally:
            again.close()
    finally:
        svc.close()
    assert not [t for t in threading.enumerate() if t.name == BACKGROUND.name]


def test_a_checkpoint_under_way_is_waited_for_and_leaves_no_thread(tmp_path: Path) -> None:
    svc, boss, session_id = _floor(f"sqlite:///{tmp_path}/a.sqlite3")
    try:
        checkpointer = svc.db.checkpointer
        assert checkpointer is not None
        _record(svc, boss, session_id, 20)
        checkpointer.start()
        checkpointer.start()  # one waiting already: covered by it
        svc.db.settle()
        assert checkpointer.runs >= 1 and checkpointer.last is not None
        assert checkpointer.last[0] == 0  # not busy: every frame copied
        assert threading.active_count() == 1  # log verify may fork its worker
    finally:
        svc.close()


def test_anchor_lines_are_readable_at_once_and_synced_off_the_recording_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[tuple[str, str]] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        name = os.readlink(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else ""
        synced.append((threading.current_thread().name, name))
        real_fsync(fd)

    monkeypatch.setattr(notary.os, "fsync", spy)
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    svc, boss, session_id = _floor(f"sqlite:///{tmp_path}/a.sqlite3")
    try:
        state = svc.hands.start_hand(session_id, boss)
        rng = random.Random(5)
        while (event := next_event(state.hand, rng)) is not None:
            state = svc.hands.record_input(state.hand_id, event, boss)
        with svc.db.read() as s:  # the hand's checkpoint is in its anchor file at once
            newest = s.execute(text("SELECT signature FROM checkpoint ORDER BY seq DESC "
                                    "LIMIT 1")).scalar()
        (anchor,) = anchors.glob("*.anchor")
        assert str(newest) in anchor.read_text().splitlines()[-1]
        assert notary.Notary.flush(10.0)
        assert synced and {who for who, _ in synced} == {BACKGROUND.name}
        if synced[0][1]:
            assert {Path(name) for _, name in synced} == {anchor.resolve()}
        svc.db.settle()
        assert not [t for t in threading.enumerate() if t.name == BACKGROUND.name]
        assert svc.log.verify_all(anchors=[anchors], workers=1).ok
    finally:
        svc.close()


def test_the_background_worker_runs_jobs_in_order_once_per_key_and_stops() -> None:
    from dealer_app.storage.background import Worker

    worker = Worker("test-worker")
    gate = threading.Event()
    done: list[str] = []
    def first() -> None:
        gate.wait(5)
        done.append("first")

    worker.submit("first", first)
    worker.submit("a", lambda: done.append("a"))
    worker.submit("a", lambda: done.append("a again"))  # waiting already: one run
    worker.submit("b", lambda: done.append("b"))
    worker.submit("boom", lambda: 1 / 0)  # type: ignore[func-returns-value]
    worker.submit("c", lambda: done.append("c"))
    assert not worker.flush(0.05)  # held by the first job
    gate.set()
    assert worker.flush(5)
    assert done == ["first", "a", "b", "c"]  # a failed job is logged, the next one runs
    worker.submit("d", lambda: done.append("d"))
    assert worker.stop(5)  # runs what is queued, then ends
    assert done[-1] == "d"
    assert not [t for t in threading.enumerate() if t.name == "test-worker"]
    worker.submit("e", lambda: done.append("e"))  # started again by the next job
    assert worker.stop(5) and done[-1] == "e"


def test_a_checkpoint_of_a_file_gone_meanwhile_creates_nothing(tmp_path: Path) -> None:
    from dealer_app.storage.sqlite_file import WalCheckpointer

    gone = tmp_path / "moved away.sqlite3"
    checkpointer = WalCheckpointer(gone, 1.0, every=1)
    checkpointer.committed()
    checkpointer.wait()
    assert not gone.exists() and checkpointer.runs == 0
