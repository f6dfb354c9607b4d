"""Waiting lists: one per game (structure and stakes), kept by the floor.

``WaitingListService(db)``:
- ``add(game, player, by) -> WaitingInfo``: the player joins the end of the game's list
  (a name already waiting on that list is refused).
- ``call(entry_id, table_id, by) -> WaitingInfo``: called to a seat at an open table of
  that game with a free seat ("called 19:42").
- ``no_show(entry_id, by)``: a called player who did not come; ``remove(entry_id, by,
  reason)``: off the list (left, changed their mind). Both end the entry.
- ``waiting(game=None) -> list[WaitingInfo]``: the active entries, by game, in the order
  they joined.
- :func:`take_seated` is called by the seating of a player (in its transaction): an active
  entry of that name on the table's game's list is marked seated there, so seating a called
  player at the dealer's window takes them off the list.

Every step is stored in ``waiting_entry`` (chained in the evidence ledger) and audited.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from dealer_app.engine.settings import SEATS
from dealer_app.services.core.common import audit, settings_of
from dealer_app.services.core.types import StaffMember
from dealer_app.services.floor import Game, game_of
from dealer_app.storage.database import Database
from dealer_app.storage.errors import ConflictError, NotFoundError, StorageError
from dealer_app.storage.models import GameTable, Seating, TableSession, WaitingEntry
from dealer_app.storage.models.search_key import search_key
from dealer_app.text import thousands, tr

NAME_MAX = 80


@dataclass(frozen=True, slots=True)
class WaitingInfo:
    """One player on a waiting list."""

    id: int
    game: Game
    player: str
    joined_at: datetime
    called_at: datetime | None = None
    called_table: str | None = None
    """The table the player was called to."""

    @property
    def called(self) -> bool:
        return self.called_at is not None

    def no_show_due(self, now: datetime, after: float) -> bool:
        """Called ``after`` seconds ago or more, and not seated yet."""
        return self.called_at is not None and \
            (now - self.called_at).total_seconds() >= after


_ACTIVE = (WaitingEntry.seated_at.is_(None), WaitingEntry.no_show_at.is_(None),
           WaitingEntry.removed_at.is_(None))


def _info(row: WaitingEntry, called_table: str | None) -> WaitingInfo:
    return WaitingInfo(id=row.id, game=(row.structure, row.ante), player=row.player,
                       joined_at=row.joined_at, called_at=row.called_at,
                       called_table=called_table)


def take_seated(s: Session, table_id: int, player: str, by: StaffMember | None,
                at: datetime) -> int | None:
    """In a seating's transaction: the player's active entry on the list of the table's game
    (the one called to this table first, else the oldest) is marked seated. Returns its id,
    or None when the player was not waiting."""
    table = s.get(GameTable, table_id)
    if table is None:
        return None
    structure, ante = game_of(settings_of(table.settings_json))
    key = search_key(player)
    rows = [r for r in s.scalars(select(WaitingEntry).where(
        WaitingEntry.structure == structure, WaitingEntry.ante == ante, *_ACTIVE)
        .order_by(WaitingEntry.joined_at, WaitingEntry.id)) if search_key(r.player) == key]
    if not rows:
        return None
    row = next((r for r in rows if r.called_table_id == table_id), rows[0])
    row.seated_at = at
    row.seated_table_id = table_id
    audit(s, at=at, act="waiting-seated", staff=by, table_id=table_id,
          detail={"entry": row.id, "player": row.player})
    return row.id


class WaitingListService:
    def __init__(self, db: Database) -> None:
        self.db = db

    def waiting(self, game: Game | None = None) -> list[WaitingInfo]:
        """The active entries (of ``game``, or of every game), in the order they joined."""
        query = (select(WaitingEntry, GameTable.name)
                 .outerjoin(GameTable, GameTable.id == WaitingEntry.called_table_id)
                 .where(*_ACTIVE).order_by(WaitingEntry.joined_at, WaitingEntry.id))
        if game is not None:
            query = query.where(WaitingEntry.structure == game[0],
                                WaitingEntry.ante == game[1])
        with self.db.read() as s:
            return [_info(row, name) for row, name in s.execute(query)]

    def add(self, game: Game, player: str, by: StaffMember) -> WaitingInfo:
        name = " ".join(str(player).split())
        if not name:
            raise StorageError(tr("a player on the waiting list needs a name"))
        if len(name) > NAME_MAX:
            raise StorageError(tr("a player's name has at most {maximum} characters").format(
                maximum=NAME_MAX))
        structure, ante = game
        with self.db.transaction() as s:
            key = search_key(name)
            for other in s.scalars(select(WaitingEntry.player).where(
                    WaitingEntry.structure == structure, WaitingEntry.ante == ante,
                    *_ACTIVE)):
                if search_key(other) == key:
                    raise ConflictError(tr("{player} is already on this waiting list")
                                        .format(player=other))
            now = self.db.now()
            row = WaitingEntry(structure=structure, ante=ante, player=name, joined_at=now,
                               joined_by=by.id)
            s.add(row)
            s.flush()
            audit(s, at=now, act="waiting-add", staff=by,
                  detail={"entry": row.id, "player": name, "structure": structure,
                          "ante": ante})
            return _info(row, None)

    def call(self, entry_id: int, table_id: int, by: StaffMember) -> WaitingInfo:
        """The player is called to a free seat of ``table_id`` (open, of the same game)."""
        with self.db.transaction() as s:
            row = self._active(s, entry_id)
            table = s.get(GameTable, table_id)
            if table is None:
                raise NotFoundError(tr("no table with id {id}").format(id=table_id))
            if game_of(settings_of(table.settings_json)) != (row.structure, row.ante):
                raise ConflictError(tr("{table} plays another game than {player}'s list")
                                    .format(table=table.name, player=row.player))
            session = s.scalar(select(TableSession.id).where(
                TableSession.table_id == table_id, TableSession.closed_at.is_(None)))
            if session is None:
                raise ConflictError(tr("{table} is closed: no seat to call {player} to")
                                    .format(table=table.name, player=row.player))
            seated = s.scalar(select(func.count()).select_from(Seating).where(
                Seating.session_id == session, Seating.left_at.is_(None))) or 0
            if seated >= len(SEATS):
                raise ConflictError(tr("{table} has no free seat").format(table=table.name))
            now = self.db.now()
            row.called_at = now
            row.called_table_id = table_id
            row.called_by = by.id
            audit(s, at=now, act="waiting-call", staff=by, table_id=table_id,
                  detail={"entry": row.id, "player": row.player})
            return _info(row, table.name)

    def no_show(self, entry_id: int, by: StaffMember) -> None:
        """A called player did not come: off the list."""
        with self.db.transaction() as s:
            row = self._active(s, entry_id)
            if row.called_at is None:
                raise ConflictError(tr("{player} was not called yet: take them off the list "
                                       "instead").format(player=row.player))
            now = self.db.now()
            row.no_show_at = now
            row.removed_by = by.id
            row.removal = "no show"
            audit(s, at=now, act="waiting-no-show", staff=by, table_id=row.called_table_id,
                  detail={"entry": row.id, "player": row.player})

    def remove(self, entry_id: int, by: StaffMember, reason: str) -> None:
        why = " ".join(str(reason).split())
        if not why:
            raise StorageError(tr("say why the player comes off the waiting list"))
        with self.db.transaction() as s:
            row = self._active(s, entry_id)
            now = self.db.now()
            row.removed_at = now
            row.removed_by = by.id
            row.removal = why
            audit(s, at=now, act="waiting-remove", staff=by, reason=why,
                  detail={"entry": row.id, "player": row.player})

    @staticmethod
    def _active(s: Session, entry_id: int) -> WaitingEntry:
        row = s.get(WaitingEntry, entry_id, with_for_update=True)
        if row is None:
            raise NotFoundError(tr("no waiting-list entry with id {id}").format(id=entry_id))
        if row.seated_at is not None or row.no_show_at is not None or \
                row.removed_at is not None:
            raise ConflictError(tr("{player} is no longer on the waiting list").format(
                player=row.player))
        if row.chips is not None:
            raise ConflictError(tr("{player} is moving with {chips} in chips: seat them at "
                                   "the table they were moved to").format(
                player=row.player, chips=thousands(row.chips)))
        return row
