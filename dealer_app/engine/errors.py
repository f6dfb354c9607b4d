"""The rules errors of the engine, each with a stable code from hand-record.md.

A refusal carries three things: the ``code`` of hand-record.md (coarse, in the record's
contract), the English ``message`` (``replay --json`` prints it), and a fine-grained
``reason`` with the ``details`` of its message (seat, amounts, cards...), from which the
windows put the refusal into words in their own language.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class Code(StrEnum):
    """Stable codes for a refused input, in the precedence order of hand-record.md."""

    HAND_COMPLETE = "hand-complete"
    BAD_CARD = "bad-card"
    DUPLICATE_CARD = "duplicate-card"
    ANTES_MISSING = "antes-missing"
    WRONG_STREET = "wrong-street"
    WRONG_BRING_IN = "wrong-bring-in"
    OUT_OF_TURN = "out-of-turn"
    ILLEGAL_ACTION = "illegal-action"
    BAD_AMOUNT = "bad-amount"
    SHOWDOWN_ORDER = "showdown-order"
    HOLE_CARD_MISMATCH = "hole-card-mismatch"


class Reason(StrEnum):
    """Why exactly an input is refused: one per message of the engine (stable slugs).

    The comment names the details each reason carries (all of them ``int`` or ``str``).
    """

    HAND_COMPLETE = "hand-complete"
    ANTE_ALREADY_POSTED = "ante-already-posted"  # seat
    # a card text that is not a card (also CardError.kind); card: the text typed
    CARD_NOT_TEXT = "card-not-text"  # card
    CARD_EMPTY = "card-empty"  # card
    CARD_UNKNOWN_SUIT = "card-unknown-suit"  # card, suit
    CARD_RANK_NOT_IN_DECK = "card-rank-not-in-deck"  # card, rank
    CARD_UNKNOWN_RANK = "card-unknown-rank"  # card, rank
    CARD_NOT_STARTED = "card-not-started"  # card, key (typed cards only)
    CARD_UNKNOWN_TYPED_RANK = "card-unknown-typed-rank"  # card, rank (typed cards only)
    CARD_ALREADY_DEALT = "card-already-dealt"  # card
    ANTES_MISSING = "antes-missing"  # seats ("1, 3"), rule
    CARD_TO_FOLDED_SEAT = "card-to-folded-seat"  # seat
    HOLE_CARD_ALREADY_DEALT = "hole-card-already-dealt"  # seat
    HOLE_CARD_TOO_LATE = "hole-card-too-late"  # rule
    NO_UP_CARD_BETTING_OPEN = "no-up-card-betting-open"  # rule
    NO_UP_CARD_ALL_DEALT = "no-up-card-all-dealt"  # rule
    STREET_CARD_ALREADY_DEALT = "street-card-already-dealt"  # seat, rule
    NO_BETTING_ANTES = "no-betting-antes"
    NO_BETTING_DEALING = "no-betting-dealing"
    NO_BETTING_SHOWDOWN = "no-betting-showdown"
    SEAT_FOLDED = "seat-folded"  # seat, rule
    SEAT_ALL_IN = "seat-all-in"  # seat, rule
    NOT_YOUR_TURN = "not-your-turn"  # due, seat
    BRING_IN_ALREADY_POSTED = "bring-in-already-posted"
    NO_BRING_IN_THIS_ROUND = "no-bring-in-this-round"  # round
    NO_BET_TO_CALL = "no-bet-to-call"
    FACING_BET = "facing-bet"  # seat, bet, rule
    MAY_NOT_FOLD = "may-not-fold"  # rule
    OPPONENTS_ALL_IN = "opponents-all-in"  # rule
    ALREADY_A_BET = "already-a-bet"  # bet
    NO_BET_TO_RAISE = "no-bet-to-raise"
    RAISE_CAP_REACHED = "raise-cap-reached"  # cap, rule
    NOT_REOPENED = "not-reopened"  # rule
    ONLY_CALL_ALL_IN = "only-call-all-in"  # seat
    BRING_IN_FIRST = "bring-in-first"  # due, seat, rule
    NO_OPENING_BET_FIXED_LIMIT = "no-opening-bet-fixed-limit"  # bring_in, rule
    MUST_BRING_IN = "must-bring-in"  # due, bring_in, rule
    # bad amounts of a bet or raise; action: "bet" or "raise"
    NOT_POSITIVE = "not-positive"  # action, to
    TOO_LARGE = "too-large"  # action, to, maximum
    OVER_STACK = "over-stack"  # action, to, seat, all_in, rule
    NOT_CHIP_MULTIPLE = "not-chip-multiple"  # action, to, unit, rule
    NOT_ABOVE_CURRENT = "not-above-current"  # action, bet
    ABOVE_POT_LIMIT = "above-pot-limit"  # action, to, maximum, rule
    ABOVE_FIXED_LIMIT = "above-fixed-limit"  # action, to, maximum, rule
    FIXED_LIMIT_EXACT = "fixed-limit-exact"  # action, amount, rule
    BELOW_MINIMUM = "below-minimum"  # action, to, minimum, rule
    # the showdown
    NO_SHOWDOWN_YET = "no-showdown-yet"
    SHOWDOWN_NOT_YOUR_TURN = "showdown-not-your-turn"  # due, seat, rule
    MAY_NOT_MUCK_FIRST = "may-not-muck-first"  # seat, rule
    MAY_NOT_MUCK_ALL_IN = "may-not-muck-all-in"  # seat, rule
    HOLE_CARD_NOT_RECORDED = "hole-card-not-recorded"  # seat
    HOLE_CARD_MISMATCH = "hole-card-mismatch"  # seat, card, hole, rule


Details = Mapping[str, int | str]
"""The values of a refusal's message, by name (``{"seat": 3, "bet": 20}``)."""


class RuleError(ValueError):
    """An input the rules refuse; the hand is left exactly as it was.

    ``code`` and ``message`` are the contract of hand-record.md; ``reason`` and ``details``
    let a window say the same in another language.
    """

    def __init__(self, code: Code, message: str, reason: Reason,
                 details: Details | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
        self.details: dict[str, int | str] = dict(details) if details else {}

    def __repr__(self) -> str:
        return f"RuleError({self.code.value!r}, {self.message!r})"


class ChipCode(StrEnum):
    """Why the table's chips refuse a move or a deal, between hands (stable slugs)."""

    NOT_WHOLE_CHIPS = "not-whole-chips"  # amount, unit (rule 3.3)
    TOO_FEW_PLAYERS = "too-few-players"  # players, minimum (rule 3.2)
    UNIT_CHANGE_MID_HAND = "unit-change-mid-hand"  # old, new (rule 3.3)


class ChipRuleError(ValueError):
    """A move of chips or a deal the rules refuse between hands; nothing is changed.

    ``code`` and ``details`` let the services and windows word it in their own language;
    ``message`` is the English of the engine.
    """

    def __init__(self, code: ChipCode, message: str, details: Details) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details: dict[str, int | str] = dict(details)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code.value!r}, {self.message!r})"


class StackAmountError(ChipRuleError):
    """A stack move (buy-in, rebuy, adjustment, cash-out) that is not whole chips."""


class DealError(ChipRuleError):
    """No hand can be dealt: fewer than two players with chips."""


class UnitChangeError(ChipRuleError):
    """A chip unit that the stacks a hand in progress leaves might not be multiples of."""
