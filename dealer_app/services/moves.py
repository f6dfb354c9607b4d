"""Moving a player between hands, with their chips and their history.

- ``move_seat(db, session_id, seat, to_seat, by, workstation)``: to another seat of the
  same table, in one transaction: the old seating ends with a ``move-out`` of its whole stack,
  a new seating at ``to_seat`` starts with a ``move-in`` of the same chips (the sitting-out
  flag goes along).
- ``move_to_table(db, session_id, seat, to_table_id, by, workstation) -> Arrival``: to
  another table, coordinated through the database as the floor's waiting lists are: the move
  out is recorded at the source table (its seating ends with a ``move-out``), and the player
  joins the destination game's waiting list already called to the destination table,
  carrying the chips (``waiting_entry.chips``). The floor sees them there; the destination
  table's window lists them (:func:`arrivals`) and seats them with
  ``seat_arrival(db, session_id, seat, entry_id, by, workstation)``: a new seating with a
  ``move-in`` of those chips (no buy-in limit applies: they are not new chips).

Both are refused while the player is in the hand in progress, and onto an occupied seat;
nothing is changed then. The player's history in the review follows their name, so it spans
both seatings. Every row (seating, stack move, waiting entry) is chained in the evidence
ledger, and each act is audited (``move-seat``, ``move-out``, ``move-in``). A session report
counts the moves apart from buy-ins and cash-outs (``reports.MOVE_IN_KINDS``,
``MOVE_OUT_KINDS``), so both sessions balance.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from dealer_app.engine.settings import SEATS
from dealer_app.services.core.common import audit, settings_of
from dealer_app.services.core.types import SeatInfo, StaffMember
from dealer_app.services.leases import check_lease
from dealer_app.services.table_rows import (
    not_in_hand,
    open_session,
    open_session_row,
    seat_info,
    seating,
    seatings,
    stack_move,
    table_row,
    table_total,
)
from dealer_app.storage import ledger
from dealer_app.storage.database import Database
from dealer_app.storage.errors import ConflictError, NotFoundError, StorageError
from dealer_app.storage.models import GameTable, Seating, TableSession, WaitingEntry
from dealer_app.storage.models.search_key import search_key
from dealer_app.text import thousands, tr

MOVE_OUT = "move-out"
"""The stack move of chips leaving a seating for another seat or table (negative)."""
MOVE_IN = "move-in"
"""The stack move of chips arriving from another seat or table (positive)."""


@dataclass(frozen=True, slots=True)
class Arrival:
    """A player moving to a table with their chips, not seated there yet."""

    entry_id: int
    """Their waiting-list entry (called to the destination table)."""
    player: str
    chips: int
    from_table: str
    to_table: str
    moved_at: datetime


def _check_seat(seat: int) -> None:
    if type(seat) is not int or seat not in SEATS:
        raise StorageError(tr("seat must be 1 to 6, not {seat}").format(seat=repr(seat)))


def _free(s: Session, session_id: int, seat: int) -> None:
    taken = next((r for r in seatings(s, session_id) if r.seat == seat), None)
    if taken is not None:
        raise ConflictError(tr("seat {seat} is taken by {player}: choose an empty seat; "
                               "nothing was changed").format(seat=seat, player=taken.player))


def _leave_with_chips(s: Session, row: Seating, by: StaffMember,
                      reason: str, now: datetime) -> int:
    chips = row.stack
    stack_move(s, row, MOVE_OUT, -chips, by, now, reason)
    row.left_at = now
    return chips


def _arrive(s: Session, session: TableSession, seat: int, player: str,
            chips: int, sitting_out: bool, by: StaffMember, reason: str,
            now: datetime) -> Seating:
    row = Seating(session_id=session.id, seat=seat, player=player, stack=0,
                  sitting_out=sitting_out, seated_at=now)
    s.add(row)
    s.flush()
    stack_move(s, row, MOVE_IN, chips, by, now, reason)
    return row


def move_seat(db: Database, session_id: int, seat: int, to_seat: int,
              by: StaffMember, workstation: str | None = None) -> SeatInfo:
    """The player of ``seat`` moves to the empty ``to_seat`` of the same table."""
    _check_seat(to_seat)
    if to_seat == seat:
        raise StorageError(tr("the player is already in seat {seat}").format(seat=seat))
    with db.transaction() as s:
        session = open_session(s, session_id)
        check_lease(s, session.table_id, workstation, db.now())
        row = seating(s, session_id, seat)
        not_in_hand(s, row)
        _free(s, session_id, to_seat)
        now = db.now()
        reason = tr("seat {seat} to seat {to}").format(seat=seat, to=to_seat)
        chips = _leave_with_chips(s, row, by, reason, now)
        s.flush()  # the old seating leaves before the new one takes a seat
        new = _arrive(s, session, to_seat, row.player, chips, row.sitting_out, by,
                      reason, now)
        audit(s, at=now, act="move-seat", staff=by, table_id=session.table_id,
              session_id=session_id,
              detail={"player": row.player, "seat": seat, "to_seat": to_seat, "chips": chips,
                      "from_seating": row.id, "to_seating": new.id})
        ledger.request_checkpoint(s, f"session {session_id} seat {seat} moved to {to_seat}")
        return seat_info(new)


def move_to_table(db: Database, session_id: int, seat: int, to_table_id: int,
                  by: StaffMember, workstation: str | None = None) -> Arrival:
    """The player of ``seat`` leaves for the table ``to_table_id`` (open, with a free seat)
    with their chips; they are seated there by :func:`seat_arrival`."""
    with db.transaction() as s:
        session = open_session(s, session_id)
        check_lease(s, session.table_id, workstation, db.now())
        row = seating(s, session_id, seat)
        not_in_hand(s, row)
        source = table_row(s, session.table_id)
        target = s.get(GameTable, to_table_id)
        if target is None:
            raise NotFoundError(tr("no table with id {id}").format(id=to_table_id))
        if target.id == source.id:
            raise StorageError(tr("{player} is already at {table}: choose another seat "
                                  "instead").format(player=row.player, table=target.name))
        there = open_session_row(s, target.id)
        if there is None:
            raise ConflictError(tr("{table} has no open session: no seat to move {player} to; "
                                   "nothing was changed").format(table=target.name,
                                                                 player=row.player))
        seated = seatings(s, there.id)
        key = search_key(row.player)
        if any(search_key(r.player) == key for r in seated) or _arrivals(s, target.id, key):
            raise ConflictError(tr("{player} is already seated at {table}").format(
                player=row.player, table=target.name))
        if len(seated) + len(_arrivals(s, target.id)) >= len(SEATS):
            raise ConflictError(tr("{table} has no free seat").format(table=target.name))
        settings = settings_of(target.settings_json)
        if not settings.whole_chips(row.stack):
            raise StorageError(tr("{player}'s {chips} are not whole chips at {table} (chip unit "
                                  "{unit}): change the stack first; nothing was changed").format(
                player=row.player, chips=thousands(row.stack), table=target.name,
                unit=thousands(settings.chip_unit)))
        now = db.now()
        reason = tr("to {table}").format(table=target.name)
        chips = _leave_with_chips(s, row, by, reason, now)
        structure, ante = settings.structure.value, settings.ante  # floor.game_of
        entry = WaitingEntry(structure=structure, ante=ante, player=row.player, joined_at=now,
                             joined_by=by.id, called_at=now, called_table_id=target.id,
                             called_by=by.id, chips=chips, from_seating_id=row.id)
        s.add(entry)
        s.flush()
        audit(s, at=now, act=MOVE_OUT, staff=by, table_id=source.id, session_id=session_id,
              detail={"player": row.player, "seat": seat, "chips": chips,
                      "to_table": target.id, "entry": entry.id, "from_seating": row.id})
        ledger.request_checkpoint(s, f"session {session_id} seat {seat} moved to table "
                                     f"{target.id}")
        return Arrival(entry_id=entry.id, player=row.player, chips=chips,
                       from_table=source.name, to_table=target.name, moved_at=now)


def _arrivals(s: Session, table_id: int, key: str | None = None) -> list[WaitingEntry]:
    rows = list(s.scalars(select(WaitingEntry).where(
        WaitingEntry.called_table_id == table_id, WaitingEntry.chips.is_not(None),
        WaitingEntry.seated_at.is_(None), WaitingEntry.no_show_at.is_(None),
        WaitingEntry.removed_at.is_(None)).order_by(WaitingEntry.called_at, WaitingEntry.id)))
    return [r for r in rows if key is None or search_key(r.player) == key]


def arrivals(db: Database, table_id: int) -> list[Arrival]:
    """The players moving to ``table_id`` with their chips, not seated yet, first moved
    first."""
    with db.read() as s:
        target = s.get(GameTable, table_id)
        if target is None:
            raise NotFoundError(tr("no table with id {id}").format(id=table_id))
        out = []
        for entry in _arrivals(s, table_id):
            source = s.scalar(select(GameTable.name)
                              .join(TableSession, TableSession.table_id == GameTable.id)
                              .join(Seating, Seating.session_id == TableSession.id)
                              .where(Seating.id == entry.from_seating_id)) or "?"
            out.append(Arrival(entry_id=entry.id, player=entry.player, chips=entry.chips or 0,
                               from_table=source, to_table=target.name,
                               moved_at=entry.called_at or entry.joined_at))
        return out


def arrival_named(db: Database, table_id: int, name: str) -> Arrival | None:
    """The player of that name (compared as the review's search compares names) moving to
    ``table_id`` with their chips, if any."""
    key = search_key(name)
    if not key:
        return None
    return next((a for a in arrivals(db, table_id) if search_key(a.player) == key), None)


def arriving_player(s: Session, table_id: int, player: str) -> WaitingEntry | None:
    """In a seating's transaction: the player's move to ``table_id`` not seated yet."""
    found = _arrivals(s, table_id, search_key(player))
    return found[0] if found else None


def seat_arrival(db: Database, session_id: int, seat: int, entry_id: int,
                 by: StaffMember, workstation: str | None = None) -> SeatInfo:
    """The moving player of ``entry_id`` sits down at ``seat`` of this table (the one they
    were moved to) with the chips they carry."""
    from dealer_app.services.waiting import take_seated

    _check_seat(seat)
    with db.transaction() as s:
        session = open_session(s, session_id)
        check_lease(s, session.table_id, workstation, db.now())
        entry = s.get(WaitingEntry, entry_id, with_for_update=True)
        if entry is None or entry.chips is None:
            raise NotFoundError(tr("no player moving with chips has id {id}").format(
                id=entry_id))
        if entry.seated_at is not None or entry.called_table_id != session.table_id:
            raise ConflictError(tr("{player} is not moving to this table").format(
                player=entry.player))
        _free(s, session_id, seat)
        key = search_key(entry.player)
        if any(search_key(r.player) == key for r in seatings(s, session_id)):
            raise ConflictError(tr("{player} is already seated at this table").format(
                player=entry.player))
        table_total(s, session, entry.chips)
        now = db.now()
        source = s.get(Seating, entry.from_seating_id) if entry.from_seating_id else None
        source_table = (s.scalar(select(GameTable.name).join(
            TableSession, TableSession.table_id == GameTable.id)
            .where(TableSession.id == source.session_id)) if source is not None else None)
        reason = tr("from {table}").format(table=source_table or "?")
        row = _arrive(s, session, seat, entry.player, entry.chips, False, by, reason,
                      now)
        entry.seated_at = now
        entry.seated_table_id = session.table_id
        audit(s, at=now, act=MOVE_IN, staff=by, table_id=session.table_id,
              session_id=session_id,
              detail={"player": entry.player, "seat": seat, "chips": entry.chips,
                      "entry": entry.id, "from_seating": entry.from_seating_id,
                      "to_seating": row.id})
        take_seated(s, session.table_id, entry.player, by, now)  # an older wait: off too
        ledger.request_checkpoint(s, f"session {session_id} seat {seat} moved in")
        return seat_info(row)

