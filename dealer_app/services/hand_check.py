"""Every stored hand replayed by the engine against what is stored: its own event chain,
its status, pot, rake and stacks (``log verify`` and the review's hand view).

:func:`check_hand` says why one hand's log does not hold (None: it holds);
:func:`check_hand_range` checks a range of hands read in batches of plain rows."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import groupby
from operator import attrgetter, itemgetter
from typing import Any, cast

from sqlalchemy import Integer, Table, bindparam, select

from dealer_app.engine import Event, RuleError, Settings
from dealer_app.engine.hand import Hand
from dealer_app.services.core.common import settings_of
from dealer_app.services.core.types import BrokenHand, HandStatus
from dealer_app.services.hand_rows import current_inputs, event_of, link_of, pot_of, seats_of
from dealer_app.services.raw_rows import Prepared
from dealer_app.storage import chain
from dealer_app.storage.database import Database
from dealer_app.storage.models import HandEvent, HandPlayer, HandRow

BATCH = 500
"""Hands read at a time."""

_HANDS = cast(Table, HandRow.__table__)
_EVENTS = cast(Table, HandEvent.__table__)
_PLAYERS = cast(Table, HandPlayer.__table__)


_REPLAYED = [_EVENTS.c[n] for n in ("hand_id", "seq", "kind", "seat", "action", "card",
                                    "to_amount", "target_seq", "digest")]
"""The event columns a replay reads (the rest is checked against the evidence ledger)."""
_STACKS = [_PLAYERS.c[n] for n in ("hand_id", "seat", "stack_before", "stack_after")]
_CHECKED = [_HANDS.c[n] for n in ("id", "uid", "table_id", "number", "settings_json",
                                  "seats_json", "started_at", "status", "pot", "rake",
                                  "corrected", "head_digest")]
"""The hand columns :func:`check_hand` reads (the rest is checked against the ledger)."""


def hand_label(row: HandRow, table: str | None) -> str:
    if row.number is None:
        return f"hand id {row.id} (imported)"
    return f"{table or 'table ?'} hand {row.number} (id {row.id})"


def chain_break(row: HandRow, rows: Sequence[HandEvent], full: bool = True) -> str | None:
    """Why the hand's own event chain does not hold (None: it does)."""
    if full or not rows:
        try:
            start = chain.header_digest(row.uid, json.loads(row.settings_json),
                                        json.loads(row.seats_json), row.started_at)
        except (ValueError, TypeError):
            return "its settings or seats are unreadable"
    if full:
        return chain.first_break(start, ((link_of(r), r.digest) for r in rows),
                                 row.head_digest)
    if list(map(_SEQ, rows)) != list(range(1, len(rows) + 1)):
        for expected, r in enumerate(rows, 1):
            if r.seq != expected:
                return f"event {expected} is missing" if r.seq > expected else \
                    f"event {r.seq} is out of order"
    if rows and not rows[-1].digest:
        return None  # ledger format 3: no link stored (the ledger's row digests cover them)
    if (rows[-1].digest if rows else start) != row.head_digest:
        return "events at the end were removed" if rows else \
            "the hand's settings or seats were changed, or its events removed"
    return None


def check_hand(row: HandRow, rows: Sequence[HandEvent],
               players: Sequence[HandPlayer] = (), full_chain: bool = True) -> str | None:
    """Why this hand's log does not hold, or None. Each event row is checked against the
    evidence ledger (its stored digest included), so here the chain is checked only for
    gaps and for its head; ``full_chain`` recomputes every link as well."""
    broken = chain_break(row, rows, full=full_chain)
    if broken:
        return broken
    kinds = set(map(_KIND, rows))
    if ("void" in kinds) != (row.status == HandStatus.VOID.value):
        return f"its status {row.status!r} does not match its log"
    if "correct" in kinds and not row.corrected:
        return "it holds a supervisor's correction but is not marked corrected"
    return check_result(row, rows, players, inputs_only=kinds <= {"input"})


