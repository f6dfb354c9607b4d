"""Issue 19.5: a printed report carries a checkpoint at least as new as everything it lists;
the session fingerprint covers the session's stack moves, acts and calls, not its hands
only; ``log verify --fingerprint`` checks a printed one against the database."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select, text
from storage.helpers import next_event, play

from dealer_app.cli import main
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.services import Services, SessionInfo, StaffMember, reports
from dealer_app.services.core.calls import CallService
from dealer_app.services.core.fingerprint import (
    FingerprintFormatError,
    check_fingerprint,
    evidence_fingerprint,
    session_digests,
)
from dealer_app.storage.models import LedgerEntry


def _head(svc: Services) -> int:
    with svc.db.read() as s:
        return int(s.scalar(select(func.max(LedgerEntry.seq))) or 0)


def _seq(checkpoint: str) -> int:
    found = re.match(r"#(\d+) ", checkpoint)
    assert found, checkpoint
    return int(found.group(1))


def _in_progress(svc: Services, session: SessionInfo, dealer: StaffMember) -> int:
    """A complete hand, then a hand in progress with one input (chained, not yet sealed)."""
    first = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, first.hand_id, dealer)
    state = svc.hands.start_hand(session.id, dealer)
    event = next_event(state.hand)
    assert event is not None
    svc.hands.record_input(state.hand_id, event, dealer)
    return state.hand_id


def test_a_session_report_carries_a_checkpoint_as_new_as_what_it_lists(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    _in_progress(svc, session, dealer)
    head = _head(svc)
    report = reports.session_report(svc.db, session.id, generated_by="Sam")
    assert report.evidence is not None
    assert _seq(report.evidence.checkpoint) >= head  # it was #head-1 and older: unsealed
    assert report.evidence.unsealed == 0
    assert report.evidence.checkpoint in report.to_text()
    again = reports.session_report(svc.db, session.id)
    assert again.evidence is not None
    assert again.evidence.checkpoint == report.evidence.checkpoint  # nothing new: no seal
    assert again.evidence.digest == report.evidence.digest


def test_a_hand_report_carries_a_checkpoint_as_new_as_the_hand(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    hand_id = _in_progress(svc, session, dealer)
    head = _head(svc)
    report = ReviewBackend(svc).hand_report(hand_id)
    facts = dict(report.facts)
    assert _seq(facts["Signed checkpoint"]) >= head
    chain = facts["Chain head"]
    assert re.fullmatch(r"[0-9a-f]{4}(-[0-9a-f]{4}){3}", chain)
    assert check_fingerprint(svc.db, chain).found
    assert "Chain head" in report.to_text()


FORGERIES = {
    "buy-in x10": "UPDATE stack_move SET amount = amount * 10 WHERE kind = 'buy-in'",
    "audit reason rewritten": "UPDATE audit SET reason = 'nothing' WHERE act = 'adjustment'",
    "floor call rewritten": "UPDATE floor_call SET reason = 'nothing happened'",
    "player renamed": "UPDATE seating SET player = 'Mallory' WHERE seat = 1",
}


@pytest.mark.parametrize("forgery", list(FORGERIES))
def test_the_session_fingerprint_covers_moves_acts_and_calls(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        forgery: str) -> None:
    play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer)
    svc.tables.adjust_stack(session.id, 3, 50, boss, "chips found")
    CallService(svc.db).raise_call(session.table_id, "chips", "fill needed", dealer)
    before = evidence_fingerprint(svc.db, session.id)
    with svc.db.read() as s:
        v1 = session_digests(s, session.id, 1)[session.id]
    with svc.db.transaction() as s:
        assert s.execute(text(FORGERIES[forgery])).rowcount  # type: ignore[attr-defined]
    after = evidence_fingerprint(svc.db, session.id)
    assert after.digest != before.digest
    with svc.db.read() as s:
        assert session_digests(s, session.id, 1)[session.id] == v1  # hands only: blind
    assert not check_fingerprint(svc.db, before.short).found
    assert check_fingerprint(svc.db, after.short).found


def test_log_verify_fingerprint_checks_printed_fingerprints(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        capsys: pytest.CaptureFixture[str]) -> None:
    play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer)
    report = reports.session_report(svc.db, session.id)
    evidence = report.evidence
    assert evidence is not None and evidence.short.startswith("v2 ")
    with svc.db.read() as s:
        v1 = session_digests(s, session.id, 1)[session.id][:32]
    old = " ".join(v1[i:i + 4] for i in range(0, 32, 4))  # as reports printed it before
    checkpoint = evidence.checkpoint.split(",")[0]  # '#seq xxxx-xxxx-xxxx-xxxx'
    verify = ["log", "verify", "--db", db_url]
    assert main([*verify, "--fingerprint", evidence.short, "--fingerprint", old,
                 "--fingerprint", checkpoint,
                 "--fingerprint", checkpoint.lstrip("#"),
                 "--fingerprint", evidence.checkpoint,  # as printed, with its key
                 "--fingerprint", evidence.short.replace("-", " ")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert f"{evidence.short}: found: session {session.id} (Table 3) (fingerprint version 2) " \
           "is as it was printed" in out
    assert f"{old}: found: session {session.id} (Table 3) (fingerprint version 1) is as it " \
           "was printed" in out
    assert sum(line.startswith(f"{checkpoint}: found: checkpoint #") for line in out) == 1
    assert sum("its signature holds" in line for line in out) == 3
    assert sum("(fingerprint version 2) is as it was printed" in line for line in out) == 2
    forged = evidence.short[:-4] + ("0000" if not evidence.short.endswith("0000") else "1111")
    assert main([*verify, "--fingerprint", forged]) == 1
    assert "NOT FOUND: no session's fingerprint" in capsys.readouterr().out
    assert main([*verify, "--fingerprint", "#99999 0000-0000-0000-0000"]) == 1
    assert "NOT FOUND: this database has no checkpoint #99999" in capsys.readouterr().out
    assert main([*verify, "--fingerprint", "hello"]) == 2
    assert "not a fingerprint a report prints" in capsys.readouterr().err
    with pytest.raises(FingerprintFormatError, match="version"):
        check_fingerprint(svc.db, "v9 0000-0000-0000-0000-0000-0000-0000-0000")
