"""Every rejected code of hand-record.md, its precedence rules, and the ``result()`` contract."""

from __future__ import annotations

import pytest

from dealer_app.engine.errors import Code
from dealer_app.engine.events import Action, Event, EventError
from dealer_app.engine.hand import Hand
from dealer_app.engine.record import RecordError, parse_record

from .helpers import (
    NL,
    PL,
    acts,
    antes,
    checkdown,
    deal,
    due,
    new_hand,
    passive,
    play,
    refuse,
    showdown,
    start,
)

BIG = 1000


def finished() -> Hand:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"})
    return play(hand, "1 bring; 2 fold")


def at_showdown(stacks: dict[int, int] | None = None, **kwargs: object) -> Hand:
    """Seats 1, 2, 3 at the showdown, no bet on 5th street: order 1, 2, 3; seat 2's hole Jd
    was recorded at the deal."""
    hand = antes(new_hand(stacks or {1: BIG, 2: BIG, 3: BIG}, **kwargs))
    play(hand, "2 down Jd")
    for street in ({1: "As", 2: "Ks", 3: "Qs"}, {1: "7c", 2: "8c", 3: "9c"},
                   {1: "7d", 2: "8d", 3: "9d"}, {1: "Tc", 2: "Jc", 3: "Qc"}):
        deal(hand, street)
        passive(hand)
    assert hand.showdown_order == [1, 2, 3]
    return hand


# ============================================================================ each code
@pytest.mark.parametrize("text", ["1 ante", "1 up 8s", "1 down 8s", "1 bring", "2 call",
                                  "1 bet 20", "1 check", "2 fold", "1 show Qh", "2 muck"])
def test_code_hand_complete(text: str) -> None:
    assert refuse(finished(), text) is Code.HAND_COMPLETE


def test_code_hand_complete_beats_bad_card_and_duplicate() -> None:
    hand = finished()
    assert refuse(hand, "1 up 2s") is Code.HAND_COMPLETE
    assert refuse(hand, "1 up As") is Code.HAND_COMPLETE


@pytest.mark.parametrize("text", ["1 up 6s", "1 up Zs", "1 up A", "1 up Ax", "1 down 3c"])
def test_code_bad_card(text: str) -> None:
    hand = antes(new_hand({1: BIG, 2: BIG}))
    assert refuse(hand, text) is Code.BAD_CARD


def test_code_bad_card_beats_out_of_phase() -> None:
    hand = new_hand({1: BIG, 2: BIG})
    assert refuse(hand, "1 up 5h") is Code.BAD_CARD  # also antes-missing
    antes(hand)
    deal(hand, {1: "As", 2: "Ks"})
    assert refuse(hand, "2 up 2d") is Code.BAD_CARD  # also wrong-street (betting open)
    assert refuse(hand, "2 show 2d") is Code.BAD_CARD  # also out-of-turn
    play(hand, "1 bring; 2 fold")
    assert refuse(hand, "2 up 2d") is Code.HAND_COMPLETE


def test_code_duplicate_card() -> None:
    hand = antes(new_hand({1: BIG, 2: BIG, 3: BIG}))
    play(hand, "2 down Qh; 1 up As")
    assert refuse(hand, "2 up As") is Code.DUPLICATE_CARD
    assert refuse(hand, "3 up Qh") is Code.DUPLICATE_CARD  # someone's known hole card
    assert refuse(hand, "2 up Qh") is Code.DUPLICATE_CARD  # its own hole card
    assert refuse(hand, "3 down as") is Code.DUPLICATE_CARD


def test_code_duplicate_card_beats_wrong_street_and_mismatch() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring; 2 fold")
    assert refuse(hand, "2 up Qs") is Code.DUPLICATE_CARD  # folded and betting open
    hand = at_showdown()
    assert refuse(hand, "1 show Jd") is Code.DUPLICATE_CARD  # seat 2's hole card
    play(hand, "1 show Ah")
    assert refuse(hand, "2 show Ah") is Code.DUPLICATE_CARD  # also a mismatch


