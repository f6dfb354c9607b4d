"""The chip reconciliation of a session, the rule itself: what each kind of stack move counts as,
one line per seat and the equation ``stacks + cash-outs + rake = buy-ins + adjustments``
(moves and owed chips on lines of their own)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from dealer_app.text import thousands, thousands_signed, tr

BUY_IN_KINDS = ("buy-in", "rebuy")
CASH_OUT_KINDS = ("cash-out",)
ADJUST_KINDS = ("adjustment",)
HAND_KINDS = ("hand", "void", "hand-undo", "correction")
MOVE_IN_KINDS = ("move-in",)
"""Chips a player brought from another seat or table (``moves.py``): neither a buy-in nor
cash, a line of the reconciliation of their own."""
MOVE_OUT_KINDS = ("move-out",)
"""Chips a player took to another seat or table (negative), as :data:`MOVE_IN_KINDS`."""
OWED_KINDS = ("owed",)
"""Chips a void owes a player who had left (positive: owed to the player; negative: the
player took home chips the void took back). Not in any stack: a line of the reconciliation."""
OWED_PAID_KINDS = ("owed-paid",)
"""Owed chips settled at the cage (``TableService.settle_owed``): counted in the owed line
(taking it toward 0) and, with the opposite sign, in the cash-outs, so the equation holds."""


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One player's time in one seat of a session (a player who left and came back has two)."""

    seating_id: int
    seat: int
    player: str
    seated_at: datetime
    left_at: datetime | None
    buy_ins: int
    """Buy-in and rebuys."""
    adjustments: int
    """Supervisor adjustments, signed."""
    cash_outs: int
    """Chips taken from the table, positive."""
    won: int
    """Net of the hands (after voids and undos), signed."""
    stack: int
    """The stack now (0 once the player left)."""
    hands: int
    """Hands dealt into, not counting void hands."""
    moves_stack: int
    """The stack as the sum of every stack move: must equal ``stack``."""
    owed: int = 0
    """Chips owed to the player by voids after they left (negative: owed by the player)."""
    moved_in: int = 0
    """Chips the player brought from another seat or table (positive)."""
    moved_out: int = 0
    """Chips the player took to another seat or table (positive)."""

    @property
    def moved(self) -> int:
        """The chips moved, signed: in (positive) less out."""
        return self.moved_in - self.moved_out

    @property
    def net(self) -> int:
        """What the player is up (positive) or down: cash-outs + moved out + stack + owed −
        buy-ins − moved in − adjustments. Equals ``won`` when the seat's record is
        consistent."""
        return (self.cash_outs + self.moved_out + self.stack + self.owed - self.buy_ins
                - self.moved_in - self.adjustments)


@dataclass(frozen=True, slots=True)
class Reconciliation:
    """``stacks + cash-outs + rake + owed = buy-ins + adjustments`` for one session."""

    buy_ins: int
    adjustments: int
    stacks: int
    cash_outs: int
    rake: int
    problems: tuple[str, ...] = ()
    """Plain reasons found for an imbalance (a seat whose stack differs from its moves, a
    hand whose stack changes do not match its result)."""
    owed: int = 0
    """Chips owed to players who left before a void of their hand (negative: owed by them)."""
    owed_lines: tuple[str, ...] = ()
    """``Ann (seat 1) is owed 100`` / ``Bo (seat 3) owes 100``: to settle at the cage."""
    moved_in: int = 0
    """Chips players brought from other seats or tables (not cash)."""
    moved_out: int = 0
    """Chips players took to other seats or tables (not cash)."""

    @property
    def chips_in(self) -> int:
        return self.buy_ins + self.adjustments + self.moved_in

    @property
    def chips_out(self) -> int:
        return self.stacks + self.cash_outs + self.rake + self.owed + self.moved_out

    @property
    def difference(self) -> int:
        """``chips_in − chips_out``: 0 when balanced."""
        return self.chips_in - self.chips_out

    @property
    def balanced(self) -> bool:
        return self.difference == 0 and not self.problems

    def equation(self) -> str:
        """``stacks 1,200 + cash-outs 300 + rake 20 = 1,520 = buy-ins 1,500 + adjustments 20``
        (``≠`` in the middle when it does not hold)."""
        sign = "=" if self.difference == 0 else "≠"
        owed = tr(" + owed {owed}").format(owed=thousands_signed(self.owed)) if self.owed else ""
        if self.moved_out:
            owed += tr(" + moved out {chips}").format(chips=thousands(self.moved_out))
        text = tr("stacks {stacks} + cash-outs {cash_outs} + rake {rake}{owed} = {chips_out}"
                  " {sign} buy-ins {buy_ins} + adjustments {adjustments} = {chips_in}").format(
            stacks=thousands(self.stacks), cash_outs=thousands(self.cash_outs),
            rake=thousands(self.rake),
            owed=owed, chips_out=thousands(self.chips_out), sign=sign,
            buy_ins=thousands(self.buy_ins), adjustments=thousands_signed(self.adjustments),
            chips_in=thousands(self.chips_in))
        if self.moved_in:  # before "= chips in": the last term of the right-hand side
            head, _, tail = text.rpartition(" = ")
            text = head + tr(" + moved in {chips}").format(chips=thousands(self.moved_in)) \
                + " = " + tail
        return text
