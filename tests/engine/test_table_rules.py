"""The rules the engine answers between hands, for the services and the windows: a stack
move is whole chips (rule 3.3), a hand needs two players with chips (rule 3.2)."""

from __future__ import annotations

import pytest

from dealer_app.engine import ChipCode, DealError, Settings, StackAmountError, UnitChangeError
from dealer_app.engine.stacks import (
    MIN_PLAYERS,
    can_deal,
    check_deal,
    players_with_chips,
    verify_deal,
)


def test_a_stack_move_is_whole_chips() -> None:
    settings = Settings(ante=5, chip_unit=5)
    for amount in (0, 5, -5, 1_000, -995):
        assert settings.check_stack_amount(amount) is None
        assert settings.can_move_stack(amount)
        settings.verify_stack_amount(amount)
    for amount in (1, -3, 1_002):
        error = settings.check_stack_amount(amount)
        assert isinstance(error, StackAmountError) and isinstance(error, ValueError)
        assert error.code is ChipCode.NOT_WHOLE_CHIPS
        assert error.details == {"amount": amount, "unit": 5}
        assert not settings.can_move_stack(amount)
        with pytest.raises(StackAmountError, match="chip unit 5") as caught:
            settings.verify_stack_amount(amount)
        assert caught.value.code is ChipCode.NOT_WHOLE_CHIPS


def test_a_hand_needs_two_players_with_chips() -> None:
    assert MIN_PLAYERS == 2
    assert players_with_chips([0, 10, 0, 5]) == 2
    for stacks in ([10, 5], [0, 10, 0, 5], [1, 1, 1, 1, 1, 1]):
        assert can_deal(stacks) and check_deal(stacks) is None
        verify_deal(stacks)
    for stacks, players in (([], 0), ([0, 0], 0), ([10], 1), ([0, 10, 0], 1)):
        assert not can_deal(stacks)
        error = check_deal(iter(stacks))  # any iterable, read once
        assert isinstance(error, DealError)
        assert error.code is ChipCode.TOO_FEW_PLAYERS
        assert error.details == {"players": players, "minimum": 2}
        with pytest.raises(DealError, match="at least 2 players"):
            verify_deal(stacks)


def test_the_chip_unit_changes_mid_hand_only_to_a_divisor() -> None:
    old = Settings(ante=10, chip_unit=10)
    for unit in (5, 10, 20, 3):
        new = Settings(ante=60, chip_unit=unit)
        assert old.check_unit_change(new, hand_in_progress=False) is None
    for unit in (5, 10, 1):
        assert old.check_unit_change(Settings(ante=20, chip_unit=unit),
                                     hand_in_progress=True) is None
    for unit in (20, 3):
        error = old.check_unit_change(Settings(ante=60, chip_unit=unit), hand_in_progress=True)
        assert isinstance(error, UnitChangeError)
        assert error.code is ChipCode.UNIT_CHANGE_MID_HAND
        assert error.details == {"old": 10, "new": unit}
