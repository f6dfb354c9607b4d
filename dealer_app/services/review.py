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
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Select, and_, case, exists, false, func, or_, select, text, tuple_
from sqlalchemy.orm import aliased

from dealer_app.services.common import audit, session_info
from dealer_app.services.errors import PermissionRefused, Refusal
from dealer_app.services.hand_rows import build_state, load_rows, log_entries
from dealer_app.services.types import (
    AuditRecord,
    HandQuery,
    HandState,
    HandStatus,
    HandSummary,
    LogEntry,
    SessionInfo,
    StaffMember,
)
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
from dealer_app.storage.search_key import search_key
from dealer_app.text import thousands, tr

if TYPE_CHECKING:
    from dealer_app.engine.record import HandRecord
    from dealer_app.services import reports

SORT_KEYS = ("started_at", "number", "pot", "status", "table")
NULLABLE_KEYS = ("number", "table")
"""Sort keys an imported hand may lack."""


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One hand of a player's history and the player's net result in it (None: the hand
    is in progress)."""

    hand: HandSummary
    net: int | None


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    name: str
    hands: tuple[PlayerHand, ...]
    """The newest hands, at most the limit asked for."""
    total: int
    """The sum of the nets of ALL the player's finished hands (not only those listed)."""
    count: int = 0
    """How many hands the player has in all; more than ``len(hands)`` when the list was
    cut at its limit."""

    @property
    def cut(self) -> bool:
        """The list holds only the newest ``len(hands)`` of :attr:`count` hands."""
        return self.count > len(self.hands)
S = TypeVar("S", bound="Select[*tuple[Any, ...]]")


@dataclass(frozen=True, slots=True)
class PlayerMatch:
    """The stored player keys a player filter matches, and whether they are in so many
    hands (``dense``) that a scan in the list's order soon finds a page of them."""

    keys: list[str]
    dense: bool


DENSE = 2000
"""Player rows from which a player filter is dense (see :func:`_where`)."""


def _where(stmt: S, q: HandQuery, match: PlayerMatch | None, *, counting: bool = False,
           probe: bool = False) -> S:
    """The filters of ``q``; ``match``: what the player filter matches (see
    :meth:`ReviewQueries._keys`), None without one. The player filter is ``IN`` the hands
    of the matching keys (read once along the index on ``player_key``) for a count and for
    a page of a sparse match; for a page of a dense match (or ``probe``: one known hand)
    it is ``EXISTS`` a player of the hand, looked up by the hand's key, whose key is one of
    them (``player_key || ''`` keeps SQLite from probing the key index once per key and
    hand): EXPLAIN QUERY PLAN on 100,000 hands."""
    keys = match.keys if match is not None else None
    if q.table_id is not None:
        stmt = stmt.where(HandRow.table_id == q.table_id)
    if q.session_id is not None:
        stmt = stmt.where(HandRow.session_id == q.session_id)
    if q.dealer_id is not None:
        stmt = stmt.where(HandRow.dealer_id == q.dealer_id)
    if q.status is not None:
        stmt = stmt.where(HandRow.status == HandStatus(q.status).value)
    if q.since is not None:
        stmt = stmt.where(HandRow.started_at >= q.since)
    if q.until is not None:
        stmt = stmt.where(HandRow.started_at < q.until)
    if q.min_pot is not None:
        stmt = stmt.where(HandRow.pot >= q.min_pot)
    if q.max_pot is not None:
        stmt = stmt.where(HandRow.pot <= q.max_pot)
    if q.corrected is not None:
        stmt = stmt.where(HandRow.corrected == q.corrected)
    if keys is not None and not keys:
        stmt = stmt.where(false())  # no stored name matches the player filter
    elif match is not None and keys is not None:
        if counting or not (match.dense or probe):
            stmt = stmt.where(HandRow.id.in_(select(HandPlayer.hand_id)
                                             .where(HandPlayer.player_key.in_(keys))))
        else:
            stmt = stmt.where(exists().where(HandPlayer.hand_id == HandRow.id,
                                             (HandPlayer.player_key + "").in_(keys)))
    return stmt


def _like_pattern(text: str) -> str:
    """``%text%`` for LIKE with ``\\`` as the escape, the user's ``%`` and ``_`` literal."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


_DISTINCT_KEYS = text("""
WITH RECURSIVE k(x) AS (
  SELECT MIN(player_key) FROM hand_player
  UNION ALL
  SELECT (SELECT MIN(player_key) FROM hand_player WHERE player_key > k.x) FROM k
  WHERE k.x IS NOT NULL)
SELECT x FROM k WHERE x LIKE :pattern ESCAPE '\\'""")
"""The distinct stored keys containing a pattern: one index seek per distinct name (a
loose index scan) instead of a scan of every hand's players."""


