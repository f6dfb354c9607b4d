"""The digest chain that makes a hand's log tamper-evident.

A hand's chain starts from the digest of its header (uid, settings, seats, start time);
each stored event row's digest is SHA-256 over the previous digest and the canonical
JSON of that row (seq, kind, seat, action, card, to, target, who, when, why). The hand
row keeps the last digest, so removing trailing rows is caught too.

Ledger format 3 (migration 0022): a row written since stores an empty digest, its link
recomputed where needed (the hand row keeps the head); the evidence ledger's row digest
of each event row already covers every column, so storing each link again was a third
copy of the same proof.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

GENESIS_FORMAT = "dealer-app-chain/1"


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""One encoder for every digest (``json.dumps`` with options builds a new one each call)."""


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 text: one byte string per value."""
    return _CANONICAL.encode(value)


def iso_utc(moment: datetime) -> str:
    """``2024-05-01T20:15:03.123456Z``: microseconds always written (a naive time is read
    as local, as ``astimezone`` reads it). The one spelling of a moment in the digests,
    signatures and records; ``isoformat`` rather than ``strftime``, which imports a module
    on every call (through PySide6's import hook, once a window or a translation loaded it:
    a tenth of ``log import``'s time)."""
    return moment.astimezone(UTC).replace(tzinfo=None).isoformat("T", "microseconds") + "Z"


def _sha(previous: str, payload: Any) -> str:
    return hashlib.sha256((previous + canonical_json(payload)).encode("utf-8")).hexdigest()


def header_digest(uid: str, settings: dict[str, Any], seats: list[dict[str, Any]],
                  started_at: datetime) -> str:
    """The digest a hand's chain starts from."""
    return _sha("", {"format": GENESIS_FORMAT, "uid": uid, "settings": settings,
                     "seats": seats, "started_at": iso_utc(started_at)})


@dataclass(frozen=True, slots=True)
class ChainLink:
    """The fields of one stored event row that its digest covers."""

    seq: int
    kind: str
    seat: int | None
    action: str | None
    card: str | None
    to: int | None
    target_seq: int | None
    by: str
    at: datetime
    reason: str | None

    def payload(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "seat": self.seat, "action": self.action,
                "card": self.card, "to": self.to, "target": self.target_seq, "by": self.by,
                "at": iso_utc(self.at), "reason": self.reason}

    def digest(self, previous: str) -> str:
        return hashlib.sha256((previous + self.canonical()).encode("utf-8")).hexdigest()

    def canonical(self) -> str:
        """``canonical_json(self.payload())``, written directly when every value has its
        usual type (each input of a hand makes one): the same text, key for key."""
        seq, kind, seat, action, card, to, target, by, reason = (
            self.seq, self.kind, self.seat, self.action, self.card, self.to,
            self.target_seq, self.by, self.reason)
        if (seq.__class__ is not int or kind.__class__ is not str
                or by.__class__ is not str or not isinstance(self.at, datetime)
                or (seat is not None and seat.__class__ is not int)
                or (action is not None and action.__class__ is not str)
                or (card is not None and card.__class__ is not str)
                or (to is not None and to.__class__ is not int)
                or (target is not None and target.__class__ is not int)
                or (reason is not None and reason.__class__ is not str)):
            return canonical_json(self.payload())
        return (f'{{"action":{_text(action)},"at":"{iso_utc(self.at)}","by":{_STR(by)},'
                f'"card":{_text(card)},"kind":{_STR(kind)},"reason":{_text(reason)},'
                f'"seat":{_number(seat)},"seq":{seq},"target":{_number(target)},'
                f'"to":{_number(to)}}}')


_STR = json.encoder.encode_basestring
"""The JSON string of a text as :data:`_CANONICAL` writes it (``ensure_ascii=False``)."""


def _text(value: str | None) -> str:
    return "null" if value is None else _STR(value)


def _number(value: int | None) -> str:
    return "null" if value is None else int.__repr__(value)


def first_break(start: str, links: Iterable[tuple[ChainLink, str]], head: str) -> str | None:
    """Checks a chain: ``links`` are (row, stored digest) in seq order. Returns ``None`` when
    it holds, else a plain reason naming the first row that does not."""
    previous = start
    expected_seq = 1
    for link, stored in links:
        if link.seq != expected_seq:
            return f"event {expected_seq} is missing" if link.seq > expected_seq else \
                f"event {link.seq} is out of order"
        made = link.digest(previous)
        if stored and made != stored:
            return f"event {link.seq} was changed" if link.seq > 1 else \
                "the hand's settings, seats or first event were changed"
        previous = stored or made
        expected_seq += 1
    if previous != head:
        return "events at the end were removed" if expected_seq > 1 else \
            "the hand's settings or seats were changed, or its events removed"
    return None
