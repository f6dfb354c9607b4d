"""Hands through the services: record, refuse, undo, void, resume, stacks written back."""

from __future__ import annotations

import pytest
from storage.helpers import next_event, play

from dealer_app.engine import DECK, Action, Code, Event, RuleError
from dealer_app.services import (
    ConflictError,
    HandClosed,
    HandStatus,
    NothingToUndo,
    PermissionRefused,
    Services,
    SessionInfo,
    StaffMember,
)


def test_a_whole_hand_is_recorded_and_its_result_moves_the_stacks(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    assert state.number == 1 and state.status is HandStatus.IN_PROGRESS
    assert [(s.seat, s.player, s.stack) for s in state.seats] == [
        (1, "Ann", 500), (3, "Bo", 320), (6, "Cy", 1000)]
    final = play(svc.hands, state.hand_id, dealer)
    assert final.complete and final.status is HandStatus.COMPLETE
    seats = {s.seat: s.stack for s in svc.tables.seats(session.id)}
    assert seats == final.hand.stacks
    assert sum(seats.values()) == 1820
    again = svc.hands.hand_state(state.hand_id)
    assert again.result() == final.result()
    assert all(e.by == "Dana" for e in again.log)
    with pytest.raises(HandClosed):
        svc.hands.record_input(state.hand_id, Event(1, Action.FOLD), dealer)
    assert svc.hands.start_hand(session.id, dealer).number == 2


def test_a_refused_input_stores_nothing(svc: Services, session: SessionInfo,
                                        dealer: StaffMember) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    with pytest.raises(RuleError) as info:
        svc.hands.record_input(state.hand_id, Event(1, Action.DEAL_UP, card="Ah"), dealer)
    assert info.value.code is Code.ANTES_MISSING
    assert svc.hands.hand_state(state.hand_id).log == ()


def test_rule_11_1_undo_is_recorded_not_deleted(svc: Services, session: SessionInfo,
                                      dealer: StaffMember) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    with pytest.raises(NothingToUndo):
        svc.hands.undo_last(state.hand_id, dealer)
    state = play(svc.hands, state.hand_id, dealer, inputs=4)
    before = state.hand.result()
    state = play(svc.hands, state.hand_id, dealer, inputs=1)
    undone = svc.hands.undo_last(state.hand_id, dealer, reason="wrong card")
    assert undone.hand.result() == before
    assert [e.kind for e in undone.log] == ["input"] * 5 + ["undo"]
    assert undone.log[4].undone and undone.log[5].target_seq == 5
    assert len(undone.events) == 4


def test_undo_of_the_last_input_reopens_a_complete_hand(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    final = play(svc.hands, state.hand_id, dealer)
    with pytest.raises(PermissionRefused):  # rule 11.3: a supervisor, with a reason
        svc.hands.undo_last(final.hand_id, dealer, "wrong card")
    with pytest.raises(PermissionRefused):
        svc.hands.undo_last(final.hand_id, boss, " ")
    assert svc.hands.hand_state(final.hand_id).status is HandStatus.COMPLETE
    reopened = svc.hands.undo_last(final.hand_id, boss, "last show was misread")
    assert reopened.status is HandStatus.IN_PROGRESS and reopened.corrected
    assert reopened.log[-1].reason == "last show was misread"
    assert any(a.act == "undo-complete-hand" and a.by == "Sam"
               for a in svc.review.audit(act="undo-complete-hand"))
    assert {s.seat: s.stack for s in svc.tables.seats(session.id)} == {1: 500, 3: 320, 6: 1000}
    again = play(svc.hands, state.hand_id, dealer)
    assert again.result() == final.result()


def test_rule_11_2_void_returns_every_contribution_needs_a_supervisor_and_is_audited(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, state.hand_id, dealer)
    with pytest.raises(PermissionRefused):
        svc.hands.void_hand(state.hand_id, dealer, "misdeal")
    with pytest.raises(PermissionRefused):
        svc.hands.void_hand(state.hand_id, boss, " ")
    void = svc.hands.void_hand(state.hand_id, boss, "misdeal")
    assert void.status is HandStatus.VOID and void.log[-1].kind == "void"
    assert void.next_input() is None
    assert {s.seat: s.stack for s in svc.tables.seats(session.id)} == {1: 500, 3: 320, 6: 1000}
    entry = svc.review.audit(act="void-hand")[0]
    assert (entry.by, entry.reason, entry.hand_id) == ("Sam", "misdeal", state.hand_id)
    assert svc.log.verify_all().ok


def test_resume_after_restart(db_url: str, svc: Services, session: SessionInfo,
                              dealer: StaffMember) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    state = play(svc.hands, state.hand_id, dealer, inputs=7)
    svc.close()
    reopened = Services.open(db_url)
    try:
        current = reopened.tables.current_session(session.table_id)
        assert current is not None and current.id == session.id
        resumed = reopened.hands.current_hand(session.id)
        assert resumed is not None and resumed.hand_id == state.hand_id
        assert resumed.result() == state.result()
        assert reopened.hands.hand_state(state.hand_id, upto=3).hand.events == state.events[:3]
    finally:
        reopened.close()


def test_sitting_out_players_are_not_dealt_in(svc: Services, session: SessionInfo,
                                              dealer: StaffMember) -> None:
    svc.tables.sit_out(session.id, 3, dealer)
    state = svc.hands.start_hand(session.id, dealer)
    assert [s.seat for s in state.seats] == [1, 6]


def test_the_cached_path_stores_what_a_fresh_replay_finds(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    """Inputs recorded through the cache chain and replay exactly as the stored log does."""
    state = svc.hands.start_hand(session.id, dealer)
    returned = []
    for _ in range(12):
        event = next_event(state.hand)
        assert event is not None
        state = svc.hands.record_input(state.hand_id, event, dealer)
        returned.append(state)
    assert svc.hands.cache_hits >= 10
    stored = svc.hands.hand_state(state.hand_id)
    assert stored.result() == state.result()
    assert [e.seq for e in stored.log] == [e.seq for e in state.log] == list(range(1, 13))
    assert [(e.event, e.by) for e in stored.log] == [(e.event, e.by) for e in state.log]
    assert svc.log.verify_all().ok
    fresh = Services.open(svc.db.url, clock=svc.db.clock)
    try:  # another process: its first input rebuilds from the database
        nxt = next_event(stored.hand)
        assert nxt is not None
        other = fresh.hands.record_input(state.hand_id, nxt, dealer)
        assert fresh.hands.cache_hits == 0 and len(other.log) == 13
    finally:
        fresh.close()
    nxt = next_event(other.hand)
    assert nxt is not None
    mine = svc.hands.record_input(state.hand_id, nxt, dealer)  # stale cache: rebuilt
    assert len(mine.log) == 14 and svc.log.verify_all().ok



def test_an_input_on_the_cached_path_reads_no_hand_row(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    """SQLite, what the driver runs for one input of a cached hand: the write lock, the
    hand's head moved on from the cached head (no SELECT of the hand row first), the
    event, the ledger's head and entry, the commit; and it is stored as a fresh replay
    finds it."""
    if svc.db.engine.dialect.name != "sqlite":
        pytest.skip("the statements the SQLite driver runs")
    from sqlalchemy import event as sa_event

    state = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer, 2)
    nxt = next_event(state.hand)
    assert nxt is not None
    ran: list[str] = []

    def trace(dbapi_conn: object, _record: object, _proxy: object) -> None:
        dbapi_conn.set_trace_callback(ran.append)  # type: ignore[attr-defined]

    svc.db.release_kept()  # (its next transaction checks its connection out: traced)
    sa_event.listen(svc.db.engine, "checkout", trace)
    try:
        hits = svc.hands.cache_hits
        state = svc.hands.record_input(state.hand_id, nxt, dealer)
    finally:
        sa_event.remove(svc.db.engine, "checkout", trace)
        svc.db.release_kept()
        pool = svc.db.engine.pool
        idle = [svc.db.engine.raw_connection() for _ in range(pool.checkedin())]  # type: ignore[attr-defined]
        for conn in idle:  # (the pool's connections untraced again)
            conn.driver_connection.set_trace_callback(None)  # type: ignore[union-attr]
            conn.close()
    assert svc.hands.cache_hits == hits + 1
    words = [" ".join(sql.split()[:3]) for sql in ran]
    assert words == ["BEGIN IMMEDIATE", "UPDATE hand SET", 'INSERT INTO "hand_event"',
                     "SELECT seq, digest", 'INSERT INTO "ledger"', "COMMIT"], ran
    assert "AND hand.head_digest = " in ran[1]
    stored = svc.hands.hand_state(state.hand_id)
    assert stored.result() == state.result() and len(stored.log) == 3
    assert svc.log.verify_all().ok


def test_an_input_on_the_cached_path_is_three_statements_on_postgresql(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    """PostgreSQL, what one input of a cached hand sends besides BEGIN and COMMIT: the
    hand's head moved on and the event inserted in one statement (no event unless the head
    moved), the ledger's lock with its head, the entry; stored as a fresh replay finds it."""
    if svc.db.engine.dialect.name != "postgresql":
        pytest.skip("the statements PostgreSQL is sent")
    from typing import Any

    from sqlalchemy import event as sa_event

    from dealer_app.storage.ledger_chain import ADVISORY_LOCK

    state = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer, 2)
    nxt = next_event(state.hand)
    assert nxt is not None
    sent: list[str] = []

    def statement(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        sent.append(" ".join(sql.split()[:3]))

    sa_event.listen(svc.db.engine, "before_cursor_execute", statement)
    try:
        hits = svc.hands.cache_hits
        state = svc.hands.record_input(state.hand_id, nxt, dealer)
    finally:
        sa_event.remove(svc.db.engine, "before_cursor_execute", statement)
    assert svc.hands.cache_hits == hits + 1
    assert sent == ["WITH moved AS", f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK}); SELECT",
                    "INSERT INTO ledger"], sent
    stored = svc.hands.hand_state(state.hand_id)
    assert stored.result() == state.result() and len(stored.log) == 3
    assert svc.log.verify_all().ok


def test_a_cached_hand_moved_on_by_another_program_is_read_again(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    """The cache's head no longer the hand row's: an input the cached hand accepts too is
    stored after the other program's rows (read again, not over them); a hand the other
    program voided refuses it, and nothing is stored."""
    state = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer, 5)
    card = next(e for e in state.log if e.event is not None and e.event.card is not None)
    assert card.event is not None
    other = Services.open(svc.db.url, clock=svc.db.clock)
    try:  # a supervisor elsewhere corrects a card (to the deck's last free one): the
        # hand's head moves, the next input this station sends stays legal
        free = [str(c) for c in DECK if str(c) not in {str(x) for x in state.hand.used}][-1]
        fixed = Event(card.event.seat, card.event.action, card=free, to=card.event.to)
        other.hands.correct_input(state.hand_id, card.seq, fixed, boss, "wrong card")
        nxt = next_event(state.hand)
        assert nxt is not None and nxt.card != free
        hits = svc.hands.cache_hits
        mine = svc.hands.record_input(state.hand_id, nxt, dealer)
        assert svc.hands.cache_hits == hits  # not on the cached path: read again
        assert [e.seq for e in mine.log] == list(range(1, 8))
        assert [e.kind for e in mine.log][-2:] == ["correct", "input"]
        assert free in {str(c) for c in mine.hand.used}
        stored = svc.hands.hand_state(state.hand_id)
        assert stored.result() == mine.result() and stored.log == mine.log
        nxt = next_event(mine.hand)
        assert nxt is not None
        other.hands.void_hand(state.hand_id, boss, "misdeal")
        with pytest.raises(HandClosed):  # the cache still holds it in progress
            svc.hands.record_input(state.hand_id, nxt, dealer)
        after = svc.hands.hand_state(state.hand_id)
        assert after.status is HandStatus.VOID and len(after.log) == 8
        assert svc.log.verify_all().ok
    finally:
        other.close()



def test_an_input_refused_on_the_cached_path_leaves_the_cache_as_it_was(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    """The cached path applies the input to the cache's own hand: refused by the rules, the
    hand is as it was and the next input still takes the cached path; refused after that
    (the table's lease lost), nothing of it stays cached, and the input recorded by the
    station that took the table over is stored once, after the others."""
    from dealer_app.services.leases import LeaseLostError

    svc.leases.acquire(session.table_id, "ws-a", "pit-1", dealer)
    state = svc.hands.start_hand(session.id, dealer, "ws-a")
    state = svc.hands.record_input(state.hand_id, Event(1, Action.ANTE), dealer, "ws-a")
    with pytest.raises(RuleError):
        svc.hands.record_input(state.hand_id, Event(1, Action.ANTE), dealer, "ws-a")
    nxt = next_event(state.hand)
    assert nxt is not None
    hits = svc.hands.cache_hits
    state = svc.hands.record_input(state.hand_id, nxt, dealer, "ws-a")
    assert svc.hands.cache_hits == hits + 1 and len(state.log) == 2
    nxt = next_event(state.hand)
    assert nxt is not None
    svc.leases.acquire(session.table_id, "ws-b", "pit-2", boss, take_over=True)
    with pytest.raises(LeaseLostError):
        svc.hands.record_input(state.hand_id, nxt, dealer, "ws-a")
    again = svc.hands.record_input(state.hand_id, nxt, dealer, "ws-b")
    assert [(e.seq, e.event) for e in again.log] == [
        *((e.seq, e.event) for e in state.log), (3, nxt)]
    stored = svc.hands.hand_state(state.hand_id)
    assert stored.log == again.log and stored.result() == again.result()
    assert svc.log.verify_all().ok



def test_a_cached_input_is_committed_without_an_orm_session(
        svc: Services, session: SessionInfo, dealer: StaffMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The cached path runs in a transaction on a connection alone
    (``Database.core_transaction``, SQLite and PostgreSQL), its ledger entry appended and
    sealed before the commit returns; a commit that fails there stores nothing, lets the
    next commit seal (the seal's lock released), and the cache goes on from the hand as it
    was."""

    from sqlalchemy import select
    from sqlalchemy.engine import Connection
    from sqlalchemy.exc import OperationalError

    from dealer_app.services import StorageError
    from dealer_app.storage.models import HandEvent, LedgerEntry

    state = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer, 2)
    nxt = next_event(state.hand)
    assert nxt is not None

    def no_session() -> None:
        raise AssertionError("an ORM session was opened")

    with monkeypatch.context() as m:
        m.setattr(svc.db, "transaction", no_session)
        m.setattr(svc.db, "sessions", no_session)
        state = svc.hands.record_input(state.hand_id, nxt, dealer)
    with svc.db.read() as s:
        event_id = s.scalar(select(HandEvent.id).where(HandEvent.hand_id == state.hand_id,
                                                       HandEvent.seq == 3))
        newest = s.execute(select(LedgerEntry.tbl, LedgerEntry.k1, LedgerEntry.seal_from,
                                  LedgerEntry.seal_sig)
                           .order_by(LedgerEntry.seq.desc()).limit(1)).one()
    assert (newest.tbl, newest.k1) == ("hand_event", event_id)
    assert newest.seal_from is not None and newest.seal_sig  # sealed by that commit
    nxt = next_event(state.hand)
    assert nxt is not None
    commit = Connection.commit

    def failing(self: Connection) -> None:
        raise OperationalError("COMMIT", {}, RuntimeError("disk I/O error"))

    with monkeypatch.context() as m:
        m.setattr(Connection, "commit", failing)
        with pytest.raises(StorageError):
            svc.hands.record_input(state.hand_id, nxt, dealer)
    assert Connection.commit is commit
    assert len(svc.hands.hand_state(state.hand_id).log) == 3
    hits = svc.hands.cache_hits
    again = svc.hands.record_input(state.hand_id, nxt, dealer)
    assert svc.hands.cache_hits == hits + 1 and len(again.log) == 4
    assert again.result() == svc.hands.hand_state(state.hand_id).result()
    assert svc.log.verify_all().ok


def test_the_kept_write_connection_is_one_thread_at_a_time(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    """``Database.core_transaction`` keeps its connection between transactions; a
    transaction begun while another thread's holds it runs on a connection of the pool
    (SQLite: it then waits for the write lock as before), and the kept one is the same
    again afterwards."""
    if not svc.db.core_writes:
        pytest.skip("transactions without an ORM session")
    import threading

    state = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer, 1)
    seen: list[object] = []
    with svc.db.core_transaction() as first:
        seen.append(first.connection())
        inner: list[object] = []

        def other() -> None:
            with svc.db.core_transaction() as tx:
                inner.append(tx.connection())

        thread = threading.Thread(target=other)
        thread.start()
        thread.join(0.2)  # (SQLite: waits for this one's BEGIN IMMEDIATE to end)
    thread.join(10)
    assert not thread.is_alive() and inner and inner[0] is not seen[0]
    with svc.db.core_transaction() as again:
        assert again.connection() is seen[0]
    nxt = next_event(state.hand)
    assert nxt is not None
    assert len(svc.hands.record_input(state.hand_id, nxt, dealer).log) == 2
    assert svc.log.verify_all().ok


def _stored_result(svc: Services, hand_id: int) -> tuple[object, ...]:
    """What completing a hand wrote: the hand row, its players, its session's stacks and the
    hand's stack moves (seatings named by seat; times only as "the hand's end")."""
    from sqlalchemy import select

    from dealer_app.storage.models import HandPlayer, HandRow, Seating, StackMove

    with svc.db.read() as s:
        row = s.get(HandRow, hand_id)
        assert row is not None
        players = [(p.seat, p.stack_before, p.stack_after) for p in s.scalars(
            select(HandPlayer).where(HandPlayer.hand_id == hand_id).order_by(HandPlayer.seat))]
        seatings = list(s.scalars(select(Seating).where(Seating.session_id == row.session_id)
                                  .order_by(Seating.seat)))
        seat_of = {r.id: r.seat for r in seatings}
        moves = [(seat_of[m.seating_id], m.kind, m.amount, m.staff_id, m.reason,
                  m.at == row.ended_at)
                 for m in s.scalars(select(StackMove).where(StackMove.hand_id == hand_id)
                                    .order_by(StackMove.id))]
        return (row.number, row.status, row.pot, row.rake, row.ended_at is not None, players,
                [(r.seat, r.stack) for r in seatings], moves)


def _checkpoints(svc: Services) -> list[str]:
    from sqlalchemy import select

    from dealer_app.storage.models import Checkpoint

    with svc.db.read() as s:
        return list(s.scalars(select(Checkpoint.reason).order_by(Checkpoint.seq)))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_hand_completed_on_the_cached_path_stores_what_the_full_path_does(
        svc: Services, boss: StaffMember, seed: int) -> None:
    """The completing input through the cache (plain statements) writes the same hand row,
    players, stacks and stack moves as through the ORM (cache cold), the ledger agrees with
    every row, and each completed hand is sealed by its checkpoint."""
    import random

    from dealer_app.engine import Settings

    results: dict[bool, list[tuple[object, ...]]] = {}
    for warm in (True, False):
        table = svc.tables.create_table(f"T{warm}", Settings(ante=5, chip_unit=5), boss)
        info = svc.tables.open_session(table.id, boss)
        for seat, name, chips in ((1, "Ann", 500), (3, "Bo", 320), (6, "Cy", 1000)):
            svc.tables.seat_player(info.id, seat, name, chips, boss)
        rng = random.Random(seed)
        results[warm] = []
        for _ in range(3):
            state = svc.hands.start_hand(info.id, boss)
            while (event := next_event(state.hand, rng)) is not None:
                if not warm:
                    svc.hands._replayed.clear()
                hits = svc.hands.cache_hits
                state = svc.hands.record_input(state.hand_id, event, boss)
                assert (svc.hands.cache_hits > hits) == warm
            assert state.status is HandStatus.COMPLETE
            assert _checkpoints(svc)[-1] == f"hand {state.number} complete"
            results[warm].append(_stored_result(svc, state.hand_id))
    assert results[True] == results[False]
    assert any(r[-1] for r in results[True])  # stacks moved
    report = svc.log.verify_all()
    assert report.ok, report


def test_an_earlier_hand_cannot_move_stacks_that_a_hand_in_progress_dealt_in(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    """Voiding or correcting hand 1 while hand 2 plays would change stacks hand 2 dealt in
    as they were, and hand 2 would add its result on top: refused, nothing changes."""
    first = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, first.hand_id, dealer)
    before = {s.seat: s.stack for s in svc.tables.seats(session.id)}
    second = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, second.hand_id, dealer, inputs=4)
    with pytest.raises(ConflictError, match="is playing hand 2 now"):
        svc.hands.void_hand(first.hand_id, boss, "misdeal found late")
    assert svc.hands.hand_state(first.hand_id).status is HandStatus.COMPLETE
    assert {s.seat: s.stack for s in svc.tables.seats(session.id)} == before
    assert svc.log.verify_all().ok


def test_an_input_id_is_a_random_version_4_uuid() -> None:
    """``new_input_id`` writes what ``str(uuid.uuid4())`` does: 36 characters, version 4,
    the RFC 4122 variant, lower-case hex, a new one each time."""
    import uuid

    from dealer_app.services.hands import new_input_id

    ids = [new_input_id() for _ in range(2000)]
    assert len(set(ids)) == len(ids)
    for text in ids:
        parsed = uuid.UUID(text)
        assert str(parsed) == text and parsed.version == 4
        assert parsed.variant == uuid.RFC_4122
    assert {text[14] for text in ids} == {"4"} and {text[19] for text in ids} == set("89ab")
