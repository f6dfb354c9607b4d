"""A commit whose reply was lost (the connection ended after the server made it): the
station takes it as failed, settles the input by reading it back, and its seal is not in
the notary's memory. The next checkpoint still vouches for its entries (their seal's
signature under the station's own key), so nothing is reported unvouched."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from storage.helpers import play

from dealer_app.services import Services, SessionInfo, StaffMember
from dealer_app.storage.signing import UNVOUCHED


def test_a_commit_whose_reply_was_lost_is_vouched_for_by_its_seal(
        svc: Services, boss: StaffMember, session: SessionInfo,
        monkeypatch: pytest.MonkeyPatch) -> None:
    hand_id = svc.hands.start_hand(session.id, boss).hand_id
    play(svc.hands, hand_id, boss, inputs=3)
    notary = svc.db.notary
    assert notary is not None
    real = notary.end_seal
    lost: list[Any] = []

    def end_seal(seal: Any, committed: bool) -> None:
        if not lost:  # (the next input's COMMIT made, its reply lost: taken as failed)
            lost.append(seal)
            committed = False
        real(seal, committed)
    monkeypatch.setattr(notary, "end_seal", end_seal)
    play(svc.hands, hand_id, boss)  # to the end: its checkpoint vouches for the hand
    assert lost and svc.hands.hand_state(hand_id).hand.complete
    assert [p for p in notary.problems if p.code == UNVOUCHED] == []
    report = svc.log.verify_all(anchors=[Path(os.environ["DEALER_APP_ANCHOR_DIR"])],
                                workers=1)
    assert [f"{b.label}: {b.reason}" for b in report.broken] == []
