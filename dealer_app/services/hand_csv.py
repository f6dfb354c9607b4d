"""The supervisor's hand list as CSV: enough to reconcile the chips from it alone.

``write_hand_list_csv(review, query, path, *, sort, descending, progress, cancel)`` writes
every hand matching ``query`` in the list's order, one row per hand (:data:`CSV_COLUMNS`):
its status and whether a supervisor corrected it, its pot and rake, its players, its winners
with what each won, and every player's result. For a complete hand the results add up to
minus the rake; a void hand has none (every chip went back).

Speed: one streamed query for the hands and one per block for their players, read as plain
values (no ORM objects): 100,000 hands in about a second (``benchmarks/review.py``).
Safety: a cell that starts with ``=``, ``+``, ``-``, ``@`` (or a tab or carriage return) is
prefixed with ``'`` so a spreadsheet shows it as text instead of running it as a formula.
The file is written to a temporary name and renamed at the end; a cancel leaves nothing.
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy import String, select, type_coerce

from dealer_app.services.common import CancelFn, ProgressFn
from dealer_app.services.files import Cancelled, atomic_write
from dealer_app.services.review import SORT_KEYS, _where
from dealer_app.services.types import HandQuery, HandStatus
from dealer_app.storage.database import Database
from dealer_app.storage.errors import StorageError
from dealer_app.storage.models import GameTable, HandPlayer, HandRow, Staff

CSV_COLUMNS = ("hand_id", "table", "session", "number", "dealer", "started_at", "ended_at",
               "status", "corrected", "pot", "rake", "players", "winners", "won", "results")
"""``won``: each winner's gain in the hand (stack after − before), in the order of
``winners``; ``results``: every player's ``name +gain`` / ``name -loss``."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FORMULA_SET = frozenset(FORMULA_STARTS)
BLOCK = 5000


class HasDb(Protocol):
    db: Database


def escape_cell(text: str) -> str:
    """``'=SUM(A1)`` for ``=SUM(A1)``: a spreadsheet shows the cell as text."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _utc_text(value: Any) -> str:
    """``2025-01-02T20:15:03Z`` from a stored (naive UTC) timestamp, as SQLite's text or a
    driver's datetime; empty for NULL."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        moment = value if value.tzinfo is None else value.astimezone(UTC)
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    text = str(value)
    return f"{text[:10]}T{text[11:19]}Z"


def _players_cells(db: Database, query: HandQuery,
                   cancel: CancelFn | None) -> dict[int, tuple[str, str, str, str]]:
    """Hand id → (players, winners, won, results) of every hand matching ``query``: one
    query over their players in hand order, each hand's cells made as soon as it is read
    (winners and results count only for complete hands: :func:`hand_rows` drops them for
    the others)."""
    stmt = (select(HandPlayer.hand_id, HandPlayer.player, HandPlayer.stack_before,
                   HandPlayer.stack_after)
            .order_by(HandPlayer.hand_id, HandPlayer.seat))  # the primary key's order
    if query != HandQuery():
        hands = _where(select(HandRow.id), query, counting=True)
        stmt = stmt.where(HandPlayer.hand_id.in_(hands.scalar_subquery()))
    out: dict[int, tuple[str, str, str, str]] = {}
    current: int | None = None
    names: list[str] = []
    results: list[str] = []
    winners: list[str] = []
    won: list[str] = []
    with db.read() as s:
        cursor = s.connection().execute(stmt).cursor  # plain tuples: no Row per player
        while rows := cursor.fetchmany(BLOCK * 4):
            if cancel is not None and cancel():
                raise Cancelled
            for hand_id, name, before, after in rows:
                if hand_id != current:
                    if current is not None:
                        out[current] = ("; ".join(names), "; ".join(winners), "; ".join(won),
                                        "; ".join(results))
                    current, names, results, winners, won = hand_id, [], [], [], []
                names.append(name if name[:1] not in FORMULA_SET else "'" + name)
                if after is not None:
                    gain = after - before
                    results.append(f"{names[-1]} {gain:+d}")
                    if gain > 0:
                        winners.append(names[-1])
                        won.append(str(gain))
    if current is not None:
        out[current] = ("; ".join(names), "; ".join(winners), "; ".join(won),
                        "; ".join(results))
    return out


