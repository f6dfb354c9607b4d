"""Brings the dealer's window to life: routes keys and clicks to the backend, then redraws
everything from the engine state the backend returns.

A refused input (the engine's ``RuleError``, or a storage error with a message) changes
nothing but the NEXT line, which turns red with the reason until the next input.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from dealer_app.engine import (
    Action,
    CardError,
    Code,
    Event,
    RuleError,
    SettingsError,
    parse_card,
)
from dealer_app.engine.hand import Hand, Phase
from dealer_app.gui import prompts
from dealer_app.gui.backend import Backend, Snapshot, StorageError, TableHeldError
from dealer_app.gui.rows import pot_rows, seat_rows
from dealer_app.gui.window import DealerWindow

if TYPE_CHECKING:
    from dealer_app.services import StaffMember

RANK_START = set("789tjqka1")
BETTING_KEYS: dict[int, str] = {
    Qt.Key.Key_B: "bring-in", Qt.Key.Key_E: "bet", Qt.Key.Key_R: "raise",
    Qt.Key.Key_C: "call", Qt.Key.Key_K: "check", Qt.Key.Key_F: "fold",
}
_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class DealerController(QObject):
    """One window, one backend. ``refreshed`` is emitted after every redraw."""

    refreshed = Signal()

    def __init__(self, window: DealerWindow, backend: Backend) -> None:
        super().__init__(window)
        self.window = window
        self.backend = backend
        self.page = window.page
        self.snap: Snapshot | None = None
        self.takeover = False
        self.show_pending = False
        self.review_window: QWidget | None = None
        self.staff_authority: StaffMember | None = None
        """The supervisor who opened the staff accounts on the tables page (the signed-in
        supervisor, or one who typed their PIN in a dealer's window) until sign-out."""
        w, p = window, window.page
        w.key_handler = self.handle_key
        p.card_entry.key_handler = self.handle_key
        w.sign_in.submitted.connect(self.on_sign_in)
        w.sign_in.back_button.clicked.connect(self.cancel_change_dealer)
        w.tables.open_requested.connect(self.on_open_table)
        w.tables.create_requested.connect(self.on_create_table)
        w.tables.sign_out_requested.connect(self.sign_out)
        w.tables.staff.unlock_requested.connect(self.on_staff_unlock)
        w.tables.staff.add_requested.connect(self.on_staff_add)
        w.tables.staff.unlock_account_requested.connect(self.on_staff_unlock_account)
        p.sign_out_button.clicked.connect(self.sign_out)
        p.action_bar.triggered.connect(self.on_action)
        p.review_button.clicked.connect(self.open_review)
        p.amount.confirmed.connect(self.on_amount)
        p.amount.cancelled.connect(self.close_amount)
        p.picker.picked.connect(self.submit_card)
        p.hole_button.toggled.connect(lambda _on: self.refresh())
        p.table.seat_clicked.connect(self.on_seat_clicked)
        p.players.requested.connect(self.on_player_request)
        p.table_panel.apply_settings.connect(self.on_apply_settings)
        p.table_panel.change_dealer.connect(self.on_change_dealer)
        self.mismatch: Event | None = None
        """The show the engine refused with ``hole-card-mismatch`` (F9 calls the supervisor)."""
        self.amount_for: tuple[int, int] | None = None
        """(seat, events recorded) when the amount box opened: a confirm is for that step."""
        self.dialog: QDialog | None = None
        """The supervisor's dialog open over the table, if any."""
        p.correct_button.clicked.connect(self.correct_selected)
        p.correct_action.triggered.connect(self.correct_selected)

    # ------------------------------------------------------------------ start of shift
    def start(self) -> None:
        self.window.sign_in.set_first(self.backend.needs_first_supervisor())
        self.window.show_page(self.window.sign_in)

    def on_sign_in(self, name: str, pin: str, first: bool) -> None:
        page = self.window.sign_in
        try:
            if self.takeover:
                self.backend.change_dealer(name, pin)
            elif first:
                self.backend.create_first_supervisor(name, pin)
            else:
                self.backend.sign_in(name, pin)
        except StorageError as exc:
            page.error.setText(str(exc))
            page.pin.clear()
            page.pin2.clear()  # a refused first PIN is typed twice again
            return
        if self.takeover:
            self.takeover = False
            self.staff_authority = None
            self.show_table()
            return
        self.show_tables()

    def show_tables(self) -> None:
        b = self.backend
        assert b.staff is not None
        entries = []
        for t, session, hand_number in b.table_overview():
            if session is None:
                status = "No session open"
            else:
                status = f"Open · dealer {session.dealer}"
                if hand_number is not None:
                    status += f" · hand {hand_number} in progress"
                else:
                    status += " · between hands"
            entries.append((t.id, f"{t.name} · {t.settings.describe()}\n{status}"))
        self.window.tables.set_tables(entries, f"{b.staff.name} ({b.staff.role.value})",
                                      b.staff.is_supervisor)
        if b.staff.is_supervisor:
            self.staff_authority = b.staff
        self._show_staff()
        self.window.show_page(self.window.tables)

    # ------------------------------------------------------------------ staff accounts
    def _show_staff(self) -> None:
        box = self.window.tables.staff
        sup = self.staff_authority
        if sup is None:
            box.set_locked(True)
            return
        me = self.backend.staff
        box.set_locked(False, by="" if me is not None and me.id == sup.id else sup.name)
        locked = self.backend.locked_staff()
        box.set_staff([(m.name, m.role.value + (
            f" · locked until {locked[m.name].astimezone():%H:%M}" if m.name in locked else ""))
            for m in self.backend.list_staff()])

    def on_staff_unlock(self) -> None:
        box = self.window.tables.staff
        try:
            sup = self.backend.supervisor(box.sup_name.text().strip(), box.sup_pin.text(),
                                          "staff accounts")
        except StorageError as exc:
            box.sup_pin.clear()
            box.lock_error.setText(prompts.refusal(str(exc)))
            return
        self.staff_authority = sup
        self._show_staff()
        box.name.setFocus()

    def on_staff_add(self) -> None:
        box = self.window.tables.staff
        sup = self.staff_authority
        if sup is None:
            self._show_staff()
            return
        name, pin, role = box.name.text().strip(), box.pin.text(), box.role.currentData()
        if not name:
            box.show_message("Type the new staff member's name.", error=True)
            box.name.setFocus()
            return
        if pin != box.pin2.text():
            box.show_message("The two PINs differ: type them again.", error=True)
            box.pin.clear()
            box.pin2.clear()
            box.pin.setFocus()
            return
        try:
            member = self.backend.add_staff(name, str(role), pin, sup)
        except StorageError as exc:
            box.show_message(prompts.refusal(str(exc)) + ".", error=True)
            box.pin.clear()
            box.pin2.clear()
            return
        self._show_staff()
        box.clear_form()
        box.show_message(f"{member.name} added as {member.role.value}; they sign in with "
                         "their name and PIN.")
        box.name.setFocus()

    def on_staff_unlock_account(self, name: str) -> None:
        box = self.window.tables.staff
        sup = self.staff_authority
        if sup is None:
            self._show_staff()
            return
        if not name:
            box.show_message("Type the name of the account to unlock.", error=True)
            box.name.setFocus()
            return
        try:
            member = self.backend.unlock_staff(name, sup)
        except StorageError as exc:
            box.show_message(prompts.refusal(str(exc)) + ".", error=True)
            return
        self._show_staff()
        box.clear_form()
        box.show_message(f"{member.name} is unlocked; they sign in with their PIN.")

    def sign_out(self) -> None:
        """Back to the sign-in page. The session stays open and a hand in progress stays
        stored: the next dealer who opens that table resumes it."""
        if self.dialog is not None:
            self.dialog.reject()
        if self.review_window is not None:
            self.review_window.close()
        p = self.page
        p.card_entry.clear()
        p.hole_button.setChecked(False)
        p.toggle_key_map(False)
        p.amount.close_box()
        p.next_line.clear_error()
        p.players.message.clear()
        p.table_panel.message.clear()
        p.table_panel.supervisor.clear()
        self.amount_for = None
        self.show_pending = False
        self.mismatch = None
        self.takeover = False
        self.staff_authority = None
        self.snap = None
        self.backend.sign_out()
        self.window.tables.staff.set_locked(True)
        self.window.tables.error.clear()
        self.window.sign_in.name.clear()
        self.start()

    def on_create_table(self) -> None:
        page = self.window.tables
        try:
            settings = page.form.settings()
            sup = self.backend.staff
            if sup is None or not sup.is_supervisor:
                f = page.supervisor
                sup = self.backend.supervisor(f.name.text(), f.pin.text(),
                                              f.reason.text() or "new table")
            self.backend.create_table(page.form.name.text(), settings, sup)
        except (SettingsError, StorageError) as exc:
            page.error.setText(str(exc))
            return
        page.error.clear()
        self.show_tables()

    def on_open_table(self, table_id: int, take_over: bool = False) -> None:
        try:
            self.backend.open_table(table_id, take_over=take_over)
        except TableHeldError as exc:
            self.confirm_take_over(table_id, exc)
            return
        except StorageError as exc:
            self.window.tables.open_error.setText(prompts.refusal(str(exc)))
            return
        self.show_table()

    def confirm_take_over(self, table_id: int, exc: TableHeldError) -> QMessageBox:
        """Another workstation holds the table: who and since when; taking it over only on
        purpose (audited)."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Table in use",
                          prompts.refusal(str(exc)) + ".", QMessageBox.StandardButton.Cancel,
                          self.window)
        box.setObjectName("takeOverBox")
        box.setInformativeText("Taking it over stops that workstation from recording into "
                               "this table; it is kept in the audit record.")
        take = box.addButton("Take over this table", QMessageBox.ButtonRole.AcceptRole)
        take.setObjectName("takeOver")
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        self.window.tables.open_error.setText(prompts.refusal(str(exc)))

        def done() -> None:
            if box.clickedButton() is take:
                self.window.tables.open_error.clear()
                self.on_open_table(table_id, take_over=True)

        box.finished.connect(done)
        self._open_dialog(box)
        return box

    def show_table(self) -> None:
        snap = self.backend.snapshot()
        self.page.table_panel.form.set_settings(snap.table_name, snap.settings)
        self.window.show_page(self.page)
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraws the table from the backend's current state."""
        snap = self.snap = self.backend.snapshot()
        p = self.page
        hand = snap.hand
        rows = seat_rows(snap.seats, hand)
        p.table.set_seats(rows)
        p.seats_model.set_seats(rows)
        pots = pot_rows(hand)
        p.pots_model.update_rows(pots)
        bets = sum(hand.bets.values()) if hand is not None and not hand.complete else 0
        award = prompts.award_lines(hand) if hand is not None else []
        p.table.centre.set_state(prompts.round_text(hand if snap.in_progress or (
            hand is not None and hand.complete) else None), pots, bets, award)
        number = f"Hand {snap.hand_number}" if snap.hand_number else "No hand yet"
        p.table.dealer.set_info(f"{number} · {snap.dealer}")
        p.header.setText(f"{snap.table_name} · {snap.settings.describe()} · {number} · "
                         f"Dealer {snap.dealer}")
        _changed, added = p.log_model.update_rows(list(snap.log))
        if added:
            p.log_view.scrollToBottom()
        p.picker.set_used(hand.used if hand is not None and snap.in_progress else ())
        p.action_bar.set_actions(self._action_labels(snap))
        seated = sum(1 for s in snap.seats.values() if not s.sitting_out and s.stack > 0)
        error = p.next_line.error
        p.next_line.show_prompt(self._prompt(snap, seated))
        if error:
            p.next_line.show_error(error)
        self.refreshed.emit()

    def _prompt(self, snap: Snapshot, seated: int) -> str:
        hand = snap.hand if snap.in_progress or (snap.hand and snap.hand.complete) else None
        if self.page.hole_button.isChecked() and hand is not None:
            seat = self._hole_seat(hand)
            if seat is not None:
                return f"Hole card for {prompts.seat_label(hand, seat)}: type it or pick it"
        if self.show_pending and hand is not None and hand.phase is Phase.SHOWDOWN:
            nxt = hand.next_input()
            if nxt is not None:
                return (f"Showdown: type the hole card of "
                        f"{prompts.seat_label(hand, nxt.seat)}")
        return prompts.next_line(hand, seated=seated)

    def _action_labels(self, snap: Snapshot) -> dict[str, str]:
        hand = snap.hand
        labels: dict[str, str] = {}
        if hand is not None and snap.in_progress:
            nxt = hand.next_input()
            if nxt is not None and hand.phase is Phase.ANTES:
                missing = sum(1 for st in hand.seats.values() if not st.anted)
                labels["ante"] = f"Antes ×{missing}"
            elif nxt is not None and hand.phase is Phase.BETTING:
                options = prompts.betting_options(hand, nxt.seat)
                for action, text in zip(nxt.actions, options, strict=True):
                    labels[action.value] = text[:1].upper() + text[1:]
            elif nxt is not None and hand.phase is Phase.SHOWDOWN:
                labels["show"] = "Show" if hand.seats[nxt.seat].hole else "Show (type card)"
                if Action.MUCK in nxt.actions:
                    labels["muck"] = "Muck"
            if hand.events:
                labels["undo"] = "Undo"
        else:
            if hand is not None and hand.complete and snap.log:
                labels["undo"] = "Undo"
            labels["next"] = "Next hand"
        if self.mismatch is not None:
            labels["supervisor"] = "Call supervisor…"
        return labels

    def _wants_card(self) -> bool:
        snap = self.snap
        if snap is None or snap.hand is None or not snap.in_progress:
            return False
        hand = snap.hand
        if self.page.hole_button.isChecked():
            return True
        if hand.phase is Phase.DEAL:
            return True
        if hand.phase is Phase.SHOWDOWN:  # the card shown, even when a hole card was
            return hand.next_input() is not None  # recorded (rule 9.5 checks they match)
        return False

    @staticmethod
    def _hole_seat(hand: Hand) -> int | None:
        for s in hand.order:
            st = hand.seats[s]
            if st.hole is None and not st.folded:
                return s
        return None

    # ------------------------------------------------------------------ inputs
    def fail(self, message: str) -> None:
        """Turns the NEXT line red with ``message`` (capitalised, seats named)."""
        self.page.next_line.show_error(prompts.refusal(message, self.backend.hand))

    def record(self, event: Event) -> bool:
        """Sends one input; True when stored. A refusal only turns the NEXT line red."""
        try:
            self.backend.record(event)
        except RuleError as exc:
            self._resync()
            self.fail(exc.message)
            if exc.code is Code.HOLE_CARD_MISMATCH:  # rule 9.5: for the supervisor
                self.mismatch = event
                self.fail(f"{exc.message} — F9")
                if self.snap is not None:
                    self.page.action_bar.set_actions(self._action_labels(self.snap))
            return False
        except StorageError as exc:
            self._resync()
            self.fail(str(exc))
            return False
        self.mismatch = None
        self.page.next_line.clear_error()
        self.close_amount()
        self.page.hole_button.setChecked(False)
        self.refresh()
        return True

    def _resync(self) -> None:
        """After a refusal: the stored hand may have moved on elsewhere (another workstation,
        the review window), so read it again; the red message is written after this."""
        before = self.backend.state.log if self.backend.state is not None else None
        try:
            self.backend.reload()
        except StorageError:
            return
        after = self.backend.state.log if self.backend.state is not None else None
        if after != before:
            self.close_amount()
            self.refresh()

    def handle_key(self, event: QKeyEvent) -> bool:
        """Every key of the table page comes here first. True: consumed."""
        key = event.key()
        mods = event.modifiers()
        p = self.page
        if p.key_map.isVisible() and key != Qt.Key.Key_F1:
            p.toggle_key_map(False)
            return True
        if key == Qt.Key.Key_Z and mods & Qt.KeyboardModifier.ControlModifier:
            self.undo()
            return True
        if key == Qt.Key.Key_F1:
            p.toggle_key_map()
            return True
        if key == Qt.Key.Key_F9:
            self.call_supervisor()
            return True
        if key == Qt.Key.Key_F2:
            self.open_review()
            return True
        if key == Qt.Key.Key_Escape:
            p.card_entry.clear()
            p.hole_button.setChecked(False)
            self.show_pending = False
            self.mismatch = None
            p.next_line.clear_error()
            return True
        text = event.text().lower()
        entry = p.card_entry.text()
        if key in _ENTER:
            if entry:
                self.submit_card(entry)
            return True
        if key == Qt.Key.Key_Backspace:
            return False
        if mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            return False
        if not text or not text.isprintable() or text.isspace():
            return bool(text)
        snap = self.snap
        hand = snap.hand if snap is not None and snap.in_progress else None
        if (len(text) == 1 and text in "023456" and not entry and hand is not None
                and hand.phase is Phase.BETTING and not p.hole_button.isChecked()):
            # no card starts so (7, 8, 9 and 10 do, and the engine explains a card now)
            self.fail("amounts go in the amount box: press E to bet or R to raise first")
            return True
        if entry or (hand is not None and text.isdigit()) or (
                self._wants_card() and text in RANK_START):
            self.type_card_char(text)
            return True
        if hand is None or hand.complete:
            if text == "n":
                self.on_action("next")
            else:
                self.fail(f"'{text.upper()}' does nothing now: press N for the next hand")
            return True
        if text == "h" and not entry:
            p.hole_button.toggle()
            return True
        if hand.phase is Phase.ANTES:
            if text == "a":
                self.on_action("ante")
            else:
                self.fail("antes first: press A to post every missing ante")
            return True
        if hand.phase is Phase.BETTING and key in BETTING_KEYS:
            self.on_action(BETTING_KEYS[Qt.Key(key)])
            return True
        if hand.phase is Phase.SHOWDOWN and text in ("s", "m"):
            self.on_action("show" if text == "s" else "muck")
            return True
        if hand.phase is Phase.DEAL:
            self.fail(f"'{event.text()}' is not a rank: a card is typed rank then suit, "
                      "like 'as', 'td' or '10h'")
            return True
        self.fail(f"'{event.text().upper()}' is not an input now ({self._hint(hand)})")
        return True

    @staticmethod
    def _hint(hand: Hand) -> str:
        nxt = hand.next_input()
        return "expected: " + ", ".join(a.value for a in nxt.actions) if nxt else "complete"

    def type_card_char(self, char: str) -> None:
        entry = self.page.card_entry
        text = entry.text() + char
        if len(text) == 1 and char not in RANK_START and not char.isdigit():
            self.fail(f"'{char}' is not a rank: use 7 8 9 T J Q K A (or 10)")
            return
        entry.setText(text)
        needed = 3 if text.startswith("1") else 2
        if len(text) >= needed:
            self.submit_card(text)

    def submit_card(self, text: str) -> None:
        """A card typed or picked: to the seat the deal (or the showdown) expects."""
        p = self.page
        p.card_entry.clear()
        with contextlib.suppress(CardError):  # canonical in the log; the engine refuses
            text = str(parse_card(text))      # the rest with its own words
        snap = self.snap
        hand = snap.hand if snap is not None and snap.in_progress else None
        if hand is None:
            self.fail("no hand in progress: press N to deal one")
            return
        if p.hole_button.isChecked():
            seat = self._hole_seat(hand)
            if seat is None:
                self.fail("every hole card is already recorded")
                return
            self.record(Event(seat, Action.DEAL_DOWN, card=text))
            p.hole_button.setChecked(False)  # the mode covers one card, taken or refused
            return
        nxt = hand.next_input()
        if nxt is None:
            return
        if hand.phase is Phase.SHOWDOWN:
            if self.record(Event(nxt.seat, Action.SHOW, card=text)):
                self.show_pending = False
                self.refresh()
            return
        if hand.phase is Phase.DEAL:
            self.record(Event(nxt.seat, Action.DEAL_UP, card=text))
            return
        # a card while betting: let the engine say why (the round is still open)
        self.record(Event(nxt.seat, Action.DEAL_UP, card=text))

    def on_action(self, name: str) -> None:
        p = self.page
        if name == "supervisor":
            self.call_supervisor()
            return
        if name == "undo":
            self.undo()
            return
        if name == "next":
            self.next_hand()
            return
        snap = self.snap
        hand = snap.hand if snap is not None and snap.in_progress else None
        if hand is None:
            self.fail("no hand in progress: press N to deal one")
            return
        nxt = hand.next_input()
        if nxt is None:
            return
        if name == "ante":
            missing = [s for s in hand.order if not hand.seats[s].anted]
            if not missing:
                self.fail("every ante is already in")
            for seat in missing:
                if not self.record(Event(seat, Action.ANTE)):
                    break
            return
        action = Action(name)
        if action is Action.SHOW:
            if hand.phase is Phase.SHOWDOWN and hand.seats[nxt.seat].hole is None:
                self.show_pending = True
                p.next_line.clear_error()
                self.refresh()
                return
            self.record(Event(nxt.seat, Action.SHOW))
            return
        if action in (Action.BET, Action.RAISE):
            rng = hand.wager_range()
            if rng is None or action not in nxt.actions:
                self.record(Event(nxt.seat, action, to=0))  # the engine says why
                return
            if rng.min_to >= rng.max_to:
                self.record(Event(nxt.seat, action, to=min(rng.min_to, rng.all_in_to)))
                return
            show_pot = hand.settings.structure.value != "fixed-limit"
            self.amount_for = (nxt.seat, len(hand.events))
            p.amount.open(action.value, rng, hand.settings.chip_unit, show_pot=show_pot)
            return
        self.record(Event(nxt.seat, action))

    def on_amount(self, action: str, to: int) -> None:
        snap = self.snap
        hand = snap.hand if snap is not None else None
        nxt = hand.next_input() if hand is not None else None
        if hand is None or nxt is None or self.amount_for != (nxt.seat, len(hand.events)):
            self.close_amount()
            self.fail("the hand moved on since the amount box opened: press E or R again")
            return
        if self.record(Event(nxt.seat, Action(action), to=to)):
            self.close_amount()

    def close_amount(self) -> None:
        self.amount_for = None
        self.page.amount.close_box()
        self.page.card_entry.setFocus()

    # ------------------------------------------------------------------ the supervisor
    def _open_dialog(self, dialog: QDialog) -> QDialog:
        """Shows a supervisor's dialog over the table (window-modal, not blocking)."""
        self.dialog = dialog
        dialog.finished.connect(self._dialog_closed)
        dialog.open()
        return dialog

    def _dialog_closed(self) -> None:
        self.dialog = None
        self.page.card_entry.setFocus()

    def _after_supervisor_act(self) -> None:
        self.mismatch = None
        self.page.next_line.clear_error()
        self.close_amount()
        self.refresh()

    def call_supervisor(self) -> QDialog | None:
        """F9 after a refused show (rule 9.5): the supervisor corrects the hole card recorded
        at the deal to the card shown; then the show is recorded."""
        from dealer_app.gui.review.dialogs import CorrectInputDialog  # only when needed

        show, state = self.mismatch, self.backend.state
        if show is None or state is None:
            self.fail("nothing waits for the supervisor: F9 follows a shown hole card that "
                      "does not match the one recorded (rule 9.5)")
            return None
        entry = next((e for e in state.log if e.step is not None and e.event is not None
                      and e.event.action is Action.DEAL_DOWN and e.event.seat == show.seat),
                     None)
        if entry is None or entry.event is None:
            self.fail(f"no hole card of seat {show.seat} is recorded: show it again")
            self.mismatch = None
            return None
        label = prompts.seat_label(state.hand, show.seat)
        summary = (f"{label[:1].upper()}{label[1:]} shows {show.card}, but {entry.event.card} "
                   f"was recorded as the hole card at the deal (#{entry.seq}, rule 9.5). "
                   f"Correct the recorded hole card to {show.card} (or strike it); then the "
                   "show is recorded.")

        def correct(seq: int, replacement: Event | None, supervisor: StaffMember,
                    reason: str) -> str:
            self.backend.correct(seq, replacement, supervisor, reason)
            return f"#{seq} corrected by {supervisor.name}"

        dialog = CorrectInputDialog(self.backend, entry.seq, entry.event, correct,
                                    card=show.card, summary=summary,
                                    staff=self.backend.staff, parent=self.window)
        dialog.accepted.connect(lambda: self._after_mismatch(show))
        return self._open_dialog(dialog)

    def _after_mismatch(self, show: Event) -> None:
        self.mismatch = None
        self.page.next_line.clear_error()
        self.refresh()
        if self.record(Event(show.seat, Action.SHOW, card=show.card)):
            self.show_pending = False
            self.refresh()

    def supervisor_undo(self) -> QDialog | None:
        """Ctrl+Z on a completed hand: the supervisor's PIN and reason (rule 11.3)."""
        from dealer_app.gui.review.dialogs import SupervisorActDialog  # only when needed

        state = self.backend.state
        if state is None:
            return None
        last = max((e for e in state.log if e.step is not None and e.event is not None),
                   key=lambda e: e.step or 0, default=None)
        what = last.event.describe() if last is not None and last.event else "its last input"
        number = f"Hand {state.number}" if state.number is not None else "This hand"

        def act(supervisor: StaffMember, reason: str) -> str:
            self.backend.undo(supervisor, reason)
            return f"undone by {supervisor.name}"

        dialog = SupervisorActDialog(
            self.backend, "Undo", f"{number} is complete: undoing its last input ({what}) "
            "takes its result back and needs a supervisor (rule 11.3).", act,
            self.backend.staff, self.window)
        dialog.accepted.connect(self._after_supervisor_act)
        return self._open_dialog(dialog)

    def correct_selected(self) -> QDialog | None:
        """The hand log's "Correct input…": a supervisor replaces or strikes the selected
        input (rule 11.3)."""
        from dealer_app.gui.review.dialogs import CorrectInputDialog  # only when needed

        p = self.page
        rows = p.log_view.selectionModel().selectedRows()
        row = p.log_model.row(rows[0].row()) if rows else None
        if row is None or row.event is None:
            self.fail("select an input still in force in the hand log to correct it")
            return None

        def correct(seq: int, replacement: Event | None, supervisor: StaffMember,
                    reason: str) -> str:
            self.backend.correct(seq, replacement, supervisor, reason)
            return f"#{seq} corrected by {supervisor.name}"

        dialog = CorrectInputDialog(self.backend, row.seq, row.event, correct,
                                    staff=self.backend.staff, parent=self.window)
        dialog.accepted.connect(self._after_supervisor_act)
        return self._open_dialog(dialog)

    def undo(self) -> None:
        if self.backend.complete:
            self.supervisor_undo()
            return
        try:
            self.backend.undo()
        except (RuleError, StorageError) as exc:
            self.fail(str(exc))
            return
        self.mismatch = None
        self.show_pending = False
        self.page.hole_button.setChecked(False)
        self.page.next_line.clear_error()
        self.close_amount()
        self.refresh()

    def next_hand(self) -> None:
        if self.backend.in_progress:
            self.fail("the hand in progress is not complete yet")
            return
        try:
            self.backend.start_hand()
        except StorageError as exc:
            self.fail(str(exc))
            return
        self.mismatch = None
        self.show_pending = False
        self.page.hole_button.setChecked(False)
        self.close_amount()
        self.page.next_line.clear_error()
        self.refresh()

    # ------------------------------------------------------------------ table management
    def on_seat_clicked(self, seat: int) -> None:
        p = self.page
        p.players.seat.setValue(seat)
        snap = self.snap
        info = snap.seats.get(seat) if snap is not None else None
        p.players.name.setText(info.player if info else "")
        p.tabs.setCurrentIndex(1)
        p.card_entry.setFocus()

    def on_player_request(self, what: str) -> None:
        panel = self.page.players
        seat = panel.seat.value()
        b = self.backend
        try:
            if what == "seat":
                b.seat_player(seat, panel.name.text(), panel.amount.value())
                message = f"{panel.name.text().strip()} sits at seat {seat}"
            elif what == "rebuy":
                b.rebuy(seat, panel.amount.value())
                message = f"Seat {seat} rebuys {panel.amount.value():,}"
            elif what == "sit-out":
                b.sit_out(seat)
                message = f"Seat {seat} sits out"
            elif what == "come-back":
                b.come_back(seat)
                message = f"Seat {seat} comes back"
            else:
                cash = b.leave(seat)
                message = f"Seat {seat} leaves: cash out {cash:,}"
        except StorageError as exc:
            panel.message.setProperty("error", True)
            panel.message.setText(str(exc))
            self.page.card_entry.setFocus()
            return
        panel.message.setProperty("error", False)
        panel.message.setText(message)
        panel.name.clear()
        self.refresh()
        self.page.card_entry.setFocus()

    def on_apply_settings(self) -> None:
        panel = self.page.table_panel
        try:
            settings = panel.form.settings()
            f = panel.supervisor
            sup = self.backend.supervisor(f.name.text(), f.pin.text(), f.reason.text())
            self.backend.change_settings(settings, sup, f.reason.text())
        except (SettingsError, StorageError) as exc:
            panel.message.setText(str(exc))
            panel.supervisor.pin.clear()  # one attempt per PIN typed
            self.page.card_entry.setFocus()
            return
        panel.message.setText("New settings apply from the next hand.")
        panel.supervisor.clear()
        self.page.card_entry.setFocus()
        self.refresh()

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
            if self.window.stack.currentWidget() is self.page:
                self.refresh()

    def cancel_change_dealer(self) -> None:
        """The change of dealer was a slip: back to the table, the same dealer signed in."""
        self.takeover = False
        self.window.sign_in.set_first(False)
        self.show_table()

    def on_change_dealer(self) -> None:
        self.page.table_panel.supervisor.clear()
        self.close_amount()
        self.takeover = True
        self.window.sign_in.name.clear()
        self.window.sign_in.set_first(False, takeover=True)
        self.window.show_page(self.window.sign_in)
