"""The live floor: what every table is doing now, read from committed rows only.

``FloorService(db, stale_after=120.0, day_starts=6)``:
- ``tiles(table_ids=None, now=None) -> list[TableTile]``: one tile per table (all tables, or
  only those named): session, seats filled, dealer and time in the box, the current hand's
  number, street and pot, hands completed in the last 60 minutes, the last input's time,
  the open calls. A few grouped queries for the whole set; a hand is replayed only when its
  chain head moved since the last call (a small cache keyed by the head digest).
- ``figures(now=None) -> FloorFigures``: tables open, players seated, hands in the last
  hour, rake in the current gaming day (which starts at ``day_starts`` o'clock, local time).
- ``live_table(table_id) -> LiveTable``: the table's seats and its latest hand, replayed,
  for the read-only table view and the players' screen.

Everything shown is derived from the hand log, the seating rows and the calls: nothing is
kept that the log would not give again.
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, func, select

from dealer_app.engine import Settings
from dealer_app.engine.hand import Hand, Phase
from dealer_app.services.calls import CallService, FloorCallInfo
from dealer_app.services.common import settings_of
from dealer_app.services.hands import build_state, current_inputs, load_rows, replay_rows, seats_of
from dealer_app.services.tables import seat_info
from dealer_app.services.types import HandState, HandStatus, SeatInfo
from dealer_app.storage.database import Database
from dealer_app.storage.errors import NotFoundError
from dealer_app.storage.models import (
    AuditEntry,
    GameTable,
    HandRow,
    Seating,
    Staff,
    TableSession,
)

STREETS = {1: "2nd street", 2: "3rd street", 3: "4th street", 4: "5th street"}


def street_text(hand: Hand | None, status: HandStatus | None = None) -> str:
    """``Antes``, ``Dealing 3rd street``, ``Betting 3rd street``, ``Showdown``, ``Complete``,
    ``Void``, or ``Between hands``."""
    if status is HandStatus.VOID:
        return "Void"
    if status is HandStatus.COMPLETE:
        return "Complete"
    if hand is None:
        return "Between hands"
    if hand.phase is Phase.ANTES:
        return "Antes"
    if hand.phase is Phase.DEAL:
        return f"Dealing {STREETS.get(hand.street, '')}".strip()
    if hand.phase is Phase.BETTING:
        return f"Betting {STREETS.get(hand.street, '')}".strip()
    if hand.phase is Phase.SHOWDOWN:
        return "Showdown"
    return "Complete"


def pot_of(hand: Hand) -> int:
    """The chips in the middle: the pots and the bets in front of the players."""
    return sum(p.amount for p in hand.pots()) + sum(hand.bets.values())


def stakes_text(settings: Settings) -> str:
    """``Fixed limit 10/20 · Ante 5``: the structure and the stakes."""
    return settings.describe()


@dataclass(frozen=True, slots=True)
class TableTile:
    """One table of the floor view."""

    table_id: int
    name: str
    settings: Settings
    session_id: int | None
    seats_filled: int
    dealer: str | None
    dealer_since: datetime | None
    hand_id: int | None
    hand_number: int | None
    hand_status: HandStatus | None
    street: str
    pot: int
    hands_last_hour: int
    last_input_at: datetime | None
    calls: tuple[FloorCallInfo, ...] = ()
    head: str = ""
    """The current hand's chain head: changes with every input."""

    @property
    def is_open(self) -> bool:
        return self.session_id is not None

    @property
    def stakes(self) -> str:
        return stakes_text(self.settings)

    def idle_seconds(self, now: datetime) -> float | None:
        """Seconds since the last input (None: no hand yet)."""
        if self.last_input_at is None:
            return None
        return max(0.0, (now - self.last_input_at).total_seconds())

    def is_stale(self, now: datetime, after: float) -> bool:
        """An open table without an input for ``after`` seconds."""
        idle = self.idle_seconds(now)
        return self.is_open and idle is not None and idle >= after


@dataclass(frozen=True, slots=True)
class FloorFigures:
    tables_open: int
    players_seated: int
    hands_last_hour: int
    rake_today: int
    open_calls: int
    gaming_day_start: datetime


@dataclass(frozen=True, slots=True)
class LiveTable:
    """A table now: its settings, open session, seats and latest hand (if any)."""

    table_id: int
    name: str
    settings: Settings
    session_id: int | None
    dealer: str | None
    seats: dict[int, SeatInfo]
    hand: HandState | None

    @property
    def head(self) -> str:
        return "" if self.hand is None else f"{self.hand.hand_id}:{len(self.hand.log)}"


