"""One or more tests per numbered rule of americana-rules.md, through the public Hand API."""

from __future__ import annotations

import pytest

from dealer_app.engine.cards import DECK, CardError, parse_card
from dealer_app.engine.errors import Code
from dealer_app.engine.events import Action, Event, EventError
from dealer_app.engine.hand import Hand, ReplayError
from dealer_app.engine.settings import SeatSpec, Settings, SettingsError

from .helpers import (
    FL,
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
    seats,
    settings,
    showdown,
    start,
)

BIG = 1000


def pots(hand: Hand) -> list[tuple[int, list[int]]]:
    return [(p.amount, list(p.eligible)) for p in hand.pots()]


def awards(hand: Hand) -> list[dict[int, int]]:
    return [dict(p.awards) for p in hand.pots()]


# ============================================================================ 1. Cards
def test_rule_1_1_deck_has_32_cards_seven_to_ace() -> None:
    assert len(DECK) == 32 == len(set(DECK))
    assert {str(c)[0] for c in DECK} == set("789TJQKA")
    assert {str(c)[1] for c in DECK} == set("shdc")


def test_rule_1_1_low_card_refused_by_the_hand() -> None:
    hand = antes(new_hand({1: BIG, 2: BIG}))
    assert refuse(hand, "1 up 6s") is Code.BAD_CARD
    assert refuse(hand, "1 up 2c") is Code.BAD_CARD


@pytest.mark.parametrize("text,canonical", [
    ("As", "As"), ("td", "Td"), ("10h", "Th"), ("10C", "Tc"), ("8♥", "8h"), ("K♠", "Ks"),
    ("q♦", "Qd"), ("7♣", "7c"), ("aS", "As"),
])
def test_rule_1_2_notation_accepted_and_canonical(text: str, canonical: str) -> None:
    assert str(parse_card(text)) == canonical


def test_rule_1_2_output_is_canonical() -> None:
    hand = checkdown({1: BIG, 2: BIG},
                     [{1: "10h", 2: "a♠"}, {1: "jH", 2: "K♦"}, {1: "9c", 2: "8d"},
                      {1: "7♣", 2: "qS"}],
                     {1: "10♠", 2: "JD"})
    result = hand.result()
    assert result["hands"]["1"]["cards"] == ["Ts", "Th", "Jh", "9c", "7c"]
    assert result["hands"]["2"]["cards"] == ["As", "Kd", "Qs", "Jd", "8d"]


