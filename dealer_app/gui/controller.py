"""Brings the dealer's window to life: wires the widgets to three parts by concern and redraws
everything from the engine state the backend returns.

- :class:`~dealer_app.gui.shift_control.ShiftControl`: sign-in, tables, staff, seating;
- :class:`~dealer_app.gui.table_input.TableInput`: keys, cards, actions, the amount box;
- :class:`~dealer_app.gui.supervisor_acts.SupervisorActs`: F9, supervisor undo, corrections,
  the review window.

A refused input (the engine's ``RuleError``, or a storage error with a message) changes
nothing but the NEXT line, which turns red with the reason until the next input. An input
typed while the database server does not answer is kept, not refused: the NEXT line says
"reconnecting…" and a timer sends it again, under the same id, until it is stored.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QDialog, QWidget

from dealer_app.engine import Action
from dealer_app.engine.hand import Phase
from dealer_app.engine.settings import Structure
from dealer_app.engine.stacks import can_deal
from dealer_app.gui.backend import Backend, Snapshot, StorageError
from dealer_app.gui.floor_hooks import FloorHooks, NoFloor
from dealer_app.gui.focus import FocusKeeper
from dealer_app.gui.shift_control import ShiftControl
from dealer_app.gui.supervisor_acts import SupervisorActs
from dealer_app.gui.table_input import TableInput
from dealer_app.gui.window import DealerWindow
from dealer_app.gui.wording import prompts
from dealer_app.gui.wording.commands import Command
from dealer_app.gui.wording.rows import pot_rows, seat_rows
from dealer_app.services.core.errors import ServiceError
from dealer_app.text import tr

RECONNECT_EVERY_MS = 1000
"""How often an input kept while the database server is away is sent again."""


class DealerController(QObject):
    """One window, one backend. ``refreshed`` is emitted after every redraw."""

    refreshed = Signal()

    def __init__(self, window: DealerWindow, backend: Backend) -> None:
        super().__init__(window)
        self.window = window
        self.backend = backend
        self.page = window.page
        self.snap: Snapshot | None = None
        self.input = TableInput(self)
        self.reconnect = QTimer(self)
        """While the database server is away: sends the input kept, every second."""
        self.reconnect.setInterval(RECONNECT_EVERY_MS)
        self.reconnect.timeout.connect(self.input.store_pending)
        self.shift = ShiftControl(self)
        self.supervisor = SupervisorActs(self)
        self.floor: FloorHooks = NoFloor()
        """F8, F3 and the floor's part of F9 (``gui.floor_keys`` installs them)."""
        w, p, shift, inp, sup = window, window.page, self.shift, self.input, self.supervisor
        w.key_handler = inp.handle_key
        w.hand_in_progress = lambda: bool(self.backend.in_progress)
        p.card_entry.key_handler = inp.handle_key
        p.card_entry.key_release_handler = inp.handle_key_release
        p.card_entry.focus_lost.connect(lambda: self.peek(False))
        self.peeking = False
        self._busted = ""
        """The rebuy-or-leave question last asked (asked again only when it changes)."""
        """The hole-card key is held: recorded hole cards face up."""
        w.sign_in.submitted.connect(shift.on_sign_in)
        w.sign_in.back_button.clicked.connect(shift.cancel_change_dealer)
        w.tables.open_requested.connect(shift.on_open_table)
        w.tables.create_requested.connect(shift.on_create_table)
        w.tables.sign_out_requested.connect(shift.sign_out)
        w.tables.staff.unlock_requested.connect(shift.on_staff_unlock)
        w.tables.staff.add_requested.connect(shift.on_staff_add)
        w.tables.staff.unlock_account_requested.connect(shift.on_staff_unlock_account)
        w.tables.staff.change_pin_requested.connect(shift.on_change_own_pin)
        w.tables.staff.reset_pin_requested.connect(shift.on_reset_pin)
        p.sign_out_button.clicked.connect(shift.sign_out)
        p.action_bar.triggered.connect(inp.on_action)
        p.review_button.clicked.connect(sup.open_review)
        p.amount.confirmed.connect(inp.on_amount)
        p.amount.cancelled.connect(self.on_amount_cancelled)
        p.picker.picked.connect(inp.submit_card)
        p.hole_button.clicked.connect(self.on_hole_clicked)
        p.table.seat_clicked.connect(self.on_seat_clicked)
        p.players.requested.connect(shift.on_player_request)
        p.table_panel.apply_settings.connect(shift.on_apply_settings)
        p.table_panel.change_dealer.connect(shift.on_change_dealer)
        p.correct_button.clicked.connect(sup.correct_selected)
        p.correct_action.triggered.connect(sup.correct_selected)
        self.focus = FocusKeeper(p, p.card_entry, p.table, on_table_click=self._table_clicked,
                                 own_escape=(p.amount,))

    # ------------------------------------------------------------------ the parts' entries
    @property
    def dialog(self) -> QDialog | None:
        """The supervisor's dialog open over the table, if any."""
        return self.supervisor.dialog

    @property
    def review_window(self) -> QWidget | None:
        return self.supervisor.review_window

    def start(self) -> None:
        self.shift.start()

    def show_table(self) -> None:
        self.shift.show_table()

    def sign_out(self) -> None:
        self.shift.sign_out()

    def on_open_table(self, table_id: int) -> None:
        self.shift.on_open_table(table_id)

    def on_apply_settings(self) -> None:
        self.shift.on_apply_settings()

    def open_review(self) -> QWidget:
        return self.supervisor.open_review()

    # ------------------------------------------------------------------ clicks on the table
    def on_seat_clicked(self, seat: int) -> None:
        """During a deal (or with hole-card mode): the next card goes to this seat;
        otherwise the seat goes into the Players form."""
        hand = self.input.hand()
        if hand is not None and (self.page.hole_button.isChecked()
                                 or hand.allowed().card_action is Action.DEAL_UP):
            self.input.choose_seat(seat)
        else:
            self.shift.show_seat_form(seat)
        self.page.card_entry.setFocus()

    def _table_clicked(self) -> None:
        if self.page.amount.isVisible():
            self.input.close_amount()

    def on_amount_cancelled(self) -> None:
        self.input.close_amount()

    def on_hole_clicked(self, checked: bool) -> None:
        """The hole-card button: as the key (it refuses when no hole card can be recorded)."""
        self.page.hole_button.setChecked(not checked)
        self.input.toggle_hole()
        self.page.card_entry.setFocus()

    # ------------------------------------------------------------------ drawing
    def fail(self, message: str) -> None:
        """Turns the NEXT line red with ``message`` (capitalised, seats named)."""
        self.page.next_line.show_error(prompts.refusal(message, self.backend.hand))

    def resync(self) -> None:
        """After a refusal: the stored hand may have moved on elsewhere (another workstation,
        the review window), so read it again; the red message is written after this."""
        before = self.backend.state.log if self.backend.state is not None else None
        try:
            self.backend.reload()
        except (StorageError, ServiceError):
            return
        after = self.backend.state.log if self.backend.state is not None else None
        if after != before:
            self.input.close_amount()
            self.refresh()

    def refresh(self) -> None:
        """Redraws the table from the backend's current state."""
        snap = self.snap = self.backend.snapshot()
        p = self.page
        hand = snap.hand
        rows = seat_rows(snap.seats, hand, snap.settings)
        p.table.set_seats(rows, hole_shown=self.hole_cards_shown())
        p.seats_model.set_seats(rows)
        pots = pot_rows(hand)
        p.pots_model.update_rows(pots)
        bets = sum(hand.bets.values()) if hand is not None and not hand.complete else 0
        award = prompts.award_lines(hand) if hand is not None else []
        p.table.centre.set_state(prompts.round_text(hand if snap.in_progress or (
            hand is not None and hand.complete) else None), pots, bets, award)
        number = (tr("Hand {number}").format(number=snap.hand_number) if snap.hand_number
                  else tr("No hand yet"))
        p.table.dealer.set_info(f"{number} · {snap.dealer}")
        p.set_header(snap.table_name, hand.settings if hand is not None else snap.settings,
                     snap.settings, snap.hand_number, snap.dealer)
        p.amount.keep_room(any(s.structure is not Structure.FIXED_LIMIT for s in (
            snap.settings, *((hand.settings,) if hand is not None else ()))))
        _changed, added = p.log_model.set_log(snap.log, hand)
        if added:
            p.log_view.scrollToBottom()
        # the hand's cards stay greyed through the award (they are still on the table);
        # a card undone or corrected away is free again, and so is every card between hands
        used = (hand.used if hand is not None and (snap.in_progress or hand.complete)
                else frozenset())
        if hand is not None and not self.hole_cards_shown():  # the picker tells no hole card
            used = frozenset(used) - {st.hole for st in hand.seats.values() if st.hole}
        p.picker.set_used(used)
        self.refresh_actions()
        self.refresh_prompt()
        self._ask_busted(snap)
        self.refreshed.emit()

    def hole_cards_shown(self) -> bool:
        """Recorded hole cards face up on the dealer's screen: while their key is held, or
        from the showdown on (the screen faces the table)."""
        hand = self.snap.hand if self.snap is not None else None
        return self.peeking or (hand is not None and (
            hand.complete or hand.allowed().phase is Phase.SHOWDOWN))

    def peek(self, on: bool) -> None:
        """The hole-card key pressed (``on``) or let go."""
        if on != self.peeking:
            self.peeking = on
            if self.snap is not None:
                self.refresh()

    def refresh_actions(self) -> None:
        if self.snap is not None:
            self.page.action_bar.set_actions(self._action_labels(self.snap))

    def refresh_prompt(self) -> None:
        """The NEXT line's prompt (a red refusal stays until the next input)."""
        snap = self.snap
        if snap is None:
            return
        p = self.page
        dealable = self.can_deal()
        error = p.next_line.error
        p.next_line.show_prompt(self._prompt(snap, dealable))
        if error:
            p.next_line.show_error(error)
        chosen = self.input.chosen_seat
        p.card_entry.setPlaceholderText(f"→ {chosen}" if chosen is not None
                                        else tr("card", "placeholder of the card entry"))

    def _prompt(self, snap: Snapshot, dealable: bool) -> str:
        hand = snap.hand if snap.in_progress or (snap.hand and snap.hand.complete) else None
        if hand is not None and not hand.complete:
            chosen = self.input.chosen_seat
            if self.page.hole_button.isChecked():
                holes = hand.allowed().hole_card_seats
                seat = chosen if chosen is not None else next(iter(holes), None)
                if seat is not None:
                    return tr("Hole card for {seat}: type it or pick it (Ctrl+1…6 or a "
                              "click: another seat)").format(
                        seat=prompts.seat_label(hand, seat))
            elif chosen is not None:
                return tr("Card for {seat}: type it or pick it (Esc: back to the deal "
                          "order)").format(seat=prompts.seat_label(hand, chosen))
            if self.page.card_entry.text():
                return tr("Card '{typed}': type the rest (its suit)").format(
                    typed=self.page.card_entry.text())
        return prompts.next_line(hand, dealable=dealable)

    def _ask_busted(self, snap: Snapshot) -> None:
        """Between hands, a player left without chips is asked to rebuy or leave: the
        Players form opens on their seat with the question (once for each bust)."""
        hand = snap.hand
        busted = (prompts.busted_seats(list(snap.seats.values()), snap.settings)
                  if hand is None or hand.complete else [])
        note = prompts.busted_note(busted)
        if note and note != self._busted:
            self.shift.show_seat_form(busted[0].seat)
            self.page.players.show_message(note)
        self._busted = note

    def can_deal(self) -> bool:
        """The players in (not sitting out) have the chips for the next hand (the engine's
        rule 3.2, :func:`~dealer_app.engine.stacks.can_deal`)."""
        snap = self.snap
        return snap is not None and can_deal(s.stack for s in snap.seats.values()
                                             if not s.sitting_out)

    def _action_labels(self, snap: Snapshot) -> dict[str, str]:
        hand = snap.hand
        labels: dict[str, str] = {}
        if hand is not None and snap.in_progress:
            now = hand.allowed()
            if now.phase is Phase.ANTES:
                labels[Command.ANTES.spec.name] = tr("Antes ×{count}").format(
                    count=len(now.missing_antes))
            elif now.phase is Phase.BETTING:
                for action, text in zip(now.actions, prompts.betting_options(now),
                                        strict=True):
                    labels[action.value] = text[:1].upper() + text[1:]
            elif now.phase is Phase.SHOWDOWN:
                labels["show"] = tr("Show (type card)") if now.show_needs_card else tr("Show")
                if Action.MUCK in now.actions:
                    labels["muck"] = tr("Muck")
            if hand.events:
                labels["undo"] = tr("Undo")
        else:
            if hand is not None and hand.complete and snap.log:
                labels["undo"] = tr("Undo")
            labels["next"] = tr("Next hand")
        if self.input.mismatch is not None:
            labels["supervisor"] = tr("Call supervisor…")
        return labels
