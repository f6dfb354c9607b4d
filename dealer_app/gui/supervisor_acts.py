"""What a floor supervisor does from the dealer's window: F9 after a refused show, undo of a
completed hand, "Correct input…" on the hand log, and the Review window (F2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QWidget

from dealer_app import words
from dealer_app.engine import Action, Event
from dealer_app.gui.wording import prompts
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.parts import Controller
    from dealer_app.services import StaffMember


class SupervisorActs:
    """The supervisor's dialogs over the table, and the review window."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.backend = ctl.backend
        self.page = ctl.page
        self.dialog: QDialog | None = None
        """The supervisor's dialog open over the table, if any."""
        self.review_window: QWidget | None = None

    def close_all(self) -> None:
        """Sign-out: no supervisor's dialog or review window stays open."""
        if self.dialog is not None:
            self.dialog.reject()
        if self.review_window is not None:
            self.review_window.close()

    def _open_dialog(self, dialog: QDialog) -> QDialog:
        """Shows a supervisor's dialog over the table (window-modal, not blocking)."""
        self.dialog = dialog
        dialog.finished.connect(self._dialog_closed)
        dialog.open()
        return dialog

    def _dialog_closed(self) -> None:
        self.dialog = None
        self.page.card_entry.setFocus()

    def _after_act(self) -> None:
        self.ctl.input.clear()
        self.ctl.refresh()

    def call_supervisor(self) -> QDialog | None:
        """F9 after a refused show (rule 9.5): the supervisor corrects the hole card recorded
        at the deal to the card shown; then the show is recorded."""
        from dealer_app.gui.review.correction import CorrectInputDialog  # only when needed

        self.ctl.floor.supervisor_called()
        show, state = self.ctl.input.mismatch, self.backend.state
        if show is None or state is None:
            self.ctl.input.refuse(tr("nothing waits for the supervisor: F9 follows a shown "
                                     "hole card that does not match the one recorded (rule "
                                     "9.5)"))
            return None
        entry = next((e for e in state.log if e.step is not None and e.event is not None
                      and e.event.action is Action.DEAL_DOWN and e.event.seat == show.seat),
                     None)
        if entry is None or entry.event is None:
            self.ctl.input.mismatch = None
            self.ctl.input.refuse(tr("no hole card of seat {seat} is recorded: show it "
                                     "again").format(seat=show.seat))
            return None
        label = prompts.seat_label(state.hand, show.seat)
        summary = tr("{seat} shows {shown}, but {recorded} was recorded as the hole card at "
                     "the deal (#{seq}, rule 9.5). Correct the recorded hole card to {shown} "
                     "(or strike it); then the show is recorded.").format(
            seat=f"{label[:1].upper()}{label[1:]}", shown=show.card,
            recorded=entry.event.card, seq=entry.seq)

        def correct(seq: int, replacement: Event | None, supervisor: StaffMember,
                    reason: str) -> str:
            self.backend.correct(seq, replacement, supervisor, reason)
            return tr("#{seq} corrected by {name}").format(seq=seq, name=supervisor.name)

        dialog = CorrectInputDialog(self.backend, entry.seq, entry.event, correct,
                                    card=show.card, summary=summary,
                                    staff=self.backend.staff, parent=self.ctl.window)
        dialog.accepted.connect(lambda: self._after_mismatch(show))
        return self._open_dialog(dialog)

    def _after_mismatch(self, show: Event) -> None:
        self._after_act()
        self.ctl.input.record(Event(show.seat, Action.SHOW, card=show.card))

    def supervisor_undo(self) -> QDialog | None:
        """Ctrl+Z on a completed hand: the supervisor's PIN and reason (rule 11.3)."""
        from dealer_app.gui.review.dialogs import SupervisorActDialog  # only when needed

        state = self.backend.state
        if state is None:
            return None
        last = max((e for e in state.log if e.step is not None and e.event is not None),
                   key=lambda e: e.step or 0, default=None)
        what = (words.event_text(last.event) if last is not None and last.event
                else tr("its last input"))

        def act(supervisor: StaffMember, reason: str) -> str:
            self.backend.undo(supervisor, reason)
            return tr("undone by {name}").format(name=supervisor.name)

        if state.number is not None:
            text = tr("Hand {number} is complete: undoing its last input ({what}) takes its "
                      "result back and needs a supervisor (rule 11.3).").format(
                number=state.number, what=what)
        else:
            text = tr("This hand is complete: undoing its last input ({what}) takes its "
                      "result back and needs a supervisor (rule 11.3).").format(what=what)
        dialog = SupervisorActDialog(self.backend, tr("Undo"), text, act, self.backend.staff,
                                     self.ctl.window)
        dialog.accepted.connect(self._after_act)
        return self._open_dialog(dialog)

    def declare_misdeal(self) -> QDialog | None:
        """F7: a misdeal, or a card exposed on the deal, on the hand in progress: the
        supervisor's PIN and reason; the hand is voided (rule 11.2)."""
        from dealer_app.gui.misdeal_dialog import MisdealDialog  # only when needed

        state = self.backend.state
        if state is None or not self.backend.in_progress:
            self.ctl.input.refuse(tr("no hand is being dealt: a misdeal is declared on the "
                                     "hand in progress (rule 11.2)"))
            return None
        label = (tr("hand {number}").format(number=state.number) if state.number is not None
                 else tr("this hand"))
        dialog = MisdealDialog(self.backend, label, self.backend.staff, self.ctl.window)
        dialog.accepted.connect(self._after_act)
        return self._open_dialog(dialog)

    def correct_selected(self) -> QDialog | None:
        """The hand log's "Correct input…": a supervisor replaces or strikes the selected
        input (rule 11.3)."""
        from dealer_app.gui.review.correction import CorrectInputDialog  # only when needed

        p = self.page
        rows = p.log_view.selectionModel().selectedRows()
        row = p.log_model.row(rows[0].row()) if rows else None
        if row is None or row.event is None:
            self.ctl.input.refuse(tr("select an input still in force in the hand log to "
                                     "correct it"))
            return None

        def correct(seq: int, replacement: Event | None, supervisor: StaffMember,
                    reason: str) -> str:
            self.backend.correct(seq, replacement, supervisor, reason)
            return tr("#{seq} corrected by {name}").format(seq=seq, name=supervisor.name)

        dialog = CorrectInputDialog(self.backend, row.seq, row.event, correct,
                                    staff=self.backend.staff, parent=self.ctl.window)
        dialog.accepted.connect(self._after_act)
        return self._open_dialog(dialog)

    def open_review(self) -> QWidget:
        """Opens the supervisor's hand log browser on this database (or brings it to the
        front); when it closes, the table is read again (a supervisor may have changed it)."""
        window = self.review_window
        if window is not None:
            window.show()
            window.raise_()
            window.activateWindow()
            return window
        from dealer_app.gui.review import open_review_window  # only when asked: start-up

        window = open_review_window(self.backend, self.backend.staff)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.destroyed.connect(self._review_closed)
        self.review_window = window
        return window

    def _review_closed(self) -> None:
        self.review_window = None
        if self.backend.session is not None:
            self.backend.reload()
            if self.ctl.window.stack.currentWidget() is self.page:
                self.ctl.refresh()
