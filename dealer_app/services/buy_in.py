"""A table's buy-in limits: the smallest and (optionally) the largest buy-in.

- ``check_limits(minimum, maximum) -> (minimum, maximum)``: whole amounts from 0 (none) to
  the largest chip amount, the maximum (when set) not below the minimum; else
  ``StorageError`` naming them.
- ``check_buy_in(table, amount)``: a buy-in below the minimum or above the maximum raises
  :class:`BuyInLimitError` naming the limit.
- ``check_rebuy(table, seat, stack, amount)``: a rebuy must leave the stack at least the
  minimum (a short player tops up to it) and at most the maximum.
- ``limits_text(minimum, maximum)``: ``200 to 2,000`` / ``at least 200`` / ``none``.

Chips a player brings from another seat or table (a move) are not a buy-in: no limit
applies to them.
"""

from __future__ import annotations

from dealer_app.engine.limits import MAX_AMOUNT
from dealer_app.storage.errors import ConflictError, StorageError
from dealer_app.storage.models import GameTable
from dealer_app.text import thousands, tr


class BuyInLimitError(ConflictError):
    """A buy-in or rebuy outside the table's buy-in limits; nothing was changed."""


def check_limits(minimum: int, maximum: int) -> tuple[int, int]:
    """The limits as stored (0: none), or ``StorageError`` for values that make none."""
    for value in (minimum, maximum):
        if type(value) is not int or not 0 <= value <= MAX_AMOUNT:
            raise StorageError(tr("a buy-in limit is a whole amount from 0 (none) to {max}, "
                                  "not {amount}").format(max=thousands(MAX_AMOUNT),
                                                         amount=repr(value)))
    if maximum and maximum < minimum:
        raise StorageError(tr("the maximum buy-in {maximum} is below the minimum {minimum}")
                           .format(maximum=thousands(maximum), minimum=thousands(minimum)))
    return minimum, maximum


def limits_text(minimum: int, maximum: int) -> str:
    """The limits in words, for the table's settings and reports."""
    if minimum and maximum:
        return tr("{minimum} to {maximum}", "buy-in limits").format(
            minimum=thousands(minimum), maximum=thousands(maximum))
    if minimum:
        return tr("at least {minimum}", "buy-in limits").format(minimum=thousands(minimum))
    if maximum:
        return tr("at most {maximum}", "buy-in limits").format(maximum=thousands(maximum))
    return tr("none", "buy-in limits")


def check_buy_in(table: GameTable, amount: int) -> None:
    """Refuses a buy-in outside the table's limits."""
    minimum, maximum = table.min_buy_in or 0, table.max_buy_in or 0
    if minimum and amount < minimum:
        raise BuyInLimitError(tr("the minimum buy-in at {table} is {minimum}, not {amount}; "
                                 "nothing was changed").format(
            table=table.name, minimum=thousands(minimum), amount=thousands(amount)))
    if maximum and amount > maximum:
        raise BuyInLimitError(tr("the maximum buy-in at {table} is {maximum}, not {amount}; "
                                 "nothing was changed").format(
            table=table.name, maximum=thousands(maximum), amount=thousands(amount)))


def check_rebuy(table: GameTable, seat: int, stack: int, amount: int) -> None:
    """Refuses a rebuy that leaves the stack below the minimum or above the maximum."""
    minimum, maximum = table.min_buy_in or 0, table.max_buy_in or 0
    after = stack + amount
    if minimum and after < minimum:
        raise BuyInLimitError(tr("the minimum buy-in at {table} is {minimum}: a rebuy must "
                                 "bring seat {seat}'s stack to at least {minimum} (with "
                                 "{amount} it would be {after}); nothing was changed").format(
            table=table.name, minimum=thousands(minimum), seat=seat,
            amount=thousands(amount), after=thousands(after)))
    if maximum and after > maximum:
        raise BuyInLimitError(tr("the maximum buy-in at {table} is {maximum}: a rebuy may "
                                 "bring seat {seat}'s stack to at most {maximum} (with "
                                 "{amount} it would be {after}); nothing was changed").format(
            table=table.name, maximum=thousands(maximum), seat=seat,
            amount=thousands(amount), after=thousands(after)))