def test_code_antes_missing() -> None:
    hand = new_hand({1: BIG, 2: BIG})
    play(hand, "2 ante")
    assert refuse(hand, "2 up As") is Code.ANTES_MISSING
    assert refuse(hand, "1 down As") is Code.ANTES_MISSING
    assert refuse(hand, "2 ante") is Code.ANTES_MISSING
    play(hand, "1 ante")
    assert refuse(hand, "1 ante") is Code.ANTES_MISSING  # a second ante during the deal
    deal(hand, {1: "As", 2: "Ks"})
    assert refuse(hand, "2 ante") is Code.ANTES_MISSING  # ... and during betting


def test_code_wrong_street() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    assert refuse(hand, "1 up 7c") is Code.WRONG_STREET  # betting still open
    play(hand, "1 bring; 2 fold; 3 call")
    assert refuse(hand, "2 up 7c") is Code.WRONG_STREET  # a folded player
    play(hand, "1 up 7c")
    assert refuse(hand, "1 up 7d") is Code.WRONG_STREET  # too many cards
    assert refuse(hand, "3 down 7d") is Code.WRONG_STREET  # hole card too late


def test_code_wrong_street_after_the_last_card() -> None:
    hand = at_showdown()
    assert refuse(hand, "1 up 8h") is Code.WRONG_STREET
    assert refuse(hand, "2 down 8h") is Code.WRONG_STREET


def test_code_wrong_street_second_hole_card() -> None:
    hand = antes(new_hand({1: BIG, 2: BIG}))
    play(hand, "1 down 8h")
    assert refuse(hand, "1 down 9h") is Code.WRONG_STREET


def test_code_wrong_bring_in() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "Qs", 2: "As", 3: "Ks"})
    for text in ("3 call", "3 raise 20", "3 fold", "1 bring", "1 check", "3 bet 10",
                 "2 call", "2 check", "2 fold", "2 raise 20", "2 bet 20"):
        assert refuse(hand, text) is Code.WRONG_BRING_IN, text
    play(hand, "2 bring")
    assert refuse(hand, "2 bring") is Code.OUT_OF_TURN  # not due any more
    play(hand, "3 call")
    assert refuse(hand, "1 bring") is Code.WRONG_BRING_IN  # the bring-in was posted


@pytest.mark.parametrize("structure", [PL, NL])
def test_code_wrong_bring_in_not_for_a_bet_in_pot_and_no_limit(structure: object) -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"}, structure=structure)
    for text in ("1 call", "1 check", "1 fold", "1 raise 20", "2 call"):
        assert refuse(hand, text) is Code.WRONG_BRING_IN, text
    assert refuse(hand, "1 bet 5") is Code.BAD_AMOUNT
    play(hand, "1 bet 10")


def test_code_out_of_turn() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring")
    assert refuse(hand, "3 call") is Code.OUT_OF_TURN
    assert refuse(hand, "1 raise 20") is Code.OUT_OF_TURN


def test_code_out_of_turn_betting_while_no_round_is_open() -> None:
    hand = new_hand({1: BIG, 2: BIG, 3: BIG})
    assert refuse(hand, "1 bring") is Code.OUT_OF_TURN  # antes
    antes(hand)
    assert refuse(hand, "1 check") is Code.OUT_OF_TURN  # deal
    play(hand, "1 up As; 2 up Ks; 3 up Qs; 1 bring; 2 fold; 3 call")
    for text in ("2 call", "2 fold", "1 bet 10", "3 check"):  # dealing 3rd street
        assert refuse(hand, text) is Code.OUT_OF_TURN, text
    for street in ({1: "7c", 3: "9c"}, {1: "7d", 3: "9d"}, {1: "Tc", 3: "Qc"}):
        deal(hand, street)
        passive(hand)
    assert refuse(hand, "1 check") is Code.OUT_OF_TURN  # showdown


def test_code_out_of_turn_show_or_muck_before_the_showdown() -> None:
    hand = new_hand({1: BIG, 2: BIG})
    assert refuse(hand, "1 show As") is Code.OUT_OF_TURN
    antes(hand)
    assert refuse(hand, "1 muck") is Code.OUT_OF_TURN
    deal(hand, {1: "As", 2: "Ks"})
    assert refuse(hand, "1 show Ah") is Code.OUT_OF_TURN
    assert refuse(hand, "2 muck") is Code.OUT_OF_TURN


