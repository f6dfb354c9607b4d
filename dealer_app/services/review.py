"""The supervisor's queries over the log: hand search with paging, the audit record.

``ReviewQueries(db)``:
- ``search(query: HandQuery, *, offset=0, limit=50, sort="started_at", descending=True,
  after=None) -> list[HandSummary]``; ``sort`` is one of ``SORT_KEYS``. ``after`` (keyset
  paging): the hand id of the last row already read in this order; the rows that follow it
  are returned (``offset`` then counts from there), which stays fast on deep pages.
  The player filter matches names case-insensitively by prefix (``ann`` finds Ann, Anna).
- ``count(query) -> int``.
- ``sessions(table_id=None) -> list[SessionInfo]``, newest first.
- ``audit(since=None, until=None, act=None, limit=200) -> list[AuditRecord]``, newest first.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, case, func, select
from sqlalchemy.orm import aliased

from dealer_app.services.audit_lines import AUDIT_KINDS as AUDIT_KINDS
from dealer_app.services.audit_lines import AuditLine as AuditLine
from dealer_app.services.audit_lines import audit_kind as audit_kind
from dealer_app.services.audit_lines import hand_place
from dealer_app.services.core.common import audit, session_info
from dealer_app.services.core.errors import PermissionRefused, Refusal
from dealer_app.services.core.hand_filters import (
    NULLABLE_KEYS,
    PlayerMatch,
    S,
    player_match,
    rows_after,
    sort_order,
    where,
)
from dealer_app.services.core.hand_filters import SORT_KEYS as SORT_KEYS
from dealer_app.services.core.types import (
    AuditRecord,
    HandQuery,
    HandState,
    HandStatus,
    HandSummary,
    LogEntry,
    SessionInfo,
    StaffMember,
)
from dealer_app.services.core.types import PlayerHand as PlayerHand
from dealer_app.services.core.types import PlayerHistory as PlayerHistory
from dealer_app.services.hand_rows import build_state, load_rows, log_entries
from dealer_app.services.viewer import EVERYTHING, Viewer
from dealer_app.storage.database import Database
from dealer_app.storage.errors import NotFoundError, StorageError
from dealer_app.storage.models import (
    AuditEntry,
    GameTable,
    HandPlayer,
    HandRow,
    Staff,
    TableSession,
)
from dealer_app.storage.models.search_key import search_key
from dealer_app.text import thousands, tr

if TYPE_CHECKING:
    from dealer_app.engine.record import HandRecord
    from dealer_app.services import reports



def _hand_row(s: Any, hand_id: int) -> HandRow:
    row: HandRow | None = s.get(HandRow, hand_id)
    if row is None:
        raise NotFoundError(tr("there is no hand with id {id}").format(id=thousands(hand_id)))
    return row


class ReviewQueries:
    """The review's queries as ``viewer`` may see them (see :mod:`services.viewer`)."""

    def __init__(self, db: Database, viewer: Viewer = EVERYTHING) -> None:
        self.db = db
        self.viewer = viewer

    def seen_by(self, viewer: Viewer) -> ReviewQueries:
        """The same queries kept to what ``viewer`` may see."""
        return self if viewer == self.viewer else ReviewQueries(self.db, viewer)

    def _open_sessions(self) -> Any:
        """The ids of the sessions a restricted viewer may see: the open ones they deal."""
        return select(TableSession.id).where(TableSession.dealer_id == self.viewer.dealer_id,
                                             TableSession.closed_at.is_(None))

    def _where(self, stmt: S, q: HandQuery, match: PlayerMatch | None, *,
               counting: bool = False, probe: bool = False) -> S:
        """:func:`hand_filters.where`, and for a restricted viewer only the hands of their open
        sessions."""
        stmt = where(stmt, q, match, counting=counting, probe=probe)
        if self.viewer.restricted:
            stmt = stmt.where(HandRow.session_id.in_(self._open_sessions()))
        return stmt

    def check_hand(self, hand_id: int) -> None:
        """Raises ``PermissionRefused`` unless the viewer may see hand ``hand_id``."""
        if not self.viewer.restricted:
            return
        with self.db.read() as s:
            seen = s.scalar(select(HandRow.id).where(
                HandRow.id == hand_id, HandRow.session_id.in_(self._open_sessions())))
        if seen is None:
            raise PermissionRefused(Refusal.NOT_YOUR_HAND)

    def check_session(self, session_id: int) -> None:
        """Raises ``PermissionRefused`` unless the viewer may see session ``session_id``."""
        if not self.viewer.restricted:
            return
        with self.db.read() as s:
            seen = s.scalar(self._open_sessions().where(TableSession.id == session_id))
        if seen is None:
            raise PermissionRefused(Refusal.NOT_YOUR_SESSION)

    def check_everything(self, refusal: str) -> None:
        """Raises ``PermissionRefused`` (``refusal``: why, in words) for a restricted
        viewer: what needs the whole log (the audit, the integrity check) is for
        supervisors."""
        if self.viewer.restricted:
            raise PermissionRefused.said(refusal)

    def hand_state(self, hand_id: int, upto: int | None = None) -> HandState:
        """One hand replayed (up to input ``upto``), if the viewer may see it."""
        self.check_hand(hand_id)
        with self.db.read() as s:
            return build_state(_hand_row(s, hand_id), load_rows(s, hand_id), upto)

    def hand_report(self, hand_id: int, by: str = "") -> reports.HandReport:
        """``by``: who asks for it (printed as "generated by")."""
        from dealer_app.services import reports


        return reports.hand_report(self.hand_state(hand_id),
                                   header=reports.hand_header(self.db, hand_id, by))

    def record(self, hand_id: int) -> HandRecord:
        """The hand's americana-hand/1 record, if the viewer may see it."""
        self.check_hand(hand_id)
        from dealer_app.services.log import LogService

        return LogService(self.db).record(hand_id)

    def session_report(self, session_id: int, by: str = "") -> reports.SessionReport:
        from dealer_app.services import reports


        self.check_session(session_id)
        return reports.session_report(self.db, session_id, generated_by=by)

    def stack_history(self, session_id: int) -> reports.StackHistory:
        from dealer_app.services import reports


        self.check_session(session_id)
        return reports.stack_history(self.db, session_id)

    def _tables_in_order(self, s: Any, query: HandQuery, keys: PlayerMatch | None,
                         descending: bool) -> list[tuple[int | None, int]]:
        """(table id, hands matching ``query``) in the list's order by table name (hands
        without a table first in ascending order, SQLite's NULL order)."""
        counts = {t: int(n) for t, n in s.execute(
            self._where(select(HandRow.table_id, func.count(HandRow.id)), query, keys,
                   counting=True).group_by(HandRow.table_id))}
        names = {i: n for i, n in s.execute(select(GameTable.id, GameTable.name))}
        order = sorted(counts, key=lambda t: (t is not None, names.get(t, "") if t else "",
                                              t or 0))
        if descending:
            order.reverse()
        return [(t, counts[t]) for t in order]

    @staticmethod
    def _in_table(table_id: int | None) -> Any:
        return HandRow.table_id.is_(None) if table_id is None else HandRow.table_id == table_id

    def _by_table(self, s: Any, query: HandQuery, keys: PlayerMatch | None, descending: bool,
                  offset: int, limit: int, after: int | None) -> list[int]:
        """The hand ids of a page sorted by table name then id: one table at a time, each
        read along the index on ``table_id`` (no sort of every hand by name)."""
        tables = self._tables_in_order(s, query, keys, descending)
        start, after_id = 0, after
        if after is not None:
            found = s.execute(select(HandRow.table_id).where(HandRow.id == after)).first()
            if found is None:
                raise StorageError(f"no hand {after} to page after")
            start = next((i for i, (t, _n) in enumerate(tables) if t == found[0]), len(tables))
        else:
            while start < len(tables) and offset >= tables[start][1]:
                offset -= tables[start][1]
                start += 1
        ids: list[int] = []
        for table_id, _count in tables[start:]:
            if len(ids) >= limit:
                break
            stmt = self._where(select(HandRow.id).where(self._in_table(table_id)), query, keys)
            if after_id is not None:
                stmt = stmt.where(HandRow.id < after_id if descending else HandRow.id > after_id)
            stmt = stmt.order_by(HandRow.id.desc() if descending else HandRow.id.asc())
            ids.extend(s.scalars(stmt.offset(max(0, offset)).limit(limit - len(ids))))
            offset, after_id = 0, None
        return ids

    def find_hand(self, table: str | int | None, number: int | None = None, *,
                  hand_id: int | None = None) -> HandSummary:
        """One hand by its table (name, any case, or id) and number, or by its id.
        ``NotFoundError`` (with the reason in words) when there is none."""
        with self.db.read() as s:
            if hand_id is not None:
                found = s.scalar(select(HandRow.id).where(HandRow.id == hand_id))
                if found is None:
                    raise NotFoundError(tr("there is no hand with id {id}").format(
                        id=thousands(hand_id)))
            else:
                if table is None or number is None:
                    raise StorageError(tr("give a table and a hand number, or a hand id"))
                if isinstance(table, int):
                    table_id: int | None = table
                    name = s.scalar(select(GameTable.name).where(GameTable.id == table))
                else:
                    wanted = search_key(table)
                    rows = s.execute(select(GameTable.id, GameTable.name)).all()
                    match = [r for r in rows if search_key(r[1]) == wanted]
                    table_id, name = (match[0][0], match[0][1]) if match else (None, None)
                if table_id is None or name is None:
                    raise NotFoundError(tr("there is no table {table}").format(table=table))
                found = s.scalar(select(HandRow.id).where(HandRow.table_id == table_id,
                                                          HandRow.number == number))
                if found is None:
                    raise NotFoundError(tr("{table} has no hand {number}").format(
                        table=name, number=thousands(number)))
        self.check_hand(int(found))
        return self.search(HandQuery(), limit=1, after=None, only=int(found))[0]

    def position(self, query: HandQuery, hand_id: int, *, sort: str = "started_at",
                 descending: bool = True) -> int | None:
        """The row (0-based) of hand ``hand_id`` in the list of ``query`` sorted by ``sort``;
        None if the filters leave it out. One count over the sort's index."""
        key, _order = sort_order(sort, descending, self.db.is_sqlite)
        with self.db.read() as s:
            base = select(HandRow.id).select_from(HandRow)
            keys = player_match(s, query)
            if s.scalar(self._where(base.where(HandRow.id == hand_id), query, keys,
                               probe=True)) is None:
                return None
            if sort == "table":
                table_id = s.scalar(select(HandRow.table_id).where(HandRow.id == hand_id))
                before = 0
                for t, n in self._tables_in_order(s, query, keys, descending):
                    if t == table_id:
                        break
                    before += n
                earlier = HandRow.id > hand_id if descending else HandRow.id < hand_id
                return before + int(s.scalar(self._where(
                    select(func.count(HandRow.id)).where(self._in_table(table_id), earlier),
                    query, keys, counting=True)) or 0)
            value = s.scalar(select(key).select_from(HandRow)
                             .outerjoin(GameTable, GameTable.id == HandRow.table_id)
                             .where(HandRow.id == hand_id))
            counter = select(func.count(HandRow.id)).select_from(HandRow)
            # the rows before it are those "after" it in the opposite order
            earlier_rows = self._where(counter, query, keys, counting=True).where(
                rows_after(key, value, hand_id, not descending, sort in NULLABLE_KEYS))
            return int(s.scalar(earlier_rows) or 0)

    def player_history(self, player: str, *, limit: int = 5000) -> PlayerHistory:
        """Every hand of the player named ``player`` (the whole name, accents and case
        ignored; several spellings of it are one player) across tables and sessions, newest
        first, with the net result of each (None while in progress; 0 when void): the
        newest ``limit`` of them; the count and the total net are of all of them."""
        key = search_key(player)
        if not key:
            raise StorageError(tr("give a player's name"))
        finished = and_(HandRow.status != HandStatus.VOID.value,
                        HandPlayer.stack_after.is_not(None))
        with self.db.read() as s:
            count, total = s.execute(  # over every hand, in the database: not the page
                select(func.count(HandPlayer.hand_id),
                       func.coalesce(func.sum(case(
                           (finished, HandPlayer.stack_after - HandPlayer.stack_before),
                           else_=0)), 0))
                .join(HandRow, HandRow.id == HandPlayer.hand_id)
                .where(HandPlayer.player_key == key)).one()
            rows = s.execute(
                select(HandPlayer.hand_id, HandPlayer.player, HandPlayer.stack_before,
                       HandPlayer.stack_after, HandRow.status)
                .join(HandRow, HandRow.id == HandPlayer.hand_id)
                .where(HandPlayer.player_key == key,
                       *([HandRow.session_id.in_(self._open_sessions())]
                         if self.viewer.restricted else []))
                .order_by(HandRow.started_at.desc(), HandRow.id.desc()).limit(limit)).all()
        if not rows:
            raise NotFoundError(tr("no hand of a player named {name}").format(
                name=repr(player.strip())))
        nets: dict[int, int | None] = {}
        for hand_id, _name, before, after, status in rows:
            if status == HandStatus.VOID.value:
                nets[hand_id] = 0
            elif after is None:
                nets[hand_id] = None
            else:
                nets[hand_id] = int(after) - int(before)
        summaries = {h.hand_id: h for h in self._summaries(list(nets))}
        lines = tuple(PlayerHand(summaries[i], nets[i]) for i in nets if i in summaries)
        return PlayerHistory(name=str(rows[0][1]), hands=lines, total=int(total),
                             count=int(count))

    def _summaries(self, ids: list[int]) -> list[HandSummary]:
        out: list[HandSummary] = []
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            out.extend(self.search(HandQuery(), limit=len(chunk), only=chunk))
        return out

    def count(self, query: HandQuery) -> int:
        with self.db.read() as s:
            keys = player_match(s, query)
            return int(s.scalar(self._where(select(func.count(HandRow.id)), query, keys,
                                       counting=True)) or 0)

    def search(self, query: HandQuery, *, offset: int = 0, limit: int = 50,
               sort: str = "started_at", descending: bool = True,
               after: int | None = None, only: int | list[int] | None = None
               ) -> list[HandSummary]:
        key, order = sort_order(sort, descending, self.db.is_sqlite)
        dealer = aliased(Staff)
        stmt = (select(HandRow.id, GameTable.name, HandRow.session_id, HandRow.number,
                       dealer.name, HandRow.started_at, HandRow.ended_at, HandRow.status,
                       HandRow.pot, HandRow.meta_json, HandRow.corrected)
                .outerjoin(GameTable, GameTable.id == HandRow.table_id)
                .outerjoin(dealer, dealer.id == HandRow.dealer_id))
        if only is not None:
            stmt = stmt.where(HandRow.id.in_([only] if isinstance(only, int) else only))
            if self.viewer.restricted:
                stmt = stmt.where(HandRow.session_id.in_(self._open_sessions()))
        elif sort == "table":
            with self.db.read() as s:
                ids = self._by_table(s, query, player_match(s, query), descending, offset,
                                     limit, after)
            if not ids:
                return []
            rank = {hand_id: i for i, hand_id in enumerate(ids)}
            return sorted(self.search(HandQuery(), limit=len(ids), only=ids),
                          key=lambda h: rank[h.hand_id])
        with self.db.read() as s:
            keys = player_match(s, query)
            if after is None and offset > 0:
                # a deep page: find the hand just before it with a narrow query (an index
                # scan, no joins but the table's name when sorting on it), then read on
                # after it; a wide OFFSET query would build every skipped row
                pivot = select(HandRow.id).select_from(HandRow)
                after = s.scalar(self._where(pivot, query, keys, counting=True).order_by(*order)
                                 .offset(offset - 1).limit(1))
                if after is None:
                    return []
                offset = 0
            stmt = self._where(stmt, query, keys).order_by(*order).offset(max(0, offset)) \
                .limit(max(0, limit))
            if after is not None:
                found = s.execute(select(key).select_from(HandRow)
                                  .outerjoin(GameTable, GameTable.id == HandRow.table_id)
                                  .where(HandRow.id == after)).first()
                if found is None:
                    raise StorageError(f"no hand {after} to page after")
                stmt = stmt.where(rows_after(key, found[0], after, descending,
                                         sort in NULLABLE_KEYS))
            rows: list[Any] = list(s.execute(stmt).all())
            players: dict[int, list[str]] = {}
            ids = [r[0] for r in rows]
            if ids:
                for hand_id, name in s.execute(
                        select(HandPlayer.hand_id, HandPlayer.player)
                        .where(HandPlayer.hand_id.in_(ids)).order_by(HandPlayer.seat)):
                    players.setdefault(hand_id, []).append(name)
        out = []
        for r in rows:
            table = r[1] if r[1] is not None else json.loads(r[9]).get("table") or "(imported)"
            out.append(HandSummary(hand_id=r[0], table=str(table), session_id=r[2],
                                   number=r[3], dealer=r[4] or "", started_at=r[5],
                                   ended_at=r[6], status=HandStatus(r[7]), pot=r[8],
                                   players=tuple(players.get(r[0], ())),
                                   corrected=bool(r[10])))
        return out

    def sessions(self, table_id: int | None = None) -> list[SessionInfo]:
        stmt = (select(TableSession, GameTable, Staff)
                .join(GameTable, GameTable.id == TableSession.table_id)
                .join(Staff, Staff.id == TableSession.dealer_id)
                .order_by(TableSession.opened_at.desc()))
        if table_id is not None:
            stmt = stmt.where(TableSession.table_id == table_id)
        if self.viewer.restricted:
            stmt = stmt.where(TableSession.id.in_(self._open_sessions()))
        with self.db.read() as s:
            return [session_info(row, table, dealer) for row, table, dealer in s.execute(stmt)]

    def audit(self, since: datetime | None = None, until: datetime | None = None,
              act: str | None = None, limit: int = 200) -> list[AuditRecord]:
        return [line.record for line in self.audit_lines(since=since, until=until, act=act,
                                                         limit=limit)]

    def audit_lines(self, *, since: datetime | None = None, until: datetime | None = None,
                    act: str | None = None, kind: str | None = None,
                    staff: str | None = None, limit: int | None = 10_000) -> list[AuditLine]:
        """The audit record, newest first, with the table and hand each row touched.
        ``kind`` is one of ``AUDIT_KINDS`` (see :func:`audit_kind`); ``staff`` matches any
        part of the name (accents and case ignored). Supervisors only."""
        self.check_everything(tr("The audit log is for supervisors."))
        stmt = (select(AuditEntry, GameTable.name, HandRow.number, Staff.role)
                .outerjoin(GameTable, GameTable.id == AuditEntry.table_id)
                .outerjoin(HandRow, HandRow.id == AuditEntry.hand_id)
                .outerjoin(Staff, Staff.id == AuditEntry.staff_id)
                .order_by(AuditEntry.at.desc(), AuditEntry.id.desc()))
        if since is not None:
            stmt = stmt.where(AuditEntry.at >= since)
        if until is not None:
            stmt = stmt.where(AuditEntry.at < until)
        if act is not None:
            stmt = stmt.where(AuditEntry.act == act)
        wanted = search_key(staff or "")
        out: list[AuditLine] = []
        with self.db.read() as s:
            for r, table, number, role in s.execute(stmt):
                line = AuditLine(
                    record=AuditRecord(at=r.at, by=r.staff_name, act=r.act, reason=r.reason,
                                       detail=json.loads(r.detail_json), table_id=r.table_id,
                                       session_id=r.session_id, hand_id=r.hand_id),
                    table=table, hand_number=number, role=role)
                if kind is not None and line.kind != kind:
                    continue
                if wanted and wanted not in search_key(r.staff_name):
                    continue
                out.append(line)
                if limit is not None and len(out) >= limit:
                    break
        return out

    def integrity_of(self, hand_id: int) -> str | None:
        """Why the stored log of hand ``hand_id`` does not hold (the integrity check of
        ``log verify`` on this hand alone), or None."""
        from dealer_app.services.hand_check import check_hand

        self.check_hand(hand_id)
        with self.db.read() as s:
            row = _hand_row(s, hand_id)
            rows = load_rows(s, hand_id)
            players = list(s.scalars(select(HandPlayer).where(HandPlayer.hand_id == hand_id)))
            return check_hand(row, rows, players)

    def hand_names(self, hand_ids: Iterable[int]) -> dict[int, str]:
        """``Table 4 hand 10,131`` for each of ``hand_ids`` that exists (the integrity
        check's findings name their hands so); for supervisors (the whole log)."""
        self.check_everything(tr("The log's integrity check is for supervisors."))
        ids = sorted(set(hand_ids))
        names: dict[int, str] = {}
        with self.db.read() as s:
            for i in range(0, len(ids), 500):
                for hand_id, number, table in s.execute(
                        select(HandRow.id, HandRow.number, GameTable.name)
                        .outerjoin(GameTable, GameTable.id == HandRow.table_id)
                        .where(HandRow.id.in_(ids[i:i + 500]))):
                    names[hand_id] = hand_place(table, number, hand_id)
        return names

    def stored_log(self, hand_id: int) -> tuple[LogEntry, ...]:
        """Every stored row of the hand's log as it is, without replaying it (for a hand
        whose log no longer replays)."""
        self.check_hand(hand_id)
        with self.db.read() as s:
            return log_entries(load_rows(s, hand_id))

    def record_sign_in(self, member: StaffMember, where: str) -> None:
        """Writes the audit row of ``member`` signing in to ``where`` (e.g. the review)."""
        with self.db.transaction() as s:
            audit(s, at=self.db.now(), act="sign-in", staff=member,
                  detail={"to": where, "role": member.role.value})
