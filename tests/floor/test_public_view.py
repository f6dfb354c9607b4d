"""The players' screen never shows a hole card before its player shows it, whatever the hand:
checked at every step of many random hands (known hole cards recorded at the deal)."""

from __future__ import annotations

import random

import pytest
from storage.helpers import next_event

from dealer_app.engine import DECK, Action, Event, SeatSpec, Settings
from dealer_app.engine.hand import Hand
from dealer_app.gui.display.model import PublicView, action_text, public_view
from dealer_app.services.core.types import HandState, HandStatus
from dealer_app.services.floor import LiveTable

SEATS = (SeatSpec(1, "Ann", 400), SeatSpec(2, "Bo", 150), SeatSpec(4, "Cy", 900),
         SeatSpec(6, "Di", 60))


def _live(hand: Hand, status: HandStatus = HandStatus.IN_PROGRESS) -> LiveTable:
    from datetime import UTC, datetime

    state = HandState(hand_id=1, uid="u", table_id=1, session_id=1, number=7, status=status,
                      settings=hand.settings, seats=hand.specs,
                      started_at=datetime(2026, 1, 1, tzinfo=UTC), ended_at=None, log=(),
                      hand=hand)
    return LiveTable(table_id=1, name="T1", settings=hand.settings, session_id=1,
                     dealer="Dana", seats={}, hand=state)


def _texts(view: PublicView) -> str:
    parts = [view.table, view.stakes, view.street, view.turn, view.last_action, *view.result]
    for seat in view.seats:
        parts += [seat.player, seat.hand_name, " ".join(seat.up), seat.hole or ""]
    return " | ".join(parts)


def _with_known_holes(hand: Hand, rng: random.Random) -> Event | None:
    """Next input, dealing every hole card known (DEAL_DOWN with the card) when allowed."""
    used = {str(c) for c in hand.used}
    for seat in hand.order:
        st = hand.seats[seat]
        if st.hole is None and not st.folded:
            card = rng.choice([str(c) for c in DECK if str(c) not in used])
            event = Event(seat, Action.DEAL_DOWN, card=card)
            if hand.check(event) is None:
                return event
    return next_event(hand, rng)


@pytest.mark.parametrize("seed", range(40))
def test_no_hole_card_shows_before_its_showdown(seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand(Settings(ante=5, chip_unit=5), SEATS)
    while (event := _with_known_holes(hand, rng)) is not None:
        hand.apply(event)
        view = public_view(_live(hand))
        text = _texts(view)
        for seat in view.seats:
            st = hand.seats.get(seat.seat)
            if st is None or st.hole is None:
                continue
            if st.shown and not st.mucked:
                assert seat.hole == str(st.hole)
            else:
                assert seat.hole is None
                # the hole card appears nowhere, unless it is also someone's up card (never)
                assert str(st.hole) not in text, (seed, event, text)
    assert hand.complete
    view = public_view(_live(hand, HandStatus.COMPLETE))
    assert view.result and view.result[0].startswith("Main pot")


def test_a_hole_card_dealt_down_is_never_named_as_the_last_action() -> None:
    hand = Hand(Settings(ante=5, chip_unit=5), SEATS[:2])
    for seat in (1, 2):
        hand.apply(Event(seat, Action.ANTE))
    hand.apply(Event(1, Action.DEAL_DOWN, card="As"))
    assert action_text(hand, hand.events[-1]) == "Ann is dealt a card face down"
    view = public_view(_live(hand))
    assert "As" not in _texts(view) and view.seats[0].face_down


def test_a_split_names_the_hand_and_the_odd_chip() -> None:
    hand = Hand(Settings(ante=5, chip_unit=5), (SeatSpec(1, "Ann", 100),
                                                  SeatSpec(2, "Bo", 100),
                                                  SeatSpec(3, "Cy", 100)))
    script = [(1, "ante"), (2, "ante"), (3, "ante"),
              (1, "deal-down", "7s"), (2, "deal-down", "7h"), (3, "deal-down", "8c"),
              (1, "deal-up", "9s"), (2, "deal-up", "9h"), (3, "deal-up", "10c")]
    for seat, action, *card in script:
        hand.apply(Event(seat, Action(action), card=card[0] if card else None))
    while (event := next_event(hand)) is not None:
        if event.action is Action.FOLD and event.seat != 3:
            event = Event(event.seat, Action.CHECK)
        if event.seat == 3 and Action.FOLD in hand.legal_actions(3) and \
                event.action in (Action.CHECK, Action.CALL):
            event = Event(3, Action.FOLD)
        hand.apply(event)
    view = public_view(_live(hand, HandStatus.COMPLETE))
    assert view.result[0] == ("Main pot 45 split with Two pairs, nines and sevens: "
                              "Ann 25, Bo 20 (odd chip 5 to Ann)")


def test_antes_show_their_amount_the_turn_its_call_and_a_muck_reads_mucked() -> None:
    hand = Hand(Settings(ante=5, chip_unit=5), SEATS[:3])
    hand.apply(Event(1, Action.ANTE))
    view = public_view(_live(hand))
    assert view.last_action == "Ann antes 5" and view.turn == "Bo to ante"
    for seat in (2, 4):
        hand.apply(Event(seat, Action.ANTE))
    for seat, card in ((1, "7s"), (2, "8h"), (4, "9c")):
        hand.apply(Event(seat, Action.DEAL_DOWN, card=card))
    for seat, card in ((1, "As"), (2, "Kh"), (4, "10c")):
        hand.apply(Event(seat, Action.DEAL_UP, card=card))
    view = public_view(_live(hand))
    bringer = hand.allowed().seat
    assert bringer is not None
    assert view.turn == f"{hand.seats[bringer].player} to bring in {hand.allowed().bring_in}"
    hand.apply(Event(bringer, Action.BRING_IN))
    view = public_view(_live(hand))
    due = next(s for s in view.seats if s.to_act)
    assert view.turn == f"{due.player} to act: {hand.allowed().to_call} to call"
    while (event := next_event(hand, random.Random(1))) is not None:
        if event.action is Action.FOLD:
            event = Event(event.seat, Action.CALL if Action.CALL in
                          hand.legal_actions(event.seat) else Action.CHECK)
        if event.action is Action.SHOW and Action.MUCK in hand.allowed().actions:
            event = Event(event.seat, Action.MUCK)
        hand.apply(event)
    mucked = [s for s in public_view(_live(hand, HandStatus.COMPLETE)).seats if s.mucked]
    assert mucked and all(s.folded and s.hole is None for s in mucked)


def test_a_closed_table_says_it_is_closed() -> None:
    live = LiveTable(table_id=1, name="T1", settings=Settings(ante=5, chip_unit=5),
                     session_id=None, dealer=None, seats={}, hand=None)
    view = public_view(live)
    assert view.closed and view.street == "Table closed"
    assert view.last_action == "This table is closed"
