"""Start of shift and staff: sign-in, the table list, staff accounts, sign-out, the change
of dealer, and the Players and Table tabs of the table page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from dealer_app import words
from dealer_app.engine import SettingsError
from dealer_app.gui import prompts
from dealer_app.gui.backend import StorageError, TableHeldError

if TYPE_CHECKING:
    from dealer_app.gui.controller import DealerController
    from dealer_app.services import StaffMember


class ShiftControl:
    """Who is signed in, which table is open, who sits where."""

    def __init__(self, ctl: DealerController) -> None:
        self.ctl = ctl
        self.window = ctl.window
        self.backend = ctl.backend
        self.page = ctl.page
        self.takeover = False
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
            entries.append((t.id, f"{t.name} · {words.settings_text(t.settings)}\n{status}"))
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
                                      currency=page.form.currency.text())
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
        self.ctl.supervisor._open_dialog(box)
        return box

    def show_table(self) -> None:
        snap = self.backend.snapshot()
        self.page.table_panel.form.set_settings(snap.table_name, snap.settings)
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
            panel.show_message(prompts.refusal(str(exc)), error=True)
            self.page.card_entry.setFocus()
            return
        panel.show_message(message)
        panel.name.clear()
        self.ctl.refresh()
        self.page.card_entry.setFocus()

    def on_apply_settings(self) -> None:
        panel = self.page.table_panel
        try:
            settings = panel.form.settings()
            f = panel.supervisor
            sup = self.backend.supervisor(f.name.text(), f.pin.text(), f.reason.text())
            self.backend.change_settings(settings, sup, f.reason.text(),
                                         currency=panel.form.currency.text())
        except (SettingsError, StorageError) as exc:
            panel.show_message(prompts.refusal(str(exc)), error=True)
            panel.supervisor.pin.clear()  # one attempt per PIN typed
            self.page.card_entry.setFocus()
            return
        panel.show_message("New settings apply from the next hand.")
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
