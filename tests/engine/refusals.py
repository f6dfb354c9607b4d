"""Real refusals of the engine, at least one for every reason a dealer's input can get as a
RuleError, each with the hand that refused it: a short scan of random legal hands (a fixed
seed), and a scripted hand for each reason the scan reaches only after dozens of hands
(rule 7.7's fold, rule 7.5's raise that was not reopened, the pot limit). The GUI's words
for the refusals are checked against these (tests/gui/test_refusals.py)."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

from dealer_app.engine import Action, Event, RuleError
from dealer_app.engine.errors import Reason
from dealer_app.engine.hand import Hand

from .helpers import (
    NL,
    PL,
    deal,
    ev,
    next_legal_event,
    play,
    random_seats,
    random_settings,
    start,
    unused,
)

BETS = (0, 1, 3, 15, 20, 40, 10**6, 10**16)
CARD_ONLY = {Reason.CARD_NOT_TEXT, Reason.CARD_NOT_STARTED, Reason.CARD_UNKNOWN_TYPED_RANK}
"""Reasons of a text that is not a card which no dealer input gives as a RuleError (a typed
card, or a card that is not text): checked through their CardError."""
DEALER_REASONS = [r for r in Reason if r not in CARD_ONLY]
PER_REASON = 3
"""At most this many refusals kept a reason (their details differ)."""


def _scripted() -> Iterator[tuple[Reason, Hand, Event]]:
    """Hands one input away from a refusal the random hands give rarely."""
    big = 1000
    hand = start({1: 5, 2: big, 3: big}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "2 bring; 3 call")
    deal(hand, {1: "7c", 2: "Ah", 3: "8c"})
    play(hand, "2 fold")  # seat 1 is all-in: seat 3 faces no bet and may only check
    yield Reason.MAY_NOT_FOLD, hand, ev("3 fold")
    hand = start({1: big, 2: big, 3: 45, 4: big}, {1: "As", 2: "Ks", 3: "Qs", 4: "Js"},
                 structure=NL)
    play(hand, "1 bring; 2 raise 30; 3 raise 40; 4 call; 1 call")  # 3's +10 is no full raise
    yield Reason.NOT_REOPENED, hand, ev("2 raise 60")
    hand = start({1: big, 2: big}, {1: "As", 2: "Ks"}, structure=PL)
    play(hand, "1 bring")
    yield Reason.ABOVE_POT_LIMIT, hand, ev("2 raise 500")


SCRIPTED = frozenset(reason for reason, _, _ in _scripted())


def candidates(hand: Hand) -> Iterator[Event]:
    """Every kind of input for every seat: most of them refused now."""
    free = str(unused(hand)[0])
    first = hand.seats[hand.order[0]]
    dealt = [str(c) for c in first.cards[:2]]
    for seat in hand.order:
        for action in Action:
            if action in (Action.BET, Action.RAISE):
                yield from (Event(seat, action, to=to) for to in BETS)
            elif action in (Action.DEAL_UP, Action.DEAL_DOWN, Action.SHOW):
                for card in (free, "6s", "Zs", "Ax", "", *dealt):
                    yield Event(seat, action, card=card)
                if action is Action.SHOW:
                    yield Event(seat, action)
            else:
                yield Event(seat, action)


@functools.cache
def real_refusals() -> dict[Reason, list[tuple[RuleError, Hand]]]:
    """Up to :data:`PER_REASON` refusals a reason, each with (a copy of) the hand that gave
    it: the scripted ones, then every candidate input at every step of random legal hands
    until each reason has one. Found once a process, when a test first asks."""
    found: dict[Reason, list[tuple[RuleError, Hand]]] = {}
    for _, hand, event in _scripted():
        error = hand.check(event)
        assert error is not None
        found.setdefault(error.reason, []).append((error, hand))
    rng = random.Random(13)
    for _ in range(200):
        settings = random_settings(rng)
        hand = Hand(settings, random_seats(rng, settings))
        while True:
            for event in candidates(hand):
                error = hand.check(event)
                if error is not None and len(found.setdefault(error.reason, [])) < PER_REASON:
                    found[error.reason].append((error, hand.copy()))
            if hand.complete:
                break
            hand.apply(next_legal_event(hand, rng))
        if all(found.get(r) for r in DEALER_REASONS):
            break
    return found
