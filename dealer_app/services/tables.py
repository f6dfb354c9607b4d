"""Tables, sessions (a dealer's shift) and the players seated in them.

``TableService(db)`` — every act is in the audit record; supervisor acts need a reason:
- ``create_table(name, settings, by, currency="EUR") -> TableInfo`` (supervisor);
  ``list_tables()``; ``table(table_id)``; ``change_settings(table_id, settings, supervisor,
  reason, currency=None)`` (None keeps the table's currency).
- ``open_session(table_id, dealer) -> SessionInfo`` (one open session per table);
  ``current_session(table_id) -> SessionInfo | None``; ``session(session_id)``;
  ``close_session(session_id, supervisor, reason, imbalance_reason=None)`` (cashes out
  everyone still seated; a session whose chips do not reconcile, or that owes chips to or
  from players who left, raises :class:`UnbalancedSessionError` unless ``imbalance_reason``
  says why it is closed anyway); ``balance_warning(session_id) -> str | None``;
  ``change_dealer(session_id, dealer, by)``.
- ``seats(session_id) -> list[SeatInfo]``; ``seat_player(session_id, seat, player, buy_in,
  by)``; ``rebuy(session_id, seat, amount, by)`` (both within the table's buy-in limits,
  ``buy_in.py``); ``move_seat`` / ``move_to_table`` / ``arrivals`` / ``seat_arrival``: a
  player moved with their chips (``moves.py``); ``sit_out`` / ``come_back(session_id,
  seat, by)``; ``leave(session_id, seat, by) -> int`` (the cash-out);
  ``adjust_stack(session_id, seat, amount, supervisor, reason)`` (amount may be negative).
- ``settle_owed(session_id, seat_or_player, amount, supervisor, reason) -> OwedSettlement``:
  a supervisor records chips owed after a void as paid (to the player, or back by them), in
  an open or a closed session; an ``owed-paid`` stack move the reconciliation counts as a
  cash-out that takes the owed line down by as much (``owed.py``).
A seat in the hand in progress cannot rebuy, leave or be adjusted until the hand ends.
The seating acts take an optional ``workstation``: the window doing them must hold the
table's lease (``leases.check_lease``, in the act's transaction). The rows they read and
lock, and the amount checks, are ``table_rows.py``'s.
"""

from __future__ import annotations

import json

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from dealer_app.engine import Settings, SettingsError
from dealer_app.engine.limits import MAX_AMOUNT
from dealer_app.engine.settings import SEATS
from dealer_app.services import moves, owed
from dealer_app.services.buy_in import check_buy_in, check_limits, check_rebuy
from dealer_app.services.core.common import (
    audit,
    confirm_supervisor,
    currency_code,
    dual_control,
    player_name,
    require_supervisor_role,
    session_info,
    table_info,
)
from dealer_app.services.core.errors import DualControlRequired, Refusal
from dealer_app.services.core.types import SeatInfo, SessionInfo, StaffMember, TableInfo
from dealer_app.services.leases import check_lease
from dealer_app.services.moves import arriving_player
from dealer_app.services.owed import OWED_PAID as OWED_PAID
from dealer_app.services.owed import OwedSettlement as OwedSettlement
from dealer_app.services.table_rows import (
    hand_in_progress,
    in_chips,
    not_in_hand,
    open_session,
    open_session_row,
    positive,
    seat_info,
    seating,
    seatings,
    session_row,
    stack_move,
    staff_row,
    table_row,
    table_total,
    within_max,
)
from dealer_app.storage import ledger
from dealer_app.storage.database import Database
from dealer_app.storage.errors import ConflictError, StorageError
from dealer_app.storage.models import (
    GameTable,
    Seating,
    TableSession,
)
from dealer_app.text import thousands, tr, tr_noop


class UnbalancedSessionError(ConflictError):
    """Closing a session whose chip reconciliation does not balance (or with chips owed to or
    by players who left) needs a written reason for it; ``warning`` says what is off."""

    def __init__(self, warning: str) -> None:
        super().__init__(tr("{warning}. Closing it anyway needs a reason for the difference; "
                            "nothing was changed").format(warning=warning))
        self.warning = warning