def test_code_illegal_action() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG, 4: BIG}, {1: "As", 2: "Ks", 3: "Qs", 4: "Js"})
    play(hand, "1 bring")
    assert refuse(hand, "2 check") is Code.ILLEGAL_ACTION  # check facing a bet
    assert refuse(hand, "2 bet 20") is Code.ILLEGAL_ACTION  # bet facing a bet
    play(hand, "2 raise 20; 3 raise 30; 4 raise 40")
    assert refuse(hand, "1 raise 50") is Code.ILLEGAL_ACTION  # past the cap
    play(hand, "1 call; 2 fold; 3 call; 4 up 7c")
    assert refuse(hand, "2 call") is Code.OUT_OF_TURN  # no round open: out-of-turn first


def test_code_illegal_action_raise_with_no_bet_and_folded_seat() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring; 2 fold; 3 call")
    deal(hand, {1: "7c", 3: "9c"})
    assert due(hand) == 1
    assert refuse(hand, "1 raise 20") is Code.ILLEGAL_ACTION  # no bet to raise
    assert refuse(hand, "1 call") is Code.ILLEGAL_ACTION  # nothing to call
    assert refuse(hand, "2 check") is Code.ILLEGAL_ACTION  # folded: not out-of-turn
    assert refuse(hand, "2 bet 10") is Code.ILLEGAL_ACTION


