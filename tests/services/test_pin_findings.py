"""Issue 20, PINs and staff: hashes keyed with a PIN key that is not in the database, trivial
PINs refused, older short supervisor PINs changed before any supervisor act, waits instead
of locks anyone can trigger (one answer, the same scrypt work), refusals audited with the
act and its hand or table, and the last supervisor's recovery."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from sqlalchemy import text
from storage.helpers import FakeClock

from dealer_app.engine import Settings
from dealer_app.services import (
    PermissionRefused,
    Role,
    Services,
    SignInError,
    StaffMember,
    StorageError,
    TableInfo,
)
from dealer_app.services import staff as staff_module
from dealer_app.services.core.errors import PinChangeRequired
from dealer_app.services.core.types import Attempt
from dealer_app.storage import pepper
from services.conftest import DEALER_PIN
from services.test_pin_and_owed_acts import _stored_hash


def _set_hash(svc: Services, name: str, stored: str) -> None:
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE staff SET pin_hash = :h WHERE name = :n"),
                     {"h": stored, "n": name})


# ---------------------------------------------------------------- 1. the PIN key
def test_a_copied_database_alone_does_not_check_a_pin(
        svc: Services, dealer: StaffMember, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: ``scrypt$n$r$p$salt$hash`` of the bare PIN, so trying the 10,000 dealer PINs
    against a copied row found it. Now the hash is of the PIN keyed with a file that is not
    in the database: the bare PIN does not give the stored digest."""
    stored = _stored_hash(svc, "Dana")
    scheme, key_id, n, r, p, salt, digest = stored.split("$")
    assert scheme == "scrypt-k"
    bare = hashlib.scrypt(DEALER_PIN.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                          p=int(p), dklen=32).hex()
    assert bare != digest
    key = pepper.load_pin_key()
    assert key is not None and key.id == key_id
    assert not staff_module.check_pin(DEALER_PIN, stored)  # without the key
    assert staff_module.check_pin(DEALER_PIN, stored, key)
    assert (pepper.pin_key_path().stat().st_mode & 0o777) == 0o600
    with svc.db.read() as s:  # the key is nowhere in the database
        dump = " ".join(str(v) for row in s.execute(text("SELECT * FROM staff")) for v in row)
    assert key.secret.hex() not in dump

    # another workstation of the floor, without the key: one answer for every name, saying
    # what to do; after importing the key it checks the same PINs
    exported = tmp_path / "floor.pin-key"
    pepper.export_pin_key(exported)
    assert (exported.stat().st_mode & 0o777) == 0o600
    monkeypatch.setenv("DEALER_APP_CONFIG_DIR", str(tmp_path / "station-2"))
    for name in ("Dana", "Nobody"):
        with pytest.raises(pepper.PinKeyError, match=f"PIN key {key_id}.*import"):
            svc.staff.authenticate(name, DEALER_PIN)
    with pytest.raises(pepper.PinKeyError):  # and makes no key of its own for new PINs
        svc.staff.add_staff("Eve", Role.DEALER, "8642", by=dealer)
    assert pepper.load_pin_key() is None
    assert pepper.import_pin_key(exported) == (key, True)
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer


def test_importing_another_key_over_this_stations_own_is_refused(tmp_path: Path) -> None:
    mine = pepper.make_pin_key(tmp_path / "here")
    other = pepper.make_pin_key(tmp_path / "there")
    pepper.export_pin_key(tmp_path / "other.key", tmp_path / "there")
    with pytest.raises(pepper.PinKeyError, match="another PIN key"):
        pepper.import_pin_key(tmp_path / "other.key", tmp_path / "here")
    assert pepper.load_pin_key(tmp_path / "here") == mine != other
    (tmp_path / "bad.key").write_text("not a key\n")
    with pytest.raises(pepper.PinKeyError, match="not a dealer-app PIN key"):
        pepper.import_pin_key(tmp_path / "bad.key", tmp_path / "new")


def test_an_old_hash_without_the_key_signs_in_and_is_hashed_again_with_it(
        svc: Services, dealer: StaffMember) -> None:
    _set_hash(svc, "Dana", staff_module.hash_pin(DEALER_PIN))  # as stored before the key
    with pytest.raises(SignInError):
        svc.staff.authenticate("Dana", "8642")
    assert _stored_hash(svc, "Dana").startswith("scrypt$")  # a wrong PIN changes nothing
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer
    key = pepper.load_pin_key()
    assert key is not None and _stored_hash(svc, "Dana").startswith(f"scrypt-k${key.id}$")
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer
    assert svc.log.verify_all().ok


def test_the_work_factor_is_not_lowered(svc: Services, dealer: StaffMember) -> None:
    from conftest import PRODUCTION_SCRYPT_N

    assert PRODUCTION_SCRYPT_N >= 2**14
    key = pepper.load_pin_key()
    strong = staff_module.hash_pin(DEALER_PIN, key=key).replace(
        f"${staff_module.SCRYPT_N}$", f"${staff_module.SCRYPT_N * 2}$", 1)
    assert not staff_module.needs_new_hash(strong, key)  # a stronger one is kept
    assert staff_module.needs_new_hash(staff_module.hash_pin(DEALER_PIN), key)


