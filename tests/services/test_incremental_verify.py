"""Incremental ``log verify`` (``--incremental`` / ``--state FILE``): only what came after the
signed state file is verified; a state that no longer matches the database is a finding
and a full verify runs instead (``services/verify_state.py``)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from storage.helpers import FakeClock, play
from world_copy import Worlds, worlds

from dealer_app.cli import main
from dealer_app.engine import Settings
from dealer_app.services import Role, Services, StaffMember
from dealer_app.services.core.types import VerifyReport
from dealer_app.services.verify_state_file import VerifyState
from dealer_app.storage import Database
from dealer_app.storage.notary import Notary


def _floor(url: str, hands: int) -> tuple[Services, StaffMember, int]:
    """Supervisor Sam, table T with Ann and Bo, ``hands`` complete hands."""
    svc = Services.open(url, clock=FakeClock())
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
    table = svc.tables.create_table("T", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, boss)
    for seat, name in ((1, "Ann"), (3, "Bo")):
        svc.tables.seat_player(session.id, seat, name, 1000, boss)
    _play(svc, boss, session.id, hands)
    return svc, boss, session.id


def _play(svc: Services, boss: StaffMember, session: int, hands: int) -> None:
    for _ in range(hands):
        play(svc.hands, svc.hands.start_hand(session, boss).hand_id, boss)


def _verify(svc: Services, state: Path, **kw: object) -> VerifyReport:
    kw.setdefault("workers", 1)
    return svc.log.verify_all(anchors=[Path(os.environ["DEALER_APP_ANCHOR_DIR"])],
                              state=state, **kw)  # type: ignore[arg-type]


def _said(report: VerifyReport) -> list[str]:
    return [f"{b.label}: {b.reason}" for b in report.broken]


def _head(svc: Services) -> int:
    with svc.db.read() as s:
        return int(s.execute(text("SELECT MAX(seq) FROM ledger")).scalar() or 0)


def test_after_new_hands_only_they_are_replayed(db_url: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    svc, boss, session = _floor(db_url, hands=4)
    state = tmp_path / "state.json"
    first = _verify(svc, state)
    assert first.ok and first.checked == 4 and first.incremental_from == 0, _said(first)
    assert first.state_file == str(state)
    head = _head(svc)
    saved = json.loads(state.read_text())
    assert saved["seq"] == head and saved["signature"]
    _play(svc, boss, session, 2)
    second = _verify(svc, state)
    assert second.ok, _said(second)
    assert (second.incremental_from, second.incremental_to) == (head, _head(svc))
    assert second.checked == 2  # the new hands only
    assert json.loads(state.read_text())["seq"] == _head(svc)
    _play(svc, boss, session, 1)  # the new hands replayed by a forked worker
    monkeypatch.setattr("dealer_app.services.verify_state.PARALLEL_FROM", 1)
    third = _verify(svc, state, workers=2)
    assert third.ok and third.checked == 1, _said(third)
    svc.close()
    assert main(["log", "verify", "--db", db_url, "--state", str(state)]) == 0
    out = capsys.readouterr().out
    assert f"incremental from entry #{_head(svc)} verified at " in out
    assert "not re-read" in out and "verify state saved" in out
    # a full verify stays the default: no state, no incremental
    assert main(["log", "verify", "--db", db_url]) == 0
    assert "incremental" not in capsys.readouterr().out
    # --incremental alone: the default state file of this ledger, in the data folder
    monkeypatch.setenv("DEALER_APP_VERIFY_STATE_DIR", str(tmp_path / "states"))
    assert main(["log", "verify", "--db", db_url, "--incremental"]) == 0
    assert "incremental from" not in capsys.readouterr().out  # (none yet: a full verify)
    (saved_file,) = (tmp_path / "states").glob("*.json")
    assert len(saved_file.stem) == 16  # <ledger id>.json
    assert main(["log", "verify", "--db", db_url, "--incremental"]) == 0
    assert "incremental from entry #" in capsys.readouterr().out


def test_a_forged_new_hand_is_found(db_url: str, tmp_path: Path) -> None:
    svc, boss, session = _floor(db_url, hands=3)
    state = tmp_path / "state.json"
    assert _verify(svc, state).ok
    _play(svc, boss, session, 2)
    with svc.db.read() as s:
        newest = s.execute(text("SELECT MAX(id) FROM hand")).scalar()
    # a new hand's result changed by SQL, outside the app
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE hand_player SET stack_after = stack_after + 5 "
                          "WHERE hand_id = :h AND seat = 1"), {"h": newest})
    found = _said(_verify(svc, state))
    assert any("changed outside the app" in f and f"hand id {newest}" in f for f in found), found
    svc.close()


def test_a_hand_made_with_the_apps_code_without_the_key_is_found(
        db_url: str, tmp_path: Path) -> None:
    svc, boss, session = _floor(db_url, hands=2)
    state = tmp_path / "state.json"
    assert _verify(svc, state).ok
    bad = Services.on(Database.open(db_url, sign=False))
    mallory = bad.staff.authenticate("Sam", "246800")
    play(bad.hands, bad.hands.start_hand(session, mallory).hand_id, mallory)
    bad.close()
    report = _verify(svc, state)
    assert report.incremental_from
    found = _said(report)
    assert any("no workstation's key signed them" in f for f in found), found
    assert any("no signed checkpoint seals it" in f for f in found), found
    # the findings are told again by the next run, though nothing new came
    again = _verify(svc, state)
    assert any("no workstation's key signed them" in f for f in _said(again)), _said(again)
    svc.close()


def test_a_changed_prefix_is_said_and_a_full_verify_runs(db_url: str, tmp_path: Path) -> None:
    svc, boss, session = _floor(db_url, hands=3)
    state = tmp_path / "state.json"
    assert _verify(svc, state).ok
    kept = state.read_text()
    head = _head(svc)
    _play(svc, boss, session, 1)
    with svc.db.engine.begin() as conn:  # the ledger rewritten up to the state's entry
        conn.execute(text("UPDATE ledger SET digest = :d WHERE seq = :q"),
                     {"d": "0" * 64, "q": head})
    report = _verify(svc, state)
    found = _said(report)
    assert report.incremental_from == 0  # the full verify
    assert found[0].startswith("STATE ") and f"digest at entry #{head}" in found[0], found
    assert any("does not chain" in f for f in found[1:]), found
    assert state.read_text() == kept  # left as it is
    svc.close()


def test_a_rolled_back_or_deleted_ledger_is_said(db_url: str, tmp_path: Path) -> None:
    svc, _boss, _session = _floor(db_url, hands=3)
    state = tmp_path / "state.json"
    assert _verify(svc, state).ok
    head = _head(svc)
    with svc.db.engine.begin() as conn:
        conn.execute(text("DELETE FROM ledger WHERE seq > :q"), {"q": head - 10})
        conn.execute(text("DELETE FROM checkpoint WHERE seq > :q"), {"q": head - 10})
    found = _said(_verify(svc, state))
    assert "cut back or rolled back" in found[0], found
    with svc.db.engine.begin() as conn:
        conn.execute(text("DELETE FROM checkpoint"))
        conn.execute(text("DELETE FROM ledger"))
    found = _said(_verify(svc, state))
    assert "this database is ledger (empty)" in found[0], found
    svc.close()


def test_the_state_of_another_ledger_is_refused(db_url: str, tmp_path: Path) -> None:
    other, _b, _s = _floor(f"sqlite:///{tmp_path}/other.sqlite3", hands=1)
    state = tmp_path / "state.json"
    assert _verify(other, state).ok
    other.close()
    kept = state.read_text()
    svc, _boss, _session = _floor(db_url, hands=1)
    report = _verify(svc, state)
    found = _said(report)
    assert "another database's state, or this ledger was rebuilt" in found[0], found
    assert report.incremental_from == 0 and len(found) == 1, found  # the full verify holds
    assert state.read_text() == kept
    svc.close()


@pytest.mark.one_backend
def test_an_edited_state_file_or_cut_anchor_file_is_said(db_url: str, tmp_path: Path) -> None:
    svc, boss, session = _floor(db_url, hands=2)
    state = tmp_path / "state.json"
    assert _verify(svc, state).ok
    data = json.loads(state.read_text())
    data["seq"] -= 1
    state.write_text(json.dumps(data))
    assert "does not hold" in _said(_verify(svc, state))[0]
    state.unlink()
    assert _verify(svc, state).ok
    _play(svc, boss, session, 1)
    (anchor,) = Path(os.environ["DEALER_APP_ANCHOR_DIR"]).glob("*.anchor")
    lines = anchor.read_text().splitlines(keepends=True)
    anchor.write_text("".join(lines[:-3]))
    found = _said(_verify(svc, state))
    assert "the last one verified, was cut or changed" in found[0], found
    svc.close()


@pytest.mark.one_backend
def test_what_an_incremental_run_does_not_re_read(db_url: str, tmp_path: Path) -> None:
    """An old row edited in place without a ledger entry: only a full verify finds it (the
    README says so)."""
    svc, boss, session = _floor(db_url, hands=3)
    state = tmp_path / "state.json"
    assert _verify(svc, state).ok
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE stack_move SET amount = amount * 10 WHERE id = "
                          "(SELECT MIN(id) FROM stack_move)"))
    _play(svc, boss, session, 1)
    assert _verify(svc, state).ok
    assert not _verify(svc, state, full=True).ok
    # ... while a mutable row (a staff member's role) is re-read by every run
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE staff SET role = 'dealer' WHERE name = 'Sam'"))
    found = _said(_verify(svc, state))
    assert any("staff member" in f and "changed outside the app" in f for f in found), found
    svc.close()


@pytest.mark.one_backend
def test_a_witness_is_checked_from_the_line_verified_on(db_url: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "witness"
    monkeypatch.setenv("DEALER_APP_WITNESS", str(folder))
    svc, boss, session = _floor(db_url, hands=2)
    state = tmp_path / "state.json"
    assert _verify(svc, state, witnesses=[folder]).ok
    _play(svc, boss, session, 2)
    report = _verify(svc, state, witnesses=[folder])
    assert report.ok and report.incremental_from, _said(report)
    (file,) = folder.glob("*.witness")
    lines = file.read_text().splitlines(keepends=True)
    file.write_text("".join(lines[:-2]))  # the last line verified is cut
    found = _said(_verify(svc, state, witnesses=[folder]))
    assert "witness file" in found[0] and "was cut" in found[0], found
    svc.close()


@pytest.mark.one_backend
def test_two_keys_anchor_files_are_read_from_their_own_last_lines(
        db_url: str, tmp_path: Path) -> None:
    from dealer_app.storage.notary import rotate_key

    svc, boss, session = _floor(db_url, hands=1)
    state = tmp_path / "state.json"
    assert _verify(svc, state).ok
    svc.close()
    rotate_key()  # the next process signs with another key: a second anchor file
    svc = Services.open(db_url, clock=FakeClock())
    boss = svc.staff.authenticate("Sam", "246800")
    _play(svc, boss, session, 1)
    assert _verify(svc, state).ok
    _play(svc, boss, session, 1)  # the first key's file now ends before the state
    report = _verify(svc, state)
    assert report.ok and report.incremental_from, _said(report)
    assert len(list(Path(os.environ["DEALER_APP_ANCHOR_DIR"]).glob("*.anchor"))) == 2
    svc.close()


_NEW_SEAL = "(SELECT {f}(seq) FROM ledger WHERE seal_from IS NOT NULL AND seq > :lo)"
TAMPERED = {
    # a new entry between two commit ends (its chain digest is recomputed, not stored)
    "entry": "UPDATE ledger SET row_digest = 'x' || row_digest WHERE seq = "
             "(SELECT MIN(seq) FROM ledger WHERE seal_from IS NULL AND seq > :lo)",
    "newest seal's time": "UPDATE ledger SET seal_at = seal_at - 3600000000 WHERE seq = "
                          + _NEW_SEAL.format(f="MAX"),
    "first new seal's link": "UPDATE ledger SET seal_prev = :b WHERE seq = "
                             + _NEW_SEAL.format(f="MIN"),
    "a seal's first entry": "UPDATE ledger SET seal_from = seq + 1 WHERE seq = "
                            "(SELECT MIN(seq) FROM ledger WHERE seal_from IS NOT NULL AND "
                            "seal_from < seq AND seq > :lo)",
    "a seal's key": "UPDATE ledger SET seal_key = 'ffffffffffffffff' WHERE seq = "
                    + _NEW_SEAL.format(f="MIN"),
    "open seating": "UPDATE seating SET stack = stack + 5 WHERE id = "
                    "(SELECT MIN(id) FROM seating)",
    "new event": "UPDATE hand_event SET staff_name = 'Eve' WHERE id = "
                 "(SELECT MAX(id) FROM hand_event)",
    "audit row inserted": "INSERT INTO audit (at, staff_name, act, detail_json) "
                          "VALUES ('2026-01-01 00:00:00', 'Eve', 'login', '{}')",
    # a table empty at the last verify
    "waiting entry inserted": "INSERT INTO waiting_entry (structure, ante, player, joined_at) "
                              "VALUES ('stud', 5, 'Eve', '2026-01-01 00:00:00')",
}


@pytest.fixture(scope="session")
def _worlds(tmp_path_factory: pytest.TempPathFactory, _key_folder: Path) -> Iterator[Worlds]:
    with worlds(tmp_path_factory, "incremental") as built:
        yield built


@pytest.fixture
def _verified_then_two_new(_worlds: Worlds, request: pytest.FixtureRequest, db_url: str,
                           tmp_path: Path) -> tuple[int, Path]:
    """Three hands verified with a state file, then two more hands (which verify clean from
    it), built once per backend and copied (tests/world_copy.py): the head at the state and
    the state file as it was before the new hands' verify (its anchors, read in the build's
    folder, moved to the test's and the state signed again)."""
    def build(url: str) -> tuple[int, bytes, str]:
        svc, boss, session = _floor(url, hands=3)
        state = tmp_path / "state.json"
        assert _verify(svc, state).ok
        lo = _head(svc)
        _play(svc, boss, session, 2)
        saved = state.read_bytes()
        assert _verify(svc, state).ok  # untouched, the new part holds
        svc.close()
        return lo, saved, os.environ["DEALER_APP_ANCHOR_DIR"]
    lo, saved, built_in = _worlds.copy(request, db_url, "two-new", build)
    state = tmp_path / "state.json"
    state.write_bytes(saved)
    moved = VerifyState.load(state)
    here = os.environ["DEALER_APP_ANCHOR_DIR"]
    moved.anchors = {name.replace(built_in, here): mark for name, mark in moved.anchors.items()}
    moved.signed(Notary.load()).save(state)
    return lo, state