@dataclass(frozen=True, slots=True)
class _Replayed:
    head: str
    hand: Hand | None
    last_at: datetime | None


class FloorService:
    def __init__(self, db: Database, *, stale_after: float = 120.0,
                 day_starts: int = 6) -> None:
        self.db = db
        self.stale_after = stale_after
        """Seconds without an input after which an open table is marked stale."""
        self.day_starts = day_starts
        """The hour (local time) a gaming day starts."""
        self.calls = CallService(db)
        self._replayed: dict[int, _Replayed] = {}
        self._lock = threading.Lock()
        self.replays = 0
        """Hands replayed (for tests and benchmarks: a moved head only)."""

    # ------------------------------------------------------------------ tiles
    def tiles(self, table_ids: Collection[int] | None = None,
              now: datetime | None = None) -> list[TableTile]:
        now = now or self.db.now()
        hour_ago = now - timedelta(hours=1)
        with self.db.read() as s:
            tq = select(GameTable.id, GameTable.name, GameTable.settings_json)
            if table_ids is not None:
                tq = tq.where(GameTable.id.in_(list(table_ids)))
            tables = s.execute(tq.order_by(GameTable.name)).all()
            ids = [t.id for t in tables]
            if not ids:
                return []
            sessions = {r.table_id: r for r in s.execute(
                select(TableSession.id, TableSession.table_id, TableSession.opened_at,
                       Staff.name.label("dealer"), TableSession.dealer_id)
                .join(Staff, Staff.id == TableSession.dealer_id)
                .where(TableSession.table_id.in_(ids), TableSession.closed_at.is_(None)))}
            session_ids = [r.id for r in sessions.values()]
            filled = dict((k, v) for k, v in s.execute(
                select(Seating.session_id, func.count())
                .where(Seating.session_id.in_(session_ids), Seating.left_at.is_(None))
                .group_by(Seating.session_id)).all()) if session_ids else {}
            changes = dict((k, v) for k, v in s.execute(
                select(AuditEntry.session_id, func.max(AuditEntry.at))
                .where(AuditEntry.session_id.in_(session_ids),
                       AuditEntry.act == "change-dealer")
                .group_by(AuditEntry.session_id)).all()) if session_ids else {}
            latest = select(func.max(HandRow.id)).where(HandRow.table_id.in_(ids)) \
                .group_by(HandRow.table_id)
            hands = {r.table_id: r for r in s.execute(
                select(HandRow.id, HandRow.table_id, HandRow.number, HandRow.status,
                       HandRow.head_digest, HandRow.pot, HandRow.started_at,
                       HandRow.settings_json, HandRow.seats_json)
                .where(HandRow.id.in_(latest)))}
            recent = dict((k, v) for k, v in s.execute(
                select(HandRow.table_id, func.count())
                .where(HandRow.table_id.in_(ids),
                       HandRow.status == HandStatus.COMPLETE.value,
                       HandRow.started_at >= now - timedelta(hours=3),
                       HandRow.ended_at >= hour_ago)
                .group_by(HandRow.table_id)).all())
            replayed = {tid: self._replay(s, row) for tid, row in hands.items()}
        calls: dict[int, list[FloorCallInfo]] = {}
        for call in self.calls.open_calls(ids):
            calls.setdefault(call.table_id, []).append(call)
        tiles = []
        for t in tables:
            sess = sessions.get(t.id)
            hand_row = hands.get(t.id)
            rep = replayed.get(t.id)
            status = HandStatus(hand_row.status) if hand_row is not None else None
            hand = rep.hand if rep is not None else None
            if hand_row is None:
                pot, street = 0, "No hand yet"
            elif status is HandStatus.IN_PROGRESS and hand is not None:
                pot, street = pot_of(hand), street_text(hand)
            else:
                pot, street = hand_row.pot, street_text(hand, status)
            tiles.append(TableTile(
                table_id=t.id, name=t.name, settings=settings_of(t.settings_json),
                session_id=sess.id if sess else None,
                seats_filled=filled.get(sess.id, 0) if sess else 0,
                dealer=sess.dealer if sess else None,
                dealer_since=(changes.get(sess.id) or sess.opened_at) if sess else None,
                hand_id=hand_row.id if hand_row else None,
                hand_number=hand_row.number if hand_row else None, hand_status=status,
                street=street, pot=pot, hands_last_hour=recent.get(t.id, 0),
                last_input_at=rep.last_at if rep else None,
                calls=tuple(calls.get(t.id, ())),
                head=hand_row.head_digest if hand_row else ""))
        return tiles

    def _replay(self, s: Any, row: Any) -> _Replayed:
        """The table's latest hand replayed, from the cache while its head is unchanged."""
        with self._lock:
            cached = self._replayed.get(row.id)
        if cached is not None and cached.head == row.head_digest:
            return cached
        events = load_rows(s, row.id)
        last_at = events[-1].at if events else row.started_at
        hand = None
        if row.status == HandStatus.IN_PROGRESS.value:
            hand = replay_rows(settings_of(row.settings_json), seats_of(row.seats_json),
                               current_inputs(events), row.id)
            self.replays += 1
        entry = _Replayed(row.head_digest, hand, last_at)
        with self._lock:
            self._replayed[row.id] = entry
            if len(self._replayed) > 256:
                self._replayed.pop(next(iter(self._replayed)))
        return entry

    # ------------------------------------------------------------------ figures
    def gaming_day_start(self, now: datetime) -> datetime:
        local = now.astimezone()
        start = local.replace(hour=self.day_starts, minute=0, second=0, microsecond=0)
        if start > local:
            start -= timedelta(days=1)
        return start.astimezone(now.tzinfo)

    def figures(self, now: datetime | None = None) -> FloorFigures:
        now = now or self.db.now()
        day = self.gaming_day_start(now)
        hour_ago = now - timedelta(hours=1)
        complete = HandRow.status == HandStatus.COMPLETE.value
        with self.db.read() as s:
            open_ids = select(TableSession.id).where(TableSession.closed_at.is_(None))
            tables_open = s.scalar(select(func.count()).select_from(TableSession)
                                   .where(TableSession.closed_at.is_(None))) or 0
            seated = s.scalar(select(func.count()).select_from(Seating).where(
                Seating.session_id.in_(open_ids), Seating.left_at.is_(None))) or 0
            hands = s.scalar(select(func.count()).select_from(HandRow).where(and_(
                complete, HandRow.started_at >= now - timedelta(hours=3),
                HandRow.ended_at >= hour_ago))) or 0
            rake = s.scalar(select(func.coalesce(func.sum(HandRow.rake), 0)).where(and_(
                complete, HandRow.started_at >= day - timedelta(days=1),
                HandRow.ended_at >= day))) or 0
        return FloorFigures(tables_open=tables_open, players_seated=seated,
                            hands_last_hour=hands, rake_today=int(rake),
                            open_calls=len(self.calls.open_calls()), gaming_day_start=day)

    # ------------------------------------------------------------------ one table
    def table_id(self, name: str) -> int:
        with self.db.read() as s:
            found = s.scalar(select(GameTable.id).where(GameTable.name == name.strip()))
            if found is None:
                names = ", ".join(s.scalars(select(GameTable.name).order_by(GameTable.name)))
                raise NotFoundError(f"no table named {name!r} (tables: {names or 'none'})")
            return found

    def live_table(self, table_id: int) -> LiveTable:
        """The table's seats and its latest hand: the one in progress, else the last one of
        the open session (its result stays up until the next hand starts)."""
        with self.db.read() as s:
            table = s.get(GameTable, table_id)
            if table is None:
                raise NotFoundError(f"no table with id {table_id}")
            session = s.scalar(select(TableSession).where(
                TableSession.table_id == table_id, TableSession.closed_at.is_(None)))
            seats: dict[int, SeatInfo] = {}
            dealer = None
            state = None
            if session is not None:
                dealer_row = s.get(Staff, session.dealer_id)
                dealer = dealer_row.name if dealer_row else None
                seats = {r.seat: seat_info(r) for r in s.scalars(
                    select(Seating).where(Seating.session_id == session.id,
                                          Seating.left_at.is_(None)))}
                hand = s.scalar(select(HandRow).where(HandRow.session_id == session.id)
                                .order_by(HandRow.id.desc()).limit(1))
                if hand is not None:
                    state = build_state(hand, load_rows(s, hand.id))
            return LiveTable(table_id=table.id, name=table.name,
                             settings=settings_of(table.settings_json),
                             session_id=session.id if session else None, dealer=dealer,
                             seats=seats, hand=state)
