"""Migration 0022 (ledger format 3): a format 2 ledger with hands, seals and checkpoints is
converted in place and verifies clean; a forgery after it is still found; the downgrade
gives every entry its digest back."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import create_engine, text

from dealer_app.engine import Settings
from dealer_app.services import Role, Services
from dealer_app.services.evidence import verify
from dealer_app.storage import Database, groups, ledger, migrate
from storage.helpers import FakeClock, play
from storage.test_pg_roles import Roles, pg_url, roles  # noqa: F401 (fixtures)


def _floor(db_url: str, clock: FakeClock) -> None:
    """A floor with two hands, its ledger as format 3 wrote it: one entry a row (format 4's
    runs, ``groups.py``, cannot be taken back below revision 0024)."""
    saved = groups.GROUPED
    groups.GROUPED = frozenset()
    try:
        _play_floor(db_url, clock)
    finally:
        groups.GROUPED = saved


def _play_floor(db_url: str, clock: FakeClock) -> None:
    svc = Services.open(db_url, clock=clock)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
    table = svc.tables.create_table("T", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, boss)
    for seat, name in ((1, "Ann"), (3, "Bo"), (5, "Cy")):
        svc.tables.seat_player(session.id, seat, name, 1000, boss)
    for _ in range(2):
        play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss)
    svc.close()


def _counts(db_url: str) -> tuple[int, int, int]:
    """(entries, entries with a digest, entries inside a sealed commit)."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            entries, stored = conn.execute(text("SELECT count(*), count(digest) FROM ledger")).one()
            inside = conn.execute(text(
                "SELECT COALESCE(SUM(seq - seal_from), 0) FROM ledger "
                "WHERE seal_from IS NOT NULL")).scalar()
    finally:
        engine.dispose()
    return int(entries), int(stored), int(inside or 0)


def _broken(db: Database) -> list[str]:
    return [f"{b.label}: {b.reason}" for b in verify(db, workers=1).broken]


def test_a_format_2_ledger_is_converted_in_place_and_verifies(db_url: str,
                                                              clock: FakeClock) -> None:
    _floor(db_url, clock)
    engine = create_engine(db_url)
    command.downgrade(migrate.alembic_config(engine), "0021")  # the ledger as format 2 wrote it
    engine.dispose()
    entries, stored, inside = _counts(db_url)
    assert stored == entries and inside > 0
    old = Database.open(db_url, upgrade=False, sign=False)
    try:
        assert _broken(old) == []  # the downgrade gave every entry its digest back
    finally:
        old.close()

    svc = Services.open(db_url, clock=clock)  # upgrades to format 3
    try:
        entries, stored, inside = _counts(db_url)
        assert stored <= entries - inside  # only where a commit ends (or no seal covers it)
        with svc.db.read() as s:
            conn = s.connection()
            ends = conn.execute(text(
                "SELECT count(*) FROM ledger WHERE digest IS NULL AND (seal_from IS NOT NULL "
                "OR seq IN (SELECT seq FROM checkpoint))")).scalar()
            assert ends == 0
            assert ledger.ledger_id(conn) is not None
        assert _broken(svc.db) == []
        # the app goes on in format 3 and the log still verifies
        boss = svc.staff.authenticate("Sam", "246800")
        with svc.db.read() as s:
            session = int(s.execute(text("SELECT id FROM table_session")).scalar_one())
        play(svc.hands, svc.hands.start_hand(session, boss).hand_id, boss)
        assert _broken(svc.db) == []
    finally:
        svc.close()


