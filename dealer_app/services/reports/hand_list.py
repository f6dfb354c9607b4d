"""The supervisor's hand list as CSV: enough to reconcile the chips from it alone.

``write_hand_list_csv(review, query, path, *, sort, descending, progress, cancel)`` writes
every hand matching ``query`` in the list's order, one row per hand (:data:`CSV_COLUMNS`):
its status and whether a supervisor corrected it, its pot and rake, its players, its winners
with what each won, and every player's result. For a complete hand the results add up to
minus the rake; a void hand has none (every chip went back).

Speed: one query makes every cell (the players' cells in one grouped pass over their
rows), read as plain tuples straight into the CSV writer (``benchmarks/review.py``).
Safety: a cell that starts with ``=``, ``+``, ``-``, ``@`` (or a tab or carriage return) is
prefixed with ``'`` so a spreadsheet shows it as text instead of running it as a formula.
The file is written to a temporary name and renamed at the end; a cancel leaves nothing.
"""

from __future__ import annotations

import csv
import os
import queue
import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol

from sqlalchemy import String, case, cast, func, literal, select, type_coerce
from sqlalchemy.dialects.postgresql import JSONB, aggregate_order_by

from dealer_app.services.core.common import CancelFn, ProgressFn
from dealer_app.services.core.files import Cancelled, atomic_write
from dealer_app.services.core.hand_filters import (
    PlayerMatch,
    count_hands,
    player_match,
    sort_order,
    where,
)
from dealer_app.services.core.types import HandQuery, HandStatus
from dealer_app.storage.database import Database
from dealer_app.storage.models import GameTable, HandPlayer, HandRow, Staff

CSV_COLUMNS = ("hand_id", "table", "session", "number", "dealer", "started_at", "ended_at",
               "status", "corrected", "pot", "rake", "players", "winners", "won", "results")
"""``won``: each winner's gain in the hand (stack after − before), in the order of
``winners``; ``results``: every player's ``name +gain`` / ``name -loss``."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BLOCK = 5000


class HasDb(Protocol):
    db: Database


def escape_cell(text: str) -> str:
    """``'=SUM(A1)`` for ``=SUM(A1)``: a spreadsheet shows the cell as text."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _escaped(db: Database, text: Any) -> Any:
    """:func:`escape_cell` in SQL."""
    first = func.substr(text, 1, 1)
    return case((first.in_(list(FORMULA_STARTS)), literal("'") + text), else_=text)


