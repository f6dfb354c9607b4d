"""``Hand.card_refusal`` (why a seat may not take a card now, whatever the card) and
``Allowed.takes`` / ``takes_card`` (the step of the hand takes an input): the window asks
these instead of trying a made-up card or reading the phase itself."""

from __future__ import annotations

import random

import pytest

from dealer_app.engine import Code, EventError, Reason
from dealer_app.engine.allowed import Phase
from dealer_app.engine.events import Action, Event
from dealer_app.engine.hand import Hand

from .helpers import new_hand, next_legal_event, play, random_seats, random_settings, unused

BIG = 1000
_CARD_ACTIONS = (Action.DEAL_UP, Action.DEAL_DOWN, Action.SHOW)
_BETTING = (Action.BRING_IN, Action.BET, Action.RAISE, Action.CALL, Action.CHECK, Action.FOLD)


Said = tuple[Code, Reason, dict[str, int | str]]


def _probe(hand: Hand, seat: int, action: Action) -> Said | None:
    """What the rules say to a card not yet dealt (the window's old made-up card)."""
    error = hand.check(Event(seat, action, card=str(unused(hand)[0])))
    if error is None or error.code is Code.HOLE_CARD_MISMATCH:
        return None  # a show: the seat may show; only this card is wrong
    return error.code, error.reason, error.details


@pytest.mark.parametrize("seed", range(30))
def test_card_refusal_is_the_rules_answer_for_any_new_card(seed: int) -> None:
    rng = random.Random(seed)
    s = random_settings(rng)
    hand = Hand(s, random_seats(rng, s))
    while not hand.complete:
        now = hand.allowed()
        for seat in hand.order:
            for action in _CARD_ACTIONS:
                error = hand.card_refusal(seat, action)
                got = None if error is None else (error.code, error.reason, error.details)
                assert got == _probe(hand, seat, action), (seat, action)
            assert (hand.card_refusal(seat, Action.DEAL_DOWN) is None) == (
                seat in now.hole_card_seats)
        # the step's gates, as the window read them from the phase
        assert now.takes(Action.ANTE) == (now.phase is Phase.ANTES)
        for action in (Action.SHOW, Action.MUCK):
            assert now.takes(action) == (now.phase is Phase.SHOWDOWN)
        for action in _BETTING:
            assert now.takes(action) == (now.phase is Phase.BETTING)
        assert now.takes_card == (now.card_action is not None)
        assert now.takes(Action.DEAL_UP) == (now.phase is Phase.DEAL)
        assert now.takes(Action.DEAL_DOWN) == bool(now.hole_card_seats)
        assert all(now.takes(action) for action in now.actions)
        hand.apply(next_legal_event(hand, rng))
    assert hand.card_refusal(hand.order[0], Action.DEAL_UP) is not None


def test_card_refusal_reasons() -> None:
    hand = new_hand({1: BIG, 2: BIG, 3: BIG})
    error = hand.card_refusal(2, Action.DEAL_UP)
    assert error is not None and error.reason is Reason.ANTES_MISSING
    play(hand, "1 ante; 2 ante; 3 ante; 2 up Ks")
    assert hand.card_refusal(1, Action.DEAL_UP) is None
    error = hand.card_refusal(2, Action.DEAL_UP)
    assert error is not None and error.reason is Reason.STREET_CARD_ALREADY_DEALT
    error = hand.card_refusal(1, Action.SHOW)
    assert error is not None and error.reason is Reason.NO_SHOWDOWN_YET
    with pytest.raises(EventError, match="not in this hand"):
        hand.card_refusal(4, Action.DEAL_UP)
    with pytest.raises(EventError, match="takes no card"):
        hand.card_refusal(1, Action.CALL)