# ---------------------------------------------------------------- 2. trivial and short PINs
@pytest.mark.parametrize("pin", ["0000", "000000", "1234", "987654", "7890", "111111",
                                 "123456789012", "3210"])
@pytest.mark.one_backend
def test_a_trivial_pin_is_refused_when_set_or_changed(
        svc: Services, boss: StaffMember, dealer: StaffMember, pin: str) -> None:
    words = "digits in a row"
    with pytest.raises(StorageError, match=words):
        svc.staff.add_staff("Eve", Role.DEALER, pin, by=boss)
    with pytest.raises(StorageError, match=words):
        svc.staff.change_pin("Dana", DEALER_PIN, pin)
    with pytest.raises(StorageError, match=words):
        svc.staff.reset_pin("Dana", pin, boss, "forgot")
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer
    assert [m.name for m in svc.staff.list_staff()] == ["Dana", "Sam"]


@pytest.mark.one_backend
def test_pins_that_merely_look_regular_are_accepted() -> None:
    for pin in ("2468", "1357", "1212", "0101", "246810", "97531"):
        assert not staff_module.is_trivial(pin), pin


def test_an_older_short_supervisor_pin_must_be_changed_before_any_supervisor_act(
        svc: Services, boss: StaffMember, table: TableInfo,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the window asked for a new PIN, but the services let the act through."""
    with monkeypatch.context() as m:  # an account from before supervisors needed 6 digits
        m.setitem(staff_module.MIN_PIN, Role.SUPERVISOR, 4)
        olle = svc.staff.add_staff("Olle", Role.SUPERVISOR, "4826", by=boss)
    assert svc.staff.authenticate("Olle", "4826") == olle  # still signs in
    attempt = Attempt("change-settings", table_id=table.id)
    with pytest.raises(PinChangeRequired, match="change it"):
        svc.staff.require_supervisor("Olle", "4826", "new ante", attempt)
    with pytest.raises(PinChangeRequired):  # the signed-in member, straight to an act
        svc.tables.change_settings(table.id, Settings(ante=10, chip_unit=5), olle, "new ante")
    with pytest.raises(PinChangeRequired):
        svc.staff.unlock("Sam", olle, "x")
    refused = svc.review.audit(act="permission-refused")[0]
    assert (refused.by, refused.detail["why"], refused.detail["for"], refused.table_id) == (
        "Olle", "PIN must be changed", "change-settings", table.id)
    svc.staff.change_pin("Olle", "4826", "482604")
    assert svc.staff.require_supervisor("Olle", "482604", "new ante") == olle
    svc.tables.change_settings(table.id, Settings(ante=10, chip_unit=5), olle, "new ante")


# ---------------------------------------------------------------- 3. waits, not weapons
def test_waits_grow_and_only_the_hundredth_wrong_pin_in_a_row_locks(
        svc: Services, boss: StaffMember, dealer: StaffMember, clock: FakeClock) -> None:
    """Before: 5 wrong PINs from anyone locked any account, up to a day a lock."""
    waits = []
    for _ in range(12):
        with pytest.raises(SignInError):
            svc.staff.authenticate("Dana", "8642")
        waits.append(svc.review.audit(act="wrong-pin")[0].detail["wait_seconds"])
        clock.advance(minutes=5)
    assert waits == [0, 0, 0, 0, 5, 10, 20, 40, 80, 160, 300, 300]
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer  # after 12: still her own
    assert svc.review.audit(act="account-locked") == []
    for n in range(staff_module.LOCK_AFTER):
        with pytest.raises(SignInError):
            svc.staff.authenticate("Dana", "8642")
        if n % 10 == 0:  # a try too early is refused unchecked and not counted
            with pytest.raises(SignInError):
                svc.staff.authenticate("Dana", "8642")
        clock.advance(minutes=5)
    assert svc.review.audit(act="account-locked")[0].detail["in_a_row"] == 100
    clock.advance(hours=48)
    with pytest.raises(SignInError):  # locked: the right PIN too, until unlocked
        svc.staff.authenticate("Dana", DEALER_PIN)
    assert svc.staff.locked_staff() == {"Dana": None}
    svc.staff.unlock("Dana", boss, "badge checked")
    assert svc.staff.authenticate("Dana", DEALER_PIN) == dealer


def test_one_answer_and_the_same_scrypt_work_for_unknown_waiting_locked_and_wrong(
        svc: Services, dealer: StaffMember, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: "Eli is locked" in 3 ms against 262 ms for a wrong PIN."""
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE staff SET failed_pins = 99 WHERE name = 'Dana'"))
    svc.staff.add_staff("Eli", Role.DEALER, "8642", by=_boss(svc))
    hashes: list[int] = []
    real = hashlib.scrypt

    def counted(*args: object, **kwargs: object) -> bytes:
        hashes.append(int(kwargs["n"]))  # type: ignore[call-overload]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(staff_module.hashlib, "scrypt", counted)
    answers = []
    for name, pin in [("Dana", "8642"),     # the 100th wrong PIN: locks
                      ("Dana", DEALER_PIN),  # locked, the right PIN
                      ("Nobody", DEALER_PIN),  # unknown
                      ("Eli", "2468")]:     # wrong
        hashes.clear()
        with pytest.raises(SignInError) as info:
            svc.staff.authenticate(name, pin)
        answers.append((type(info.value), str(info.value)))
        assert hashes == [staff_module.SCRYPT_N], name  # one scrypt, at today's cost
    assert len(set(answers)) == 1
    assert "locked" not in answers[0][1] and "Dana" not in answers[0][1]


def _boss(svc: Services) -> StaffMember:
    return next(m for m in svc.staff.list_staff() if m.name == "Sam")


# ---------------------------------------------------------------- 4. refusals audited
def test_every_refusal_is_audited_with_the_act_and_its_hand_or_table(
        svc: Services, boss: StaffMember, dealer: StaffMember, table: TableInfo) -> None:
    """Before: a dealer's PIN for a supervisor act, and the right PIN on a locked account,
    left no audit row; the others did not say which act or hand."""
    void = Attempt("void-hand", table_id=table.id)
    with pytest.raises(PermissionRefused, match="not a supervisor"):
        svc.staff.require_supervisor("Dana", DEALER_PIN, "misdeal", void)
    with pytest.raises(SignInError):
        svc.staff.require_supervisor("Sam", "8642", "misdeal", void)
    with pytest.raises(SignInError):
        svc.staff.require_supervisor("Nobody", "8642", "misdeal", void)
    _lock(svc, "Dana")
    with pytest.raises(SignInError):
        svc.staff.require_supervisor("Dana", DEALER_PIN, "misdeal", void)
    rows = {(a.act, a.by, a.detail.get("why")): a for a in svc.review.audit()}
    dealer_row = rows[("permission-refused", "Dana", "not a supervisor")]
    wrong = rows[("wrong-pin", "Sam", None)]
    unknown = rows[("pin-refused", "(command line)", "unknown name")]
    locked = rows[("pin-refused", "Dana", "account locked")]
    for row in (dealer_row, wrong, unknown, locked):
        assert (row.detail["for"], row.table_id) == ("void-hand", table.id), row
    assert dealer_row.reason == "misdeal"
    assert unknown.detail["name"] == "Nobody"
    assert locked.detail["right_pin"] is True


def _lock(svc: Services, name: str) -> None:
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE staff SET failed_pins = :n WHERE name = :name"),
                     {"n": staff_module.LOCK_AFTER - 1, "name": name})
    with pytest.raises(SignInError):
        svc.staff.authenticate(name, "8642")


