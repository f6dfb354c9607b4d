"""The supervisor's acts from the review's hand list: void a hand, adjust a stack, close a
session, settle owed chips. Each runs in its dialog behind name, PIN and reason
(:mod:`.dialogs`); an accepted act refreshes the window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog

from dealer_app.gui.review.dialogs import SupervisorActDialog, VoidHandDialog
from dealer_app.gui.review.models import STATUS_WORDS, amount
from dealer_app.gui.review.session_dialogs import (
    AdjustStackDialog,
    CloseSessionDialog,
    SettleOwedDialog,
)
from dealer_app.services import HandStatus
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.review.parts import Controller


class ReviewActs:
    """The acts of the review window (its controller's part)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.backend = ctl.backend

    def run_act(self, dialog: SupervisorActDialog) -> bool:
        """Runs an act's dialog; accepted: its result in the status line, and a refresh."""
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        if accepted:
            self.ctl.window.status_line.setText(dialog.result_text)
            self.ctl.refresh()
        return accepted

    def void_selected(self) -> None:
        hand = self.ctl.need_hand()
        if hand is None:
            return
        if hand.status is HandStatus.VOID:
            self.ctl.say(tr("This hand is already void."))
            return
        self.run_act(VoidHandDialog.for_summary(self.backend, hand, self.ctl.staff,
                                                self.ctl.window))

    def void_hand(self, hand_id: int) -> None:
        state = self.backend.hand_state(hand_id)
        label = (tr("hand {number}").format(number=state.number) if state.number is not None
                 else tr("hand id {id}").format(id=hand_id))
        pot = sum(p.amount for p in state.hand.pots()) + sum(state.hand.bets.values())
        detail = tr("{pot} in the middle, {status}").format(
            pot=amount(pot), status=tr(STATUS_WORDS[state.status]))
        self.run_act(VoidHandDialog(self.backend, hand_id, label, detail, self.ctl.staff,
                                    self.ctl.window))

    def adjust_stack(self, session_id: int | None = None) -> None:
        session = self.backend.session(session_id) if session_id else self.ctl.need_session()
        if session is None:
            return
        if not session.is_open:
            self.ctl.say(tr("Session {session} is closed; its stacks cannot change.").format(
                session=session.id))
            return
        self.run_act(AdjustStackDialog(self.backend, session, self.ctl.staff, self.ctl.window))

    def close_session(self, session_id: int | None = None) -> None:
        session = self.backend.session(session_id) if session_id else self.ctl.need_session()
        if session is None:
            return
        if not session.is_open:
            self.ctl.say(tr("Session {session} is already closed.").format(
                session=session.id))
            return
        if self.run_act(CloseSessionDialog(self.backend, session, self.ctl.staff,
                                           self.ctl.window)):
            self.ctl.fill_sessions()

    def settle_owed(self, session_id: int) -> None:
        """The session report's "Settle owed chips…": owed chips paid at the cage."""
        session = self.backend.session(session_id)
        if not self.backend.owed_in_session(session_id):
            self.ctl.say(tr("No chips are owed to or by anyone in this session."))
            return
        self.run_act(SettleOwedDialog(self.backend, session, self.ctl.staff, self.ctl.window))
