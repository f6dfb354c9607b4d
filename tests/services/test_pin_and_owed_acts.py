"""Two supervisor acts: changing a PIN (one's own, proving the old one; or another's, reset
by a supervisor) and settling chips owed after a void to or by a player who had left."""

from __future__ import annotations

import io

import pytest
from sqlalchemy import text
from storage.helpers import play

from dealer_app.services import (
    PermissionRefused,
    Role,
    Services,
    SessionInfo,
    SignInError,
    StaffMember,
    StorageError,
    reports,
)
from dealer_app.services import staff as staff_module
from services.conftest import BOSS_PIN, DEALER_PIN


def _stored_hash(svc: Services, name: str) -> str:
    with svc.db.read() as s:
        return str(s.execute(text("SELECT pin_hash FROM staff WHERE name = :n"),
                             {"n": name}).scalar_one())


def _no_pin_in_audit(svc: Services, *pins: str) -> None:
    with svc.db.read() as s:
        rows = [" ".join(str(v) for v in r) for r in s.execute(
            text("SELECT act, reason, detail_json FROM audit"))]
    for pin in pins:
        assert not any(pin in row for row in rows), pin


def test_a_member_changes_their_own_pin_proving_the_old_one(
        svc: Services, boss: StaffMember, dealer: StaffMember) -> None:
    before = _stored_hash(svc, "Dana")
    assert svc.staff.change_pin("Dana", DEALER_PIN, "97531") == dealer
    assert _stored_hash(svc, "Dana") != before
    assert svc.staff.authenticate("Dana", "97531") == dealer
    with pytest.raises(SignInError):
        svc.staff.authenticate("Dana", DEALER_PIN)
    entry = svc.review.audit(act="change-pin")[0]
    assert (entry.by, entry.detail) == ("Dana", {"name": "Dana", "role": "dealer"})
    _no_pin_in_audit(svc, DEALER_PIN, "97531")
    assert svc.log.verify_all().ok


def test_a_wrong_old_pin_counts_toward_the_wait_like_a_sign_in(
        svc: Services, dealer: StaffMember) -> None:
    for _ in range(staff_module.FREE_TRIES - 1):
        with pytest.raises(SignInError):
            svc.staff.change_pin("Dana", "0000", "97531")
    assert [a.detail["in_a_row"] for a in svc.review.audit(act="wrong-pin")][0] == 4
    assert [a.detail["for"] for a in svc.review.audit(act="wrong-pin")][0] == "change-pin"
    with pytest.raises(SignInError):
        svc.staff.authenticate("Dana", "0000")  # the fifth, by a sign-in: the next one waits
    with pytest.raises(SignInError):
        svc.staff.change_pin("Dana", DEALER_PIN, "97531")  # too early: even the right PIN
    assert svc.review.audit(act="change-pin") == []


@pytest.mark.parametrize("new, words", [
    ("12a4", "dealer's PIN is 4 to 12 digits"),
    ("123", "dealer's PIN is 4 to 12 digits"),
    (DEALER_PIN, "the same as the old one"),
])
@pytest.mark.one_backend
def test_an_invalid_new_pin_is_refused_and_nothing_changes(
        svc: Services, dealer: StaffMember, new: str, words: str) -> None:
    before = _stored_hash(svc, "Dana")
    with pytest.raises(StorageError, match=words):
        svc.staff.change_pin("Dana", DEALER_PIN, new)
    assert _stored_hash(svc, "Dana") == before
    assert svc.review.audit(act="change-pin") == []
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer


