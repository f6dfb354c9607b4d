"""Issue 20, dual control in the windows: the adjustment and void dialogs ask for a second,
different supervisor once the act is above the table's dual-control amount; the PIN of
each is checked for that act and session (a refusal audited with it)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.dialogs import VoidHandDialog
from dealer_app.gui.review.session_dialogs import AdjustStackDialog
from dealer_app.services import HandQuery, Role

from .datagen import BOSS_PIN, World

TESS_PIN = "975318"


def _confirm(qtbot: QtBot, dialog: AdjustStackDialog | VoidHandDialog) -> None:
    button = dialog.findChild(QPushButton, "confirmAct")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_large_adjustment_asks_for_a_second_supervisor(qtbot: QtBot, world: World) -> None:
    svc = world.svc
    svc.staff.add_staff("Tess", Role.SUPERVISOR, TESS_PIN, by=world.boss)
    svc.tables.change_settings(world.table.id, world.table.settings, world.boss, "controls",
                               dual_control_above=100)
    dialog = AdjustStackDialog(ReviewBackend(svc), world.session, world.boss)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.amount.setValue(100)
    assert not dialog.second_name.isVisible()  # at the amount: one supervisor
    dialog.amount.setValue(-150)
    assert dialog.second_name.isVisible() and dialog.second_pin.isVisible()
    assert "100" in dialog.second_note.text()
    qtbot.keyClicks(dialog.pin, BOSS_PIN)
    qtbot.keyClicks(dialog.reason, "chips taken back")
    _confirm(qtbot, dialog)
    assert dialog.isVisible() and "second supervisor" in dialog.error.text()
    qtbot.keyClicks(dialog.second_name, "Sam")  # the same person twice (the PIN is kept)
    qtbot.keyClicks(dialog.second_pin, BOSS_PIN)
    _confirm(qtbot, dialog)
    assert dialog.isVisible() and "another person" in dialog.error.text()
    dialog.second_name.clear()
    qtbot.keyClicks(dialog.second_name, "Tess")
    qtbot.keyClicks(dialog.pin, BOSS_PIN)
    qtbot.keyClicks(dialog.second_pin, "8642")  # Tess's PIN wrong: refused, audited
    _confirm(qtbot, dialog)
    assert dialog.isVisible() and "wrong PIN" in dialog.error.text()
    wrong = svc.review.audit(act="wrong-pin")[0]
    assert (wrong.by, wrong.detail["for"], wrong.session_id) == (
        "Tess", "adjustment", world.session.id)
    qtbot.keyClicks(dialog.pin, BOSS_PIN)
    qtbot.keyClicks(dialog.second_pin, TESS_PIN)
    _confirm(qtbot, dialog)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    entry = svc.review.audit(act="adjustment")[0]
    assert (entry.by, entry.detail["second_supervisor"], entry.detail["amount"]) == (
        "Sam", "Tess", -150)


def test_voiding_a_pot_above_the_amount_shows_the_second_supervisor(
        qtbot: QtBot, played: World) -> None:
    svc = played.svc
    svc.tables.change_settings(played.table.id, played.table.settings, played.boss,
                               "controls", dual_control_above=10)
    hand = svc.review.search(HandQuery(session_id=played.session.id), limit=1)[0]
    dialog = VoidHandDialog.for_summary(ReviewBackend(svc), hand, played.boss)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.second_name.isVisible() == (hand.pot > 10)
