"""The dealer's window while the database server is away (issue 24): an input typed then is
not refused but kept, the NEXT line says "Reconnecting…", and it is stored once, under the
id it was first sent with, when the server is back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from sqlalchemy import text

from dealer_app.storage.errors import ConnectionLostError
from tests.gui.conftest import Driver


@pytest.mark.one_backend
def test_an_input_typed_while_the_server_is_away_is_kept_and_stored_once_when_it_is_back(
        table: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)  # the antes
    hands = d.backend.services.hands
    real = hands.record_input
    away = [True]
    ids: list[str | None] = []

    def record_input(*args: object, **kwargs: object) -> object:
        ids.append(args[4] if len(args) > 4 else None)  # type: ignore[arg-type]
        if away[0]:
            raise ConnectionLostError("cannot reach the database (connection refused)")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(hands, "record_input", record_input)
    d.controller.reconnect.setInterval(20)
    before = d.backend.hand
    assert before is not None and len(before.events) == 3
    d.type("ks")  # seat 1's up card
    assert d.next_text == ("⟳ Reconnecting… the database server does not answer; kept "
                           "until it is back: Seat 1 is dealt Ks")
    assert not d.refused and d.page.next_line.property("refused") is False
    assert d.backend.pending is not None and len(d.backend.hand.events) == 3  # type: ignore[union-attr]
    d.type("qh")  # typed while the first is kept: not taken, and it says so
    assert d.next_text.endswith("Seat 1 is dealt Ks (not recorded: Seat 1 is dealt Qh)")
    d.qtbot.waitUntil(lambda: len(ids) >= 4)  # the timer keeps trying
    away[0] = False
    d.qtbot.waitUntil(lambda: d.backend.pending is None)
    assert not d.controller.reconnect.isActive()
    assert "NEXT ▶" in d.next_text and not d.refused
    hand = d.backend.hand
    assert hand is not None and [str(e.card) for e in hand.events[3:]] == ["Ks"]
    assert len(set(ids)) == 1 and ids[0]  # every attempt under the id first chosen
    with d.backend.services.db.read() as s:
        stored = s.execute(text("SELECT COUNT(*) FROM hand_event WHERE input_id = :i"),
                           {"i": ids[0]}).scalar_one()
    assert stored == 1
    d.type("qh")  # the window goes on as before
    assert d.backend.hand is not None and len(d.backend.hand.events) == 5
