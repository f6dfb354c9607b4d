"""Issue 8.2: one maximum for any chip amount, columns that hold it on both databases, and
settings that must fit the seated stacks when they change."""

from __future__ import annotations

import pytest
from storage.helpers import next_event

from dealer_app.engine import Action, Code, Event, RuleError, Settings, SettingsError, Structure
from dealer_app.engine.hand import Hand
from dealer_app.engine.limits import MAX_AMOUNT
from dealer_app.engine.record import RecordError, parse_record
from dealer_app.engine.settings import SeatSpec
from dealer_app.services import (
    ConflictError,
    HandQuery,
    HandState,
    HandStatus,
    Services,
    SessionInfo,
    StaffMember,
    StorageError,
    reports,
)

BIG = 3_000_000_000  # each stack above 2**31: the pot is twice that


def all_in_hand(svc: Services, hand_id: int, staff: StaffMember) -> HandState:
    """Plays a hand where the first seat free to bet goes all-in and the other calls."""
    state = svc.hands.hand_state(hand_id)
    while (event := next_event(state.hand)) is not None:
        expected = state.hand.next_input()
        assert expected is not None
        wager = state.hand.wager_range()
        if Action.BET in expected.actions and wager is not None:
            event = Event(expected.seat, Action.BET, to=wager.all_in_to)
        elif Action.RAISE in expected.actions and wager is not None:
            event = Event(expected.seat, Action.RAISE, to=wager.all_in_to)
        state = svc.hands.record_input(hand_id, event, staff)
    return state


@pytest.fixture
def no_limit(svc: Services, boss: StaffMember, dealer: StaffMember) -> SessionInfo:
    table = svc.tables.create_table(
        "High", Settings(ante=5, chip_unit=5, structure=Structure.NO_LIMIT), boss)
    return svc.tables.open_session(table.id, dealer)


def test_a_pot_above_2_31_completes_on_every_database(
        svc: Services, no_limit: SessionInfo, dealer: StaffMember) -> None:
    svc.tables.seat_player(no_limit.id, 1, "Ann", BIG, dealer)
    svc.tables.seat_player(no_limit.id, 2, "Bo", BIG, dealer)
    state = svc.hands.start_hand(no_limit.id, dealer)
    final = all_in_hand(svc, state.hand_id, dealer)
    assert final.status is HandStatus.COMPLETE
    pot = sum(p.amount for p in final.hand.pots())
    assert pot == 2 * BIG > 2**32
    stored = svc.hands.hand_state(state.hand_id)
    assert stored.status is HandStatus.COMPLETE and stored.hand.stacks == final.hand.stacks
    assert sum(s.stack for s in svc.tables.seats(no_limit.id)) == 2 * BIG
    summaries = svc.review.search(HandQuery(session_id=no_limit.id, min_pot=2**32))
    assert [s.pot for s in summaries] == [2 * BIG]
    assert reports.session_report(svc.db, no_limit.id).reconciliation.balanced