def test_code_illegal_action_all_in_seat_acting() -> None:
    hand = start({1: BIG, 2: 15, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring; 2 call; 3 call")
    deal(hand, {1: "7c", 2: "8c", 3: "9c"})
    assert due(hand) == 1
    assert refuse(hand, "2 check") is Code.ILLEGAL_ACTION  # all-in: not out-of-turn


def test_code_illegal_action_not_reopened() -> None:
    hand = start({1: BIG, 2: 20, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "1 bring; 2 raise 15; 3 call")
    assert refuse(hand, "1 raise 25") is Code.ILLEGAL_ACTION
    assert refuse(hand, "1 raise 7") is Code.ILLEGAL_ACTION  # illegal-action before bad-amount


def test_code_illegal_action_bet_when_every_opponent_all_in_and_forbidden_fold() -> None:
    hand = start({1: 5, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "2 bring; 3 call")
    deal(hand, {1: "7c", 2: "Ah", 3: "8c"})
    play(hand, "2 fold")
    assert refuse(hand, "3 bet 10") is Code.ILLEGAL_ACTION
    assert refuse(hand, "3 fold") is Code.ILLEGAL_ACTION


@pytest.mark.parametrize("text", ["2 raise 15", "2 raise 995", "2 raise 33", "2 raise 0",
                                  "2 raise -20", "2 raise 10", "2 raise 5"])
def test_code_bad_amount_raise(text: str) -> None:
    hand = start({1: BIG, 2: 500, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "1 bring")
    assert refuse(hand, text) is Code.BAD_AMOUNT


@pytest.mark.parametrize("text", ["1 bet 0", "1 bet -10", "1 bet 5", "1 bet 12", "1 bet 45"])
def test_code_bad_amount_bet_pot_limit(text: str) -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"}, structure=PL)
    play(hand, "1 bring; 2 call")
    deal(hand, {1: "7c", 2: "8c"})
    assert refuse(hand, text) is Code.BAD_AMOUNT  # the pot is 30


def test_code_bad_amount_fixed_limit_exact_amounts() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"})
    play(hand, "1 bring")
    for text in ("2 raise 25", "2 raise 30", "2 raise 15", "2 raise 0"):
        assert refuse(hand, text) is Code.BAD_AMOUNT, text


def test_code_bad_amount_out_of_turn_first() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "1 bring")
    assert refuse(hand, "3 raise 7") is Code.OUT_OF_TURN


def test_code_showdown_order() -> None:
    hand = at_showdown()
    assert refuse(hand, "2 show") is Code.SHOWDOWN_ORDER  # not due
    assert refuse(hand, "3 muck") is Code.SHOWDOWN_ORDER
    assert refuse(hand, "1 muck") is Code.SHOWDOWN_ORDER  # the first must show
    play(hand, "1 show Ah")
    assert refuse(hand, "1 show") is Code.SHOWDOWN_ORDER  # already shown
    assert refuse(hand, "3 show Qh") is Code.SHOWDOWN_ORDER


def test_code_showdown_order_no_muck_when_all_in() -> None:
    hand = at_showdown({1: BIG, 2: BIG, 3: 15}, structure=NL)
    assert hand.seats[3].all_in
    play(hand, "1 show Ah; 2 show")
    assert refuse(hand, "3 muck") is Code.SHOWDOWN_ORDER


def test_code_showdown_order_folded_seat_shows() -> None:
    hand = checkdown({1: BIG, 2: BIG, 3: BIG}, [{1: "As", 2: "Ks", 3: "Qs"}], show=False)
    deal(hand, {1: "7c", 2: "8c", 3: "9c"})
    play(hand, "1 check; 2 check; 3 bet 10; 1 fold; 2 call")
    for street in ({2: "8d", 3: "9d"}, {2: "Tc", 3: "Qc"}):
        deal(hand, street)
        passive(hand)
    assert refuse(hand, "1 show Ah") is Code.SHOWDOWN_ORDER


def test_code_hole_card_mismatch() -> None:
    hand = at_showdown()
    play(hand, "1 show Ah")
    assert refuse(hand, "2 show Js") is Code.HOLE_CARD_MISMATCH
    play(hand, "2 show jd")  # the same card in another notation is no mismatch


def test_code_showdown_order_beats_mismatch() -> None:
    hand = at_showdown()
    assert refuse(hand, "2 show Js") is Code.SHOWDOWN_ORDER


# ============================================================================ precision bullets
def test_precision_seat_not_in_the_hand_is_malformed() -> None:
    hand = antes(new_hand({1: BIG, 3: BIG}))
    with pytest.raises(EventError):
        hand.apply(Event(2, Action.DEAL_UP, card="As"))
    with pytest.raises(EventError):
        hand.check(Event(2, Action.DEAL_UP, card="As"))
    assert hand.result()["accepted"] == 2
    doc = {"format": "americana-hand/1", "settings": {"ante": 5, "chip_unit": 5},
           "seats": [{"seat": 1, "stack": 100}, {"seat": 3, "stack": 100}],
           "events": [{"seat": 2, "action": "ante"}]}
    with pytest.raises(RecordError):
        parse_record(doc)


def test_precision_bring_in_due_any_other_seat_is_wrong_bring_in_even_not_due() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG, 4: BIG}, {1: "As", 2: "Ks", 3: "Qs", 4: "Js"})
    assert refuse(hand, "4 call") is Code.WRONG_BRING_IN
    assert refuse(hand, "2 fold") is Code.WRONG_BRING_IN


def test_precision_card_for_a_folded_seat_is_wrong_street() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring; 2 fold; 3 call")
    assert refuse(hand, "2 up 7h") is Code.WRONG_STREET
    assert refuse(hand, "2 down 7h") is Code.WRONG_STREET


def test_precision_folded_seat_betting_during_the_deal_is_out_of_turn() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring; 2 fold; 3 call")
    assert refuse(hand, "2 call") is Code.OUT_OF_TURN


def test_precision_show_without_card_for_unknown_hole_is_bad_card() -> None:
    hand = at_showdown()
    assert refuse(hand, "1 show") is Code.BAD_CARD
    # not due: the precedence list puts showdown-order before this bad-card
    assert refuse(hand, "3 show") is Code.SHOWDOWN_ORDER
    play(hand, "1 show Ah")
    play(hand, "2 show")  # Jd was recorded at the deal
    assert hand.result()["hands"]["2"]["cards"] == ["Jd", "Jc", "8d", "8c", "Ks"]


def test_precision_muck_by_the_first_to_show_is_showdown_order() -> None:
    hand = at_showdown()
    assert refuse(hand, "1 muck") is Code.SHOWDOWN_ORDER


def test_precision_non_integer_to_is_malformed() -> None:
    for to in (20.0, "20", None, True):
        with pytest.raises(EventError):
            Event.from_dict({"seat": 1, "action": "raise", "to": to})
    with pytest.raises(EventError):
        Event.from_dict({"seat": 1, "action": "bet"})


@pytest.mark.parametrize("to", [0, -5])
def test_precision_to_zero_or_less_is_bad_amount(to: int) -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"}, structure=NL)
    play(hand, "1 bring; 2 call")
    deal(hand, {1: "7c", 2: "8c"})
    assert refuse(hand, f"1 bet {to}") is Code.BAD_AMOUNT
    play(hand, "1 bet 10")
    assert refuse(hand, f"2 raise {to}") is Code.BAD_AMOUNT


def test_precision_deal_down_until_round_1_first_action() -> None:
    hand = antes(new_hand({1: BIG, 2: BIG, 3: BIG}))
    play(hand, "1 down 7h; 1 up As; 2 up Ks; 2 down 8h; 3 up Qs")
    play(hand, "3 down 9h")  # round 1 open, no action yet
    hand = antes(new_hand({1: BIG, 2: BIG, 3: BIG}))
    deal(hand, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring")
    assert refuse(hand, "2 down 9h") is Code.WRONG_STREET


def test_precision_deal_down_until_the_first_third_street_card_when_round_1_never_opens(
) -> None:
    hand = antes(new_hand({1: 5, 2: 5, 3: BIG}))
    deal(hand, {1: "As", 2: "Ks", 3: "Qs"})
    assert hand.first_to_act == {}
    play(hand, "2 down 9h")  # street 2 expected, no 3rd-street card yet
    play(hand, "3 up Qh")
    assert refuse(hand, "1 down 9d") is Code.WRONG_STREET


def test_precision_actions_listed_in_record_order() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"}, structure=NL)
    assert acts(hand) == ["bring-in", "bet"]
    play(hand, "1 bring")
    assert acts(hand) == ["raise", "call", "fold"]
    play(hand, "2 call")
    deal(hand, {1: "7c", 2: "8c"})
    assert acts(hand) == ["bet", "check", "fold"]


# ============================================================================ result() contract
def test_result_next_during_antes_and_deal() -> None:
    hand = new_hand({2: BIG, 4: BIG, 5: BIG})
    play(hand, "4 ante")
    assert hand.result()["next"] == {"seat": 2, "actions": ["ante"]}
    play(hand, "2 ante; 5 ante; 2 up As; 5 up Ks")
    assert hand.result()["next"] == {"seat": 4, "actions": ["deal-up"]}
    assert hand.result()["bring_in"] is None and hand.result()["first_to_act"] == {}


def test_result_first_to_act_set_when_the_round_opens() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"})
    assert hand.result()["first_to_act"] == {"1": 1} and hand.result()["bring_in"] == 1
    play(hand, "1 bring; 2 call; 1 up 7c")
    assert hand.result()["first_to_act"] == {"1": 1}
    play(hand, "2 up Kc")
    assert hand.result()["first_to_act"] == {"1": 1, "2": 2}


def test_result_bets_and_pots_during_and_between_rounds() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring; 2 raise 20")
    result = hand.result()
    assert result["bets"] == {"1": 10, "2": 20}
    assert result["pots"] == [{"amount": 15, "eligible": [1, 2, 3], "winners": [],
                               "awards": {}}]
    play(hand, "3 fold; 1 call")
    result = hand.result()
    assert result["bets"] == {}
    assert result["pots"] == [{"amount": 55, "eligible": [1, 2], "winners": [],
                               "awards": {}}]
    assert result["stacks"] == {"1": 975, "2": 975, "3": 995}


def test_result_keys_and_complete() -> None:
    hand = finished()
    result = hand.result()
    assert list(result) == ["accepted", "rejected", "complete", "next", "bring_in",
                            "first_to_act", "showdown_order", "pots", "bets", "rake", "stacks",
                            "hands"]
    assert result["complete"] and result["next"] is None and result["bets"] == {}
    assert result["accepted"] == 6 and result["rejected"] is None


def test_result_hands_best_first() -> None:
    hand = checkdown({1: BIG, 2: BIG},
                     [{1: "9c", 2: "7s"}, {1: "Kh", 2: "8s"}, {1: "9s", 2: "9h"},
                      {1: "Kd", 2: "Th"}], show=False)
    showdown(hand, {1: "Ks", 2: "Ad"})
    result = hand.result()
    assert result["hands"]["1"] == {"category": "full-house",
                                    "cards": ["Ks", "Kh", "Kd", "9s", "9c"]}
    assert result["hands"]["2"] == {"category": "straight",
                                    "cards": ["Th", "9h", "8s", "7s", "Ad"]}
