"""What the dealer's window asks of the floor: F8 calls it, F3 opens its view, and F9 (a
shown hole card that does not match) calls it before the supervisor corrects the card.

The controller holds one :class:`FloorHooks`; ``gui.floor_keys`` installs the
floor's, and a window without a floor keeps :class:`NoFloor`. The table's keys are the
controller's own (the command table), never replaced by the floor's code.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["FloorHooks", "NoFloor"]


class FloorHooks(Protocol):
    """The floor's answers to the dealer's floor commands."""

    def call_floor(self) -> object:
        """F8: the call dialog."""

    def open_floor(self) -> object:
        """F3: the floor view, for a supervisor (nobody takes the table's box)."""

    def supervisor_called(self) -> object:
        """F9: the floor is called about the refused show, before the correction."""


class NoFloor:
    """A window without the floor's part: the floor keys do nothing."""

    def call_floor(self) -> None:
        return None

    def open_floor(self) -> None:
        return None

    def supervisor_called(self) -> None:
        return None
