"""Shared builders for the engine tests: settings, seats, a compact event notation, and a
random driver that plays a legal hand to the end (used by the properties and the benchmark).

Event notation, one event per item (``play`` also accepts a ``;``-separated string)::

    "1 ante"        "3 down Qs"      "3 up As"      "3 bring"     "1 bet 20"
    "1 raise 40"    "6 call"         "6 check"      "2 fold"      "3 show"
    "3 show Kh"     "4 muck"
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dealer_app.engine.cards import DECK, Card
from dealer_app.engine.errors import Code, RuleError
from dealer_app.engine.events import Action, Event
from dealer_app.engine.hand import Hand
from dealer_app.engine.settings import SeatSpec, Settings, Structure

FL = Structure.FIXED_LIMIT
PL = Structure.POT_LIMIT
NL = Structure.NO_LIMIT

_WORDS: dict[str, Action] = {
    "ante": Action.ANTE, "down": Action.DEAL_DOWN, "deal-down": Action.DEAL_DOWN,
    "up": Action.DEAL_UP, "deal-up": Action.DEAL_UP, "bring": Action.BRING_IN,
    "bring-in": Action.BRING_IN, "bet": Action.BET, "raise": Action.RAISE,
    "call": Action.CALL, "check": Action.CHECK, "fold": Action.FOLD, "show": Action.SHOW,
    "muck": Action.MUCK,
}


def settings(ante: int = 5, unit: int = 5, structure: Structure = FL, *, raise_cap: int = 3,
             rake_percent: int = 0, rake_cap: int = 0) -> Settings:
    return Settings(ante=ante, chip_unit=unit, structure=structure, raise_cap=raise_cap,
                    rake_percent=rake_percent, rake_cap=rake_cap)


def seats(stacks: Mapping[int, int]) -> list[SeatSpec]:
    """``{seat: stack}`` -> seat specs named P1..P6."""
    return [SeatSpec(seat, f"P{seat}", stack) for seat, stack in sorted(stacks.items())]


def ev(text: str) -> Event:
    """One event in the compact notation of this module."""
    words = text.split()
    seat, action = int(words[0]), _WORDS[words[1]]
    card: str | None = None
    to: int | None = None
    if len(words) > 2:
        if action in (Action.BET, Action.RAISE):
            to = int(words[2])
        else:
            card = words[2]
    return Event(seat, action, card=card, to=to)


def evs(script: str | Iterable[str]) -> list[Event]:
    items = script.split(";") if isinstance(script, str) else script
    return [ev(item.strip()) for item in items if item.strip()]


def new_hand(stacks: Mapping[int, int], **kwargs: Any) -> Hand:
    return Hand(settings(**kwargs), seats(stacks))


def play(hand: Hand, script: str | Iterable[str]) -> Hand:
    """Applies events (raising RuleError at a refusal) and returns the hand."""
    for event in evs(script):
        hand.apply(event)
    return hand


def antes(hand: Hand) -> Hand:
    for seat in hand.order:
        hand.apply(Event(seat, Action.ANTE))
    return hand


def deal(hand: Hand, cards: Mapping[int, str]) -> Hand:
    """Deals one up card per listed seat, in seat order."""
    for seat, card in sorted(cards.items()):
        hand.apply(Event(seat, Action.DEAL_UP, card=card))
    return hand


def start(stacks: Mapping[int, int], up: Mapping[int, str], **kwargs: Any) -> Hand:
    """A hand with every ante in and the 2nd-card up cards dealt (round 1 open, if any)."""
    return deal(antes(new_hand(stacks, **kwargs)), up)


def code_of(hand: Hand, text: str) -> Code | None:
    """The code the hand refuses the event with (checked both ways), or None if accepted
    (the event is then NOT applied)."""
    event = ev(text)
    error = hand.check(event)
    return None if error is None else error.code


def refuse(hand: Hand, text: str) -> Code:
    """Applies an event the rules must refuse; checks the hand is unchanged; returns the
    code."""
    event = ev(text)
    before = hand.result()
    checked = hand.check(event)
    assert checked is not None, f"{text!r} was accepted"
    try:
        hand.apply(event)
    except RuleError as exc:
        assert exc.code == checked.code
        assert hand.result() == before
        return exc.code
    raise AssertionError(f"{text!r} was applied although check() refused it")


def unused(hand: Hand) -> list[Card]:
    return [card for card in DECK if card not in hand.used]


# ---------------------------------------------------------------------------- random hands
def random_settings(rng: random.Random) -> Settings:
    unit = rng.choice([1, 5, 10, 25])
    ante = unit * rng.choice([1, 1, 2, 3, 4])
    structure = rng.choice([FL, PL, NL])
    rake = rng.choice([0, 0, 5, 10])
    return Settings(ante=ante, chip_unit=unit, structure=structure,
                    raise_cap=rng.choice([3, 3, 1, 2, 4]), rake_percent=rake,
                    rake_cap=rng.choice([0, unit * 3, unit * 20]) if rake else 0)


def random_seats(rng: random.Random, s: Settings, count: int | None = None) -> list[SeatSpec]:
    n = count if count is not None else rng.randint(2, 6)
    numbers = sorted(rng.sample(range(1, 7), n))
    specs = []
    for seat in numbers:
        kind = rng.random()
        if kind < 0.15:
            units = rng.randint(1, max(1, s.ante // s.chip_unit))  # all-in on the ante
        elif kind < 0.4:
            units = rng.randint(1, 8 * s.ante // s.chip_unit)  # short
        else:
            units = rng.randint(10, 200) * s.ante // s.chip_unit
        specs.append(SeatSpec(seat, f"P{seat}", units * s.chip_unit))
    return specs


def random_amount(hand: Hand, rng: random.Random) -> int:
    rng_ = hand.wager_range()
    assert rng_ is not None
    unit = hand.settings.chip_unit
    choices = [rng_.min_to, rng_.max_to, rng_.pot_to]
    if rng_.all_in_to <= rng_.max_to:
        choices.append(rng_.all_in_to)
    lo, hi = -(-rng_.min_to // unit), rng_.max_to // unit
    if lo <= hi:
        choices.append(rng.randint(lo, hi) * unit)
    legal = [c for c in choices if rng_.allows(c)]
    return rng.choice(legal) if legal else rng_.min_to


def next_legal_event(hand: Hand, rng: random.Random, *, fold_weight: float = 0.15,
                     aggression: float = 0.3, known_holes: float = 0.4,
                     muck_weight: float = 0.3) -> Event:
    """A random input the rules accept now (the hand must not be complete)."""
    nxt = hand.next_input()
    assert nxt is not None
    seat, actions = nxt.seat, nxt.actions
    if actions == (Action.ANTE,):
        return Event(seat, Action.ANTE)
    free = unused(hand)
    if actions == (Action.DEAL_UP,):
        if hand.street == 1 and rng.random() < known_holes:
            # A known hole card for some seat (before or after its up card).
            without = [s for s in hand.order if hand.seats[s].hole is None]
            if without:
                down = Event(rng.choice(without), Action.DEAL_DOWN, card=str(rng.choice(free)))
                if hand.check(down) is None:
                    return down
        return Event(seat, Action.DEAL_UP, card=str(rng.choice(free)))
    if Action.SHOW in actions:
        if Action.MUCK in actions and rng.random() < muck_weight:
            return Event(seat, Action.MUCK)
        hole = hand.seats[seat].hole
        if hole is None:
            return Event(seat, Action.SHOW, card=str(rng.choice(free)))
        return Event(seat, Action.SHOW, card=rng.choice([None, str(hole)]))
    weights = []
    for action in actions:
        if action in (Action.BET, Action.RAISE):
            weights.append(aggression)
        elif action is Action.FOLD:
            weights.append(fold_weight)
        else:
            weights.append(1.0)
    action = rng.choices(actions, weights)[0]
    if action in (Action.BET, Action.RAISE):
        return Event(seat, action, to=random_amount(hand, rng))
    return Event(seat, action)


def random_hand(rng: random.Random, s: Settings | None = None,
                specs: Sequence[SeatSpec] | None = None, *, stop_after: int | None = None,
                **weights: float) -> Hand:
    """Plays a random legal hand to the end (or for ``stop_after`` events)."""
    s = s if s is not None else random_settings(rng)
    specs = specs if specs is not None else random_seats(rng, s)
    hand = Hand(s, specs)
    steps = 0
    while not hand.complete and (stop_after is None or steps < stop_after):
        hand.apply(next_legal_event(hand, rng, **weights))
        steps += 1
        assert steps < 500, "the hand does not end"
    return hand


# ---------------------------------------------------------------------------- scripted hands
def deal_street(hand: Hand, cards: Mapping[int, str]) -> Hand:
    """Deals the given up cards (seats not listed are expected to have folded)."""
    return deal(hand, cards)


def passive(hand: Hand, *, until_phase: str | None = None) -> Hand:
    """Plays the betting of the open round passively: bring-in, call, check."""
    while hand.betting_round is not None:
        nxt = hand.next_input()
        assert nxt is not None
        for action in (Action.BRING_IN, Action.CHECK, Action.CALL):
            if action in nxt.actions:
                hand.apply(Event(nxt.seat, action))
                break
        else:  # pragma: no cover - a round always offers one of them
            raise AssertionError(f"no passive action in {nxt}")
    return hand


def checkdown(stacks: Mapping[int, int], streets: Sequence[Mapping[int, str]],
              holes: Mapping[int, str] | None = None, *, show: bool = True,
              **kwargs: Any) -> Hand:
    """Antes, then each street's up cards followed by passive betting; at the showdown every
    seat shows its hole card (from ``holes``) when ``show``."""
    hand = antes(new_hand(stacks, **kwargs))
    for street in streets:
        deal(hand, {s: c for s, c in street.items() if not hand.seats[s].folded})
        passive(hand)
    if show:
        showdown(hand, holes or {})
    return hand


def showdown(hand: Hand, holes: Mapping[int, str], mucks: Iterable[int] = ()) -> Hand:
    muck = set(mucks)
    while not hand.complete:
        nxt = hand.next_input()
        assert nxt is not None and Action.SHOW in nxt.actions, nxt
        if nxt.seat in muck:
            hand.apply(Event(nxt.seat, Action.MUCK))
        else:
            hand.apply(Event(nxt.seat, Action.SHOW, card=holes.get(nxt.seat)))
    return hand


def acts(hand: Hand) -> list[str]:
    """The actions open to the seat due, as strings."""
    nxt = hand.next_input()
    return [] if nxt is None else [a.value for a in nxt.actions]


def due(hand: Hand) -> int | None:
    nxt = hand.next_input()
    return None if nxt is None else nxt.seat
