"""The rules errors of the engine, each with a stable code from hand-record.md."""

from __future__ import annotations

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


class RuleError(ValueError):
    """An input the rules refuse; the hand is left exactly as it was."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"RuleError({self.code.value!r}, {self.message!r})"
