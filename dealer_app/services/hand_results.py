"""The stacks a hand's result moves: writing a completed hand's result to the seats (on the
common path with plain statements, ``complete_cached``), taking it back (an undo of a
completed hand, a void) and rewriting it by the difference (a correction).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.orm import Session

from dealer_app.engine.hand import Hand
from dealer_app.services.core.types import HandStatus
from dealer_app.services.hand_rows import pot_of
from dealer_app.storage import ledger
from dealer_app.storage.errors import (
    ConflictError,
)
from dealer_app.storage.ledger import WriteSession
from dealer_app.storage.models import (
    HandPlayer,
    HandRow,
    Seating,
    StackMove,
    TableSession,
)
from dealer_app.text import tr

# Prepared once: the statements of an input completing the hand (see complete_cached).
_HAND_TABLE = cast(Table, HandRow.__table__)
_HAND = _HAND_TABLE.c
_SESSION = cast(Table, TableSession.__table__).c
_LOCK_SESSION = (select(_SESSION.id).where(_SESSION.id == bindparam("session_id"))
                 .with_for_update())
_COMPLETE = (update(_HAND_TABLE).where(_HAND.id == bindparam("hand_id"))
             .values(head_digest=bindparam("digest"), pot=bindparam("pot"),
                     rake=bindparam("rake"), status=HandStatus.COMPLETE.value,
                     ended_at=bindparam("at"))
             .returning(*_HAND_TABLE.c))
_PLAYER_TABLE = cast(Table, HandPlayer.__table__)
_SEATING_TABLE = cast(Table, Seating.__table__)
_PLAYER_COLUMNS = [c.name for c in _PLAYER_TABLE.c]
_SEATING_COLUMNS = [c.name for c in _SEATING_TABLE.c]
_PLAYERS = (select(*_PLAYER_TABLE.c, *_SEATING_TABLE.c)
            .outerjoin(_SEATING_TABLE, _SEATING_TABLE.c.id == _PLAYER_TABLE.c.seating_id)
            .where(_PLAYER_TABLE.c.hand_id == bindparam("hand_id"))
            .order_by(_PLAYER_TABLE.c.seat))
"""A hand's players, each followed by the columns of its seating (NULL: none)."""
_SET_RESULT = (update(_PLAYER_TABLE)
               .where(_PLAYER_TABLE.c.hand_id == bindparam("p_hand"),
                      _PLAYER_TABLE.c.seat == bindparam("p_seat"))
               .values(stack_after=bindparam("p_after")))
_SET_STACK = (update(_SEATING_TABLE).where(_SEATING_TABLE.c.id == bindparam("s_id"))
              .values(stack=bindparam("s_stack")))
_MOVE_TABLE = cast(Table, StackMove.__table__)
_INSERT_MOVES = insert(_MOVE_TABLE).returning(_MOVE_TABLE.c.id, sort_by_parameter_order=True)




def lock_session(s: Session, row: HandRow) -> None:
    """Takes the hand's session lock before its seats' stacks move (see TableService._open)."""
    if row.session_id is not None:
        s.get(TableSession, row.session_id, with_for_update=True)


def write_result(s: Session, row: HandRow, hand: Hand, at: datetime) -> None:
    """Marks a hand complete and moves its stack changes to the seats."""
    lock_session(s, row)
    row.status = HandStatus.COMPLETE.value
    row.ended_at = at
    ledger.request_checkpoint(s, f"hand {row.number or row.id} complete")
    row.pot = sum(p.amount for p in hand.pots())
    row.rake = hand.rake
    stacks = hand.stacks
    for player in s.scalars(select(HandPlayer).where(HandPlayer.hand_id == row.id)):
        player.stack_after = stacks[player.seat]
        delta = player.stack_after - player.stack_before
        if player.seating_id is not None and delta:
            seating = s.get(Seating, player.seating_id)
            assert seating is not None
            seating.stack += delta
            s.add(StackMove(seating_id=seating.id, kind="hand", amount=delta, hand_id=row.id,
                            at=at))


def complete_cached(s: WriteSession, hand_id: int, session_id: int | None, digest: str,
                     hand: Hand, at: datetime) -> Any:
    """:func:`write_result` in plain statements, for the input that completes a cached hand
    (one round trip per kind of row, not an ORM flush per seat): marks the hand complete,
    writes each player's stack after it, moves the seats' stacks with a ``hand`` stack move,
    notes every changed row for the ledger and asks for the hand's checkpoint. Returns the
    hand row as it now stands."""
    conn = s.connection()
    if session_id is not None and conn.dialect.name != "sqlite":
        # the session's lock, as lock_session takes it (SQLite: BEGIN IMMEDIATE holds all)
        conn.execute(_LOCK_SESSION, {"session_id": session_id})
    pot = sum(p.amount for p in hand.pots())
    row = conn.execute(_COMPLETE, {"hand_id": hand_id, "digest": digest, "pot": pot,
                                   "rake": hand.rake, "at": at}).one()
    ledger.note_row(s, "hand", dict(row._mapping))
    ledger.request_checkpoint(s, f"hand {row.number or row.id} complete")
    players, seatings = [], {}
    split = len(_PLAYER_COLUMNS)
    for found in conn.execute(_PLAYERS, {"hand_id": hand_id}):
        player = dict(zip(_PLAYER_COLUMNS, found[:split], strict=True))
        players.append(player)
        if player["seating_id"] is not None:
            seatings[player["seating_id"]] = dict(zip(_SEATING_COLUMNS, found[split:],
                                                      strict=True))
    stacks = hand.stacks
    results, new_stacks, moves = [], [], []
    for player in players:
        player["stack_after"] = stacks[player["seat"]]
        results.append({"p_hand": hand_id, "p_seat": player["seat"],
                        "p_after": player["stack_after"]})
        ledger.note_row(s, "hand_player", player)
        delta = player["stack_after"] - player["stack_before"]
        seating = seatings.get(player["seating_id"])
        if seating is not None and delta:
            seating["stack"] += delta
            new_stacks.append({"s_id": seating["id"], "s_stack": seating["stack"]})
            ledger.note_row(s, "seating", seating)
            moves.append({"seating_id": seating["id"], "kind": "hand", "amount": delta,
                          "hand_id": hand_id, "staff_id": None, "at": at, "reason": None})
    conn.execute(_SET_RESULT, results)
    if moves:
        conn.execute(_SET_STACK, new_stacks)
        move_ids = conn.execute(_INSERT_MOVES, moves).scalars().all()
        for move, move_id in zip(moves, move_ids, strict=True):
            ledger.note_row(s, "stack_move", {**move, "id": move_id})
    return row


