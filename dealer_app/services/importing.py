"""``log import``'s storing, a batch of records a transaction.

Each file is read and identified (:func:`identify`: its uid and its play's digests) as it
comes; a batch is looked up at once, so a play stored already is neither replayed nor
built again; the others are replayed by the engine once and checked (:func:`build`) and
stored by plain statements in one transaction, so a batch takes one ledger seal, one
signed checkpoint and one commit however many records it holds (:func:`store`). The caller
says a record is stored only once its batch has committed, so a record shown as stored
survives a kill, and one not shown is either not stored or found "already stored" when the
import is run again.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Table, func, insert, select
from sqlalchemy.orm import Session

from dealer_app.engine import RuleError
from dealer_app.engine.hand import Hand
from dealer_app.engine.record import HandRecord
from dealer_app.engine.record_file import parse_utc
from dealer_app.services.core.common import player_name
from dealer_app.services.core.errors import PermissionRefused, Refusal
from dealer_app.services.core.types import HandStatus, StaffMember
from dealer_app.services.hands import pot_of
from dealer_app.storage import chain, ledger
from dealer_app.storage.bulk import insert_many
from dealer_app.storage.errors import StorageError
from dealer_app.storage.models import AuditEntry, HandEvent, HandPlayer, HandRow
from dealer_app.storage.models.search_key import search_key
from dealer_app.text import tr

BATCH_RECORDS = 250
"""At most this many records a transaction (a few hundred ms of work at most)."""
BATCH_SECONDS = 0.5
"""... and a batch is committed once it has been filling this long (lines keep coming)."""

_HANDS = cast(Table, HandRow.__table__)
_EVENTS = cast(Table, HandEvent.__table__)
_PLAYERS = cast(Table, HandPlayer.__table__)
_AUDIT = cast(Table, AuditEntry.__table__)
_INSERT_HANDS = insert(_HANDS).returning(_HANDS.c.id, sort_by_parameter_order=True)
_INSERT_EVENTS = insert(_EVENTS).returning(_EVENTS.c.id, sort_by_parameter_order=True)
_INSERT_PLAYERS = insert(_PLAYERS)
_INSERT_AUDIT = insert(_AUDIT).returning(_AUDIT.c.id, sort_by_parameter_order=True)
"""Built once, run once a batch (executemany; the ids come back in the rows' order)."""


CLAIMED_KEYS = ("status", "voided_by", "void_reason", "corrected", "corrections", "dealer")
"""Keys of a record's ``meta`` that claim acts or staff (a void, corrections, its dealer):
an import keeps them under ``meta.claims``, as the record's word, and does none of them."""


def record_claims(record: HandRecord) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the meta to store, the record's claims): the claimed acts and each event's claimed
    author (``entered_by``) moved out of the meta the app reads into ``claims``."""
    meta = dict(record.meta)
    claims = {key: meta.pop(key) for key in CLAIMED_KEYS if key in meta}
    authors = [m.get("by") for m in record.event_meta]
    if any(a is not None for a in authors):
        claims["entered_by"] = authors
    if claims:
        meta["claims"] = claims
    return meta, claims


def _next_ids(conn: Connection, table: Table, count: int) -> list[int]:
    """SQLite, in a write transaction: the ids the next ``count`` rows of ``table`` take."""
    top = conn.execute(select(func.max(table.c.id))).scalar_one_or_none() or 0
    return list(range(top + 1, top + 1 + count))


_BLANK = {t.name: {c.name: None for c in t.c if c.name != "id"}
          for t in (_HANDS, _EVENTS, _PLAYERS, _AUDIT)}


def _blank(table: Table) -> dict[str, Any]:
    """Every column of ``table`` but its generated ``id``, NULL (the ledger's row digest
    covers every column, so each is given)."""
    return _BLANK[table.name].copy()


@dataclass(eq=False)
class Prepared:
    """A record read and identified (:func:`identify`), then checked with its rows' values
    built (:func:`build`); the ids are given when it is stored."""

    record: HandRecord
    source: str
    uid: str
    digest: str
    old_digest: str
    source_uid: str | None = None
    hand: dict[str, Any] = field(default_factory=dict)
    players: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    audit: dict[str, Any] = field(default_factory=dict)
    hand_id: int | None = None


def identify(record: HandRecord, staff: StaffMember | None, source: str, digest: str,
             old_digest: str) -> Prepared:
    """What tells whether a record is stored (its uid, its play's digests), before any of
    the work of :func:`build`; PermissionRefused without a signed-in supervisor."""
    if staff is None or not staff.is_supervisor:
        raise PermissionRefused(Refusal.IMPORT_NEEDS_SUPERVISOR)
    uid = str(record.meta.get("uid") or uuid.uuid4())
    source_uid = None
    try:
        uid = str(uuid.UUID(uid))
    except ValueError:  # another tool's hand id: a stable UUID of it, the id kept in meta
        source_uid = uid
        uid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"americana-hand:{uid}"))
    return Prepared(record=record, source=source, uid=uid, digest=digest,
                    old_digest=old_digest, source_uid=source_uid)


def build(p: Prepared, staff: StaffMember, now: datetime) -> None:
    """Replays and checks the record (raises StorageError, nothing stored, when the rules
    or the app's limits refuse it) and builds its rows: the play decides the status, the
    record's claims stay in its meta."""
    record, uid, source = p.record, p.uid, p.source
    try:
        hand = Hand.replay(record.settings, record.seats, record.events)
    except RuleError as exc:
        index = getattr(exc, "index", "?")
        raise StorageError(tr("event {index} is refused by the rules ({code}: {message})")
                           .format(index=index, code=exc.code.value,
                                   message=exc.message)) from None
    meta, claims = record_claims(record)
    if p.source_uid is not None:
        meta["source_uid"] = p.source_uid
    for spec in record.seats:
        try:
            player_name(spec.player)  # the rules of seating a player
        except StorageError as exc:
            raise StorageError(tr("seat {seat}: {error}").format(
                seat=spec.seat, error=exc)) from None
    for index, event in enumerate(record.events):
        if event.card is not None and len(event.card) > 8:
            raise StorageError(tr("event {index}: the card {card} is written too long (at "
                                  "most 8 characters)").format(index=index,
                                                               card=repr(event.card)))
    times = [parse_utc(m.get("at")) for m in record.event_meta]
    started = parse_utc(meta.get("started_at")) or next(
        (t for t in times if t is not None), now)
    settings = record.settings.to_dict()
    seats = [s.to_dict() for s in record.seats]
    complete = hand.complete
    status = HandStatus.COMPLETE if complete else HandStatus.IN_PROGRESS
    meta["imported_from"] = source
    head = chain.header_digest(uid, settings, seats, started)
    events = []
    for i, event in enumerate(record.events):  # stored as entered by the importer
        at = (times[i] if i < len(times) else None) or started
        action = event.action.value
        head = chain.ChainLink(seq=i + 1, kind="input", seat=event.seat, action=action,
                               card=event.card, to=event.to, target_seq=None, by=staff.name,
                               at=at, reason=None).digest(head)
        row = _blank(_EVENTS)
        row.update(seq=i + 1, kind="input", seat=event.seat, action=action, card=event.card,
                   to_amount=event.to, staff_id=staff.id, staff_name=staff.name, at=at,
                   digest="")  # ledger format 3: the hand keeps the chain's head only
        events.append(row)
    hand_row = _blank(_HANDS)
    hand_row.update(uid=uid, origin="import", settings_json=json.dumps(settings),
                    seats_json=json.dumps(seats), meta_json=json.dumps(meta),
                    status=status.value, pot=pot_of(hand), corrected=False,
                    rake=hand.rake if complete else 0, started_at=started,
                    ended_at=parse_utc(meta.get("ended_at"))
                    or (now if status is not HandStatus.IN_PROGRESS else None),
                    head_digest=head, content_digest=p.digest)
    stacks = hand.stacks
    players = []
    for spec in record.seats:
        row = _blank(_PLAYERS)
        row.update(seat=spec.seat, player=spec.player, player_key=search_key(spec.player),
                   stack_before=spec.stack, stack_after=stacks[spec.seat] if complete else None)
        players.append(row)
    detail: dict[str, Any] = {"file": source, "uid": uid}
    if claims:
        detail["claims"] = sorted(claims)  # the record's word, in its meta
    audit = _blank(_AUDIT)
    audit.update(at=now, staff_id=staff.id, staff_name=staff.name, act="import-hand",
                 detail_json=json.dumps(detail, sort_keys=True))
    p.hand, p.players, p.events, p.audit = hand_row, players, events, audit


def store(s: Session, batch: Sequence[Prepared]) -> list[int]:
    """Stores the batch's records in the caller's transaction (a handful of statements
    whatever its size), notes every row for the ledger and asks for one checkpoint.
    Returns the new hand ids in the batch's order (also set on each ``Prepared``)."""
    conn = s.connection()
    sqlite = conn.dialect.name == "sqlite"
    if sqlite:  # ids given here (the write lock is held): plain executemany, no RETURNING
        ids = _next_ids(conn, _HANDS, len(batch))
        insert_many(conn, _HANDS, [{"id": i, **p.hand} for p, i in zip(batch, ids, strict=True)])
    else:
        ids = list(conn.execute(_INSERT_HANDS, [p.hand for p in batch]).scalars())
    events: list[dict[str, Any]] = []  # copies: a batch rolled back is stored again
    players: list[dict[str, Any]] = []
    audits: list[dict[str, Any]] = []
    for p, hand_id in zip(batch, ids, strict=True):
        p.hand_id = hand_id
        ledger.note_row(s, "hand", {**p.hand, "id": hand_id})
        players.extend({**row, "hand_id": hand_id} for row in p.players)
        events.extend({**row, "hand_id": hand_id} for row in p.events)
        audits.append({**p.audit, "hand_id": hand_id})
    if sqlite:
        insert_many(conn, _PLAYERS, players)
    else:
        conn.execute(_INSERT_PLAYERS, players)
    for row in players:
        ledger.note_row(s, "hand_player", row)
    for table, rows, returning in ((_EVENTS, events, _INSERT_EVENTS),
                                   (_AUDIT, audits, _INSERT_AUDIT)):
        if not rows:
            continue
        if sqlite:
            row_ids = _next_ids(conn, table, len(rows))
            for row, row_id in zip(rows, row_ids, strict=True):
                row["id"] = row_id
            insert_many(conn, table, rows)
        else:
            row_ids = list(conn.execute(returning, rows).scalars())
            for row, row_id in zip(rows, row_ids, strict=True):
                row["id"] = row_id
        for row in rows:
            ledger.note_row(s, table.name, row)
    if len(batch) == 1:
        reason = f"hand imported ({batch[0].uid})"
    else:
        reason = f"{len(batch)} hands imported ({batch[0].uid} ...)"
    ledger.request_checkpoint(s, reason)
    return list(ids)
