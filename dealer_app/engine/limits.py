"""The largest chip amount the app accepts anywhere (stacks, bets, pots, settings, imports).

``MAX_AMOUNT`` is 10**15 - 1 minor units (999,999,999,999,999): ten seats' worth of it still
fits a 64-bit integer column on SQLite and PostgreSQL, and every amount stays exact as a
JSON number in any language (below 2**53). One place; callers refuse what passes it.
"""

from __future__ import annotations

MAX_AMOUNT = 10**15 - 1
MAX_AMOUNT_DIGITS = len(str(MAX_AMOUNT))
