"""The replay's words: each input with the player's name and the chips it moved, and what
the hand waits for next — for a supervisor reading a past hand, so no dealer key hints.
Pure functions of the engine's hands (no widgets)."""

from __future__ import annotations

from dealer_app import words
from dealer_app.engine import Action
from dealer_app.engine.hand import Hand
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.narration import next_word, seat_label
from dealer_app.services.moments import when
from dealer_app.text import tr

__all__ = ["caption", "next_text", "when", "who"]

VERBS = words.INPUT_VERBS
AMOUNTS = words.INPUT_AMOUNTS
def who(hand: Hand, seat: int) -> str:
    """``Seat 3 (Ann Meyer)``, the name as stored, or ``Seat 3``."""
    return seat_label(hand, seat, capital=True)


def caption(before: Hand, after: Hand, *, void: bool = False) -> str:
    """The input that took ``before`` to ``after`` (one more event), in words (``void``:
    the hand was voided, so nothing was awarded)."""
    if len(after.events) <= len(before.events):
        return tr("Start of the hand")
    done = after.applied[len(before.events)]
    event, seat = done.event, done.seat
    name = who(after, seat)
    text = tr(VERBS[event.action]).format(who=name)
    paid = done.net_chips
    if event.action is Action.RAISE and event.to is not None:
        text = tr(AMOUNTS[event.action]).format(who=name, amount=amount(event.to))
    elif event.action in (Action.ANTE, Action.BRING_IN, Action.BET, Action.CALL):
        moved = paid if paid > 0 else (event.to or 0)
        if moved:
            text = tr(AMOUNTS[event.action]).format(who=name, amount=amount(moved))
    if event.action is Action.DEAL_UP and event.card:
        text = tr("{who} is dealt {card}").format(who=name, card=event.card)
    if event.action is Action.SHOW:
        st = after.seats.get(seat)
        value = after.shown_hands.get(seat)
        if value is not None:
            shown = words.hand_value_text(value)
            text = tr("{who} shows {hand}").format(who=name,
                                                   hand=f"{shown[:1].lower()}{shown[1:]}")
        elif st is not None and st.hole is not None:
            text = tr("{who} shows {hand}").format(who=name, hand=st.hole)
    if after.seats.get(seat) is not None and after.seats[seat].all_in \
            and event.action.is_betting:
        text = tr("{input} (all in)").format(input=text)
    if after.complete and not before.complete and not void:
        text = tr("{input} — the pots are awarded").format(input=text)
    return text


def next_text(hand: Hand) -> str:
    """What the hand waits for, in words (no key hints)."""
    expected = hand.next_input()
    if expected is None:
        return tr("Hand complete: pots awarded.")
    actions = [next_word(a) for a in expected.actions]
    if len(actions) > 1:
        choice = tr("{choices} or {last}").format(choices=", ".join(actions[:-1]),
                                                   last=actions[-1])
    else:
        choice = actions[0] if actions else tr("act")
    return tr("Next: {who} to {choice}.").format(who=who(hand, expected.seat), choice=choice)
