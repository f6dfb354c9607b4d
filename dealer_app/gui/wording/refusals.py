"""The engine's refusals in the language of the windows.

The engine stays standard-library only and says why it refuses an input with a stable
:class:`~dealer_app.engine.errors.Reason` and the ``details`` of its English message (seat,
amounts, cards). Here each reason has its own template, translated when it is shown and
filled with those details: ``refusal_text(error)`` is what a window shows of a
:class:`RuleError`, never its English ``message`` (the record and the logs keep that).
"""

from __future__ import annotations

from collections.abc import Mapping

from dealer_app.engine import CardError, RuleError
from dealer_app.engine.errors import Reason
from dealer_app.engine.hand import Hand
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.text import tr, tr_noop

R = Reason

CARD_REASONS: Mapping[Reason, str] = {
    R.CARD_NOT_TEXT: tr_noop("a card is written as rank and suit, like 'As'"),
    R.CARD_EMPTY: tr_noop("it is empty"),
    R.CARD_UNKNOWN_SUIT: tr_noop("unknown suit '{suit}' (use s, h, d, c or ♠ ♥ ♦ ♣)"),
    R.CARD_RANK_NOT_IN_DECK: tr_noop("rank {rank} is not in the deck (it has 7 to ace only)"),
    R.CARD_UNKNOWN_RANK: tr_noop("unknown rank '{rank}' (use 7 8 9 T J Q K A)"),
    R.CARD_NOT_STARTED: tr_noop("'{key}' does not start a card: a card starts with its rank "
                                "7 8 9 T J Q K A (or 10), then the suit s h d c"),
    R.CARD_UNKNOWN_TYPED_RANK: tr_noop("unknown rank '{rank}' (use 7 8 9 T J Q K A, or 10)"),
}
"""Why a text is not a card (the part after the colon of a ``bad-card`` refusal)."""

NOT_A_CARD = tr_noop("'{card}' is not a card of the 32-card deck: {why}")

TEMPLATES: Mapping[Reason, str | Mapping[str, str]] = {
    R.HAND_COMPLETE: tr_noop("the hand is complete: the pots were awarded"),
    R.ANTE_ALREADY_POSTED: tr_noop("seat {seat} has already posted the ante"),
    **{reason: NOT_A_CARD for reason in CARD_REASONS},
    R.CARD_ALREADY_DEALT: tr_noop("{card} is already dealt in this hand"),
    R.ANTES_MISSING: tr_noop("no card before every ante is in: seat {seats} still to ante "
                             "(rule {rule})"),
    R.CARD_TO_FOLDED_SEAT: tr_noop("seat {seat} has folded"),
    R.HOLE_CARD_ALREADY_DEALT: tr_noop("seat {seat} already has its hole card"),
    R.HOLE_CARD_TOO_LATE: tr_noop("too late for a hole card: record it when the player shows "
                                  "it (rule {rule})"),
    R.NO_UP_CARD_BETTING_OPEN: tr_noop("no up card now: the betting round is still open "
                                       "(rule {rule})"),
    R.NO_UP_CARD_ALL_DEALT: tr_noop("no up card now: all cards are dealt (rule {rule})"),
    R.STREET_CARD_ALREADY_DEALT: tr_noop("seat {seat} already has its card for this street "
                                         "(rule {rule})"),
    R.NO_BETTING_ANTES: tr_noop("no betting now: antes are being posted"),
    R.NO_BETTING_DEALING: tr_noop("no betting now: cards are being dealt"),
    R.NO_BETTING_SHOWDOWN: tr_noop("no betting now: it is the showdown"),
    R.SEAT_FOLDED: tr_noop("seat {seat} has folded (rule {rule})"),
    R.SEAT_ALL_IN: tr_noop("seat {seat} is all-in (rule {rule})"),
    R.NOT_YOUR_TURN: tr_noop("seat {due} is due to act, not seat {seat}"),
    R.BRING_IN_ALREADY_POSTED: tr_noop("the bring-in was already posted"),
    R.NO_BRING_IN_THIS_ROUND: tr_noop("there is no bring-in in round {round}"),
    R.NO_BET_TO_CALL: tr_noop("there is no bet to call: check (or bet)"),
    R.FACING_BET: tr_noop("seat {seat} faces a bet of {bet}: call, raise or fold (rule {rule})"),
    R.MAY_NOT_FOLD: tr_noop("every other player is all-in and no bet faces this seat: it "
                            "checks (rule {rule})"),
    R.OPPONENTS_ALL_IN: tr_noop("every opponent is all-in: nobody may bet or raise "
                                "(rule {rule})"),
    R.ALREADY_A_BET: tr_noop("there is already a bet of {bet}: raise or call"),
    R.NO_BET_TO_RAISE: tr_noop("there is no bet to raise: bet instead"),
    R.RAISE_CAP_REACHED: tr_noop("the raise cap is reached: {cap} raises (rule {rule})"),
    R.NOT_REOPENED: tr_noop("the betting was not reopened by a full raise: seat may only call "
                            "or fold (rule {rule})"),
    R.ONLY_CALL_ALL_IN: tr_noop("seat {seat} can only call all-in"),
    R.BRING_IN_FIRST: tr_noop("seat {due} must bring in first (rule {rule}), not seat {seat}"),
    R.NO_OPENING_BET_FIXED_LIMIT: tr_noop("in fixed limit the bring-in is {bring_in}: no "
                                          "opening bet (rule {rule})"),
    R.MUST_BRING_IN: tr_noop("seat {due} must bring in {bring_in} first (rule {rule})"),
    R.NOT_POSITIVE: {
        "bet": tr_noop("a bet must be to a positive amount, not {to}"),
        "raise": tr_noop("a raise must be to a positive amount, not {to}")},
    R.TOO_LARGE: {
        "bet": tr_noop("a bet to {to} is more than the largest amount the app takes "
                       "({maximum})"),
        "raise": tr_noop("a raise to {to} is more than the largest amount the app takes "
                         "({maximum})")},
    R.OVER_STACK: {
        "bet": tr_noop("bet to {to} is more than seat {seat} has: all-in is {all_in} "
                       "(rule {rule})"),
        "raise": tr_noop("raise to {to} is more than seat {seat} has: all-in is {all_in} "
                         "(rule {rule})")},
    R.NOT_CHIP_MULTIPLE: tr_noop("{to} is not a multiple of the chip unit {unit} (rule {rule})"),
    R.NOT_ABOVE_CURRENT: tr_noop("a raise must be to more than {bet}"),
    R.ABOVE_POT_LIMIT: {
        "bet": tr_noop("bet to {to} is above the pot limit: at most {maximum} (rule {rule})"),
        "raise": tr_noop("raise to {to} is above the pot limit: at most {maximum} "
                         "(rule {rule})")},
    R.ABOVE_FIXED_LIMIT: {
        "bet": tr_noop("bet to {to} is above the fixed-limit amount: at most {maximum} "
                       "(rule {rule})"),
        "raise": tr_noop("raise to {to} is above the fixed-limit amount: at most {maximum} "
                         "(rule {rule})")},
    R.FIXED_LIMIT_EXACT: {
        "bet": tr_noop("in fixed limit this bet is to exactly {amount} (rule {rule})"),
        "raise": tr_noop("in fixed limit this raise is to exactly {amount} (rule {rule})")},
    R.BELOW_MINIMUM: {
        "bet": tr_noop("bet to {to} is below the minimum {minimum} (rule {rule})"),
        "raise": tr_noop("raise to {to} is below the minimum {minimum} (rule {rule})")},
    R.NO_SHOWDOWN_YET: tr_noop("no showdown yet: the hand is still being played"),
    R.SHOWDOWN_NOT_YOUR_TURN: tr_noop("seat {due} must show or muck before seat {seat} "
                                      "(rule {rule})"),
    R.MAY_NOT_MUCK_FIRST: tr_noop("seat {seat} may not muck: it shows first (rule {rule})"),
    R.MAY_NOT_MUCK_ALL_IN: tr_noop("seat {seat} may not muck: a player is all-in, so every "
                                   "hand is shown (rule {rule})"),
    R.HOLE_CARD_NOT_RECORDED: tr_noop("seat {seat} must show its hole card: enter it (it was "
                                      "not recorded at the deal)"),
    R.HOLE_CARD_MISMATCH: tr_noop("seat {seat} shows {card} but {hole} was recorded as its "
                                  "hole card at the deal: call the floor supervisor "
                                  "(rule {rule})"),
}
"""Each reason's words (by ``details["action"]`` where a bet and a raise differ), in English
as the engine's message; translated when shown."""

