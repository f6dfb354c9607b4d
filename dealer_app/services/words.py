"""The engine's facts in the words of the windows and reports, through :func:`tr`.

The engine stays standard-library only and describes itself in English (``Event.describe``,
``HandValue.describe``, ``Settings.describe``: logs and ``replay`` keep those). What a person
reads goes through these functions instead: the same English, byte for byte, when no
translator is installed, and the installed language otherwise. Card ranks and suits keep
their international symbols.
"""

from __future__ import annotations

from dealer_app.engine.cards import RANKS
from dealer_app.engine.evaluator import Category, HandValue
from dealer_app.engine.events import Action, Event
from dealer_app.engine.settings import Settings, Structure
from dealer_app.text import tr, tr_noop

_VERBS: dict[Action, str] = {
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


_CATEGORIES: dict[Category, str] = {
    Category.HIGH_CARD: tr_noop("High card"), Category.ONE_PAIR: tr_noop("One pair"),
    Category.TWO_PAIRS: tr_noop("Two pairs"), Category.THREE_OF_A_KIND: tr_noop("Three of a kind"),
    Category.STRAIGHT: tr_noop("Straight"), Category.FULL_HOUSE: tr_noop("Full house"),
    Category.FLUSH: tr_noop("Flush"), Category.FOUR_OF_A_KIND: tr_noop("Four of a kind"),
    Category.STRAIGHT_FLUSH: tr_noop("Straight flush"),
    Category.ROYAL_FLUSH: tr_noop("Royal flush")}

_RANK_NAMES: dict[str, str] = {
    "7": tr_noop("seven"), "8": tr_noop("eight"), "9": tr_noop("nine"), "T": tr_noop("ten"),
    "J": tr_noop("jack"), "Q": tr_noop("queen"), "K": tr_noop("king"), "A": tr_noop("ace")}
_RANK_PLURALS: dict[str, str] = {
    "7": tr_noop("sevens"), "8": tr_noop("eights"), "9": tr_noop("nines"), "T": tr_noop("tens"),
    "J": tr_noop("jacks"), "Q": tr_noop("queens"), "K": tr_noop("kings"), "A": tr_noop("aces")}

_STRUCTURES: dict[Structure, str] = {
    Structure.FIXED_LIMIT: tr_noop("Fixed limit"), Structure.POT_LIMIT: tr_noop("Pot limit"),
    Structure.NO_LIMIT: tr_noop("No limit")}


def event_text(event: Event, *, grouped: bool = False) -> str:
    """``Seat 3 raises to 40`` (``grouped``: the amount with thousands separators)."""
    text = tr(_VERBS[event.action]).format(seat=event.seat)
    if event.card is not None:
        text += f" {event.card}"
    if event.to is not None:
        text += f" {event.to:,}" if grouped else f" {event.to}"
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


def hand_name(value: HandValue) -> str:
    """``Full house, aces over kings``: a shown hand's name."""
    ranks = [RANKS[card.rank] for card in value.cards]
    cat = value.category
    label = tr(_CATEGORIES[cat])
    if cat is Category.ROYAL_FLUSH:
        return label
    if cat in (Category.STRAIGHT_FLUSH, Category.STRAIGHT, Category.FLUSH,
               Category.HIGH_CARD):
        return tr("{category}, {rank} high").format(category=label,
                                                    rank=tr(_RANK_NAMES[ranks[0]]))
    if cat is Category.FULL_HOUSE:
        return tr("{category}, {ranks} over {other}").format(
            category=label, ranks=tr(_RANK_PLURALS[ranks[0]]),
            other=tr(_RANK_PLURALS[ranks[3]]))
    if cat is Category.TWO_PAIRS:
        return tr("{category}, {ranks} and {other}").format(
            category=label, ranks=tr(_RANK_PLURALS[ranks[0]]),
            other=tr(_RANK_PLURALS[ranks[2]]))
    return tr("{category}, {ranks}").format(category=label, ranks=tr(_RANK_PLURALS[ranks[0]]))


def settings_text(settings: Settings) -> str:
    """``Fixed limit 10/20 · Ante 5``."""
    structure = tr(_STRUCTURES[settings.structure])
    if settings.structure is Structure.FIXED_LIMIT:
        return tr("{structure} {small}/{big} · Ante {ante}").format(
            structure=structure, small=settings.small_bet, big=settings.big_bet,
            ante=settings.ante)
    return tr("{structure} bring-in {bring_in} · Ante {ante}").format(
        structure=structure, bring_in=settings.bring_in, ante=settings.ante)
