"""A misdeal, or a card exposed on the deal, declared at the dealer's table (F7) on a
supervisor's PIN: the hand in progress is voided (rule 11.2), recorded as a misdeal."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from dealer_app.engine import Action, CardError, Event, SeatSpec, Settings
from dealer_app.engine.hand import Hand
from dealer_app.engine.misdeal import MisdealError, MisdealKind, declare_misdeal
from dealer_app.gui.misdeal_dialog import MisdealDialog
from dealer_app.gui.wording.commands import KEY_MAP, Command
from dealer_app.services import HandStatus, reports
from tests.gui.conftest import Driver


def _dialog(d: Driver) -> MisdealDialog:
    d.key(Qt.Key.Key_F7)
    d.qtbot.waitUntil(lambda: d.controller.dialog is not None
                      and d.controller.dialog.isVisible())
    dialog = d.controller.dialog
    assert isinstance(dialog, MisdealDialog)
    return dialog


def _confirm(d: Driver, dialog: MisdealDialog, pin: str, reason: str) -> None:
    dialog.pin.clear()
    d.qtbot.keyClicks(dialog.pin, pin)
    dialog.reason.setPlainText(reason)
    d.qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok),
                       Qt.MouseButton.LeftButton)


def test_the_engine_declares_a_misdeal_only_while_the_hand_is_dealt() -> None:
    hand = Hand(Settings(ante=5, chip_unit=5), [SeatSpec(1, "Ann", 100), SeatSpec(2, "Bo", 100)])
    assert declare_misdeal(hand, MisdealKind.MISDEAL).card is None
    exposed = declare_misdeal(hand, MisdealKind.EXPOSED_CARD, "10h")
    assert str(exposed.card) == "Th"
    assert exposed.describe().startswith("card exposed on the deal (Th)")
    with pytest.raises(MisdealError):
        declare_misdeal(hand, MisdealKind.EXPOSED_CARD, " ")
    with pytest.raises(CardError):
        declare_misdeal(hand, MisdealKind.EXPOSED_CARD, "5h")
    for seat in (1, 2):
        hand.apply(Event(seat, Action.ANTE))
    hand.apply(Event(1, Action.DEAL_DOWN, card="As"))
    hand.apply(Event(2, Action.DEAL_DOWN, card="Ks"))
    hand.apply(Event(1, Action.DEAL_UP, card="Ah"))
    hand.apply(Event(2, Action.DEAL_UP, card="7h"))
    while not hand.complete:  # the bring-in, then the other player folds
        nxt = hand.next_input()
        assert nxt is not None
        action = Action.BRING_IN if Action.BRING_IN in nxt.actions else Action.FOLD
        hand.apply(Event(nxt.seat, action))
    with pytest.raises(MisdealError) as refused:
        declare_misdeal(hand, MisdealKind.MISDEAL)
    assert refused.value.hand_complete


def test_f7_declares_an_exposed_card_a_misdeal_and_voids_the_hand(table: Driver,
                                                                 tmp_path: Path) -> None:
    d = table
    assert "F7" in KEY_MAP and Command.MISDEAL.spec.key_text == "F7"
    d.key(Qt.Key.Key_F7)  # no hand yet: refused, nothing opens
    assert d.refused and "misdeal" in d.next_text and d.controller.dialog is None
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("jd")
    state = d.backend.state
    assert state is not None and state.status is HandStatus.IN_PROGRESS
    stacks = {s.seat: s.stack for s in d.backend.services.tables.seats(state.session_id)}
    dialog = _dialog(d)
    d.window.resize(1024, 768)
    dialog.what.setCurrentIndex(dialog.what.findData(MisdealKind.EXPOSED_CARD))
    assert dialog.card.isVisible()
    d.qtbot.keyClicks(dialog.card, "5s")
    _confirm(d, dialog, "135792", "hole card turned face up")
    assert "not a card" in dialog.error.text() and dialog.isVisible()
    assert d.backend.services.hands.hand_state(state.hand_id).status is HandStatus.IN_PROGRESS
    dialog.card.clear()
    d.qtbot.keyClicks(dialog.card, "qh")
    dialog.grab().save(str(tmp_path / "misdeal.png"))
    _confirm(d, dialog, "135792", "hole card turned face up")
    assert not dialog.isVisible(), dialog.error.text()
    stored = d.backend.services.hands.hand_state(state.hand_id)
    assert stored.status is HandStatus.VOID
    void = stored.log[-1]
    assert void.kind == "void" and void.reason is not None
    assert void.reason.startswith("card exposed on the deal (Qh): misdeal declared at the table")
    assert void.reason.endswith("hole card turned face up")
    assert {s.seat: s.stack for s in d.backend.services.tables.seats(state.session_id)} \
        == stacks  # every ante back
    audit = d.backend.services.review.audit(act="void-hand")[0]
    assert audit.detail["misdeal"] == "exposed-card" and audit.detail["card"] == "Qh"
    acts = reports.session_acts(d.backend.services.db, state.session_id)
    assert any("card exposed on the deal (Qh), misdeal declared at the table" in a.what
               for a in acts)
    d.key(Qt.Key.Key_N)  # the next hand deals
    assert not d.refused and d.backend.in_progress
    d.window.grab().save(str(tmp_path / "after.png"))


def test_a_misdeal_on_a_wrong_pin_changes_nothing(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    state = d.backend.state
    assert state is not None
    dialog = _dialog(d)
    assert not dialog.card.isVisible()  # a plain misdeal names no card
    _confirm(d, dialog, "000000", "wrong deck")
    assert dialog.isVisible() and dialog.error.text()
    assert d.backend.services.hands.hand_state(state.hand_id).status is HandStatus.IN_PROGRESS
    _confirm(d, dialog, "135792", "wrong deck")
    assert not dialog.isVisible()
    stored = d.backend.services.hands.hand_state(state.hand_id)
    assert stored.status is HandStatus.VOID
    assert stored.log[-1].reason == "misdeal declared at the table (rule 11.2): wrong deck"
