"""Each fact of a table is worded in one place (issue 22): seats, pots, streets, rounds,
actions and awards come from ``dealer_app/narration.py``, and every window and report that
shows them calls it."""

from __future__ import annotations

import ast
from pathlib import Path

from dealer_app import narration
from dealer_app.engine import Action, Event, SeatSpec, Settings
from dealer_app.engine.hand import Hand
from dealer_app.services import reports

PACKAGE = Path(narration.__file__).parent
FACTS = ["Main pot", "Side pot {number}", "seat {seat} ({name})", "Seat {seat} ({name})",
         "seat {seat} ({player})", "Seat {seat} ({player})", "Round 1 (2nd street)", "2nd",
         "{pot}: {seat} wins {amount} with {hand}", "{pot} of {amount}", "be dealt a card",
         "{items} and {last}", "{first} and {last}", "Rake {amount}",
         "Rake {rake}", "{pot} {amount}: {winner} wins"]
"""Templates of the facts: each may be written in the narration module only."""


def _literals(path: Path) -> set[str]:
    return {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def test_every_fact_is_worded_in_the_narration_module_only() -> None:
    elsewhere = {str(path.relative_to(PACKAGE)): sorted(set(FACTS) & _literals(path))
                 for path in PACKAGE.rglob("*.py") if path.name != "narration.py"}
    assert {path: found for path, found in elsewhere.items() if found} == {}
    assert set(FACTS) - _literals(PACKAGE / "narration.py") <= {
        "seat {seat} ({player})", "Seat {seat} ({player})", "{first} and {last}",
        "Rake {rake}"}  # the old placeholder names: gone, not moved


def _split_hand() -> Hand:
    """Two players tie with the same straight; the odd chip goes to seat 1 (rule 10.3)."""
    hand = Hand(Settings(ante=5, chip_unit=5),
                [SeatSpec(1, "Ann", 500), SeatSpec(2, "Bo", 500), SeatSpec(3, "Cy", 500)])
    for seat, action, *extra in [
            (1, "ante"), (2, "ante"), (3, "ante"),
            (1, "deal-up", "Ts"), (2, "deal-up", "Th"), (3, "deal-up", "7c"),
            (1, "bring-in"), (2, "call"), (3, "call"),
            (1, "deal-up", "9s"), (2, "deal-up", "9h"), (3, "deal-up", "8c"),
            (1, "check"), (2, "check"), (3, "fold"),
            (1, "deal-up", "8s"), (2, "deal-up", "8h"), (1, "check"), (2, "check"),
            (1, "deal-up", "7s"), (2, "deal-up", "7h"), (1, "check"), (2, "check"),
            (1, "show", "Jd"), (2, "show", "Jc")]:
        hand.apply(Event(seat, Action(action), card=extra[0] if extra else None))
    return hand


def test_the_report_says_what_the_dealers_window_says_of_an_award() -> None:
    """The copies disagreed: the report named no tied hand and spelled pots its own way."""
    hand = _split_hand()
    table = narration.award_lines(hand)
    assert table and table[0].startswith(
        "Main pot of 45: split between tied hands (straight, jack high): "
        "seat 1 (Ann) 25, seat 2 (Bo) 20; odd chip of 5 to seat 1 (Ann)")
    report = reports.result_lines(hand)
    assert [line for line in report if line.startswith("Main pot")] == table
    assert narration.screen_award_lines(hand) == (
        "Main pot 45 split with Straight, jack high: Ann 25, Bo 20 (odd chip 5 to Ann)",)