# ---------------------------------------------------------------- the last supervisor
def test_the_last_supervisor_is_recovered_with_the_workstation_key_and_audited(
        db_url: str, svc: Services, boss: StaffMember, dealer: StaffMember,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: with every supervisor locked, nobody could unlock the last one."""
    from dealer_app.cli import main

    _lock(svc, "Sam")
    with pytest.raises(PermissionRefused):
        svc.staff.recover("Dana", "864213", "x", "test")  # a dealer is reset by a supervisor
    monkeypatch.setattr("sys.stdin", io.StringIO("864213\n"))
    assert main(["staff", "recover", "--db", db_url, "--name", "Sam", "--reason",
                 "every supervisor locked out", "--pin-stdin"]) == 0
    out = capsys.readouterr().out
    assert "recovered Sam" in out
    assert svc.staff.authenticate("Sam", "864213") == boss
    entry = svc.review.audit(act="recover-supervisor")[0]
    assert (entry.by, entry.reason, entry.detail["name"]) == (
        "(command line)", "every supervisor locked out", "Sam")
    assert entry.detail["was_locked_at"] is not None
    assert entry.detail["proof"].startswith(("workstation key", "database owner role"))
    # another supervisor who can still sign in resets it instead
    svc.staff.add_staff("Tess", Role.SUPERVISOR, "975318", by=boss)
    with pytest.raises(PermissionRefused, match="Tess can still sign in"):
        svc.staff.recover("Sam", "864219", "again", "test")


@pytest.mark.one_backend
def test_recovery_needs_the_key_that_signed_the_database(
        db_url: str, svc: Services, boss: StaffMember, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from dealer_app.cli import main

    svc.close()
    monkeypatch.setenv("DEALER_APP_CONFIG_DIR", str(tmp_path / "another-machine"))
    monkeypatch.setattr("sys.stdin", io.StringIO("864213\n"))
    assert main(["staff", "recover", "--db", db_url, "--name", "Sam", "--reason", "x",
                 "--pin-stdin"]) == 2
    assert "checkpoint key" in capsys.readouterr().err
