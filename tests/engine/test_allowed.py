"""``Hand.allowed()``: one frozen answer of what the rules allow now, and ``apply()``'s
frozen ``Applied``; both agree with ``Hand.check`` on random hands."""

from __future__ import annotations

import dataclasses
import random

import pytest

from dealer_app.engine.allowed import Phase
from dealer_app.engine.events import Action, Event
from dealer_app.engine.settings import Structure

from .helpers import new_hand, next_legal_event, play, random_seats, random_settings, start

BIG = 1000


def test_antes_and_the_deal() -> None:
    hand = new_hand({1: BIG, 3: BIG, 5: BIG})
    now = hand.allowed()
    assert now.phase is Phase.ANTES and now.missing_antes == (1, 3, 5) and now.ante == 5
    assert now.card_action is None and now.hole_card_seats == ()
    play(hand, "1 ante")
    assert hand.allowed().missing_antes == (3, 5)
    play(hand, "3 ante; 5 ante")
    now = hand.allowed()
    assert now.phase is Phase.DEAL and now.seat == 1 and now.card_action is Action.DEAL_UP
    assert now.card_seats == (1, 3, 5) and now.hole_card_seats == (1, 3, 5)
    play(hand, "3 up Ks; 5 down 7h")  # rule 5.5: any order; a hole card for any seat
    now = hand.allowed()
    assert now.card_seats == (1, 5) and now.hole_card_seats == (1, 3)
    assert now.may_take_card(5) and not now.may_take_card(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        now.seat = 2  # type: ignore[misc]


def test_betting_amounts_come_from_the_engine() -> None:
    hand = start({1: 15, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    now = hand.allowed()  # fixed limit: seat 1 (lowest card) brings in, 10 left after the ante
    assert now.betting_open and now.seat == 1 and now.bring_in == 10 == hand.seats[1].stack
    assert now.actions == (Action.BRING_IN,) and now.to_call == 0
    assert hand.allowed().hole_card_seats == (1, 2, 3)  # until round 1's first action
    play(hand, "1 bring")
    now = hand.allowed()
    assert now.hole_card_seats == ()
    assert now.seat == 2 and now.to_call == 10 and not now.call_all_in and now.bring_in == 0
    assert now.wager is not None and now.wager.action is Action.RAISE
    assert now.wager.single and now.wager.default_to == now.wager.min_to
    assert not now.wager.pot_sizing


def test_wager_check_includes_the_chip_unit() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"},
                 structure=Structure.NO_LIMIT)
    wager = hand.allowed().wager
    assert wager is not None and wager.action is Action.BET and wager.pot_sizing
    assert not wager.allows(wager.min_to + 1)
    assert "chip unit" in (wager.error(wager.min_to + 1) or "")
    assert wager.allows(wager.min_to) and not wager.single


def test_showdown_says_whether_the_show_needs_the_card() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"})
    play(hand, "1 bring; 2 call")
    for cards in ({1: "7c", 2: "8c"}, {1: "7d", 2: "8d"}, {1: "Tc", 2: "Jc"}):
        while hand.allowed().card_seats:
            seat = hand.allowed().card_seats[-1]  # rule 5.5: the last seat first
            play(hand, f"{seat} up {cards[seat]}")
        while hand.allowed().betting_open:
            now = hand.allowed()
            assert now.seat is not None
            play(hand, f"{now.seat} check")
    now = hand.allowed()
    assert now.phase is Phase.SHOWDOWN and now.card_action is Action.SHOW
    assert now.show_needs_card and now.may_take_card(now.seat or 0)


@pytest.mark.parametrize("seed", range(40))
def test_allowed_agrees_with_check_on_random_hands(seed: int) -> None:
    rng = random.Random(seed)
    s = random_settings(rng)
    from dealer_app.engine.hand import Hand

    hand = Hand(s, random_seats(rng, s))
    while not hand.complete:
        now = hand.allowed()
        assert now.seat is not None
        for action in now.actions:
            if action in (Action.BET, Action.RAISE):
                assert now.wager is not None and now.wager.action is action
                w = now.wager
                for to in {w.min_to, w.max_to, w.default_to, w.all_in_to, w.min_to + 1,
                           w.max_to + s.chip_unit, w.current}:
                    assert w.allows(to) == hand.can(Event(now.seat, action, to=to)), to
        if now.wager is None:
            assert Action.BET not in now.actions and Action.RAISE not in now.actions
        for seat in hand.order:
            ok = hand.can(Event(seat, Action.DEAL_DOWN, card="Ah")) or (
                hand.seats[seat].hole is not None or "Ah" in map(str, hand.used))
            if seat in now.hole_card_seats and "Ah" not in map(str, hand.used):
                assert ok
        event = next_legal_event(hand, rng)
        st = hand.seats[event.seat]
        before = st.stack
        done = hand.apply(event)
        assert done.event == event and done.phase is hand.phase
        assert done.complete == hand.complete
        if not done.round_closed and not done.complete:
            assert done.chips == before - st.stack