def check_not_playing_elsewhere(s: Session, seating: Seating, player: str,
                                hand: HandRow) -> None:
    """Refuses to move the stack of a seat that is in another hand now in progress: that
    hand dealt it in with its stack as it was, and would add its result on top."""
    other = s.scalar(select(HandRow.number).where(
        HandPlayer.seating_id == seating.id, HandPlayer.hand_id == HandRow.id,
        HandRow.status == HandStatus.IN_PROGRESS.value, HandRow.id != hand.id).limit(1))
    if other is not None:
        raise ConflictError(tr("{player} is playing hand {other} now: finish or void that hand "
                               "first, then change this one").format(player=player, other=other))


def take_back_result(s: Session, row: HandRow, at: datetime, kind: str,
                     staff_id: int | None, reason: str | None,
                     open_only: bool) -> list[tuple[str, int]]:
    """Undoes a complete hand's stack changes. A player who has left the table cannot get
    them back in a stack: with ``open_only`` (a void) each such change is written as an
    ``owed`` stack move of their seating (kept in the session's chip reconciliation, not in
    a stack) and returned as (player, amount owed to them; negative: owed by them);
    otherwise it is refused."""
    lock_session(s, row)
    owed: list[tuple[str, int]] = []
    for player in s.scalars(select(HandPlayer).where(HandPlayer.hand_id == row.id)):
        if player.stack_after is None:
            continue
        delta = player.stack_after - player.stack_before
        seating = s.get(Seating, player.seating_id) if player.seating_id else None
        if seating is not None and delta:
            if seating.left_at is not None:
                if not open_only:
                    raise ConflictError(tr("{player} has left the table")
                                        .format(player=player.player))
                s.add(StackMove(seating_id=seating.id, kind="owed", amount=-delta,
                                hand_id=row.id, staff_id=staff_id, at=at, reason=reason))
                owed.append((player.player, -delta))
                player.stack_after = None
                continue
            check_not_playing_elsewhere(s, seating, player.player, row)
            if seating.stack - delta < 0:
                raise ConflictError(tr("taking the result back would leave {player} with "
                                       "{chips} chips").format(player=player.player,
                                                               chips=seating.stack - delta))
            seating.stack -= delta
            s.add(StackMove(seating_id=seating.id, kind=kind, amount=-delta, hand_id=row.id,
                            staff_id=staff_id, at=at, reason=reason))
        player.stack_after = None
    row.pot = 0
    row.rake = 0
    return owed


def rewrite_result(s: Session, row: HandRow, hand: Hand, at: datetime, staff_id: int,
                   reason: str) -> None:
    """After a correction: moves each seat's stack by the difference between the hand's
    stored result (none while in progress) and ``hand``'s (none unless complete), and sets
    the hand's status, pot and rake to match."""
    lock_session(s, row)
    ledger.request_checkpoint(s, f"hand {row.number or row.id} corrected")
    complete = hand.complete
    stacks = hand.stacks
    for player in s.scalars(select(HandPlayer).where(HandPlayer.hand_id == row.id)):
        old = 0 if player.stack_after is None else player.stack_after - player.stack_before
        after = stacks[player.seat] if complete else None
        change = (0 if after is None else after - player.stack_before) - old
        seating = s.get(Seating, player.seating_id) if player.seating_id else None
        if change and seating is not None:
            if seating.left_at is not None:
                raise ConflictError(tr("{player} has left the table: the corrected result "
                                       "cannot reach their stack (adjust stacks instead)")
                                    .format(player=player.player))
            check_not_playing_elsewhere(s, seating, player.player, row)
            if seating.stack + change < 0:
                raise ConflictError(tr("the corrected result would leave {player} with "
                                       "{chips} chips").format(player=player.player,
                                                               chips=seating.stack + change))
            seating.stack += change
            s.add(StackMove(seating_id=seating.id, kind="correction", amount=change,
                            hand_id=row.id, staff_id=staff_id, at=at, reason=reason))
        player.stack_after = after
    if complete:
        if row.status != HandStatus.COMPLETE.value:
            row.ended_at = at
        row.status = HandStatus.COMPLETE.value
        row.pot = sum(p.amount for p in hand.pots())
        row.rake = hand.rake
    else:
        row.status = HandStatus.IN_PROGRESS.value
        row.ended_at = None
        row.pot = pot_of(hand)
        row.rake = 0
