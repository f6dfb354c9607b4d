"""The must-move list: when a second table of the same game opens, its players move to the
main game as seats open there, the first seated first.

``must_move_lists(db) -> list[MustMoveList]``: for every game (structure and stakes) with
two open tables or more, the main table (the one open longest), its free seats, and the
players of the other tables of that game in the order they sat down. Derived from the
sessions and the seating rows only (a move is a player leaving one table and sitting down at
the other, both already stored and chained): nothing is kept apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select

from dealer_app.engine.settings import SEATS
from dealer_app.services.core.common import settings_of
from dealer_app.services.floor import Game, game_of
from dealer_app.storage.database import Database
from dealer_app.storage.models import GameTable, Seating, TableSession


@dataclass(frozen=True, slots=True)
class MustMove:
    """A player who must move to the main table of their game."""

    player: str
    table_id: int
    table: str
    seated_at: datetime


@dataclass(frozen=True, slots=True)
class MustMoveList:
    game: Game
    main_table_id: int
    main_table: str
    free_seats: tuple[int, ...]
    """The main table's empty seats: the first players of the list move there."""
    players: tuple[MustMove, ...]
    """The players of the game's other tables, the first seated first."""
    tables: tuple[int, ...]
    """The game's must-move tables (every open one but the main)."""

    @property
    def next(self) -> MustMove | None:
        """The player to move now: the first of the list while the main table has a seat."""
        return self.players[0] if self.players and self.free_seats else None


def must_move_lists(db: Database) -> list[MustMoveList]:
    with db.read() as s:
        sessions = list(s.execute(
            select(TableSession.id, TableSession.table_id, TableSession.opened_at,
                   GameTable.name, GameTable.settings_json)
            .join(GameTable, GameTable.id == TableSession.table_id)
            .where(TableSession.closed_at.is_(None))
            .order_by(TableSession.opened_at, TableSession.id)))
        by_game: dict[Game, list[Any]] = {}
        for r in sessions:
            by_game.setdefault(game_of(settings_of(r.settings_json)), []).append(r)
        wanted = [r.id for rows in by_game.values() if len(rows) > 1 for r in rows]
        seats: dict[int, list[tuple[int, str, datetime]]] = {}
        if wanted:
            for sid, seat, player, at in s.execute(
                    select(Seating.session_id, Seating.seat, Seating.player, Seating.seated_at)
                    .where(Seating.session_id.in_(wanted), Seating.left_at.is_(None))
                    .order_by(Seating.seated_at, Seating.id)):
                seats.setdefault(sid, []).append((seat, player, at))
    out = []
    for game, rows in by_game.items():
        if len(rows) < 2:
            continue
        main, *others = rows
        taken = {seat for seat, _, _ in seats.get(main.id, [])}
        players = sorted((MustMove(player, r.table_id, r.name, at)
                          for r in others for _, player, at in seats.get(r.id, [])),
                         key=lambda m: (m.seated_at, m.table))
        out.append(MustMoveList(
            game=game, main_table_id=main.table_id,
            main_table=main.name,
            free_seats=tuple(n for n in SEATS if n not in taken),
            players=tuple(players),
            tables=tuple(r.table_id for r in others)))
    return out
