"""The live floor: what every table is doing now, read from committed rows only.

``FloorService(db, stale_after=120.0, day_starts=6)``:
- ``tiles(table_ids=None, now=None) -> list[TableTile]``: one tile per table (all tables, or
  only those named): session, seats filled, dealer and time in the box, the current hand's
  number, stage (as data: the windows word it) and pot, hands completed in the last 60
  minutes, the last input's time, the open calls. A few grouped queries for the whole set;
  a hand is replayed only when its chain head moved since the last call (a small cache
  keyed by the head digest).
- ``figures(now=None) -> FloorFigures``: tables open, players seated, hands in the last
  hour, rake in the current gaming day (which starts at ``day_starts`` o'clock, local time).
- ``live_table(table_id) -> LiveTable``: the table's seats and its latest hand, replayed,
  for the read-only table view and the players' screen.

Everything shown is derived from the hand log, the seating rows and the calls: nothing is
kept that the log would not give again.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, and_, bindparam, func, select
from sqlalchemy.orm import aliased

from dealer_app.engine import RuleError, Settings, Structure
from dealer_app.engine.hand import Hand, Phase
from dealer_app.engine.settings import SEATS
from dealer_app.services.closing import Closing, closing_in
from dealer_app.services.core.calls import CallService, FloorCallInfo, open_calls_in
from dealer_app.services.core.common import settings_of
from dealer_app.services.core.types import HandState, HandStatus, SeatInfo
from dealer_app.services.hand_rows import (
    build_state,
    current_inputs,
    event_of,
    load_rows,
    replay_rows,
    seats_of,
)
from dealer_app.services.table_rows import seat_info
from dealer_app.storage.database import Database
from dealer_app.storage.errors import NotFoundError
from dealer_app.storage.models import (
    AuditEntry,
    FloorCall,
    GameTable,
    HandEvent,
    HandRow,
    Seating,
    Staff,
    TableSession,
)
from dealer_app.text import tr


@dataclass(frozen=True, slots=True)
class Stage:
    """Where a table's latest hand is, as data (the windows word it): its status (None: no
    hand yet) and, while it runs, its phase and street."""

    status: HandStatus | None
    phase: Phase | None = None
    street: int = 0


def stage_of(hand: Hand | None, status: HandStatus | None) -> Stage:
    """The stage of a hand replayed (``hand``) with its stored ``status``."""
    if status is HandStatus.IN_PROGRESS and hand is not None:
        return Stage(status, hand.phase, hand.street)
    return Stage(status)


class TableState(enum.Enum):
    """A table on the floor (the shift figures count them)."""

    OPEN = "open"
    STARTING = "starting"
    """Open, no hand dealt yet."""
    CLOSING = "closing"
    """Open, its last hands announced (``services/closing.py``)."""
    CLOSED = "closed"


Game = tuple[str, int]
"""A game: its structure and ante (the ante sets the bring-in and the bets)."""


def game_of(settings: Settings) -> Game:
    """The game a table plays, to group tables (the floor's filter, the waiting lists): the
    structure and the stakes."""
    return (settings.structure.value, settings.ante)


def game_settings(game: Game) -> Settings:
    """Settings of ``game`` (its structure and stakes; the rest at their defaults), to word
    it as a table's settings are worded."""
    return Settings(ante=game[1], chip_unit=1, structure=Structure(game[0]))


def pot_of(hand: Hand) -> int:
    """The chips in the middle: the pots and the bets in front of the players."""
    return sum(p.amount for p in hand.pots()) + sum(hand.bets.values())


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
    stage: Stage
    pot: int
    hands_last_hour: int
    last_input_at: datetime | None
    calls: tuple[FloorCallInfo, ...] = ()
    head: str = ""
    """The current hand's chain head: changes with every input."""
    opened_at: datetime | None = None
    """When the open session was opened (None: no open session)."""
    seats: tuple[tuple[int, bool], ...] = ()
    """The seats taken in the open session: (seat, sitting out), by seat."""
    hand_session_id: int | None = None
    """The session of the latest hand (another than the open one: no hand dealt yet)."""
    closing: Closing | None = None
    """The open session's last hands announced: when, by whom (None: not closing)."""

    @property
    def state(self) -> TableState:
        """Closed, starting (no hand dealt yet in the open session), open or closing."""
        if not self.is_open:
            return TableState.CLOSED
        if self.closing is not None:
            return TableState.CLOSING
        if self.hand_id is None or self.hand_session_id != self.session_id:
            return TableState.STARTING
        return TableState.OPEN

    @property
    def free_seats(self) -> tuple[int, ...]:
        """The open session's empty seats (none when the table is closed)."""
        if not self.is_open:
            return ()
        taken = {seat for seat, _ in self.seats}
        return tuple(n for n in SEATS if n not in taken)

    @property
    def is_open(self) -> bool:
        return self.session_id is not None

    @property
    def game(self) -> Game:
        return game_of(self.settings)

    def idle_seconds(self, now: datetime) -> float | None:
        """Seconds since the last input, or since the session opened if it came later (an
        open table with no hand yet idles too); None: no input and no open session."""
        moments = [m for m in (self.last_input_at, self.opened_at) if m is not None]
        if not moments:
            return None
        return max(0.0, (now - max(moments)).total_seconds())

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
    hand: Hand
    last_at: datetime
    count: int
    """Log rows read."""


_EVENT_COLUMNS = (HandEvent.hand_id, HandEvent.seq, HandEvent.kind, HandEvent.seat,
                  HandEvent.action, HandEvent.card, HandEvent.to_amount,
                  HandEvent.target_seq, HandEvent.at)


def _tiles_statement() -> Select[Any]:
    """Every table with its open session, dealer, seats filled, latest hand (by number:
    the unique index) and hands completed since ``:hour_ago``. Built once: the floor
    reads it several times a second."""
    latest = aliased(HandRow)
    recent = aliased(HandRow)
    latest_id = (select(latest.id).where(latest.table_id == GameTable.id)
                 .order_by(latest.number.desc()).limit(1).scalar_subquery())
    filled = (select(func.count()).where(Seating.session_id == TableSession.id,
                                         Seating.left_at.is_(None)).scalar_subquery())
    last_hour = (select(func.count()).where(
        recent.table_id == GameTable.id, recent.status == HandStatus.COMPLETE.value,
        recent.started_at >= bindparam("recent_from"),
        recent.ended_at >= bindparam("hour_ago")).scalar_subquery())
    return (select(GameTable.id, GameTable.name, GameTable.settings_json,
                   TableSession.id.label("session_id"), TableSession.opened_at,
                   TableSession.dealer_id, Staff.name.label("dealer"),
                   filled.label("filled"), last_hour.label("last_hour"),
                   HandRow.id.label("hand_id"), HandRow.session_id.label("hand_session"),
                   HandRow.number, HandRow.status,
                   HandRow.head_digest, HandRow.pot, HandRow.started_at,
                   HandRow.settings_json.label("hand_settings"), HandRow.seats_json)
            .outerjoin(TableSession, and_(TableSession.table_id == GameTable.id,
                                          TableSession.closed_at.is_(None)))
            .outerjoin(Staff, Staff.id == TableSession.dealer_id)
            .outerjoin(HandRow, HandRow.id == latest_id)
            .order_by(GameTable.name))


REPLAYED_AT_LEAST = 256
"""The hands the floor keeps replayed: this many, or twice the tables of its last read of
the whole floor if more (a floor of more tables than it keeps replayed every tile's hand
from all its rows at each read), the least recently moved dropped first."""

_TILES = _tiles_statement()
_TILES_OF = _TILES.where(GameTable.id.in_(bindparam("ids", expanding=True)))
_SEATS = (select(Seating.session_id, Seating.seat, Seating.sitting_out)
          .where(Seating.session_id.in_(bindparam("ids", expanding=True)),
                 Seating.left_at.is_(None))
          .order_by(Seating.session_id, Seating.seat))
_NEW_EVENTS = (select(*_EVENT_COLUMNS)
               .where(HandEvent.hand_id.in_(bindparam("ids", expanding=True)),
                      HandEvent.seq > bindparam("seq"))
               .order_by(HandEvent.hand_id, HandEvent.seq))


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
        """hand id -> the hand replayed, the least recently moved first."""
        self._floor_size = 0
        """Tables in the last read of the whole floor."""
        self._since: dict[int, tuple[int, datetime]] = {}
        self._lock = threading.Lock()
        self.replays = 0
        """Hands replayed (for tests and benchmarks: a moved head only)."""

    # ------------------------------------------------------------------ tiles
    def tiles(self, table_ids: Collection[int] | None = None,
              now: datetime | None = None) -> list[TableTile]:
        """One read transaction: a statement for the tables (with their open session, seats
        filled, latest hand and hands of the last hour), one for the new log rows of the
        hands whose chain head moved, one for the open calls; a rare one for the time a
        new dealer took the box."""
        now = now or self.db.now()
        params: dict[str, Any] = {"hour_ago": now - timedelta(hours=1),
                                  "recent_from": now - timedelta(hours=3)}
        query = _TILES
        if table_ids is not None:
            query = _TILES_OF
            params["ids"] = list(table_ids)
        with self.db.read() as s:
            rows = s.execute(query, params).all()
            if table_ids is None:
                self._floor_size = len(rows)
            if not rows:
                return []
            replayed = self._replay_moved(s, [r for r in rows if r.hand_id is not None])
            since = self._dealer_since(s, [r for r in rows if r.session_id is not None])
            calls: dict[int, list[FloorCallInfo]] = {}
            for call in open_calls_in(s, [r.id for r in rows]):
                calls.setdefault(call.table_id, []).append(call)
            seats: dict[int, list[tuple[int, bool]]] = {}
            sessions = [r.session_id for r in rows if r.session_id is not None]
            closing = closing_in(s, sessions)
            if sessions:
                for sid, seat, out in s.execute(_SEATS, {"ids": sessions}):
                    seats.setdefault(sid, []).append((seat, bool(out)))
        tiles = []
        for r in rows:
            rep = replayed.get(r.hand_id) if r.hand_id is not None else None
            status = HandStatus(r.status) if r.hand_id is not None else None
            hand = rep.hand if rep is not None else None
            pot = pot_of(hand) if status is HandStatus.IN_PROGRESS and hand is not None \
                else (r.pot or 0)
            tiles.append(TableTile(
                table_id=r.id, name=r.name, settings=settings_of(r.settings_json),
                session_id=r.session_id, seats_filled=r.filled or 0 if r.session_id else 0,
                dealer=r.dealer, dealer_since=since.get(r.session_id),
                hand_id=r.hand_id, hand_number=r.number, hand_status=status,
                stage=stage_of(hand, status), pot=pot, hands_last_hour=r.last_hour or 0,
                last_input_at=rep.last_at if rep else None,
                calls=tuple(calls.get(r.id, ())), head=r.head_digest or "",
                opened_at=r.opened_at if r.session_id is not None else None,
                seats=tuple(seats.get(r.session_id, ())) if r.session_id is not None
                else (), hand_session_id=r.hand_session,
                closing=closing.get(r.session_id)))
        return tiles

    def _dealer_since(self, s: Any, rows: list[Any]) -> dict[int, datetime]:
        """When each session's dealer took the box: the session's opening, or its latest
        ``change-dealer`` audit row; read again only when a session's dealer changed."""
        out: dict[int, datetime] = {}
        ask = []
        for r in rows:
            known = self._since.get(r.session_id)
            if known is not None and known[0] == r.dealer_id:
                out[r.session_id] = known[1]
            else:
                ask.append(r)
        if ask:
            changes = {k: v for k, v in s.execute(
                select(AuditEntry.session_id, func.max(AuditEntry.at))
                .where(AuditEntry.session_id.in_([r.session_id for r in ask]),
                       AuditEntry.act == "change-dealer")
                .group_by(AuditEntry.session_id))}
            for r in ask:
                at = changes.get(r.session_id) or r.opened_at
                self._since[r.session_id] = (r.dealer_id, at)
                out[r.session_id] = at
        return out

    def _replay_moved(self, s: Any, rows: list[Any]) -> dict[int, _Replayed]:
        """The latest hands, replayed: from the cache while a head is unchanged; with only
        the new inputs applied when the head moved by inputs; else from all the rows."""
        out: dict[int, _Replayed] = {}
        moved: list[Any] = []
        with self._lock:
            for r in rows:
                cached = self._replayed.get(r.hand_id)
                if cached is not None and cached.head == r.head_digest:
                    out[r.hand_id] = cached
                else:
                    moved.append(r)
        if not moved:
            return out
        with self._lock:
            after = {r.hand_id: (self._replayed[r.hand_id].count
                                 if r.hand_id in self._replayed else 0) for r in moved}
        new_rows: dict[int, list[Any]] = {r.hand_id: [] for r in moved}
        for e in s.execute(_NEW_EVENTS, {"ids": list(after), "seq": min(after.values())}):
            if e.seq > after[e.hand_id]:
                new_rows[e.hand_id].append(e)
        for r in moved:
            events = new_rows[r.hand_id]
            with self._lock:
                cached = self._replayed.get(r.hand_id)
            entry = None
            if cached is not None and cached.hand is not None and \
                    all(e.kind == "input" for e in events):
                hand = cached.hand.copy()
                try:
                    for e in events:
                        hand.apply(event_of(e))
                    entry = _Replayed(r.head_digest, hand, events[-1].at if events
                                      else cached.last_at, cached.count + len(events))
                except RuleError:
                    entry = None
            if entry is None:
                if cached is not None:  # undo, correction or void: read the whole log
                    events = list(s.execute(_NEW_EVENTS, {"ids": [r.hand_id], "seq": 0}))
                hand = replay_rows(settings_of(r.hand_settings), seats_of(r.seats_json),
                                   current_inputs(events), r.hand_id)
                self.replays += 1
                entry = _Replayed(r.head_digest, hand,
                                  events[-1].at if events else r.started_at, len(events))
            out[r.hand_id] = entry
            with self._lock:
                self._replayed.pop(r.hand_id, None)  # (to the end: the latest moved)
                self._replayed[r.hand_id] = entry
                while len(self._replayed) > max(REPLAYED_AT_LEAST, 2 * self._floor_size):
                    self._replayed.pop(next(iter(self._replayed)))
        return out

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
        open_ids = select(TableSession.id).where(TableSession.closed_at.is_(None))
        query = select(
            select(func.count()).select_from(TableSession)
            .where(TableSession.closed_at.is_(None)).scalar_subquery(),
            select(func.count()).select_from(Seating).where(
                Seating.session_id.in_(open_ids), Seating.left_at.is_(None))
            .scalar_subquery(),
            select(func.count()).select_from(HandRow).where(
                complete, HandRow.started_at >= now - timedelta(hours=3),
                HandRow.ended_at >= hour_ago).scalar_subquery(),
            select(func.coalesce(func.sum(HandRow.rake), 0)).where(
                complete, HandRow.started_at >= day - timedelta(days=1),
                HandRow.ended_at >= day).scalar_subquery(),
            select(func.count()).select_from(FloorCall)
            .where(FloorCall.resolved_at.is_(None)).scalar_subquery())
        with self.db.read() as s:
            tables_open, seated, hands, rake, calls = s.execute(query).one()
        return FloorFigures(tables_open=tables_open or 0, players_seated=seated or 0,
                            hands_last_hour=hands or 0, rake_today=int(rake or 0),
                            open_calls=calls or 0, gaming_day_start=day)

    # ------------------------------------------------------------------ one table
    def table_id(self, name: str) -> int:
        with self.db.read() as s:
            found = s.scalar(select(GameTable.id).where(GameTable.name == name.strip()))
            if found is None:
                names = ", ".join(s.scalars(select(GameTable.name).order_by(GameTable.name)))
                raise NotFoundError(tr("no table named {name} (tables: {tables})").format(
                    name=repr(name), tables=names or tr("none", "tables")))
            return found

    def live_table(self, table_id: int) -> LiveTable:
        """The table's seats and its latest hand: the one in progress, else the last one of
        the open session (its result stays up until the next hand starts)."""
        with self.db.read() as s:
            table = s.get(GameTable, table_id)
            if table is None:
                raise NotFoundError(tr("no table with id {id}").format(id=table_id))
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
