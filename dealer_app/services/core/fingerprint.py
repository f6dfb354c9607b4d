"""The evidence fingerprints a printed report carries, so a paper copy can be matched to the
log it was made from, and :func:`check_fingerprint` that matches one (``dealer-app log
verify --fingerprint``).

``evidence_fingerprint(db, session_id=None) -> Fingerprint`` (call it after reading what the
report lists): the *session digest* and a *signed checkpoint* at least as new as everything
the report read: it first seals the ledger's head (:func:`seal`: a checkpoint over every entry
committed so far, unless the newest one already covers them), then names the newest
checkpoint (``storage/notary.py``: ``log verify`` finds it by its sequence number and digest
and checks its signature and the ledger up to it).

The session digest is versioned; the printed form tells the version:
- **v2** (``v2 xxxx-xxxx-xxxx-xxxx-xxxx-xxxx-xxxx-xxxx``, printed since 2026-12-02): SHA-256
  over ``dealer-app-session/2`` and one line per row of the session, table by table in id
  order: the session itself, its hands (each with the head of its event chain, so every
  input is covered), the players dealt in, its seats, its stack moves (buy-ins, cash-outs,
  adjustments, results, settlements), its audit rows (every act) and its floor calls.
- **v1** (32 hex digits in groups of four, printed before): SHA-256 over the session's
  hands' ``<uid>:<chain head>`` lines only. Still matched by :func:`check_fingerprint`.
A session's digest matches only while nothing of the session changes: a report printed
before a later act (another hand, a settlement after the close) names an older state, which
its checkpoint still proves.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, func, select
from sqlalchemy.orm import Session

from dealer_app.storage import ledger
from dealer_app.storage.database import Database
from dealer_app.storage.errors import StorageError
from dealer_app.storage.models import (
    AuditEntry,
    Checkpoint,
    FloorCall,
    GameTable,
    HandPlayer,
    HandRow,
    LedgerEntry,
    Seating,
    StackMove,
    TableSession,
)
from dealer_app.storage.notary import SignedCheckpoint
from dealer_app.text import thousands, tr, tr_noop

log = logging.getLogger(__name__)

KIND_CHAIN_HEADS = tr_noop("chain heads (SHA-256)")
KIND_SESSION = tr_noop("session digest v2 (SHA-256 of its hands, seats, stack moves, acts "
                       "and calls)")
VERSION = 2
HEADER_2 = b"dealer-app-session/2\n"


@dataclass(frozen=True, slots=True)
class Fingerprint:
    kind: str
    """What it is (:data:`KIND_SESSION`, or :data:`KIND_CHAIN_HEADS` for version 1), in
    English: shown through :func:`tr`."""
    digest: str
    """The full hex digest."""
    hands: int
    """How many hands it covers."""
    taken_at: datetime
    checkpoint: str = ""
    """The newest signed checkpoint (``#seq xxxx-xxxx-xxxx-xxxx, key K``), if any."""
    version: int = VERSION
    unsealed: int = 0
    """Ledger entries newer than that checkpoint (0 unless sealing was refused, e.g. to a
    read-only role)."""

    @property
    def short(self) -> str:
        """The first 32 hex digits in groups of four: easy to read out and compare; version
        2 and later start with their version (``v2 ...``)."""
        groups = [self.digest[i:i + 4] for i in range(0, 32, 4)]
        if self.version == 1:
            return " ".join(groups)
        return f"v{self.version} " + "-".join(groups)

    def describe(self) -> str:
        fields = dict(kind=tr(self.kind), hands=thousands(self.hands), short=self.short)
        if self.checkpoint:
            text = tr("signed checkpoint {checkpoint}; {kind} over {hands} hand(s): {short}"
                      ).format(checkpoint=self.checkpoint, **fields)
        else:
            text = tr("{kind} over {hands} hand(s): {short}").format(**fields)
        if self.unsealed:
            text += tr(" ({count} newer ledger entries not sealed yet)").format(
                count=thousands(self.unsealed))
        return text


def seal(db: Database, reason: str) -> None:
    """Signs a checkpoint over the ledger's head in a transaction of its own, unless the
    newest checkpoint already covers it (nothing when this database signs nothing). A role
    that may not write (an auditor's) leaves it as it is: logged, not raised. Never call it
    inside a write transaction (on SQLite it would wait for that transaction's own lock)."""
    if db.notary is None:
        return
    try:
        with db.transaction() as s:
            head = s.scalar(select(func.max(LedgerEntry.seq)))
            sealed = s.scalar(select(func.max(Checkpoint.seq)))
            if head is not None and (sealed is None or sealed < head):
                ledger.request_checkpoint(s, reason)
    except StorageError as exc:
        log.warning("cannot seal the ledger for %s: %s", reason, exc)


def newest_checkpoint(db: Database) -> tuple[str, int]:
    """The newest checkpoint in words (``#seq xxxx-xxxx-xxxx-xxxx, key K``; empty: none) and
    how many ledger entries came after it."""
    with db.read() as s:
        row = s.scalar(select(Checkpoint).order_by(Checkpoint.seq.desc(),
                                                   Checkpoint.id.desc()).limit(1))
        head = int(s.scalar(select(func.max(LedgerEntry.seq))) or 0)
        if row is None:
            return "", head
        signed = SignedCheckpoint.of_row(row)
        return (tr("{checkpoint}, key {key}").format(checkpoint=signed.fingerprint,
                                                      key=row.key_id), head - row.seq)


def evidence_fingerprint(db: Database, session_id: int | None = None) -> Fingerprint:
    """The fingerprint of one session (or of the whole log) as it stands now, with a signed
    checkpoint sealed after it was read (so call this after reading what a report lists)."""
    with db.read() as s:
        digests = session_digests(s, session_id, VERSION)
        hands = int(s.scalar(select(func.count()).select_from(HandRow).where(
            *([] if session_id is None else [HandRow.session_id == session_id]))) or 0)
    seal(db, "session report" if session_id is not None else "report")
    checkpoint, unsealed = newest_checkpoint(db)
    empty = hashlib.sha256(HEADER_2).hexdigest()
    return Fingerprint(kind=KIND_SESSION, digest=digests.get(session_id, empty), hands=hands,
                       taken_at=db.now(), checkpoint=checkpoint, unsealed=unsealed)


def _line(tbl: str, values: tuple[Any, ...]) -> bytes:
    return (tbl + json.dumps([None if v is None else str(v) for v in values],
                             ensure_ascii=False) + "\n").encode("utf-8")


def _table(model: Any) -> Table:
    return cast(Table, model.__table__)


def _rows(s: Session, session_id: int | None, version: int
          ) -> Iterator[tuple[int | None, bytes]]:
    """(session id, line) for every row a session's digest covers, in digest order (per
    session); ``session_id`` None: every session (and rows of none, under None)."""
    def where(column: Any) -> list[Any]:
        return [] if session_id is None else [column == session_id]

    hand = _table(HandRow)
    if version == 1:
        for sid, uid, head in s.execute(select(hand.c.session_id, hand.c.uid,
                                               hand.c.head_digest)
                                        .where(*where(hand.c.session_id))
                                        .order_by(hand.c.id)):
            yield sid, f"{uid}:{head}\n".encode()
        return
    sections: list[tuple[str, Any, Any, Any]] = []
    session = _table(TableSession)
    sections.append(("table_session", select(session.c.id, *session.c),
                     session.c.id, session.c.id))
    sections.append(("hand", select(hand.c.session_id, *hand.c), hand.c.session_id,
                     hand.c.id))
    player = _table(HandPlayer)
    sections.append(("hand_player", select(hand.c.session_id, *player.c)
                     .join(hand, hand.c.id == player.c.hand_id), hand.c.session_id,
                     (player.c.hand_id, player.c.seat)))
    seating = _table(Seating)
    sections.append(("seating", select(seating.c.session_id, *seating.c),
                     seating.c.session_id, seating.c.id))
    move = _table(StackMove)
    sections.append(("stack_move", select(seating.c.session_id, *move.c)
                     .join(seating, seating.c.id == move.c.seating_id),
                     seating.c.session_id, move.c.id))
    audit = _table(AuditEntry)
    sections.append(("audit", select(audit.c.session_id, *audit.c)
                     .where(audit.c.session_id.is_not(None)), audit.c.session_id,
                     audit.c.id))
    call = _table(FloorCall)
    sections.append(("floor_call", select(call.c.session_id, *call.c)
                     .where(call.c.session_id.is_not(None)), call.c.session_id, call.c.id))
    for tbl, stmt, session_column, order in sections:
        keys = order if isinstance(order, tuple) else (order,)
        for row in s.execute(stmt.where(*where(session_column)).order_by(*keys)):
            yield row[0], _line(tbl, tuple(row[1:]))


def session_digests(s: Session, session_id: int | None = None,
                    version: int = VERSION) -> dict[int | None, str]:
    """Session id -> its digest in ``version`` (1 or 2), for one session or (None) every
    session, and then also the whole log under the key None."""
    shas: dict[int | None, Any] = {}
    whole = hashlib.sha256(HEADER_2 if version >= 2 else b"")
    for sid, line in _rows(s, session_id, version):
        sha = shas.get(sid)
        if sha is None:
            sha = shas[sid] = hashlib.sha256(HEADER_2 if version >= 2 else b"")
        sha.update(line)
        whole.update(line)
    out: dict[int | None, str] = {sid: sha.hexdigest() for sid, sha in shas.items()
                                  if sid is not None}
    if session_id is None:
        out[None] = whole.hexdigest()
    return out


# ---------------------------------------------------------------------------- checking
@dataclass(frozen=True, slots=True)
class FingerprintMatch:
    """What :func:`check_fingerprint` found."""

    found: bool
    what: str
    """In words: which checkpoint, session or hand, or why none."""


class FingerprintFormatError(StorageError):
    """The text is none of the fingerprints a report prints."""


_CHECKPOINT = re.compile(r"#?\s*(\d+)[\s,:]+((?:[0-9a-f]{4}-){3}[0-9a-f]{4})"
                         r"(?:\s*,?\s*key\s+[0-9a-f]+)?")
"""``#seq xxxx-xxxx-xxxx-xxxx`` (the ``#`` may be left out: a shell starts a comment with it)."""
_HEX = re.compile(r"[0-9a-f]+")


def check_fingerprint(db: Database, printed: str) -> FingerprintMatch:
    """Matches a fingerprint printed on a report against the database: a signed checkpoint
    (``#seq xxxx-xxxx-xxxx-xxxx``), a session digest (``v2 xxxx-...``, or the 32 hex digits
    of version 1) or a hand's chain head (16 hex digits, on a hand report)."""
    text = printed.strip().lower()
    found = _CHECKPOINT.fullmatch(text)
    if found:
        return _check_checkpoint(db, int(found.group(1)), re.sub(r"[\s-]", "", found.group(2)))
    version = 1
    if text.startswith("v"):
        match = re.match(r"v(\d+)\s*[:-]?\s*(.*)", text)
        if not match or int(match.group(1)) != VERSION:
            raise FingerprintFormatError(tr("{text} is not a fingerprint version this "
                                            "dealer-app knows").format(text=repr(printed)))
        version, text = VERSION, match.group(2)
    digits = re.sub(r"[\s-]", "", text)
    if not _HEX.fullmatch(digits) or len(digits) not in (16, 32):
        raise FingerprintFormatError(tr(
            "{text} is not a fingerprint a report prints (#seq xxxx-xxxx-xxxx-xxxx, "
            "v2 and 32 hex digits, 32 hex digits, or a chain head of 16)").format(
            text=repr(printed)))
    if len(digits) == 16 and version == 1:
        return _check_chain_head(db, digits)
    if len(digits) != 32:
        raise FingerprintFormatError(tr("a session fingerprint has 32 hex digits, not {count}")
                                     .format(count=len(digits)))
    with db.read() as s:
        digests = session_digests(s, None, version)
    sessions = sorted(sid for sid, digest in digests.items()
                      if sid is not None and digest.startswith(digits))
    if not sessions:
        return FingerprintMatch(False, tr("NOT FOUND: no session's fingerprint (version "
                                          "{version}) is {short}; the session changed since "
                                          "it was printed, or the paper is not of this "
                                          "database").format(version=version, short=digits))
    with db.read() as s:
        names = dict(s.execute(select(TableSession.id, GameTable.name)
                               .join(GameTable, GameTable.id == TableSession.table_id)
                               .where(TableSession.id.in_(sessions))).all())
    return FingerprintMatch(True, tr("found: session {sessions} (fingerprint version "
                                     "{version}) is as it was printed").format(
        sessions=", ".join(f"{sid} ({names.get(sid, '?')})" for sid in sessions),
        version=version))


def _check_checkpoint(db: Database, seq: int, prefix: str) -> FingerprintMatch:
    with db.read() as s:
        rows = list(s.scalars(select(Checkpoint).where(Checkpoint.seq == seq)))
        entry = ledger.digest_at(s.connection(), seq)
    for row in rows:
        if row.digest.startswith(prefix):
            signed = SignedCheckpoint.of_row(row)
            if entry != row.digest:
                return FingerprintMatch(False, tr(
                    "CHANGED: checkpoint #{seq} is stored, but the ledger's entry #{seq} no "
                    "longer has its digest").format(seq=seq))
            holds = (tr("its signature holds") if signed.holds_under(row.public_key)
                     else tr("its signature does NOT hold"))
            return FingerprintMatch(signed.holds_under(row.public_key), tr(
                "found: checkpoint #{seq} of {at} UTC ({reason}), key {key}; {holds} (log "
                "verify checks the key's trust and the ledger up to it)").format(
                seq=seq, at=f"{row.at:%Y-%m-%d %H:%M:%S}", reason=row.reason, key=row.key_id,
                holds=holds))
    if entry is not None and str(entry).startswith(prefix):
        return FingerprintMatch(False, tr("NOT FOUND: the ledger's entry #{seq} has this "
                                          "digest, but no checkpoint of it is stored (deleted?)")
                                .format(seq=seq))
    return FingerprintMatch(False, tr("NOT FOUND: this database has no checkpoint #{seq} with "
                                      "this digest").format(seq=seq))


def _check_chain_head(db: Database, prefix: str) -> FingerprintMatch:
    with db.read() as s:
        rows = s.execute(select(HandRow.id, HandRow.number, GameTable.name)
                         .outerjoin(GameTable, GameTable.id == HandRow.table_id)
                         .where(HandRow.head_digest.like(prefix + "%"))
                         .order_by(HandRow.id)).all()
    if not rows:
        return FingerprintMatch(False, tr("NOT FOUND: no hand's chain head starts {short}; the "
                                          "hand changed since it was printed, or the paper is "
                                          "not of this database").format(short=prefix))
    return FingerprintMatch(True, tr("found: the chain head of {hands}").format(
        hands=", ".join(tr("hand {number} of {table} (id {id})").format(
            number=number if number is not None else "?", table=table or tr("(imported)"),
            id=hand_id) for hand_id, number, table in rows)))


def hand_evidence(db: Database, hand_id: int) -> tuple[str, str]:
    """For a hand report (call it after reading the hand): the signed checkpoint sealed now
    and the hand's chain head (``xxxx-xxxx-xxxx-xxxx``)."""
    with db.read() as s:
        head = str(s.scalar(select(HandRow.head_digest).where(HandRow.id == hand_id)) or "")
    seal(db, "hand report")
    checkpoint, _unsealed = newest_checkpoint(db)
    return checkpoint, "-".join(head[i:i + 4] for i in range(0, 16, 4))