def _utc_sql(db: Database, column: Any) -> Any:
    """``2025-01-02T20:15:03Z`` in SQL from a stored (naive UTC) timestamp; NULL stays NULL."""
    if db.is_sqlite:  # stored as text: 2025-01-02 20:15:03.000000
        text = type_coerce(column, String)
        return func.substr(text, 1, 10) + "T" + func.substr(text, 12, 8) + "Z"
    return func.to_char(column, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')


def _players(db: Database, query: HandQuery, match: PlayerMatch | None) -> Any:
    """Per hand id: ``players``, ``winners``, ``won`` and ``results`` (see
    :data:`CSV_COLUMNS`), seat by seat, from one pass over the players of the hands matching
    ``query`` (a subquery to join)."""
    rows = select(HandPlayer.hand_id.label("hand_id"), HandPlayer.seat.label("seat"),
                  _escaped(db, HandPlayer.player).label("name"),
                  (HandPlayer.stack_after - HandPlayer.stack_before).label("gain"))
    if query != HandQuery():
        hands = where(select(HandRow.id), query, match, counting=True)
        rows = rows.where(HandPlayer.hand_id.in_(hands.scalar_subquery()))
    p = rows.subquery()

    def joined(expr: Any) -> Any:
        if db.is_sqlite:  # group_concat follows the primary key's (hand_id, seat) order
            return func.group_concat(expr, "; ")
        return func.string_agg(expr, aggregate_order_by(literal("; "), p.c.seat))

    return (select(p.c.hand_id, joined(p.c.name).label("players"),
                   joined(case((p.c.gain > 0, p.c.name))).label("winners"),
                   joined(case((p.c.gain > 0, cast(p.c.gain, String)))).label("won"),
                   joined(p.c.name + " " + case((p.c.gain >= 0, "+"), else_="")
                          + cast(p.c.gain, String)).label("results"))
            .group_by(p.c.hand_id).subquery())


def hand_rows(db: Database, query: HandQuery, *, sort: str = "started_at",
              descending: bool = True, block: int = BLOCK,
              cancel: CancelFn | None = None) -> Iterable[Sequence[Sequence[Any]]]:
    """The CSV rows (escaped) of every hand matching ``query``, in blocks of ``block``.
    Every cell is made by the database (escaping and time format included), so the rows go
    to the CSV writer as read."""
    _key, order = sort_order(sort, descending, db.is_sqlite)  # the list's order
    if db.is_sqlite:  # an imported hand: the table its record names
        imported = func.json_extract(HandRow.meta_json, "$.table")
    else:
        imported = cast(HandRow.meta_json, JSONB)["table"].astext
    with db.read() as s:  # the stored names the player filter matches, as the list reads them
        match = player_match(s, query)
    p = _players(db, query, match)
    complete = HandRow.status == HandStatus.COMPLETE.value
    stmt = (select(
        HandRow.id,
        _escaped(db, func.coalesce(GameTable.name, imported, "(imported)")),
        HandRow.session_id, HandRow.number, _escaped(db, func.coalesce(Staff.name, "")),
        _utc_sql(db, HandRow.started_at), _utc_sql(db, HandRow.ended_at), HandRow.status,
        case((HandRow.corrected, "yes"), else_="no"), HandRow.pot, HandRow.rake,
        p.c.players, case((complete, p.c.winners)), case((complete, p.c.won)),
        case((complete, p.c.results)))
        .outerjoin(GameTable, GameTable.id == HandRow.table_id)
        .outerjoin(Staff, Staff.id == HandRow.dealer_id)
        .outerjoin(p, p.c.hand_id == HandRow.id))
    stmt = where(stmt, query, match, counting=True).order_by(*order)
    with db.read() as s:
        cursor = s.connection().execute(stmt).cursor  # plain tuples, as the writer wants
        while hands := cursor.fetchmany(block):
            if cancel is not None and cancel():
                raise Cancelled
            yield hands


def write_hand_list_csv(review: HasDb | Database, query: HandQuery,
                        path: str | os.PathLike[str], *, sort: str = "started_at",
                        descending: bool = True, page: int = BLOCK,
                        progress: ProgressFn | None = None,
                        cancel: CancelFn | None = None) -> int | None:
    """Writes every hand matching ``query`` (in the list's order) to ``path`` as CSV.
    Returns the number of hands written, or None when cancelled (``path`` untouched).
    ``review``: the review queries (or their database); ``page``: hands per block (the
    progress and cancel step)."""
    db = review if isinstance(review, Database) else review.db
    with db.read() as s:
        total = count_hands(s, query)
    written = 0
    if progress is not None:
        progress(0, total)
    try:
        with atomic_write(path, newline="") as fh:
            writer = csv.writer(fh)  # type: ignore[arg-type]
            writer.writerow(CSV_COLUMNS)
            for block in _read_ahead(hand_rows(db, query, sort=sort, descending=descending,
                                               block=page, cancel=cancel)):
                writer.writerows(block)
                written += len(block)
                if progress is not None:
                    progress(written, max(total, written))
    except Cancelled:
        return None
    return written


_DONE = object()


def _read_ahead(blocks: Iterable[Sequence[Sequence[Any]]]
                ) -> Iterator[Sequence[Sequence[Any]]]:
    """``blocks`` read by a thread of their own, two blocks ahead: the database's work
    (SQLite runs its query with the interpreter's lock released) and the CSV writer's then
    share the two cores instead of taking turns. An error of the reading thread is raised
    here; leaving early (a cancel, a full disk) stops it at its next block."""
    ahead: queue.Queue[Any] = queue.Queue(maxsize=2)
    stop = threading.Event()

    def give(item: Any) -> bool:  # False: the writer has left
        while not stop.is_set():
            try:
                ahead.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def read() -> None:
        try:
            for block in blocks:
                if not give(block):
                    return
            give(_DONE)
        except BaseException as exc:  # noqa: BLE001 - handed to the writing thread
            give(exc)
        finally:
            close = getattr(blocks, "close", None)
            if close is not None:  # a generator: its read transaction ends in this thread
                close()

    reader = threading.Thread(target=read, name="csv-read-ahead", daemon=True)
    reader.start()
    try:
        while (item := ahead.get()) is not _DONE:
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        reader.join()