@pytest.mark.parametrize("text", ["6s", "2h", "1s", "Xs", "Ax", "", "AAs", "11h"])
def test_rule_1_3_bad_card_message_names_the_card(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    hand = antes(new_hand({1: BIG, 2: BIG}))
    error = hand.check(Event(1, Action.DEAL_UP, card=text))
    assert error is not None and error.code is Code.BAD_CARD
    assert repr(text) in error.message


def test_rule_1_3_card_used_twice_refused_with_its_name() -> None:
    hand = antes(new_hand({1: BIG, 2: BIG, 3: BIG}))
    play(hand, "1 down Ks; 1 up As")
    for text in ("2 up As", "2 up as", "2 up A♠", "2 up Ks", "2 down Ks", "1 up Ks"):
        error = hand.check(Event(int(text[0]), *_split(text)))
        assert error is not None and error.code is Code.DUPLICATE_CARD, text
    error = hand.check(Event(2, Action.DEAL_UP, card="a♠"))
    assert error is not None and "As" in error.message


def _split(text: str) -> tuple[Action, str]:
    words = text.split()
    return (Action.DEAL_UP if words[1] == "up" else Action.DEAL_DOWN), words[2]


# ============================================================================ 2. Hand ranking
# (the evaluator itself is tested exhaustively in test_evaluator.py; these go through a hand)
def test_rule_2_flush_beats_full_house_at_showdown() -> None:
    hand = checkdown({1: BIG, 2: BIG},
                     [{1: "Ks", 2: "Ah"}, {1: "Kh", 2: "8h"}, {1: "Kd", 2: "9h"},
                      {1: "As", 2: "7h"}],
                     {1: "Ac", 2: "Jh"})
    result = hand.result()
    assert result["hands"]["1"]["category"] == "full-house"
    assert result["hands"]["2"]["category"] == "flush"
    assert result["pots"][0]["winners"] == [2]


def test_rule_2_1_ace_low_straight_is_the_lowest_straight() -> None:
    hand = checkdown({1: BIG, 2: BIG},
                     [{1: "As", 2: "Jh"}, {1: "7d", 2: "Td"}, {1: "8c", 2: "9s"},
                      {1: "9h", 2: "8s"}],
                     {1: "Tc", 2: "7h"})
    result = hand.result()
    assert result["hands"]["1"] == {"category": "straight",
                                    "cards": ["Tc", "9h", "8c", "7d", "As"]}
    assert result["hands"]["2"]["category"] == "straight"
    assert result["pots"][0]["winners"] == [2]


def test_rule_2_2_kickers_count_at_showdown() -> None:
    hand = checkdown({1: BIG, 2: BIG},
                     [{1: "Ks", 2: "Kh"}, {1: "Kd", 2: "Kc"}, {1: "Qs", 2: "Qh"},
                      {1: "9s", 2: "8h"}],
                     {1: "7d", 2: "7c"})
    assert hand.result()["pots"][0]["winners"] == [1]


def test_rule_2_3_suits_never_break_a_tie() -> None:
    hand = checkdown({2: BIG, 5: BIG},
                     [{2: "Ac", 5: "As"}, {2: "Kc", 5: "Ks"}, {2: "Qd", 5: "Qh"},
                      {2: "9h", 5: "9d"}],
                     {2: "7h", 5: "7s"})
    pot = hand.result()["pots"][0]
    assert pot["winners"] == [2, 5]
    assert pot["awards"] == {"2": 15, "5": 15}


def test_rule_2_4_deck_size_gives_201376_hands() -> None:
    from math import comb
    assert comb(len(DECK), 5) == 201_376


# ============================================================================ 3. The table
def test_rule_3_1_seats_clockwise_from_the_dealer_box() -> None:
    hand = new_hand({6: BIG, 2: BIG, 4: BIG})
    assert hand.order == (2, 4, 6)
    assert due(hand) == 2 and acts(hand) == ["ante"]
    hand.apply(Event(4, Action.ANTE))
    assert due(hand) == 2
    with pytest.raises(SettingsError):
        SeatSpec(7, "x", 100)
    with pytest.raises(SettingsError):
        SeatSpec(0, "x", 100)


def test_rule_3_2_a_hand_needs_two_players_and_sitting_out_posts_nothing() -> None:
    with pytest.raises(SettingsError):
        new_hand({1: BIG})
    with pytest.raises(SettingsError):
        new_hand({1: BIG, 2: 0})
    hand = antes(new_hand({1: BIG, 4: BIG}))  # seats 2, 3, 5, 6 sit out
    assert set(hand.result()["stacks"]) == {"1", "4"}
    with pytest.raises(EventError):
        hand.apply(Event(2, Action.DEAL_UP, card="As"))


def test_rule_3_3_amounts_are_multiples_of_the_chip_unit() -> None:
    with pytest.raises(SettingsError):
        settings(ante=7, unit=5)
    with pytest.raises(SettingsError):
        Hand(settings(), seats({1: 503, 2: BIG}))
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"}, structure=NL)
    assert refuse(hand, "1 bet 33") is Code.BAD_AMOUNT
    play(hand, "1 bet 35")


def test_rule_3_3_settings_defaults() -> None:
    s = Settings(ante=5, chip_unit=5)
    assert s.structure is FL and s.raise_cap == 3 and s.rake_percent == 0 and s.rake_cap == 0


def test_rule_3_4_amounts_are_whole_numbers() -> None:
    with pytest.raises(SettingsError):
        Settings(ante=5.0, chip_unit=5)  # type: ignore[arg-type]
    with pytest.raises(SettingsError):
        SeatSpec(1, "x", 100.0)  # type: ignore[arg-type]
    with pytest.raises(EventError):
        Event.from_dict({"seat": 1, "action": "bet", "to": 20.0})


# ============================================================================ 4. Antes
def test_rule_4_1_no_card_before_every_ante() -> None:
    hand = new_hand({1: BIG, 2: BIG, 3: BIG})
    play(hand, "1 ante; 3 ante")
    assert refuse(hand, "1 up As") is Code.ANTES_MISSING
    assert refuse(hand, "1 down As") is Code.ANTES_MISSING
    assert refuse(hand, "1 ante") is Code.ANTES_MISSING
    assert acts(hand) == ["ante"] and due(hand) == 2
    play(hand, "2 ante; 1 up As")
    assert hand.stacks == {1: 995, 2: 995, 3: 995}
    assert hand.result()["pots"] == [{"amount": 15, "eligible": [1, 2, 3], "winners": [],
                                      "awards": {}}]


def test_rule_4_2_short_ante_posts_all_and_is_all_in() -> None:
    hand = antes(new_hand({1: 3, 2: BIG, 3: BIG}, ante=5, unit=1))
    assert hand.stacks[1] == 0 and hand.seats[1].all_in
    assert pots(hand) == [(9, [1, 2, 3]), (4, [2, 3])]
    assert hand.total_chips() == 2003


def test_rule_4_3_antes_are_dead_money_not_a_bet() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    assert hand.result()["bets"] == {}
    play(hand, "1 bring")
    assert hand.bets == {1: 10}  # the bring-in is the full 10, the ante is not part of it
    play(hand, "2 call; 3 call")
    assert pots(hand) == [(45, [1, 2, 3])]


# ============================================================================ 5. The deal
def test_rule_5_1_hole_card_then_up_card_then_round_1() -> None:
    hand = antes(new_hand({2: BIG, 4: BIG, 6: BIG}))
    assert hand.next_input() is not None and hand.next_input().to_dict() == {  # type: ignore
        "seat": 2, "actions": ["deal-up"]}
    play(hand, "4 down 9d; 2 up Kh; 4 up As")
    assert hand.result()["next"] == {"seat": 6, "actions": ["deal-up"]}
    assert hand.betting_round is None
    play(hand, "6 up 8c")
    assert hand.betting_round == 1 and hand.bring_in_seat == 4
    assert hand.seats[4].hole == parse_card("9d")


def test_rule_5_2_streets_three_to_five_go_to_players_still_in() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring; 2 fold; 3 call")
    assert refuse(hand, "2 up 7c") is Code.WRONG_STREET
    deal(hand, {1: "8s", 3: "8h"})
    assert hand.betting_round == 2
    passive(hand)
    deal(hand, {1: "9s", 3: "9h"})
    passive(hand)
    deal(hand, {1: "Ts", 3: "Th"})
    passive(hand)
    assert hand.result()["showdown_order"] == [1, 3]
    assert refuse(hand, "1 up Jh") is Code.WRONG_STREET
    assert [len(hand.seats[s].up) for s in (1, 2, 3)] == [4, 1, 4]


def test_rule_5_3_betting_waits_for_every_up_card() -> None:
    hand = antes(new_hand({1: BIG, 2: BIG, 3: BIG}))
    play(hand, "1 up As; 2 up Ks")
    assert refuse(hand, "1 bring") is Code.OUT_OF_TURN
    play(hand, "3 up Qs")
    assert refuse(hand, "1 up 7h") is Code.WRONG_STREET  # round 1 is open
    play(hand, "1 bring; 2 call")
    assert refuse(hand, "2 up 7h") is Code.WRONG_STREET  # round 1 is not complete
    play(hand, "3 call; 1 up 7h")


def test_rule_5_3_hole_card_recorded_only_when_shown() -> None:
    hand = checkdown({1: BIG, 2: BIG}, [{1: "As", 2: "Ks"}, {1: "Ah", 2: "Kh"},
                                        {1: "8c", 2: "9c"}, {1: "Tc", 2: "Jc"}], show=False)
    assert hand.seats[1].hole is None
    showdown(hand, {1: "Ad", 2: "Kd"})
    assert hand.seats[1].hole == parse_card("Ad")
    assert hand.result()["hands"]["1"]["category"] == "three-of-a-kind"


def test_rule_5_4_deal_out_without_betting_from_the_start() -> None:
    hand = antes(new_hand({1: 5, 2: 5, 3: BIG}))
    deal(hand, {1: "As", 2: "Ks", 3: "Qs"})
    result = hand.result()
    assert result["bring_in"] is None and result["first_to_act"] == {}
    assert result["next"] == {"seat": 1, "actions": ["deal-up"]}
    for cards in ({1: "Ah", 2: "Kh", 3: "Qh"}, {1: "Ad", 2: "Kd", 3: "Qd"},
                  {1: "7c", 2: "8c", 3: "9c"}):
        deal(hand, cards)
        assert hand.betting_round is None
    result = hand.result()
    assert result["first_to_act"] == {} and result["showdown_order"] == [1, 2, 3]
    assert result["next"] == {"seat": 1, "actions": ["show"]}
    showdown(hand, {1: "Ac", 2: "Kc", 3: "Qc"})
    assert hand.result()["pots"][0]["winners"] == [1]
    assert hand.stacks == {1: 15, 2: 0, 3: 995}


def test_rule_5_4_deal_out_when_everyone_else_is_all_in_mid_hand() -> None:
    hand = start({1: 20, 2: BIG}, {1: "As", 2: "Ks"}, ante=5, unit=5)
    play(hand, "1 bring; 2 raise 20; 1 call")  # seat 1 all-in for 15
    for cards in ({1: "Ah", 2: "Kh"}, {1: "Ad", 2: "Kd"}, {1: "7c", 2: "8c"}):
        deal(hand, cards)
        assert hand.betting_round is None
    assert hand.result()["first_to_act"] == {"1": 1}
    assert hand.result()["showdown_order"] == [1, 2]


def test_rule_5_5_street_cards_in_any_order_one_per_seat() -> None:
    hand = antes(new_hand({1: BIG, 3: BIG, 5: BIG}))
    play(hand, "5 up 9s; 3 up 8s")
    assert hand.result()["next"] == {"seat": 1, "actions": ["deal-up"]}
    assert refuse(hand, "5 up 7h") is Code.WRONG_STREET
    play(hand, "1 up As")
    assert hand.bring_in_seat == 1


# ============================================================================ 6. Bring-in
def test_rule_6_1_bring_in_highest_up_card() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "Qs", 2: "Ac", 3: "Kh"})
    assert hand.bring_in_seat == 2 and hand.result()["first_to_act"] == {"1": 2}
    assert hand.result()["next"] == {"seat": 2, "actions": ["bring-in"]}


