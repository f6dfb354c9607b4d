"""Issue 8.4: supervisor PINs of 6+ digits, a lock after 100 wrong PINs, a supervisor's unlock, one
answer for unknown names and wrong PINs, scrypt outside the write lock, and privileged acts
that re-read the acting account."""

from __future__ import annotations

import io
import threading

import pytest
from sqlalchemy import create_engine, text

from dealer_app.services import (
    PermissionRefused,
    Role,
    Services,
    SignInError,
    StaffMember,
    StorageError,
)
from dealer_app.services import staff as staff_module
from services.conftest import BOSS_PIN, DEALER_PIN


def test_a_supervisor_pin_has_at_least_six_digits(svc: Services) -> None:
    with pytest.raises(StorageError, match="supervisor's PIN is 6 to 12 digits"):
        svc.staff.add_staff("Sam", Role.SUPERVISOR, "1243")
    with pytest.raises(StorageError, match="supervisor's PIN is 6 to 12 digits"):
        svc.staff.add_staff("Sam", Role.SUPERVISOR, "12354")
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "135792")
    assert svc.staff.add_staff("Dana", Role.DEALER, "1243", by=boss).role is Role.DEALER
    with pytest.raises(StorageError, match="dealer's PIN is 4 to 12 digits"):
        svc.staff.add_staff("Eve", Role.DEALER, "123", by=boss)
    with pytest.raises(StorageError, match="supervisor's PIN"):
        svc.staff.add_staff("Eve", Role.SUPERVISOR, "4312", by=boss)


def _lock(svc: Services, name: str) -> None:
    """The 100th wrong PIN in a row locks (the 99 before it are set straight in the row)."""
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE staff SET failed_pins = :n WHERE name = :name"),
                     {"n": staff_module.LOCK_AFTER - 1, "name": name})
    with pytest.raises(SignInError):
        svc.staff.authenticate(name, "9192")
    assert svc.review.audit(act="account-locked")[0].detail["in_a_row"] == 100


def test_a_supervisor_unlocks_another_account_and_it_is_audited(
        svc: Services, boss: StaffMember, dealer: StaffMember) -> None:
    _lock(svc, "Dana")
    assert set(svc.staff.locked_staff()) == {"Dana"}
    with pytest.raises(PermissionRefused):
        svc.staff.unlock("Dana", dealer, "let me in")
    with pytest.raises(PermissionRefused, match="reason"):
        svc.staff.unlock("Dana", boss, " ")
    with pytest.raises(PermissionRefused, match="another supervisor"):
        svc.staff.unlock("Sam", boss, "myself")
    assert svc.staff.unlock("Dana", boss, "checked her badge") == dealer
    assert svc.staff.locked_staff() == {}
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer
    entry = svc.review.audit(act="unlock-account")[0]
    assert (entry.by, entry.reason, entry.detail["name"]) == ("Sam", "checked her badge", "Dana")
    assert entry.detail["was_locked_at"] is not None


def test_an_unknown_name_gets_the_answer_of_a_wrong_pin(
        svc: Services, dealer: StaffMember) -> None:
    with pytest.raises(SignInError) as wrong:
        svc.staff.authenticate("Dana", "0000")
    with pytest.raises(SignInError) as unknown:
        svc.staff.authenticate("Dina", "0000")
    assert str(wrong.value) == str(unknown.value) == staff_module.WRONG
    assert type(wrong.value) is type(unknown.value)


def test_checking_a_pin_does_not_hold_the_write_lock(
        svc: Services, dealer: StaffMember, db_url: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A second connection writes (the same account's row, even) while scrypt runs."""
    hashing, release = threading.Event(), threading.Event()
    real = staff_module.check_pin

    def slow_check(pin: str, stored: str, key: object = None) -> bool:
        hashing.set()
        assert release.wait(10)
        return real(pin, stored, key)  # type: ignore[arg-type]

    monkeypatch.setattr(staff_module, "check_pin", slow_check)
    outcome: list[object] = []
    worker = threading.Thread(target=lambda: outcome.append(
        svc.staff.authenticate("Dana", DEALER_PIN)))
    worker.start()
    try:
        assert hashing.wait(10)
        if db_url.startswith("sqlite"):
            other = create_engine(db_url, connect_args={"timeout": 0.5})
        else:
            other = create_engine(db_url)
        try:
            with other.begin() as conn:
                if not db_url.startswith("sqlite"):
                    conn.execute(text("SET LOCAL lock_timeout = '500ms'"))
                conn.execute(text("UPDATE staff SET failed_pins = failed_pins "
                                  "WHERE name = 'Dana'"))
                conn.execute(text("UPDATE game_table SET name = name"))
        finally:
            other.dispose()
    finally:
        release.set()
        worker.join(10)
    assert outcome == [dealer]


def test_adding_staff_rereads_the_acting_account(
        svc: Services, boss: StaffMember, dealer: StaffMember) -> None:
    forged = StaffMember(id=dealer.id, name=dealer.name, role=Role.SUPERVISOR)
    with pytest.raises(PermissionRefused, match="not one now"):
        svc.staff.add_staff("Eve", Role.DEALER, "1711", by=forged)
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE staff SET active = :no WHERE id = :i"),
                     {"no": False, "i": boss.id})
    with pytest.raises(PermissionRefused):
        svc.staff.add_staff("Eve", Role.DEALER, "1711", by=boss)
    with pytest.raises(PermissionRefused):
        svc.staff.unlock("Dana", boss, "x")
    assert [m.name for m in svc.staff.list_staff()] == ["Dana", "Sam"]


def test_cli_staff_unlock(db_url: str, svc: Services, boss: StaffMember, dealer: StaffMember,
                          monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    from dealer_app.cli import main

    _lock(svc, "Dana")
    monkeypatch.setattr("sys.stdin", io.StringIO("000000\n"))
    assert main(["staff", "unlock", "--db", db_url, "--name", "Dana", "--by", "Sam",
                 "--reason", "badge checked", "--pin-stdin"]) == 2
    assert "wrong PIN" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{BOSS_PIN}\n"))
    assert main(["staff", "unlock", "--db", db_url, "--name", "Dana", "--by", "Sam",
                 "--reason", "badge checked", "--pin-stdin"]) == 0
    assert "unlocked Dana" in capsys.readouterr().out
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer
