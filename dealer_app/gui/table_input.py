"""The table input: keys, typed and picked cards, action buttons and the amount box.

Every key goes to :meth:`TableInput.handle_key`. A key means one thing (see
:mod:`dealer_app.gui.wording.commands`): a rank starts a card, a command letter runs its command,
anything else is refused with the reason of the current step. After every input (recorded or
refused) :meth:`TableInput.reset` clears the card typed, the seat chosen and hole-card mode.
What is allowed comes from the engine (:meth:`Hand.allowed`); nothing is decided here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

from dealer_app.engine import (
    Action,
    CardError,
    Code,
    Event,
    RuleError,
    starts_card,
    typed_card,
)
from dealer_app.engine.hand import Hand
from dealer_app.gui.backend import ServerAwayError, StorageError
from dealer_app.gui.wording import prompts
from dealer_app.gui.wording.commands import Command, seat_for_key
from dealer_app.gui.wording.refusals import card_reason, refusal_text
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.text import tr, tr_noop

if TYPE_CHECKING:
    from dealer_app.gui.parts import Controller

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


_NONE_NOW = {Action.BRING_IN: tr_noop("no bring-in now: {reason}"),
             Action.BET: tr_noop("no bet now: {reason}"),
             Action.RAISE: tr_noop("no raise now: {reason}"),
             Action.CALL: tr_noop("no call now: {reason}"),
             Action.CHECK: tr_noop("no check now: {reason}"),
             Action.FOLD: tr_noop("no fold now: {reason}"),
             Action.SHOW: tr_noop("no show now: {reason}"),
             Action.MUCK: tr_noop("no muck now: {reason}")}
"""One sentence per action a key sends, so that each reads naturally in every language."""


def _none_now(action: Action, reason: str) -> str:
    """``no call now: <why>``."""
    template = _NONE_NOW.get(action)
    text = tr(template) if template else "no " + action.value + " now: {reason}"
    return text.format(reason=reason)


class TableInput:
    """The dealer's inputs at the table, sent to the backend one at a time."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.page = ctl.page
        self.backend = ctl.backend
        self.chosen_seat: int | None = None
        """The seat the next card goes to (a click or Ctrl+1..6), until the next input."""
        self.refused_seat: int | None = None
        """A seat choice just refused: the next card is refused too (it was meant for that
        seat, not for the one the deal expects), until a seat is chosen, Esc or a record."""
        self.mismatch: Event | None = None
        """The show the engine refused with ``hole-card-mismatch`` (F9 calls the supervisor)."""
        self.amount_for: tuple[int, int] | None = None
        """(seat, events recorded) when the amount box opened: a confirm is for that step."""

    # ------------------------------------------------------------------ state
    def hand(self) -> Hand | None:
        """The hand in progress (None between hands and once complete)."""
        snap = self.ctl.snap
        return snap.hand if snap is not None and snap.in_progress else None

    def step_reason(self, hand: Hand | None) -> str:
        """The step in plain words, for a refused key (see :func:`prompts.step_reason`)."""
        return prompts.step_reason(hand, dealable=self.ctl.can_deal())

    def reset(self) -> None:
        """After an input, recorded or refused: no card half typed, no seat chosen, no
        hole-card mode, no amount box."""
        p = self.page
        p.card_entry.clear()
        self.chosen_seat = None
        p.hole_button.blockSignals(True)
        p.hole_button.setChecked(False)
        p.hole_button.blockSignals(False)
        self.close_amount()

    def clear(self) -> None:
        """A new hand, an undo, a sign-out: nothing of the last step is left."""
        self.reset()
        self.mismatch = None
        self.refused_seat = None
        self.page.next_line.clear_error()

    def refuse(self, message: str) -> None:
        """A refused input: the reason on the NEXT line, and the one reset."""
        self.reset()
        self.ctl.fail(message)
        self.ctl.refresh_prompt()

    # ------------------------------------------------------------------ keys
    def handle_key(self, event: QKeyEvent) -> bool:
        """Every key of the table page comes here first. True: consumed."""
        key = event.key()
        p = self.page
        if p.key_map.isVisible() and key != Qt.Key.Key_F1:
            p.toggle_key_map(False)
            return True
        seat = seat_for_key(event)
        if seat is not None:
            self.choose_seat(seat)
            return True
        command = Command.for_key(event)
        text = event.text()
        entry = p.card_entry.text()
        if command in (Command.PEEK, Command.CALL_FLOOR, Command.FLOOR) and event.isAutoRepeat():
            return True  # held: already shown, or its window already open
        if command is Command.UNDO and event.isAutoRepeat():  # Ctrl+Z held down
            self.refuse(tr("{key} undoes one input per press: let go and press it again "
                           "to undo another").format(key=Command.UNDO.spec.key_text))
            return True
        if command is not None and (command.spec.ctrl or not text or not text.isprintable()):
            self.run(command)  # Ctrl+Z, F1, F2, F9, Esc
            return True
        if key in _ENTER:
            if entry:
                self.type_card_char("")
            return True
        if key == Qt.Key.Key_Backspace:
            return not entry  # a half-typed card can be corrected
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                | Qt.KeyboardModifier.AltModifier):
            return False
        if not text or not text.isprintable() or text.isspace():
            return bool(text)
        if entry or starts_card(text) or (text in "023456" and self.expects_card()):
            self.type_card_char(text)  # 2s while a card is due: "rank 2 is not in the deck"
        elif command is not None:
            self.run(command)
        elif text.isdigit():
            self.refuse_digit(text)
        else:
            self.refuse(tr("'{key}' is not a key of the table: {reason} (F1: every "
                           "key)").format(key=text.upper(),
                                          reason=self.step_reason(self.hand())))
        return True

    def handle_key_release(self, event: QKeyEvent) -> bool:
        """The hole cards go face down again when their key is let go."""
        if event.key() == Command.PEEK.spec.key and not event.isAutoRepeat():
            self.ctl.peek(False)
            return True
        return False

    def refuse_digit(self, digit: str) -> None:
        """A digit that starts no card: an amount typed before E or R, or a slip."""
        hand = self.hand()
        wager = hand.allowed().wager if hand is not None else None
        if wager is not None and not wager.single:
            bet = Command.for_action(wager.action)
            assert bet is not None
            text = (tr("'{digit}': amounts go in the amount box: press {key} to raise first")
                    if wager.action is Action.RAISE else
                    tr("'{digit}': amounts go in the amount box: press {key} to bet first"))
            self.refuse(text.format(digit=digit, key=bet.spec.key_text))
        elif wager is not None:
            bet = Command.for_action(wager.action)
            assert bet is not None
            text = (tr("'{digit}': no amount to type: the raise is {amount}, press {key}")
                    if wager.action is Action.RAISE else
                    tr("'{digit}': no amount to type: the bet is {amount}, press {key}"))
            self.refuse(text.format(digit=digit, amount=wager.default_to,
                                    key=bet.spec.key_text))
        else:
            self.refuse(tr("'{digit}' starts no card (7 8 9 10 T J Q K A): {reason}").format(
                digit=digit, reason=self.step_reason(hand)))

    def type_card_char(self, char: str) -> None:
        """One more key of a card; the card goes as soon as it is complete (``""``: Enter)."""
        entry = self.page.card_entry
        text = entry.text() + char
        if len(text) == 1 and not starts_card(text):
            entry.setText(text)  # refused with its suit, as one card
            return
        try:
            card = typed_card(text)
            if card is None and not char:
                raise CardError(text, tr("it is not complete: a card is rank then suit, "
                                         "like 'as', 'td' or '10h'"))
        except CardError as exc:
            self.refuse(tr("'{text}' is not a card: {reason}").format(text=text,
                                                                     reason=card_reason(exc)))
            return
        if card is None:
            entry.setText(text)
            self.ctl.refresh_prompt()
            return
        self.submit_card(str(card))

    def expects_card(self) -> bool:
        hand = self.hand()
        return hand is not None and (self.page.hole_button.isChecked()
                                     or hand.allowed().takes_card)

    # ------------------------------------------------------------------ commands
    def run(self, command: Command) -> None:
        """One command, from its key or its button."""
        p = self.page
        if command is Command.KEY_MAP:
            p.toggle_key_map()
        elif command is Command.CANCEL:
            self.clear()
            self.ctl.refresh_prompt()
            p.card_entry.setFocus()
        elif command is Command.REVIEW:
            self.ctl.supervisor.open_review()
        elif command is Command.SUPERVISOR:
            self.ctl.supervisor.call_supervisor()
        elif command is Command.MISDEAL:
            self.ctl.supervisor.declare_misdeal()
        elif command is Command.UNDO:
            self.undo()
        elif command is Command.NEXT:
            self.next_hand()
        elif command is Command.HOLE:
            self.toggle_hole()
        elif command is Command.PEEK:
            self.ctl.peek(True)  # until the key is let go (handle_key_release)
        elif command is Command.ANTES:
            self.antes()
        elif command is Command.CALL_FLOOR:
            self.ctl.floor.call_floor()
        elif command is Command.FLOOR:
            self.ctl.floor.open_floor()
        else:
            action = command.spec.action
            assert action is not None
            self.act(action)

    def on_action(self, name: str) -> None:
        """An action-bar button."""
        self.run(Command.named(name))

    def toggle_hole(self) -> None:
        hand = self.hand()
        p = self.page
        if p.hole_button.isChecked():
            p.hole_button.setChecked(False)
            self.ctl.refresh_prompt()
            return
        if hand is None or not hand.allowed().takes(Action.DEAL_DOWN):
            self.refuse(tr("no hole card can be recorded now: a hole card is recorded until "
                           "round 1's first action; later it is typed when the player shows "
                           "it (rule 5.3)") if hand is not None
                        else self.step_reason(None))
            return
        chosen = self.chosen_seat
        if chosen is not None and chosen not in hand.allowed().hole_card_seats:
            self.chosen_seat = None
        p.hole_button.setChecked(True)
        p.next_line.clear_error()
        self.ctl.refresh_prompt()

    def choose_seat(self, seat: int) -> None:
        """Ctrl+1..6 or a click on a seat: the next card goes to ``seat``."""
        hand = self.hand()
        self.refused_seat = None
        if hand is None:
            self.refuse(self.step_reason(None))
            return
        if seat not in hand.seats:
            self.refuse_seat(seat, tr("seat {seat} is not in this hand").format(seat=seat))
            return
        now = hand.allowed()
        hole = self.page.hole_button.isChecked()
        if (seat in now.hole_card_seats) if hole else now.may_take_card(seat):
            self.chosen_seat = seat
            self.page.next_line.clear_error()
            self.ctl.refresh_prompt()
            return
        if not hole and not now.takes_card:
            self.refuse_seat(seat, tr("no card goes to seat {seat} now: {reason}").format(
                seat=seat, reason=self.step_reason(hand)))
            return
        action = Action.DEAL_DOWN if hole else (now.card_action or Action.DEAL_UP)
        error = hand.card_refusal(seat, action)
        self.refuse_seat(seat, refusal_text(error, hand) if error is not None
                         else tr("no card goes to seat {seat} now").format(seat=seat))

    def refuse_seat(self, seat: int, message: str) -> None:
        """A refused seat choice: refused, and the card typed next is refused too."""
        self.refuse(message)
        self.refused_seat = seat

    def antes(self) -> None:
        hand = self.hand()
        if hand is None or not hand.allowed().takes(Action.ANTE):
            self.refuse(tr("every ante is already in: {reason}").format(
                reason=self.step_reason(hand)) if hand is not None
                else self.step_reason(hand))
            return
        for seat in hand.allowed().missing_antes:
            if not self.record(Event(seat, Action.ANTE)):
                break

    def act(self, action: Action) -> None:
        """A betting action, show or muck, for the seat due."""
        hand = self.hand()
        if hand is None:
            self.refuse(self.step_reason(None))
            return
        now = hand.allowed()
        if now.seat is None or not now.takes(action):
            self.refuse(_none_now(action, self.step_reason(hand)))
            return
        if action is Action.SHOW and now.show_needs_card:
            self.refuse(tr("the hole card of {seat} was not recorded: type the card shown "
                           "(like 'as')").format(seat=prompts.seat_label(hand, now.seat)))
            return
        wager = now.wager
        if action in (Action.BET, Action.RAISE) and wager is not None and (
                wager.action is action):
            if wager.single:
                self.record(Event(now.seat, action, to=wager.default_to))
                return
            self.reset()
            self.amount_for = (now.seat, len(hand.events))
            self.page.amount.open(wager)
            return
        self.record(Event(now.seat, action, to=0 if action in (Action.BET, Action.RAISE)
                          else None))  # the engine says why, if it refuses

    # ------------------------------------------------------------------ cards
    def submit_card(self, text: str) -> None:
        """A card typed or picked: to the seat chosen, or the one the deal (or showdown)
        expects; with hole-card mode, as that seat's hole card."""
        hand = self.hand()
        chosen, hole = self.chosen_seat, self.page.hole_button.isChecked()
        if hand is None:
            self.refuse(self.step_reason(None))
            return
        if self.refused_seat is not None:
            seat, self.refused_seat = self.refused_seat, None
            self.refuse(tr("the card {card} is not recorded: the choice of seat {seat} was "
                           "refused; choose a seat again (Ctrl+1..6) or type the card for "
                           "the seat the deal expects").format(card=text, seat=seat))
            return
        now = hand.allowed()
        if hole:
            seat = chosen if chosen is not None else next(
                iter(now.hole_card_seats), now.seat if now.seat is not None else hand.order[0])
            self.record(Event(seat, Action.DEAL_DOWN, card=text))
            return
        if now.card_action is None or now.seat is None:
            self.refuse(tr("{reason} — the card {card} is not recorded").format(
                reason=self.step_reason(hand), card=text))
            return
        seat = chosen if chosen is not None else now.seat
        self.record(Event(seat, now.card_action, card=text))

    # ------------------------------------------------------------------ recording
    def record(self, event: Event) -> bool:
        """Sends one input; True when stored. A refusal only turns the NEXT line red."""
        ctl = self.ctl
        try:
            self.backend.record(event)
        except RuleError as exc:
            self.reset()
            ctl.resync()
            if exc.code is Code.HOLE_CARD_MISMATCH:  # rule 9.5: for the supervisor
                self.mismatch = event
                ctl.fail(f"{refusal_text(exc, self.hand())} — {Command.SUPERVISOR.spec.key_text}")
                ctl.refresh_actions()
            else:
                ctl.fail(refusal_text(exc, self.hand()))
            ctl.refresh_prompt()
            return False
        except ServerAwayError as exc:  # kept: stored when the server is back
            self.reset()
            self.page.next_line.show_waiting(str(exc))
            ctl.reconnect.start()
            return False
        except (StorageError, ServiceError) as exc:
            self.reset()
            ctl.resync()
            ctl.fail(error_text(exc))
            ctl.refresh_prompt()
            return False
        self.mismatch = None
        self.refused_seat = None
        self.page.next_line.clear_error()
        self.reset()
        ctl.refresh()
        return True

    def store_pending(self) -> None:
        """The reconnect timer: sends the input kept while the server was away."""
        ctl = self.ctl
        try:
            self.backend.store_pending()
        except ServerAwayError:
            return  # still away: the message stays, the timer tries again
        except (RuleError, StorageError, ServiceError) as exc:
            ctl.reconnect.stop()
            ctl.resync()
            ctl.fail(refusal_text(exc, self.hand()) if isinstance(exc, RuleError)
                     else error_text(exc))
            ctl.refresh_prompt()
            return
        ctl.reconnect.stop()
        self.page.next_line.clear_error()
        ctl.refresh()

    def on_amount(self, action: str, to: int) -> None:
        hand = self.hand()
        now = hand.allowed() if hand is not None else None
        if (hand is None or now is None or now.seat is None
                or self.amount_for != (now.seat, len(hand.events))):
            self.close_amount()
            self.refuse(tr("the hand moved on since the amount box opened: press {bet_key} "
                           "or {raise_key} again").format(
                bet_key=Command.BET.spec.key_text, raise_key=Command.RAISE.spec.key_text))
            return
        self.record(Event(now.seat, Action(action), to=to))

    def close_amount(self) -> None:
        self.amount_for = None
        self.page.amount.close_box()
        self.page.card_entry.setFocus()

    def undo(self) -> None:
        if self.backend.complete:
            self.ctl.supervisor.supervisor_undo()
            return
        try:
            self.backend.undo()
        except (RuleError, StorageError, ServiceError) as exc:
            self.refuse(refusal_text(exc) if isinstance(exc, RuleError) else error_text(exc))
            return
        self.clear()
        self.ctl.refresh()

    def next_hand(self) -> None:
        if self.backend.in_progress:
            self.refuse(tr("the hand is not finished: {reason}").format(
                reason=self.step_reason(self.hand())))
            return
        try:
            self.backend.start_hand()
        except (StorageError, ServiceError) as exc:
            self.refuse(error_text(exc))
            return
        self.clear()
        self.ctl.refresh()