@pytest.mark.parametrize("cards,expected", [
    ({1: "Ac", 2: "Ad", 3: "Ah"}, 3), ({1: "Kh", 2: "Ks", 3: "Kd"}, 2),
    ({1: "9d", 2: "9c", 3: "8s"}, 1), ({1: "Ts", 2: "Tc", 3: "Th"}, 1),
])
def test_rule_6_1_bring_in_suit_tiebreak(cards: dict[int, str], expected: int) -> None:
    assert start({1: BIG, 2: BIG, 3: BIG}, cards).bring_in_seat == expected


def test_rule_6_2_bring_in_is_twice_the_ante() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"}, ante=25, unit=5)
    play(hand, "1 bring")
    assert hand.bets == {1: 50}


@pytest.mark.parametrize("structure", [PL, NL])
def test_rule_6_2_bring_in_may_open_for_more_in_pot_and_no_limit(structure: object) -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"},
                 structure=structure)
    assert acts(hand) == ["bring-in", "bet"]
    rng = hand.wager_range()
    assert rng is not None and rng.min_to == 10
    assert refuse(hand, "1 bet 5") is Code.BAD_AMOUNT
    play(hand, "1 bet 15")  # the pot (antes) is 15: the pot-limit maximum
    assert hand.bets == {1: 15}
    assert acts(hand) == ["raise", "call", "fold"]


def test_rule_6_2_fixed_limit_bring_in_is_the_small_bet_no_opening_for_more() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"})
    assert acts(hand) == ["bring-in"]
    assert refuse(hand, "1 bet 20") is Code.WRONG_BRING_IN
    assert refuse(hand, "1 bet 10") is Code.WRONG_BRING_IN
    play(hand, "1 bring")
    assert hand.bets == {1: 10}


def test_rule_6_3_short_bring_in_others_face_the_full_bring_in() -> None:
    hand = start({1: 12, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, ante=5, unit=1)
    play(hand, "1 bring")
    assert hand.bets == {1: 7} and hand.stacks[1] == 0
    assert acts(hand) == ["raise", "call", "fold"]
    play(hand, "2 call")
    assert hand.bets == {1: 7, 2: 10}
    rng = hand.wager_range()
    assert rng is not None and rng.min_to == 20
    play(hand, "3 call")
    assert hand.betting_round is None
    assert pots(hand) == [(36, [1, 2, 3]), (6, [2, 3])]


def test_rule_6_3_short_bring_in_named_a_bet() -> None:
    hand = start({1: 12, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, ante=5, unit=1)
    play(hand, "1 bet 7")
    assert hand.bets == {1: 7}
    play(hand, "2 call")
    assert hand.bets[2] == 10


def test_rule_6_3_short_bring_in_no_limit_minimum_raise() -> None:
    hand = start({1: 12, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, ante=5, unit=1,
                 structure=NL)
    assert acts(hand) == ["bring-in"]  # cannot open for more than it has
    play(hand, "1 bring")
    assert refuse(hand, "2 raise 19") is Code.BAD_AMOUNT
    play(hand, "2 raise 20")


def test_rule_6_4_bring_in_is_live_and_action_goes_clockwise() -> None:
    hand = start({1: BIG, 3: BIG, 5: BIG, 6: BIG}, {1: "7s", 3: "8s", 5: "As", 6: "9s"})
    play(hand, "5 bring")
    assert due(hand) == 6
    play(hand, "6 call")
    assert due(hand) == 1
    play(hand, "1 call; 3 call")
    assert hand.betting_round is None  # no extra option for the bring-in
    assert pots(hand) == [(60, [1, 3, 5, 6])]


def test_rule_6_4_bring_in_gets_to_act_again_after_a_raise() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring; 2 raise 20; 3 call")
    assert due(hand) == 1 and acts(hand) == ["raise", "call", "fold"]


def test_rule_6_4_everyone_folds_to_the_bring_in() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "7s", 2: "Ks", 3: "Qs"})
    play(hand, "2 bring; 3 fold; 1 fold")
    result = hand.result()
    assert result["complete"] and result["hands"] == {}
    assert result["pots"][0]["winners"] == [2]
    assert hand.stacks == {1: 995, 2: 1010, 3: 995}  # the bring-in comes back


def test_rule_6_5_all_in_on_the_ante_cannot_bring_in() -> None:
    hand = start({1: 5, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Kh"})
    assert hand.bring_in_seat == 2
    assert hand.result()["first_to_act"] == {"1": 2}
    assert refuse(hand, "1 bring") in (Code.ILLEGAL_ACTION, Code.WRONG_BRING_IN)


# ============================================================================ 7. Structures
def test_rule_7_1_fixed_limit_small_and_big_bets() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"})
    play(hand, "1 bring")
    rng = hand.wager_range()
    assert rng is not None and (rng.min_to, rng.max_to) == (20, 20)
    assert refuse(hand, "2 raise 30") is Code.BAD_AMOUNT
    play(hand, "2 raise 20; 1 call")
    deal(hand, {1: "Ah", 2: "Kh"})
    assert hand.first_to_act[2] == 1
    assert refuse(hand, "1 bet 20") is Code.BAD_AMOUNT
    play(hand, "1 bet 10; 2 raise 20; 1 call")
    deal(hand, {1: "8c", 2: "9c"})
    assert refuse(hand, "1 bet 10") is Code.BAD_AMOUNT
    play(hand, "1 bet 20; 2 raise 40; 1 call")
    deal(hand, {1: "8d", 2: "9d"})
    play(hand, "1 bet 20")
    rng = hand.wager_range()
    assert rng is not None and (rng.min_to, rng.max_to) == (40, 40)


def test_rule_7_1_fixed_limit_cap_one_bet_three_raises() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "1 bring; 2 raise 20; 3 raise 30; 1 raise 40")
    assert acts(hand) == ["call", "fold"]
    assert refuse(hand, "2 raise 50") is Code.ILLEGAL_ACTION
    play(hand, "2 call; 3 call")
    assert pots(hand) == [(135, [1, 2, 3])]


def test_rule_7_1_fixed_limit_cap_rounds_2_to_4() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"})
    play(hand, "1 bring; 2 call")
    deal(hand, {1: "Ah", 2: "Kh"})
    play(hand, "1 bet 10; 2 raise 20; 1 raise 30; 2 raise 40")
    assert acts(hand) == ["call", "fold"]


@pytest.mark.parametrize("cap,raises", [(1, 1), (2, 2), (4, 4), (0, 0)])
def test_rule_7_1_raise_cap_is_a_setting(cap: int, raises: int) -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, raise_cap=cap)
    play(hand, "1 bring")
    for i in range(raises):
        seat = [2, 3, 1][i % 3]
        play(hand, f"{seat} raise {10 * (i + 2)}")
    assert "raise" not in acts(hand)


def test_rule_7_2_pot_limit_maximum_is_the_pot_after_the_call() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=PL)
    play(hand, "1 bring")
    rng = hand.wager_range()
    # pot 15 + bring-in 10 + the call 10 = 35; raise to 10 + 35
    assert rng is not None and (rng.min_to, rng.max_to) == (20, 45)
    assert refuse(hand, "2 raise 50") is Code.BAD_AMOUNT
    play(hand, "2 raise 45")
    rng = hand.wager_range()
    # pot 15 + 10 + 45 = 70, call 45 -> 115; raise to 45 + 115
    assert rng is not None and (rng.min_to, rng.max_to) == (80, 160)
    play(hand, "3 raise 160")


