"""The evidence fingerprint a printed report carries, so a paper copy can be matched to the
log it was made from.

``evidence_fingerprint(db, session_id=None) -> Fingerprint``: the newest *signed checkpoint*
of the evidence ledger (``storage/notary.py``: ``log verify`` finds it again by its sequence
number and digest, and checks its signature), and the *chain heads* digest: SHA-256 over
every hand's head digest (the last link of its tamper-evident chain, ``storage/chain.py``),
in hand id order, one ``<uid>:<head digest>`` line per hand; for one session only, or for the
whole log. A hand changed outside the app, added or removed changes the chain heads.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from dealer_app.storage.database import Database
from dealer_app.storage.models import HandRow
from dealer_app.text import thousands, tr, tr_noop

KIND_CHAIN_HEADS = tr_noop("chain heads (SHA-256)")


@dataclass(frozen=True, slots=True)
class Fingerprint:
    kind: str
    """What it is: ``chain heads (SHA-256)`` (later: a signed checkpoint), in English:
    shown through :func:`tr`."""
    digest: str
    """The full hex digest."""
    hands: int
    """How many hands it covers."""
    taken_at: datetime
    checkpoint: str = ""
    """The newest signed checkpoint (``#seq xxxx-xxxx-xxxx-xxxx, key K``), if any."""

    @property
    def short(self) -> str:
        """The first 32 hex digits in groups of four: easy to read out and compare."""
        head = self.digest[:32]
        return " ".join(head[i:i + 4] for i in range(0, len(head), 4))

    def describe(self) -> str:
        fields = dict(kind=tr(self.kind), hands=thousands(self.hands), short=self.short)
        if self.checkpoint:
            return tr("signed checkpoint {checkpoint}; {kind} over {hands} hand(s): {short}"
                      ).format(checkpoint=self.checkpoint, **fields)
        return tr("{kind} over {hands} hand(s): {short}").format(**fields)


def evidence_fingerprint(db: Database, session_id: int | None = None) -> Fingerprint:
    """The fingerprint of the log (or of one session's hands) as it stands now."""
    stmt = select(HandRow.uid, HandRow.head_digest).order_by(HandRow.id)
    if session_id is not None:
        stmt = stmt.where(HandRow.session_id == session_id)
    sha = hashlib.sha256()
    count = 0
    with db.read() as s:
        for uid, head in s.execute(stmt):
            sha.update(f"{uid}:{head}\n".encode())
            count += 1
    from dealer_app.services.log import fingerprint as newest_checkpoint

    signed = newest_checkpoint(db)
    return Fingerprint(kind=KIND_CHAIN_HEADS, digest=sha.hexdigest(), hands=count,
                       taken_at=db.now(),
                       checkpoint="" if signed is None else tr("{checkpoint}, key {key}").format(
                           checkpoint=signed.short, key=signed.key_id))
