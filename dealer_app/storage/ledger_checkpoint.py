"""Signing a checkpoint of the ledger: :func:`sign` in the commit's own transaction
(SQLite), :func:`sign_after_commit` in a transaction of its own right after the commit
(PostgreSQL), so that the commit holds the floor's one ledger lock only for its entries.

The second transaction takes no lock: every entry the checkpoint vouches for is committed
by then, and the entry it signs is fixed (a later entry of another station only follows
it). It runs before the caller is told the commit is done ("seal before you say done"); a
connection lost meanwhile is replaced and it runs again (:data:`PAUSES`), the checkpoint
once signed inserted as it is (Ed25519 signs the same message alike: a first insert whose
reply was lost and the second are one checkpoint twice). When it cannot be stored, the
commit stands (the caller has its rows, a cache moved on with them) and the checkpoint is
owed (``Notary.owed``): the next transaction of this process signs it.
"""

from __future__ import annotations

import logging
import time
from contextlib import AbstractContextManager, nullcontext
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert
from sqlalchemy.exc import DBAPIError

from dealer_app.storage.ledger_chain import CHECKPOINTS, ledger_id
from dealer_app.storage.seals import vouch

log = logging.getLogger(__name__)

PAUSES = (0.0, 0.05, 0.1, 0.2, 0.4)
"""Seconds before each attempt of :func:`sign_after_commit` while its connection to the
server breaks (as a dealer's input is tried again, ``services.core.common``)."""


def sign(conn: Connection, notary: Any, known_id: str | None, seq: int, head: str,
         seal: Any, reason: str, now: datetime) -> tuple[Any, str | None]:
    """Signs and inserts the checkpoint of entry ``seq`` (digest ``head``), vouching for
    the entries since the newest checkpoint the notary authenticates (``seal``: the
    commit's own); returns it and the ledger's id (``known_id``, else read)."""
    unvouched = vouch(conn, notary, seq, seal)
    if unvouched:
        notary.problem("unvouched", entries=unvouched)
    signed = notary.sign(seq, head, now, reason, unvouched)
    conn.execute(insert(CHECKPOINTS), signed.row())
    return signed, known_id or ledger_id(conn)


def sign_after_commit(conn: Connection, notary: Any, known_id: str | None, seq: int,
                      head: str, seal: Any, reason: str,
                      now: datetime) -> tuple[Any, str | None] | None:
    """:func:`sign` in a transaction of its own on ``conn`` (idle: its commit is made), or
    on a new connection of its engine once ``conn``'s broke; None (logged, the checkpoint
    owed) when it could not be stored."""
    made: tuple[Any, str | None] | None = None
    for pause in PAUSES:
        time.sleep(pause)
        fresh = conn.invalidated or conn.closed
        try:
            with _connection(conn, fresh) as c, c.begin():
                if made is None:
                    made = sign(c, notary, known_id, seq, head, seal, reason, now)
                else:  # (signed, its commit unknown: the same row again)
                    c.execute(insert(CHECKPOINTS), made[0].row())
            return made
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                log.exception("the checkpoint of ledger entry %d could not be stored: the "
                              "next commit signs it", seq)
                break
            log.info("connection lost while signing the checkpoint of entry %d; again", seq)
        except Exception:
            log.exception("the checkpoint of ledger entry %d could not be signed: the next "
                          "commit signs it", seq)
            break
    else:
        log.error("the checkpoint of ledger entry %d could not be stored (the server is "
                  "away): the next commit signs it", seq)
    notary.owed = reason
    return None


def _connection(conn: Connection, fresh: bool) -> AbstractContextManager[Connection]:
    """``conn`` as it is, or (``fresh``: it broke) a new one of its engine, closed after."""
    return conn.engine.connect() if fresh else nullcontext(conn)
