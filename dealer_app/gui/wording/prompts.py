"""The dealer's window's prompts, as pure functions of an engine ``Hand`` (no widgets; the
key letters come from :mod:`dealer_app.gui.wording.commands`).

``next_line(hand)`` is the NEXT line: what the app expects now, with the dealer's keys.
Seats, pots, streets, actions and awards are worded by :mod:`dealer_app.narration` (its
``award_lines`` and ``seat_label`` are here too, for the window's code). Every rule decision
comes from the engine; this module only phrases it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from dealer_app.engine.allowed import Allowed
from dealer_app.engine.events import Action
from dealer_app.engine.hand import Hand, Phase
from dealer_app.engine.settings import Settings
from dealer_app.engine.stacks import StackState, stack_state
from dealer_app.gui.wording.commands import Command
from dealer_app.narration import (
    action_word,
    award_lines,
    hand_names,
    join_and,
    join_or,
    pot_title,
    round_name,
    seat_label,
    seat_named,
    street_name,
)
from dealer_app.services.core.types import HandStatus, SeatInfo
from dealer_app.services.floor import Stage
from dealer_app.text import tr

__all__ = ["action_word", "award_lines", "betting_options", "busted_note", "busted_seats",
           "hand_names", "next_line", "phase_text", "pot_title", "refusal", "round_text",
           "seat_label", "stage_text", "step_reason"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _either_case(word: str) -> str:
    """A pattern for ``word`` with its first letter in either case."""
    first = f"(?:{re.escape(word[:1].upper())}|{re.escape(word[:1].lower())})"
    return first + re.escape(word[1:])


@lru_cache(maxsize=8)
def _seat_ref(word: str) -> re.Pattern[str]:
    """``seat 2`` (English, or ``word`` of the window's language) in a message, not already
    followed by the player's name."""
    words = "|".join(dict.fromkeys(_either_case(w) for w in ("seat", word) if w))
    return re.compile(rf"(?<!\w)({words}) ([1-6])\b(?! \()")


def refusal(message: str, hand: Hand | None = None) -> str:
    """A refused input's reason as the NEXT line shows it: the engine's words with a capital
    first letter and, when ``hand`` is given, each seat named (``Seat 2 (Bo) must…``)."""
    if hand is not None:
        def named(m: re.Match[str]) -> str:
            seat = int(m.group(2))
            name = hand.seats[seat].player if seat in hand.seats else ""
            return f"{m.group(0)} ({name})" if name else m.group(0)

        word = tr("seat {seat}").split("{seat}")[0].strip()
        message = _seat_ref(word).sub(named, message)
    return _cap(message.strip())


def round_text(hand: Hand | None) -> str:
    """``Antes``, ``Dealing 3rd street``, ``Round 2 (3rd street)``, ``Showdown``..."""
    if hand is None:
        return tr("Between hands")
    return phase_text(hand.phase, hand.street)


def phase_text(phase: Phase, street: int) -> str:
    """A hand's phase and street in words, as the NEXT line's round names it."""
    if phase is Phase.ANTES:
        return tr("Antes")
    if phase is Phase.DEAL:
        return tr("Dealing {street} street").format(street=street_name(street))
    if phase is Phase.BETTING:
        return round_name(street)
    if phase is Phase.SHOWDOWN:
        return tr("Showdown")
    return tr("Hand complete")


def stage_text(stage: Stage) -> str:
    """A table's latest hand for the floor and the players' screen: ``No hand yet``, the
    phase and street while it runs (:func:`phase_text`), ``Hand complete`` or ``Void``."""
    if stage.status is None:
        return tr("No hand yet")
    if stage.status is HandStatus.VOID:
        return tr("Void")
    if stage.status is HandStatus.IN_PROGRESS and stage.phase is not None:
        return phase_text(stage.phase, stage.street)
    return tr("Hand complete")


def _key(command: Command) -> str:
    return command.spec.key_text


def betting_options(now: Allowed) -> list[str]:
    """``call 20``, ``raise to 40``, ``fold``... for the seat due, in record order."""
    out: list[str] = []
    wager = now.wager
    for action in now.actions:
        if action is Action.BRING_IN:
            out.append(tr("bring in {amount}").format(amount=now.bring_in))
        elif action in (Action.BET, Action.RAISE) and wager is not None:
            to = (f"{wager.default_to}" if wager.single
                  else f"{wager.min_to}–{wager.max_to}")
            out.append(tr("bet {amount}").format(amount=to) if action is Action.BET
                       else tr("raise to {amount}").format(amount=to))
        elif action is Action.CALL:
            out.append(tr("call {amount} (all-in)").format(amount=now.to_call)
                       if now.call_all_in else tr("call {amount}").format(amount=now.to_call))
        else:
            out.append(action_word(action))
    return out


def busted_seats(seats: Sequence[SeatInfo], settings: Settings) -> list[SeatInfo]:
    """The players seated without chips (not sitting out), by seat (``engine.stacks``)."""
    return [x for x in sorted(seats, key=lambda x: x.seat)
            if not x.sitting_out and stack_state(settings, x.stack) is StackState.BUSTED]


def busted_note(busted: Sequence[SeatInfo]) -> str:
    """``Seat 6 (Cy): no chips — rebuy or cash out``, or empty (a stack short of the ante is
    marked on its seat, see ``rows.SeatRow.state``)."""
    if not busted:
        return ""
    return _cap(tr("{seats}: no chips — rebuy or cash out").format(seats=join_and(
        [seat_named(x.seat, x.player) for x in busted])))


def next_line(hand: Hand | None, *, dealable: bool = False) -> str:
    """The NEXT line: what the dealer must enter now, in plain words; ``dealable``: the
    players in have the chips for a hand (the engine's ``stacks.can_deal``)."""
    if hand is None:
        if not dealable:
            return tr("Seat at least two players to deal a hand")
        return tr("Press {key} to deal the next hand").format(key=_key(Command.NEXT))
    now = hand.allowed()
    if now.seat is None:
        winners = sorted({s for pot in hand.pots() for s in pot.winners})
        who = join_and([seat_label(hand, s) for s in winners])
        return tr("Hand complete: {winners} won — press {key} for the next hand").format(
            winners=who, key=_key(Command.NEXT))
    seat = now.seat
    label = seat_label(hand, seat)
    if now.phase is Phase.ANTES:
        missing = now.missing_antes
        text = (tr("Antes of {ante}: seat {seats} — press {key} for all") if len(missing) == 1
                else tr("Antes of {ante}: seats {seats} — press {key} for all"))
        return text.format(ante=now.ante, seats=", ".join(map(str, missing)),
                           key=_key(Command.ANTES))
    if now.phase is Phase.DEAL:
        if now.street == 1:
            return tr("Deal the hole card and 2nd card: {seat} — type the up card").format(
                seat=label)
        return tr("Deal {street} street: {seat}").format(
            street=street_name(now.street), seat=label)
    if now.phase is Phase.BETTING:
        if now.bring_in:
            text = (tr("{seat} must bring in {amount} (or open with a bet)")
                    if Action.BET in now.actions else tr("{seat} must bring in {amount}"))
            return _cap(text.format(seat=label, amount=now.bring_in))
        return _cap(tr("{seat} to act: {options}").format(
            seat=label, options=join_or(betting_options(now))))
    if now.phase is Phase.SHOWDOWN:
        order = hand.showdown_order or []
        card = (tr("type the hole card") if now.show_needs_card
                else tr("press {key} to show").format(key=_key(Command.SHOW)))
        if order and seat == order[0]:
            return tr("Showdown: {seat} shows first — {card}").format(seat=label, card=card)
        if Action.MUCK in now.actions:
            return tr("Showdown: {seat} shows or mucks — {card}, or {key} to muck").format(
                seat=label, card=card, key=_key(Command.MUCK))
        return tr("Showdown: {seat} must show — {card}").format(seat=label, card=card)
    return ""


def step_reason(hand: Hand | None, *, dealable: bool = True) -> str:
    """Why a key that does nothing in this step is refused: the step, in plain words
    (``betting is open: seat 2 (Bo) to act``); ``dealable``: as for :func:`next_line`."""
    if hand is None:
        if not dealable:
            return tr("no hand in progress: seat at least two players to deal one")
        return tr("no hand in progress: press {key} to deal one").format(
            key=_key(Command.NEXT))
    now = hand.allowed()
    if now.seat is None:
        return tr("the hand is complete: press {key} for the next hand").format(
            key=_key(Command.NEXT))
    label = seat_label(hand, now.seat)
    if now.phase is Phase.ANTES:
        return tr("antes first: press {key} to post every missing ante").format(
            key=_key(Command.ANTES))
    if now.phase is Phase.DEAL:
        return tr("{street} street is being dealt: type the card of {seat}").format(
            street=street_name(now.street), seat=label)
    if now.phase is Phase.BETTING:
        keys = ", ".join(f"{_key(c)} {action_word(a)}" for a in now.actions
                         if (c := Command.for_action(a)))
        return tr("betting is open: {seat} to act ({keys})").format(seat=label, keys=keys)
    if Action.MUCK in now.actions:
        return tr("showdown: {seat} to show or muck ({key})").format(
            seat=label, key=_key(Command.MUCK))
    return tr("showdown: {seat} to show").format(seat=label)
