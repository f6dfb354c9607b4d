"""Issue 20, finding 1: a dealer's review is restricted by the services, not only by the
window: the hands of their own open session and nothing else, in every view, dialog,
export and report."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from dealer_app.gui.review import exporting as window_module
from dealer_app.services import HandQuery, NotFoundError, PermissionRefused
from dealer_app.services.viewer import EVERYTHING, Viewer

from .datagen import World
from .test_find import HANDS, named, named_template, no_message_boxes, open_window

__all__ = ["named", "named_template", "no_message_boxes"]  # fixtures


def _other_hand(world: World) -> tuple[int, int]:
    """(hand id, session id) of the hand at Table 7, dealt by someone else."""
    hand = world.svc.review.find_hand("Table 7", 1)
    assert hand.session_id is not None and hand.session_id != world.session.id
    return hand.hand_id, hand.session_id


def test_the_services_keep_a_dealer_to_their_open_session(named: World) -> None:
    other, other_session = _other_hand(named)
    review = named.svc.review.seen_by(Viewer.of(named.dealer))
    assert review.count(HandQuery()) == HANDS
    assert review.search(HandQuery(), only=other) == []
    assert review.search(HandQuery(session_id=other_session)) == []
    with pytest.raises(NotFoundError):
        review.player_history("Dee Meyerson")  # her hands are all at Table 7
    for read in (review.hand_state, review.hand_report, review.record, review.stored_log,
                 review.integrity_of):
        with pytest.raises(PermissionRefused, match="not in your open session"):
            read(other)
    with pytest.raises(PermissionRefused):
        review.find_hand("Table 7", 1)
    assert [s.id for s in review.sessions()] == [named.session.id]
    for read_session in (review.session_report, review.stack_history):
        with pytest.raises(PermissionRefused):
            read_session(other_session)
    with pytest.raises(PermissionRefused, match="for supervisors"):
        review.audit_lines()
    own = review.search(HandQuery(), limit=1)[0]
    assert review.hand_report(own.hand_id).log
    assert review.record(own.hand_id).meta["hand"] == own.number
    # the supervisor's (and the command line's) scope: everything
    boss = named.svc.review.seen_by(Viewer.of(named.boss))
    assert boss.viewer == EVERYTHING and boss.count(HandQuery()) == HANDS + 1
    assert boss.player_history("Dee Meyerson").hands and boss.record(other).meta["hand"] == 1
    # a closed session is no longer the dealer's to see
    named.svc.tables.close_session(named.session.id, named.boss, "end of shift")
    assert review.count(HandQuery()) == 0 and review.sessions() == []


def test_a_dealers_window_opens_exports_and_reports_nothing_else(
        qtbot: QtBot, named: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other, other_session = _other_hand(named)
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(window_module, "save_path", lambda *a: str(out / "hand.pdf"))
    monkeypatch.setattr(window_module, "folder_path", lambda *a: str(out))
    win = open_window(qtbot, named, named.dealer)
    history = win.show_player_history()
    history.player.setEditText("Dee Meyerson")
    history.load()
    assert history.model.rowCount() == 0
    history.close()
    assert win.open_hand(other) is None and other not in win.details
    assert win.export_hand_pdf_of(other) is None
    assert "not in your open session" in win.status_line.text()
    assert win.export_records_of([other]) is None
    assert list(out.iterdir()) == []
    report = win.show_session_report()
    assert report is not None
    picks = [report.session_box.itemData(i) for i in range(report.session_box.count())]
    assert picks == [named.session.id] and other_session not in picks
    report.close()
    win.close()
