"""The review's queries of issue 11 on SQLite and PostgreSQL: substring player search
(accents and case ignored), go to a hand, a hand's row in any order, deep pages, a player's
history, the audit lines with their kinds, and true pots of void and in-progress hands."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from storage.helpers import FakeClock

from dealer_app.services import (
    HandQuery,
    HandStatus,
    NotFoundError,
    Services,
    SessionInfo,
    StaffMember,
)
from dealer_app.services.review import SORT_KEYS, audit_kind
from dealer_app.storage.models.search_key import search_key

from .conftest import staff_and_table
from .test_corrections import play


def _five_hands(svc: Services, session: SessionInfo, dealer: StaffMember) -> list[int]:
    svc.tables.seat_player(session.id, 4, "Zoë Méyer", 800, dealer)
    return [play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer).hand_id
            for _ in range(5)]


@pytest.fixture
def hands(svc: Services, session: SessionInfo, dealer: StaffMember) -> list[int]:
    """Five hands of their own, for a test that changes them (a void, a new hand)."""
    return _five_hands(svc, session, dealer)


@pytest.fixture(scope="session")
def _read_only_worlds() -> Iterator[dict[str, tuple[Services, list[int], Callable[[], None]]]]:
    built: dict[str, tuple[Services, list[int], Callable[[], None]]] = {}
    yield built
    for svc, _hands, drop in built.values():
        svc.close()
        drop()


@pytest.fixture(params=["sqlite", "postgresql"]
                if os.environ.get("DEALER_APP_TEST_PG_URL") else ["sqlite"])
def read_only(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
              _read_only_worlds: dict[str, tuple[Services, list[int], Callable[[], None]]]
              ) -> tuple[Services, list[int]]:
    """The same five hands (the services' fixtures' staff, table and seats), played once per
    backend for the tests that only read them, and kept for the run: building them for
    each of those tests was half of this file's time on PostgreSQL, and a module-scoped
    build was made again whenever a worker's next test was of the other backend or came in
    another batch. A test that writes takes ``hands``."""
    if request.param in _read_only_worlds:
        return _read_only_worlds[request.param][:2]
    drop: Callable[[], None] = lambda: None  # noqa: E731
    if request.param == "sqlite":
        template: Path = request.getfixturevalue("_sqlite_template")
        path = tmp_path_factory.mktemp("review-find") / "test.sqlite3"
        shutil.copyfile(template, path)
        url = f"sqlite:///{path}"
    else:
        pg = request.getfixturevalue("_pg_template")
        schema = pg.acquire()
        url, drop = pg.url(schema), lambda: pg.drop(schema)
    svc = Services.open(url, clock=FakeClock())
    _boss, dealer, session = staff_and_table(svc)
    _read_only_worlds[request.param] = svc, _five_hands(svc, session, dealer), drop
    return _read_only_worlds[request.param][:2]


def test_search_key() -> None:
    assert search_key("  Zoë   MÉYER ") == "zoe meyer"
    assert search_key("Straße") == "strasse"


@pytest.mark.parametrize("dense", [False, True])
def test_substring_player_search(read_only: tuple[Services, list[int]], dense: bool,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    svc, _ = read_only
    if dense:  # every match counts as dense: pages scan the list's order with EXISTS
        monkeypatch.setattr("dealer_app.services.core.hand_filters.DENSE", 1)
    for typed, count in (("meyer", 5), ("MEY", 5), ("oë m", 5), ("zoe", 5), ("nobody", 0),
                         ("%", 0), ("_", 0), ("a", 5)):
        query = HandQuery(player=typed)
        assert svc.review.count(query) == count, typed
        assert len(svc.review.search(query, limit=50)) == count, typed
        for sort in SORT_KEYS:
            order = [h.hand_id for h in svc.review.search(query, limit=50, sort=sort)]
            assert [h.hand_id for h in svc.review.search(query, offset=2, limit=2, sort=sort)] \
                == order[2:4]
            for hand_id in order:
                assert svc.review.position(query, hand_id, sort=sort) == order.index(hand_id)


def test_find_hand_and_its_row_in_every_order(read_only: tuple[Services, list[int]]) -> None:
    svc, hands = read_only
    third = svc.review.find_hand("table 3", 3)
    assert third.hand_id == hands[2] and third.number == 3
    assert svc.review.find_hand(None, hand_id=hands[0]).number == 1
    with pytest.raises(NotFoundError, match="has no hand 99"):
        svc.review.find_hand("Table 3", 99)
    with pytest.raises(NotFoundError, match="no table"):
        svc.review.find_hand("Table 9", 1)
    with pytest.raises(NotFoundError, match="no hand with id"):
        svc.review.find_hand(None, hand_id=10_000)
    for sort in SORT_KEYS:
        for descending in (True, False):
            order = [h.hand_id for h in svc.review.search(HandQuery(), limit=50, sort=sort,
                                                          descending=descending)]
            for hand_id in hands:
                assert svc.review.position(HandQuery(), hand_id, sort=sort,
                                           descending=descending) == order.index(hand_id)
            for offset in range(1, 5):  # deep pages read after a pivot
                page = svc.review.search(HandQuery(), offset=offset, limit=2, sort=sort,
                                         descending=descending)
                assert [h.hand_id for h in page] == order[offset:offset + 2], (sort, offset)
    assert svc.review.position(HandQuery(player="nobody"), hands[0]) is None


def test_player_history_nets(read_only: tuple[Services, list[int]]) -> None:
    svc, hands = read_only
    history = svc.review.player_history("zoe meyer")
    assert history.name == "Zoë Méyer" and len(history.hands) == 5
    states = {i: svc.hands.hand_state(i) for i in hands}
    for line in history.hands:
        state = states[line.hand.hand_id]
        before = next(s.stack for s in state.seats if s.seat == 4)
        assert line.net == state.hand.stacks[4] - before
    assert history.total == sum(line.net or 0 for line in history.hands)
    with pytest.raises(NotFoundError):
        svc.review.player_history("meyer")  # the whole name, not a part


def test_audit_lines_and_kinds(svc: Services, hands: list[int], boss: StaffMember) -> None:
    svc.review.record_sign_in(boss, "review")
    with pytest.raises(Exception, match="wrong PIN"):
        svc.staff.authenticate("Sam", "0000")
    svc.hands.void_hand(hands[0], boss, "camera")
    lines = svc.review.audit_lines()
    acts = {line.record.act: line for line in lines}
    assert acts["sign-in"].kind == "sign-in" and acts["wrong-pin"].kind == "refused"
    assert acts["void-hand"].touched.startswith("Table 3 hand 1")
    assert acts["void-hand"].role == "supervisor"
    assert [x.record.act for x in svc.review.audit_lines(kind="refused")] == ["wrong-pin"]
    assert all(x.record.by == "Dana" for x in svc.review.audit_lines(staff="DAN"))
    assert audit_kind("account-locked") == "lockout"
    assert audit_kind("account-unlocked") == "unlock"


def test_pots_of_void_and_in_progress_hands(svc: Services, hands: list[int],
                                            session: SessionInfo, boss: StaffMember,
                                            dealer: StaffMember) -> None:
    pot = svc.review.find_hand(None, hand_id=hands[1]).pot
    assert pot > 0
    svc.hands.void_hand(hands[1], boss, "camera")
    assert svc.review.find_hand(None, hand_id=hands[1]).pot == pot
    running = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer,
                   inputs=6)
    summary = svc.review.find_hand(None, hand_id=running.hand_id)
    assert summary.status is HandStatus.IN_PROGRESS
    assert summary.pot == sum(p.amount for p in running.hand.pots()) + sum(
        running.hand.bets.values()) > 0
    state = svc.hands.undo_last(running.hand_id, dealer)
    assert svc.review.find_hand(None, hand_id=running.hand_id).pot == sum(
        p.amount for p in state.hand.pots()) + sum(state.hand.bets.values())


def test_player_history_says_when_it_is_cut_and_nets_every_hand(
        read_only: tuple[Services, list[int]]) -> None:
    """Issue 23, fault 5: the history stopped at its limit without a word, and its net
    covered only the hands listed."""
    svc, _ = read_only
    whole = svc.review.player_history("zoe meyer")
    cut = svc.review.player_history("zoe meyer", limit=2)
    assert len(cut.hands) == 2 and cut.count == whole.count == 5
    assert cut.cut and not whole.cut
    assert cut.total == whole.total == sum(line.net or 0 for line in whole.hands)