def test_rule_7_2_pot_limit_opening_bet_bounds() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"}, structure=PL)
    play(hand, "1 bring; 2 call")
    deal(hand, {1: "8c", 2: "Kc"})
    assert due(hand) == 2
    rng = hand.wager_range()
    assert rng is not None and (rng.min_to, rng.max_to) == (10, 30)
    assert refuse(hand, "2 bet 5") is Code.BAD_AMOUNT
    assert refuse(hand, "2 bet 35") is Code.BAD_AMOUNT
    play(hand, "2 bet 30")
    rng = hand.wager_range()
    assert rng is not None and rng.max_to == 30 + 30 + 30 + 30


def test_rule_7_3_no_limit_up_to_the_stack() -> None:
    hand = start({1: BIG, 2: 500}, {1: "As", 2: "Ks"}, structure=NL)
    play(hand, "1 bring")
    rng = hand.wager_range()
    assert rng is not None and (rng.min_to, rng.max_to, rng.all_in_to) == (20, 495, 495)
    assert refuse(hand, "2 raise 500") is Code.BAD_AMOUNT
    play(hand, "2 raise 495")
    assert acts(hand) == ["call", "fold"]


def test_rule_7_4_no_limit_minimum_raise_is_the_largest_increment() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "1 bring")
    assert refuse(hand, "2 raise 15") is Code.BAD_AMOUNT
    play(hand, "2 raise 50")  # increment 40
    rng = hand.wager_range()
    assert rng is not None and rng.min_to == 90
    assert refuse(hand, "3 raise 85") is Code.BAD_AMOUNT
    play(hand, "3 raise 90")


