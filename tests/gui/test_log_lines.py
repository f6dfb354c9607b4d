"""The dealer's hand log in words (``gui/rows.log_lines``), without a window."""

from __future__ import annotations

import os
from datetime import UTC, datetime

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from dealer_app import words  # noqa: E402
from dealer_app.engine import Action, Event, SeatSpec, Settings  # noqa: E402
from dealer_app.engine.hand import Hand  # noqa: E402
from dealer_app.gui.backend import LogRow  # noqa: E402
from dealer_app.gui.rows import log_lines  # noqa: E402

AT = datetime(2024, 5, 1, 20, 15, 3, tzinfo=UTC)
EVENTS = (Event(1, Action.ANTE), Event(2, Action.ANTE), Event(1, Action.DEAL_UP, card="As"),
          Event(2, Action.DEAL_UP, card="Kd"), Event(1, Action.BRING_IN), Event(2, Action.CALL))
"""Seat 1 brings in all in for 5 of the 10; seat 2's call of 10 closes the round and gets the
uncalled 5 back: it put in 5."""


def _hand() -> Hand:
    return Hand.replay(Settings(ante=5, chip_unit=5),
                       [SeatSpec(1, "Ann", 10), SeatSpec(2, "Bo", 500)], EVENTS)


def _rows() -> list[LogRow]:
    return [LogRow(n, AT, "Sue", "input", e.seat, words.event_text(e), False, event=e)
            for n, e in enumerate(EVENTS, 1)]


def test_the_log_takes_the_chips_the_hand_kept_and_applies_nothing_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    hand = _hand()

    def refuse(*_: object) -> None:
        raise AssertionError("the log applied an input again")

    monkeypatch.setattr(Hand, "apply", refuse)
    monkeypatch.setattr(Hand, "_execute", refuse)
    texts = [line.text for line in log_lines(_rows(), hand)]
    assert texts[0] == "Seat 1 antes 5"
    assert texts[4:] == ["Seat 1 brings in 5", "Seat 2 calls 5"]
