"""A seated player's stack between hands: dealt in, short of the ante, or busted."""

from __future__ import annotations

from enum import StrEnum

from dealer_app.engine.settings import Settings


class StackState(StrEnum):
    """What a stack means for the next hand."""

    PLAYS = "plays"
    SHORT = "short"
    """Below the ante: posts what it has and is all-in for the hand (rule 4.2)."""
    BUSTED = "busted"
    """No chips: dealt nothing (rule 3.2) until the player rebuys, or leaves."""


def stack_state(settings: Settings, stack: int) -> StackState:
    """How a stack of ``stack`` plays the next hand under ``settings``."""
    if stack <= 0:
        return StackState.BUSTED
    if stack < settings.ante:
        return StackState.SHORT
    return StackState.PLAYS
