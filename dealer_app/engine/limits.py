"""The largest chip amount the app takes, anywhere.

``MAX_AMOUNT`` bounds every amount that enters: a buy-in, a rebuy, an adjustment, a stack,
an ante and the bets it sets, a rake cap, a bet or raise, the stacks of an imported record,
and also the chips at one table taken together (the seated stacks of a session, the stacks
dealt into a hand). Chips only move inside a hand, so every pot, every stack a hand leaves
and every result stays within it too.

Why 10**15 - 1 (999,999,999,999,999 minor units, ten trillion in a currency of cents):

- a column of PostgreSQL's BIGINT and SQLite's INTEGER holds up to 2**63 - 1 (about
  9.2 * 10**18), so a stored amount never overflows either database, and a sum of amounts
  in a report (SQL ``SUM``) has a margin of more than 9,000 table totals;
- it is below 2**53, so every amount stays exact in readers of the exported JSON and CSV
  that hold numbers as doubles (JavaScript, spreadsheets show 15 digits);
- no live table comes near it, so it refuses only typing slips and hostile files.
"""

from __future__ import annotations

MAX_AMOUNT = 10**15 - 1
MAX_AMOUNT_DIGITS = len(str(MAX_AMOUNT))
"""Digits of the largest amount (a reader refuses longer numbers before parsing them)."""


class AmountError(ValueError):
    """An amount past :data:`MAX_AMOUNT` (or not a whole number)."""


def too_large(what: str, value: int) -> str:
    """The plain message for ``value`` past the maximum."""
    return (f"{what} {value:,} is more than the largest amount the app takes "
            f"({MAX_AMOUNT:,})")


def check_amount(value: int, what: str) -> int:
    """Returns ``value`` if it is a whole number not past :data:`MAX_AMOUNT` (in size:
    a negative adjustment is bounded the same way); raises :class:`AmountError`."""
    if type(value) is not int:
        raise AmountError(f"{what} must be a whole number, not {value!r}")
    if abs(value) > MAX_AMOUNT:
        raise AmountError(too_large(what, value))
    return value


def check_total(total: int, what: str = "the chips at the table") -> int:
    """Refuses a total of chips in play (one table, one hand) past :data:`MAX_AMOUNT`."""
    if total > MAX_AMOUNT:
        raise AmountError(f"{what} would total {total:,}, more than the largest amount "
                          f"the app takes ({MAX_AMOUNT:,})")
    return total
