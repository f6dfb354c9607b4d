"""Staff accounts, PIN hashing, lockout and the audit of supervisor acts."""

from __future__ import annotations

import pytest
from sqlalchemy import select, text
from storage.helpers import FakeClock, play

from dealer_app.services import (
    AccountLocked,
    HandStatus,
    PermissionRefused,
    Role,
    Services,
    SessionInfo,
    SignInError,
    StaffMember,
)
from dealer_app.storage.models import Staff
from services.conftest import BOSS_PIN, DEALER_PIN


def test_first_account_must_be_a_supervisor(svc: Services) -> None:
    assert svc.staff.needs_first_supervisor()
    with pytest.raises(PermissionRefused):
        svc.staff.add_staff("Dana", Role.DEALER, "1243")
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "135792")
    assert not svc.staff.needs_first_supervisor()
    with pytest.raises(PermissionRefused):
        svc.staff.add_staff("Eve", Role.DEALER, "1243")
    assert svc.staff.add_staff("Eve", Role.DEALER, "1243", by=boss).role is Role.DEALER


def test_pin_is_stored_only_as_a_salted_slow_hash(svc: Services, boss: StaffMember,
                                                  dealer: StaffMember) -> None:
    with svc.db.transaction() as s:
        hashes = list(s.scalars(select(Staff.pin_hash)))
    assert all(h.startswith("scrypt-k$") and BOSS_PIN not in h and DEALER_PIN not in h
               for h in hashes)
    assert len({h.split("$")[5] for h in hashes}) == 2  # one salt per account
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer
    with pytest.raises(SignInError, match="wrong PIN") as wrong:
        svc.staff.authenticate("Dana", "0000")
    with pytest.raises(SignInError) as unknown:
        svc.staff.authenticate("Nobody", "0000")
    assert str(unknown.value) == str(wrong.value)  # it does not tell a name exists


def test_after_five_wrong_pins_the_next_try_waits_and_one_too_early_is_not_checked(
        svc: Services, dealer: StaffMember, clock: FakeClock) -> None:
    for _ in range(5):
        with pytest.raises(SignInError) as info:
            svc.staff.authenticate("Dana", "9192")
        assert not isinstance(info.value, AccountLocked)
    with pytest.raises(SignInError, match="wrong PIN"):  # even the right PIN, too early
        svc.staff.authenticate("Dana", DEALER_PIN)
    clock.advance(seconds=5)
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer
    assert svc.review.audit(act="account-locked") == []
    early = svc.review.audit(act="pin-refused")[0]
    assert early.detail["why"] == "account waiting" and early.detail["right_pin"] is True


def test_a_right_pin_resets_the_count(svc: Services, dealer: StaffMember) -> None:
    for _ in range(3):
        with pytest.raises(SignInError):
            svc.staff.authenticate("Dana", "9192")
    svc.staff.authenticate("Dana", DEALER_PIN)
    for _ in range(4):
        with pytest.raises(SignInError) as info:
            svc.staff.authenticate("Dana", "9192")
        assert not isinstance(info.value, AccountLocked)


def test_supervisor_rights_are_audited_with_who_when_why(
        svc: Services, boss: StaffMember, dealer: StaffMember, clock: FakeClock) -> None:
    with pytest.raises(PermissionRefused):
        svc.staff.require_supervisor("Dana", DEALER_PIN, "void hand 3")
    with pytest.raises(PermissionRefused):
        svc.staff.require_supervisor("Sam", BOSS_PIN, "")
    assert svc.staff.require_supervisor("Sam", BOSS_PIN, "void hand 3") == boss
    entry = svc.review.audit(act="supervisor-authorised")[0]
    assert (entry.by, entry.reason) == ("Sam", "void hand 3")
    assert entry.at.tzinfo is not None and abs((entry.at - clock.moment).total_seconds()) < 1


@pytest.mark.one_backend
def test_pins_are_digits(svc: Services) -> None:
    for pin in ("12", "abcd", "1234567890123"):
        with pytest.raises(ValueError, match="PIN"):
            svc.staff.add_staff("Sam", Role.SUPERVISOR, pin)


def test_cli_staff_add_with_pin_on_stdin(db_url: str, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from dealer_app.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("246810\n"))
    assert main(["staff", "add", "--db", db_url, "--name", "Sam", "--role", "dealer",
                 "--pin-stdin"]) == 2
    assert "add a supervisor first" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("246810\n"))
    assert main(["staff", "add", "--db", db_url, "--name", "Sam", "--role", "supervisor",
                 "--pin-stdin"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("1357\n0000\n"))
    assert main(["staff", "add", "--db", db_url, "--name", "Dana", "--role", "dealer",
                 "--by", "Sam", "--pin-stdin"]) == 2
    assert "wrong PIN" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("1357\n246810\n"))
    assert main(["staff", "add", "--db", db_url, "--name", "Dana", "--role", "dealer",
                 "--by", "Sam", "--pin-stdin"]) == 0
    again = Services.open(db_url)
    try:
        assert again.staff.authenticate("Dana", "1357").role is Role.DEALER
    finally:
        again.close()


def test_a_supervisor_act_checks_the_account_as_it_is_now(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    """A StaffMember obtained before the account was disabled cannot act any more."""
    state = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, state.hand_id, dealer)
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE staff SET active = :no WHERE id = :i"),
                     {"no": False, "i": boss.id})
    with pytest.raises(PermissionRefused, match="not one now"):
        svc.hands.void_hand(state.hand_id, boss, "misdeal")
    with pytest.raises(PermissionRefused):
        svc.tables.adjust_stack(session.id, 1, 5, boss, "found chips")
    assert svc.hands.hand_state(state.hand_id).status is HandStatus.COMPLETE


def test_pins_are_hashed_with_the_production_work_factor() -> None:
    """The suite hashes with a small work factor (tests/conftest.py); the app ships 2**14."""
    from conftest import PRODUCTION_SCRYPT_N

    from dealer_app.services import staff

    assert PRODUCTION_SCRYPT_N == 2**14
    assert staff.check_pin("1243", _hash_with(PRODUCTION_SCRYPT_N, "1243"))


def _hash_with(n: int, pin: str) -> str:
    from dealer_app.services import staff

    saved = staff.SCRYPT_N
    staff.SCRYPT_N = n
    try:
        stored = staff.hash_pin(pin)
    finally:
        staff.SCRYPT_N = saved
    assert stored.split("$")[1] == str(n)
    return stored
