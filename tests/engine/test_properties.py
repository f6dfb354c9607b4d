"""Hypothesis properties over random legal hands (rules 10.5, refusals, the record round trip)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_app.engine.cards import DECK
from dealer_app.engine.errors import RuleError
from dealer_app.engine.events import Action, Event
from dealer_app.engine.hand import Hand
from dealer_app.engine.record import HandRecord, dump_record, load_record, replay_record
from dealer_app.engine.settings import SeatSpec, Settings

from .helpers import next_legal_event, random_seats, random_settings

PROPS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""As many examples as the loaded profile says (tests/conftest.py: 100 in the suite, 1,000
with DEALER_APP_HYPOTHESIS=thorough)."""

CARD_TEXTS = [str(c) for c in DECK] + ["2s", "6h", "Xx", "", "10d", "a♠"]


@st.composite
def tables(draw: st.DrawFn) -> tuple[Settings, list[SeatSpec], random.Random]:
    rng = draw(st.randoms(use_true_random=False))
    s = random_settings(rng)
    count = draw(st.integers(min_value=2, max_value=6))
    return s, random_seats(rng, s, count), rng


def random_event(rng: random.Random, hand: Hand) -> Event:
    """Any event for a seat of the hand: legal or not."""
    action = rng.choice(list(Action))
    seat = rng.choice(hand.order)
    card = rng.choice(CARD_TEXTS) if action in (Action.DEAL_UP, Action.DEAL_DOWN) else None
    if action is Action.SHOW and rng.random() < 0.7:
        card = rng.choice(CARD_TEXTS)
    to = None
    if action in (Action.BET, Action.RAISE):
        unit = hand.settings.chip_unit
        to = rng.choice([0, -unit, unit, 2 * hand.settings.bring_in, rng.randint(1, 400) * unit,
                         rng.randint(1, 4000), hand.seats[seat].stack + hand.seats[seat].bet])
    return Event(seat, action, card=card, to=to)


def drive(hand: Hand, rng: random.Random, *, noise: bool = False) -> list[dict[str, object]]:
    """Plays the hand to the end with legal inputs, checking invariants at each step."""
    total = hand.total_chips()
    start = {s: st.stack for s, st in hand.seats.items()}
    steps = 0
    while not hand.complete:
        if noise:
            for _ in range(2):
                bad = random_event(rng, hand)
                before = hand.result()
                error = hand.check(bad)
                assert hand.can(bad) is (error is None)
                if error is not None:
                    try:
                        hand.apply(bad)
                    except RuleError as exc:
                        assert exc.code == error.code
                    else:
                        raise AssertionError(f"check() refused {bad} but apply() took it")
                    assert hand.result() == before, bad
        event = next_legal_event(hand, rng)
        assert hand.check(event) is None, (event, hand.check(event))
        hand.apply(event)
        assert hand.total_chips() == total, event
        assert all(st.stack >= 0 and st.bet >= 0 for st in hand.seats.values())
        steps += 1
        assert steps < 400
    assert hand.next_input() is None
    assert sum(st.stack - start[s] for s, st in hand.seats.items()) == -hand.rake
    return []


@PROPS
@given(tables())
def test_property_chips_conserved_and_hand_completes(
        table: tuple[Settings, list[SeatSpec], random.Random]) -> None:
    s, specs, rng = table
    hand = Hand(s, specs)
    drive(hand, rng)
    result = hand.result()
    assert result["complete"] and result["bets"] == {}
    for pot in result["pots"]:
        assert sum(pot["awards"].values()) <= pot["amount"]
        assert set(pot["awards"]) == {str(w) for w in pot["winners"]}
        assert all(a % s.chip_unit == 0 for a in pot["awards"].values())
    taken = sum(p["amount"] - sum(p["awards"].values()) for p in result["pots"])
    assert taken == result["rake"]
    unit = s.chip_unit
    assert result["rake"] % unit == 0


@PROPS
@given(tables())
def test_property_refused_inputs_change_nothing(
        table: tuple[Settings, list[SeatSpec], random.Random]) -> None:
    s, specs, rng = table
    drive(Hand(s, specs), rng, noise=True)


@PROPS
@given(tables(), st.integers(min_value=0, max_value=60))
def test_property_dump_load_replay_gives_the_same_result(
        table: tuple[Settings, list[SeatSpec], random.Random], stop: int) -> None:
    s, specs, rng = table
    hand = Hand(s, specs)
    while not hand.complete and len(hand.events) < stop:
        hand.apply(next_legal_event(hand, rng))
    record = HandRecord(s, tuple(specs), hand.events)
    loaded = load_record(dump_record(record))
    for copy in (loaded, load_record(dump_record(record, indent=None))):
        assert (copy.settings, copy.seats, copy.events) == (s, tuple(specs), hand.events)
        assert replay_record(copy) == hand.result()


@PROPS
@given(tables())
def test_property_listed_actions_are_accepted_and_others_refused(
        table: tuple[Settings, list[SeatSpec], random.Random]) -> None:
    s, specs, rng = table
    hand = Hand(s, specs)
    unit = s.chip_unit
    while not hand.complete:
        nxt = hand.next_input()
        assert nxt is not None
        if hand.betting_round is not None:
            for action in (Action.BRING_IN, Action.CALL, Action.CHECK, Action.FOLD):
                ok = hand.check(Event(nxt.seat, action)) is None
                assert ok == (action in nxt.actions), (action, nxt)
            rng_ = hand.wager_range()
            wagers = [a for a in nxt.actions if a in (Action.BET, Action.RAISE)]
            assert (rng_ is not None) == bool(wagers)
            if rng_ is not None and wagers:
                kind = wagers[-1] if len(wagers) == 1 else Action.BET
                amounts = {rng_.min_to, rng_.max_to, rng_.all_in_to,
                           (rng_.min_to + rng_.max_to) // 2 // unit * unit}
                for to in amounts:
                    accepted = hand.check(Event(nxt.seat, kind, to=to)) is None
                    assert accepted == rng_.allows(to), (to, rng_)
                if rng_.max_to + unit != rng_.all_in_to:
                    over = Event(nxt.seat, kind, to=rng_.max_to + unit)
                    assert hand.check(over) is not None
                for other in (Action.BET, Action.RAISE):
                    if other not in nxt.actions:
                        assert hand.check(Event(nxt.seat, other, to=rng_.min_to)) is not None
            # every seat but the one due is refused
            for seat in hand.order:
                if seat != nxt.seat:
                    assert hand.check(Event(seat, Action.CALL)) is not None
        hand.apply(next_legal_event(hand, rng))


@PROPS
@given(tables(), st.integers(min_value=0, max_value=60))
def test_copy_is_independent(table: tuple[Settings, list[SeatSpec], random.Random],
                             cut: int) -> None:
    """A copy taken at any step plays on to the same result as the original, and playing
    the copy leaves the original untouched."""
    s, seats, rng = table
    hand = Hand(s, seats)
    while not hand.complete and len(hand.events) < cut:
        hand.apply(next_legal_event(hand, rng))
    frozen = hand.result()
    copy = hand.copy()
    assert copy.result() == frozen
    events = []
    while not copy.complete:
        event = next_legal_event(copy, rng)
        copy.apply(event)
        events.append(event)
    assert hand.result() == frozen
    for event in events:
        hand.apply(event)
    assert hand.result() == copy.result()
