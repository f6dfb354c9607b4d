"""The dealer's hand log in words (``gui/wording/rows.log_lines``), without a window."""

from __future__ import annotations

import os
from datetime import UTC, datetime

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dealer_app import words  # noqa: E402
from dealer_app.engine import Action, Event, SeatSpec, Settings  # noqa: E402
from dealer_app.engine.hand import Hand  # noqa: E402
from dealer_app.gui.toolkit import i18n  # noqa: E402
from dealer_app.gui.wording.rows import LogRow, log_lines, log_rows  # noqa: E402
from dealer_app.services.core.types import LogEntry  # noqa: E402

AT = datetime(2024, 5, 1, 20, 15, 3, tzinfo=UTC)
EVENTS = (Event(1, Action.ANTE), Event(2, Action.ANTE), Event(1, Action.DEAL_UP, card="As"),
          Event(2, Action.DEAL_UP, card="Kd"), Event(1, Action.BRING_IN), Event(2, Action.CALL))
"""Seat 1 brings in all in for 5 of the 10; seat 2's call of 10 closes the round and gets the
uncalled 5 back: it put in 5."""


def _hand(upto: int = len(EVENTS)) -> Hand:
    return Hand.replay(Settings(ante=5, chip_unit=5),
                       [SeatSpec(1, "Ann", 10), SeatSpec(2, "Bo", 500)], EVENTS[:upto])


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


def test_an_undo_line_names_the_input_with_its_amount_in_swedish(qapp: QApplication) -> None:
    """Issue 22.2: the undo line was found by an English regex in the translated text, so in
    Swedish it lost the amount of the input it took back."""
    def entry(seq: int, kind: str = "input", **more: object) -> LogEntry:
        fields: dict[str, object] = dict(event=EVENTS[min(seq, 5) - 1], target_seq=None,
                                         by="Sue", at=AT, reason=None, step=seq)
        fields.update(more)
        return LogEntry(seq, kind, **fields)  # type: ignore[arg-type]

    i18n.install(qapp, "sv")
    try:
        before = log_lines(log_rows(tuple(entry(n) for n in range(1, 6))), _hand(5))
        assert before[4].text.startswith("Plats 1") and before[4].text.endswith(" 5")
        # the bring-in (#5) undone by #6: the stored rows name it without chips
        undone = (*(entry(n) for n in range(1, 5)), entry(5, undone=True, step=None,
                                                            superseded_by=6),
                  entry(6, "undo", target_seq=5, step=None))
        after = log_lines(log_rows(undone), _hand(4),
                          {line.row.seq: line.text for line in before})
        assert after[4].text == before[4].text
        assert after[5].text == f"Ångring #5: {before[4].text}"
    finally:
        i18n.install(qapp, "en")
