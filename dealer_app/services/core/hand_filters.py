"""The hand list's filters and order in SQL, shared by the review's list and the hand
list's CSV: what a ``HandQuery`` keeps (``where``), which stored player keys its player
filter matches (``player_match``), the sort keys and their order (``sort_order``), and the
keyset paging's "rows after this one" (``rows_after``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Select, and_, exists, false, func, or_, select, text, tuple_

from dealer_app.services.core.types import HandQuery, HandStatus
from dealer_app.storage.errors import StorageError
from dealer_app.storage.models import GameTable, HandPlayer, HandRow
from dealer_app.storage.models.search_key import search_key
from dealer_app.text import tr

SORT_KEYS = ("started_at", "number", "pot", "status", "table")
NULLABLE_KEYS = ("number", "table")
"""Sort keys an imported hand may lack."""


S = TypeVar("S", bound="Select[*tuple[Any, ...]]")


@dataclass(frozen=True, slots=True)
class PlayerMatch:
    """The stored player keys a player filter matches, and whether they are in so many
    hands (``dense``) that a scan in the list's order soon finds a page of them."""

    keys: list[str]
    dense: bool


DENSE = 2000
"""Player rows from which a player filter is dense (see :func:`where`)."""


def where(stmt: S, q: HandQuery, match: PlayerMatch | None, *, counting: bool = False,
           probe: bool = False) -> S:
    """The filters of ``q``; ``match``: what the player filter matches (see
    :func:`player_match`), None without one. The player filter is ``IN`` the hands
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


def like_pattern(text: str) -> str:
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


def rows_after(key: Any, value: Any, after_id: int, descending: bool, nullable: bool) -> Any:
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


def player_match(s: Any, query: HandQuery) -> PlayerMatch | None:
    """The stored player keys that the player filter of ``query`` matches (any part of
    the name, accents and case ignored); None without a player filter."""
    if not query.player or not search_key(query.player):
        return None
    pattern = like_pattern(search_key(query.player))
    keys = [str(r[0]) for r in s.execute(_DISTINCT_KEYS, {"pattern": pattern})]
    rows = s.scalar(select(func.count()).select_from(
        select(HandPlayer.hand_id).where(HandPlayer.player_key.in_(keys)).limit(DENSE)
        .subquery())) if keys else 0
    return PlayerMatch(keys, int(rows or 0) >= DENSE)


def sort_order(sort: str, descending: bool, sqlite: bool) -> tuple[Any, list[Any]]:
    """The column the list sorts on (one of ``SORT_KEYS``) and its ``ORDER BY`` (then by
    id), NULLs where SQLite puts them on both databases (the keyset paging assumes it)."""
    if sort not in SORT_KEYS:
        raise StorageError(tr("cannot sort by {sort}; one of {keys}").format(
            sort=repr(sort), keys=", ".join(SORT_KEYS)))
    key = {"started_at": HandRow.started_at, "number": HandRow.number, "pot": HandRow.pot,
           "status": HandRow.status, "table": GameTable.name}[sort]
    order: list[Any] = ([key.desc(), HandRow.id.desc()] if descending
                        else [key.asc(), HandRow.id.asc()])
    if not sqlite:  # SQLite's NULL order, which the keyset paging assumes
        order[0] = order[0].nulls_last() if descending else order[0].nulls_first()
    return key, order


def count_hands(s: Any, query: HandQuery) -> int:
    """How many hands ``query`` keeps (every hand: no viewer's restriction)."""
    return int(s.scalar(where(select(func.count(HandRow.id)), query, player_match(s, query),
                              counting=True)) or 0)
