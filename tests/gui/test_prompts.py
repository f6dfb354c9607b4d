"""The NEXT line and the award text, from engine hands (no Qt)."""

from __future__ import annotations

from dealer_app.engine import Action, Event, SeatSpec, Settings, Structure
from dealer_app.engine.hand import Hand
from dealer_app.gui.wording import prompts


def _hand(*stacks: tuple[int, str, int], structure: Structure = Structure.FIXED_LIMIT,
          ante: int = 5, unit: int = 5) -> Hand:
    return Hand(Settings(ante=ante, chip_unit=unit, structure=structure),
                [SeatSpec(s, name, stack) for s, name, stack in stacks])


def _play(hand: Hand, *events: tuple[int, str] | tuple[int, str, str | int]) -> Hand:
    for e in events:
        seat, action = e[0], Action(e[1])
        extra = e[2] if len(e) > 2 else None
        card = extra if isinstance(extra, str) else None
        to = extra if isinstance(extra, int) else None
        hand.apply(Event(seat, action, card=card, to=to))
    return hand


THREE = ((1, "Ann", 500), (3, "Bo", 320), (6, "Cy", 1000))


def _antes(hand: Hand) -> Hand:
    return _play(hand, *[(s, "ante") for s in hand.order])


def test_no_hand() -> None:
    assert prompts.next_line(None, dealable=False) == "Seat at least two players to deal a hand"
    assert prompts.next_line(None, dealable=True) == "Press N to deal the next hand"


def test_antes_list_the_missing_seats() -> None:
    hand = _play(_hand(*THREE), (3, "ante"))
    assert prompts.next_line(hand) == "Antes of 5: seats 1, 6 — press P for all"


def test_deal_names_the_seat() -> None:
    hand = _antes(_hand(*THREE))
    assert prompts.next_line(hand) == ("Deal the hole card and 2nd card: seat 1 (Ann) — "
                                       "type the up card")
    assert prompts.round_text(hand) == "Dealing 2nd street"


def test_bring_in_then_options() -> None:
    hand = _play(_antes(_hand(*THREE)), (1, "deal-up", "Kh"), (3, "deal-up", "As"),
                 (6, "deal-up", "9d"))
    assert prompts.next_line(hand) == "Seat 3 (Bo) must bring in 10"
    _play(hand, (3, "bring-in"))
    assert prompts.next_line(hand) == "Seat 6 (Cy) to act: raise to 20, call 10 or fold"
    assert prompts.round_text(hand) == "Round 1 (2nd street)"


def test_no_limit_shows_the_range_and_the_opening_bet() -> None:
    hand = _play(_antes(_hand((1, "Ann", 500), (2, "Bo", 500), structure=Structure.NO_LIMIT)),
                 (1, "deal-up", "Kh"), (2, "deal-up", "As"))
    assert prompts.next_line(hand) == "Seat 2 (Bo) must bring in 10 (or open with a bet)"
    _play(hand, (2, "bring-in"))
    assert prompts.next_line(hand) == "Seat 1 (Ann) to act: raise to 20–495, call 10 or fold"


def test_call_all_in_is_named() -> None:
    hand = _play(_antes(_hand((1, "Ann", 500), (2, "Bo", 10))), (1, "deal-up", "As"),
                 (2, "deal-up", "Kh"), (1, "bring-in"))
    assert "call 5 (all-in)" in prompts.next_line(hand)


def _to_showdown() -> Hand:
    hand = _play(_antes(_hand(*THREE)), (1, "deal-up", "Kh"), (3, "deal-up", "As"),
                 (6, "deal-up", "9d"), (3, "bring-in"), (6, "call"), (1, "call"),
                 (1, "deal-up", "Kd"), (3, "deal-up", "7s"), (6, "deal-up", "9c"),
                 (1, "check"), (3, "check"), (6, "check"),
                 (1, "deal-up", "Qh"), (3, "deal-up", "8s"), (6, "deal-up", "Jc"),
                 (1, "bet", 20), (3, "call"), (6, "fold"),
                 (1, "deal-up", "7h"), (3, "deal-up", "9s"), (1, "check"), (3, "bet", 20),
                 (1, "call"))
    return hand


def test_showdown_order_and_award() -> None:
    hand = _to_showdown()
    assert prompts.next_line(hand) == ("Showdown: seat 3 (Bo) shows first — "
                                       "type the hole card")
    _play(hand, (3, "show", "Ts"))
    assert prompts.next_line(hand) == ("Showdown: seat 1 (Ann) shows or mucks — type the "
                                       "hole card, or M to muck")
    _play(hand, (1, "show", "Kc"))
    assert prompts.award_lines(hand) == [
        "Main pot of 125: seat 3 (Bo) wins 125 with straight flush, ten high"]
    assert prompts.next_line(hand) == "Hand complete: seat 3 (Bo) won — press N for the next hand"
    assert prompts.hand_names(hand) == {3: "Straight flush, ten high",
                                        1: "Three of a kind, kings"}


def test_split_pot_names_the_odd_chip_and_why() -> None:
    # two players tie with the same straight; 5 units split, the odd one to seat 1
    hand = _play(_antes(_hand((1, "Ann", 500), (2, "Bo", 500), (3, "Cy", 500))),
                 (1, "deal-up", "Ts"), (2, "deal-up", "Th"), (3, "deal-up", "7c"),
                 (1, "bring-in"), (2, "call"), (3, "call"),
                 (1, "deal-up", "9s"), (2, "deal-up", "9h"), (3, "deal-up", "8c"),
                 (1, "check"), (2, "check"), (3, "fold"),
                 (1, "deal-up", "8s"), (2, "deal-up", "8h"), (1, "check"), (2, "check"),
                 (1, "deal-up", "7s"), (2, "deal-up", "7h"), (1, "check"), (2, "check"),
                 (1, "show", "Jd"), (2, "show", "Jc"))
    lines = prompts.award_lines(hand)
    assert len(lines) == 1
    assert lines[0].startswith("Main pot of 45: split between tied hands (straight, jack high): "
                               "seat 1 (Ann) 25, seat 2 (Bo) 20")
    assert "odd chip of 5 to seat 1 (Ann), the tied winner nearest the dealer box" in lines[0]


def test_side_pot_only_player_left() -> None:
    hand = _play(_antes(_hand((1, "Ann", 500), (2, "Bo", 10), (3, "Cy", 500))),
                 (1, "deal-up", "As"), (2, "deal-up", "Ah"), (3, "deal-up", "7c"),
                 (1, "bring-in"), (2, "call"), (3, "call"))
    pots = hand.pots()
    assert len(pots) == 2 and pots[1].eligible == (1, 3)


def test_refusal_capitalises_and_names_the_seats_it_mentions() -> None:
    hand = _hand(*THREE)
    assert prompts.refusal("seat 3 must bring in 10 first (rule 6.4)", hand) == \
        "Seat 3 (Bo) must bring in 10 first (rule 6.4)"
    assert prompts.refusal("it is seat 6's turn, not seat 1", hand) == \
        "It is seat 6 (Cy)'s turn, not seat 1 (Ann)"
    assert prompts.refusal("seat 2 is empty; seats 1, 3 and 6 play", hand) == \
        "Seat 2 is empty; seats 1, 3 and 6 play"  # no player: no name; "seats" untouched
    assert prompts.refusal("seat 3 (Bo) shows", hand) == "Seat 3 (Bo) shows"  # named once
    assert prompts.refusal("'x' is not a rank") == "'x' is not a rank"
    assert prompts.refusal("antes first") == "Antes first"