def hand_rows(db: Database, query: HandQuery, *, sort: str = "started_at",
              descending: bool = True,
              cancel: CancelFn | None = None) -> Iterable[list[list[str]]]:
    """The CSV rows (escaped) of every hand matching ``query``, in blocks of :data:`BLOCK`."""
    if sort not in SORT_KEYS:
        raise StorageError(f"cannot sort by {sort!r}; one of {', '.join(SORT_KEYS)}")
    key = {"started_at": HandRow.started_at, "number": HandRow.number, "pot": HandRow.pot,
           "status": HandRow.status, "table": GameTable.name}[sort]
    order: list[Any] = ([key.desc(), HandRow.id.desc()] if descending
                        else [key.asc(), HandRow.id.asc()])
    if not db.is_sqlite:  # the list's order (SQLite's NULL order)
        order[0] = order[0].nulls_last() if descending else order[0].nulls_first()
    # the timestamps as stored (no per-row conversion to aware datetimes)
    started = type_coerce(HandRow.started_at, String)
    ended = type_coerce(HandRow.ended_at, String)
    stmt = (select(HandRow.id, GameTable.name, HandRow.session_id, HandRow.number, Staff.name,
                   started, ended, HandRow.status, HandRow.corrected, HandRow.pot,
                   HandRow.rake, HandRow.meta_json)
            .outerjoin(GameTable, GameTable.id == HandRow.table_id)
            .outerjoin(Staff, Staff.id == HandRow.dealer_id))
    stmt = _where(stmt, query, counting=True).order_by(*order)
    players = _players_cells(db, query, cancel)
    none = ("", "", "", "")
    complete = HandStatus.COMPLETE.value
    names: dict[str | None, str] = {None: ""}  # table and dealer names, escaped once each
    with db.read() as s:
        cursor = s.connection().execute(stmt).cursor  # plain tuples: no Row per hand
        while hands := cursor.fetchmany(BLOCK):
            if cancel is not None and cancel():
                raise Cancelled
            block = []
            for (hand_id, table, session, number, dealer, start, end, status, corrected,
                 pot, rake, meta) in hands:
                if table is None:  # an imported hand: the table its record names
                    table = _imported_table(meta)
                if table not in names:
                    names[table] = escape_cell(table)
                if dealer not in names:
                    names[dealer] = escape_cell(dealer)
                block.append([
                    str(hand_id), names[table], "" if session is None else str(session),
                    "" if number is None else str(number), names[dealer],
                    f"{start[:10]}T{start[11:19]}Z" if type(start) is str else _utc_text(start),
                    f"{end[:10]}T{end[11:19]}Z" if type(end) is str else _utc_text(end),
                    status, "yes" if corrected else "no", str(pot), str(rake),
                    *(cells if (cells := players.get(hand_id, none)) and status == complete
                      else (cells[0], "", "", ""))])
            yield block


def _imported_table(meta_json: str | None) -> str:
    try:
        value = json.loads(meta_json or "{}").get("table")
    except (ValueError, AttributeError):
        value = None
    return str(value or "(imported)")


def write_hand_list_csv(review: HasDb | Database, query: HandQuery,
                        path: str | os.PathLike[str], *, sort: str = "started_at",
                        descending: bool = True, page: int | None = None,
                        progress: ProgressFn | None = None,
                        cancel: CancelFn | None = None) -> int | None:
    """Writes every hand matching ``query`` (in the list's order) to ``path`` as CSV.
    Returns the number of hands written, or None when cancelled (``path`` untouched).
    ``review``: the review queries (or their database); ``page`` is ignored (kept for
    callers of the earlier, paged version)."""
    db = review if isinstance(review, Database) else review.db
    from dealer_app.services.review import ReviewQueries

    total = ReviewQueries(db).count(query)
    written = 0
    if progress is not None:
        progress(0, total)
    try:
        with atomic_write(path, newline="") as fh:
            writer = csv.writer(fh)  # type: ignore[arg-type]
            writer.writerow(CSV_COLUMNS)
            for block in hand_rows(db, query, sort=sort, descending=descending,
                                   cancel=cancel):
                writer.writerows(block)
                written += len(block)
                if progress is not None:
                    progress(written, max(total, written))
    except Cancelled:
        return None
    return written
