"""The hand keeps what it applied (issue 22.1): ``Hand.applied`` holds the frozen ``Applied``
of every accepted input — the same values ``apply`` returned, after a replay as after a copy —
and its chips left in are the ones the readers used to work out again by stack differences."""

from __future__ import annotations

import random

import pytest

from dealer_app.engine import Action
from dealer_app.engine.hand import Hand
from tests.engine.helpers import next_legal_event, random_seats, random_settings

PAYS = (Action.ANTE, Action.BRING_IN, Action.BET, Action.RAISE, Action.CALL)


def _played(seed: int) -> tuple[Hand, list]:
    rng = random.Random(seed)
    s = random_settings(rng)
    hand = Hand(s, random_seats(rng, s))
    returned = []
    while not hand.complete:
        returned.append(hand.apply(next_legal_event(hand, rng)))
    return hand, returned


@pytest.mark.parametrize("seed", range(60))
def test_applied_is_what_apply_returned_also_after_a_replay(seed: int) -> None:
    hand, returned = _played(seed)
    assert hand.applied == tuple(returned)
    replayed = Hand.replay(hand.settings, hand.specs, hand.events)
    assert replayed.applied == tuple(returned)
    assert [a.event for a in replayed.applied] == list(hand.events)


@pytest.mark.parametrize("seed", range(100))
def test_applied_chips_are_the_stack_differences_the_readers_took(seed: int) -> None:
    hand, _ = _played(seed)
    fresh = Hand(hand.settings, hand.specs)
    for done in Hand.replay(hand.settings, hand.specs, hand.events).applied:
        st = fresh.seats[done.seat]
        stack, chips_in = st.stack, st.committed + st.bet
        fresh.apply(done.event)
        if done.action in PAYS:
            assert done.net_chips == stack - st.stack, done
            assert done.net_chips == st.committed + st.bet - chips_in, done
        else:
            assert done.chips == done.net_chips == 0


def test_a_copy_carries_what_was_applied_and_goes_its_own_way() -> None:
    hand, returned = _played(7)
    part = Hand.replay(hand.settings, hand.specs, hand.events[:10])
    half = part.applied  # built once, then carried by the copy
    copy = part.copy()
    for event in hand.events[10:]:
        copy.apply(event)
    assert copy.applied == tuple(returned)
    assert part.applied == half == tuple(returned[:10])
    assert len(part.events) == 10


def test_a_call_of_a_short_bring_in_moves_the_full_bring_in_and_leaves_the_posted_part() -> None:
    hand, _ = _played(68)  # seat 2 brings in all-in for 100 of 200; seat 6 calls and closes
    call = next(a for a in hand.applied if a.action is Action.CALL)
    assert (call.seat, call.chips, call.uncalled, call.net_chips) == (6, 200, (6, 100), 100)
    assert call.round_closed
