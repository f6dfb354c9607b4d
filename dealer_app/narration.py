"""A table's facts in words: seats, pots, streets, actions and awards, worded here only.

The dealer's window, the players' screen, the replay, the floor and the reports all call
these functions with engine data and show what they return; none of them words a seat, a
pot, a street or an award itself. Standard library and :func:`dealer_app.text.tr` only (no
Qt): the windows install the translator, and amounts carry the language's thousands
separator (:func:`dealer_app.text.thousands`). Hand values, settings and single inputs are
worded by :mod:`dealer_app.words`, which this module builds on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dealer_app import words
from dealer_app.engine.events import Action
from dealer_app.engine.hand import Hand
from dealer_app.text import thousands, tr, tr_noop

__all__ = ["ACTION_WORDS", "NEXT_WORDS", "ROUND_NAMES", "STREET_NAMES", "action_word",
           "award_lines", "hand_names", "join_and", "join_or", "next_word", "player_name",
           "pot_title", "round_name", "screen_award_lines", "seat_label", "seat_named",
           "street_name"]

STREET_NAMES: Final[dict[int, str]] = {
    1: tr_noop("2nd"), 2: tr_noop("3rd"), 3: tr_noop("4th"), 4: tr_noop("5th")}
"""The card each street deals (street 1 deals the hole card and the 2nd card)."""

ROUND_NAMES: Final[dict[int, str]] = {
    1: tr_noop("Round 1 (2nd street)"), 2: tr_noop("Round 2 (3rd street)"),
    3: tr_noop("Round 3 (4th street)"), 4: tr_noop("Round 4 (5th street)")}
"""Each betting round with the street it follows."""

ACTION_WORDS: Final[dict[Action, str]] = {
    Action.ANTE: tr_noop("ante"), Action.DEAL_DOWN: tr_noop("deal-down"),
    Action.DEAL_UP: tr_noop("deal-up"), Action.BRING_IN: tr_noop("bring-in"),
    Action.BET: tr_noop("bet"), Action.RAISE: tr_noop("raise"),
    Action.CALL: tr_noop("call"), Action.CHECK: tr_noop("check"),
    Action.FOLD: tr_noop("fold"), Action.SHOW: tr_noop("show"),
    Action.MUCK: tr_noop("muck")}
"""Each action named in a sentence or a list (the dealer's prompts, the review's filter)."""

NEXT_WORDS: Final[dict[Action, str]] = {
    Action.ANTE: tr_noop("ante"), Action.DEAL_DOWN: tr_noop("be dealt a card face down"),
    Action.DEAL_UP: tr_noop("be dealt a card"), Action.BRING_IN: tr_noop("bring in"),
    Action.BET: tr_noop("bet"), Action.RAISE: tr_noop("raise"),
    Action.CALL: tr_noop("call"), Action.CHECK: tr_noop("check"),
    Action.FOLD: tr_noop("fold"), Action.SHOW: tr_noop("show"),
    Action.MUCK: tr_noop("muck")}
"""What a seat may do next, after "to" (the replay, for a supervisor: no dealer's terms)."""


def street_name(street: int) -> str:
    """``2nd`` ... ``5th``: the card street ``street`` deals."""
    return tr(STREET_NAMES[street])


def round_name(street: int) -> str:
    """``Round 1 (2nd street)`` ...: the betting round after street ``street``."""
    return tr(ROUND_NAMES[street])


def action_word(action: Action) -> str:
    """``fold``, ``check``... (never the stored value)."""
    return tr(ACTION_WORDS[action])


def next_word(action: Action) -> str:
    """``be dealt a card``, ``bring in``...: what a seat is to do next."""
    return tr(NEXT_WORDS[action])


def seat_label(hand: Hand, seat: int, *, capital: bool = False) -> str:
    """``seat 3 (Bo)``, or ``seat 3`` when the player has no name; ``capital``: at the
    start of a sentence or in a column (``Seat 3 (Bo)``)."""
    st = hand.seats.get(seat)
    return seat_named(seat, st.player if st is not None else "", capital=capital)


def seat_named(seat: object, name: str, *, capital: bool = False) -> str:
    """:func:`seat_label` of a seat known by its number and its player's name (a stored
    act, a seated player between hands)."""
    if name:
        return (tr("Seat {seat} ({name})") if capital
                else tr("seat {seat} ({name})")).format(seat=seat, name=name)
    return (tr("Seat {seat}") if capital else tr("seat {seat}")).format(seat=seat)


def player_name(hand: Hand, seat: int) -> str:
    """The player's name alone (the players' screen), or ``Seat 3`` without one."""
    st = hand.seats.get(seat)
    if st is not None and st.player:
        return st.player
    return tr("Seat {seat}").format(seat=seat)


def pot_title(index: int) -> str:
    """``Main pot`` (index 0) or ``Side pot 1``..."""
    return tr("Main pot") if index == 0 else tr("Side pot {number}").format(number=index)


def join_and(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return tr("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


def join_or(parts: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return tr("{items} or {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


def hand_names(hand: Hand) -> dict[int, str]:
    """Seat → ``Full house, aces over kings`` for every shown hand."""
    return {s: words.hand_value_text(value) for s, value in hand.shown_hands.items()}


def award_lines(hand: Hand, *, for_record: bool = False) -> list[str]:
    """One line per pot once the hand is complete: who won, how much and with what, a tie's
    shares, the odd chip and the rule that gives it; then the rake. ``for_record`` (the
    reports): every tie also says when no odd chip arose, and a raked table's rake is
    given even when it is 0 (an unraked table says so)."""
    if not hand.complete:
        return []
    lines: list[str] = []
    names = hand_names(hand)
    unit = hand.settings.chip_unit
    for i, pot in enumerate(hand.pots()):
        head = (tr("{pot} of {amount} (rake {rake})") if pot.rake
                else tr("{pot} of {amount}")).format(
            pot=pot_title(i), amount=thousands(pot.amount), rake=thousands(pot.rake))
        winners = list(pot.winners)
        if len(winners) == 1:
            w = winners[0]
            if len(pot.eligible) == 1 and w not in names:
                line = tr("{pot}: {seat} wins {amount} (the only player left in it)")
            elif w in names:
                line = tr("{pot}: {seat} wins {amount} with {hand}")
            else:
                line = tr("{pot}: {seat} wins {amount}")
            lines.append(line.format(pot=head, seat=seat_label(hand, w),
                                     amount=thousands(pot.awards.get(w, 0)),
                                     hand=names.get(w, "").lower()))
            continue
        shares = ", ".join(f"{seat_label(hand, w)} {thousands(pot.awards.get(w, 0))}"
                           for w in winners)
        tie = names.get(winners[0]) or tr("equal hands")
        text = tr("{pot}: split between tied hands ({hand}): {shares}").format(
            pot=head, hand=tie.lower(), shares=shares)
        if pot.odd_chips:
            odd = join_and([seat_label(hand, s) for s in pot.odd_chips])
            text = (tr("{line}; odd chips of {unit} to {seats}, the tied winner nearest the "
                       "dealer box clockwise (rule 10.3)") if len(pot.odd_chips) > 1
                    else tr("{line}; odd chip of {unit} to {seats}, the tied winner nearest "
                            "the dealer box clockwise (rule 10.3)")).format(
                line=text, unit=thousands(unit), seats=odd)
        elif for_record:
            text = tr("{line}; no odd chip").format(line=text)
        lines.append(text)
    if hand.rake or (for_record and hand.settings.rake_percent):
        lines.append(tr("Rake {amount}").format(amount=thousands(hand.rake)))
    elif for_record:
        lines.append(tr("No rake"))
    return lines


def screen_award_lines(hand: Hand) -> tuple[str, ...]:
    """The award as the players read it across the table: short, by the players' names
    (the winning hand named, each pot's split, the odd chip, the rake)."""
    if not hand.complete:
        return ()
    lines = []
    unit = hand.settings.chip_unit
    for i, pot in enumerate(hand.pots()):
        title = pot_title(i)
        winners = list(pot.winners)
        names = [player_name(hand, w) for w in winners]
        value = hand.shown_hands.get(winners[0]) if winners else None
        if len(winners) == 1:
            won = tr("{pot} {amount}: {winner} wins with {hand}") if value \
                else tr("{pot} {amount}: {winner} wins")
            lines.append(won.format(pot=title, amount=thousands(pot.amount), winner=names[0],
                                    hand=words.hand_value_text(value) if value else ""))
            continue
        shares = ", ".join(f"{n} {thousands(pot.awards.get(w, 0))}"
                           for n, w in zip(names, winners, strict=True))
        split = tr("{pot} {amount} split with {hand}: {shares}") if value \
            else tr("{pot} {amount} split: {shares}")
        text = split.format(pot=title, amount=thousands(pot.amount), shares=shares,
                            hand=words.hand_value_text(value) if value else "")
        if pot.odd_chips:
            odd = ", ".join(player_name(hand, s) for s in pot.odd_chips)
            text = tr("{split} (odd chip {unit} to {names})").format(
                split=text, unit=thousands(unit), names=odd)
        lines.append(text)
    if hand.rake:
        lines.append(tr("Rake {amount}").format(amount=thousands(hand.rake)))
    return tuple(lines)
