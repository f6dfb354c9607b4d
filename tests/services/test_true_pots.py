"""The pot of void and in-progress hands is the pot their log gives: stored with every input,
given by an import, restored by migration 0010 for rows stored before, and checked by verify."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, text
from storage.helpers import FakeClock, play

from dealer_app.services import Role, Services, SessionInfo, StaffMember
from dealer_app.storage import migrate
from services.conftest import BOSS_PIN


def _void_and_running(svc: Services, session: SessionInfo, dealer: StaffMember,
                      boss: StaffMember) -> tuple[int, int]:
    void = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer,
                inputs=9).hand_id
    svc.hands.void_hand(void, boss, "camera")
    running = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer,
                   inputs=7).hand_id
    return void, running


def _pots(svc: Services, *hand_ids: int) -> list[int]:
    return [svc.review.find_hand(None, hand_id=h).pot for h in hand_ids]


def test_migration_0010_gives_old_rows_their_pot(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        boss: StaffMember, clock: FakeClock) -> None:
    void, running = _void_and_running(svc, session, dealer, boss)
    pots = _pots(svc, void, running)
    assert all(pots)
    svc.close()
    engine = create_engine(db_url)
    command.downgrade(migrate.alembic_config(engine), "0005")
    with engine.begin() as conn:  # as an older version stored them
        conn.execute(text("UPDATE hand SET pot = 0 WHERE id IN (:a, :b)"),
                     {"a": void, "b": running})
    engine.dispose()
    again = Services.open(db_url, clock=clock)  # upgrades to the head
    try:
        assert _pots(again, void, running) == pots
        assert again.log.verify_all().ok
    finally:
        again.close()


def test_verify_names_a_void_or_running_hand_whose_pot_reads_0(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    void, running = _void_and_running(svc, session, dealer, boss)
    assert svc.log.verify_all().ok
    for hand_id, pot in zip((void, running), _pots(svc, void, running), strict=True):
        with svc.db.engine.begin() as conn:
            conn.execute(text("UPDATE hand SET pot = 0 WHERE id = :h"), {"h": hand_id})
        broken = svc.log.verify_all().broken
        assert [b.hand_id for b in broken] == [hand_id]
        assert f"its pot 0 is stored, but its log gives {pot}" in broken[0].reason
        with svc.db.engine.begin() as conn:
            conn.execute(text("UPDATE hand SET pot = :p WHERE id = :h"), {"p": pot, "h": hand_id})
    assert svc.log.verify_all().ok


def test_an_imported_void_or_running_hand_keeps_its_pot(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        tmp_path: Path, clock: FakeClock) -> None:
    void, running = _void_and_running(svc, session, dealer, boss)
    pots = _pots(svc, void, running)
    out = tmp_path / "records"
    svc.log.export(out, session.id)
    other = Services.open(f"sqlite:///{tmp_path}/other.sqlite3", clock=clock)
    try:
        importer = other.staff.add_staff("Sam", Role.SUPERVISOR, BOSS_PIN)
        report = other.log.import_files(sorted(out.glob("*.json")), importer)
        assert not report.refused
        ids = [hand_id for _, hand_id in report.stored]
        assert sorted(_pots(other, *ids)) == sorted(pots)
        assert other.log.verify_all().ok
    finally:
        other.close()
