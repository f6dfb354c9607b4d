"""``dealer-app demo``: a realistic floor played through the services, so every record is
genuine: a table of each betting structure, sessions with a dealer change, seating,
buy-ins, rebuys and cash-outs, hands with undos, a void, a correction, a stack adjustment,
a settings change and a locked-out PIN. Every session is closed at the end (sealed by a
signed checkpoint)."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field

from dealer_app.engine import DECK, Action, Event, Settings
from dealer_app.engine.hand import Hand
from dealer_app.engine.settings import Structure
from dealer_app.services import Services
from dealer_app.services.core.calls import CallService
from dealer_app.services.core.errors import ServiceError, SignInError
from dealer_app.services.core.types import HandState, Role, SessionInfo, StaffMember
from dealer_app.services.floor import game_of
from dealer_app.services.rotation import RotationService
from dealer_app.services.waiting import WaitingListService
from dealer_app.storage.errors import StorageError

PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo")
PINS = {"Sam": "246800", "Dana": "1357", "Eli": "2580", "Flo": "9753"}


@dataclass
class DemoReport:
    tables: int = 0
    sessions: int = 0
    hands: int = 0
    notes: list[str] = field(default_factory=list)


def legal_event(hand: Hand, rng: random.Random) -> Event | None:
    """A legal next input chosen at random (None once the hand is complete)."""
    expected = hand.next_input()
    if expected is None:
        return None
    free = [str(c) for c in DECK if c not in hand.used]
    seat, actions = expected.seat, list(expected.actions)
    if Action.DEAL_UP in actions:
        st = hand.seats[seat]
        if Action.DEAL_DOWN in actions and st.hole is None and rng.random() < 0.5:
            return Event(seat, Action.DEAL_DOWN, card=rng.choice(free))
        return Event(seat, Action.DEAL_UP, card=rng.choice(free))
    if Action.SHOW in actions:
        hole = hand.seats[seat].hole
        return Event(seat, Action.SHOW, card=None if hole else rng.choice(free))
    weights = {Action.ANTE: 1, Action.BRING_IN: 4, Action.CHECK: 5, Action.CALL: 6,
               Action.BET: 2, Action.RAISE: 1, Action.FOLD: 1, Action.MUCK: 1}
    action = rng.choices(actions, [weights.get(a, 1) for a in actions])[0]
    if action in (Action.BET, Action.RAISE):
        wager = hand.wager_range()
        if wager is None:
            return Event(seat, Action.CALL if Action.CALL in actions else Action.CHECK)
        to = wager.min_to if wager.min_to <= wager.max_to else wager.all_in_to
        return Event(seat, action, to=to)
    return Event(seat, action)


def build_demo(svc: Services, hands: int = 30, seed: int = 7,
               progress: Callable[[int, int], None] | None = None) -> DemoReport:
    """Fills an empty database (raises StorageError if it holds staff already)."""
    if not svc.staff.needs_first_supervisor():
        raise StorageError("the database is not empty: give demo a new database")
    rng = random.Random(seed)
    report = DemoReport()
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, PINS["Sam"])
    dana = svc.staff.add_staff("Dana", Role.DEALER, PINS["Dana"], by=boss)
    eli = svc.staff.add_staff("Eli", Role.DEALER, PINS["Eli"], by=boss)
    rotation = RotationService(svc.db)
    for member in (dana, eli):
        rotation.clock_in(member, boss)
    svc.staff.add_staff("Flo", Role.DEALER, PINS["Flo"], by=boss)
    for _ in range(5):  # Flo forgot her PIN: her next try waits
        with suppress(SignInError):
            svc.staff.authenticate("Flo", "0000")
    report.notes.append("Flo's account waits before each next try after 5 wrong PINs")
    structures = list(Structure)
    tables = [svc.tables.create_table(
        f"{s.label} {i + 1}", Settings(ante=5, chip_unit=5, structure=s, rake_percent=5,
                                       rake_cap=50), boss) for i, s in enumerate(structures)]
    report.tables = len(tables)
    first = tables[0]
    svc.tables.change_settings(first.id, Settings(ante=5, chip_unit=5, structure=first.settings
                                                  .structure, raise_cap=4, rake_percent=5,
                                                  rake_cap=50), boss, "house rule: cap of 4")
    names = iter(PLAYERS)
    sessions = []
    for table in tables:
        session = svc.tables.open_session(table.id, dana)
        for number in (1, 3, 4, 6):
            svc.tables.seat_player(session.id, number, next(names, f"P{number}{table.id}"),
                                   rng.choice((300, 500, 800)), dana)
        sessions.append(session)
    report.sessions = len(sessions)
    played = 0
    specials = {"undo": 1, "void": 2, "correct": 3, "adjust": 4, "rebuy": 5, "leave": 6,
                "dealer": max(7, hands // 2)}
    while played < hands:
        for session in sessions:
            if played >= hands:
                break
            dealer = eli if played >= specials["dealer"] else dana
            if played == specials["dealer"]:
                svc.tables.change_dealer(session.id, eli, boss)
                report.notes.append(f"dealer change at session {session.id}")
            if played == specials["adjust"]:
                seat = svc.tables.seats(session.id)[0]
                svc.tables.adjust_stack(session.id, seat.seat, 25, boss,
                                        "chip found under the rail")
            if played == specials["rebuy"]:
                seat = svc.tables.seats(session.id)[-1]
                svc.tables.rebuy(session.id, seat.seat, 200, dealer)
            if played == specials["leave"]:
                seat = svc.tables.seats(session.id)[1]
                svc.tables.leave(session.id, seat.seat, dealer)
                svc.tables.seat_player(session.id, seat.seat, "Kim", 400, dealer)
            for seat in svc.tables.seats(session.id):  # a broke player rebuys
                if seat.stack < 60:
                    svc.tables.rebuy(session.id, seat.seat, 300, dealer)
            state = svc.hands.start_hand(session.id, dealer)
            state = _play(svc, state, dealer, rng, undo=played == specials["undo"],
                          stop_at=8 if played == specials["void"] else None)
            if played == specials["void"]:
                call = CallService(svc.db).raise_call(
                    session.table_id, "dispute", "card exposed on the deal", dealer,
                    hand_id=state.hand_id)
                CallService(svc.db).acknowledge(call.id, boss)
                svc.hands.void_hand(state.hand_id, boss, "misdeal: card exposed")
                CallService(svc.db).resolve(call.id, boss, "hand voided, antes returned")
            elif played == specials["correct"]:
                _correct(svc, state, boss, rng)
            played += 1
            if progress is not None:
                progress(played, hands)
    report.hands = played
    _waiting_list(svc, sessions[0], boss)
    for session in sessions:
        svc.tables.close_session(session.id, boss, "end of shift")
    rotation.start_break(dana, 15, boss)
    rotation.back(dana, boss)
    for member in (dana, eli):
        rotation.clock_out(member, boss)
    return report


def _waiting_list(svc: Services, session: SessionInfo, boss: StaffMember) -> None:
    """Two players wait for the first table's game: Lil was called and did not come, Lou
    still waits."""
    lists = WaitingListService(svc.db)
    game = game_of(svc.tables.session(session.id).settings)
    lil = lists.add(game, "Lil", boss)
    lists.add(game, "Lou", boss)
    lists.call(lil.id, session.table_id, boss)
    lists.no_show(lil.id, boss)


def _play(svc: Services, state: HandState, dealer: StaffMember, rng: random.Random,
          undo: bool, stop_at: int | None) -> HandState:
    count = 0
    while (event := legal_event(state.hand, rng)) is not None:
        if stop_at is not None and count >= stop_at:
            break
        state = svc.hands.record_input(state.hand_id, event, dealer)
        count += 1
        if undo and count == 5:
            state = svc.hands.undo_last(state.hand_id, dealer)
            undo = False
    return state


def _correct(svc: Services, state: HandState, boss: StaffMember, rng: random.Random) -> None:
    """A shown hole card did not match: replaces a dealt card with one that replays."""
    hand = state.hand
    free = [str(c) for c in DECK if c not in hand.used]
    for entry in reversed(state.log):
        if entry.event is None or entry.undone or entry.event.action is not Action.DEAL_UP:
            continue
        for card in rng.sample(free, len(free)):
            try:
                svc.hands.correct_input(state.hand_id, entry.seq,
                                        Event(entry.event.seat, Action.DEAL_UP, card=card),
                                        boss, "card misread (rule 9.5)")
                return
            except (StorageError, ServiceError):
                continue
