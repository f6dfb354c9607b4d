"""The replay's words: each input with the player's name and the chips it moved, and what
the hand waits for next — for a supervisor reading a past hand, so no dealer key hints.
Pure functions of the engine's hands (no Qt)."""

from __future__ import annotations

from dealer_app import words
from dealer_app.engine import Action
from dealer_app.engine.hand import Hand
from dealer_app.services.moments import when

__all__ = ["caption", "next_text", "when", "who"]

VERBS = {Action.ANTE: "antes", Action.DEAL_DOWN: "is dealt a card face down",
         Action.DEAL_UP: "is dealt", Action.BRING_IN: "brings in", Action.BET: "bets",
         Action.RAISE: "raises to", Action.CALL: "calls", Action.CHECK: "checks",
         Action.FOLD: "folds", Action.SHOW: "shows", Action.MUCK: "mucks"}
WORDS = {Action.ANTE: "ante", Action.DEAL_DOWN: "be dealt a card face down",
         Action.DEAL_UP: "be dealt a card", Action.BRING_IN: "bring in", Action.BET: "bet",
         Action.RAISE: "raise", Action.CALL: "call", Action.CHECK: "check",
         Action.FOLD: "fold", Action.SHOW: "show", Action.MUCK: "muck"}


def who(hand: Hand, seat: int) -> str:
    """``Seat 3 (Ann Meyer)``, the name as stored, or ``Seat 3``."""
    st = hand.seats.get(seat)
    return f"Seat {seat} ({st.player})" if st is not None and st.player else f"Seat {seat}"


def caption(before: Hand, after: Hand, *, void: bool = False) -> str:
    """The input that took ``before`` to ``after`` (one more event), in words (``void``:
    the hand was voided, so nothing was awarded)."""
    if len(after.events) <= len(before.events):
        return "Start of the hand"
    event = after.events[len(before.events)]
    seat = event.seat
    text = f"{who(after, seat)} {VERBS[event.action]}"
    paid = before.stacks.get(seat, 0) - after.stacks.get(seat, 0)
    if event.action is Action.RAISE and event.to is not None:
        text += f" {event.to:,}"
    elif event.action in (Action.ANTE, Action.BRING_IN, Action.BET, Action.CALL):
        amount = paid if paid > 0 else (event.to or 0)
        if amount:
            text += f" {amount:,}"
    if event.action is Action.DEAL_UP and event.card:
        text += f" {event.card}"
    if event.action is Action.SHOW:
        st = after.seats.get(seat)
        value = after.shown_hands.get(seat)
        if value is not None:
            name = words.hand_value_text(value)
            text += f" {name[:1].lower()}{name[1:]}"
        elif st is not None and st.hole is not None:
            text += f" {st.hole}"
    if after.seats.get(seat) is not None and after.seats[seat].all_in \
            and event.action.is_betting:
        text += " (all in)"
    if after.complete and not before.complete and not void:
        text += " — the pots are awarded"
    return text


def next_text(hand: Hand) -> str:
    """What the hand waits for, in words (no key hints)."""
    expected = hand.next_input()
    if expected is None:
        return "Hand complete: pots awarded."
    actions = [WORDS[a] for a in expected.actions]
    if len(actions) > 1:
        choice = ", ".join(actions[:-1]) + " or " + actions[-1]
    else:
        choice = actions[0] if actions else "act"
    return f"Next: {who(hand, expected.seat)} to {choice}."
