"""Issue 20, finding 5: an import takes no provenance on the record's word. The importing
supervisor signs in; a record's claims (a void, corrections, who entered each input) are
kept as its claims in ``meta.claims``, never done as the app's own acts; the same play with
other metadata or other event keys is the hand already stored; player names follow the
rules of seating."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from storage.helpers import play

from dealer_app.cli import main
from dealer_app.engine.record import parse_record
from dealer_app.services import (
    HandQuery,
    HandStatus,
    PermissionRefused,
    Services,
    SessionInfo,
    SignInError,
    StaffMember,
    StorageError,
)
from dealer_app.services.log import DuplicateRecordError
from services.conftest import BOSS_PIN


def _record(svc: Services, session: SessionInfo, dealer: StaffMember) -> dict[str, Any]:
    state = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, state.hand_id, dealer)
    data = svc.log.record(state.hand_id).to_dict()
    data["meta"] = {"table": "Elsewhere"}
    data["seats"][0]["player"] = "Imported Ann"  # not the hand dealt here
    return data


def test_a_claimed_void_is_kept_as_the_records_claim_and_not_done(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    data = _record(svc, session, dealer)
    data["meta"].update(status="void", voided_by="Sam Super", void_reason="misdeal")
    data["events"][0]["by"] = "Sam Super"
    hand_id = svc.log.import_record(parse_record(data), boss, source="claims.json")
    state = svc.hands.hand_state(hand_id)
    assert state.status is HandStatus.COMPLETE  # what the play gives
    assert [e.kind for e in state.log] == ["input"] * len(data["events"])
    assert {e.by for e in state.log} == {boss.name}  # stored by the importer
    exported = svc.log.record(hand_id)
    claims = exported.meta["claims"]
    assert (claims["status"], claims["voided_by"], claims["void_reason"]) == (
        "void", "Sam Super", "misdeal")
    assert claims["entered_by"][0] == "Sam Super"
    assert exported.meta["status"] == "complete" and "voided_by" not in exported.meta
    (line,) = [a for a in svc.review.audit_lines(act="import-hand") if a.record.hand_id == hand_id]
    assert line.record.by == boss.name and line.role == "supervisor"
    assert line.record.detail["claims"] == ["entered_by", "status", "void_reason", "voided_by"]


def test_an_import_needs_a_supervisor_signed_in(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        boss: StaffMember, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    record = parse_record(_record(svc, session, dealer))
    before = svc.review.count(HandQuery())
    for who in (None, dealer):
        with pytest.raises(PermissionRefused, match="needs a supervisor"):
            svc.log.import_record(record, who)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record.to_dict()))
    monkeypatch.setattr(sys, "stdin", io.StringIO("999999\n"))  # a wrong PIN
    assert main(["log", "import", "--db", db_url, "--by", boss.name, "--pin-stdin",
                 str(path)]) == 2
    assert "stored" not in capsys.readouterr().out
    assert main(["log", "import", "--db", db_url, str(path)]) == 2  # --by is required
    assert "--by" in capsys.readouterr().err
    assert svc.review.count(HandQuery()) == before
    with pytest.raises(SignInError):
        svc.staff.require_supervisor(boss.name, "999999", "check")
    assert svc.staff.require_supervisor(boss.name, BOSS_PIN, "check") == boss


@pytest.mark.parametrize("change", ["meta", "by", "at", "made-up key", "all"])
def test_the_same_play_with_other_claims_is_the_hand_already_stored(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        change: str) -> None:
    data = _record(svc, session, dealer)
    stored = svc.log.import_record(parse_record(data), boss)
    again: dict[str, Any] = json.loads(json.dumps(data))
    if change in ("meta", "all"):
        again["meta"] = {"uid": "another-tool-42", "table": "Salon", "status": "void",
                         "voided_by": "Eve"}
    if change in ("by", "all"):
        again["events"][2]["by"] = "Mallory"
    if change in ("at", "all"):
        again["events"][3]["at"] = "2020-01-01T00:00:00Z"
    if change in ("made-up key", "all"):
        again["events"][1]["note"] = "anything"
    before = svc.review.count(HandQuery())
    with pytest.raises(DuplicateRecordError, match=f"already stored as hand id {stored}"):
        svc.log.import_record(parse_record(again), boss)
    assert svc.review.count(HandQuery()) == before


def test_player_names_follow_the_rules_of_seating(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        tmp_path: Path, import_cli: Callable[..., int], db_url: str) -> None:
    data = _record(svc, session, dealer)
    for name in ("", "   ", "N" * 81):
        with pytest.raises(StorageError) as seated:
            svc.tables.seat_player(session.id, 5, name, 500, dealer)
        data["seats"][1]["player"] = name
        with pytest.raises(StorageError) as imported:
            svc.log.import_record(parse_record(data), boss)
        seat = data["seats"][1]["seat"]
        assert str(imported.value) == f"seat {seat}: {seated.value}"
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 0  # replay keeps hand-record.md: any name
    assert import_cli(db_url, str(path)) == 1