def check_result(row: HandRow, rows: Sequence[Any],
                 players: Sequence[HandPlayer], inputs_only: bool = False,
                 events: Callable[[Sequence[Any]], list[Event]] | None = None) -> str | None:
    """The stored figures that the chain does not cover (status, pot, rake, each player's
    stack before and after) must be what the engine makes of the chained inputs.
    ``inputs_only``: every row is an input (none undone or corrected); ``events``: makes
    the inputs' events of ``rows`` (default :func:`_events`)."""
    try:
        seats = seats_of(row.seats_json)
        settings = _settings(row.settings_json)
    except (ValueError, KeyError, TypeError):
        return "its settings or seats are unreadable"
    try:
        hand = Hand.replay(settings, seats, (events or _events)(
            rows if inputs_only else current_inputs(rows)))
    except RuleError as exc:
        return f"its inputs are refused by the rules ({exc.message})"
    except (ValueError, KeyError, TypeError, AssertionError) as exc:
        return f"its inputs do not replay ({exc or type(exc).__name__})"
    before = {spec.seat: spec.stack for spec in seats}
    for player in players:
        if before.get(player.seat) != player.stack_before:
            return (f"seat {player.seat}'s stack before the hand is stored as "
                    f"{player.stack_before}, but the hand was dealt with {before.get(player.seat)}")
    if row.status == HandStatus.VOID.value:
        # the pot as it stood when voided (migration 0010 gave older rows theirs)
        if row.pot != pot_of(hand):
            return f"its pot {row.pot} is stored, but its log gives {pot_of(hand)}"
        return None
    if hand.complete != (row.status == HandStatus.COMPLETE.value):
        return f"its status {row.status!r} does not match its log"
    if not hand.complete:
        # the pot is outside the ledger (it moves with every input): the log decides it
        if row.pot != pot_of(hand):
            return f"its pot {row.pot} is stored, but its log gives {pot_of(hand)}"
        return None
    pot = sum(p.amount for p in hand.pots())
    if (row.pot, row.rake) != (pot, hand.rake):
        return (f"its pot {row.pot} and rake {row.rake} are stored, but its log gives "
                f"{pot} and {hand.rake}")
    stacks = hand.stacks  # (a property that builds its dict each time)
    for player in players:
        if player.stack_after != stacks[player.seat]:
            return (f"seat {player.seat}'s result is stored as {player.stack_after}, but its "
                    f"log gives {stacks[player.seat]}")
    return None


_SETTINGS: dict[str, Settings] = {}
_EVENTS_MADE: dict[tuple[Any, ...], Event] = {}
CACHED = 50_000
"""Entries kept by each cache of the replay of many hands (cleared when full)."""


def _settings(text: str) -> Settings:
    """``settings_of``, each text read once (a table's hands share their settings)."""
    settings = _SETTINGS.get(text)
    if settings is None:
        if len(_SETTINGS) >= CACHED:
            _SETTINGS.clear()
        settings = _SETTINGS[text] = settings_of(text)
    return settings


def _event(row: Any) -> Event:
    """``event_of``, each (seat, action, card, to) made once: events are frozen values and
    a log repeats few of them."""
    key = (row.seat, row.action, row.card, row.to_amount)
    event = _EVENTS_MADE.get(key)
    if event is None:
        if len(_EVENTS_MADE) >= CACHED:
            _EVENTS_MADE.clear()
        event = _EVENTS_MADE[key] = event_of(row)
    return event


def _events(rows: Sequence[Any], key: Callable[[Any], Any] | None = None,
            named: Callable[[Any], Any] | None = None) -> list[Event]:
    """:func:`_event` of each row (the cache looked up in C; made only for a new key).
    ``key`` and ``named``: for rows that are plain tuples, their (seat, action, card, to)
    and the row as a named tuple."""
    found: list[Event | None] = list(map(_EVENTS_MADE.get, map(key or _EVENT_KEY, rows)))
    if not all(found):  # (an event is always true; ``None in`` would call its __eq__)
        return [_event(named(r) if named else r) for r in rows]
    return cast(list[Event], found)


_EVENT_KEY = attrgetter("seat", "action", "card", "to_amount")
_SEQ = attrgetter("seq")
_KIND = attrgetter("kind")


