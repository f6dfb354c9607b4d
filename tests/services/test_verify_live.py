"""``log verify`` on a live log: what other stations commit while it runs is the next run's
(each run checks the log as it was when it read the checkpoints)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from storage.helpers import play

from dealer_app.services import Services, SessionInfo, StaffMember


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
