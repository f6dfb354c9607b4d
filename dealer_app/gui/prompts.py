"""The words of the dealer's window, as pure functions of an engine ``Hand`` (no Qt).

``next_line(hand)`` is the NEXT line: what the app expects now. ``award_lines(hand)`` says
how each pot was split, who got the odd chip and why. Every rule decision comes from the
engine; this module only phrases it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from dealer_app.engine.events import Action
from dealer_app.engine.hand import Hand, Phase

STREET_NAMES = {1: "2nd", 2: "3rd", 3: "4th", 4: "5th"}
"""The card each street deals (street 1 deals the hole card and the 2nd card)."""
ROUND_NAMES = {1: "Round 1 (2nd street)", 2: "Round 2 (3rd street)",
               3: "Round 3 (4th street)", 4: "Round 4 (5th street)"}


def seat_label(hand: Hand, seat: int) -> str:
    """``seat 3 (Bo)``, or ``seat 3`` when the player has no name."""
    name = hand.seats[seat].player if seat in hand.seats else ""
    return f"seat {seat} ({name})" if name else f"seat {seat}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_SEAT_REF = re.compile(r"\b([Ss]eat) ([1-6])\b(?! \()")
"""``seat 2`` in a message, not already followed by the player's name."""


def refusal(message: str, hand: Hand | None = None) -> str:
    """A refused input's reason as the NEXT line shows it: the engine's words with a capital
    first letter and, when ``hand`` is given, each seat named (``Seat 2 (Bo) must…``)."""
    if hand is not None:
        def named(m: re.Match[str]) -> str:
            seat = int(m.group(2))
            name = hand.seats[seat].player if seat in hand.seats else ""
            return f"{m.group(0)} ({name})" if name else m.group(0)

        message = _SEAT_REF.sub(named, message)
    return _cap(message.strip())


def _join_or(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _join_and(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def round_text(hand: Hand | None) -> str:
    """``Antes``, ``Dealing 3rd street``, ``Round 2 (3rd street)``, ``Showdown``..."""
    if hand is None:
        return "Between hands"
    if hand.phase is Phase.ANTES:
        return "Antes"
    if hand.phase is Phase.DEAL:
        return f"Dealing {STREET_NAMES[hand.street]} street"
    if hand.phase is Phase.BETTING:
        return ROUND_NAMES[hand.street]
    if hand.phase is Phase.SHOWDOWN:
        return "Showdown"
    return "Hand complete"


def betting_options(hand: Hand, seat: int) -> list[str]:
    """``call 20``, ``raise to 40``, ``fold``... for the seat due, in record order."""
    actions = hand.legal_actions(seat)
    rng = hand.wager_range()
    st = hand.seats[seat]
    assert hand.round is not None
    out: list[str] = []
    for action in actions:
        if action is Action.BRING_IN:
            out.append(f"bring in {min(hand.settings.bring_in, st.stack)}")
        elif action in (Action.BET, Action.RAISE) and rng is not None:
            verb = "bet" if action is Action.BET else "raise to"
            if rng.min_to >= rng.max_to:
                amount = f"{min(rng.min_to, rng.all_in_to)}"
            else:
                amount = f"{rng.min_to}–{rng.max_to}"
            out.append(f"{verb} {amount}")
        elif action is Action.CALL:
            to_call = min(hand.round.current - st.bet, st.stack)
            allin = " (all-in)" if to_call == st.stack else ""
            out.append(f"call {to_call}{allin}")
        else:
            out.append(action.value)
    return out


def next_line(hand: Hand | None, *, seated: int = 0) -> str:
    """The NEXT line: what the dealer must enter now, in plain words."""
    if hand is None:
        if seated < 2:
            return "Seat at least two players to deal a hand"
        return "Press N to deal the next hand"
    expected = hand.next_input()
    if expected is None:
        winners = sorted({s for pot in hand.pots() for s in pot.winners})
        who = _join_and([seat_label(hand, s) for s in winners])
        return f"Hand complete: {who} won — press N for the next hand"
    seat = expected.seat
    label = seat_label(hand, seat)
    if hand.phase is Phase.ANTES:
        missing = [s for s in hand.order if not hand.seats[s].anted]
        return (f"Antes of {hand.settings.ante}: "
                f"{'seat' if len(missing) == 1 else 'seats'} "
                f"{', '.join(map(str, missing))} — press A for all")
    if hand.phase is Phase.DEAL:
        if hand.street == 1:
            return f"Deal the hole card and 2nd card: {label} — type the up card"
        return f"Deal {STREET_NAMES[hand.street]} street: {label}"
    if hand.phase is Phase.BETTING:
        assert hand.round is not None
        if hand.round.bring_in_due:
            amount = min(hand.settings.bring_in, hand.seats[seat].stack)
            text = f"{_cap(label)} must bring in {amount}"
            if Action.BET in expected.actions:
                text += " (or open with a bet)"
            return text
        return f"{_cap(label)} to act: {_join_or(betting_options(hand, seat))}"
    if hand.phase is Phase.SHOWDOWN:
        order = hand.showdown_order or []
        hole_known = hand.seats[seat].hole is not None
        card = "press S to show" if hole_known else "type the hole card"
        if order and seat == order[0]:
            return f"Showdown: {label} shows first — {card}"
        if Action.MUCK in expected.actions:
            return f"Showdown: {label} shows or mucks — {card}, or M to muck"
        return f"Showdown: {label} must show — {card}"
    return ""


def hand_names(hand: Hand) -> dict[int, str]:
    """Seat → ``Full house, aces over kings`` for every shown hand."""
    return {s: value.describe() for s, value in hand.shown_hands.items()}


def pot_title(index: int) -> str:
    return "Main pot" if index == 0 else f"Side pot {index}"


def award_lines(hand: Hand) -> list[str]:
    """One line per pot once awarded: who won, how much, the odd chip and why."""
    if not hand.complete:
        return []
    lines: list[str] = []
    unit = hand.settings.chip_unit
    names = hand_names(hand)
    for i, pot in enumerate(hand.pots()):
        head = f"{pot_title(i)} {pot.amount}"
        if pot.rake:
            head += f" (rake {pot.rake})"
        winners = list(pot.winners)
        if len(winners) == 1:
            w = winners[0]
            why = f" with {names[w].lower()}" if w in names else ""
            if len(pot.eligible) == 1 and w not in names:
                why = " (the only player left in it)"
            lines.append(f"{head}: {seat_label(hand, w)} wins {pot.awards.get(w, 0)}{why}")
            continue
        shares = ", ".join(f"{seat_label(hand, w)} {pot.awards.get(w, 0)}" for w in winners)
        tie = names.get(winners[0], "equal hands")
        text = f"{head}: split between tied hands ({tie.lower()}): {shares}"
        if pot.odd_chips:
            odd = _join_and([seat_label(hand, s) for s in pot.odd_chips])
            text += (f"; odd chip{'s' if len(pot.odd_chips) > 1 else ''} of {unit} to {odd}, "
                     "the tied winner nearest the dealer box clockwise (rule 10.3)")
        lines.append(text)
    if hand.rake:
        lines.append(f"Rake {hand.rake}")
    return lines
