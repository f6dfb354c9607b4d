"""Supervisor corrections (rules 9.5, 11.3): a stored input replaced or struck by a new,
chained row; completed hands re-awarded; refused corrections store nothing; the per-hand
cache of record_input stays right with two programs writing one hand."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text
from storage.helpers import FakeClock, next_event, play

from dealer_app.engine import DECK, Action, Code, Event, RuleError, Settings
from dealer_app.engine.hand import Hand, ReplayError
from dealer_app.services import (
    ConflictError,
    CorrectionRefused,
    Database,
    HandQuery,
    HandService,
    HandState,
    HandStatus,
    PermissionRefused,
    Refusal,
    Role,
    Services,
    SessionInfo,
    StaffMember,
    StorageError,
)
from dealer_app.services.reports import session_report
from dealer_app.storage import migrate

WHY = "player showed Js (rule 9.5)"


def to_showdown(svc: Services, session: SessionInfo, dealer: StaffMember,
                hole: str = "Jd") -> HandState:
    """A hand with seat 1's hole card recorded as ``hole``, played up to seat 1's show."""
    state = svc.hands.start_hand(session.id, dealer)
    state = play(svc.hands, state.hand_id, dealer, inputs=3)  # the antes
    state = svc.hands.record_input(state.hand_id, Event(1, Action.DEAL_DOWN, card=hole), dealer)
    while True:
        expected = state.hand.next_input()
        assert expected is not None
        if Action.SHOW in expected.actions and expected.seat == 1:
            return state
        event = next_event(state.hand)
        assert event is not None
        state = svc.hands.record_input(state.hand_id, event, dealer)


def seq_of(state: HandState, action: Action, seat: int) -> int:
    return next(e.seq for e in state.log
                if e.kind == "input" and e.event is not None and e.event.action is action
                and e.event.seat == seat)


def balanced(svc: Services, session: SessionInfo) -> bool:
    report = session_report(svc.db, session.id)
    assert report.reconciliation.problems == ()
    return report.reconciliation.balanced


@pytest.mark.parametrize("replacement", ["Js", None])
def test_a_mismatched_hole_card_is_corrected_then_the_show_is_accepted(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        replacement: str | None) -> None:
    state = to_showdown(svc, session, dealer)
    with pytest.raises(RuleError) as refused:
        svc.hands.record_input(state.hand_id, Event(1, Action.SHOW, card="Js"), dealer)
    assert refused.value.code is Code.HOLE_CARD_MISMATCH
    target = seq_of(state, Action.DEAL_DOWN, 1)
    event = Event(1, Action.DEAL_DOWN, card=replacement) if replacement else None
    fixed = svc.hands.correct_input(state.hand_id, target, event, boss, WHY)
    last = fixed.log[-1]
    assert (last.kind, last.target_seq, last.by, last.reason) == ("correct", target, "Sam", WHY)
    assert last.event == event and fixed.corrected
    struck = next(e for e in fixed.log if e.seq == target)
    assert struck.undone and struck.superseded_by == last.seq
    hole = fixed.hand.seats[1].hole
    assert (None if hole is None else str(hole)) == replacement
    assert len(fixed.log) == len(state.log) + 1  # nothing rewritten, one row added
    shown = svc.hands.record_input(state.hand_id, Event(1, Action.SHOW, card="Js"), dealer)
    assert str(shown.hand.seats[1].hole) == "Js"
    final = play(svc.hands, state.hand_id, dealer)
    assert final.status is HandStatus.COMPLETE and final.corrected
    assert {s.seat: s.stack for s in svc.tables.seats(session.id)} == final.hand.stacks
    assert balanced(svc, session)
    assert svc.log.verify_all().ok
    assert svc.review.audit(act="correct-input")[0].reason == WHY
    record = svc.log.record(state.hand_id)
    assert Hand.replay(record.settings, record.seats, record.events).result() == final.result()


def _better_show(state: HandState) -> tuple[int, Event]:
    """A show of a completed hand whose card, replaced, changes who wins."""
    events = list(state.events)
    used = {str(c) for c in state.hand.used}
    for i, event in enumerate(events):
        if event.action is not Action.SHOW or event.card is None:
            continue
        for card in (str(c) for c in DECK):
            if card in used:
                continue
            trial = [*events[:i], Event(event.seat, Action.SHOW, card=card), *events[i + 1:]]
            try:
                hand = Hand.replay(state.settings, state.seats, trial)
            except ReplayError:
                continue
            if hand.complete and hand.stacks != state.hand.stacks:
                return i, trial[i]
    raise AssertionError("no show to correct")


UPS = {1: ["Ks", "Qh", "9d", "8c"], 3: ["7s", "7h", "Td", "Jc"], 6: ["As", "8h", "9s", "Tc"]}


def play_dealt(svc: Services, session: SessionInfo, dealer: StaffMember) -> HandState:
    """A whole hand with the up cards of ``UPS``; checks and calls; holes shown at the end."""
    state = svc.hands.start_hand(session.id, dealer)
    ups = {seat: list(cards) for seat, cards in UPS.items()}
    while (event := next_event(state.hand)) is not None:
        if event.action is Action.DEAL_UP:
            event = Event(event.seat, Action.DEAL_UP, card=ups[event.seat].pop(0))
        state = svc.hands.record_input(state.hand_id, event, dealer)
    return state


def test_correcting_a_completed_hand_re_awards_and_the_chips_reconcile(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    done = play_dealt(svc, session, dealer)
    later = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer)
    before = {s.seat: s.stack for s in svc.tables.seats(session.id)}
    index, event = _better_show(done)
    slot = next(e for e in done.log if e.step == index + 1)
    fixed = svc.hands.correct_input(done.hand_id, slot.seq, event, boss, "misread show")
    assert fixed.status is HandStatus.COMPLETE and fixed.corrected
    expected = {s: before[s] + fixed.hand.stacks[s] - done.hand.stacks[s] for s in before}
    assert {s.seat: s.stack for s in svc.tables.seats(session.id)} == expected
    assert balanced(svc, session)
    assert svc.hands.hand_state(later.hand_id).status is HandStatus.COMPLETE
    # striking the last show would reopen the hand: refused, a later hand has started
    last = max((e for e in fixed.log if e.step is not None), key=lambda e: e.step or 0)
    with pytest.raises(ConflictError):
        svc.hands.correct_input(done.hand_id, last.seq, None, boss, "no show")
    assert balanced(svc, session)


def test_a_correction_that_reopens_the_last_hand_takes_its_result_back(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    done = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer)
    last = [e for e in done.log if e.step is not None][-1]
    assert last.event is not None and last.event.action is Action.SHOW
    reopened = svc.hands.correct_input(done.hand_id, last.seq, None, boss, "not shown yet")
    assert reopened.status is HandStatus.IN_PROGRESS and reopened.ended_at is None
    assert {s.seat: s.stack for s in svc.tables.seats(session.id)} == {1: 500, 3: 320, 6: 1000}
    assert balanced(svc, session)
    again = play(svc.hands, done.hand_id, dealer)
    assert again.status is HandStatus.COMPLETE
    assert {s.seat: s.stack for s in svc.tables.seats(session.id)} == again.hand.stacks
    assert balanced(svc, session)


def test_a_correction_that_breaks_later_inputs_is_refused_and_stores_nothing(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    state = to_showdown(svc, session, dealer)
    audits = len(svc.review.audit())
    up = seq_of(state, Action.DEAL_UP, 1)
    with pytest.raises(CorrectionRefused,
                       match=r"input #\d+ \(Seat \d is dealt [^)]+\) is refused") as later:
        used_later = next(e.event.card for e in state.log if e.seq > up and e.event is not None
                          and e.event.action is Action.DEAL_UP)
        svc.hands.correct_input(state.hand_id, up, Event(1, Action.DEAL_UP, card=used_later),
                                boss, "wrong card")
    assert later.value.code is Refusal.RULES_REFUSE
    assert isinstance(later.value.error, RuleError)
    assert later.value.error.code is Code.DUPLICATE_CARD
    assert not isinstance(later.value, StorageError)  # a rule's refusal, not a disk failure
    with pytest.raises(CorrectionRefused, match=r"the correction \(Seat 1 is dealt 2s\)"):
        svc.hands.correct_input(state.hand_id, up, Event(1, Action.DEAL_UP, card="2s"), boss,
                                "wrong card")
    with pytest.raises(CorrectionRefused, match="brings in|bring-in|refused"):
        svc.hands.correct_input(state.hand_id, up, None, boss, "no such card")
    after = svc.hands.hand_state(state.hand_id)
    assert after.log == state.log and not after.corrected
    assert len(svc.review.audit()) == audits
    assert svc.review.count(HandQuery(corrected=True)) == 0


def test_rule_11_3_a_dealer_cannot_correct_or_undo_a_completed_hand(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    state = to_showdown(svc, session, dealer)
    target = seq_of(state, Action.DEAL_DOWN, 1)
    fix = Event(1, Action.DEAL_DOWN, card="Js")
    with pytest.raises(PermissionRefused):
        svc.hands.correct_input(state.hand_id, target, fix, dealer, WHY)
    with pytest.raises(PermissionRefused):
        svc.hands.correct_input(state.hand_id, target, fix, boss, "")
    done = play(svc.hands, state.hand_id, dealer)
    with pytest.raises(PermissionRefused):
        svc.hands.undo_last(done.hand_id, dealer)
    assert svc.hands.hand_state(done.hand_id).log == done.log
    # a dealer's undo of a hand in progress stays as it was (rule 11.1)
    nxt = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer, inputs=4)
    undone = svc.hands.undo_last(nxt.hand_id, dealer)
    assert undone.log[-1].kind == "undo" and not undone.corrected


def test_corrected_chains_verify_and_a_tampered_correction_is_caught(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    state = to_showdown(svc, session, dealer)
    fixed = svc.hands.correct_input(state.hand_id, seq_of(state, Action.DEAL_DOWN, 1),
                                    Event(1, Action.DEAL_DOWN, card="Js"), boss, WHY)
    play(svc.hands, state.hand_id, dealer)
    plain = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer,
                 inputs=5)
    assert svc.log.verify_all().ok
    seq = fixed.log[-1].seq
    with svc.db.transaction() as s:
        s.execute(text("UPDATE hand_event SET card = 'Jh' WHERE hand_id = :h AND seq = :q"),
                  {"h": state.hand_id, "q": seq})
    report = svc.log.verify_all()
    assert {b.hand_id for b in report.broken} == {state.hand_id}
    assert any(b.label.startswith("hand event") and f"(#{seq})" in b.label
               and "was changed" in b.reason for b in report.broken)
    with svc.db.transaction() as s:
        s.execute(text("UPDATE hand_event SET card = 'Js' WHERE hand_id = :h AND seq = :q"),
                  {"h": state.hand_id, "q": seq})
        s.execute(text("UPDATE hand SET corrected = :f WHERE id = :h"),
                  {"f": False, "h": state.hand_id})
    broken = svc.log.verify_all().broken
    assert {b.hand_id for b in broken} == {state.hand_id}
    assert any("corrected" in b.reason for b in broken)
    assert plain.hand_id not in [b.hand_id for b in broken]


def test_review_queries_filter_corrected_hands(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    plain = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer)
    state = to_showdown(svc, session, dealer)
    svc.hands.correct_input(state.hand_id, seq_of(state, Action.DEAL_DOWN, 1), None, boss, WHY)
    assert svc.review.count(HandQuery(corrected=True)) == 1
    assert svc.review.count(HandQuery(corrected=False)) == 1
    hits = svc.review.search(HandQuery(corrected=True))
    assert [(h.hand_id, h.corrected) for h in hits] == [(state.hand_id, True)]
    assert [h.corrected for h in svc.review.search(HandQuery(corrected=False))] == [False]
    assert svc.review.search(HandQuery(corrected=False))[0].hand_id == plain.hand_id
    assert svc.review.count(HandQuery(corrected=True, status=HandStatus.COMPLETE)) == 0


def test_two_services_writing_one_hand_in_turn_stay_right(
        svc: Services, db_url: str, session: SessionInfo, dealer: StaffMember) -> None:
    other_db = Database.open(db_url, clock=svc.db.clock)
    other = HandService(other_db)  # another program on the same database
    try:
        hand_id = svc.hands.start_hand(session.id, dealer).hand_id
        writers = [svc.hands, other]
        n = 0
        while (event := next_event(svc.hands.hand_state(hand_id).hand)) is not None:
            writer = writers[(n // 2) % 2]  # two inputs each: the second one hits the cache
            state = writer.record_input(hand_id, event, dealer)
            truth = svc.hands.hand_state(hand_id)
            assert state.log == truth.log
            assert state.hand.result() == truth.hand.result()
            assert state.next_input() == truth.next_input()
            n += 1
        assert truth.status is HandStatus.COMPLETE
        assert svc.hands.cache_hits > 0 and other.cache_hits > 0
        assert svc.log.verify_all().ok
    finally:
        other_db.close()


def test_a_failed_commit_leaves_the_cache_as_it_was(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    state = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer, inputs=4)
    count = len(state.log)
    with svc.db.transaction() as s:  # a row in the way that does not move the chain head
        s.execute(text("INSERT INTO hand_event (hand_id, seq, kind, staff_name, at, digest) "
                       "VALUES (:h, :q, 'void', 'x', :at, 'x')"),
                  {"h": state.hand_id, "q": count + 1, "at": state.started_at.replace(tzinfo=None)})
    event = next_event(state.hand)
    assert event is not None
    with pytest.raises(ConflictError):
        svc.hands.record_input(state.hand_id, event, dealer)
    with svc.db.transaction() as s:
        s.execute(text("DELETE FROM hand_event WHERE hand_id = :h AND seq = :q"),
                  {"h": state.hand_id, "q": count + 1})
    again = svc.hands.record_input(state.hand_id, event, dealer)
    assert len(again.log) == count + 1 and again.hand.events == (*state.events, event)
    assert again.hand.result() == svc.hands.hand_state(state.hand_id).hand.result()


def test_migration_0003_on_a_database_with_hands(db_url: str, clock: FakeClock,
                                                 tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from dealer_app.storage import groups

    monkeypatch.setattr(groups, "GROUPED", frozenset())  # one entry a row: a ledger that
    # goes below revision 0024 (format 4's runs refuse the downgrade)
    svc = Services.open(db_url, clock=clock)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246810")
    table = svc.tables.create_table("Raked", Settings(ante=5, chip_unit=5, rake_percent=25),
                                    boss)
    session = svc.tables.open_session(table.id, boss)
    for seat, name in ((1, "Ann"), (2, "Bo"), (5, "Cy")):
        svc.tables.seat_player(session.id, seat, name, 1000, boss)
    rakes = {}
    for _ in range(2):
        done = play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss)
        rakes[done.hand_id] = done.hand.rake
    open_hand = play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss, inputs=4)
    rakes[open_hand.hand_id] = 0
    assert any(rakes.values())
    svc.close()
    engine = create_engine(db_url)
    from alembic import command

    command.downgrade(migrate.alembic_config(engine), "0002")
    with engine.connect() as conn:
        assert migrate.current_revision(conn) == "0002"
        assert "rake" not in {c["name"] for c in inspect(conn).get_columns("hand")}
    engine.dispose()
    svc = Services.open(db_url, clock=clock)  # upgrades to the head again
    try:
        with svc.db.engine.connect() as conn:
            assert migrate.current_revision(conn) == migrate.head_revision()
            rows = conn.execute(text("SELECT id, rake, corrected FROM hand")).all()
        assert {r[0]: r[1] for r in rows} == rakes
        assert not any(r[2] for r in rows)
        # the downgrade dropped the ledger the old anchor file sealed: a genesis anew, with
        # an anchor file of its own beside the old ledger's
        report = svc.log.verify_all(anchors=[Path(os.environ["DEALER_APP_ANCHOR_DIR"])])
        assert report.ok and report.other_anchors, report
        card = next(e for e in open_hand.log if e.step == 4)
        assert card.event is not None and card.event.action is Action.DEAL_UP
        fixed = svc.hands.correct_input(open_hand.hand_id, card.seq,
                                        Event(card.event.seat, Action.DEAL_UP, card="Ac"),
                                        boss, "misread up card")
        assert fixed.corrected and svc.review.count(HandQuery(corrected=True)) == 1
    finally:
        svc.close()