class TableService:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ tables
    def create_table(self, name: str, settings: Settings, by: StaffMember,
                     currency: str | None = None, min_buy_in: int = 0,
                     max_buy_in: int = 0) -> TableInfo:
        """``min_buy_in``/``max_buy_in`` (0: none): the table's buy-in limits."""
        require_supervisor_role(by, "create table", tr_noop("creating a table"))
        name = name.strip()
        if not name:
            raise StorageError(tr("a table needs a name"))
        code = currency_code(currency)
        minimum, maximum = check_limits(min_buy_in, max_buy_in)
        try:
            with self.db.transaction() as s:
                confirm_supervisor(s, by, tr_noop("creating a table"))
                row = GameTable(name=name, settings_json=json.dumps(settings.to_dict()),
                                created_at=self.db.now(), currency=code,
                                min_buy_in=minimum or None, max_buy_in=maximum or None)
                s.add(row)
                s.flush()
                limits = ({"min_buy_in": minimum, "max_buy_in": maximum}
                          if minimum or maximum else {})
                audit(s, at=row.created_at, act="create-table", staff=by, table_id=row.id,
                      detail={"name": name, "settings": settings.to_dict(),
                              "currency": code, **limits})
                ledger.request_checkpoint(s, f"table {row.id} created")
                return table_info(row)
        except IntegrityError:
            raise ConflictError(tr("there is already a table named {name}")
                                .format(name=repr(name))) from None

    def list_tables(self) -> list[TableInfo]:
        with self.db.transaction() as s:
            return [table_info(r) for r in s.scalars(select(GameTable).order_by(GameTable.name))]

    def table(self, table_id: int) -> TableInfo:
        with self.db.transaction() as s:
            return table_info(table_row(s, table_id))

    def change_settings(self, table_id: int, settings: Settings, supervisor: StaffMember,
                        reason: str, currency: str | None = None,
                        dual_control_above: int | None = None,
                        second: StaffMember | None = None,
                        buy_in_limits: tuple[int, int] | None = None) -> TableInfo:
        """New settings apply from the next hand on; ``currency`` None keeps the table's.
        ``dual_control_above`` (minor units; 0: off; None keeps it): a void, adjustment or
        settlement of more needs a second supervisor; while it is on, changing it needs
        ``second`` too. ``buy_in_limits`` (minimum, maximum; 0: none; None keeps them):
        from the next buy-in or rebuy on."""
        why = require_supervisor_role(supervisor, reason, tr_noop("changing table settings"))
        code = None if currency is None else currency_code(currency)
        limits = None if buy_in_limits is None else check_limits(*buy_in_limits)
        if dual_control_above is not None and (type(dual_control_above) is not int
                                               or not 0 <= dual_control_above <= MAX_AMOUNT):
            raise StorageError(tr("the dual-control amount is a whole amount from 0 (off) to "
                                  "{max}, not {amount}").format(
                max=thousands(MAX_AMOUNT), amount=repr(dual_control_above)))
        with self.db.transaction() as s:
            confirm_supervisor(s, supervisor, tr_noop("changing table settings"))
            row = table_row(s, table_id)
            self._settings_fit(s, table_id, table_info(row).settings, settings)
            old = json.loads(row.settings_json)
            row.settings_json = json.dumps(settings.to_dict())
            detail: dict[str, object] = {"old": old, "new": settings.to_dict()}
            if code is not None and code != row.currency:
                detail.update(old_currency=row.currency, currency=code)
                row.currency = code
            was = row.dual_control_above or 0
            if dual_control_above is not None and dual_control_above != was:
                if was and (second is None or second.id == supervisor.id):
                    raise DualControlRequired(Refusal.DUAL_CONTROL_SETTING)
                if was and second is not None:
                    confirm_supervisor(s, second, tr_noop("changing table settings"))
                    detail.update(second_supervisor=second.name)
                detail.update(old_dual_control_above=was,
                              dual_control_above=dual_control_above)
                row.dual_control_above = dual_control_above or None
            was_limits = (row.min_buy_in or 0, row.max_buy_in or 0)
            if limits is not None and limits != was_limits:
                detail.update(old_buy_in_limits=list(was_limits), buy_in_limits=list(limits))
                row.min_buy_in, row.max_buy_in = (v or None for v in limits)
            audit(s, at=self.db.now(), act="change-settings", staff=supervisor, reason=why,
                  table_id=table_id, detail=detail)
            ledger.request_checkpoint(s, f"table {table_id} settings changed")
            return table_info(row)

    # ------------------------------------------------------------------ sessions
    def open_session(self, table_id: int, dealer: StaffMember) -> SessionInfo:
        try:
            with self.db.transaction() as s:
                table = table_row(s, table_id)
                if open_session_row(s, table_id) is not None:
                    raise ConflictError(tr("table {table} already has an open session")
                                        .format(table=table.name))
                row = TableSession(table_id=table_id, dealer_id=dealer.id,
                                   opened_at=self.db.now())
                s.add(row)
                s.flush()
                audit(s, at=row.opened_at, act="open-session", staff=dealer,
                      table_id=table_id, session_id=row.id)
                return session_info(row, table, staff_row(s, dealer.id))
        except IntegrityError:
            raise ConflictError(tr("another program opened a session on this table")) from None

    def current_session(self, table_id: int) -> SessionInfo | None:
        with self.db.transaction() as s:
            row = open_session_row(s, table_id)
            if row is None:
                return None
            return session_info(row, table_row(s, table_id), staff_row(s, row.dealer_id))

    def session(self, session_id: int) -> SessionInfo:
        with self.db.transaction() as s:
            row = session_row(s, session_id)
            return session_info(row, table_row(s, row.table_id),
                                staff_row(s, row.dealer_id))

    def balance_warning(self, session_id: int) -> str | None:
        """What is off in the session's chip reconciliation (an imbalance, its reasons, chips
        owed to or by players who left), or None when it balances with nothing owed."""
        from dealer_app.services.reports import session_report  # only when closing

        rec = session_report(self.db, session_id, evidence=False).reconciliation
        if rec.balanced and not rec.owed_lines:
            return None
        parts = []
        if not rec.balanced:
            parts.append(f"session {session_id} does not balance: {rec.equation()}")
            parts += list(rec.problems)
        if rec.owed_lines:
            parts.append("chips are owed after a void: " + "; ".join(rec.owed_lines))
        return "; ".join(parts)

    def close_session(self, session_id: int, supervisor: StaffMember, reason: str,
                      imbalance_reason: str | None = None) -> SessionInfo:
        why = require_supervisor_role(supervisor, reason, tr_noop("closing a session"))
        imbalance = (imbalance_reason or "").strip()
        with self.db.transaction() as s:
            confirm_supervisor(s, supervisor, tr_noop("closing a session"))
            row = open_session(s, session_id)
            if hand_in_progress(s, session_id):
                raise ConflictError(tr("finish or void the hand in progress first"))
            # read (on its own connection) while this transaction holds the session: no
            # void or seat change can come in between
            warning = self.balance_warning(session_id)
            if warning is not None and not imbalance:
                raise UnbalancedSessionError(warning)
            now = self.db.now()
            for seating in seatings(s, session_id):
                stack_move(s, seating, "cash-out", -seating.stack, supervisor, self.db.now(), why)
                seating.left_at = now
            row.closed_at = now
            detail = {"unbalanced": warning, "imbalance_reason": imbalance} if warning else {}
            ledger.request_checkpoint(s, f"session {session_id} closed")
            audit(s, at=now, act="close-session", staff=supervisor, reason=why,
                  table_id=row.table_id, session_id=session_id, detail=detail)
            return session_info(row, table_row(s, row.table_id),
                                staff_row(s, row.dealer_id))

    def change_dealer(self, session_id: int, dealer: StaffMember,
                      by: StaffMember) -> SessionInfo:
        with self.db.transaction() as s:
            row = open_session(s, session_id)
            old = row.dealer_id
            row.dealer_id = staff_row(s, dealer.id).id
            audit(s, at=self.db.now(), act="change-dealer", staff=by, table_id=row.table_id,
                  session_id=session_id, detail={"from": old, "to": dealer.id,
                                                 "dealer": dealer.name})
            return session_info(row, table_row(s, row.table_id),
                                staff_row(s, row.dealer_id))

    # ------------------------------------------------------------------ seats
    def seats(self, session_id: int) -> list[SeatInfo]:
        with self.db.transaction() as s:
            return [seat_info(r) for r in seatings(s, session_id)]

    def seat_player(self, session_id: int, seat: int, player: str, buy_in: int,
                    by: StaffMember, workstation: str | None = None) -> SeatInfo:
        player = player_name(player)
        if type(seat) is not int or seat not in SEATS:
            raise StorageError(tr("seat must be 1 to 6, not {seat}").format(seat=repr(seat)))
        positive(buy_in, tr("the buy-in"))
        try:
            with self.db.transaction() as s:
                session = open_session(s, session_id)
                check_lease(s, session.table_id, workstation, self.db.now())
                in_chips(s, session, buy_in)
                check_buy_in(table_row(s, session.table_id), buy_in)
                table_total(s, session, buy_in)
                if any(r.seat == seat for r in seatings(s, session_id)):
                    raise ConflictError(tr("seat {seat} is taken").format(seat=seat))
                if any(r.player == player for r in seatings(s, session_id)):
                    raise ConflictError(tr("{player} is already seated at this table")
                                        .format(player=player))
                moving = arriving_player(s, session.table_id, player)
                if moving is not None:
                    raise ConflictError(tr("{player} is moving here from another table with "
                                           "{chips}: seat them with their chips, not a "
                                           "buy-in; nothing was changed").format(
                        player=moving.player, chips=thousands(moving.chips or 0)))
                row = Seating(session_id=session_id, seat=seat, player=player, stack=0,
                              sitting_out=False, seated_at=self.db.now())
                s.add(row)
                s.flush()
                stack_move(s, row, "buy-in", buy_in, by, self.db.now())
                audit(s, at=row.seated_at, act="seat-player", staff=by,
                      table_id=session.table_id, session_id=session_id,
                      detail={"seat": seat, "player": player, "buy_in": buy_in})
                ledger.request_checkpoint(s, f"session {session_id} seat {seat} buy-in")
                from dealer_app.services.waiting import take_seated  # (imports this module)

                take_seated(s, session.table_id, player, by, row.seated_at)  # off the list
                return seat_info(row)
        except IntegrityError:
            raise ConflictError(tr("seat {seat} was taken by another program")
                                .format(seat=seat)) from None

    def move_seat(self, session_id: int, seat: int, to_seat: int, by: StaffMember,
                  workstation: str | None = None) -> SeatInfo:
        """The player moves to the empty ``to_seat`` with their chips (see ``moves``)."""
        return moves.move_seat(self.db, session_id, seat, to_seat, by, workstation)

    def move_to_table(self, session_id: int, seat: int, to_table_id: int, by: StaffMember,
                      workstation: str | None = None) -> moves.Arrival:
        """The player leaves for another table with their chips (see ``moves``)."""
        return moves.move_to_table(self.db, session_id, seat, to_table_id, by, workstation)

    def arrivals(self, table_id: int) -> list[moves.Arrival]:
        """The players moving to ``table_id``, not seated yet."""
        return moves.arrivals(self.db, table_id)

    def arrival_named(self, table_id: int, name: str) -> moves.Arrival | None:
        """The player of that name moving to ``table_id``, if any."""
        return moves.arrival_named(self.db, table_id, name)

    def seat_arrival(self, session_id: int, seat: int, entry_id: int, by: StaffMember,
                     workstation: str | None = None) -> SeatInfo:
        """A moving player sits down with their chips (see ``moves``)."""
        return moves.seat_arrival(self.db, session_id, seat, entry_id, by, workstation)

    def rebuy(self, session_id: int, seat: int, amount: int, by: StaffMember,
              workstation: str | None = None) -> SeatInfo:
        positive(amount, tr("the rebuy"))
        return self._stack_act(session_id, seat, "rebuy", amount, by, None, workstation)

    def adjust_stack(self, session_id: int, seat: int, amount: int, supervisor: StaffMember,
                     reason: str, second: StaffMember | None = None) -> SeatInfo:
        """Adds ``amount`` (negative to remove chips) to a stack; supervisor only (and a
        ``second`` one above the table's dual-control amount)."""
        why = require_supervisor_role(supervisor, reason, tr_noop("adjusting a stack"))
        if type(amount) is not int or amount == 0:
            raise StorageError(tr("an adjustment is a whole amount other than 0, not {amount}")
                               .format(amount=repr(amount)))
        within_max(amount, "the adjustment")
        return self._stack_act(session_id, seat, "adjustment", amount, supervisor, why,
                               second=second)

    def settle_owed(self, session_id: int, seat_or_player: int | str, amount: int,
                    supervisor: StaffMember, reason: str,
                    second: StaffMember | None = None) -> OwedSettlement:
        """Chips owed after a void settled at the cage (see :func:`owed.settle_owed`)."""
        return owed.settle_owed(self.db, session_id, seat_or_player, amount, supervisor,
                                reason, second)

    def owed(self, session_id: int) -> list[tuple[int, str, int]]:
        """(seat, player, chips still owed: positive to the player, negative by them) for
        each player of the session with chips owed after a void."""
        return owed.owed(self.db, session_id)

    def leave(self, session_id: int, seat: int, by: StaffMember,
              workstation: str | None = None) -> int:
        """The player leaves with their whole stack; returns the cash-out."""
        with self.db.transaction() as s:
            session = open_session(s, session_id)
            check_lease(s, session.table_id, workstation, self.db.now())
            row = seating(s, session_id, seat)
            not_in_hand(s, row)
            amount = row.stack
            stack_move(s, row, "cash-out", -amount, by, self.db.now())
            row.left_at = self.db.now()
            audit(s, at=row.left_at, act="leave", staff=by, table_id=session.table_id,
                  session_id=session_id,
                  detail={"seat": seat, "player": row.player, "cash_out": amount})
            ledger.request_checkpoint(s, f"session {session_id} seat {seat} cash-out")
            return amount

    def sit_out(self, session_id: int, seat: int, by: StaffMember,
                workstation: str | None = None) -> SeatInfo:
        return self._set_sitting_out(session_id, seat, True, by, workstation)

    def come_back(self, session_id: int, seat: int, by: StaffMember,
                  workstation: str | None = None) -> SeatInfo:
        return self._set_sitting_out(session_id, seat, False, by, workstation)

    # ------------------------------------------------------------------ internals
    def _settings_fit(self, s: Session, table_id: int, old: Settings, new: Settings) -> None:
        """Refuses settings the seated stacks do not fit (the engine's rule,
        :meth:`Settings.check_stacks`), now rather than at the next hand. While a hand is in
        progress its results are not known yet: the chip unit may then only change to one
        that divides the old one (every result stays a multiple of it)."""
        session = open_session_row(s, table_id)
        if session is None:
            return
        seated = seatings(s, session.id)
        try:
            new.check_stacks((r.seat, r.stack) for r in seated)
        except SettingsError as exc:
            raise ConflictError(tr("these settings do not fit the chips at the table: {error}. "
                                   "Change the stacks first (rebuy or adjust), or choose a chip "
                                   "unit that divides every stack; nothing was changed")
                                .format(error=exc)) from None
        if (old.check_unit_change(new, hand_in_progress=True) is not None  # the engine's rule
                and hand_in_progress(s, session.id)):  # (asked only when it matters)
            raise ConflictError(tr("the chip unit can change from {old} to {new} only between "
                                   "hands (the hand in progress could leave stacks that are not "
                                   "multiples of it); nothing was changed")
                                .format(old=thousands(old.chip_unit), new=thousands(new.chip_unit)))

    def _set_sitting_out(self, session_id: int, seat: int, value: bool,
                         by: StaffMember, workstation: str | None = None) -> SeatInfo:
        with self.db.transaction() as s:
            session = open_session(s, session_id)
            check_lease(s, session.table_id, workstation, self.db.now())
            row = seating(s, session_id, seat)
            row.sitting_out = value
            audit(s, at=self.db.now(), act="sit-out" if value else "come-back", staff=by,
                  table_id=session.table_id, session_id=session_id,
                  detail={"seat": seat, "player": row.player})
            return seat_info(row)

    def _stack_act(self, session_id: int, seat: int, kind: str, amount: int,
                   by: StaffMember, reason: str | None,
                   workstation: str | None = None,
                   second: StaffMember | None = None) -> SeatInfo:
        with self.db.transaction() as s:
            both = None
            if kind == "adjustment":
                confirm_supervisor(s, by, tr_noop("adjusting a stack"))
            session = open_session(s, session_id)
            if kind == "adjustment":
                both = dual_control(s, session.table_id, amount, by, second,
                                    tr_noop("adjusting a stack"))
            check_lease(s, session.table_id, workstation, self.db.now())
            row = seating(s, session_id, seat)
            not_in_hand(s, row)
            in_chips(s, session, amount)
            if row.stack + amount < 0:
                raise StorageError(tr("seat {seat} has only {stack}").format(seat=seat,
                                                                               stack=row.stack))
            if kind == "rebuy":
                check_rebuy(table_row(s, session.table_id), seat, row.stack, amount)
            table_total(s, session, amount)
            stack_move(s, row, kind, amount, by, self.db.now(), reason)
            audit(s, at=self.db.now(), act=kind, staff=by, reason=reason,
                  table_id=session.table_id, session_id=session_id,
                  detail={"seat": seat, "player": row.player, "amount": amount,
                          "stack": row.stack,
                          **({"second_supervisor": both.name} if both else {})})
            ledger.request_checkpoint(s, f"session {session_id} seat {seat} {kind}")
            return seat_info(row)
