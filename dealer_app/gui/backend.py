"""The GUI's one door to the services (sign-in, tables, sessions, seating, hands).

No other module of ``dealer_app.gui`` calls the services. The window reads plain values from
here (:class:`TableView` snapshots with the engine's ``Hand``) and sends every dealer input
through :meth:`Backend.record`, which returns only once the input is committed, or raises
the engine's ``RuleError`` (nothing stored) or a ``StorageError`` with a message to show.
Its calls about people (sign-in, supervisors, accounts, PINs) are in
:mod:`~dealer_app.gui.backend_staff`.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from dealer_app import words
from dealer_app.engine import Event, RuleError, Settings
from dealer_app.engine.hand import Hand
from dealer_app.engine.misdeal import MisdealKind
from dealer_app.gui.backend_staff import StaffCalls
from dealer_app.gui.toolkit.audit_log import log_refusal
from dealer_app.gui.wording.rows import LogRow, log_rows
from dealer_app.services import (
    HandState,
    HandStatus,
    SeatInfo,
    Services,
    SessionInfo,
    StaffMember,
    StorageError,
    TableInfo,
)
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.core.types import Attempt
from dealer_app.services.hands import new_input_id
from dealer_app.services.keys import EvidenceProblem
from dealer_app.services.leases import LeaseLostError, TableHeldError, new_workstation
from dealer_app.services.moves import Arrival
from dealer_app.services.must_move import must_move_lists
from dealer_app.storage.errors import ConnectionLostError
from dealer_app.text import tr

__all__ = ["Backend", "BackendError", "LeaseLostError", "RuleError", "ServerAwayError",
           "Snapshot", "StorageError", "TableHeldError"]

BackendError = StorageError
"""Errors with a message fit to show (wrong PIN, seat taken, database unavailable...)."""


class ServerAwayError(StorageError):
    """The database server does not answer (past the service's own reconnecting): the input
    is kept (:attr:`Backend.pending`) and stored, once, by :meth:`Backend.store_pending`
    when the server is back. Not a refusal: nothing the dealer typed is lost."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything the window shows, read in one go after each change."""

    table_name: str
    settings: Settings
    dealer: str
    seats: dict[int, SeatInfo]
    hand: Hand | None
    """The hand in progress, or the last one (complete) until the next is dealt."""
    hand_number: int | None
    in_progress: bool
    log: tuple[LogRow, ...]
    currency: str = "EUR"
    """The table's currency (ISO 4217 code)."""


class Backend(StaffCalls):
    """A dealer's shift on one database: who is signed in, which session, which hand."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.staff: StaffMember | None = None
        self.session: SessionInfo | None = None
        self.state: HandState | None = None
        self._seats: dict[int, SeatInfo] | None = None
        """The seats of the session as last read; None: read them again. Seating rows only
        change through the seating calls below, at the end of a hand, or by an undo."""
        self.workstation, self.host = new_workstation()
        """This window's id for the table lease (one table, one workstation)."""
        self.lease_table: int | None = None
        """The table whose lease this window holds."""
        self.pending: tuple[int, Event, str] | None = None
        """The input typed while the server was away (hand id, input, the id it was sent
        with): stored by :meth:`store_pending` under the same id, so never twice."""

    @classmethod
    def open(cls, url: str | None = None) -> Backend:
        """Opens (and migrates) the database at ``url`` (None: the default database)."""
        return cls(Services.open(url))

    def close(self) -> None:
        with contextlib.suppress(StorageError, ServiceError):  # else the lease expires on its own
            self.release_table()
        self.services.close()

    # ------------------------------------------------------------------ table lease
    def release_table(self) -> None:
        """Gives up the lease of the table this window held, if any."""
        table, self.lease_table = self.lease_table, None
        if table is not None:
            self.services.leases.release(table, self.workstation)

    def heartbeat(self) -> bool:
        """Renews the table's lease; False once another workstation took the table."""
        if self.lease_table is None:
            return True
        return self.services.leases.heartbeat(self.lease_table, self.workstation)

    def _ws(self) -> str | None:
        return self.workstation if self.lease_table is not None else None

    # ------------------------------------------------------------------ evidence
    def evidence_problems(self) -> list[EvidenceProblem]:
        """What went wrong with the evidence in this process (shown at once)."""
        notary = self.services.db.notary
        return list(notary.problems) if notary is not None else []

    def report_evidence_problem(self, text: str) -> None:
        """Calls the floor about an evidence problem (when a table is open)."""
        if self.session is None or self.staff is None:
            return
        from dealer_app.services.core.calls import REASON_MAX

        self.services.calls.raise_call(self.session.table_id, "other", text[:REASON_MAX],
                                       self.staff)

    def sign_out(self) -> None:
        """Forgets who is signed in and the table on screen. The session stays open and a
        hand in progress stays stored: the next dealer to open the table resumes it."""
        self.staff = None
        self.session = None
        self.state = None
        self.forget_seats()
        self.release_table()

    def _me(self) -> StaffMember:
        if self.staff is None:
            raise StorageError(tr("sign in first"))
        return self.staff

    def _sid(self) -> int:
        if self.session is None:
            raise StorageError(tr("open a table session first"))
        return self.session.id

    # ------------------------------------------------------------------ tables, sessions
    def list_tables(self) -> list[TableInfo]:
        return self.services.tables.list_tables()

    def open_session_of(self, table_id: int) -> SessionInfo | None:
        return self.services.tables.current_session(table_id)

    def table_overview(self) -> list[tuple[TableInfo, SessionInfo | None, int | None]]:
        """Each table with its open session (if any) and the number of the hand in progress
        on it (None: no hand in progress)."""
        out: list[tuple[TableInfo, SessionInfo | None, int | None]] = []
        for table in self.list_tables():
            session = self.services.tables.current_session(table.id)
            hand = (self.services.hands.current_hand(session.id)
                    if session is not None else None)
            out.append((table, session, hand.number if hand is not None else None))
        return out

    def create_table(self, name: str, settings: Settings,
                     supervisor: StaffMember | None = None,
                     currency: str | None = None, dual_control_above: int = 0,
                     buy_in_limits: tuple[int, int] = (0, 0)) -> TableInfo:
        sup = supervisor or self._me()
        table = self.services.tables.create_table(name, settings, sup, currency=currency,
                                                  min_buy_in=buy_in_limits[0],
                                                  max_buy_in=buy_in_limits[1])
        if dual_control_above:  # turning it on needs one supervisor
            table = self.services.tables.change_settings(
                table.id, table.settings, sup, tr("dual control for the new table"),
                dual_control_above=dual_control_above)
        return table

    def open_table(self, table_id: int, take_over: bool = False) -> SessionInfo:
        """Takes the table's lease (``TableHeldError``: another workstation holds it, unless
        ``take_over``), then resumes the table's open session (taking it over if another
        dealer had it), or opens a new one; then loads the hand in progress, if any."""
        me = self._me()
        if self.lease_table is not None and self.lease_table != table_id:
            self.release_table()
        self.services.leases.acquire(table_id, self.workstation, self.host, me,
                                     take_over=take_over)
        self.lease_table = table_id
        tables = self.services.tables
        session = tables.current_session(table_id)
        if session is None:
            session = tables.open_session(table_id, me)
        elif session.dealer_id != me.id:
            session = tables.change_dealer(session.id, me, me)
        self.session = session
        self.forget_seats()
        self.state = (self.services.hands.current_hand(session.id)
                      or self.services.hands.last_hand(session.id))
        return session

    def change_dealer(self, name: str, pin: str) -> StaffMember:
        """Another dealer takes over: from now on the inputs are theirs."""
        member = self.services.staff.authenticate(name, pin)
        self.session = self.services.tables.change_dealer(self._sid(), member, member)
        self.staff = member
        if self.lease_table is not None:  # the lease names who deals now
            self.services.leases.acquire(self.lease_table, self.workstation, self.host,
                                         member)
        return member

    def change_settings(self, settings: Settings, supervisor: StaffMember,
                        reason: str, currency: str | None = None,
                        dual_control_above: int | None = None,
                        second: StaffMember | None = None,
                        buy_in_limits: tuple[int, int] | None = None) -> None:
        """``currency`` and ``dual_control_above`` None keep the table's; ``second``: the
        second supervisor changing the dual-control amount while it is on."""
        assert self.session is not None
        self.services.tables.change_settings(self.session.table_id, settings, supervisor,
                                             reason, currency=currency,
                                             dual_control_above=dual_control_above,
                                             second=second, buy_in_limits=buy_in_limits)
        self.session = self.services.tables.session(self.session.id)

    def buy_in_limits(self) -> tuple[int, int]:
        """The open table's minimum and maximum buy-in (0: none)."""
        if self.session is None:
            return (0, 0)
        table = self.services.tables.table(self.session.table_id)
        return (table.min_buy_in, table.max_buy_in)

    def other_tables(self) -> list[TableInfo]:
        """The tables a player can be moved to: every table but the open one."""
        here = self.session.table_id if self.session is not None else None
        return [t for t in self.services.tables.list_tables() if t.id != here]

    def must_move_to(self) -> int | None:
        """The main table of this table's game when this is a must-move table (the floor's
        must-move list, ``services.must_move``): where its players move first."""
        if self.session is None:
            return None
        here = self.session.table_id
        return next((m.main_table_id for m in must_move_lists(self.services.db)
                     if here in m.tables), None)

    def arrivals(self) -> list[Arrival]:
        """The players moving to the open table with their chips, not seated yet."""
        if self.session is None:
            return []
        return self.services.tables.arrivals(self.session.table_id)

    def arrival_named(self, name: str) -> Arrival | None:
        """The player of that name moving to the open table, if any."""
        if self.session is None:
            return None
        return self.services.tables.arrival_named(self.session.table_id, name)

    def move_seat(self, seat: int, to_seat: int) -> SeatInfo:
        self.forget_seats()
        return self.services.tables.move_seat(self._sid(), seat, to_seat, self._me(),
                                              self._ws())

    def move_to_table(self, seat: int, table_id: int) -> Arrival:
        self.forget_seats()
        return self.services.tables.move_to_table(self._sid(), seat, table_id, self._me(),
                                                  self._ws())

    def seat_arrival(self, seat: int, entry_id: int) -> SeatInfo:
        self.forget_seats()
        return self.services.tables.seat_arrival(self._sid(), seat, entry_id, self._me(),
                                                 self._ws())

    def dual_control(self) -> int:
        """The open table's dual-control amount (0: off)."""
        if self.session is None:
            return 0
        return self.services.tables.table(self.session.table_id).dual_control_above

    # ------------------------------------------------------------------ seating
    def seats(self) -> dict[int, SeatInfo]:
        if self.session is None:
            return {}
        if self._seats is None:
            self._seats = {s.seat: s for s in self.services.tables.seats(self.session.id)}
        return dict(self._seats)

    def forget_seats(self) -> None:
        """The next :meth:`seats` reads them from the database again."""
        self._seats = None

    def seat_player(self, seat: int, player: str, buy_in: int) -> SeatInfo:
        self.forget_seats()
        return self.services.tables.seat_player(self._sid(), seat, player, buy_in, self._me(),
                                              self._ws())

    def rebuy(self, seat: int, amount: int) -> SeatInfo:
        self.forget_seats()
        return self.services.tables.rebuy(self._sid(), seat, amount, self._me(), self._ws())

    def sit_out(self, seat: int) -> SeatInfo:
        self.forget_seats()
        return self.services.tables.sit_out(self._sid(), seat, self._me(), self._ws())

    def come_back(self, seat: int) -> SeatInfo:
        self.forget_seats()
        return self.services.tables.come_back(self._sid(), seat, self._me(), self._ws())

    def leave(self, seat: int) -> int:
        """The player leaves; returns the cash-out."""
        self.forget_seats()
        return self.services.tables.leave(self._sid(), seat, self._me(), self._ws())

    # ------------------------------------------------------------------ hands
    @property
    def hand(self) -> Hand | None:
        return self.state.hand if self.state else None

    @property
    def in_progress(self) -> bool:
        return self.state is not None and self.state.status is HandStatus.IN_PROGRESS

    def start_hand(self) -> HandState:
        self.forget_seats()
        self.state = self.services.hands.start_hand(self._sid(), self._me(), self._ws())
        return self.state

    def check(self, event: Event) -> RuleError | None:
        """What the rules would say of ``event`` now, without storing anything."""
        if self.state is None or not self.in_progress:
            return None
        return self.state.hand.check(event)

    def record(self, event: Event) -> HandState:
        """Stores one input (committed before this returns) or raises ``RuleError``. When
        the server does not answer: ``ServerAwayError``, the input kept in :attr:`pending`
        (an input typed while one is pending is refused: the first is stored first)."""
        if self.pending is not None:
            try:
                self.store_pending()
            except ServerAwayError as exc:
                raise ServerAwayError(tr("{kept} (not recorded: {input})").format(
                    kept=exc, input=words.event_text(event))) from exc
        if self.state is None or not self.in_progress:
            raise StorageError(tr("no hand in progress: press N to deal one"))
        return self._send(self.state.hand_id, event, new_input_id())

    def store_pending(self) -> HandState | None:
        """Sends the input kept while the server was away, if any, under its first id (read
        back, not stored again, if that earlier commit went through); ``ServerAwayError``
        while the server is still away."""
        if self.pending is None:
            return None
        hand_id, event, input_id = self.pending
        return self._send(hand_id, event, input_id, reconnect_for=0.0)

    def _send(self, hand_id: int, event: Event, input_id: str,
              reconnect_for: float | None = None) -> HandState:
        kwargs = {} if reconnect_for is None else {"reconnect_for": reconnect_for}
        try:
            self.state = self.services.hands.record_input(hand_id, event, self._me(),
                                                          self._ws(), input_id, **kwargs)
        except ConnectionLostError as exc:
            self.pending = (hand_id, event, input_id)
            log_refusal(f"hand id {hand_id} input {event.describe()} kept", exc)
            raise ServerAwayError(tr("Reconnecting… the database server does not answer; "
                                     "kept until it is back: {input}")
                                  .format(input=words.event_text(event))) from exc
        except (RuleError, StorageError, ServiceError) as exc:
            self.pending = None
            log_refusal(f"hand id {hand_id} input {event.describe()}", exc)
            raise
        self.pending = None
        if not self.in_progress:  # complete: the stacks moved to the seats
            self.forget_seats()
        return self.state

    def undo(self, supervisor: StaffMember | None = None,
             reason: str | None = None) -> HandState:
        """Undoes the last input; of a completed hand, only for a ``supervisor`` with a
        ``reason`` (rule 11.3)."""
        if self.state is None:
            raise StorageError(tr("there is no input to undo"))
        self.forget_seats()
        self.state = self.services.hands.undo_last(self.state.hand_id,
                                                   supervisor or self._me(), reason,
                                                   self._ws())
        return self.state

    @property
    def complete(self) -> bool:
        """The hand shown is complete (changing it needs a supervisor)."""
        return self.state is not None and self.state.status is HandStatus.COMPLETE

    def authorise(self, name: str, pin: str, reason: str,
                  attempt: Attempt | None = None) -> StaffMember:
        """The supervisor for one act (wrong PIN, a wait, dealer: ``StorageError``)."""
        return self.supervisor(name, pin, reason, attempt)

    def correct(self, target_seq: int, replacement: Event | None, supervisor: StaffMember,
                reason: str) -> HandState:
        """A supervisor's correction of one input of the hand shown (rule 11.3)."""
        if self.state is None:
            raise StorageError(tr("there is no hand to correct"))
        self.forget_seats()
        self.state = self.services.hands.correct_input(self.state.hand_id, target_seq,
                                                       replacement, supervisor, reason)
        return self.state

    def void_needs_second(self) -> int:
        """The table's dual-control amount when voiding the hand in progress needs a second
        supervisor (its pot is above it), else 0."""
        if self.state is None:
            return 0
        return self.services.hands.void_needs_second(self.state.hand_id)

    def declare_misdeal(self, kind: MisdealKind, supervisor: StaffMember, reason: str,
                        card: str | None = None,
                        second: StaffMember | None = None) -> HandState:
        """A misdeal (or a card exposed on the deal) declared on the hand in progress: the
        hand is voided (rule 11.2); ``ConflictError`` for a complete hand."""
        if self.state is None or not self.in_progress:
            raise StorageError(tr("no hand is being dealt: a misdeal is declared on the hand "
                                  "in progress (rule 11.2)"))
        self.forget_seats()
        self.state = self.services.hands.declare_misdeal(self.state.hand_id, kind, supervisor,
                                                         reason, card, second)
        return self.state

    def reload(self) -> None:
        """Re-reads the session and the hand in progress (e.g. after a restart)."""
        if self.session is None:
            return
        self.forget_seats()
        self.session = self.services.tables.session(self.session.id)
        self.state = (self.services.hands.current_hand(self.session.id)
                      or self.services.hands.last_hand(self.session.id))

    def snapshot(self) -> Snapshot:
        session = self.session
        if session is None:
            raise StorageError(tr("open a table session first"))
        state = self.state
        usable = state is not None and state.status is not HandStatus.VOID
        return Snapshot(
            table_name=session.table_name, settings=session.settings,
            dealer=self.staff.name if self.staff else session.dealer, seats=self.seats(),
            hand=state.hand if state is not None and usable else None,
            hand_number=state.number if state is not None else None,
            in_progress=self.in_progress,
            log=log_rows(state.log) if state is not None else (),
            currency=session.currency)