def test_a_forgery_inside_a_format_3_commit_is_found(db_url: str, clock: FakeClock) -> None:
    """A player renamed, and the ledger's row digest of that entry rewritten to match (an
    entry whose chain digest is no longer stored): the commit's stored digest no longer
    chains."""
    _floor(db_url, clock)
    svc = Services.open(db_url, clock=clock)
    try:
        with svc.db.read() as s:
            seq, hand_id, seat = s.execute(text(
                "SELECT l.seq, l.k1, l.k2 FROM ledger l WHERE l.tbl = 'hand_player' AND "
                "l.digest IS NULL ORDER BY l.seq DESC LIMIT 1")).one()
            values = dict(s.execute(text(
                "SELECT * FROM hand_player WHERE hand_id = :h AND seat = :s"),
                {"h": hand_id, "s": seat}).one()._mapping)
        values["player"] = "Mallory"
        with svc.db.engine.begin() as conn:
            conn.execute(text("UPDATE hand_player SET player = 'Mallory' WHERE hand_id = :h "
                              "AND seat = :s"), {"h": hand_id, "s": seat})
            conn.execute(text("UPDATE ledger SET row_digest = :d WHERE seq = :q"),
                         {"d": ledger.row_digest("hand_player", values), "q": seq})
        found = _broken(svc.db)
        assert any("does not chain" in f and "ledger entr" in f for f in found), found
    finally:
        svc.close()


def test_format_3_events_keep_no_link_and_the_hand_chain_still_holds(db_url: str,
                                                                     clock: FakeClock) -> None:
    """Events written in format 3 store no link (``''``); the hand keeps its chain's head,
    which the full chain check recomputes: a changed event breaks it."""
    from sqlalchemy import select

    from dealer_app.services.hand_check import chain_break
    from dealer_app.storage.models import HandEvent, HandRow

    _floor(db_url, clock)
    db = Database.open(db_url, upgrade=False, sign=False)
    try:
        with db.read() as s:
            hand = s.scalars(select(HandRow).order_by(HandRow.id)).first()
            assert hand is not None
            events = list(s.scalars(select(HandEvent).where(HandEvent.hand_id == hand.id)
                                    .order_by(HandEvent.seq)))
            assert events and {e.digest for e in events} == {""}
            assert chain_break(hand, events, full=True) is None
            assert chain_break(hand, events, full=False) is None
            events[1].staff_name = "Mallory"
            assert chain_break(hand, events, full=True) is not None
            s.rollback()
    finally:
        db.close()


def test_the_migration_runs_under_the_append_only_triggers(roles: Roles,  # noqa: F811
                                                           clock: FakeClock) -> None:
    """PostgreSQL with ``db roles``' triggers: the owner's migration (up and down) rewrites
    the ledger with the trigger off meanwhile, and leaves it on."""
    _floor(roles.admin_url, clock)
    engine = create_engine(roles.admin_url)
    try:
        command.downgrade(migrate.alembic_config(engine), "0021")
        command.upgrade(migrate.alembic_config(engine), "0022")
        with engine.connect() as conn:
            states = set(conn.execute(text(
                "SELECT tgenabled FROM pg_trigger WHERE tgname = 'dealer_app_evidence' "
                "AND tgrelid = to_regclass('ledger')")).scalars())
            assert states == {"O"}  # on again
            assert conn.execute(text("SELECT count(*) - count(digest) FROM ledger")).scalar()
    finally:
        engine.dispose()
    db = Database.open(roles.admin_url, upgrade=False, sign=False)
    try:
        assert _broken(db) == []
    finally:
        db.close()


def test_a_ledger_with_runs_of_rows_refuses_a_downgrade_below_0024(db_url: str,
                                                                 clock: FakeClock) -> None:
    """Format 4 (one entry for a run of rows) has no form before revision 0024: the
    downgrade stops instead of leaving entries an older app would misread."""
    _play_floor(db_url, clock)
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            runs = conn.execute(text("SELECT count(*) FROM ledger WHERE k2 > 0 AND "
                                     "row_digest LIKE '4:%'")).scalar()
        assert runs
        with pytest.raises(RuntimeError, match="format 4"):
            command.downgrade(migrate.alembic_config(engine), "0023")
    finally:
        engine.dispose()