def check_hand_range(db: Database, lo: int, hi: int, tables: dict[int, str],
                     on_events: Callable[[Sequence[Any]], None] | None = None,
                     event_columns: Sequence[Any] = ()) -> list[BrokenHand]:
    """Replays every hand with an id from ``lo`` to ``hi`` (see :func:`check_hand`).
    ``on_events`` is given each batch's event rows as plain tuples of ``event_columns``
    (which hold the replay's), so they are read once for the replay and for the evidence
    ledger."""
    broken: list[BrokenHand] = []
    last_id = lo - 1
    events_q = _events_query(tuple(event_columns))
    while last_id < hi:
        with db.read() as s:  # plain rows (same attribute names as the models): no ORM
            hands: list[Any] = list(s.execute(_HANDS_Q, {"after": last_id, "hi": hi,
                                                         "n": BATCH}))
            if not hands:
                break
            first, last_id = hands[0].id, hands[-1].id
            events: dict[int, list[Any]] = {h.id: [] for h in hands}
            rows, make = events_q.plain(s, first=first, last=last_id)
            if on_events is not None:
                on_events(rows)
            plain = _Plain(events_q.names, make)
            for hand_id, group in groupby(rows, plain.hand_id):
                found = events.get(hand_id)
                if found is not None:
                    found.extend(group)
            players: dict[int, list[Any]] = {h.id: [] for h in hands}
            for pl in _PLAYERS_Q.named(s, first=first, last=last_id):
                if pl.hand_id in players:
                    players[pl.hand_id].append(pl)
            for hand in hands:
                reason = plain.check(hand, events[hand.id], players[hand.id])
                if reason:
                    label = hand_label(hand, tables.get(hand.table_id or -1))
                    broken.append(BrokenHand(hand.id, label, reason))
    return broken


_HANDS_Q = (select(*_CHECKED).where(_HANDS.c.id > bindparam("after"),
                                    _HANDS.c.id <= bindparam("hi"))
            .order_by(_HANDS.c.id).limit(bindparam("n", type_=Integer)))
_PLAYERS_Q = Prepared(select(*_STACKS).where(_PLAYERS.c.hand_id >= bindparam("first"),
                                             _PLAYERS.c.hand_id <= bindparam("last")))
@lru_cache(maxsize=64)
def _events_query(columns: tuple[Any, ...]) -> Prepared:
    """The event rows of the hands ``first`` to ``last`` (``columns`` and the replay's), in
    order: built once for each set of columns."""
    return Prepared(
        select(*dict.fromkeys([*columns, *_REPLAYED])).where(
            _EVENTS.c.hand_id >= bindparam("first"), _EVENTS.c.hand_id <= bindparam("last"))
        .order_by(_EVENTS.c.hand_id, _EVENTS.c.seq))


class _Plain:
    """:func:`check_hand` (``full_chain=False``) of a hand whose event rows are plain
    tuples: the usual log (inputs only, in order, up to the head) is checked on the tuples
    as they are; any other is made named tuples and goes through :func:`check_hand`."""

    def __init__(self, names: Sequence[str], make: Callable[[Any], Any]) -> None:
        self.make = make
        self.hand_id = itemgetter(names.index("hand_id"))
        self.seq = itemgetter(names.index("seq"))
        self.kind = itemgetter(names.index("kind"))
        self.digest = names.index("digest")
        self.key = itemgetter(*(names.index(n) for n in ("seat", "action", "card",
                                                          "to_amount")))

    def events(self, rows: Sequence[Any]) -> list[Event]:
        return _events(rows, self.key, self.make)

    def check(self, row: Any, rows: Sequence[tuple[Any, ...]],
              players: Sequence[Any]) -> str | None:
        if (rows and set(map(self.kind, rows)) == {"input"}
                and list(map(self.seq, rows)) == list(range(1, len(rows) + 1))
                and rows[-1][self.digest] in (row.head_digest, "")
                and row.status != HandStatus.VOID.value):
            return check_result(row, rows, players, inputs_only=True, events=self.events)
        return check_hand(row, list(map(self.make, rows)), players, full_chain=False)


