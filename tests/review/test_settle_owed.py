"""Settling chips owed after a void (to or by a player who had left) from the session
report: the act's dialog, the owed line going to zero, the report naming the act."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.report import SessionReportDialog
from dealer_app.gui.review.session_dialogs import SettleOwedDialog
from dealer_app.services import HandQuery

from .datagen import BOSS, BOSS_PIN, World


def _owed_after_void(world: World) -> tuple[int, str, int]:
    svc = world.svc
    hand = svc.review.search(HandQuery(session_id=world.session.id), limit=1)[0]
    state = svc.hands.hand_state(hand.hand_id)
    gone = next(spec for spec in state.seats if state.hand.stacks[spec.seat] != spec.stack)
    svc.tables.leave(world.session.id, gone.seat, world.dealer)
    svc.hands.void_hand(state.hand_id, world.boss, "wrong deck")
    owed = gone.stack - state.hand.stacks[gone.seat]
    return gone.seat, gone.player, owed


def _settle(qtbot: QtBot, dialog: SettleOwedDialog, paid: int, reason: str) -> None:
    qtbot.keyClicks(dialog.pin, BOSS_PIN)
    dialog.amount.selectAll()
    qtbot.keyClicks(dialog.amount, str(paid))
    qtbot.keyClicks(dialog.reason, reason)
    button = dialog.findChild(QPushButton, "confirmAct")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_owed_chips_are_settled_from_the_session_report(qtbot: QtBot, played: World) -> None:
    seat, player, owed = _owed_after_void(played)
    backend = ReviewBackend(played.svc)
    report = SessionReportDialog(backend, played.session.id)
    qtbot.addWidget(report)
    report.show()
    assert report.settle_button.isEnabled()
    assert f"owed: {player} (seat {seat})" in report.reconciliation.text()
    with qtbot.waitSignal(report.settle_requested) as signal:
        qtbot.mouseClick(report.settle_button, Qt.MouseButton.LeftButton)
    assert signal.args == [played.session.id]

    dialog = SettleOwedDialog(backend, played.session, played.boss)
    qtbot.addWidget(dialog)
    dialog.show()
    words = "is owed" if owed > 0 else "owes"
    assert dialog.player.currentText() == f"Seat {seat} — {player} {words} {abs(owed):,}"
    assert (dialog.amount.value(), dialog.amount.maximum()) == (abs(owed), abs(owed))
    assert dialog.name.text() == BOSS
    _settle(qtbot, dialog, 5, "")
    assert dialog.error.text() == "Write the reason for this act."
    dialog.pin.clear()
    _settle(qtbot, dialog, 5, "cage slip 41")
    assert dialog.result() == SettleOwedDialog.DialogCode.Accepted
    assert f"Seat {seat}: 5 paid" in dialog.result_text
    assert f"{abs(owed) - 5:,} is still owed." in dialog.result_text

    rest = SettleOwedDialog(backend, played.session, played.boss)
    qtbot.addWidget(rest)
    rest.show()
    assert rest.amount.maximum() == abs(owed) - 5  # no more than is owed
    _settle(qtbot, rest, abs(owed) - 5, "cage slip 42")
    assert rest.result() == SettleOwedDialog.DialogCode.Accepted
    assert rest.result_text.endswith("nothing more is owed.")

    report.load(played.session.id)
    assert not report.settle_button.isEnabled()
    assert "owed:" not in report.reconciliation.text()
    assert report.reconciliation.text().startswith("Chips balance")
    assert "Owed chips settled" in report.acts.text()
    assert "cage slip 42" in report.acts.text()
    assert played.svc.tables.owed(played.session.id) == []


def test_an_amount_the_box_cannot_take_is_refused_not_changed(qtbot: QtBot,
                                                              played: World) -> None:
    """Issue 23, fault 2: typing 35 when 30 was owed recorded 3 (the spin box dropped the
    5 without a word), and 3 was taken when the chip unit is 5."""
    seat, _player, owed = _owed_after_void(played)
    backend = ReviewBackend(played.svc)
    unit = played.session.settings.chip_unit
    dialog = SettleOwedDialog(backend, played.session, played.boss)
    qtbot.addWidget(dialog)
    dialog.show()
    too_much = abs(owed) + unit
    _settle(qtbot, dialog, too_much, "cage slip 41")
    assert dialog.amount.text() == str(too_much)  # as typed, not cut to its first digits
    assert dialog.result() != SettleOwedDialog.DialogCode.Accepted
    assert f"{too_much:,} is more than {abs(owed):,}" in dialog.error.text()
    assert played.svc.tables.owed(played.session.id) == [(seat, _player, owed)]
    dialog.amount.selectAll()
    qtbot.keyClicks(dialog.amount, "x")  # a letter is not swallowed without a word
    assert "'x' cannot go in a number" in dialog.amount.last_refusal
    dialog.pin.clear()
    dialog.reason.clear()
    _settle(qtbot, dialog, unit - 2, "cage slip 41")  # not whole chips (rule 3.3)
    assert dialog.result() != SettleOwedDialog.DialogCode.Accepted
    assert f"not a multiple of the chip unit {unit}" in dialog.error.text()
    assert played.svc.tables.owed(played.session.id) == [(seat, _player, owed)]
