"""The words of the dealer's window, as pure functions of an engine ``Hand`` (no widgets; the
key letters come from :mod:`dealer_app.gui.commands`).

``next_line(hand)`` is the NEXT line: what the app expects now. ``award_lines(hand)`` says
how each pot was split, who got the odd chip and why. Every rule decision comes from the
engine; this module only phrases it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from dealer_app import words
from dealer_app.engine.allowed import Allowed
from dealer_app.engine.events import Action
from dealer_app.engine.hand import Hand, Phase
from dealer_app.engine.settings import Settings
from dealer_app.engine.stacks import StackState, stack_state
from dealer_app.gui.commands import Command
from dealer_app.gui.i18n import amount
from dealer_app.services.floor import Stage
from dealer_app.services.types import HandStatus, SeatInfo
from dealer_app.text import tr, tr_noop

STREET_NAMES = {1: tr_noop("2nd"), 2: tr_noop("3rd"), 3: tr_noop("4th"), 4: tr_noop("5th")}
"""The card each street deals (street 1 deals the hole card and the 2nd card); English,
shown with ``tr()``."""
ROUND_NAMES = {1: tr_noop("Round 1 (2nd street)"), 2: tr_noop("Round 2 (3rd street)"),
               3: tr_noop("Round 3 (4th street)"), 4: tr_noop("Round 4 (5th street)")}
ACTION_WORDS = {Action.ANTE: tr_noop("ante"), Action.DEAL_DOWN: tr_noop("deal-down"),
                Action.DEAL_UP: tr_noop("deal-up"), Action.BRING_IN: tr_noop("bring-in"),
                Action.BET: tr_noop("bet"), Action.RAISE: tr_noop("raise"),
                Action.CALL: tr_noop("call"), Action.CHECK: tr_noop("check"),
                Action.FOLD: tr_noop("fold"), Action.SHOW: tr_noop("show"),
                Action.MUCK: tr_noop("muck")}
"""Each action in a sentence (its stored value, in English; shown with ``tr()``)."""


def action_word(action: Action) -> str:
    """``fold``, ``check``... in the window's language (never the stored value)."""
    return tr(ACTION_WORDS[action])


def seat_label(hand: Hand, seat: int) -> str:
    """``seat 3 (Bo)``, or ``seat 3`` when the player has no name."""
    name = hand.seats[seat].player if seat in hand.seats else ""
    if name:
        return tr("seat {seat} ({name})").format(seat=seat, name=name)
    return tr("seat {seat}").format(seat=seat)


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


def _join_or(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return tr("{items} or {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


def _join_and(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return tr("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


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
        return tr("Dealing {street} street").format(street=tr(STREET_NAMES[street]))
    if phase is Phase.BETTING:
        return tr(ROUND_NAMES[street])
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
    return _cap(tr("{seats}: no chips — rebuy or cash out").format(seats=_join_and(
        [tr("seat {seat} ({player})").format(seat=x.seat, player=x.player) for x in busted])))


def next_line(hand: Hand | None, *, seated: int = 0) -> str:
    """The NEXT line: what the dealer must enter now, in plain words."""
    if hand is None:
        if seated < 2:
            return tr("Seat at least two players to deal a hand")
        return tr("Press {key} to deal the next hand").format(key=_key(Command.NEXT))
    now = hand.allowed()
    if now.seat is None:
        winners = sorted({s for pot in hand.pots() for s in pot.winners})
        who = _join_and([seat_label(hand, s) for s in winners])
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
            street=tr(STREET_NAMES[now.street]), seat=label)
    if now.phase is Phase.BETTING:
        if now.bring_in:
            text = (tr("{seat} must bring in {amount} (or open with a bet)")
                    if Action.BET in now.actions else tr("{seat} must bring in {amount}"))
            return _cap(text.format(seat=label, amount=now.bring_in))
        return _cap(tr("{seat} to act: {options}").format(
            seat=label, options=_join_or(betting_options(now))))
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


def step_reason(hand: Hand | None, *, seated: int = 2) -> str:
    """Why a key that does nothing in this step is refused: the step, in plain words
    (``betting is open: seat 2 (Bo) to act``); ``seated``: players who could be dealt in."""
    if hand is None:
        if seated < 2:
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
            street=tr(STREET_NAMES[now.street]), seat=label)
    if now.phase is Phase.BETTING:
        keys = ", ".join(f"{_key(c)} {action_word(a)}" for a in now.actions
                         if (c := Command.for_action(a)))
        return tr("betting is open: {seat} to act ({keys})").format(seat=label, keys=keys)
    if Action.MUCK in now.actions:
        return tr("showdown: {seat} to show or muck ({key})").format(
            seat=label, key=_key(Command.MUCK))
    return tr("showdown: {seat} to show").format(seat=label)


def hand_names(hand: Hand) -> dict[int, str]:
    """Seat → ``Full house, aces over kings`` for every shown hand."""
    return {s: words.hand_value_text(value) for s, value in hand.shown_hands.items()}


def pot_title(index: int) -> str:
    return tr("Main pot") if index == 0 else tr("Side pot {number}").format(number=index)


def award_lines(hand: Hand) -> list[str]:
    """One line per pot once awarded: who won, how much, the odd chip and why."""
    if not hand.complete:
        return []
    lines: list[str] = []
    unit = hand.settings.chip_unit
    names = hand_names(hand)
    for i, pot in enumerate(hand.pots()):
        # "Side pot 1 of 40", never "1 40"
        head = (tr("{pot} of {amount} (rake {rake})") if pot.rake
                else tr("{pot} of {amount}")).format(
            pot=pot_title(i), amount=amount(pot.amount), rake=amount(pot.rake))
        winners = list(pot.winners)
        if len(winners) == 1:
            w = winners[0]
            won = amount(pot.awards.get(w, 0))
            if len(pot.eligible) == 1 and w not in names:
                line = tr("{pot}: {seat} wins {amount} (the only player left in it)")
            elif w in names:
                line = tr("{pot}: {seat} wins {amount} with {hand}")
            else:
                line = tr("{pot}: {seat} wins {amount}")
            lines.append(line.format(pot=head, seat=seat_label(hand, w), amount=won,
                                     hand=names.get(w, "").lower()))
            continue
        shares = ", ".join(f"{seat_label(hand, w)} {amount(pot.awards.get(w, 0))}"
                           for w in winners)
        tie = names.get(winners[0]) or tr("equal hands")
        text = tr("{pot}: split between tied hands ({hand}): {shares}").format(
            pot=head, hand=tie.lower(), shares=shares)
        if pot.odd_chips:
            odd = _join_and([seat_label(hand, s) for s in pot.odd_chips])
            text = (tr("{line}; odd chips of {unit} to {seats}, the tied winner nearest the "
                       "dealer box clockwise (rule 10.3)") if len(pot.odd_chips) > 1
                    else tr("{line}; odd chip of {unit} to {seats}, the tied winner nearest "
                            "the dealer box clockwise (rule 10.3)")).format(
                line=text, unit=unit, seats=odd)
        lines.append(text)
    if hand.rake:
        lines.append(tr("Rake {amount}").format(amount=amount(hand.rake)))
    return lines
