"""The log as a whole: tamper detection, export → replay, import, backup and restore."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import text
from storage.helpers import play

from dealer_app.cli import main
from dealer_app.engine import Settings
from dealer_app.engine.record import dump_record, load_record, replay_record
from dealer_app.services import HandQuery, HandStatus, Services, SessionInfo, StaffMember


def _hands(svc: Services, session: SessionInfo, dealer: StaffMember, count: int) -> list[int]:
    ids = []
    for _ in range(count):
        state = svc.hands.start_hand(session.id, dealer)
        play(svc.hands, state.hand_id, dealer)
        ids.append(state.hand_id)
    return ids


def test_verify_names_a_hand_changed_with_plain_sql(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        capsys: pytest.CaptureFixture[str]) -> None:
    ids = _hands(svc, session, dealer, 3)
    assert main(["log", "verify", "--db", db_url]) == 0
    assert "all 3 hands hold" in capsys.readouterr().out
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE hand_event SET seat = seat + 1 WHERE hand_id = :h AND seq = 2"),
                     {"h": ids[1]})
    assert main(["log", "verify", "--db", db_url]) == 1
    out = capsys.readouterr().out
    assert f"(#2) of hand id {ids[1]}: was changed outside the app" in out
    assert "hand 1 " not in out and "hand 3 " not in out


@pytest.mark.parametrize("sql", [
    "DELETE FROM hand_event WHERE hand_id = :h AND seq = (SELECT MAX(seq) FROM hand_event "
    "WHERE hand_id = :h)",
    "UPDATE hand SET seats_json = REPLACE(seats_json, '500', '900') WHERE id = :h",
    "UPDATE hand SET status = 'complete' WHERE id = :h",
])
def test_verify_catches_removed_rows_and_edited_hands(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        sql: str) -> None:
    (hand_id,) = _hands(svc, session, dealer, 1)
    svc.hands.void_hand(hand_id, boss, "test")
    assert svc.log.verify_all().ok
    with svc.db.engine.begin() as conn:
        conn.execute(text(sql), {"h": hand_id})
    report = svc.log.verify_all()
    assert {b.hand_id for b in report.broken} - {0} == {hand_id}


def test_export_then_replay_gives_the_result_of_the_app(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        tmp_path: Path) -> None:
    ids = _hands(svc, session, dealer, 2)
    unfinished = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, unfinished.hand_id, dealer, inputs=9)
    svc.hands.undo_last(unfinished.hand_id, dealer)
    out = tmp_path / "out" / "session"  # made by the export
    assert main(["log", "export", "--db", db_url, "--session", str(session.id), str(out)]) == 0
    files = sorted(out.glob("*.json"))
    assert [f.name for f in files] == [f"Table-3-hand-{n:05d}.json" for n in (1, 2, 3)]
    for path, hand_id in zip(files, [*ids, unfinished.hand_id], strict=True):
        record = load_record(path.read_text())
        assert replay_record(record) == svc.hands.hand_state(hand_id).result()
        assert record.meta["uid"] == svc.hands.hand_state(hand_id).uid
        assert all(m["by"] == "Dana" and m["at"].endswith("Z") for m in record.event_meta)
    assert len(load_record(files[2].read_text()).events) == 8


def test_import_stores_valid_records_and_refuses_bad_ones_whole(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        tmp_path: Path) -> None:
    (hand_id,) = _hands(svc, session, dealer, 1)
    record = svc.log.record(hand_id)
    good = tmp_path / "good.json"
    good.write_text(dump_record(record))
    data = json.loads(dump_record(record))
    data["meta"]["uid"] = "another-hand"
    data["events"][5]["card"] = data["events"][4]["card"]  # a duplicate card
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    before = svc.review.count(HandQuery())
    report = svc.log.import_files([good, bad, broken], boss)
    assert report.duplicates == [(str(good), hand_id)]  # the app's own hand, exported
    assert [name for name, _ in report.refused] == [str(bad), str(broken)]
    assert "duplicate-card" in report.refused[0][1]
    assert report.invalid == [str(broken)]
    assert svc.review.count(HandQuery()) == before
    data["events"][5]["card"] = json.loads(dump_record(record))["events"][5]["card"]
    fresh = tmp_path / "fresh.json"
    fresh.write_text(json.dumps(data))
    report = svc.log.import_files([fresh], boss)
    assert not report.refused
    new_id = report.stored[0][1]
    state = svc.hands.hand_state(new_id)
    assert state.status is HandStatus.COMPLETE
    assert state.result() == svc.hands.hand_state(hand_id).result()
    assert all(e.by == "Sam" for e in state.log)  # stored by the importer; the record's
    claims = svc.log.record(new_id).meta["claims"]  # authors stay its claims
    assert claims["entered_by"] == ["Dana"] * len(state.events)
    assert svc.log.verify_all().ok
    # another tool's hand id is kept; the same record again is recognised
    again = svc.log.import_files([fresh], boss)
    assert again.duplicates == [(str(fresh), new_id)] and not again.refused
    data["meta"]["uid"] = "yet-another"
    data["seats"][0]["player"] = "N" * 81
    long_name = tmp_path / "long.json"
    long_name.write_text(json.dumps(data))
    refused = svc.log.import_files([long_name], boss).refused
    assert "seat 1: a player's name has at most 80 characters, not 81" in refused[0][1]
    assert svc.review.count(HandQuery()) == before + 1


def test_cli_import_exit_status(db_url: str, svc: Services, session: SessionInfo,
                                dealer: StaffMember, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str],
                                import_cli: Callable[..., int]) -> None:
    (hand_id,) = _hands(svc, session, dealer, 1)
    data = svc.log.record(hand_id).to_dict()
    del data["meta"]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data))
    data["events"].insert(0, {"seat": 1, "action": "deal-up", "card": "As"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert import_cli(db_url, str(good)) == 0
    assert import_cli(db_url, str(bad)) == 1
    err = capsys.readouterr().err
    assert f"REFUSED {bad}: event 0 is refused by the rules (antes-missing" in err


@pytest.mark.parametrize("sql", [
    "UPDATE hand_player SET stack_before = stack_before - 100 WHERE hand_id = :h AND seat = 3",
    "UPDATE hand_player SET stack_after = stack_after + 5 WHERE hand_id = :h AND seat = 1",
    "UPDATE hand SET pot = pot + 10 WHERE id = :h",
    "UPDATE hand SET rake = rake + 5 WHERE id = :h",
    "UPDATE hand SET status = 'in-progress' WHERE id = :h",
])
def test_verify_catches_stored_results_that_the_log_does_not_give(
        svc: Services, session: SessionInfo, dealer: StaffMember, sql: str) -> None:
    """The chain covers the inputs; the figures derived from them are replayed and compared."""
    (hand_id,) = _hands(svc, session, dealer, 1)
    assert svc.log.verify_all().ok
    with svc.db.engine.begin() as conn:
        conn.execute(text(sql), {"h": hand_id})
    report = svc.log.verify_all()
    assert {b.hand_id for b in report.broken} - {0} == {hand_id}


def test_export_keeps_hands_of_tables_whose_names_read_alike(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        tmp_path: Path) -> None:
    _hands(svc, session, dealer, 1)  # at "Table 3"
    twin = svc.tables.create_table("Table-3", Settings(ante=5, chip_unit=5), boss)
    other = svc.tables.open_session(twin.id, dealer)
    svc.tables.seat_player(other.id, 1, "Xi", 100, dealer)
    svc.tables.seat_player(other.id, 2, "Yu", 100, dealer)
    play(svc.hands, svc.hands.start_hand(other.id, dealer).hand_id, dealer)
    report = svc.log.export(tmp_path)
    assert len(report.written) == 2 and len(set(report.written)) == 2
    assert sorted(p.name for p in tmp_path.glob("*.json")) == sorted(
        p.name for p in report.written)
