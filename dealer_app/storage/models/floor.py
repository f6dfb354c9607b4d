"""The floor: which station holds a table (its lease), the waiting lists, the dealers'
shifts, the floor's watch and its calls."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from dealer_app.storage.models.base import Amount, Base, UTCDateTime
from dealer_app.storage.models.chained import chained


class TableLease(Base):
    """Which workstation records into a table (operational, not a fact of the log): one row
    per table, taken when a table is opened, renewed by a heartbeat and by every input, and
    expired when its heartbeat is older than the lease time (a crashed workstation)."""

    __tablename__ = "table_lease"
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"), primary_key=True)
    workstation: Mapped[str] = mapped_column(String(64))
    """A random id per running window (a new one at each start)."""
    host: Mapped[str] = mapped_column(String(255))
    """For people: the computer's name and process id."""
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    staff_name: Mapped[str] = mapped_column(String(80))
    acquired_at: Mapped[datetime] = mapped_column(UTCDateTime())
    heartbeat_at: Mapped[datetime] = mapped_column(UTCDateTime())


@chained()
class WaitingEntry(Base):
    """A player on the waiting list of a game (structure and ante), from joining to being
    seated, marked a no-show or taken off. Each step fills its columns once (and is also
    an audit row); an entry is active while none of ``seated_at``, ``no_show_at`` and
    ``removed_at`` is set."""

    __tablename__ = "waiting_entry"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    structure: Mapped[str] = mapped_column(String(16))
    ante: Mapped[int] = mapped_column(BigInteger)
    player: Mapped[str] = mapped_column(String(80))
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime())
    joined_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    called_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    called_table_id: Mapped[int | None] = mapped_column(ForeignKey("game_table.id"))
    called_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    seated_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    seated_table_id: Mapped[int | None] = mapped_column(ForeignKey("game_table.id"))
    no_show_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    removed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    removed_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    removal: Mapped[str | None] = mapped_column(Text)
    """Why the entry was taken off (or marked a no-show)."""
    chips: Mapped[int | None] = mapped_column(Amount)
    """A player moving from another table (migration 0021): the chips they carry, which
    left ``from_seating_id`` by a ``move-out`` and arrive by a ``move-in`` when seated at
    ``called_table_id``. NULL: an ordinary waiting player."""
    from_seating_id: Mapped[int | None] = mapped_column(Integer)
    """The seating (``seating.id``) the moving player's chips left (no foreign key: SQLite
    cannot add one to a table in place)."""
    __table_args__ = (Index("ix_waiting_entry_game", "structure", "ante", "joined_at"),)


@chained(immutable=True)
class DealerShiftEvent(Base):
    """One event of a dealer's shift, written once: ``clock-in``, ``clock-out``, ``break``
    (``minutes``: how long the break is planned), ``back``; and ``push-every`` (the floor's
    rotation setting: a push every ``minutes``; no ``staff_id``). Each is also an audit row.
    Who deals a table stays the session's (a push is a ``change-dealer``)."""

    __tablename__ = "dealer_shift_event"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    kind: Mapped[str] = mapped_column(String(16))
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    by_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    minutes: Mapped[int | None] = mapped_column(Integer)
    __table_args__ = (
        CheckConstraint("kind IN ('clock-in', 'clock-out', 'break', 'back', 'push-every')",
                        name="kind"),
        Index("ix_dealer_shift_event_at", "at"),
    )


class FloorWatch(Base):
    """An open floor view (operational, not a fact of the log): one row per running floor
    view, renewed by a heartbeat like a table's lease, so a dealer's window can tell whether
    anybody watches the calls."""

    __tablename__ = "floor_watch"
    station: Mapped[str] = mapped_column(String(64), primary_key=True)
    """A random id per running floor view."""
    host: Mapped[str] = mapped_column(String(255))
    staff_name: Mapped[str] = mapped_column(String(80))
    """The supervisor signed in there, or empty."""
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    heartbeat_at: Mapped[datetime] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    __table_args__ = (Index("ix_floor_watch_heartbeat", "heartbeat_at"),)


@chained()
class FloorCall(Base):
    """A dealer's call to the floor (a dispute, chips, a player, a hole-card mismatch) and
    how a supervisor answered it. Each step is also an audit row (``call-floor``,
    ``acknowledge-call``, ``resolve-call``); the acknowledged/resolved columns are filled
    once each, never rewritten."""

    __tablename__ = "floor_call"
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"))
    session_id: Mapped[int | None] = mapped_column(ForeignKey("table_session.id"))
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id"))
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    dealer_name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    acknowledged_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    acknowledged_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    acknowledged_name: Mapped[str | None] = mapped_column(String(80))
    resolved_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    resolved_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    resolved_name: Mapped[str | None] = mapped_column(String(80))
    resolution: Mapped[str | None] = mapped_column(Text)
    __table_args__ = (
        CheckConstraint("kind IN ('mismatch', 'dispute', 'chips', 'player', 'other')",
                        name="kind"),
        Index("ix_floor_call_table_created", "table_id", "created_at"),
        Index("ix_floor_call_session", "session_id"),
        Index("ix_floor_call_resolved_at", "resolved_at"),
    )
