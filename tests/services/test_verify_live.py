"""``log verify`` on a live log: what other stations commit while it runs is the next run's
(each run checks the log as it was when it read the checkpoints)."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest
from storage.helpers import play

from dealer_app.services import Services, SessionInfo, StaffMember
from dealer_app.storage import ledger_checkpoint


@pytest.mark.parametrize("incremental", [False, True], ids=["full", "incremental"])
@pytest.mark.parametrize("begun", [0, 6], ids=["whole-hand", "hand-begun-before"])
def test_a_hand_completed_while_verify_runs_is_not_a_finding(
        svc: Services, boss: StaffMember, session: SessionInfo, tmp_path: Path,
        incremental: bool, begun: int) -> None:
    play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss)
    anchors = [Path(os.environ["DEALER_APP_ANCHOR_DIR"])]
    state = tmp_path / "state.json" if incremental else None
    if state is not None:
        assert svc.log.verify_all(anchors=anchors, workers=1, state=state).ok
    other = Services.open(str(svc.db.engine.url.render_as_string(hide_password=False)))
    hand_id = other.hands.start_hand(session.id, boss).hand_id
    if begun:
        play(other.hands, hand_id, boss, inputs=begun)
    played: list[int] = []

    def another_station_ends_its_hand(done: int, total: int) -> None:
        if not played:  # (once the run has read the log's head)
            played.append(play(other.hands, hand_id, boss).hand_id)
    try:
        report = svc.log.verify_all(anchors=anchors, workers=1, state=state,
                                    progress=another_station_ends_its_hand)
        assert played and other.hands.hand_state(hand_id).hand.complete
        assert [f"{b.label}: {b.reason}" for b in report.broken] == []
        again = svc.log.verify_all(anchors=anchors, workers=1, state=state)
    finally:
        other.close()
    assert again.ok and again.checked >= (1 if incremental else 2)


def test_a_checkpoint_signed_after_its_commit_while_verify_runs_seals_the_hand(
        svc: Services, boss: StaffMember, session: SessionInfo, db_url: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL signs a completed hand's checkpoint in a transaction right after the
    hand's commit: a run that read the checkpoints between the two finds the hand's
    checkpoint committed meanwhile, and checks it, rather than naming the hand."""
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite signs in the commit's own transaction")
    play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss)
    other = Services.open(db_url)
    hand_id = other.hands.start_hand(session.id, boss).hand_id
    state = play(other.hands, hand_id, boss, inputs=4)
    committed, go = threading.Event(), threading.Event()
    real = ledger_checkpoint.sign_after_commit

    def held_back(*args: Any) -> Any:
        if threading.current_thread() is not threading.main_thread():
            committed.set()  # (the hand's last commit is made; its checkpoint waits)
            go.wait(30)
        return real(*args)
    monkeypatch.setattr(ledger_checkpoint, "sign_after_commit", held_back)
    station = threading.Thread(target=lambda: play(other.hands, hand_id, boss))
    anchors = [Path(os.environ["DEALER_APP_ANCHOR_DIR"])]

    def the_checkpoint_comes(done: int, total: int) -> None:
        go.set()
        station.join(30)
    try:
        station.start()
        assert committed.wait(30)
        report = svc.log.verify_all(anchors=anchors, workers=1,
                                    progress=the_checkpoint_comes)
        assert not station.is_alive() and other.hands.hand_state(hand_id).hand.complete
    finally:
        go.set()
        station.join(30)
        other.close()
    assert state.hand_id == hand_id
    assert [f"{b.label}: {b.reason}" for b in report.broken] == []