def _after(key: Any, value: Any, after_id: int, descending: bool, nullable: bool) -> Any:
    """The rows after (``value``, ``after_id``) in ``ORDER BY key, id`` (both ascending or
    both descending), NULL keys first in ascending order and last in descending order
    (SQLite's order; the query asks PostgreSQL for the same). A row-value comparison, which
    both databases answer with a range of the sort's index."""
    pair = tuple_(key, HandRow.id)
    if descending:
        if value is None:
            return and_(key.is_(None), HandRow.id < after_id)
        below = pair < tuple_(value, after_id)
        return or_(below, key.is_(None)) if nullable else below
    if value is None:
        return or_(key.is_not(None), and_(key.is_(None), HandRow.id > after_id))
    return pair > tuple_(value, after_id)


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
        """:func:`_where`, and for a restricted viewer only the hands of their open
        sessions."""
        stmt = _where(stmt, q, match, counting=counting, probe=probe)
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

    @staticmethod
    def _keys(s: Any, query: HandQuery) -> PlayerMatch | None:
        """The stored player keys that the player filter of ``query`` matches (any part of
        the name, accents and case ignored); None without a player filter."""
        if not query.player or not search_key(query.player):
            return None
        pattern = _like_pattern(search_key(query.player))
        keys = [str(r[0]) for r in s.execute(_DISTINCT_KEYS, {"pattern": pattern})]
        rows = s.scalar(select(func.count()).select_from(
            select(HandPlayer.hand_id).where(HandPlayer.player_key.in_(keys)).limit(DENSE)
            .subquery())) if keys else 0
        return PlayerMatch(keys, int(rows or 0) >= DENSE)

    def _order(self, sort: str, descending: bool) -> tuple[Any, list[Any]]:
        if sort not in SORT_KEYS:
            raise StorageError(tr("cannot sort by {sort}; one of {keys}").format(
                sort=repr(sort), keys=", ".join(SORT_KEYS)))
        key = {"started_at": HandRow.started_at, "number": HandRow.number, "pot": HandRow.pot,
               "status": HandRow.status, "table": GameTable.name}[sort]
        order: list[Any] = ([key.desc(), HandRow.id.desc()] if descending
                            else [key.asc(), HandRow.id.asc()])
        if not self.db.is_sqlite:  # SQLite's NULL order, which the keyset paging assumes
            order[0] = order[0].nulls_last() if descending else order[0].nulls_first()
        return key, order

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
        key, _order = self._order(sort, descending)
        with self.db.read() as s:
            base = select(HandRow.id).select_from(HandRow)
            keys = self._keys(s, query)
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
                _after(key, value, hand_id, not descending, sort in NULLABLE_KEYS))
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
            keys = self._keys(s, query)
            return int(s.scalar(self._where(select(func.count(HandRow.id)), query, keys,
                                       counting=True)) or 0)

    def search(self, query: HandQuery, *, offset: int = 0, limit: int = 50,
               sort: str = "started_at", descending: bool = True,
               after: int | None = None, only: int | list[int] | None = None
               ) -> list[HandSummary]:
        key, order = self._order(sort, descending)
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
                ids = self._by_table(s, query, self._keys(s, query), descending, offset,
                                     limit, after)
            if not ids:
                return []
            rank = {hand_id: i for i, hand_id in enumerate(ids)}
            return sorted(self.search(HandQuery(), limit=len(ids), only=ids),
                          key=lambda h: rank[h.hand_id])
        with self.db.read() as s:
            keys = self._keys(s, query)
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
                stmt = stmt.where(_after(key, found[0], after, descending,
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


def hand_place(table: str | None, number: int | None, hand_id: int) -> str:
    """``Table 4 hand 10,131`` (``hand id 7`` when the table or the number is unknown)."""
    if table and number is not None:
        return tr("{table} hand {number}").format(table=table, number=thousands(number))
    return tr("hand id {id}").format(id=hand_id)


AUDIT_KINDS = ("supervisor act", "sign-in", "refused", "lockout", "unlock", "other")
SUPERVISOR_ACTS = frozenset({
    "supervisor-authorised", "void-hand", "correct-input", "undo-complete-hand",
    "adjustment", "close-session", "change-settings", "add-staff", "change-dealer",
    "reset-pin", "settle-owed"})


def audit_kind(act: str) -> str:
    """The kind of an audit act, one of ``AUDIT_KINDS``."""
    if "unlock" in act:
        return "unlock"
    if "locked" in act or "lockout" in act:
        return "lockout"
    if act in ("wrong-pin",) or "refused" in act or "denied" in act:
        return "refused"
    if act in ("sign-in", "signed-in") or "sign-in" in act:
        return "sign-in"
    if act in SUPERVISOR_ACTS or act.startswith("supervisor"):
        return "supervisor act"
    return "other"


@dataclass(frozen=True, slots=True)
class AuditLine:
    """One audit row with what it touched, in words."""

    record: AuditRecord
    table: str | None
    hand_number: int | None
    role: str | None

    @property
    def kind(self) -> str:
        return audit_kind(self.record.act)

    @property
    def touched(self) -> str:
        """``Table 4 hand 10,131`` / ``session 12`` / ``hand id 7`` / empty."""
        r = self.record
        parts = []
        if r.hand_id is not None:
            parts.append(hand_place(self.table, self.hand_number, r.hand_id))
        elif self.table:
            parts.append(self.table)
        if r.session_id is not None:
            parts.append(tr("session {id}").format(id=r.session_id))
        return " · ".join(parts)

    @property
    def detail_text(self) -> str:
        return ", ".join(f"{k}: {v}" for k, v in self.record.detail.items())
