"""Issue 22, item 3: the review window shows a rule's refusal as a refusal (the status line,
"Not allowed: …") and a failure of the database or a file as a failure (a warning box)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dealer_app.gui.toolkit import i18n
from dealer_app.services import DatabaseUnavailableError

from .datagen import World
from .test_find import named, named_template, no_message_boxes, open_window

__all__ = ["named", "named_template", "no_message_boxes"]  # fixtures


def _other_hand(world: World) -> int:
    return world.svc.review.find_hand("Table 7", 1).hand_id


@pytest.fixture(params=["en", "sv"])
def lang(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    i18n.install(qapp, request.param)
    yield str(request.param)
    i18n.install(qapp, "en")


def test_a_hand_out_of_a_dealers_scope_is_a_refusal_not_a_failure(
        qtbot: QtBot, named: World, no_message_boxes: list[str], lang: str) -> None:
    win = open_window(qtbot, named, named.dealer)
    assert win.export_hand_pdf_of(_other_hand(named)) is None
    assert win.status_line.text() == {
        "en": "Not allowed: That hand is not in your open session.",
        "sv": "Inte tillåtet: Den handen finns inte i din öppna session.",
    }[lang]
    assert no_message_boxes == []  # no failure box for a refusal


def test_a_database_failure_still_goes_to_the_failure_box(
        qtbot: QtBot, named: World, no_message_boxes: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    win = open_window(qtbot, named)

    def gone(hand_id: int, upto: int | None = None) -> object:
        raise DatabaseUnavailableError("the database folder is read-only")

    monkeypatch.setattr(win.backend, "hand_state", gone)
    assert win.export_hand_pdf_of(_other_hand(named)) is None
    assert no_message_boxes == ["PDF failed: the database folder is read-only"]
    assert win.status_line.text() == no_message_boxes[0]
