"""``Hand.copy()``: an independent hand, equal to a replay of the same events."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_app.engine.hand import Hand

from .helpers import next_legal_event, random_seats, random_settings


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), cut=st.floats(0, 1))
def test_a_copy_goes_on_alone(seed: int, cut: float) -> None:
    rng = random.Random(seed)
    s = random_settings(rng)
    seats = random_seats(rng, s)
    hand = Hand(s, seats)
    events = []
    while not hand.complete:
        event = next_legal_event(hand, rng)
        hand.apply(event)
        events.append(event)
    k = round(cut * len(events))
    original = Hand.replay(s, seats, events[:k])
    before = original.result()
    copy = original.copy()
    for event in events[k:]:
        copy.apply(event)
    assert original.result() == before
    assert original.events == tuple(events[:k])
    assert copy.result() == hand.result()
    assert copy.next_input() == hand.next_input()
    again = original.copy()
    assert again.result() == before and again.next_input() == original.next_input()
