"""One key press applies its input once and works out what the rules allow once, however
many parts of the window read it (issue 22, item 1: a call applied the input twice and ran
``Hand.allowed()`` three times)."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_app.engine.hand import Hand

from .conftest import make_driver


def test_a_call_is_applied_once_and_its_choices_worked_out_once(
        qtbot: QtBot, db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    d = make_driver(qtbot, db_url)
    d.sign_in("Sue", "135792", first=True)
    d.create_table("HU 1", structure="pot-limit")
    d.open_first_table()
    d.seat(1, "Ann", 500)
    d.seat(3, "Bo", 500)
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("khas")
    d.key(Qt.Key.Key_B)
    calls: Counter[str] = Counter()
    for name in ("apply", "_apply", "_work_out_allowed"):
        original = getattr(Hand, name)

        def counted(self: Hand, *args: object, _original: object = original,
                    _name: str = name) -> object:
            calls[_name] += 1
            return _original(self, *args)  # type: ignore[operator]

        monkeypatch.setattr(Hand, name, counted)
    events = len(d.backend.hand.events)  # type: ignore[union-attr]
    d.key(Qt.Key.Key_L)  # Ann calls the bring-in
    assert not d.refused, d.next_text
    assert len(d.backend.hand.events) == events + 1  # type: ignore[union-attr]
    assert calls == Counter({"apply": 1, "_work_out_allowed": 1}), calls
