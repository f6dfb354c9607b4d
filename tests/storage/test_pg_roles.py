"""Issue 19.7: PostgreSQL enforces append-only. ``dealer-app db roles`` makes an owner, a
station and an auditor role with privileges and triggers; as the station, an UPDATE or
DELETE of evidence is refused by the database while the app's own work goes on.

Roles are cluster-wide: each test makes its own (``t<random>_...``) and drops them after."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from dealer_app.cli import main
from dealer_app.engine import DECK, Event, Settings
from dealer_app.services import Role, Services, reports
from dealer_app.services.core.calls import CallService
from dealer_app.storage import Database
from dealer_app.storage.roles import RoleNames, apply_roles, enforcement
from storage.helpers import FakeClock, next_event, play


@dataclass
class Roles:
    names: RoleNames
    admin_url: str
    station_url: str
    auditor_url: str
    admin: Engine
    said: list[str]


def _as(url: str, user: str) -> str:
    return make_url(url).set(username=user).render_as_string(hide_password=False)


@pytest.fixture
def pg_url(db_url: str) -> str:
    if not db_url.startswith("postgresql"):
        pytest.skip("PostgreSQL roles")
    return db_url


@pytest.fixture
def roles(pg_url: str) -> Iterator[Roles]:
    tag = f"t{uuid.uuid4().hex[:10]}"
    names = RoleNames(f"{tag}_owner", f"{tag}_station", f"{tag}_auditor")
    pit, audit = f"{tag}_pit", f"{tag}_aud"
    admin = create_engine(pg_url, pool_size=1)
    said: list[str] = []
    try:
        with Database.open(pg_url) as db:
            apply_roles(db, names, say=said.append)
        with admin.begin() as conn:  # the login roles a floor would make
            conn.exec_driver_sql(f"CREATE ROLE {pit} LOGIN IN ROLE {names.station}")
            conn.exec_driver_sql(f"CREATE ROLE {audit} LOGIN IN ROLE {names.auditor}")
        yield Roles(names, pg_url, _as(pg_url, pit), _as(pg_url, audit), admin, said)
    finally:
        everyone = [names.owner, names.station, names.auditor, pit, audit]
        with admin.begin() as conn:
            present = [r for r in everyone if conn.execute(
                text("SELECT 1 FROM pg_roles WHERE rolname = :r"), {"r": r}).scalar()]
            if present:
                conn.exec_driver_sql(f"REASSIGN OWNED BY {', '.join(present)} TO current_user")
                conn.exec_driver_sql(f"DROP OWNED BY {', '.join(present)}")
                for role in present:
                    conn.exec_driver_sql(f"DROP ROLE {role}")
        admin.dispose()


@contextmanager
def _services(url: str, clock: FakeClock) -> Iterator[Services]:
    svc = Services.open(url, clock=clock)
    try:
        yield svc
    finally:
        svc.close()


def _world(svc: Services) -> tuple[int, int]:
    """As whoever ``svc`` connects as: staff, a table, a session with three players, one
    complete hand. Returns (session id, hand id)."""
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246810")
    dealer = svc.staff.add_staff("Dana", Role.DEALER, "1357", by=boss)
    table = svc.tables.create_table("Table 3", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, dealer)
    for seat, name, chips in ((1, "Ann", 500), (3, "Bo", 320), (6, "Cy", 1000)):
        svc.tables.seat_player(session.id, seat, name, chips, dealer)
    state = svc.hands.start_hand(session.id, dealer)
    return session.id, play(svc.hands, state.hand_id, dealer).hand_id


REFUSED = {
    "event edited": "UPDATE hand_event SET reason = 'forged'",
    "event deleted": "DELETE FROM hand_event",
    "ledger edited": "UPDATE ledger SET row_digest = 'x'",
    "ledger cut": "DELETE FROM ledger WHERE seq = (SELECT max(seq) FROM ledger)",
    "checkpoint edited": "UPDATE checkpoint SET reason = 'forged'",
    "checkpoint deleted": "DELETE FROM checkpoint",
    "audit reason rewritten": "UPDATE audit SET reason = 'nothing happened'",
    "audit row deleted": "DELETE FROM audit",
    "buy-in x10": "UPDATE stack_move SET amount = amount * 10",
    "stack move deleted": "DELETE FROM stack_move",
    "seated player renamed": "UPDATE seating SET player = 'Mallory'",
    "staff renamed": "UPDATE staff SET name = 'Mallory'",
    "staff deleted": "DELETE FROM staff WHERE name = 'Dana'",
    "hand's settings rewritten": "UPDATE hand SET settings_json = '{}'",
    "hand deleted": "DELETE FROM hand_player",
    "table settings by SQL": "UPDATE game_table SET name = 'Table 13'",
    "ledger truncated": "TRUNCATE ledger CASCADE",
    "trigger dropped": "DROP TRIGGER dealer_app_evidence ON ledger",
    "trigger disabled": "ALTER TABLE ledger DISABLE TRIGGER ALL",
}


def test_the_station_can_change_or_delete_no_evidence(roles: Roles, clock: FakeClock) -> None:
    station = create_engine(roles.station_url, pool_size=1)
    try:
        with _services(roles.station_url, clock) as svc:
            _world(svc)
        for what, sql in REFUSED.items():
            with pytest.raises(DBAPIError, match="permission denied|never|refused|must be "
                                                 "owner"), station.begin() as conn:
                conn.exec_driver_sql(sql)
            with station.connect() as conn:  # nothing changed
                assert conn.execute(text("SELECT count(*) FROM ledger")).scalar(), what
        with station.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM audit WHERE reason = 'forged'")
                                ).scalar() == 0
            assert conn.execute(text("SELECT count(*) FROM seating WHERE player = 'Mallory'")
                                ).scalar() == 0
    finally:
        station.dispose()


def test_triggers_hold_the_evidence_even_against_the_tables_owner(
        roles: Roles, clock: FakeClock) -> None:
    """A superuser (here the test's admin) still meets the triggers: an edit of a fact must
    first drop them, which only the owner or a superuser can, and ``log verify`` then says
    the database no longer enforces append-only."""
    with _services(roles.station_url, clock) as svc:
        _world(svc)
    for sql in ("UPDATE hand_event SET reason = 'forged'", "DELETE FROM audit",
                "UPDATE seating SET player = 'Mallory'", "TRUNCATE checkpoint CASCADE",
                "UPDATE ledger SET digest = 'x'", "DELETE FROM hand_player"):
        with pytest.raises(DBAPIError, match="evidence"), roles.admin.begin() as conn:
            conn.exec_driver_sql(sql)
    with Database.open(roles.station_url) as db:
        assert enforcement(db).enforced
        with roles.admin.begin() as conn:
            conn.exec_driver_sql("ALTER TABLE stack_move DISABLE TRIGGER dealer_app_evidence")
        report = enforcement(db)
        assert not report.enforced
        assert "the append-only trigger of table stack_move is disabled" in report.describe()
        with roles.admin.begin() as conn:
            conn.exec_driver_sql("ALTER TABLE stack_move ENABLE TRIGGER dealer_app_evidence")
            conn.exec_driver_sql("DROP TRIGGER dealer_app_evidence ON floor_call")
        assert "table floor_call has no append-only trigger (run dealer-app db roles again " \
            "after an upgrade)" in enforcement(db).describe()
        with roles.admin.begin() as conn:
            conn.exec_driver_sql("CREATE TRIGGER dealer_app_evidence BEFORE UPDATE OR DELETE "
                                 "ON floor_call FOR EACH ROW EXECUTE FUNCTION "
                                 "dealer_app_guard_row('resolution')")
        assert "the append-only trigger of table floor_call was changed" in \
            enforcement(db).describe()
        with Database.open(roles.admin_url) as admin_db:
            apply_roles(admin_db, roles.names, say=lambda _line: None)  # again: repaired
        assert enforcement(db).enforced
        with roles.admin.begin() as conn:
            conn.exec_driver_sql(f"GRANT DELETE ON audit TO {roles.names.station}")
            conn.exec_driver_sql(f"GRANT UPDATE (amount) ON stack_move TO {roles.names.station}")
        report = enforcement(db)
        assert not report.enforced
        assert f"{roles.names.station} may DELETE audit, UPDATE stack_move.amount" in \
            report.describe()


def test_the_apps_own_work_goes_on_as_the_station(roles: Roles, clock: FakeClock) -> None:
    """Sign-in, hands, a void, a correction, an undo, stack acts, a settlement, PIN acts,
    leases, floor calls, reports, verify and the close: all as the station role."""
    with _services(roles.station_url, clock) as svc:
        session_id, done = _world(svc)
        boss = svc.staff.authenticate("Sam", "246810")
        dealer = svc.staff.authenticate("Dana", "1357")
        for _ in range(5):
            with pytest.raises(Exception, match="wrong PIN"):
                svc.staff.authenticate("Dana", "0000")
        svc.staff.unlock("Dana", boss, "she is here")
        svc.staff.reset_pin("Dana", "97531", boss, "forgotten")
        svc.staff.change_pin("Dana", "97531", "1357")
        assert svc.staff.require_supervisor("Sam", "246810", "a void") == boss
        table_id = svc.tables.session(session_id).table_id
        svc.leases.acquire(table_id, "ws-a", "pit-1", dealer)
        assert svc.leases.heartbeat(table_id, "ws-a")
        svc.leases.acquire(table_id, "ws-b", "pit-2", boss, take_over=True)
        svc.leases.release(table_id, "ws-b")
        svc.tables.rebuy(session_id, 1, 100, dealer)
        svc.tables.sit_out(session_id, 6, dealer)
        svc.tables.come_back(session_id, 6, dealer)
        svc.tables.adjust_stack(session_id, 3, 50, boss, "chips found")
        svc.tables.change_settings(table_id, Settings(ante=5, chip_unit=5, rake_percent=5),
                                   boss, "rake")
        svc.tables.change_dealer(session_id, boss, boss)
        # a correction of a card, an undo of a completed hand
        svc.hands.undo_last(done, boss, "the muck was a show")
        final = play(svc.hands, done, dealer)
        entry = next(e for e in final.log if e.event is not None and e.event.card
                     and not e.undone)
        used = {str(c) for c in final.hand.used}
        free = next(str(c) for c in DECK if str(c) not in used)
        assert entry.event is not None
        svc.hands.correct_input(done, entry.seq, Event(entry.event.seat, entry.event.action,
                                                        card=free), boss, "card misread")
        # a void after a player left: chips owed, then settled
        state = svc.hands.start_hand(session_id, dealer)
        final = play(svc.hands, state.hand_id, dealer)
        deltas = {spec.seat: final.hand.stacks[spec.seat] - spec.stack for spec in final.seats}
        seat = max(deltas, key=lambda x: deltas[x])
        svc.tables.leave(session_id, seat, dealer)
        svc.hands.void_hand(state.hand_id, boss, "wrong deck")
        owed = svc.tables.owed(session_id)[0][2]
        svc.tables.settle_owed(session_id, seat, abs(owed), boss, "paid back at the cage")
        # a hand voided in progress
        state = svc.hands.start_hand(session_id, dealer)
        event = next_event(state.hand)
        assert event is not None
        svc.hands.record_input(state.hand_id, event, dealer)
        svc.hands.void_hand(state.hand_id, boss, "misdeal")
        calls = CallService(svc.db)
        call = calls.raise_call(table_id, "chips", "fill needed", dealer)
        calls.acknowledge(call.id, boss)
        calls.resolve(call.id, boss, "filled")
        assert reports.session_report(svc.db, session_id).reconciliation.balanced
        svc.tables.close_session(session_id, boss, "end of shift")
        assert svc.log.verify_all().ok
        assert enforcement(svc.db).enforced
    # columns the station may update, but not this way: the triggers' transitions
    station = create_engine(roles.station_url, pool_size=1)
    try:
        for sql in ("UPDATE table_session SET closed_at = closed_at - interval '1 hour'",
                    "UPDATE table_session SET dealer_id = (SELECT min(id) FROM staff WHERE "
                    "id <> table_session.dealer_id)",
                    "UPDATE hand SET status = 'complete' WHERE status = 'void'",
                    "UPDATE seating SET stack = stack + 1000 WHERE left_at IS NOT NULL",
                    "UPDATE floor_call SET resolution = 'nothing happened'"):
            with pytest.raises(DBAPIError, match="never changes|refused"), \
                    station.begin() as conn:
                conn.exec_driver_sql(sql)
    finally:
        station.dispose()
    with _services(roles.auditor_url, clock) as auditor:
        assert auditor.review.audit(act="close-session")
        report = enforcement(auditor.db)
        assert report.enforced, report.describe()
        assert report.auditors and roles.names.auditor in report.auditors
        printed = reports.session_report(auditor.db, session_id).evidence  # may not seal
        assert printed is not None and printed.checkpoint and printed.unsealed == 0
        with pytest.raises(Exception, match="permission denied"):
            auditor.staff.add_staff("Eve", Role.DEALER, "2468",
                                    by=auditor.staff.authenticate("Sam", "246810"))


def test_without_roles_the_database_does_not_enforce_it(
        db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with Database.open(db_url) as db:
        report = enforcement(db)
    assert not report.enforced
    assert main(["log", "verify", "--db", db_url]) == 0
    assert f"append-only enforced by the database: {report.describe()}" in \
        capsys.readouterr().out
    if db_url.startswith("sqlite"):
        assert report.describe() == "no (SQLite has no roles: whoever can write the file can " \
                                    "change any row)"
    else:
        assert "no append-only triggers (dealer-app db roles sets them up)" in report.describe()
        assert "no station role" in report.describe()


def test_db_roles_is_idempotent_and_says_what_it_did(
        roles: Roles, capsys: pytest.CaptureFixture[str]) -> None:
    assert any("created role" in line for line in roles.said)
    names = roles.names
    args = ["db", "roles", "--db", roles.admin_url, "--owner", names.owner,
            "--station", names.station, "--auditor", names.auditor]
    with roles.admin.begin() as conn:  # another program's table beside the app's
        conn.exec_driver_sql("CREATE TABLE other_app (x serial PRIMARY KEY)")
        conn.exec_driver_sql("GRANT UPDATE ON other_app TO PUBLIC")
    assert main(args) == 0
    with roles.admin.connect() as conn:
        assert conn.execute(text("SELECT tableowner = current_user FROM pg_tables "
                                 "WHERE tablename = 'other_app' AND schemaname = "
                                 "current_schema()")).scalar()
        assert not conn.execute(text("SELECT count(*) FROM pg_trigger t JOIN pg_class c ON "
                                     "c.oid = t.tgrelid WHERE c.relname = 'other_app'")
                                ).scalar()
    out = capsys.readouterr().out
    assert f"role {names.station} exists" in out and "created role" not in out
    assert ("insert only: audit, checkpoint, dealer_shift_event, hand_event, ledger, "
            "ledger_fork, stack_move, station_key") in out
    assert "append-only enforced by the database: yes" in out
    assert main([*args, "--check"]) == 0
    capsys.readouterr()
    assert main(["log", "verify", "--db", roles.station_url]) == 0
    assert "append-only enforced by the database: yes (the stations" in capsys.readouterr().out
    assert main(["db", "roles", "--db", roles.admin_url, "--owner", "Robert'); DROP"]) == 2
    assert "not a role name" in capsys.readouterr().err


def test_db_roles_refuses_sqlite(tmp_path: object, db_url: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("SQLite")
    assert main(["db", "roles", "--db", db_url]) == 2
    assert "SQLite has no roles" in capsys.readouterr().err
    assert main(["db", "roles", "--db", db_url, "--check"]) == 1
