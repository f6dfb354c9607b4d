"""Test data for the review window: hands played through the services, and bulk hands
inserted straight through the storage models (thousands in a second)."""

from __future__ import annotations

import json
import random
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import insert, select, update

from dealer_app.engine import DECK, Action, Event, Settings
from dealer_app.engine.hand import Hand
from dealer_app.services import HandState, Role, Services, SessionInfo, StaffMember, TableInfo
from dealer_app.storage import chain, ledger
from dealer_app.storage.database import Database
from dealer_app.storage.models import (
    GameTable,
    HandPlayer,
    HandRow,
    Seating,
    StackMove,
    Staff,
    TableSession,
)

BOSS, BOSS_PIN = "Sam", "246810"
DEALER, DEALER_PIN = "Dana", "1357"
PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay")


def random_event(hand: Hand, rng: random.Random) -> Event | None:
    """A legal next input chosen at random (bets and raises included), None once complete."""
    expected = hand.next_input()
    if expected is None:
        return None
    used = {str(c) for c in hand.used}
    free = [str(c) for c in DECK if str(c) not in used]
    seat = expected.seat
    actions = list(expected.actions)
    if Action.DEAL_UP in actions:
        st = hand.seats[seat]
        if hand.street == 1 and st.hole is None and not st.up and rng.random() < 0.5:
            return Event(seat, Action.DEAL_DOWN, card=rng.choice(free))
        return Event(seat, Action.DEAL_UP, card=rng.choice(free))
    weights = {Action.ANTE: 1, Action.BRING_IN: 4, Action.CHECK: 4, Action.CALL: 5,
               Action.BET: 2, Action.RAISE: 1, Action.FOLD: 1, Action.SHOW: 4, Action.MUCK: 1}
    action = rng.choices(actions, [weights.get(a, 1) for a in actions])[0]
    if action is Action.SHOW:
        hole = hand.seats[seat].hole
        return Event(seat, action, card=None if hole else rng.choice(free))
    if action in (Action.BET, Action.RAISE):
        wager = hand.wager_range()
        assert wager is not None
        to = wager.min_to if wager.min_to <= wager.max_to else wager.all_in_to
        return Event(seat, action, to=to)
    return Event(seat, action)


def random_events(settings: Settings, seats: list, rng: random.Random,  # type: ignore[type-arg]
                  limit: int = 200) -> list[Event]:
    hand = Hand(settings, seats)
    out: list[Event] = []
    while len(out) < limit:
        event = random_event(hand, rng)
        if event is None:
            break
        hand.apply(event)
        out.append(event)
    return out


@dataclass
class World:
    svc: Services
    boss: StaffMember
    dealer: StaffMember
    table: TableInfo
    session: SessionInfo


def make_world(svc: Services, settings: Settings | None = None,
               players: dict[int, tuple[str, int]] | None = None) -> World:
    boss = svc.staff.add_staff(BOSS, Role.SUPERVISOR, BOSS_PIN)
    dealer = svc.staff.add_staff(DEALER, Role.DEALER, DEALER_PIN, by=boss)
    table = svc.tables.create_table(
        "Table 3", settings or Settings(ante=5, chip_unit=5, rake_percent=5, rake_cap=50), boss)
    session = svc.tables.open_session(table.id, dealer)
    for seat, (name, chips) in (players or {1: ("Ann", 500), 3: ("Bo", 320),
                                            6: ("Cy", 1000)}).items():
        svc.tables.seat_player(session.id, seat, name, chips, dealer)
    return World(svc, boss, dealer, table, session)


def play_hand(world: World, rng: random.Random, inputs: int | None = None) -> HandState:
    """Starts a hand and records random legal inputs (all of them, or ``inputs``)."""
    svc = world.svc
    state = svc.hands.start_hand(world.session.id, world.dealer)
    count = 0
    while inputs is None or count < inputs:
        event = random_event(state.hand, rng)
        if event is None:
            break
        state = svc.hands.record_input(state.hand_id, event, world.dealer)
        count += 1
    return state


