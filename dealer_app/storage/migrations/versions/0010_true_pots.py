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

import json
from types import SimpleNamespace
from typing import Any

import sqlalchemy as sa
from alembic import op

from dealer_app.engine import Action, Event, RuleError, SeatSpec, Settings
from dealer_app.engine.hand import Hand

revision: str = "0010"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

_EVENTS = sa.text("SELECT seq, kind, seat, action, card, to_amount, target_seq "
                  "FROM hand_event WHERE hand_id = :hand ORDER BY seq")


def _current_inputs(rows: list[Any]) -> list[Any]:
    """The inputs in force: the undos and corrections applied in log order, each naming its
    target by the seq first stored in that place or of the row standing there (the rule of
    ``services.hands.resolve`` as of this revision, frozen here with the migration)."""
    slots: list[list[Any]] = []  # [origin seq, row in force]
    for r in rows:
        if r.kind == "input":
            slots.append([r.seq, r])
        elif r.kind in ("undo", "correct") and r.target_seq is not None:
            found = [i for i, (origin, row) in enumerate(slots)
                     if r.target_seq in (origin, row.seq)]
            if not found:
                continue
            if r.kind == "correct" and r.action is not None:
                slots[found[-1]][1] = r
            else:
                del slots[found[-1]]
    return [row for _, row in slots]


def _event(row: Any) -> Event:
    assert row.seat is not None and row.action is not None
    return Event(seat=row.seat, action=Action(row.action), card=row.card, to=row.to_amount)


def _pot(settings_json: str, seats_json: str, rows: list[Any]) -> int | None:
    """The pot the hand's log gives, as the hand service stored it with every input then:
    the chips in the middle (pots and bets) while it runs, what was awarded once complete.
    Only the engine is used: a migration carries its own copy of what it needs."""
    try:
        hand = Hand.replay(Settings.from_dict(json.loads(settings_json)),
                           tuple(SeatSpec.from_dict(d) for d in json.loads(seats_json)),
                           [_event(r) for r in _current_inputs(rows)])
    except (RuleError, ValueError, KeyError, TypeError, AssertionError):
        return None
    return sum(p.amount for p in hand.pots()) + (0 if hand.complete
                                                  else sum(hand.bets.values()))


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
