"""The words of the dealer's window, as pure functions of an engine ``Hand`` (no widgets; the
key letters come from :mod:`dealer_app.gui.commands`).

``next_line(hand)`` is the NEXT line: what the app expects now. ``award_lines(hand)`` says
how each pot was split, who got the odd chip and why. Every rule decision comes from the
engine; this module only phrases it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from dealer_app import words
from dealer_app.engine.allowed import Allowed
from dealer_app.engine.events import Action
from dealer_app.engine.hand import Hand, Phase
from dealer_app.gui.commands import Command

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


def _key(command: Command) -> str:
    return command.spec.key_text


def betting_options(now: Allowed) -> list[str]:
    """``call 20``, ``raise to 40``, ``fold``... for the seat due, in record order."""
    out: list[str] = []
    wager = now.wager
    for action in now.actions:
        if action is Action.BRING_IN:
            out.append(f"bring in {now.bring_in}")
        elif action in (Action.BET, Action.RAISE) and wager is not None:
            verb = "bet" if action is Action.BET else "raise to"
            amount = (f"{wager.default_to}" if wager.single
                      else f"{wager.min_to}–{wager.max_to}")
            out.append(f"{verb} {amount}")
        elif action is Action.CALL:
            out.append(f"call {now.to_call}{' (all-in)' if now.call_all_in else ''}")
        else:
            out.append(action.value)
    return out


def next_line(hand: Hand | None, *, seated: int = 0) -> str:
    """The NEXT line: what the dealer must enter now, in plain words."""
    if hand is None:
        if seated < 2:
            return "Seat at least two players to deal a hand"
        return f"Press {_key(Command.NEXT)} to deal the next hand"
    now = hand.allowed()
    if now.seat is None:
        winners = sorted({s for pot in hand.pots() for s in pot.winners})
        who = _join_and([seat_label(hand, s) for s in winners])
        return (f"Hand complete: {who} won — press {_key(Command.NEXT)} for the next hand")
    seat = now.seat
    label = seat_label(hand, seat)
    if now.phase is Phase.ANTES:
        missing = now.missing_antes
        return (f"Antes of {now.ante}: "
                f"{'seat' if len(missing) == 1 else 'seats'} "
                f"{', '.join(map(str, missing))} — press {_key(Command.ANTES)} for all")
    if now.phase is Phase.DEAL:
        if now.street == 1:
            return f"Deal the hole card and 2nd card: {label} — type the up card"
        return f"Deal {STREET_NAMES[now.street]} street: {label}"
    if now.phase is Phase.BETTING:
        if now.bring_in:
            text = f"{_cap(label)} must bring in {now.bring_in}"
            if Action.BET in now.actions:
                text += " (or open with a bet)"
            return text
        return f"{_cap(label)} to act: {_join_or(betting_options(now))}"
    if now.phase is Phase.SHOWDOWN:
        order = hand.showdown_order or []
        card = ("type the hole card" if now.show_needs_card
                else f"press {_key(Command.SHOW)} to show")
        if order and seat == order[0]:
            return f"Showdown: {label} shows first — {card}"
        if Action.MUCK in now.actions:
            return f"Showdown: {label} shows or mucks — {card}, or {_key(Command.MUCK)} to muck"
        return f"Showdown: {label} must show — {card}"
    return ""


def step_reason(hand: Hand | None) -> str:
    """Why a key that does nothing in this step is refused: the step, in plain words
    (``betting is open: seat 2 (Bo) to act``)."""
    if hand is None:
        return f"no hand in progress: press {_key(Command.NEXT)} to deal one"
    now = hand.allowed()
    if now.seat is None:
        return f"the hand is complete: press {_key(Command.NEXT)} for the next hand"
    label = seat_label(hand, now.seat)
    if now.phase is Phase.ANTES:
        return f"antes first: press {_key(Command.ANTES)} to post every missing ante"
    if now.phase is Phase.DEAL:
        return f"{STREET_NAMES[now.street]} street is being dealt: type the card of {label}"
    if now.phase is Phase.BETTING:
        keys = ", ".join(f"{_key(c)} {a.value}" for a in now.actions
                         if (c := Command.for_action(a)))
        return f"betting is open: {label} to act ({keys})"
    return f"showdown: {label} to show" + (
        f" or muck ({_key(Command.MUCK)})" if Action.MUCK in now.actions else "")


def hand_names(hand: Hand) -> dict[int, str]:
    """Seat → ``Full house, aces over kings`` for every shown hand."""
    return {s: words.hand_value_text(value) for s, value in hand.shown_hands.items()}


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
        head = f"{pot_title(i)} of {pot.amount:,}"  # "Side pot 1 of 40", never "1 40"
        if pot.rake:
            head += f" (rake {pot.rake:,})"
        winners = list(pot.winners)
        if len(winners) == 1:
            w = winners[0]
            why = f" with {names[w].lower()}" if w in names else ""
            if len(pot.eligible) == 1 and w not in names:
                why = " (the only player left in it)"
            lines.append(f"{head}: {seat_label(hand, w)} wins {pot.awards.get(w, 0):,}{why}")
            continue
        shares = ", ".join(f"{seat_label(hand, w)} {pot.awards.get(w, 0):,}" for w in winners)
        tie = names.get(winners[0], "equal hands")
        text = f"{head}: split between tied hands ({tie.lower()}): {shares}"
        if pot.odd_chips:
            odd = _join_and([seat_label(hand, s) for s in pot.odd_chips])
            text += (f"; odd chip{'s' if len(pot.odd_chips) > 1 else ''} of {unit} to {odd}, "
                     "the tied winner nearest the dealer box clockwise (rule 10.3)")
        lines.append(text)
    if hand.rake:
        lines.append(f"Rake {hand.rake:,}")
    return lines
