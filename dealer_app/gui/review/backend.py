"""The review window's one door to the services (no other module of ``gui.review`` calls them).

Plain values in and out; errors are ``StorageError`` subclasses with messages fit to show.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from dealer_app.engine import Event
from dealer_app.engine.record import dump_record
from dealer_app.gui.toolkit import file_dialogs
from dealer_app.gui.toolkit.audit_log import logged_sign_in
from dealer_app.services import (
    Database,
    HandQuery,
    HandState,
    HandSummary,
    LogEntry,
    SeatInfo,
    Services,
    SessionInfo,
    StaffMember,
    StorageError,
    TableInfo,
    VerifyReport,
    reports,
)
from dealer_app.services.core.common import CancelFn, ProgressFn
from dealer_app.services.core.types import Attempt
from dealer_app.services.review import SORT_KEYS, AuditLine, PlayerHistory
from dealer_app.services.tables import OwedSettlement
from dealer_app.services.viewer import EVERYTHING, Viewer
from dealer_app.text import Language, current_language, language, tr

__all__ = ["ReviewBackend", "StorageError"]


class ReviewBackend:
    """The supervisor's view of one database."""

    SORT_KEYS = SORT_KEYS

    def __init__(self, services: Services, *, owns: bool = False,
                 viewer: Viewer = EVERYTHING, lang: Language | None = None) -> None:
        self.services = services
        self._owns = owns
        self.viewer = viewer
        self.language = lang or current_language()
        """The language the review window shows, and so its reports and exports."""
        self.review = services.review.seen_by(viewer)
        """The queries kept to what ``viewer`` may see (the services check it)."""
        file_dialogs.protect(services.db.sqlite_path)  # no export may write over it

    def seen_by(self, staff: StaffMember | None) -> ReviewBackend:
        """This backend as ``staff``'s role may see it (a dealer: their open session)."""
        viewer = Viewer.of(staff)
        if viewer == self.viewer:
            return self
        return ReviewBackend(self.services, viewer=viewer, lang=self.language)

    @classmethod
    def from_any(cls, source: Any) -> ReviewBackend:
        """From a :class:`Services`, a :class:`Database`, the dealer window's backend (an
        object with ``services``), another ReviewBackend, or a database URL."""
        if isinstance(source, ReviewBackend):
            return source
        if isinstance(source, Services):
            return cls(source)
        if isinstance(source, Database):
            return cls(Services.on(source))
        inner = getattr(source, "services", None)
        if isinstance(inner, Services):
            return cls(inner)
        if source is None or isinstance(source, str):
            return cls(Services.open(source), owns=True)
        raise TypeError(f"cannot review {source!r}: give Services, a Database or a URL")

    def close(self) -> None:
        if self._owns:
            self.services.close()

    @property
    def db_url(self) -> str:
        return self.services.db.url

    # ------------------------------------------------------------------ lists
    def count(self, query: HandQuery) -> int:
        return self.review.count(query)

    def search(self, query: HandQuery, *, offset: int, limit: int, sort: str,
               descending: bool, after: int | None = None) -> list[HandSummary]:
        return self.review.search(query, offset=offset, limit=limit, sort=sort,
                                           descending=descending, after=after)

    def tables(self) -> list[TableInfo]:
        return self.services.tables.list_tables()

    def table_name(self, table_id: int | None) -> str | None:
        if table_id is None:
            return None
        return next((t.name for t in self.tables() if t.id == table_id), None)

    def find_hand(self, table: str | int | None, number: int | None = None, *,
                  hand_id: int | None = None) -> HandSummary:
        """A hand by table and number or by id (``NotFoundError`` with the reason)."""
        return self.review.find_hand(table, number, hand_id=hand_id)

    def position(self, query: HandQuery, hand_id: int, *, sort: str,
                 descending: bool) -> int | None:
        return self.review.position(query, hand_id, sort=sort, descending=descending)

    def player_history(self, player: str) -> PlayerHistory:
        return self.review.player_history(player)

    def audit_lines(self, *, since: datetime | None = None, kind: str | None = None,
                    staff: str | None = None) -> list[AuditLine]:
        return self.review.audit_lines(since=since, kind=kind, staff=staff)

    def integrity_of(self, hand_id: int) -> str | None:
        return self.review.integrity_of(hand_id)

    def hand_names(self, hand_ids: Iterable[int]) -> dict[int, str]:
        """``Table 4 hand 10,131`` by hand id (for the integrity check's findings)."""
        return self.review.hand_names(hand_ids)

    def stored_log(self, hand_id: int) -> tuple[LogEntry, ...]:
        return self.review.stored_log(hand_id)

    def sessions(self, table_id: int | None = None) -> list[SessionInfo]:
        return self.review.sessions(table_id)

    def session(self, session_id: int) -> SessionInfo:
        self.review.check_session(session_id)
        return self.services.tables.session(session_id)

    def staff(self) -> list[StaffMember]:
        return self.services.staff.list_staff()

    def seats(self, session_id: int) -> list[SeatInfo]:
        self.review.check_session(session_id)
        return self.services.tables.seats(session_id)

    # ------------------------------------------------------------------ one hand
    def check_hand(self, hand_id: int) -> None:
        """``PermissionRefused`` unless this backend's viewer may see the hand."""
        self.review.check_hand(hand_id)

    def hand_state(self, hand_id: int, upto: int | None = None) -> HandState:
        return self.review.hand_state(hand_id, upto)

    def hand_report(self, hand_id: int, by: str = "") -> reports.HandReport:
        """``by``: who asks for it (printed as "generated by"); in the window's language."""
        with language(self.language):
            return self.review.hand_report(hand_id, by)

    def sign_in(self, name: str, pin: str) -> StaffMember:
        """The staff member opening the review (wrong PIN, lockout: ``StorageError``); the
        sign-in is in the audit record and the app's log."""
        with logged_sign_in("review sign-in", name):
            member = self.services.staff.authenticate(name, pin)
        self.services.review.record_sign_in(member, "review")
        return member

    # ------------------------------------------------------------------ supervisor acts
    def authorise(self, name: str, pin: str, reason: str,
                  attempt: Attempt | None = None) -> StaffMember:
        """The supervisor for one act (wrong PIN, a wait, dealer: ``StorageError``);
        ``attempt``: the act and its hand, session or table, audited with a refusal too."""
        with logged_sign_in("supervisor authorisation", name, reason):
            return self.services.staff.require_supervisor(name, pin, reason, attempt)

    def dual_control_above(self, table_id: int | None) -> int:
        """The table's dual-control amount (0: off)."""
        return self.services.tables.table(table_id).dual_control_above if table_id else 0

    def void_needs_second(self, hand_id: int) -> int:
        """The dual-control amount when voiding this hand needs a second supervisor, else 0."""
        return self.services.hands.void_needs_second(hand_id)

    def void_hand(self, hand_id: int, supervisor: StaffMember, reason: str,
                  second: StaffMember | None = None) -> HandState:
        return self.services.hands.void_hand(hand_id, supervisor, reason, second)

    def correct_input(self, hand_id: int, target_seq: int, replacement: Event | None,
                      supervisor: StaffMember, reason: str) -> HandState:
        """Replaces (or, with None, strikes) one stored input (rule 11.3)."""
        return self.services.hands.correct_input(hand_id, target_seq, replacement, supervisor,
                                                 reason)

    def adjust_stack(self, session_id: int, seat: int, amount: int, supervisor: StaffMember,
                     reason: str, second: StaffMember | None = None) -> SeatInfo:
        return self.services.tables.adjust_stack(session_id, seat, amount, supervisor, reason,
                                                 second)

    def close_session(self, session_id: int, supervisor: StaffMember, reason: str,
                      imbalance_reason: str | None = None) -> SessionInfo:
        return self.services.tables.close_session(session_id, supervisor, reason,
                                                  imbalance_reason)

    def owed_in_session(self, session_id: int) -> list[tuple[int, str, int]]:
        """(seat, player, chips still owed: positive to the player, negative by them)."""
        self.review.check_session(session_id)
        return self.services.tables.owed(session_id)

    def settle_owed(self, session_id: int, seat_or_player: int | str, amount: int,
                    supervisor: StaffMember, reason: str,
                    second: StaffMember | None = None) -> OwedSettlement:
        """Records owed chips as paid at the cage (audited; in the session report)."""
        return self.services.tables.settle_owed(session_id, seat_or_player, amount,
                                                supervisor, reason, second)

    def balance_warning(self, session_id: int) -> str | None:
        """What is off in the session's chip reconciliation, or None."""
        self.review.check_session(session_id)
        return self.services.tables.balance_warning(session_id)

    def owed(self, hand_id: int) -> list[tuple[str, int]]:
        """Chips a void of this hand left owed to (or by) players who had left."""
        self.review.check_hand(hand_id)
        return self.services.hands.owed(hand_id)

    def left_players(self, hand_id: int) -> list[str]:
        self.review.check_hand(hand_id)
        return self.services.hands.left_players(hand_id)

    # ------------------------------------------------------------------ integrity, reports
    def verify(self, progress: ProgressFn | None = None,
               cancel: CancelFn | None = None) -> VerifyReport:
        self.review.check_everything(tr("The log's integrity check is for supervisors."))
        return self.services.log.verify_all(progress=progress, cancel=cancel)

    def session_report(self, session_id: int, by: str = "") -> reports.SessionReport:
        """``by``: who asks for it (printed as "generated by"); in the window's language."""
        with language(self.language):
            return self.review.session_report(session_id, by)

    def stack_history(self, session_id: int) -> reports.StackHistory:
        return self.review.stack_history(session_id)

    def write_csv(self, query: HandQuery, path: str | os.PathLike[str], *, sort: str,
                  descending: bool, progress: ProgressFn | None = None,
                  cancel: CancelFn | None = None) -> int | None:
        return reports.write_hand_list_csv(self.review, query, path, sort=sort,
                                           descending=descending, progress=progress,
                                           cancel=cancel)

    def export_records(self, hand_ids: Sequence[int], folder: str | os.PathLike[str],
                       progress: ProgressFn | None = None,
                       cancel: CancelFn | None = None) -> list[Path] | None:
        """Writes one americana-hand/1 file per hand into ``folder``; each file goes to a
        temporary name first. On cancel, the files of this export are removed: None."""
        folder = Path(folder)
        written: list[Path] = []
        try:
            for done, hand_id in enumerate(hand_ids, 1):
                if cancel is not None and cancel():
                    raise reports.Cancelled
                record = self.review.record(hand_id)
                meta = record.meta
                table = str(meta.get("table") or "hand").replace(os.sep, "-").replace(" ", "-")
                number = meta.get("hand")
                name = (f"{table}-hand-{number:05d}.json" if isinstance(number, int)
                        else f"hand-{meta.get('uid', hand_id)}.json")
                path = folder / name
                with reports.atomic_write(path) as fh:
                    fh.write(dump_record(record))  # type: ignore[call-overload]
                written.append(path)
                if progress is not None:
                    progress(done, len(hand_ids))
        except reports.Cancelled:
            for path in written:
                path.unlink(missing_ok=True)
            return None
        return written
