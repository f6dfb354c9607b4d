"""Corrections in the review window: "Correct input…" in hand detail (PIN and reason), the
correction shown in the log (kind, who, why), the replay on the corrected inputs, and the
"Corrected" status filter with its marker in the list."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from dealer_app.engine import Action, Event
from dealer_app.engine.hand import Hand, Phase
from dealer_app.gui.review import open_review_window
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.correction import CorrectInputDialog
from dealer_app.gui.review.hand_detail import HandDetailWindow
from dealer_app.gui.review.models import HandListModel, HandLogModel
from dealer_app.gui.review.window import CORRECTED, ReviewWindow
from dealer_app.services import HandState

from .datagen import BOSS, BOSS_PIN, World, random_event


def _hand_with_hole_card(world: World) -> HandState:
    """Antes, the first seat's hole card recorded as Jd, then its up card."""
    svc = world.svc
    state = svc.hands.start_hand(world.session.id, world.dealer)
    while state.hand.phase is Phase.ANTES:
        ev = random_event(state.hand, random.Random(1))
        assert ev is not None
        state = svc.hands.record_input(state.hand_id, ev, world.dealer)
    first = state.hand.order[0]
    state = svc.hands.record_input(state.hand_id, Event(first, Action.DEAL_DOWN, card="Jd"),
                                   world.dealer)
    return svc.hands.record_input(state.hand_id, Event(first, Action.DEAL_UP, card="7c"),
                                  world.dealer)


@pytest.fixture
def answer(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> Iterator[list[str]]:
    """Patches the correction dialog's exec: a wrong PIN first, then the right one."""
    errors: list[str] = []

    def fake_exec(dialog: CorrectInputDialog) -> int:
        dialog.card.setText("js")
        for pin in ("0000", BOSS_PIN):
            dialog.name.setText(BOSS)
            dialog.pin.setText(pin)
            dialog.reason.setPlainText("player showed Js (rule 9.5)")
            qtbot.mouseClick(dialog.findChild(type(dialog.buttons.buttons()[0]), "confirmAct"),
                             Qt.MouseButton.LeftButton)
            if dialog.result() == QDialog.DialogCode.Accepted:
                return int(QDialog.DialogCode.Accepted)
            errors.append(dialog.error.text())
        return int(QDialog.DialogCode.Rejected)

    monkeypatch.setattr(CorrectInputDialog, "exec", fake_exec)
    yield errors


def test_hand_detail_corrects_an_input_and_replays_the_correction(
        qtbot: QtBot, world: World, answer: list[str]) -> None:
    state = _hand_with_hole_card(world)
    detail = HandDetailWindow(ReviewBackend(world.svc), state.hand_id)
    qtbot.addWidget(detail)
    assert detail.correct_dialog() is None  # nothing selected
    row = next(i for i, e in enumerate(detail.log_model.entries)
               if e.event is not None and e.event.action is Action.DEAL_DOWN)
    detail.log_view.selectRow(row)
    assert detail.correct_selected()
    assert answer and "wrong PIN" in answer[0]
    log = detail.log_model
    last = log.entries[-1]
    assert (last.kind, last.by, last.reason) == ("correct", BOSS, "player showed Js (rule 9.5)")
    assert log.data(log.index(len(log.entries) - 1, HandLogModel.COL_INPUT)) == \
        f"Correction of #{log.entries[row].seq}: Seat {state.hand.order[0]} is dealt down Js"
    assert log.data(log.index(row, HandLogModel.COL_NOTE)) == f"corrected by #{last.seq}"
    assert log.steps[row] is None and log.steps[-1] == row + 1  # in the input's place
    replay = detail.replay
    assert replay.steps == len(state.events)
    assert str(replay.hand_at(replay.steps).seats[state.hand.order[0]].hole) == "Js"
    replay.set_step(row + 1)
    expected = Hand.replay(state.settings, state.seats,
                           [*state.events[:row], Event(state.hand.order[0], Action.DEAL_DOWN,
                                                       card="Js")])
    assert replay.hand is not None and replay.hand.result() == expected.result()
    assert "CORRECTED" in detail.title.text()


def test_the_status_filter_offers_corrected_hands(qtbot: QtBot, played: World) -> None:
    svc = played.svc
    state = _hand_with_hole_card(played)
    seq = next(e.seq for e in state.log if e.event is not None
               and e.event.action is Action.DEAL_DOWN)
    svc.hands.correct_input(state.hand_id, seq, None, played.boss, "hole card unknown")
    win = open_review_window(svc, played.boss)
    assert isinstance(win, ReviewWindow)
    qtbot.addWidget(win)
    assert win.model.rowCount() == 5
    win.status_box.setCurrentIndex(win.status_box.findData(CORRECTED))
    qtbot.waitUntil(lambda: win.model.rowCount() == 1)
    assert win.model.hand_id(0) == state.hand_id
    index = win.model.index(0, HandListModel.COL_STATUS)
    assert win.model.data(index) == "In progress ✎"
    assert win.model.data(index, Qt.ItemDataRole.ToolTipRole) == "In progress · corrected"

