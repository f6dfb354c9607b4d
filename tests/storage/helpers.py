"""Test helpers: a settable clock, and a driver that plays legal inputs into a hand."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import event

from dealer_app.engine import DECK, Action, Event
from dealer_app.engine.hand import Hand
from dealer_app.services import HandService, HandState, StaffMember


class FakeClock:
    """A settable UTC clock for the services."""

    def __init__(self) -> None:
        self.moment = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.moment += timedelta(microseconds=1)
        return self.moment

    def advance(self, **kwargs: float) -> None:
        self.moment += timedelta(**kwargs)


PREFERRED = (Action.ANTE, Action.BRING_IN, Action.CHECK, Action.CALL, Action.SHOW,
             Action.FOLD, Action.MUCK)


def next_event(hand: Hand, rng: random.Random | None = None) -> Event | None:
    """A legal next input (None once complete). With ``rng``, betting choices vary."""
    expected = hand.next_input()
    if expected is None:
        return None
    used = {str(c) for c in hand.used}
    free = [str(c) for c in DECK if str(c) not in used]
    actions = list(expected.actions)
    if Action.DEAL_UP in actions:
        return Event(expected.seat, Action.DEAL_UP, card=(rng or random).choice(free)
                     if rng else free[0])
    if rng is not None:
        choices = [a for a in actions if a not in (Action.BET, Action.RAISE, Action.FOLD)]
        if Action.FOLD in actions and rng.random() < 0.15:
            choices = [Action.FOLD]
        action = rng.choice(choices) if choices else actions[0]
    else:
        action = next(a for a in PREFERRED if a in actions)
    if action is Action.SHOW:
        hole = hand.seats[expected.seat].hole
        return Event(expected.seat, action, card=None if hole else free[0])
    if action in (Action.BET, Action.RAISE):
        wager = hand.wager_range()
        assert wager is not None
        return Event(expected.seat, action, to=wager.min_to)
    return Event(expected.seat, action)


def play(hands: HandService, hand_id: int, staff: StaffMember, inputs: int | None = None,
         rng: random.Random | None = None) -> HandState:
    """Records legal inputs through the service: ``inputs`` of them, or to the end."""
    state = hands.hand_state(hand_id)
    done = 0
    while inputs is None or done < inputs:
        event = next_event(state.hand, rng)
        if event is None:
            break
        state = hands.record_input(hand_id, event, staff)
        done += 1
    return state


SESSION_ANCHORS: list[Path] = []
"""The anchor folder of the session-scoped template databases (set by tests/conftest.py
before any template is built, and before any test's own anchor folder)."""


def copy_session_anchors() -> None:
    """Into this test's anchor folder, the anchor files of the templates built once per
    run: a test's copy of a template is then anchored as the template was (and, at its
    first write, forks a ledger of its own: it is a copy)."""
    import os
    import shutil

    target = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    for source in SESSION_ANCHORS:
        for path in source.glob("*.anchor"):
            shutil.copy(path, target / path.name)



class LockWatch:
    """While entered: the SQL each commit of ``engine`` sends while it holds the ledger's
    lock on PostgreSQL (``under``, one list a commit: after the statement that takes it, to
    the commit) and what is sent outside it (``outside``)."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.held: list[str] | None = None
        self.under: list[list[str]] = []
        self.outside: list[str] = []

    def _statement(self, _conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        if "pg_advisory_xact_lock" in sql:
            self.held = []
        elif self.held is not None:
            self.held.append(sql)
        else:
            self.outside.append(sql)

    def _committed(self, _conn: Any) -> None:
        if self.held is not None:
            self.under.append(self.held)
        self.held = None

    def __enter__(self) -> LockWatch:
        event.listen(self.engine, "before_cursor_execute", self._statement)
        event.listen(self.engine, "commit", self._committed)
        return self

    def __exit__(self, *_exc: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self._statement)
        event.remove(self.engine, "commit", self._committed)
