"""Issue 8.2 in the review: the void dialog says what happened to the chips, and the close
session dialog warns when the chips do not reconcile and needs a reason for it."""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.dialogs import VoidHandDialog
from dealer_app.gui.review.report import SessionReportDialog
from dealer_app.gui.review.session_dialogs import CloseSessionDialog

from .datagen import BOSS, BOSS_PIN, World


def _fill(qtbot: QtBot, dialog: CloseSessionDialog | VoidHandDialog, reason: str) -> None:
    dialog.name.clear()
    qtbot.keyClicks(dialog.name, BOSS)
    dialog.pin.clear()
    qtbot.keyClicks(dialog.pin, BOSS_PIN)
    dialog.reason.setPlainText(reason)
    button = dialog.findChild(QPushButton, "confirmAct")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_closing_an_unbalanced_session_warns_and_needs_a_reason(qtbot: QtBot,
                                                                 played: World) -> None:
    path = played.svc.db.sqlite_path
    with sqlite3.connect(str(path)) as conn:  # a stack changed outside the app
        conn.execute("UPDATE seating SET stack = stack - 50 WHERE seat = 3")
    backend = ReviewBackend(played.svc)
    dialog = CloseSessionDialog(backend, played.session, played.boss)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.warning.isVisible() and "does not balance" in dialog.warning.text()
    assert dialog.imbalance.isVisible()
    _fill(qtbot, dialog, "end of shift")
    assert "does not reconcile" in dialog.error.text()
    assert played.svc.tables.session(played.session.id).is_open
    dialog.imbalance.setPlainText("50 found missing at the count; reported")
    _fill(qtbot, dialog, "end of shift")
    assert dialog.result() == CloseSessionDialog.DialogCode.Accepted
    assert not played.svc.tables.session(played.session.id).is_open
    audit = played.svc.review.audit(act="close-session")[0]
    assert audit.detail["imbalance_reason"] == "50 found missing at the count; reported"


def test_a_balanced_session_shows_no_warning(qtbot: QtBot, played: World) -> None:
    dialog = CloseSessionDialog(ReviewBackend(played.svc), played.session, played.boss)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.warning.isVisible() and not dialog.imbalance.isVisible()
    _fill(qtbot, dialog, "end of shift")
    assert dialog.result() == CloseSessionDialog.DialogCode.Accepted


def test_the_void_dialog_says_who_is_owed(qtbot: QtBot, played: World) -> None:
    svc = played.svc
    hands = svc.review.search(__import__("dealer_app.services", fromlist=["HandQuery"])
                              .HandQuery(session_id=played.session.id), limit=1)
    state = svc.hands.hand_state(hands[0].hand_id)
    moved = [spec for spec in state.seats if state.hand.stacks[spec.seat] != spec.stack]
    gone = moved[0]
    svc.tables.leave(played.session.id, gone.seat, played.dealer)
    dialog = VoidHandDialog(ReviewBackend(svc), state.hand_id, "hand 4", "pot")
    qtbot.addWidget(dialog)
    assert gone.player in dialog.findChild(type(dialog.error), "actSummary").text()
    _fill(qtbot, dialog, "wrong deck")
    assert dialog.result() == VoidHandDialog.DialogCode.Accepted
    amount = spec_delta = state.hand.stacks[gone.seat] - gone.stack
    words = (f"{gone.player} owes {spec_delta:,}" if amount > 0
             else f"{gone.player} is owed {-spec_delta:,}")
    assert words in dialog.result_text
    assert "every contribution" not in dialog.result_text


def test_the_session_box_says_closed_once_the_session_is_closed(qtbot: QtBot,
                                                                 played: World) -> None:
    """Issue 23, fault 7: the report's session box still said "open" after closing."""
    backend = ReviewBackend(played.svc)
    report = SessionReportDialog(backend, played.session.id)
    qtbot.addWidget(report)
    assert report.session_box.currentText().endswith("· open")
    dialog = CloseSessionDialog(backend, played.session, played.boss)
    qtbot.addWidget(dialog)
    _fill(qtbot, dialog, "end of shift")
    report.load(played.session.id)  # as the review does after every act
    assert "· closed " in report.session_box.currentText()
    assert not report.close_button.isEnabled()
