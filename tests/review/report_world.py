"""A session with everything a compliance report must show: two dealers' stints, hands with
rake, a corrected hand, a voided hand, a stack adjustment and the closing; the table's
currency SEK. Built through the services with a fake clock (a hand every two minutes)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from storage.helpers import FakeClock

from dealer_app.engine import Action, Event, Settings
from dealer_app.engine.hand import Phase
from dealer_app.services import HandState, Role, Services, StaffMember

from .datagen import random_event

CORRECTION_WHY = "hole card misread by the dealer"
VOID_WHY = "misdeal: a card was exposed"
ADJUST_WHY = "miscounted rebuy"
CLOSE_WHY = "end of shift"


@dataclass
class ReportWorld:
    svc: Services
    session_id: int
    boss: StaffMember
    dealers: tuple[StaffMember, StaffMember]
    corrected: HandState
    voided: HandState


def _finish(svc: Services, state: HandState, dealer: StaffMember,
            rng: random.Random) -> HandState:
    while (event := random_event(state.hand, rng)) is not None:
        state = svc.hands.record_input(state.hand_id, event, dealer)
    return state


def build(svc: Services, clock: FakeClock, hands: int = 8) -> ReportWorld:
    """``clock``: the services' FakeClock (advanced between hands)."""
    advance = clock.advance
    rng = random.Random(11)
    boss = svc.staff.add_staff("Sam Åberg", Role.SUPERVISOR, "246800")
    dana = svc.staff.add_staff("Dana McKay", Role.DEALER, "1357", by=boss)
    eli = svc.staff.add_staff("Eli van Dijk", Role.DEALER, "9753", by=boss)
    table = svc.tables.create_table("Table 4", Settings(ante=5, chip_unit=5, rake_percent=5,
                                                        rake_cap=50), boss, currency="sek")
    session = svc.tables.open_session(table.id, dana)
    for seat, name, chips in ((1, "ann meyer", 5000), (3, "Bo", 3200), (6, "=HYPERLINK(1)", 10000)):
        svc.tables.seat_player(session.id, seat, name, chips, dana)
    dealer = dana
    corrected = voided = None
    for i in range(hands):
        advance(minutes=2)
        if i == hands // 2:
            svc.tables.change_dealer(session.id, eli, eli)
            dealer = eli
        state = svc.hands.start_hand(session.id, dealer)
        if i == 1:  # a hole card recorded wrongly, corrected by the supervisor
            while state.hand.phase is Phase.ANTES:
                ev = random_event(state.hand, rng)
                assert ev is not None
                state = svc.hands.record_input(state.hand_id, ev, dealer)
            first = state.hand.order[0]
            state = svc.hands.record_input(state.hand_id,
                                           Event(first, Action.DEAL_DOWN, card="Jd"), dealer)
            seq = state.log[-1].seq
            advance(seconds=30)
            state = svc.hands.correct_input(state.hand_id, seq,
                                            Event(first, Action.DEAL_DOWN, card="Js"), boss,
                                            CORRECTION_WHY)
            corrected = _finish(svc, state, dealer, rng)
        elif i == 3:  # voided half-way
            for _ in range(6):
                ev = random_event(state.hand, rng)
                assert ev is not None
                state = svc.hands.record_input(state.hand_id, ev, dealer)
            voided = svc.hands.void_hand(state.hand_id, boss, VOID_WHY)
        else:
            _finish(svc, state, dealer, rng)
        if i == 5:
            svc.tables.adjust_stack(session.id, 3, 40, boss, ADJUST_WHY)
    advance(minutes=2)
    svc.tables.close_session(session.id, boss, CLOSE_WHY)
    assert corrected is not None and voided is not None
    return ReportWorld(svc, session.id, boss, (dana, eli), corrected, voided)