_GROUPED: frozenset[Reason] = frozenset({R.TOO_LARGE})
"""Reasons whose amounts the engine writes with thousands separators."""

_SEATS = ("seat", "due")
"""Details that are seat numbers: named after the player when the hand is known."""


def template(reason: Reason, details: Mapping[str, int | str]) -> str | None:
    """The English template of ``reason`` (None: a reason this window does not know)."""
    found = TEMPLATES.get(reason)
    if isinstance(found, Mapping):
        return found.get(str(details.get("action")))
    return found


def refusal_text(error: RuleError, hand: Hand | None = None) -> str:
    """What the windows show of a refused input, in their language; with ``hand``, each seat
    is named after its player (``seat 2 (Bo)``). The English ``message`` only for a reason
    without a template."""
    english = template(error.reason, error.details)
    if english is None:
        return error.message
    values: dict[str, object] = dict(error.details)
    if error.reason in _GROUPED:
        values.update((k, amount(v)) for k, v in error.details.items()
                      if isinstance(v, int) and k not in _SEATS)
    if hand is not None:
        for key in _SEATS:
            seat = error.details.get(key)
            name = hand.seats[seat].player if isinstance(seat, int) and seat in hand.seats else ""
            if name:
                values[key] = f"{seat} ({name})"
    if error.reason in CARD_REASONS:
        values["why"] = _fill(CARD_REASONS[error.reason], error.details)
    return _fill(english, values)


def _fill(english: str, values: Mapping[str, object]) -> str:
    """``english`` translated and filled; in English if its translation names a value that
    is not there (a slip of the translator must not hide the refusal)."""
    try:
        return tr(english).format(**values)
    except (KeyError, IndexError, ValueError):
        return english.format(**values)


def card_reason(error: CardError) -> str:
    """Why a text is not a card, in the language of the windows (``unknown suit 'x' ...``)."""
    if error.kind is None or error.kind not in CARD_REASONS:
        return error.reason
    return _fill(CARD_REASONS[error.kind], error.details)


def card_error_text(error: CardError) -> str:
    """The whole refusal of a text that is not a card, in the language of the windows."""
    return _fill(NOT_A_CARD, {"card": error.text, "why": card_reason(error)})
