"""Which tables join the evidence ledger: one ``@chained(...)`` line above a model.

``@chained("col", ...)`` marks a model whose every row version is appended to the ledger
(``storage/ledger.py``); the columns named are *operational*: they change legitimately
without being evidence (a lockout counter, a heartbeat, a cached chain head) and stay out
of the row's digest on purpose. A chained table has an integer primary key of one or two
columns. Tables outside the ledger on purpose are listed in :data:`OUTSIDE`; a test checks
every table is in one place or the other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

CHAINED: dict[str, tuple[str, ...]] = {}
"""Table name -> its operational columns (outside the row digest)."""

OUTSIDE: dict[str, str] = {
    "ledger": "the ledger itself (each entry chains the one before it)",
    "checkpoint": "signed checkpoints of the ledger (each one carries its own signature)",
    "alembic_version": "the schema revision",
    "table_lease": "which workstation records into a table now (a heartbeat; a take-over is "
                   "an audit row)",
    "floor_watch": "which floor views are open now (a heartbeat; the calls they answer are "
                   "chained)",
}
"""Tables outside the ledger on purpose, and why."""


IMMUTABLE: set[str] = set()
"""Chained tables whose rows the app writes once and never updates or deletes (events,
stack moves, audit rows, admitted keys): a second ledger entry of such a row is a finding
of ``log verify`` whatever it says."""


def chained(*operational: str, immutable: bool = False) -> Callable[[T], T]:
    """Class decorator: the model's rows join the ledger, except the ``operational``
    columns; ``immutable``: each row has exactly one version."""

    def mark(cls: T) -> T:
        name: str = getattr(cls, "__tablename__")  # noqa: B009 (T is any class)
        CHAINED[name] = tuple(operational)
        if immutable:
            IMMUTABLE.add(name)
        return cls

    return mark