def test_an_older_short_supervisor_pin_still_signs_in_and_is_changed_to_a_valid_one(
        svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as m:  # an account from before supervisors needed 6 digits
        m.setitem(staff_module.MIN_PIN, Role.SUPERVISOR, 4)
        old = svc.staff.add_staff("Olle", Role.SUPERVISOR, "4144")
    assert svc.staff.authenticate("Olle", "4144") == old
    assert not staff_module.pin_is_valid("4144", Role.SUPERVISOR)
    with pytest.raises(StorageError, match="supervisor's PIN is 6 to 12 digits"):
        svc.staff.change_pin("Olle", "4144", "55155")
    svc.staff.change_pin("Olle", "4144", "551155")
    assert staff_module.pin_is_valid("551155", Role.SUPERVISOR)
    assert svc.staff.authenticate("Olle", "551155") == old


def test_a_supervisor_resets_a_forgotten_pin_and_it_lifts_the_lock(
        svc: Services, boss: StaffMember, dealer: StaffMember) -> None:
    for _ in range(staff_module.FREE_TRIES):
        with pytest.raises(SignInError):
            svc.staff.authenticate("Dana", "0000")
    assert set(svc.staff.locked_staff()) == {"Dana"}
    with pytest.raises(PermissionRefused, match="reason"):
        svc.staff.reset_pin("Dana", "8642", boss, "  ")
    with pytest.raises(PermissionRefused, match="needs a supervisor"):
        svc.staff.reset_pin("Sam", "86420", dealer, "forgot")
    with pytest.raises(PermissionRefused, match="Change my PIN"):
        svc.staff.reset_pin("Sam", "864200", boss, "my own")
    with pytest.raises(StorageError, match="already Dana's PIN"):
        svc.staff.reset_pin("Dana", DEALER_PIN, boss, "forgot")
    with pytest.raises(StorageError, match="dealer's PIN is 4 to 12"):
        svc.staff.reset_pin("Dana", "12", boss, "forgot")
    assert svc.review.audit(act="reset-pin") == []
    assert svc.staff.reset_pin("Dana", "8642", boss, "forgot it; badge checked") == dealer
    assert svc.staff.locked_staff() == {}
    assert svc.staff.authenticate("Dana", "8642") == dealer
    entry = svc.review.audit(act="reset-pin")[0]
    assert (entry.by, entry.reason, entry.detail["name"]) == ("Sam", "forgot it; badge checked",
                                                              "Dana")
    assert entry.detail["was_locked_until"] is not None
    _no_pin_in_audit(svc, "8642")
    assert svc.log.verify_all().ok


def test_a_pin_hash_edited_with_plain_sql_breaks_the_log(
        svc: Services, boss: StaffMember, dealer: StaffMember) -> None:
    svc.staff.change_pin("Dana", DEALER_PIN, "97531")
    svc.staff.reset_pin("Dana", "8642", boss, "forgot")
    assert svc.log.verify_all().ok
    forged = staff_module.hash_pin("1711")
    with svc.db.transaction() as s:
        s.execute(text("UPDATE staff SET pin_hash = :h WHERE name = 'Dana'"), {"h": forged})
    assert not svc.log.verify_all().ok


def test_cli_staff_pin_changes_and_resets(
        db_url: str, svc: Services, boss: StaffMember, dealer: StaffMember,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from dealer_app.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("0000\n97531\n"))
    assert main(["staff", "pin", "--db", db_url, "--name", "Dana", "--pin-stdin"]) == 2
    assert "wrong PIN" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{DEALER_PIN}\n97531\n"))
    assert main(["staff", "pin", "--db", db_url, "--name", "Dana", "--pin-stdin"]) == 0
    assert "PIN of Dana changed" in capsys.readouterr().out
    assert svc.staff.authenticate("Dana", "97531") == dealer
    assert main(["staff", "pin", "--db", db_url, "--name", "Dana", "--by", "Sam",
                 "--pin-stdin"]) == 2
    assert "--reason" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{BOSS_PIN}\n2468\n"))
    assert main(["staff", "pin", "--db", db_url, "--name", "Dana", "--by", "Sam",
                 "--reason", "forgot", "--pin-stdin"]) == 0
    assert svc.staff.authenticate("Dana", "2468") == dealer
    assert svc.review.audit(act="reset-pin")[0].reason == "forgot"


# ---------------------------------------------------------------------------- owed chips
def _owed_after_void(svc: Services, session: SessionInfo, dealer: StaffMember,
                     boss: StaffMember, winner: bool) -> tuple[int, str, int]:
    """Plays a hand, lets its winner (or its biggest loser) leave, voids it: (seat, player,
    owed: negative when the player owes)."""
    state = svc.hands.start_hand(session.id, dealer)
    final = play(svc.hands, state.hand_id, dealer)
    deltas = {spec.seat: final.hand.stacks[spec.seat] - spec.stack for spec in final.seats}
    seat = (max if winner else min)(deltas, key=lambda x: deltas[x])
    svc.tables.leave(session.id, seat, dealer)
    svc.hands.void_hand(state.hand_id, boss, "wrong deck")
    player = next(spec.player for spec in final.seats if spec.seat == seat)
    assert svc.tables.owed(session.id) == [(seat, player, -deltas[seat])]
    return seat, player, -deltas[seat]


@pytest.mark.parametrize("winner", [True, False], ids=["player-owes", "player-is-owed"])
def test_settling_owed_chips_zeroes_the_owed_line_and_keeps_the_balance(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        winner: bool) -> None:
    seat, player, owed = _owed_after_void(svc, session, dealer, boss, winner)
    before = reports.session_report(svc.db, session.id)
    line_before = next(x for x in before.seats if x.seat == seat)
    with pytest.raises(StorageError, match="only"):
        svc.tables.settle_owed(session.id, seat, abs(owed) + 5, boss, "cage slip 41")
    with pytest.raises(PermissionRefused):
        svc.tables.settle_owed(session.id, seat, abs(owed), dealer, "cage slip 41")
    with pytest.raises(StorageError, match="no chips are owed"):
        svc.tables.settle_owed(session.id, 2, 5, boss, "cage slip 41")
    assert reports.session_report(svc.db, session.id).reconciliation == before.reconciliation

    first = svc.tables.settle_owed(session.id, player, 5, boss, "cage slip 41")
    assert (first.seat, first.settled) == (seat, 5 if owed > 0 else -5)
    assert abs(first.owed_left) == abs(owed) - 5
    done = svc.tables.settle_owed(session.id, seat, abs(owed) - 5, boss, "cage slip 42")
    assert done.owed_left == 0
    assert svc.tables.owed(session.id) == []

    report = reports.session_report(svc.db, session.id)
    rec = report.reconciliation
    assert rec.balanced, rec.problems
    assert (rec.owed, rec.owed_lines) == (0, ())
    assert rec.stacks + rec.cash_outs + rec.rake + rec.owed == rec.buy_ins + rec.adjustments
    assert rec.cash_outs == before.reconciliation.cash_outs + owed
    line = next(x for x in report.seats if x.seat == seat)
    assert (line.net, line.won, line.owed) == (line_before.net, line_before.won, 0)
    settled = [a for a in report.acts if a.act == "Owed chips settled"]
    assert [(a.by, a.reason) for a in settled] == [("Sam", "cage slip 41"),
                                                  ("Sam", "cage slip 42")]
    paid = "paid to the player" if owed > 0 else "paid back by the player"
    assert f"seat {seat} ({player}): {abs(owed) - 5:,} {paid}" in settled[1].what
    assert "still owed" in settled[0].what and "still owed" not in settled[1].what
    textual = report.to_text()
    assert f"Owed chips settled: seat {seat} ({player})" in textual
    assert "by Sam, reason: cage slip 42" in textual
    assert "cage slip 42" in report.to_html()
    assert svc.review.audit(act="settle-owed")[0].detail["owed_left"] == 0
    with pytest.raises(StorageError, match="no chips are owed"):
        svc.tables.settle_owed(session.id, seat, 5, boss, "again")
    assert svc.tables.balance_warning(session.id) is None  # closes without a second reason
    assert not svc.tables.close_session(session.id, boss, "end of shift").is_open
    assert svc.log.verify_all().ok


def test_owed_chips_are_settled_after_the_session_closed(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    seat, _player, owed = _owed_after_void(svc, session, dealer, boss, winner=False)
    svc.tables.close_session(session.id, boss, "end of shift", imbalance_reason="owed, cage")
    svc.tables.settle_owed(session.id, seat, abs(owed), boss, "paid next day")
    rec = reports.session_report(svc.db, session.id).reconciliation
    assert rec.balanced and rec.owed == 0
    assert svc.log.verify_all().ok
