"""The true pot of void and in-progress hands stored before the pot followed each input.

Those rows kept ``pot = 0``: the hand list and the reports showed 0 for a hand voided with
chips in the middle. Each is replayed from its chained inputs (undos and corrections
applied) and given the pot its log gives. The pot is outside the ledger (it moves with every
input), so no chain changes; a hand whose log does not replay keeps its 0 and ``log verify``
names it.

Revision ID: 0010
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import sqlalchemy as sa
from alembic import op

from dealer_app.engine import RuleError
from dealer_app.engine.hand import Hand

revision: str = "0010"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

_EVENTS = sa.text("SELECT seq, kind, seat, action, card, to_amount, target_seq "
                  "FROM hand_event WHERE hand_id = :hand ORDER BY seq")


def _pot(settings_json: str, seats_json: str, rows: list[Any]) -> int | None:
    """The pot the hand's log gives, as the hand service stores it with every input."""
    from dealer_app.services.common import settings_of
    from dealer_app.services.hands import current_inputs, event_of, pot_of, seats_of

    try:
        hand = Hand.replay(settings_of(settings_json), seats_of(seats_json),
                           [event_of(r) for r in current_inputs(rows)])
    except (RuleError, ValueError, KeyError, TypeError, AssertionError):
        return None
    return pot_of(hand)


def upgrade() -> None:
    conn = op.get_bind()
    hands = conn.execute(sa.text(
        "SELECT id, settings_json, seats_json FROM hand "
        "WHERE status IN ('void', 'in-progress') AND pot = 0")).all()
    fixes = []
    for hand_id, settings_json, seats_json in hands:
        rows = [SimpleNamespace(**r._mapping)
                for r in conn.execute(_EVENTS, {"hand": hand_id})]
        pot = _pot(settings_json, seats_json, rows)
        if pot:
            fixes.append({"pot": pot, "id": hand_id})
    if fixes:
        conn.execute(sa.text("UPDATE hand SET pot = :pot WHERE id = :id"), fixes)


def downgrade() -> None:
    """Nothing to undo: the older code reads a true pot as well as a 0."""
