"""The engine's structured facts in words for screens and reports, through :func:`tr`.

The engine stays standard-library only: its ``describe()`` methods (``HandValue``,
``Settings``, ``Event``) speak English for logs, records and the command line. What a person
reads in the windows and reports is built here from the same data (category and ranks,
structure and stakes, seat, action, card and amount) with ``tr()`` templates whose named
placeholders a translation may move. In English every function returns exactly what the
matching ``describe()`` returns (``tests/services/test_screen_words.py`` checks all of them).

Card symbols (``Kh``) and amounts (plain integers, as the engine prints them) are not
translated. The reports use ``action_name``, ``hand_name`` and
``event_text(..., grouped=True)``.
"""

from __future__ import annotations

from typing import Final

from dealer_app.engine.cards import RANKS
from dealer_app.engine.evaluator import Category, HandValue
from dealer_app.engine.events import Action, Event
from dealer_app.engine.settings import Settings, Structure
from dealer_app.text import tr, tr_noop

__all__ = ["action_name", "action_text", "category_name", "event_text", "hand_name",
           "hand_value_text", "rank_name", "rank_plural", "settings_text", "structure_name"]

_CATEGORIES: Final[dict[Category, str]] = {
    Category.HIGH_CARD: tr_noop("High card"),
    Category.ONE_PAIR: tr_noop("One pair"),
    Category.TWO_PAIRS: tr_noop("Two pairs"),
    Category.THREE_OF_A_KIND: tr_noop("Three of a kind"),
    Category.STRAIGHT: tr_noop("Straight"),
    Category.FULL_HOUSE: tr_noop("Full house"),
    Category.FLUSH: tr_noop("Flush"),
    Category.FOUR_OF_A_KIND: tr_noop("Four of a kind"),
    Category.STRAIGHT_FLUSH: tr_noop("Straight flush"),
    Category.ROYAL_FLUSH: tr_noop("Royal flush"),
}

_RANK_NAMES: Final[dict[str, str]] = {
    "7": tr_noop("seven"), "8": tr_noop("eight"), "9": tr_noop("nine"), "T": tr_noop("ten"),
    "J": tr_noop("jack"), "Q": tr_noop("queen"), "K": tr_noop("king"), "A": tr_noop("ace"),
}

_RANK_PLURALS: Final[dict[str, str]] = {
    "7": tr_noop("sevens"), "8": tr_noop("eights"), "9": tr_noop("nines"),
    "T": tr_noop("tens"), "J": tr_noop("jacks"), "Q": tr_noop("queens"),
    "K": tr_noop("kings"), "A": tr_noop("aces"),
}

_STRUCTURES: Final[dict[Structure, str]] = {
    Structure.FIXED_LIMIT: tr_noop("Fixed limit"),
    Structure.POT_LIMIT: tr_noop("Pot limit"),
    Structure.NO_LIMIT: tr_noop("No limit"),
}

_ACTIONS: Final[dict[Action, str]] = {
    Action.ANTE: tr_noop("Seat {seat} antes"),
    Action.DEAL_DOWN: tr_noop("Seat {seat} is dealt down"),
    Action.DEAL_UP: tr_noop("Seat {seat} is dealt"),
    Action.BRING_IN: tr_noop("Seat {seat} brings in"),
    Action.BET: tr_noop("Seat {seat} bets"),
    Action.RAISE: tr_noop("Seat {seat} raises to"),
    Action.CALL: tr_noop("Seat {seat} calls"),
    Action.CHECK: tr_noop("Seat {seat} checks"),
    Action.FOLD: tr_noop("Seat {seat} folds"),
    Action.SHOW: tr_noop("Seat {seat} shows"),
    Action.MUCK: tr_noop("Seat {seat} mucks"),
}

INPUT_VERBS: Final[dict[Action, str]] = {
    Action.ANTE: tr_noop("{who} antes"),
    Action.DEAL_DOWN: tr_noop("{who} is dealt a card face down"),
    Action.DEAL_UP: tr_noop("{who} is dealt"), Action.BRING_IN: tr_noop("{who} brings in"),
    Action.BET: tr_noop("{who} bets"), Action.RAISE: tr_noop("{who} raises to"),
    Action.CALL: tr_noop("{who} calls"), Action.CHECK: tr_noop("{who} checks"),
    Action.FOLD: tr_noop("{who} folds"), Action.SHOW: tr_noop("{who} shows"),
    Action.MUCK: tr_noop("{who} mucks"),
}
"""Each input with the player's name (``{who}``), without its amount or card: the replay's
captions and the players' display."""

INPUT_AMOUNTS: Final[dict[Action, str]] = {
    Action.ANTE: tr_noop("{who} antes {amount}"),
    Action.BRING_IN: tr_noop("{who} brings in {amount}"),
    Action.BET: tr_noop("{who} bets {amount}"),
    Action.RAISE: tr_noop("{who} raises to {amount}"),
    Action.CALL: tr_noop("{who} calls {amount}"),
}
"""The inputs that move chips, with the player's name and the amount."""

