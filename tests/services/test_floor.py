"""The live floor's services: calls (stored, audited, answered once), tiles and figures read
from committed rows, and the change feed (NOTIFY / data_version) with its catch-up."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import text
from storage.helpers import FakeClock, play

from dealer_app import words
from dealer_app.engine.hand import Phase
from dealer_app.services import (
    ConflictError,
    PermissionRefused,
    Services,
    SessionInfo,
    StaffMember,
    StorageError,
    TableInfo,
)
from dealer_app.services.core.calls import CallKind, CallService, call_response_times
from dealer_app.services.core.types import HandStatus
from dealer_app.services.floor import FloorService, Stage
from dealer_app.storage.notifications import PostgresChangeFeed, change_feed, wait_for


def test_a_call_names_the_table_hand_and_dealer_and_is_audited(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember,
        boss: StaffMember, clock: FakeClock) -> None:
    calls = CallService(svc.db)
    hand = svc.hands.start_hand(session.id, dealer)
    call = calls.raise_call(table.id, CallKind.DISPUTE, "  seat 3 disputes the pot ", dealer)
    assert (call.table_name, call.hand_id, call.hand_number, call.dealer, call.reason) == \
        ("Table 3", hand.hand_id, 1, "Dana", "seat 3 disputes the pot")
    assert call.state == "called"
    assert [c.id for c in calls.open_calls()] == [call.id]
    clock.advance(seconds=20)
    acked = calls.acknowledge(call.id, boss)
    assert acked.state == "acknowledged" and acked.acknowledged_by == "Sam"
    assert calls.latest_call(table.id) == acked
    clock.advance(seconds=40)
    done = calls.resolve(call.id, boss, "pot counted again: correct")
    assert done.state == "resolved" and done.resolution == "pot counted again: correct"
    assert calls.open_calls() == []
    times = call_response_times(svc.db, session.id)
    assert len(times) == 1
    assert times[0].to_acknowledge == pytest.approx(20, abs=0.01)
    assert times[0].to_resolve == pytest.approx(60, abs=0.01)
    with svc.db.read() as s:
        acts = [r[0] for r in s.execute(text(
            "SELECT act FROM audit WHERE act LIKE '%call%' ORDER BY id"))]
    assert acts == ["call-floor", "acknowledge-call", "resolve-call"]
    # the call and its response times in the session report and in the hand's report
    from dealer_app.services import reports

    line = ("Dispute · hand 1 — seat 3 disputes the pot · answered in 20 s by Sam · "
            "resolved in 1 min: pot counted again: correct")
    session_report = reports.session_report(svc.db, session.id)
    assert line in session_report.to_text() and line in session_report.to_html()
    hand_report = reports.hand_report(svc.hands.hand_state(hand.hand_id),
                                      header=reports.hand_header(svc.db, hand.hand_id))
    assert line in hand_report.to_text() and line in hand_report.to_html()
    assert reports.hand_report(svc.hands.hand_state(hand.hand_id)).calls == ()


def test_calls_refuse_bad_input_and_a_second_answer(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember,
        boss: StaffMember) -> None:
    calls = CallService(svc.db)
    with pytest.raises(StorageError, match="empty"):
        calls.raise_call(table.id, "chips", "   ", dealer)
    with pytest.raises(StorageError, match="not a kind"):
        calls.raise_call(table.id, "coffee", "more coffee", dealer)
    assert calls.open_calls() == []
    call = calls.raise_call(table.id, "chips", "color up", dealer)
    with pytest.raises(PermissionRefused):
        calls.acknowledge(call.id, dealer)
    with pytest.raises(StorageError, match="empty"):
        calls.resolve(call.id, boss, "")
    assert calls.call(call.id).state == "called"
    calls.resolve(call.id, boss, "done")  # resolving acknowledges too
    assert calls.call(call.id).acknowledged_by == "Sam"
    with pytest.raises(ConflictError):
        calls.acknowledge(call.id, boss)
    with pytest.raises(ConflictError):
        calls.resolve(call.id, boss, "again")


def test_tiles_and_figures_follow_the_log(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember,
        boss: StaffMember, clock: FakeClock) -> None:
    floor = FloorService(svc.db, stale_after=60)
    (tile,) = floor.tiles()
    assert (tile.name, tile.seats_filled, tile.dealer, tile.hand_number) == \
        ("Table 3", 3, "Dana", None)
    assert words.settings_text(tile.settings) == "Fixed limit 10/20 · Ante 5"
    # an open table with no hand yet goes stale after the same time as one with hands
    assert not tile.is_stale(clock.moment + timedelta(seconds=59), 60)
    assert tile.is_stale(clock.moment + timedelta(seconds=61), 60)
    hand = svc.hands.start_hand(session.id, dealer)
    state = play(svc.hands, hand.hand_id, dealer, inputs=3)  # the antes
    (tile,) = floor.tiles()
    assert tile.hand_number == 1 and tile.stage == Stage(HandStatus.IN_PROGRESS, Phase.DEAL, 1)
    assert tile.pot == 15
    assert tile.last_input_at == state.log[-1].at
    assert not tile.is_stale(clock.moment, 60)
    assert tile.is_stale(clock.moment + timedelta(seconds=61), 60)
    replays = floor.replays
    floor.tiles()
    assert floor.replays == replays  # the head did not move: no replay
    play(svc.hands, hand.hand_id, dealer)
    (tile,) = floor.tiles()
    assert tile.stage == Stage(HandStatus.COMPLETE) and tile.hands_last_hour == 1
    figures = floor.figures()
    assert (figures.tables_open, figures.players_seated, figures.hands_last_hour) == (1, 3, 1)
    assert floor.figures(clock.moment + timedelta(hours=2)).hands_last_hour == 0
    CallService(svc.db).raise_call(table.id, "player", "seat 1 wants a break", dealer)
    (tile,) = floor.tiles()
    assert [c.reason for c in tile.calls] == ["seat 1 wants a break"]
    assert floor.figures().open_calls == 1


def test_the_feed_signals_each_commit_and_catches_up_after_a_drop(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember) -> None:
    got: list[frozenset[int] | None] = []
    lock = threading.Lock()

    def on_change(tables: frozenset[int] | None) -> None:
        with lock:
            got.append(tables)

    feed = change_feed(svc.db, on_change, interval=0.02)
    feed.start()
    try:
        assert wait_for(lambda: len(got) >= 1)  # the first catch-up
        with lock:
            got.clear()
        svc.hands.start_hand(session.id, dealer)
        assert wait_for(lambda: bool(got))
        with lock:
            assert got[0] in (None, frozenset({table.id}))
        if isinstance(feed, PostgresChangeFeed):
            pid = feed.backend_pid
            with svc.db.engine.begin() as conn:
                conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            with lock:
                got.clear()
            # while nobody listens, a change is committed; the reconnect reports a catch-up
            CallService(svc.db).raise_call(table.id, "chips", "fill", dealer)
            assert wait_for(lambda: feed.connections >= 2 and None in got, 10)
            assert feed.backend_pid != pid
    finally:
        feed.stop()


def test_a_tile_read_step_by_step_equals_one_read_from_the_log(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    floor = FloorService(svc.db)
    hand = svc.hands.start_hand(session.id, dealer)
    for _ in range(4):
        play(svc.hands, hand.hand_id, dealer, inputs=1)
        floor.tiles()  # the new inputs are applied to the cached hand
    svc.hands.undo_last(hand.hand_id, dealer)  # not an input: the hand is read again
    (stepwise,) = floor.tiles()
    (fresh,) = FloorService(svc.db).tiles()
    assert stepwise == fresh
    dealing = Stage(HandStatus.IN_PROGRESS, Phase.DEAL, 1)
    assert (stepwise.pot, stepwise.stage) == (15, dealing)  # the deal undone
    play(svc.hands, hand.hand_id, dealer)
    svc.hands.void_hand(hand.hand_id, boss, "misdeal")
    (stepwise,) = floor.tiles()
    assert stepwise == FloorService(svc.db).tiles()[0]
    assert stepwise.stage == Stage(HandStatus.VOID)
