"""Table settings and the seats dealt into a hand (rules 3, 7)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from dealer_app.engine.errors import ChipCode, StackAmountError, UnitChangeError
from dealer_app.engine.limits import MAX_AMOUNT, too_large


class Structure(StrEnum):
    """Betting structure (rule 7)."""

    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"

    @property
    def label(self) -> str:
        return {"fixed-limit": "Fixed limit", "pot-limit": "Pot limit",
                "no-limit": "No limit"}[self.value]


class SettingsError(ValueError):
    """Table settings that make no game (e.g. an ante that is not a multiple of the chip unit)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The table settings a hand is played under (rule 3.3)."""

    ante: int
    chip_unit: int
    structure: Structure = Structure.FIXED_LIMIT
    raise_cap: int = 3
    rake_percent: int = 0
    rake_cap: int = 0

    def __post_init__(self) -> None:
        for name in ("ante", "chip_unit", "raise_cap", "rake_percent", "rake_cap"):
            value = getattr(self, name)
            if type(value) is not int:
                raise SettingsError(f"{name} must be a whole number, not {value!r}")
        if self.chip_unit <= 0:
            raise SettingsError(f"chip_unit must be positive, not {self.chip_unit}")
        if self.ante <= 0:
            raise SettingsError(f"ante must be positive, not {self.ante}")
        if self.ante % self.chip_unit:
            raise SettingsError(
                f"ante {self.ante} is not a multiple of the chip unit {self.chip_unit}")
        if self.raise_cap < 0:
            raise SettingsError(f"raise_cap must not be negative, not {self.raise_cap}")
        if not 0 <= self.rake_percent <= 100:
            raise SettingsError(f"rake_percent must be 0 to 100, not {self.rake_percent}")
        if self.rake_cap < 0:
            raise SettingsError(f"rake_cap must not be negative, not {self.rake_cap}")
        if self.chip_unit > MAX_AMOUNT:
            raise SettingsError(too_large("the chip unit", self.chip_unit))
        if self.big_bet > MAX_AMOUNT:  # the largest bet the ante sets (4 × ante)
            raise SettingsError(too_large(f"the big bet (4 × ante {self.ante:,})",
                                          self.big_bet))
        if self.rake_cap > MAX_AMOUNT:
            raise SettingsError(too_large("the rake cap", self.rake_cap))

    def check_stacks(self, stacks: Iterable[tuple[int, int]]) -> None:
        """The rule for stacks under these settings, in one place: each (seat, stack) is a
        multiple of the chip unit (rule 3.3) and within the largest amount. Raises
        :class:`SettingsError` naming the first seat that does not fit."""
        for seat, stack in stacks:
            if stack > MAX_AMOUNT:
                raise SettingsError(too_large(f"the stack of seat {seat}", stack))
            if not self.whole_chips(stack):
                raise SettingsError(f"the stack of seat {seat} ({stack:,}) is not a multiple "
                                    f"of the chip unit {self.chip_unit:,}")

    def whole_chips(self, amount: int) -> bool:
        """``amount`` (of either sign) is whole chips: a multiple of the chip unit (rule
        3.3). Every amount of chips moved at the table or the cage must be."""
        return amount % self.chip_unit == 0

    def check_stack_amount(self, amount: int) -> StackAmountError | None:
        """The rules' refusal of a stack move of ``amount`` (a buy-in, rebuy, adjustment of
        either sign, cash-out), or None when they accept it: chips move in whole chips
        (rule 3.3). Code ``not-whole-chips`` with ``amount`` and ``unit``."""
        if amount % self.chip_unit == 0:
            return None
        return StackAmountError(
            ChipCode.NOT_WHOLE_CHIPS,
            f"{amount:,} is not a multiple of the chip unit {self.chip_unit:,} (rule 3.3)",
            {"amount": amount, "unit": self.chip_unit})

    def verify_stack_amount(self, amount: int) -> None:
        """Raises :meth:`check_stack_amount`'s :class:`StackAmountError`, if any."""
        error = self.check_stack_amount(amount)
        if error is not None:
            raise error

    def can_move_stack(self, amount: int) -> bool:
        """A stack move of ``amount`` is whole chips (:meth:`check_stack_amount`)."""
        return self.check_stack_amount(amount) is None

    def check_unit_change(self, new: Settings, *,
                          hand_in_progress: bool) -> UnitChangeError | None:
        """The rules' refusal to change these settings to ``new`` for the chip unit, or None:
        while a hand is in progress its results are not known yet, so the chip unit may
        then only change to one that divides the old one (every result stays a multiple of
        it). Code ``unit-change-mid-hand`` with ``old`` and ``new``. (The seated stacks
        against ``new``: :meth:`check_stacks`.)"""
        if not hand_in_progress or self.chip_unit % new.chip_unit == 0:
            return None
        return UnitChangeError(
            ChipCode.UNIT_CHANGE_MID_HAND,
            f"the chip unit can change from {self.chip_unit:,} to {new.chip_unit:,} only "
            "between hands (rule 3.3)", {"old": self.chip_unit, "new": new.chip_unit})

    @property
    def bring_in(self) -> int:
        """2 × ante (rule 6.2); in fixed limit also the small bet (rule 7.1)."""
        return 2 * self.ante

    @property
    def small_bet(self) -> int:
        return self.bring_in

    @property
    def big_bet(self) -> int:
        return 2 * self.bring_in

    def fixed_bet(self, betting_round: int) -> int:
        """The fixed-limit bet size of a betting round 1–4."""
        return self.small_bet if betting_round <= 2 else self.big_bet

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Reads the ``settings`` object of a hand record; raises SettingsError, KeyError."""
        try:
            structure = Structure(data.get("structure", Structure.FIXED_LIMIT.value))
        except ValueError:
            raise SettingsError(f"unknown structure {data.get('structure')!r}") from None
        return cls(ante=data["ante"], chip_unit=data["chip_unit"], structure=structure,
                   raise_cap=data.get("raise_cap", 3),
                   rake_percent=data.get("rake_percent", 0), rake_cap=data.get("rake_cap", 0))

    def to_dict(self) -> dict[str, Any]:
        return {"ante": self.ante, "chip_unit": self.chip_unit,
                "structure": self.structure.value, "raise_cap": self.raise_cap,
                "rake_percent": self.rake_percent, "rake_cap": self.rake_cap}

    def describe(self) -> str:
        """``Fixed limit 10/20 · Ante 5``."""
        if self.structure is Structure.FIXED_LIMIT:
            stakes = f"{self.small_bet}/{self.big_bet}"
        else:
            stakes = f"bring-in {self.bring_in}"
        return f"{self.structure.label} {stakes} · Ante {self.ante}"


SEATS: tuple[int, ...] = tuple(range(1, 7))
"""The seats of a table (rule 3.1: up to six, numbered 1-6 clockwise)."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A player dealt into a hand: seat 1–6, name, stack before the antes."""

    seat: int
    player: str
    stack: int

    def __post_init__(self) -> None:
        if type(self.seat) is not int or self.seat not in SEATS:
            raise SettingsError(f"seat must be 1 to 6, not {self.seat!r}")
        if type(self.stack) is not int or self.stack < 0:
            raise SettingsError(f"stack of seat {self.seat} must be a whole number >= 0, "
                                f"not {self.stack!r}")
        if self.stack > MAX_AMOUNT:
            raise SettingsError(too_large(f"the stack of seat {self.seat}", self.stack))
        if not isinstance(self.player, str):
            raise SettingsError(f"player of seat {self.seat} must be a name")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatSpec:
        return cls(seat=data["seat"], player=data.get("player", ""), stack=data["stack"])

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "player": self.player, "stack": self.stack}