# ---------------------------------------------------------------------------- bulk
def bulk_hands(db: Database, count: int, *, tables: int = 4, sessions_per_table: int = 5,
               seed: int = 1, start: datetime | None = None) -> dict[str, int]:
    """Inserts ``count`` complete or void hands spread over tables and sessions, each with
    hand_player rows and the stack moves of its result (so session reports balance).
    Returns ids of one table, session and dealer for filtering."""
    rng = random.Random(seed)
    start = start or datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
    settings = Settings(ante=5, chip_unit=5, rake_percent=5, rake_cap=50)
    settings_json = json.dumps(settings.to_dict())
    ids: dict[str, int] = {}
    with db.transaction() as s:
        staff_ids = []
        for i, name in enumerate(("Dana", "Eli", "Flo")):
            staff_ids.append(s.execute(insert(Staff).values(
                name=f"{name}{seed}", role="dealer", pin_hash="x", failed_pins=0, active=True,
                created_at=start)).inserted_primary_key[0])
            if i == 0:
                ids["dealer"] = int(staff_ids[0])
        n_sessions = tables * sessions_per_table
        per_session = max(1, count // n_sessions)
        hand_id = int(s.scalar(select(HandRow.id).order_by(HandRow.id.desc()).limit(1)) or 0)
        moment = start
        made = 0
        for t in range(tables):
            table_id = s.execute(insert(GameTable).values(
                name=f"Table {seed}-{t + 1}", settings_json=settings_json,
                created_at=start)).inserted_primary_key[0]
            ids.setdefault("table", int(table_id))
            number = 0
            for k in range(sessions_per_table):
                dealer_id = staff_ids[(t + k) % len(staff_ids)]
                sess_id = s.execute(insert(TableSession).values(
                    table_id=table_id, dealer_id=dealer_id, opened_at=moment,
                    closed_at=moment + timedelta(hours=8))).inserted_primary_key[0]
                ids.setdefault("session", int(sess_id))
                seat_ids: dict[int, int] = {}
                stacks: dict[int, int] = {}
                for seat in range(1, 7):
                    seat_ids[seat] = int(s.execute(insert(Seating).values(
                        session_id=sess_id, seat=seat, player=PLAYERS[seat - 1], stack=0,
                        sitting_out=False, seated_at=moment)).inserted_primary_key[0])
                    stacks[seat] = 100_000
                moves: list[dict[str, object]] = [
                    {"seating_id": seat_ids[seat], "kind": "buy-in", "amount": 100_000,
                     "at": moment} for seat in seat_ids]
                hands: list[dict[str, object]] = []
                players: list[dict[str, object]] = []
                last = count - made if (t, k) == (tables - 1, sessions_per_table - 1) \
                    else per_session
                for _ in range(last):
                    hand_id += 1
                    number += 1
                    made += 1
                    moment += timedelta(seconds=90)
                    dealt = sorted(rng.sample(range(1, 7), rng.randint(2, 6)))
                    void = rng.random() < 0.03
                    pot = 5 * rng.randint(len(dealt), 60)
                    rake = min(50, pot * 5 // 100 // 5 * 5)
                    winner = rng.choice(dealt)
                    share = [5 * rng.randint(1, 6) for _ in dealt]
                    uid = str(uuid.UUID(int=rng.getrandbits(128)))
                    hands.append({"id": hand_id, "uid": uid, "table_id": table_id,
                                  "session_id": sess_id, "number": number,
                                  "dealer_id": dealer_id, "origin": "app",
                                  "settings_json": settings_json, "seats_json": "[]",
                                  "meta_json": "{}", "status": "void" if void else "complete",
                                  "pot": 0 if void else pot, "started_at": moment,
                                  "ended_at": moment + timedelta(seconds=80),
                                  "head_digest": chain.header_digest(uid, {}, [], moment)})
                    # losers pay their share, the winner takes the rest minus the rake
                    deltas = {seat: -share[i] for i, seat in enumerate(dealt)}
                    deltas[winner] = 0
                    deltas[winner] = -sum(deltas.values()) - rake
                    for seat in dealt:
                        before = stacks[seat]
                        after = None if void else before + deltas[seat]
                        players.append({"hand_id": hand_id, "seat": seat,
                                        "player": PLAYERS[seat - 1],
                                        "seating_id": seat_ids[seat], "stack_before": before,
                                        "stack_after": after})
                        if not void:
                            stacks[seat] = before + deltas[seat]
                            moves.append({"seating_id": seat_ids[seat], "kind": "hand",
                                          "amount": deltas[seat], "hand_id": hand_id,
                                          "at": moment})
                s.execute(insert(HandRow), hands)
                s.execute(insert(HandPlayer), players)
                s.execute(insert(StackMove), moves)
                for seat, sid in seat_ids.items():
                    s.execute(update(Seating).where(Seating.id == sid)
                              .values(stack=stacks[seat]))
                moment += timedelta(hours=1)
        ledger.seal_bulk_load(s, "bulk test data")  # chained like any other row
    return ids
