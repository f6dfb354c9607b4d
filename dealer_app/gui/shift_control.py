"""Start of shift and staff: sign-in, the table list, staff accounts, sign-out, the change
of dealer, and the Players and Table tabs of the table page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QMessageBox

from dealer_app import words
from dealer_app.engine import SettingsError
from dealer_app.engine.settings import SEATS
from dealer_app.gui.backend import StorageError, TableHeldError
from dealer_app.gui.move_dialog import MoveDialog
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.views.number_box import box_problem
from dealer_app.gui.wording import prompts
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.core.types import Role
from dealer_app.services.error_words import error_text
from dealer_app.services.moves import Arrival
from dealer_app.text import tr, tr_noop

if TYPE_CHECKING:
    from datetime import datetime

    from dealer_app.gui.parts import Controller
    from dealer_app.services import StaffMember


ROLE_NAMES: dict[str, str] = {Role.DEALER: tr_noop("dealer"),
                             Role.SUPERVISOR: tr_noop("supervisor")}
"""A staff member's role as shown (the stored value, translated with :func:`role_name`)."""


def role_name(role: Role) -> str:
    """``dealer`` or ``supervisor`` in the language of the windows."""
    return tr(ROLE_NAMES.get(role, role.value))


class ShiftControl:
    """Who is signed in, which table is open, who sits where."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.window = ctl.window
        self.backend = ctl.backend
        self.page = ctl.page
        self.takeover = False
        self._table_shown: str | None = None
        """The table the Players form was last filled for."""
        self.staff_authority: StaffMember | None = None
        """The supervisor who opened the staff accounts on the tables page (the signed-in
        supervisor, or one who typed their PIN in a dealer's window) until sign-out."""

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
        except (StorageError, ServiceError) as exc:
            page.error.setText(error_text(exc))
            page.pin.clear()
            page.pin2.clear()  # a refused first PIN is typed twice again
            return
        if self.takeover:
            self.takeover = False
            self.staff_authority = None
            self.show_table()
            return
        self.show_tables()
        self._ask_for_valid_pin(pin)

    def show_tables(self) -> None:
        b = self.backend
        assert b.staff is not None
        entries = []
        for t, session, hand_number in b.table_overview():
            if session is None:
                status = tr("No session open")
            elif hand_number is not None:
                status = tr("Open · dealer {dealer} · hand {number} in progress").format(
                    dealer=session.dealer, number=hand_number)
            else:
                status = tr("Open · dealer {dealer} · between hands").format(
                    dealer=session.dealer)
            entries.append((t.id, f"{t.name} · {words.settings_text(t.settings)}\n{status}"))
        self.window.tables.set_tables(entries, f"{b.staff.name} ({role_name(b.staff.role)})",
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
        box.set_staff([(m.name, self._lock_text(m, locked)) for m in self.backend.list_staff()])

    @staticmethod
    def _lock_text(member: StaffMember, locked: dict[str, datetime | None]) -> str:
        """The role, and whether the account waits after wrong PINs or is locked."""
        if member.name not in locked:
            return role_name(member.role)
        until = locked[member.name]
        if until is None:
            return tr("{role} · locked after 100 wrong PINs").format(role=role_name(member.role))
        return tr("{role} · next try at {time}").format(role=role_name(member.role),
                                                       time=f"{until.astimezone():%H:%M:%S}")

    def on_staff_unlock(self) -> None:
        box = self.window.tables.staff
        try:
            sup = self.backend.supervisor(box.sup_name.text().strip(), box.sup_pin.text(),
                                          "staff accounts")
        except (StorageError, ServiceError) as exc:
            box.sup_pin.clear()
            box.lock_error.setText(prompts.refusal(error_text(exc)))
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
            box.show_message(tr("Type the new staff member's name."), error=True)
            box.name.setFocus()
            return
        if pin != box.pin2.text():
            box.show_message(tr("The two PINs differ: type them again."), error=True)
            box.pin.clear()
            box.pin2.clear()
            box.pin.setFocus()
            return
        try:
            member = self.backend.add_staff(name, str(role), pin, sup)
        except (StorageError, ServiceError) as exc:
            box.show_message(prompts.refusal(error_text(exc)) + ".", error=True)
            box.pin.clear()
            box.pin2.clear()
            return
        self._show_staff()
        box.clear_form()
        box.show_message(tr("{name} added as {role}; they sign in with their name and "
                            "PIN.").format(name=member.name, role=role_name(member.role)))
        box.name.setFocus()

    def on_staff_unlock_account(self, name: str) -> None:
        box = self.window.tables.staff
        sup = self.staff_authority
        if sup is None:
            self._show_staff()
            return
        if not name:
            box.show_message(tr("Type the name of the account to unlock."), error=True)
            box.name.setFocus()
            return
        try:
            member = self.backend.unlock_staff(name, sup)
        except (StorageError, ServiceError) as exc:
            box.show_message(prompts.refusal(error_text(exc)) + ".", error=True)
            return
        self._show_staff()
        box.clear_form()
        box.show_message(tr("{name} is unlocked; they sign in with their PIN.").format(
            name=member.name))

    # ------------------------------------------------------------------ PINs
    def _ask_for_valid_pin(self, pin: str) -> None:
        """After a sign-in with a PIN today's rule refuses (an older, shorter supervisor
        PIN): a notice in the Staff box, and the change dialog opens at once."""
        from dealer_app.services.staff import MAX_PIN, MIN_PIN, pin_is_valid

        me = self.backend.staff
        box = self.window.tables.staff
        if me is None or pin_is_valid(pin, me.role):
            box.pin_message.clear()
            return
        notice = tr("Your PIN is shorter than a {role}'s PIN must now be ({low} to {high} "
                    "digits): change it now with Change my PIN…").format(
            role=role_name(me.role), low=MIN_PIN[me.role], high=MAX_PIN)
        box.pin_message.show_message(notice, error=True)
        self.on_change_own_pin(notice)

    def on_change_own_pin(self, notice: str = "") -> QDialog | None:
        """The signed-in member changes their own PIN (the dialog asks the old one)."""
        from dealer_app.gui.pin_dialogs import ChangePinDialog  # only when asked

        me = self.backend.staff
        if me is None:
            return None
        box = self.window.tables.staff
        dialog = ChangePinDialog(me, self.backend.change_pin, notice, self.window)

        def done() -> None:
            box.pin_message.show_message(dialog.result_text)

        dialog.accepted.connect(done)
        return self.ctl.supervisor._open_dialog(dialog)

    def on_reset_pin(self, name: str) -> QDialog | None:
        """A supervisor (the one who opened the staff accounts) sets another's PIN."""
        from dealer_app.gui.pin_dialogs import ResetPinDialog  # only when asked

        sup = self.staff_authority
        if sup is None:
            self._show_staff()
            return None
        box = self.window.tables.staff
        dialog = ResetPinDialog(sup, self.backend.reset_pin, name, self.window)

        def done() -> None:
            self._show_staff()
            box.clear_form()
            box.show_message(dialog.result_text)

        dialog.accepted.connect(done)
        return self.ctl.supervisor._open_dialog(dialog)

    def sign_out(self) -> None:
        """Back to the sign-in page. The session stays open and a hand in progress stays
        stored: the next dealer who opens that table resumes it."""
        self.ctl.supervisor.close_all()
        p = self.page
        self.ctl.input.clear()
        p.toggle_key_map(False)
        p.players.message.clear()
        p.table_panel.message.clear()
        p.table_panel.supervisor.clear()
        self.takeover = False
        self.staff_authority = None
        self.ctl.snap = None
        self.backend.sign_out()
        self.window.tables.staff.set_locked(True)
        self.window.tables.staff.pin_message.clear()
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
            self.backend.create_table(page.form.name.text(), settings, sup,
                                      currency=page.form.currency.text(),
                                      dual_control_above=page.form.dual_control.value(),
                                      buy_in_limits=page.form.buy_in_limits())
        except (SettingsError, StorageError, ServiceError) as exc:
            page.error.setText(error_text(exc))
            return
        page.error.clear()
        self.show_tables()

    def on_open_table(self, table_id: int, take_over: bool = False) -> None:
        try:
            self.backend.open_table(table_id, take_over=take_over)
        except TableHeldError as exc:
            self.confirm_take_over(table_id, exc)
            return
        except (StorageError, ServiceError) as exc:
            self.window.tables.open_error.setText(prompts.refusal(error_text(exc)))
            return
        self.show_table()

    def confirm_take_over(self, table_id: int, exc: TableHeldError) -> QMessageBox:
        """Another workstation holds the table: who and since when; taking it over only on
        purpose (audited)."""
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Table in use"),
                          prompts.refusal(str(exc)) + ".", QMessageBox.StandardButton.Cancel,
                          self.window)
        box.setObjectName("takeOverBox")
        box.setInformativeText(tr("Taking it over stops that workstation from recording into "
                                  "this table; it is kept in the audit record."))
        take = box.addButton(tr("Take over this table"), QMessageBox.ButtonRole.AcceptRole)
        take.setObjectName("takeOver")
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        self.window.tables.open_error.setText(prompts.refusal(str(exc)))

        def done() -> None:
            if box.clickedButton() is take:
                self.window.tables.open_error.clear()
                self.on_open_table(table_id, take_over=True)

        box.finished.connect(done)
        self.ctl.supervisor._open_dialog(box)
        return box

    def show_table(self) -> None:
        snap = self.backend.snapshot()
        if snap.table_name != self._table_shown:
            self._table_shown = snap.table_name
            self.page.players.start_table()
        self.page.table_panel.form.set_settings(snap.table_name, snap.settings,
                                                dual_control_above=self.backend.dual_control(),
                                                buy_in_limits=self.backend.buy_in_limits())
        self.refresh_moves()
        self.window.show_page(self.page)
        self.ctl.refresh()

    # ------------------------------------------------------------------ players and table tabs
    def show_seat_form(self, seat: int) -> None:
        """A click on a seat when no card can go there: the seat in the Players form."""
        p = self.page
        p.players.seat.setValue(seat)
        snap = self.ctl.snap
        info = snap.seats.get(seat) if snap is not None else None
        p.players.name.setText(info.player if info else "")
        p.tabs.setCurrentIndex(1)
        p.card_entry.setFocus()

    def on_player_request(self, what: str) -> None:
        panel = self.page.players
        seat = panel.seat.value()
        b = self.backend
        problem = box_problem([(tr("Seat"), panel.seat)] + (
            [(tr("Chips"), panel.amount)] if what in ("seat", "rebuy") else []))
        if what == "move":
            self.open_move(seat)
            return
        try:
            arrival = self._arrival(panel.name.text()) if what == "seat" else None
            if arrival is not None:  # moved here from another table: with their chips
                came = b.seat_arrival(seat, arrival.entry_id)
                message = tr("{name} sits at seat {seat} with {amount} from {table}").format(
                    name=came.player, seat=seat, amount=amount(came.stack),
                    table=arrival.from_table)
            elif problem:
                raise StorageError(problem)
            elif what == "seat":
                b.seat_player(seat, panel.name.text(), panel.amount.value())
                message = tr("{name} sits at seat {seat}").format(
                    name=panel.name.text().strip(), seat=seat)
            elif what == "rebuy":
                b.rebuy(seat, panel.amount.value())
                message = tr("Seat {seat} rebuys {amount}").format(
                    seat=seat, amount=amount(panel.amount.value()))
            elif what == "sit-out":
                b.sit_out(seat)
                message = tr("Seat {seat} sits out").format(seat=seat)
            elif what == "come-back":
                b.come_back(seat)
                message = tr("Seat {seat} comes back").format(seat=seat)
            else:
                cash = b.leave(seat)
                message = tr("Seat {seat} leaves: cash out {amount}").format(
                    seat=seat, amount=amount(cash))
        except (StorageError, ServiceError) as exc:
            panel.show_message(prompts.refusal(error_text(exc)), error=True)
            self.refresh_moves()
            self.page.card_entry.setFocus()
            return
        panel.show_message(message)
        panel.name.clear()
        self.refresh_moves()
        self.page.next_line.clear_error()  # a refusal before this act is no longer true
        self.ctl.refresh()
        self.page.card_entry.setFocus()

    def refresh_moves(self) -> None:
        """The players moving here, read again (on showing the table, after each seating
        act, and on every lease heartbeat)."""
        if self.backend.session is None:
            return
        try:
            arrivals = self.backend.arrivals()
        except StorageError:
            return  # the database is away: the next act says so
        self.page.players.set_arrivals([(a.entry_id, a.player, tr(
            "{player} · {amount} from {table}").format(
            player=a.player, amount=amount(a.chips), table=a.from_table)) for a in arrivals])

    def _arrival(self, name: str) -> Arrival | None:
        """The player of that name moving to this table, if any."""
        return self.backend.arrival_named(name)

    def open_move(self, seat: int) -> MoveDialog | None:
        """The Players form's Move…: where the player of ``seat`` goes."""
        panel = self.page.players
        info = self.backend.seats().get(seat)
        if info is None:
            panel.show_message(prompts.refusal(tr("nobody is seated in seat {seat}").format(
                seat=seat)), error=True)
            return None
        b = self.backend

        def act(table_id: int | None, to_seat: int) -> str:
            if table_id is None:
                moved = b.move_seat(seat, to_seat)
                return tr("{name} moves from seat {seat} to seat {to} with {amount}").format(
                    name=moved.player, seat=seat, to=moved.seat, amount=amount(moved.stack))
            gone = b.move_to_table(seat, table_id)
            return tr("{name} moves to {table} with {amount}: its dealer seats them").format(
                name=gone.player, table=gone.to_table, amount=amount(gone.chips))

        taken = set(b.seats())
        dialog = MoveDialog(info.player, seat, [(t.id, t.name) for t in b.other_tables()],
                            [n for n in SEATS if n not in taken], act, self.window,
                            must_move_to=b.must_move_to())

        def done(result: int) -> None:
            if result == QDialog.DialogCode.Accepted:
                panel.show_message(dialog.done_message)
                self.page.next_line.clear_error()
                self.ctl.refresh()

        dialog.finished.connect(done)
        self.ctl.supervisor._open_dialog(dialog)
        return dialog

    def on_apply_settings(self) -> None:
        panel = self.page.table_panel
        try:
            settings = panel.form.settings()
            f = panel.supervisor
            sup = self.backend.supervisor(f.name.text(), f.pin.text(), f.reason.text())
            second = self.backend.supervisor(f.second_name.text(), f.second_pin.text(),
                                             f.reason.text()) if f.second_shown else None
            self.backend.change_settings(settings, sup, f.reason.text(),
                                         currency=panel.form.currency.text(),
                                         dual_control_above=panel.form.dual_control_change(),
                                         second=second,
                                         buy_in_limits=panel.form.buy_in_change())
        except (SettingsError, StorageError, ServiceError) as exc:
            panel.show_message(prompts.refusal(error_text(exc)), error=True)
            panel.supervisor.pin.clear()  # one attempt per PIN typed
            panel.supervisor.second_pin.clear()
            self.page.card_entry.setFocus()
            return
        panel.form.dual_control_was = panel.form.dual_control.value()
        panel.form.buy_in_was = panel.form.buy_in_limits()
        panel.supervisor.show_second(False)
        panel.show_message(tr("New settings apply from the next hand."))
        panel.supervisor.clear()
        self.page.card_entry.setFocus()
        self.ctl.refresh()

    def cancel_change_dealer(self) -> None:
        """The change of dealer was a slip: back to the table, the same dealer signed in."""
        self.takeover = False
        self.window.sign_in.set_first(False)
        self.show_table()

    def on_change_dealer(self) -> None:
        self.page.table_panel.supervisor.clear()
        self.ctl.input.reset()
        self.takeover = True
        self.window.sign_in.name.clear()
        self.window.sign_in.set_first(False, takeover=True)
        self.window.show_page(self.window.sign_in)
