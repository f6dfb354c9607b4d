"""An anchor line lost to a crash, written again at the next start.

A checkpoint's anchor line is written just after its commit (``notary.Notary.signed``): an
app killed or a workstation losing power between the two leaves the database with a
checkpoint its own anchor file does not hold, and ``log verify`` would report the newest
checkpoint "missing from the anchor file" for ever after. At the next start the station
writes that line itself, when the gap is exactly that: its anchor file (of this database,
at this place) ends with the checkpoint its key signed just before, and the one missing is
its key's newest, after that one and signed by it. Nothing else is written again: two
lines or more missing, a line edited, a checkpoint another key signed, a copy's file, all
stay findings. Writing the line hides nothing either: the checkpoint is in the database,
signed, and the anchor file then says what the database says.
"""

from __future__ import annotations

import logging

from sqlalchemy import Connection, select

from dealer_app.storage.ledger import last_anchor_line
from dealer_app.storage.ledger_chain import CHECKPOINTS, ledger_id
from dealer_app.storage.notary import Notary, SignedCheckpoint

log = logging.getLogger(__name__)


def recover_newest_line(conn: Connection, notary: Notary, location: str | None) -> int | None:
    """Writes the anchor line of this key's newest checkpoint if a crash lost it (see the
    module's text); the checkpoint's entry number, or None when nothing was missing."""
    ident = ledger_id(conn)
    if ident is None:
        return None
    path = notary.anchor_file(ident)
    if path is None or not path.exists():
        return None
    rows = conn.execute(select(CHECKPOINTS).where(CHECKPOINTS.c.key_id == notary.key_id)
                        .order_by(CHECKPOINTS.c.id.desc()).limit(2)).all()
    if len(rows) < 2:
        return None
    newest, before = (SignedCheckpoint.of_row(row) for row in rows)
    last = last_anchor_line(path)
    if last is None or last[:2] != (before.seq, before.digest) or newest.seq <= before.seq \
            or last[2] not in (None, location) or not newest.holds_under(notary.public_key):
        return None
    log.warning("the anchor file %s lacked checkpoint #%d, this workstation's newest (the app "
                "stopped between its commit and its anchor line): its line is written now",
                path, newest.seq)
    notary.signed(newest, ident, location)
    return newest.seq
