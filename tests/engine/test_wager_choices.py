"""``Wager.pot_choice`` and ``all_in_choice``: the amount box's quick choices, from the
engine (within the limit, or none), on random hands."""

from __future__ import annotations

import random

import pytest

from dealer_app.engine.hand import Hand
from dealer_app.engine.settings import Structure

from .helpers import new_hand, next_legal_event, play, random_seats, random_settings


@pytest.mark.parametrize("seed", range(30))
def test_quick_choices_stay_within_the_limit(seed: int) -> None:
    rng = random.Random(seed)
    s = random_settings(rng)
    hand = Hand(s, random_seats(rng, s))
    while not hand.complete:
        w = hand.allowed().wager
        if w is not None:
            if w.pot_sizing:
                assert w.pot_choice == min(w.pot_to, w.max_to)
            else:
                assert w.pot_choice is None
            if w.all_in_to <= w.max_to:
                assert w.all_in_choice == w.all_in_to and w.allows(w.all_in_to)
            else:
                assert w.all_in_choice is None
        hand.apply(next_legal_event(hand, rng))


def test_quick_choices_by_structure() -> None:
    fixed = new_hand({1: 1000, 2: 1000})
    play(fixed, "1 ante; 2 ante; 1 up Ks; 2 up 7h; 1 bring-in")
    w = fixed.allowed().wager
    assert w is not None and w.pot_choice is None and w.all_in_choice is None
    short = new_hand({1: 1000, 2: 500}, structure=Structure.NO_LIMIT)
    play(short, "1 ante; 2 ante; 1 up Ks; 2 up 7h; 1 bring-in")
    w = short.allowed().wager
    assert w is not None and w.all_in_choice == 495 == w.all_in_to  # no limit: the stack
    pot = new_hand({1: 1000, 2: 1000}, structure=Structure.POT_LIMIT)
    play(pot, "1 ante; 2 ante; 1 up Ks; 2 up 7h; 1 bring-in")
    w = pot.allowed().wager
    assert w is not None and w.pot_choice == min(w.pot_to, w.max_to) == w.max_to
    assert w.all_in_choice is None  # the pot limit binds before the stack
