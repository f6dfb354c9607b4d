"""The statements of the common path of ``HandService.record_input`` (see
``hands.py``'s ``_record_cached``), built once at import, and the id a new input gets."""

from __future__ import annotations

import os
from typing import Any, cast

from sqlalchemy import Table, bindparam, insert, select, update

from dealer_app.storage.models import HandEvent, HandRow

_HAND_TABLE = cast(Table, HandRow.__table__)
_HAND = _HAND_TABLE.c
_EVENT_TABLE = cast(Table, HandEvent.__table__)
_EVENT = _EVENT_TABLE.c
STORED_INPUT = select(_EVENT.hand_id).where(_EVENT.input_id == bindparam("input_id"))
"""Whether an input of this id is stored already (settles a commit whose reply was lost)."""
_HEAD_IS = (_HAND.id == bindparam("hand_id"), _HAND.head_digest == bindparam("head"),
            _HAND.status == bindparam("was_status"))
MOVE_HEAD = (update(_HAND_TABLE).where(*_HEAD_IS)
             .values(head_digest=bindparam("digest"), pot=bindparam("pot")))
MOVE_HEAD_ONLY = update(_HAND_TABLE).where(*_HEAD_IS).values(head_digest=bindparam("digest"))
"""The hand's chain head moved on only from the head the cache holds, the hand still in
progress: one statement locks the row, proves the cache current and writes the new head
(no row read first). A card leaves the pot as it is: the pot's index is then not
rewritten."""
EVENT_COLUMNS = ("hand_id", "seq", "kind", "seat", "action", "card", "to_amount",
                 "target_seq", "staff_id", "staff_name", "at", "reason", "digest", "input_id")
"""The columns of an input's ``hand_event`` row that it writes (its id is the database's)."""


def _move_then_insert(with_pot: bool) -> Any:
    """PostgreSQL: :data:`MOVE_HEAD` (or :data:`MOVE_HEAD_ONLY`) and the event's insert in
    one statement, one round trip: the event is inserted only if the head moved (a row of
    ``moved``); returns its id, or no row when the cache is behind. Its binds are the
    move's names with ``m_``, the event's columns with ``e_``."""
    moving: dict[str, Any] = {"head_digest": bindparam("m_digest")}
    if with_pot:
        moving["pot"] = bindparam("m_pot")
    moved = (update(_HAND_TABLE)
             .where(_HAND.id == bindparam("m_hand_id"), _HAND.head_digest == bindparam("m_head"),
                    _HAND.status == bindparam("m_was_status"))
             .values(**moving).returning(_HAND.id).cte("moved"))
    values = select(*(bindparam(f"e_{name}", type_=_EVENT[name].type)
                      for name in EVENT_COLUMNS)).select_from(moved)
    return (insert(_EVENT_TABLE).from_select(list(EVENT_COLUMNS), values)
            .returning(_EVENT.id))


MOVE_AND_INSERT = {MOVE_HEAD: _move_then_insert(True), MOVE_HEAD_ONLY: _move_then_insert(False)}
"""By the move an input makes: the move and the event's insert as one statement."""


def new_input_id() -> str:
    """A new input's id: a random (version 4) UUID as ``str(uuid.uuid4())`` writes it, made
    without the ``UUID`` object (a tenth of the Python work of recording an input)."""
    raw = bytearray(os.urandom(16))
    raw[6] = raw[6] & 0x0F | 0x40  # version 4
    raw[8] = raw[8] & 0x3F | 0x80  # the RFC 4122 variant
    h = raw.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
