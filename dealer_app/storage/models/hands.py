"""The hands: a hand's row (its settings, seats and cached results), its players and its
log of events."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from dealer_app.storage.models.base import Amount, Base, UTCDateTime
from dealer_app.storage.models.chained import chained
from dealer_app.storage.models.search_key import search_key


@chained("head_digest", "pot")
class HandRow(Base):
    """One hand: the settings and seats it was dealt with, and the head of its event chain.
    ``status``, ``pot``, ``ended_at`` and ``head_digest`` follow from its events."""

    __tablename__ = "hand"
    id: Mapped[int] = mapped_column(primary_key=True)
    uid: Mapped[str] = mapped_column(String(36), unique=True)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_table.id"))
    session_id: Mapped[int | None] = mapped_column(ForeignKey("table_session.id"))
    number: Mapped[int | None] = mapped_column(Integer)
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    origin: Mapped[str] = mapped_column(String(16), default="app")
    settings_json: Mapped[str] = mapped_column(Text)
    seats_json: Mapped[str] = mapped_column(Text)
    meta_json: Mapped[str] = mapped_column(Text, default="{}")
    status: Mapped[str] = mapped_column(String(16))
    pot: Mapped[int] = mapped_column(Amount, default=0)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    head_digest: Mapped[str] = mapped_column(String(64))
    corrected: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Set once a supervisor corrected an input or undid an input of the completed hand."""
    rake: Mapped[int] = mapped_column(Amount, default=0, server_default=text("0"))
    """The engine's rake, written when the hand completes (0 otherwise)."""
    content_digest: Mapped[str | None] = mapped_column(String(64))
    """An imported hand's identity: SHA-256 of its record without ``meta`` (None for hands
    dealt in the app); unique, so a record imported twice is stored once."""
    __table_args__ = (
        UniqueConstraint("table_id", "number", name="uq_hand_table_number"),
        Index("ux_hand_content_digest", "content_digest", unique=True),
        CheckConstraint("status IN ('in-progress', 'complete', 'void')", name="status"),
        Index("ix_hand_session_status", "session_id", "status"),
        Index("ix_hand_started_at", "started_at"),
        Index("ix_hand_status_started_at", "status", "started_at"),
        Index("ix_hand_dealer_started_at", "dealer_id", "started_at"),
        Index("ix_hand_corrected", "corrected"),
        Index("ix_hand_pot", "pot"),
        Index("ix_hand_table_started_at", "table_id", "started_at"),
        Index("ix_hand_session_started_at", "session_id", "started_at"),
        Index("ix_hand_status", "status"),
        Index("ix_hand_number", "number"),
        Index("ix_hand_table", "table_id"),
    )


def _player_key(context: Any) -> str:
    return search_key(str(context.get_current_parameters()["player"]))


@chained()
class HandPlayer(Base):
    """A player dealt into a hand, for searching by player and writing back the result.
    ``player_key`` is :func:`search_key` of ``player`` (filled on insert), which substring
    searches compare."""

    __tablename__ = "hand_player"
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(80))
    player_key: Mapped[str] = mapped_column(String(80), default=_player_key,
                                            server_default=text("''"))
    seating_id: Mapped[int | None] = mapped_column(ForeignKey("seating.id"))
    stack_before: Mapped[int] = mapped_column(Amount)
    stack_after: Mapped[int | None] = mapped_column(Amount)
    __table_args__ = (
        Index("ix_hand_player_player_hand", "player", "hand_id"),
        Index("ix_hand_player_lower_player", func.lower(text("player"))),
        Index("ix_hand_player_key_hand", "player_key", "hand_id"),
    )


@chained(immutable=True)
class HandEvent(Base):
    """One appended row of a hand's log: an input, an undo of an earlier input, a
    supervisor's correction of an earlier input (``target_seq``; the replacement event in
    ``seat``/``action``/``card``/``to_amount``, or no action: struck), or a void.
    ``digest`` = SHA-256(previous digest + canonical JSON of this row), see ``chain.py``."""

    __tablename__ = "hand_event"
    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer)
    action: Mapped[str | None] = mapped_column(String(16))
    card: Mapped[str | None] = mapped_column(String(8))
    to_amount: Mapped[int | None] = mapped_column(Amount)
    target_seq: Mapped[int | None] = mapped_column(Integer)
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    staff_name: Mapped[str] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    reason: Mapped[str | None] = mapped_column(Text)
    digest: Mapped[str] = mapped_column(String(64))
    input_id: Mapped[str | None] = mapped_column(String(36))
    """The id the dealer's station chose for the input (a UUID; NULL for rows of other
    kinds and rows written before 0015): a retried commit is settled by it, never stored
    twice. Last in the model, so older rows' format 2 digests stay valid."""
    __table_args__ = (
        UniqueConstraint("hand_id", "seq", name="uq_hand_event_hand_seq"),
        CheckConstraint("kind IN ('input', 'undo', 'void', 'correct')", name="kind"),
        Index("ux_hand_event_input_id", "input_id", unique=True,
              sqlite_where=text("input_id IS NOT NULL"),
              postgresql_where=text("input_id IS NOT NULL")),
    )