@pytest.mark.parametrize("what", list(TAMPERED))
def test_what_a_full_verify_finds_in_the_new_part_the_incremental_run_finds(
        db_url: str, what: str, _verified_then_two_new: tuple[int, Path]) -> None:
    """Each finding of a full verify about something written or changed after the state is
    told by the incremental run too (its walk, seal checks and row reads cut no check)."""
    lo, state = _verified_then_two_new
    saved = state.read_bytes()
    svc = Services.open(db_url, clock=FakeClock())
    held = _verify(svc, state)
    assert held.ok, _said(held)  # the copy holds as the build did
    state.write_bytes(saved)
    with svc.db.engine.begin() as conn:
        done = conn.execute(text(TAMPERED[what]), {"lo": lo, "b": b"\x00" * 32})
        assert done.rowcount == 1
    full = _said(svc.log.verify_all(anchors=[Path(os.environ["DEALER_APP_ANCHOR_DIR"])],
                                    workers=1))
    assert full
    report = _verify(svc, state)
    assert report.incremental_from == lo, _said(report)
    found = [_unplaced(f) for f in _said(report)]
    assert [f for f in map(_unplaced, full) if f not in found] == [], found
    svc.close()


def _unplaced(finding: str) -> str:
    """A finding without where it stands among the checkpoints (the incremental run reads
    only the checkpoints since its state: an older entry is "before the first" of them)."""
    return re.sub(r" \((since checkpoint|before the first checkpoint)[^)]*\)", "", finding)
