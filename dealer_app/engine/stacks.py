"""A seated player's stack between hands: dealt in, short of the ante, or busted; and
whether the stacks at the table make a hand (rule 3.2)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from dealer_app.engine.errors import ChipCode, DealError
from dealer_app.engine.settings import Settings

MIN_PLAYERS = 2
"""A hand needs at least two players with chips (rule 3.2)."""


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


def players_with_chips(stacks: Iterable[int]) -> int:
    """How many of ``stacks`` (the players in for the next hand) have chips to be dealt in."""
    return sum(1 for stack in stacks if stack > 0)


def check_deal(stacks: Iterable[int]) -> DealError | None:
    """The rules' refusal to deal a hand to players with ``stacks`` (those not sitting out),
    or None when it may be dealt: at least :data:`MIN_PLAYERS` with chips (rule 3.2). Code
    ``too-few-players`` with ``players`` and ``minimum``."""
    players = players_with_chips(stacks)
    if players >= MIN_PLAYERS:
        return None
    return DealError(ChipCode.TOO_FEW_PLAYERS,
                     f"a hand needs at least {MIN_PLAYERS} players with chips, not {players} "
                     "(rule 3.2)", {"players": players, "minimum": MIN_PLAYERS})


def verify_deal(stacks: Iterable[int]) -> None:
    """Raises :func:`check_deal`'s :class:`DealError`, if any."""
    error = check_deal(stacks)
    if error is not None:
        raise error


def can_deal(stacks: Iterable[int]) -> bool:
    """A hand may be dealt to players with ``stacks`` (:func:`check_deal`)."""
    return check_deal(stacks) is None
