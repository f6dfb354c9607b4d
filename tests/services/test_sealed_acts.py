"""Issue 19.5, "seal before you say done": every money act, void, correction, staff change and
session close commits with a signed checkpoint over its own ledger entries, in its own
transaction, so nothing the window or a command reported done is ever unsealed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import func, select
from storage.helpers import next_event, play

from dealer_app.engine import DECK, Event, Settings
from dealer_app.services import Role, Services, SessionInfo, StaffMember
from dealer_app.services import staff as staff_module
from dealer_app.storage.models import Checkpoint, LedgerEntry
from services.conftest import DEALER_PIN


def _unsealed(svc: Services) -> tuple[int, str]:
    """(ledger entries after the newest checkpoint, that checkpoint's reason)."""
    with svc.db.read() as s:
        head = s.scalar(select(func.max(LedgerEntry.seq))) or 0
        newest = s.execute(select(Checkpoint.seq, Checkpoint.reason)
                           .order_by(Checkpoint.seq.desc(), Checkpoint.id.desc())
                           .limit(1)).one()
    return head - int(newest.seq), str(newest.reason)


def _owed_after_void(svc: Services, session: SessionInfo, dealer: StaffMember,
                     boss: StaffMember) -> int:
    """A hand won by a player who then left, voided: that seat now owes chips."""
    state = svc.hands.start_hand(session.id, dealer)
    final = play(svc.hands, state.hand_id, dealer)
    deltas = {spec.seat: final.hand.stacks[spec.seat] - spec.stack for spec in final.seats}
    seat = max(deltas, key=lambda x: deltas[x])
    svc.tables.leave(session.id, seat, dealer)
    svc.hands.void_hand(state.hand_id, boss, "wrong deck")
    return seat


def _hand_to_correct(svc: Services, session: SessionInfo, dealer: StaffMember) -> int:
    state = svc.hands.start_hand(session.id, dealer)
    return play(svc.hands, state.hand_id, dealer).hand_id


Act = Callable[[Services, SessionInfo, StaffMember, StaffMember], object]


def _settle(svc: Services, session: SessionInfo, dealer: StaffMember,
            boss: StaffMember) -> object:
    seat = _owed_after_void(svc, session, dealer, boss)
    owed = svc.tables.owed(session.id)[0][2]
    return lambda: svc.tables.settle_owed(session.id, seat, abs(owed), boss, "paid at cage")


def _undo_complete(svc: Services, session: SessionInfo, dealer: StaffMember,
                   boss: StaffMember) -> object:
    hand_id = _hand_to_correct(svc, session, dealer)
    return lambda: svc.hands.undo_last(hand_id, boss, "the muck was a show")


def _correct(svc: Services, session: SessionInfo, dealer: StaffMember,
             boss: StaffMember) -> object:
    """A hole card recorded wrong (rule 9.5), corrected to one not in the hand."""
    state = svc.hands.start_hand(session.id, dealer)
    state = play(svc.hands, state.hand_id, dealer, inputs=5)
    entry = next(e for e in state.log if e.event is not None and e.event.card)
    used = {str(c) for c in state.hand.used}
    free = next(str(c) for c in DECK if str(c) not in used)
    assert entry.event is not None
    fixed = Event(entry.event.seat, entry.event.action, card=free)
    return lambda: svc.hands.correct_input(state.hand_id, entry.seq, fixed, boss,
                                           "card misread")


def _void(svc: Services, session: SessionInfo, dealer: StaffMember,
          boss: StaffMember) -> object:
    state = svc.hands.start_hand(session.id, dealer)
    event = next_event(state.hand)
    assert event is not None
    svc.hands.record_input(state.hand_id, event, dealer)  # an input: chained, not sealed
    return lambda: svc.hands.void_hand(state.hand_id, boss, "misdeal")


def _lock(svc: Services, session: SessionInfo, dealer: StaffMember,
          boss: StaffMember) -> object:
    from sqlalchemy import text

    with svc.db.transaction() as s:  # 99 wrong PINs in a row already (an operational count)
        s.execute(text("UPDATE staff SET failed_pins = :n WHERE name = 'Dana'"),
                  {"n": staff_module.LOCK_AFTER - 1})

    def hundredth() -> None:
        with pytest.raises(staff_module.SignInError):
            svc.staff.authenticate("Dana", "0000")
    return hundredth


def _unlock(svc: Services, session: SessionInfo, dealer: StaffMember,
            boss: StaffMember) -> object:
    _lock(svc, session, dealer, boss)()  # type: ignore[operator]
    return lambda: svc.staff.unlock("Dana", boss, "she is here")


ACTS: dict[str, tuple[Callable[..., object], str]] = {
    "settle owed": (_settle, "owed chips settled"),
    "adjust": (lambda svc, session, dealer, boss: lambda: svc.tables.adjust_stack(
        session.id, 1, 50, boss, "chips found"), "seat 1 adjustment"),
    "rebuy": (lambda svc, session, dealer, boss: lambda: svc.tables.rebuy(
        session.id, 1, 100, dealer), "seat 1 rebuy"),
    "buy-in": (lambda svc, session, dealer, boss: lambda: svc.tables.seat_player(
        session.id, 2, "Di", 200, dealer), "seat 2 buy-in"),
    "cash-out": (lambda svc, session, dealer, boss: lambda: svc.tables.leave(
        session.id, 3, dealer), "seat 3 cash-out"),
    "void": (_void, "void"),
    "correction": (_correct, "corrected"),
    "undo of a complete hand": (_undo_complete, "undone"),
    "close session": (lambda svc, session, dealer, boss: lambda: svc.tables.close_session(
        session.id, boss, "end of shift"), "closed"),
    "settings": (lambda svc, session, dealer, boss: lambda: svc.tables.change_settings(
        session.table_id, Settings(ante=10, chip_unit=5), boss, "higher ante"),
        "settings changed"),
    "add staff": (lambda svc, session, dealer, boss: lambda: svc.staff.add_staff(
        "Eli", Role.DEALER, "2468", by=boss), "added"),
    "reset pin": (lambda svc, session, dealer, boss: lambda: svc.staff.reset_pin(
        "Dana", "86420", boss, "forgotten"), "reset-pin"),
    "change pin": (lambda svc, session, dealer, boss: lambda: svc.staff.change_pin(
        "Dana", DEALER_PIN, "86420"), "change-pin"),
    "lock": (_lock, "locked"),
    "unlock": (_unlock, "unlocked"),
}


@pytest.mark.parametrize("act", list(ACTS))
def test_the_act_is_sealed_before_it_is_reported_done(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        act: str, caplog: pytest.LogCaptureFixture) -> None:
    prepare, reason = ACTS[act]
    run = prepare(svc, session, dealer, boss)
    assert callable(run)
    run()
    left, sealed_by = _unsealed(svc)
    assert left == 0, f"{act}: {left} ledger entries after the newest checkpoint"
    assert reason in sealed_by
    # its own transaction seals it: no report sealing from inside it (on SQLite that waited
    # 5 s for the act's own lock, and gave up)
    assert not [r for r in caplog.records if "cannot seal" in r.getMessage()]