def test_the_maximum_is_refused_where_chips_enter(
        svc: Services, no_limit: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    with pytest.raises(StorageError, match="largest amount"):
        svc.tables.seat_player(no_limit.id, 1, "Ann", MAX_AMOUNT + 1, dealer)
    svc.tables.seat_player(no_limit.id, 1, "Ann", MAX_AMOUNT - 4, dealer)  # a multiple of 5
    with pytest.raises(StorageError, match="chips at the table"):
        svc.tables.seat_player(no_limit.id, 2, "Bo", 10, dealer)
    with pytest.raises(StorageError, match="largest amount"):
        svc.tables.rebuy(no_limit.id, 1, 5, dealer)
    with pytest.raises(StorageError, match="largest amount"):
        svc.tables.adjust_stack(no_limit.id, 1, 5, boss, "count")
    with pytest.raises(StorageError, match="largest amount"):
        svc.tables.adjust_stack(no_limit.id, 1, -(10**30), boss, "count")
    assert [(s.seat, s.stack) for s in svc.tables.seats(no_limit.id)] == [(1, MAX_AMOUNT - 4)]
    svc.tables.adjust_stack(no_limit.id, 1, -(MAX_AMOUNT - 104), boss, "count")
    svc.tables.seat_player(no_limit.id, 2, "Bo", 100, dealer)
    assert sorted(s.stack for s in svc.tables.seats(no_limit.id)) == [100, 100]


def test_settings_and_wagers_past_the_maximum_are_refused() -> None:
    with pytest.raises(SettingsError, match="largest amount"):
        Settings(ante=MAX_AMOUNT // 4 + 1, chip_unit=1)
    with pytest.raises(SettingsError, match="largest amount"):
        Settings(ante=5, chip_unit=5, rake_cap=MAX_AMOUNT + 1)
    with pytest.raises(SettingsError, match="largest amount"):
        SeatSpec(1, "Ann", MAX_AMOUNT + 1)
    with pytest.raises(SettingsError, match="largest amount"):
        Hand(Settings(ante=1, chip_unit=1), [SeatSpec(1, "A", MAX_AMOUNT),
                                             SeatSpec(2, "B", 1)])
    hand = Hand(Settings(ante=5, chip_unit=5, structure=Structure.NO_LIMIT),
                [SeatSpec(1, "A", 500), SeatSpec(2, "B", 500)])
    while hand.wager_range() is None:
        event = next_event(hand)
        assert event is not None
        hand.apply(event)
    nxt = hand.next_input()
    assert nxt is not None
    with pytest.raises(RuleError, match="largest amount") as info:
        hand.apply(Event(nxt.seat, Action.BET, to=10**40))
    assert info.value.code is Code.BAD_AMOUNT


def test_a_record_past_the_maximum_is_refused_as_a_whole() -> None:
    record = {"format": "americana-hand/1", "settings": {"ante": 1, "chip_unit": 1},
              "seats": [{"seat": 1, "stack": MAX_AMOUNT}, {"seat": 2, "stack": 1}],
              "events": []}
    with pytest.raises(RecordError, match="largest amount"):
        parse_record(record)
    record["seats"] = [{"seat": 1, "stack": 10**20}, {"seat": 2, "stack": 1}]
    with pytest.raises(RecordError, match="largest amount"):
        parse_record(record)


def test_a_chip_unit_the_stacks_do_not_fit_is_refused_when_it_is_made(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    # stacks 500, 320, 1000 (chip unit 5); 320 is not a multiple of 25
    with pytest.raises(ConflictError, match=r"seat 3 \(320\) is not a multiple of the chip "
                                            r"unit 25.*nothing was changed"):
        svc.tables.change_settings(session.table_id, Settings(ante=25, chip_unit=25), boss,
                                   "bigger chips")
    assert svc.tables.table(session.table_id).settings.chip_unit == 5
    svc.tables.change_settings(session.table_id, Settings(ante=10, chip_unit=10), boss,
                               "bigger chips")  # every stack is a multiple of 10
    state = svc.hands.start_hand(session.id, dealer)  # the next N deals
    assert state.settings.chip_unit == 10
    # during a hand, only a unit dividing the old one (its results are not known yet)
    with pytest.raises(ConflictError, match="only between hands"):
        svc.tables.change_settings(session.table_id, Settings(ante=20, chip_unit=20), boss,
                                   "bigger chips")
    svc.tables.change_settings(session.table_id, Settings(ante=5, chip_unit=5), boss,
                               "smaller chips")


def test_an_older_table_that_does_not_fit_says_so_at_the_next_hand(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    from sqlalchemy import update

    from dealer_app.storage.models import GameTable

    with svc.db.transaction() as s:  # as an older version could leave it
        s.execute(update(GameTable).where(GameTable.id == session.table_id).values(
            settings_json='{"ante": 25, "chip_unit": 25}'))
    with pytest.raises(ConflictError, match="no hand can be dealt.*seat 3"):
        svc.hands.start_hand(session.id, dealer)