_WITH_CARD: Final[dict[Action, str]] = {
    Action.DEAL_DOWN: tr_noop("Seat {seat} is dealt down {card}"),
    Action.DEAL_UP: tr_noop("Seat {seat} is dealt {card}"),
    Action.SHOW: tr_noop("Seat {seat} shows {card}"),
}
"""The usual events with a card, whole (a translation may put the card anywhere)."""

_WITH_AMOUNT: Final[dict[Action, str]] = {
    Action.BET: tr_noop("Seat {seat} bets {amount}"),
    Action.RAISE: tr_noop("Seat {seat} raises to {amount}"),
}
"""The usual events with an amount (``to``), whole."""


def category_name(category: Category) -> str:
    """``Full house``: the hand category's name (``Category.label`` in English)."""
    return tr(_CATEGORIES[category])


def rank_name(rank: str) -> str:
    """``king`` for ``K``: one card of a rank (``7``..``A``)."""
    return tr(_RANK_NAMES[rank])


def rank_plural(rank: str) -> str:
    """``kings`` for ``K``: several cards of a rank."""
    return tr(_RANK_PLURALS[rank])


def structure_name(structure: Structure) -> str:
    """``Fixed limit``: the betting structure's name (``Structure.label`` in English)."""
    return tr(_STRUCTURES[structure])


def hand_value_text(value: HandValue) -> str:
    """``Full house, aces over kings``: :meth:`HandValue.describe` in the windows' language."""
    ranks = [RANKS[card.rank] for card in value.cards]
    cat = value.category
    name = category_name(cat)
    if cat is Category.ROYAL_FLUSH:
        return name
    if cat in (Category.STRAIGHT_FLUSH, Category.STRAIGHT, Category.FLUSH,
               Category.HIGH_CARD):
        return tr("{category}, {rank} high").format(category=name, rank=rank_name(ranks[0]))
    if cat is Category.FULL_HOUSE:
        return tr("{category}, {ranks} over {other}").format(
            category=name, ranks=rank_plural(ranks[0]), other=rank_plural(ranks[3]))
    if cat is Category.TWO_PAIRS:
        return tr("{category}, {ranks} and {other}").format(
            category=name, ranks=rank_plural(ranks[0]), other=rank_plural(ranks[2]))
    # one pair, three of a kind, four of a kind
    return tr("{category}, {ranks}").format(category=name, ranks=rank_plural(ranks[0]))


def settings_text(settings: Settings) -> str:
    """``Fixed limit 10/20 · Ante 5``: :meth:`Settings.describe` in the windows' language."""
    structure = structure_name(settings.structure)
    if settings.structure is Structure.FIXED_LIMIT:
        return tr("{structure} {small}/{big} · Ante {ante}").format(
            structure=structure, small=settings.small_bet, big=settings.big_bet,
            ante=settings.ante)
    return tr("{structure} bring-in {bring_in} · Ante {ante}").format(
        structure=structure, bring_in=settings.bring_in, ante=settings.ante)


def duration_text(seconds: float) -> str:
    """``45 s``, ``12 min``, ``2 h 05 min``."""
    seconds = int(seconds)
    if seconds < 60:
        return tr("{seconds} s").format(seconds=seconds)
    minutes = seconds // 60
    if minutes < 60:
        return tr("{minutes} min").format(minutes=minutes)
    return tr("{hours} h {minutes} min").format(hours=minutes // 60,
                                                minutes=f"{minutes % 60:02d}")


def action_text(action: Action, seat: int) -> str:
    """``Seat 3 calls``: who does what, without card or amount."""
    return tr(_ACTIONS[action]).format(seat=seat)


def event_text(event: Event, *, grouped: bool = False) -> str:
    """``Seat 3 raises to 40``, ``Seat 2 is dealt Kh``: :meth:`Event.describe` in the
    windows' language. The card stays as typed; the amount is a plain integer (``grouped``:
    with thousands separators, ``1,200``)."""
    action, card, to = event.action, event.card, event.to
    amount = None if to is None else f"{to:,}" if grouped else str(to)
    if card is not None and amount is None and action in _WITH_CARD:
        return tr(_WITH_CARD[action]).format(seat=event.seat, card=card)
    if amount is not None and card is None and action in _WITH_AMOUNT:
        return tr(_WITH_AMOUNT[action]).format(seat=event.seat, amount=amount)
    # Any other shape (a record may carry a card or an amount on any action): the card
    # and the amount follow the words, as the engine writes them.
    text = action_text(action, event.seat)
    if card is not None:
        text += f" {card}"
    if amount is not None:
        text += f" {amount}"
    return text


def action_name(action: Action) -> str:
    """An input's name as a verb (``next: seat 3 to bet / check``)."""
    names = {Action.ANTE: tr("ante", "next input"),
             Action.DEAL_DOWN: tr("deal-down", "next input"),
             Action.DEAL_UP: tr("deal-up", "next input"),
             Action.BRING_IN: tr("bring-in", "next input"),
             Action.BET: tr("bet", "next input"), Action.RAISE: tr("raise", "next input"),
             Action.CALL: tr("call", "next input"), Action.CHECK: tr("check", "next input"),
             Action.FOLD: tr("fold", "next input"), Action.SHOW: tr("show", "next input"),
             Action.MUCK: tr("muck", "next input")}
    return names[action]


hand_name = hand_value_text
"""The name the reports use for :func:`hand_value_text`."""
