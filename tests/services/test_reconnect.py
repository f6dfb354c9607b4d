"""A floor on PostgreSQL survives its network (issue 24): each input carries the id its
station chose; a commit whose connection broke runs again on a new connection, and one whose
reply was lost is settled by reading its id back, never stored twice."""

from __future__ import annotations

import contextlib
import os
import random
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from storage.helpers import next_event

from dealer_app.engine import Action, Event, Settings
from dealer_app.services import HandState, Role, Services, SessionInfo, StaffMember
from dealer_app.services.core import common
from dealer_app.storage.errors import ConnectionLostError


def _stored(svc: Services, input_id: str) -> int:
    with svc.db.read() as s:
        return int(s.execute(text("SELECT COUNT(*) FROM hand_event WHERE input_id = :i"),
                             {"i": input_id}).scalar_one())


def _losing_replies(svc: Services, monkeypatch: pytest.MonkeyPatch, lost: int) -> list[int]:
    """The next ``lost`` transactions commit, then their reply is lost (the connection
    breaks after the server stored the input). Returns the count of commits made."""
    commits: list[int] = []

    def losing(real: Callable[[], Any]) -> Callable[[], Any]:
        @contextlib.contextmanager
        def transaction() -> Iterator[Any]:
            with real() as s:
                yield s
            commits.append(1)
            if len(commits) <= lost:
                raise ConnectionLostError("cannot reach the database (server closed the "
                                          "connection unexpectedly)")
        return transaction

    # (both ways an input is written: SQLite's cached path has no ORM session)
    monkeypatch.setattr(svc.db, "transaction", losing(svc.db.transaction))
    monkeypatch.setattr(svc.db, "core_transaction", losing(svc.db.core_transaction))
    return commits


def _new_hand(svc: Services, session: SessionInfo,
              dealer: StaffMember) -> tuple[HandState, Event]:
    """A hand started, and its first input (not recorded)."""
    state = svc.hands.start_hand(session.id, dealer)
    first = next_event(state.hand)
    assert first is not None
    return state, first


def test_an_input_whose_reply_was_lost_is_read_back_not_stored_twice(
        svc: Services, session: SessionInfo, dealer: StaffMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    state, first = _new_hand(svc, session, dealer)
    commits = _losing_replies(svc, monkeypatch, lost=2)
    input_id = str(uuid.uuid4())
    after = svc.hands.record_input(state.hand_id, first, dealer, input_id=input_id)
    assert len(commits) == 3  # stored once; the two attempts after it read it back
    assert _stored(svc, input_id) == 1
    assert after.hand.events == (first,) and after.log[-1].seq == 1
    # the station sends it again (it never heard back): still once, and the hand goes on
    assert svc.hands.record_input(state.hand_id, first, dealer,
                                  input_id=input_id).hand.events == (first,)
    assert _stored(svc, input_id) == 1
    second = next_event(after.hand)
    assert second is not None
    assert svc.hands.record_input(state.hand_id, second, dealer).hand.events == (first, second)
    assert svc.log.verify_all().ok


def test_a_server_that_stays_away_is_said_at_once_and_the_input_can_be_sent_again(
        svc: Services, session: SessionInfo, dealer: StaffMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    state, first = _new_hand(svc, session, dealer)
    away = [True]

    def away_while(real: Callable[[], Any]) -> Callable[[], Any]:
        @contextlib.contextmanager
        def transaction() -> Iterator[Any]:
            if away[0]:
                raise ConnectionLostError("cannot reach the database (connection refused)")
            with real() as s:
                yield s
        return transaction

    # (both ways an input is written: SQLite's cached path has no ORM session)
    monkeypatch.setattr(svc.db, "transaction", away_while(svc.db.transaction))
    monkeypatch.setattr(svc.db, "core_transaction", away_while(svc.db.core_transaction))
    monkeypatch.setattr(common, "RECONNECT_PAUSES", (0.0, 0.01))
    started = time.monotonic()
    with pytest.raises(ConnectionLostError):
        svc.hands.record_input(state.hand_id, first, dealer, input_id="kept",
                               reconnect_for=0.1)
    assert time.monotonic() - started < 1.0
    away[0] = False
    assert svc.hands.record_input(state.hand_id, first, dealer,
                                  input_id="kept").hand.events == (first,)
    assert _stored(svc, "kept") == 1


@pytest.mark.skipif(not os.environ.get("DEALER_APP_TEST_PG_URL"),
                    reason="needs PostgreSQL (DEALER_APP_TEST_PG_URL)")
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_inputs_typed_while_the_stations_connections_are_killed_are_stored_once(
        db_url: str) -> None:
    """Another connection kills the station's connections in the middle of their
    transactions (pg_terminate_backend), every 20-150 ms, while it records random legal
    hands: every input typed is stored exactly once, none refused."""
    name = f"station_{uuid.uuid4().hex[:12]}"
    url = make_url(db_url).update_query_dict({"application_name": name})
    svc = Services.open(url.render_as_string(hide_password=False))
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246810")
    dealer = svc.staff.add_staff("Dana", Role.DEALER, "1357", by=boss)
    table = svc.tables.create_table("Net 1", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, dealer)
    for seat, player in ((1, "Ann"), (3, "Bo"), (5, "Cy")):
        svc.tables.seat_player(session.id, seat, player, 100_000, dealer)
    killer = create_engine(make_url(db_url).render_as_string(hide_password=False),
                           pool_size=1)
    quiet = threading.Lock()  # held by the station while it starts a hand
    stop = threading.Event()
    kills = [0]

    def kill() -> None:
        rng = random.Random(5)
        with killer.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT")
            while not stop.is_set():
                with quiet:
                    kills[0] += sum(conn.execute(text(  # mid-transaction: not idle
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE application_name = :n AND state <> 'idle'"),
                        {"n": name}).scalars())
                time.sleep(rng.uniform(0.02, 0.15))

    typed: list[tuple[int, str, Event]] = []
    rng = random.Random(11)
    thread = threading.Thread(target=kill, daemon=True)
    thread.start()
    try:
        # until the killer has hit the station a few times (a fast machine typed its 100
        # inputs between two kills), or 10 s
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (len(typed) < 100 or kills[0] < 5):
            with quiet:
                state = svc.hands.start_hand(session.id, dealer)
            while (event := next_event(state.hand, rng)) is not None:
                input_id = str(uuid.uuid4())
                state = svc.hands.record_input(state.hand_id, event, dealer,
                                               input_id=input_id, reconnect_for=10.0)
                typed.append((state.hand_id, input_id, event))
    finally:
        stop.set()
        thread.join()
        killer.dispose()
    print(f"{kills[0]} connections killed, {len(typed)} inputs")
    assert kills[0] >= 3 and len(typed) >= 20
    with svc.db.read() as s:
        rows = s.execute(text("SELECT hand_id, input_id, seat, action, card, to_amount "
                              "FROM hand_event WHERE kind = 'input' ORDER BY id")).all()
    assert [(r.hand_id, r.input_id) for r in rows] == [(h, i) for h, i, _ in typed]
    assert [Event(r.seat, Action(r.action), card=r.card, to=r.to_amount) for r in rows] == \
        [e for _, _, e in typed]
    report = svc.log.verify_all()
    assert report.ok, [(b.label, b.reason) for b in report.broken]
    svc.close()