def test_rule_7_4_minimum_raise_after_a_short_all_in_raise() -> None:
    hand = start({1: BIG, 2: 20, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "1 bring; 2 raise 15")  # all-in, 5 over the bring-in
    rng = hand.wager_range()
    assert rng is not None and rng.min_to == 25  # 15 + the bring-in
    assert refuse(hand, "3 raise 20") is Code.BAD_AMOUNT
    play(hand, "3 raise 25")


def test_rule_7_4_minimum_raise_after_a_short_all_in_bet() -> None:
    hand = start({1: BIG, 2: 20}, {1: "As", 2: "Ks"}, structure=PL)
    play(hand, "1 bring; 2 call")
    deal(hand, {1: "7c", 2: "Kh"})
    assert due(hand) == 2 and hand.stacks[2] == 5
    play(hand, "2 bet 5")  # all-in below the bring-in
    assert acts(hand) == ["call", "fold"]  # every opponent all-in (rule 7.8)
    hand2 = start({1: BIG, 2: 20, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand2, "1 bring; 2 call; 3 call")
    deal(hand2, {1: "7c", 2: "8c", 3: "9c"})
    assert due(hand2) == 1
    play(hand2, "1 check; 2 bet 5")
    rng = hand2.wager_range()
    assert rng is not None and rng.min_to == 15  # 5 + the bring-in
    assert refuse(hand2, "3 raise 10") is Code.BAD_AMOUNT
    play(hand2, "3 raise 15")


def test_rule_7_5_all_in_for_less_always_allowed() -> None:
    hand = start({1: BIG, 2: 12, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL, unit=1)
    play(hand, "1 bring")
    assert acts(hand) == ["call", "fold"] and hand.wager_range() is None
    play(hand, "2 call")  # all-in for 7
    assert hand.bets[2] == 7 and hand.stacks[2] == 0


def test_rule_7_5_short_all_in_does_not_reopen() -> None:
    hand = start({1: BIG, 2: 20, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "1 bring; 2 raise 15; 3 call")
    assert due(hand) == 1
    assert acts(hand) == ["call", "fold"]  # the bring-in acted on 10; +5 is no full raise
    hand = start({1: BIG, 2: BIG, 3: 45, 4: BIG},
                 {1: "As", 2: "Ks", 3: "Qs", 4: "Js"}, structure=NL)
    play(hand, "1 bring; 2 raise 30; 3 raise 40; 4 call; 1 call")  # 3 all-in +10 < 20
    assert due(hand) == 2 and acts(hand) == ["call", "fold"]
    assert refuse(hand, "2 raise 60") is Code.ILLEGAL_ACTION


def test_rule_7_5_several_short_all_ins_reopen_in_no_limit() -> None:
    hand = start({1: BIG, 2: BIG, 3: 45, 4: 55},
                 {1: "As", 2: "Ks", 3: "Qs", 4: "Js"}, structure=NL)
    play(hand, "1 bring; 2 raise 30; 3 raise 40; 4 raise 50; 1 call")
    assert due(hand) == 2 and acts(hand) == ["raise", "call", "fold"]
    rng = hand.wager_range()
    assert rng is not None and rng.min_to == 70
    play(hand, "2 raise 70")


def test_rule_7_5_several_short_all_ins_reopen_in_pot_limit() -> None:
    hand = start({1: BIG, 2: BIG, 3: 20, 4: 25}, {1: "As", 2: "Ks", 3: "Qs", 4: "Js"},
                 structure=PL)
    play(hand, "1 bring; 2 call; 3 raise 15; 4 raise 20")
    assert due(hand) == 1 and "raise" in acts(hand)
    play(hand, "1 call")
    assert due(hand) == 2 and "raise" in acts(hand)  # 10 + 5 + 5 = a full raise


def test_rule_7_5_fixed_limit_less_than_half_a_bet_does_not_reopen() -> None:
    hand = start({1: BIG, 2: 19, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, unit=1)
    play(hand, "1 bring; 2 raise 14")  # all-in: 4 over, less than half of 10
    rng = hand.wager_range()
    assert rng is not None and rng.min_to == 24  # a raise is the wager plus one bet
    play(hand, "3 call")
    assert due(hand) == 1 and acts(hand) == ["call", "fold"]


def test_rule_7_5_fixed_limit_half_a_bet_counts_as_a_raise() -> None:
    hand = start({1: BIG, 2: 20, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, unit=1)
    play(hand, "1 bring; 2 raise 15")  # all-in: 5 over, half a bet
    play(hand, "3 call")
    assert due(hand) == 1 and acts(hand) == ["raise", "call", "fold"]
    play(hand, "1 raise 25")


def test_rule_7_5_fixed_limit_half_bet_counts_toward_the_cap() -> None:
    full = start({1: BIG, 2: 20, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, unit=1, raise_cap=1)
    play(full, "1 bring; 2 raise 15")
    assert acts(full) == ["call", "fold"]
    short = start({1: BIG, 2: 19, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, unit=1, raise_cap=1)
    play(short, "1 bring; 2 raise 14")
    assert acts(short) == ["raise", "call", "fold"]
    play(short, "3 raise 24")
    assert acts(short) == ["call", "fold"]


def test_rule_7_5_fixed_limit_short_all_in_bet_in_a_later_round() -> None:
    hand = start({1: BIG, 2: 24, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, unit=1)
    play(hand, "1 bring; 2 call; 3 call")
    deal(hand, {1: "7c", 2: "8c", 3: "9c"})
    play(hand, "1 check; 2 bet 9")  # all-in 9 of 10: a full bet (>= half)
    play(hand, "3 call")
    assert due(hand) == 1 and "raise" in acts(hand)


def test_rule_7_6_no_check_facing_a_bet_no_out_of_turn_no_over_stack() -> None:
    hand = start({1: BIG, 2: 300, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "1 bring")
    assert refuse(hand, "2 check") is Code.ILLEGAL_ACTION
    assert refuse(hand, "3 call") is Code.OUT_OF_TURN
    assert refuse(hand, "2 raise 300") is Code.BAD_AMOUNT
    play(hand, "2 fold")
    assert refuse(hand, "2 call") is Code.ILLEGAL_ACTION
    play(hand, "3 raise 995; 1 fold")
    assert hand.complete


def test_rule_7_6_no_action_after_all_in() -> None:
    hand = start({1: BIG, 2: 20, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "1 bring; 2 raise 15; 3 raise 50")
    assert refuse(hand, "2 call") is Code.ILLEGAL_ACTION


def test_rule_7_7_may_fold_with_a_check_open() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"})
    play(hand, "1 bring; 2 call")
    deal(hand, {1: "7c", 2: "8c"})
    assert due(hand) == 1 and acts(hand) == ["bet", "check", "fold"]
    play(hand, "1 fold")
    assert hand.complete and hand.result()["pots"][0]["winners"] == [2]


def test_rule_7_7_bring_in_cannot_fold() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"})
    assert "fold" not in acts(hand)
    assert refuse(hand, "1 fold") is Code.WRONG_BRING_IN


def test_rule_7_7_no_fold_when_every_other_player_is_all_in() -> None:
    hand = start({1: 5, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"})
    play(hand, "2 bring; 3 call")
    deal(hand, {1: "7c", 2: "Ah", 3: "8c"})
    assert due(hand) == 2
    play(hand, "2 fold")
    assert due(hand) == 3 and acts(hand) == ["check"]
    assert refuse(hand, "3 fold") is Code.ILLEGAL_ACTION
    assert refuse(hand, "3 bet 10") is Code.ILLEGAL_ACTION
    play(hand, "3 check")
    assert hand.betting_round is None


def test_rule_7_7_may_fold_facing_a_bet_from_an_all_in_player() -> None:
    hand = start({1: BIG, 2: 20}, {1: "As", 2: "Ks"}, structure=PL)
    play(hand, "1 bring; 2 call")
    deal(hand, {1: "7c", 2: "Kh"})
    play(hand, "2 bet 5")
    assert acts(hand) == ["call", "fold"]
    play(hand, "1 fold")
    assert hand.complete and hand.result()["pots"][0]["winners"] == [2]


def test_rule_7_8_uncalled_bet_goes_back() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "1 bring; 2 call; 3 call")
    deal(hand, {1: "7c", 2: "8c", 3: "9c"})
    play(hand, "1 check; 2 bet 200; 3 fold; 1 fold")
    result = hand.result()
    assert result["pots"] == [{"amount": 45, "eligible": [2], "winners": [2],
                               "awards": {"2": 45}}]
    assert hand.stacks == {1: 985, 2: 1030, 3: 985}


def test_rule_7_8_part_of_a_bet_nobody_called_goes_back() -> None:
    hand = start({1: BIG, 2: 60, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL)
    play(hand, "1 bring; 2 call; 3 call")
    deal(hand, {1: "7c", 2: "8c", 3: "9c"})
    play(hand, "1 bet 100; 2 call; 3 fold")  # seat 2 all-in for 45
    assert hand.betting_round is None
    assert pots(hand) == [(15 + 30 + 90, [1, 2])]
    assert hand.stacks[1] == 1000 - 5 - 10 - 45


def test_rule_7_8_no_bet_or_raise_when_every_opponent_is_all_in() -> None:
    hand = start({1: BIG, 2: 60}, {1: "As", 2: "Ks"}, structure=NL)
    play(hand, "1 bring; 2 call")
    deal(hand, {1: "7c", 2: "Kh"})
    play(hand, "2 bet 45")
    assert acts(hand) == ["call", "fold"]
    assert refuse(hand, "1 raise 100") is Code.ILLEGAL_ACTION
    play(hand, "1 call")
    assert hand.betting_round is None


# ============================================================================ 8. First to act
def test_rule_8_1_best_board_acts_first() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "9s"})
    play(hand, "1 bring; 2 call; 3 call")
    deal(hand, {1: "7c", 2: "8c", 3: "9h"})  # pair of nines beats A-7 and K-8
    assert hand.first_to_act[2] == 3 and due(hand) == 3
    passive(hand)
    deal(hand, {1: "7d", 2: "8d", 3: "Jc"})  # two pairs? no: 7-7 A vs 8-8 K vs 9-9 J
    assert hand.first_to_act[3] == 3
    passive(hand)
    deal(hand, {1: "7h", 2: "Kh", 3: "Jh"})  # trips 7 > two pairs K-8 / J-9
    assert hand.first_to_act[4] == 1


def test_rule_8_1_no_partial_straights_or_flushes_on_board() -> None:
    hand = checkdown({1: BIG, 2: BIG}, [{1: "7s", 2: "As"}, {1: "8s", 2: "Kh"},
                                        {1: "9s", 2: "Qd"}, {1: "Ts", 2: "Jc"}], show=False)
    assert hand.first_to_act == {1: 2, 2: 2, 3: 2, 4: 2}


def test_rule_8_1_kickers_count_on_board() -> None:
    hand = checkdown({1: BIG, 2: BIG}, [{1: "Ks", 2: "Kh"}, {1: "Kd", 2: "Kc"},
                                        {1: "8s", 2: "9h"}], show=False)
    assert hand.first_to_act[2] == 1  # K-K vs K-K: seat 1 nearest
    assert hand.first_to_act[3] == 2  # K-K-9 beats K-K-8


def test_rule_8_2_equal_boards_nearest_the_dealer_box() -> None:
    hand = checkdown({2: BIG, 5: BIG}, [{2: "Ac", 5: "As"}, {2: "Kc", 5: "Ks"},
                                        {2: "9d", 5: "9h"}, {2: "8d", 5: "8h"}], show=False)
    assert hand.bring_in_seat == 5
    assert hand.first_to_act == {1: 5, 2: 2, 3: 2, 4: 2}


def test_rule_8_3_all_in_and_folded_players_are_skipped() -> None:
    hand = start({1: BIG, 2: 15, 3: BIG, 4: BIG},
                 {1: "7s", 2: "As", 3: "8s", 4: "9s"}, structure=NL)
    play(hand, "2 bring; 3 call; 4 fold; 1 call")
    deal(hand, {1: "Tc", 2: "Ad", 3: "Jc"})
    assert hand.first_to_act[2] == 3  # seat 2 (A-A) is all-in
    play(hand, "3 check")
    assert due(hand) == 1


# ============================================================================ 9. Showdown
def test_rule_9_1_showdown_after_the_fifth_card() -> None:
    hand = checkdown({1: BIG, 2: BIG}, [{1: "As", 2: "Ks"}, {1: "7c", 2: "8c"},
                                        {1: "7d", 2: "8d"}], show=False)
    assert hand.result()["showdown_order"] is None
    deal(hand, {1: "Tc", 2: "Jc"})
    passive(hand)
    assert hand.result()["showdown_order"] == [1, 2]


def _to_fifth(stacks: dict[int, int], **kwargs: object) -> Hand:
    hand = checkdown(stacks, [{1: "As", 2: "Ks", 3: "Qs"}, {1: "7c", 2: "8c", 3: "9c"},
                              {1: "7d", 2: "8d", 3: "9d"}],
                     show=False, **kwargs)  # type: ignore[arg-type]
    deal(hand, {1: "Tc", 2: "Jc", 3: "Qc"})
    return hand


def test_rule_9_2_last_bettor_on_fifth_street_shows_first() -> None:
    hand = _to_fifth({1: BIG, 2: BIG, 3: BIG})
    assert due(hand) == 3
    play(hand, "3 check; 1 bet 20; 2 call; 3 call")
    assert hand.showdown_order == [1, 2, 3]
    hand = _to_fifth({1: BIG, 2: BIG, 3: BIG})
    play(hand, "3 check; 1 check; 2 bet 20; 3 call; 1 call")
    assert hand.showdown_order == [2, 3, 1]


def test_rule_9_2_last_raiser_shows_first() -> None:
    hand = _to_fifth({1: BIG, 2: BIG, 3: BIG})
    play(hand, "3 bet 20; 1 call; 2 raise 40; 3 call; 1 call")
    assert hand.showdown_order == [2, 3, 1]


def test_rule_9_2_no_bet_first_seat_clockwise_from_the_box() -> None:
    hand = _to_fifth({1: BIG, 2: BIG, 3: BIG})
    passive(hand)
    assert hand.showdown_order == [1, 2, 3]
    hand = checkdown({2: BIG, 4: BIG, 6: BIG},
                     [{2: "As", 4: "Ks", 6: "Qs"}, {2: "7c", 4: "8c", 6: "9c"}], show=False)
    deal(hand, {2: "7d", 4: "8d", 6: "9d"})
    passive(hand)
    deal(hand, {2: "Tc", 4: "Jc", 6: "Qc"})
    play(hand, "6 check; 2 fold; 4 check")
    assert hand.showdown_order == [4, 6]


def test_rule_9_2_short_all_in_raise_counts_as_the_last_raise() -> None:
    hand = _to_fifth({1: BIG, 2: 60, 3: BIG}, structure=NL)
    assert hand.stacks[2] == 45
    play(hand, "3 bet 40; 1 call; 2 raise 45; 3 call; 1 call")
    assert hand.showdown_order == [2, 3, 1]


def test_rule_9_3_first_must_show_later_may_muck() -> None:
    hand = _to_fifth({1: BIG, 2: BIG, 3: BIG})
    passive(hand)
    assert acts(hand) == ["show"]
    assert refuse(hand, "1 muck") is Code.SHOWDOWN_ORDER
    play(hand, "1 show Ah")
    assert acts(hand) == ["show", "muck"]
    play(hand, "2 muck; 3 show Qh")
    result = hand.result()
    assert set(result["hands"]) == {"1", "3"}
    assert result["pots"][0]["eligible"] == [1, 3]


def test_rule_9_3_mucked_hand_cannot_win() -> None:
    hand = _to_fifth({1: BIG, 2: BIG, 3: BIG})
    passive(hand)
    play(hand, "1 show Ah; 2 muck; 3 show Qh")  # 2 (J-8 two pairs w/ 8?) mucks
    assert hand.result()["pots"][0]["winners"] == [3]


def test_rule_9_3_no_muck_when_a_player_is_all_in() -> None:
    hand = checkdown({1: BIG, 2: 15, 3: BIG},
                     [{1: "As", 2: "Ks", 3: "Qs"}, {1: "7c", 2: "8c", 3: "9c"},
                      {1: "7d", 2: "8d", 3: "9d"}, {1: "Tc", 2: "Jc", 3: "Qc"}],
                     show=False, structure=NL)
    assert hand.seats[2].all_in
    play(hand, "1 show Ah")
    assert acts(hand) == ["show"]
    assert refuse(hand, "2 muck") is Code.SHOWDOWN_ORDER
    play(hand, "2 show Kh")
    assert refuse(hand, "3 muck") is Code.SHOWDOWN_ORDER


def test_rule_9_4_best_five_cards_win() -> None:
    hand = checkdown({1: BIG, 2: BIG},
                     [{1: "As", 2: "Ks"}, {1: "Ah", 2: "Kh"}, {1: "8c", 2: "9c"},
                      {1: "8d", 2: "9d"}],
                     {1: "7c", 2: "7d"})
    result = hand.result()
    assert result["hands"]["1"]["category"] == "two-pairs"
    assert result["pots"][0]["winners"] == [1]


def test_rule_9_5_hole_card_mismatch_is_refused() -> None:
    hand = antes(new_hand({1: BIG, 2: BIG}))
    play(hand, "1 down Jd")
    deal(hand, {1: "As", 2: "Ks"})
    passive(hand)
    for street in ({1: "7c", 2: "8c"}, {1: "7d", 2: "8d"}, {1: "Tc", 2: "Qc"}):
        deal(hand, street)
        passive(hand)
    assert due(hand) == 1
    assert refuse(hand, "1 show Js") is Code.HOLE_CARD_MISMATCH
    assert hand.seats[1].hole == parse_card("Jd")
    play(hand, "1 show Jd")


# ============================================================================ 10. Pots
def test_rule_10_1_side_pots() -> None:
    hand = checkdown({1: BIG, 2: 20, 3: BIG, 4: 60},
                     [{1: "As", 2: "Ks", 3: "Qs", 4: "Js"}], show=False, structure=NL)
    assert pots(hand) == [(60, [1, 2, 3, 4])]
    deal(hand, {1: "7c", 2: "8c", 3: "9c", 4: "Tc"})
    assert due(hand) == 1 and hand.stacks[2] == 5 and hand.stacks[4] == 45
    play(hand, "1 bet 45; 2 call; 3 call; 4 call")  # seats 2 and 4 all-in
    assert pots(hand) == [(80, [1, 2, 3, 4]), (120, [1, 3, 4])]


def test_rule_10_1_win_from_each_only_what_you_put_in() -> None:
    hand = start({1: BIG, 2: 15, 3: BIG}, {1: "7s", 2: "As", 3: "8s"}, structure=NL)
    play(hand, "2 bring; 3 call; 1 call")  # seat 2 all-in with the bring-in
    deal(hand, {1: "7c", 2: "Ac", 3: "8c"})
    play(hand, "3 bet 100; 1 call")
    for street in ({1: "9d", 2: "Ad", 3: "8d"}, {1: "Tc", 2: "Ah", 3: "Jc"}):
        deal(hand, street)
        passive(hand)
    showdown(hand, {1: "Th", 2: "Kd", 3: "Jd"})
    result = hand.result()
    assert result["pots"] == [
        {"amount": 45, "eligible": [1, 2, 3], "winners": [2], "awards": {"2": 45}},
        {"amount": 200, "eligible": [1, 3], "winners": [3], "awards": {"3": 200}}]
    assert hand.stacks == {1: 885, 2: 45, 3: 1085}


def test_rule_10_2_single_eligible_player_need_not_show() -> None:
    hand = _to_fifth({1: BIG, 2: BIG, 3: BIG})
    passive(hand)
    play(hand, "1 show Ah; 2 muck; 3 muck")
    result = hand.result()
    assert result["pots"][0]["winners"] == [1] and result["complete"]


def test_rule_10_2_pots_go_to_different_winners() -> None:
    hand = checkdown({1: BIG, 2: 15, 3: BIG}, [{1: "7s", 2: "As", 3: "Ks"}], show=False,
                     structure=NL)
    deal(hand, {1: "7c", 2: "Ac", 3: "Kc"})
    play(hand, "3 bet 100; 1 call")
    for street in ({1: "8d", 2: "Ad", 3: "Kd"}, {1: "9d", 2: "8h", 3: "9h"}):
        deal(hand, street)
        passive(hand)
    showdown(hand, {1: "Jh", 2: "Th", 3: "Jc"})
    result = hand.result()
    assert [p["winners"] for p in result["pots"]] == [[2], [3]]


def test_rule_10_3_odd_chip_to_the_winner_nearest_the_dealer_box() -> None:
    hand = start({1: 250, 3: 300, 6: 350}, {1: "Ts", 3: "As", 6: "Ac"}, ante=3, unit=1)
    assert hand.bring_in_seat == 3
    play(hand, "3 bring; 6 call; 1 fold")
    for street in ({3: "Kd", 6: "Kc"}, {3: "9h", 6: "9c"}, {3: "7d", 6: "7s"}):
        deal(hand, street)
        passive(hand)
    play(hand, "3 show Qs; 6 show Qh")
    assert awards(hand) == [{3: 11, 6: 10}]


def test_rule_10_3_odd_chips_one_unit_at_a_time_clockwise() -> None:
    hand = start({2: BIG, 4: BIG, 6: BIG, 1: BIG}, {1: "7s", 2: "Ac", 4: "As", 6: "Ad"})
    play(hand, "4 bring; 6 call; 1 fold; 2 call")
    for street in ({2: "Kc", 4: "Ks", 6: "Kd"}, {2: "9h", 4: "9c", 6: "9d"},
                   {2: "8d", 4: "8s", 6: "8h"}):
        deal(hand, street)
        passive(hand)
    showdown(hand, {2: "Qs", 4: "Qh", 6: "Qd"})
    # 20 antes + 30 = 50 = 10 units: 4, 3, 3, starting nearest the box
    assert awards(hand) == [{2: 20, 4: 15, 6: 15}]


def test_rule_10_4_rake_percent_rounded_down_to_the_chip_unit() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, structure=NL,
                 rake_percent=5)
    play(hand, "1 bring; 2 raise 50; 3 call; 1 call")  # 15 + 150 = 165: 8.25 -> 5
    deal(hand, {1: "7c", 2: "8c", 3: "9c"})
    play(hand, "1 check; 2 check; 3 bet 100; 1 fold; 2 fold")
    assert hand.rake == 5
    assert hand.result()["pots"][0]["awards"] == {"3": 160}


def test_rule_10_4_rake_cap() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"}, structure=NL, rake_percent=10,
                 rake_cap=20)
    play(hand, "1 bring; 2 raise 500; 1 call")
    deal(hand, {1: "7c", 2: "8c"})
    play(hand, "1 bet 10; 2 fold")  # pot 1010: 10% = 101, capped at 20
    assert hand.rake == 20 and hand.stacks == {1: 1485, 2: 495}


def test_rule_10_4_rake_taken_from_the_main_pot_first_winner_listed_with_zero() -> None:
    hand = start({1: 5, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, ante=10, unit=1,
                 structure=NL, rake_percent=10)
    assert hand.bring_in_seat == 2  # seat 1 is all-in on its ante of 5
    play(hand, "2 bring; 3 call")
    deal(hand, {1: "Ah", 2: "8c", 3: "9c"})
    play(hand, "2 bet 100; 3 call")
    for street in ({1: "Ad", 2: "8d", 3: "9d"}, {1: "Ac", 2: "Tc", 3: "Jc"}):
        deal(hand, street)
        passive(hand)
    showdown(hand, {1: "7h", 2: "Kh", 3: "Qh"})
    result = hand.result()
    # main 15, side 10 + 40 + 200 = 250; rake 10% of 265 = 26: 15 from main, 11 from side
    assert result["rake"] == 26
    assert result["pots"] == [
        {"amount": 15, "eligible": [1, 2, 3], "winners": [1], "awards": {"1": 0}},
        {"amount": 250, "eligible": [2, 3], "winners": [2], "awards": {"2": 239}}]
    assert hand.stacks == {1: 0, 2: 1000 - 130 + 239, 3: 870}


def test_rule_10_4_raked_without_showdown_uncalled_never_raked() -> None:
    hand = start({1: BIG, 2: BIG, 3: BIG}, {1: "As", 2: "Ks", 3: "Qs"}, ante=10, unit=1,
                 rake_percent=10)
    play(hand, "1 bring; 2 fold; 3 fold")
    assert hand.rake == 3  # 10% of the 30 antes; the returned bring-in is not raked
    assert hand.stacks == {1: 1017, 2: 990, 3: 990}


def test_rule_10_4_no_rake_by_default() -> None:
    hand = start({1: BIG, 2: BIG}, {1: "As", 2: "Ks"})
    play(hand, "1 bring; 2 fold")
    assert hand.rake == 0 and hand.stacks == {1: 1005, 2: 995}


def _conservation_walk(rake_percent: int) -> None:
    hand = new_hand({1: BIG, 2: 20, 3: BIG}, structure=NL, rake_percent=rake_percent,
                    rake_cap=0)
    total = hand.total_chips()
    assert total == 2020
    script = ("1 ante; 2 ante; 3 ante; 1 up As; 2 up Ks; 3 up Qs; 1 bring; 2 call; 3 raise 40;"
              "1 call; 2 call; 1 up 7c; 2 up 8c; 3 up 9c; 1 check; 3 bet 100; 1 call;"
              "1 up 7d; 2 up 8d; 3 up 9d; 3 check; 1 check;"
              "1 up Tc; 2 up Jc; 3 up Qc; 3 check; 1 check;"
              "1 show Ah; 2 show Kh; 3 show Qh")
    for item in script.split(";"):
        play(hand, item)
        assert hand.total_chips() == total, item
    assert hand.complete
    assert sum(hand.stacks.values()) - total == -hand.rake


def test_rule_10_5_chips_are_conserved_without_rake() -> None:
    _conservation_walk(0)


def test_rule_10_5_chips_are_conserved_with_rake_at_every_step() -> None:
    _conservation_walk(10)


def test_rule_10_5_stack_changes_add_up_to_minus_the_rake() -> None:
    hand = new_hand({1: BIG, 2: BIG}, ante=10, unit=5, rake_percent=10, structure=PL)
    play(hand, "1 ante; 2 ante; 1 up As; 2 up Ks; 1 bring; 2 raise 60; 1 fold")
    assert hand.rake == 5
    assert sum(st.stack - st.start_stack for st in hand.seats.values()) == -5


# ============================================================================ 11. The floor
def test_rule_11_1_undo_is_replaying_all_but_the_last_event() -> None:
    hand = new_hand({1: BIG, 2: BIG, 3: BIG}, structure=PL)
    script = ("1 ante; 2 ante; 3 ante; 1 down 8h; 1 up As; 2 up Ks; 3 up Qs; 1 bring; 2 call;"
              "3 raise 45; 1 call; 2 fold; 1 up 7c; 3 up 9c; 1 check; 3 bet 50")
    states = [hand.result()]
    for item in script.split(";"):
        play(hand, item)
        states.append(hand.result())
    events = hand.events
    for n in range(len(events) + 1):
        prior = Hand.replay(hand.settings, hand.specs, events[:n])
        assert prior.result() == states[n]


def test_rule_11_1_replay_error_carries_the_hand_before_the_refusal() -> None:
    hand = new_hand({1: BIG, 2: BIG})
    events = [Event(1, Action.ANTE), Event(2, Action.ANTE), Event(1, Action.ANTE)]
    with pytest.raises(ReplayError) as info:
        Hand.replay(hand.settings, hand.specs, events)
    assert info.value.index == 2 and info.value.code is Code.ANTES_MISSING
    assert info.value.hand.result()["accepted"] == 2


# Rules 11.2 (void) and 11.3 (supervisor credentials) are acts of the hand log: see
# tests/services/test_hands.py and tests/services/test_corrections.py (test_rule_11_*).
