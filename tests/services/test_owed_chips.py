"""Issue 8.2: a void after a player cashed out keeps the chips owed in the session, every
message says what happened, and closing a session that does not reconcile needs a reason."""

from __future__ import annotations

import pytest
from storage.helpers import play

from dealer_app.services import HandStatus, Services, SessionInfo, StaffMember, reports
from dealer_app.services.tables import UnbalancedSessionError


def test_a_void_after_a_cash_out_keeps_the_chips_owed_and_the_session_balances(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    final = play(svc.hands, state.hand_id, dealer)
    deltas = {spec.seat: final.hand.stacks[spec.seat] - spec.stack for spec in final.seats}
    winner = max(deltas, key=lambda seat: deltas[seat])
    won = deltas[winner]
    assert won > 0
    name = next(spec.player for spec in final.seats if spec.seat == winner)
    cash = svc.tables.leave(session.id, winner, dealer)
    assert svc.hands.left_players(state.hand_id) == [name]

    voided = svc.hands.void_hand(state.hand_id, boss, "wrong deck")
    assert voided.status is HandStatus.VOID
    assert svc.hands.owed(state.hand_id) == [(name, -won)]  # the winner took home `won`
    # the others got their chips back in their stacks
    stacks = {s.seat: s.stack for s in svc.tables.seats(session.id)}
    assert stacks == {spec.seat: spec.stack for spec in final.seats if spec.seat != winner}

    report = reports.session_report(svc.db, session.id)
    rec = report.reconciliation
    assert rec.balanced, rec.problems
    assert rec.owed == -won and rec.owed_lines == (f"{name} (seat {winner}) owes {won:,}",)
    assert f"owed {-won:+,}" in rec.equation()
    line = next(x for x in report.seats if x.seat == winner)
    assert (line.owed, line.net, line.won) == (-won, 0, 0)
    assert line.cash_outs == cash
    assert f"owes {won:,}" in report.to_text()
    audit = svc.review.audit(act="void-hand")[0]
    assert audit.detail["owed"] == [{"player": name, "amount": -won}]


def test_closing_a_session_with_chips_owed_or_out_of_balance_needs_a_reason(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    final = play(svc.hands, state.hand_id, dealer)
    loser = min(final.seats, key=lambda spec: final.hand.stacks[spec.seat] - spec.stack)
    svc.tables.leave(session.id, loser.seat, dealer)
    svc.hands.void_hand(state.hand_id, boss, "wrong deck")
    warning = svc.tables.balance_warning(session.id)
    assert warning is not None and f"{loser.player} (seat {loser.seat}) is owed" in warning
    with pytest.raises(UnbalancedSessionError, match="is owed.*needs a reason"):
        svc.tables.close_session(session.id, boss, "end of shift")
    assert svc.tables.session(session.id).is_open  # nothing changed
    closed = svc.tables.close_session(session.id, boss, "end of shift",
                                      imbalance_reason="paid at the cage, slip 42")
    assert not closed.is_open
    audit = svc.review.audit(act="close-session")[0]
    assert audit.detail["imbalance_reason"] == "paid at the cage, slip 42"
    assert "is owed" in audit.detail["unbalanced"]


def test_a_balanced_session_closes_without_a_second_reason(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer)
    assert svc.tables.balance_warning(session.id) is None
    assert not svc.tables.close_session(session.id, boss, "end of shift").is_open


def test_an_unbalanced_session_is_named_with_its_difference(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    from sqlalchemy import update

    from dealer_app.storage.models import Seating

    with svc.db.transaction() as s:  # a stack edited outside the app
        s.execute(update(Seating).where(Seating.session_id == session.id, Seating.seat == 1)
                  .values(stack=505))
    with pytest.raises(UnbalancedSessionError, match="does not balance.*≠"):
        svc.tables.close_session(session.id, boss, "end of shift")
    svc.tables.close_session(session.id, boss, "end of shift", imbalance_reason="counted")
