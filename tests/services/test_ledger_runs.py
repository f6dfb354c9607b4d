"""Ledger format 4 (``storage/groups.py``): the rows a commit writes once with consecutive
keys (an imported batch's events and audit rows) share one ledger entry, and ``log verify``
still names each row changed, deleted, inserted or given a second version, whichever chunk
of the replay, range of keys or core meets it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import text
from storage.helpers import FakeClock, play
from world_copy import Worlds, worlds

from dealer_app.services import Services, SessionInfo, StaffMember
from dealer_app.storage import groups, ledger

from .conftest import staff_and_table


def _import_six(svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
                folder: Path) -> list[int]:
    """Six hands imported in one batch (their events and audit rows: runs)."""
    paths = []
    for i in range(6):
        state = svc.hands.start_hand(session.id, dealer)
        play(svc.hands, state.hand_id, dealer)
        data = svc.log.record(state.hand_id).to_dict()
        del data["meta"]["uid"]
        data["seats"][0]["player"] = f"Imported {i}"
        paths.append(folder / f"r{i}.json")
        paths[-1].write_text(json.dumps(data))
    return [h for _n, h in svc.log.import_files(paths, boss).stored]


@pytest.fixture(scope="session")
def _worlds(tmp_path_factory: pytest.TempPathFactory, _key_folder: Path) -> Iterator[Worlds]:
    """For the whole run: a worker given this file's tests in several batches (xdist) builds
    each world once all the same."""
    with worlds(tmp_path_factory, "ledger-runs") as built:
        yield built


@pytest.fixture
def _imported_world(_worlds: Worlds, request: pytest.FixtureRequest, db_url: str,
                    tmp_path_factory: pytest.TempPathFactory) -> tuple[list[int], datetime]:
    """The services' fixtures' staff, table and seats, and six hands imported, built once
    per backend and copied (see tests/world_copy.py): the hands' ids and the time the
    build's clock had reached."""
    def build(url: str) -> tuple[list[int], datetime]:
        clock = FakeClock()
        svc = Services.open(url, clock=clock)
        boss, dealer, session = staff_and_table(svc)
        hands = _import_six(svc, session, dealer, boss, tmp_path_factory.mktemp("records"))
        svc.close()
        return hands, clock.moment
    made: tuple[list[int], datetime] = _worlds.copy(request, db_url, "imported", build)
    return made


@pytest.fixture
def svc(_imported_world: tuple[list[int], datetime], db_url: str,
        clock: FakeClock) -> Iterator[Services]:
    """The services on the test's copy, their clock going on from the build's."""
    clock.moment = _imported_world[1]
    services = Services.open(db_url, clock=clock)
    yield services
    services.close()


@pytest.fixture
def imported(_imported_world: tuple[list[int], datetime]) -> list[int]:
    """Six hands imported in one batch (their events and audit rows: runs)."""
    return _imported_world[0]


def _found(svc: Services, workers: int = 1) -> list[tuple[str, str, int]]:
    report = svc.log.verify_all(workers=workers)
    return sorted((b.label, b.reason, b.hand_id) for b in report.broken)


def _events(svc: Services, hand_id: int) -> list[int]:
    with svc.db.read() as s:
        return [int(i) for i in s.execute(text(
            "SELECT id FROM hand_event WHERE hand_id = :h ORDER BY id"), {"h": hand_id})
            .scalars()]


def test_an_imported_batch_takes_one_entry_a_run(svc: Services, imported: list[int]) -> None:
    with svc.db.read() as s:
        events = s.execute(text("SELECT count(*) FROM hand_event WHERE hand_id IN "
                                f"({', '.join(map(str, imported))})")).scalar_one()
        runs = s.execute(text("SELECT k1, k2, row_digest FROM ledger WHERE tbl = 'hand_event' "
                              "AND k2 > 0")).all()
    assert events > groups.GROUP_MAX  # more than one run
    assert sum(k2 + 1 for _k1, k2, _d in runs) == events
    assert all(d.startswith(groups.GROUP_FORMAT) and len(d.split(".")[1]) == 4 * (k2 + 1)
               for _k1, k2, d in runs)
    assert _found(svc) == []


def test_a_changed_deleted_or_inserted_row_of_a_run_is_named(
        svc: Services, imported: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Found on two cores, and the same on one (each number of cores was once a run of
    its own that also ran the other: the same two verifies twice)."""
    from dealer_app.services import evidence

    monkeypatch.setattr(evidence, "CHUNK", 2)  # runs cross the chunks of the replay
    monkeypatch.setattr(evidence, "MIN_CHUNK", 1)
    monkeypatch.setattr(evidence, "PARALLEL_FROM", 1)
    changed, deleted = _events(svc, imported[1])[2], _events(svc, imported[4])[-1]
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE hand_event SET staff_name = 'Mallory' WHERE id = :i"),
                     {"i": changed})
        conn.execute(text("DELETE FROM hand_event WHERE id = :i"), {"i": deleted})
        conn.execute(text("UPDATE audit SET staff_name = 'Mallory' WHERE id = "
                          "(SELECT MAX(id) FROM audit WHERE act = 'import-hand')"))
    found = _found(svc, 2)
    events = [(label, reason, h) for label, reason, h in found if label.startswith("hand event")]
    assert [(label.split(" (")[0], h) for label, reason, h in events
            if "changed outside the app" in reason] == [(f"hand event {changed}", imported[1])]
    assert [label.split(" (")[0] for label, reason, _h in events
            if "deleted outside the app" in reason] == [f"hand event {deleted}"]
    assert any(label.startswith("audit row") and "changed" in reason
               for label, reason, _h in found)
    assert _found(svc, 1) == found  # one core finds the same


def test_a_second_version_of_a_row_in_a_run_is_a_finding(svc: Services,
                                                          imported: list[int]) -> None:
    """Appending an entry for a row a run holds, with the app's own ledger code: the
    run's row has two versions."""
    event = _events(svc, imported[2])[1]
    with svc.db.transaction() as s:
        row = dict(s.execute(text("SELECT * FROM hand_event WHERE id = :i"),
                             {"i": event}).one()._mapping)
        row["staff_name"] = "Mallory"
        s.execute(text("UPDATE hand_event SET staff_name = 'Mallory' WHERE id = :i"),
                  {"i": event})
        ledger.note_row(s, "hand_event", row)
    found = _found(svc)
    assert any(label.startswith(f"hand event {event}") and "second version" in reason
               for label, reason, _h in found), found


def test_a_forged_run_that_claims_endless_rows_is_bounded(svc: Services,
                                                          imported: list[int]) -> None:
    """An entry whose k2 claims more rows than a run may hold: the check reads no more
    than a run's keys, and the rows after stay unaccounted for (inserted)."""
    with svc.db.engine.begin() as conn:
        first = conn.execute(text("SELECT MIN(k1) FROM ledger WHERE tbl = 'hand_event' "
                                  "AND k2 > 0")).scalar_one()
        conn.execute(text("UPDATE ledger SET k2 = 1000000000 WHERE tbl = 'hand_event' "
                          "AND k1 = :k"), {"k": first})
    found = _found(svc)
    assert any("does not chain" in reason for _l, reason, _h in found)
    assert found
