"""The step replay shows exactly the engine's state after the first N inputs."""

from __future__ import annotations

import json
import random
import sqlite3

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_app.engine.hand import Hand
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.hand_detail import HandDetailWindow
from dealer_app.gui.review.replay import HandReplayView
from dealer_app.gui.wording.rows import seat_rows
from dealer_app.services import HandQuery, Services

from .datagen import World, make_world, play_hand


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), fraction=st.floats(0, 1))
def test_step_n_equals_engine_after_n_events(qtbot: QtBot, svc: Services, seed: int,
                                             fraction: float) -> None:
    world = getattr(svc, "_world", None)
    if world is None:
        world = make_world(svc, players={1: ("Ann", 5000), 2: ("Bo", 5000),
                                         4: ("Cy", 5000), 6: ("Di", 5000)})
        object.__setattr__(svc, "_world", world)
    state = play_hand(world, random.Random(seed))
    view = HandReplayView()
    qtbot.addWidget(view)
    view.set_state(svc.hands.hand_state(state.hand_id))
    n = round(fraction * len(state.events))
    view.set_step(n)
    expected = Hand.replay(state.settings, state.seats, state.events[:n])
    assert view.hand is not None
    assert view.hand.result() == expected.result()
    assert view.hand.result() == svc.hands.hand_state(state.hand_id, upto=n).result()
    rows = seat_rows({}, expected)
    for row in rows:
        assert view.table.seats[row.seat].row == row
    assert view.step_label.text().startswith(f"Step {n} / {len(state.events)}")


def test_keys_and_buttons_step_through_a_hand(qtbot: QtBot, world: World) -> None:
    svc = world.svc
    rng = random.Random(4)
    state = play_hand(world, rng, inputs=12)
    svc.hands.undo_last(state.hand_id, world.dealer, "wrong card")
    detail = HandDetailWindow(ReviewBackend(svc), state.hand_id)
    qtbot.addWidget(detail)
    detail.show()
    qtbot.waitExposed(detail)
    replay = detail.replay
    assert replay.step == replay.steps == 11
    # the undo and the undone input are in the log
    kinds = [e.kind for e in detail.log_model.entries]
    assert kinds.count("undo") == 1 and len(kinds) == 13
    assert detail.log_model.steps[11] is None  # the undone input reaches no step
    qtbot.mouseClick(replay.first_button, Qt.MouseButton.LeftButton)
    assert replay.step == 0
    assert replay.hand is not None and replay.hand.events == ()
    replay.setFocus()
    qtbot.keyClick(replay, Qt.Key.Key_Right)
    qtbot.keyClick(replay, Qt.Key.Key_Right)
    assert replay.step == 2
    qtbot.mouseClick(replay.back_button, Qt.MouseButton.LeftButton)
    assert replay.step == 1
    assert replay.hand.events == state.events[:1]
    qtbot.keyClick(replay, Qt.Key.Key_End)
    assert replay.step == 11
    # clicking a log row jumps to that input
    index = detail.log_model.index(4, 0)
    detail.log_view.clicked.emit(index)
    assert replay.step == 5
    assert detail.log_model.current_step == 5


def test_esc_and_ctrl_w_close_a_replay_window(qtbot: QtBot, world: World) -> None:
    """Issue 23, fault 7: neither key closed a hand's window."""
    state = play_hand(world, random.Random(5), inputs=6)
    for key, modifier in ((Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
                          (Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)):
        detail = HandDetailWindow(ReviewBackend(world.svc), state.hand_id)
        qtbot.addWidget(detail)
        with qtbot.waitActive(detail):
            detail.show()
            detail.activateWindow()
        qtbot.keyClick(detail.log_view, key, modifier)
        assert not detail.isVisible()


def test_a_hand_whose_stored_seats_were_changed_opens_with_what_failed(
        qtbot: QtBot, played: World) -> None:
    """Issue 23, fault 6: it raised SettingsError ("unexpected error") instead of opening."""
    hand = played.svc.review.search(HandQuery(session_id=played.session.id), limit=1)[0]
    path = played.svc.db.sqlite_path
    with sqlite3.connect(str(path)) as conn:
        (text,) = conn.execute("SELECT seats_json FROM hand WHERE id = ?",
                               (hand.hand_id,)).fetchone()
        seats = json.loads(text)
        seats[0]["stack"] += 3  # no longer whole chips (rule 3.3)
        conn.execute("UPDATE hand SET seats_json = ? WHERE id = ?",
                     (json.dumps(seats), hand.hand_id))
    detail = HandDetailWindow(ReviewBackend(played.svc), hand.hand_id)
    qtbot.addWidget(detail)
    assert "CANNOT BE REPLAYED" in detail.title.text()
    assert "stored seats and settings are refused" in detail.subtitle.text()
    assert "not a multiple of the chip unit" in detail.subtitle.text()
    assert detail.log_model.rowCount() > 0  # its log as stored
