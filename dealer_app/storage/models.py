"""The database schema as SQLAlchemy 2 typed models.

Changes to these models reach a database only through an Alembic migration
(``dealer_app/storage/migrations/versions``). Amounts are integers (minor units);
times are UTC. Nothing here is ever deleted or rewritten by the app, except the few
cached columns named as such (a seat's ``stack``, a hand's ``status``/``pot``/``rake``/
``corrected``/``head_digest``),
which always follow from the rows that are only ever appended.
Every model marked ``@chained(...)`` joins the evidence ledger (``ledger.py``): each
version of each row is appended there as a digest, and signed checkpoints seal the ledger.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from dealer_app.storage.chained import chained

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A UTC instant stored as a naive timestamp (microseconds) and read back aware."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: storage wants UTC")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


@chained("failed_pins")
class Staff(Base):
    """A dealer or a supervisor. The PIN is kept only as a slow salted hash."""

    __tablename__ = "staff"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    pin_hash: Mapped[str] = mapped_column(String(255))
    failed_pins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    __table_args__ = (CheckConstraint("role IN ('dealer', 'supervisor')", name="role"),)


@chained()
class GameTable(Base):
    """A physical table and the settings its hands are played under."""

    __tablename__ = "game_table"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    settings_json: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


@chained()
class TableSession(Base):
    """A dealer's shift at one table; at most one open session per table."""

    __tablename__ = "table_session"
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"))
    dealer_id: Mapped[int] = mapped_column(ForeignKey("staff.id"))
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    __table_args__ = (
        Index("ux_table_session_open", "table_id", unique=True,
              sqlite_where=text("closed_at IS NULL"),
              postgresql_where=text("closed_at IS NULL")),
    )


@chained()
class Seating(Base):
    """A player in a seat of a session, from sitting down to leaving. ``stack`` is a cache of
    the sum of its :class:`StackMove` rows."""

    __tablename__ = "seating"
    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("table_session.id"))
    seat: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(80))
    stack: Mapped[int] = mapped_column(Integer)
    sitting_out: Mapped[bool] = mapped_column(Boolean, default=False)
    seated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    left_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    __table_args__ = (
        CheckConstraint("seat BETWEEN 1 AND 6", name="seat"),
        Index("ux_seating_open", "session_id", "seat", unique=True,
              sqlite_where=text("left_at IS NULL"), postgresql_where=text("left_at IS NULL")),
    )


@chained()
class StackMove(Base):
    """A change of a seat's stack: buy-in, rebuy, cash-out, adjustment, or a hand's result."""

    __tablename__ = "stack_move"
    id: Mapped[int] = mapped_column(primary_key=True)
    seating_id: Mapped[int] = mapped_column(ForeignKey("seating.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    amount: Mapped[int] = mapped_column(Integer)
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id"))
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    reason: Mapped[str | None] = mapped_column(Text)


@chained("head_digest")
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
    pot: Mapped[int] = mapped_column(Integer, default=0)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    head_digest: Mapped[str] = mapped_column(String(64))
    corrected: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Set once a supervisor corrected an input or undid an input of the completed hand."""
    rake: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    """The engine's rake, written when the hand completes (0 otherwise)."""
    __table_args__ = (
        UniqueConstraint("table_id", "number", name="uq_hand_table_number"),
        CheckConstraint("status IN ('in-progress', 'complete', 'void')", name="status"),
        Index("ix_hand_session_status", "session_id", "status"),
        Index("ix_hand_started_at", "started_at"),
        Index("ix_hand_status_started_at", "status", "started_at"),
        Index("ix_hand_dealer_started_at", "dealer_id", "started_at"),
        Index("ix_hand_corrected", "corrected"),
        Index("ix_hand_pot", "pot"),
        Index("ix_hand_table_started_at", "table_id", "started_at"),
        Index("ix_hand_session_started_at", "session_id", "started_at"),
    )


@chained()
class HandPlayer(Base):
    """A player dealt into a hand, for searching by player and writing back the result."""

    __tablename__ = "hand_player"
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(80))
    seating_id: Mapped[int | None] = mapped_column(ForeignKey("seating.id"))
    stack_before: Mapped[int] = mapped_column(Integer)
    stack_after: Mapped[int | None] = mapped_column(Integer)
    __table_args__ = (
        Index("ix_hand_player_player_hand", "player", "hand_id"),
        Index("ix_hand_player_lower_player", func.lower(text("player"))),
    )


@chained()
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
    to_amount: Mapped[int | None] = mapped_column(Integer)
    target_seq: Mapped[int | None] = mapped_column(Integer)
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    staff_name: Mapped[str] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    reason: Mapped[str | None] = mapped_column(Text)
    digest: Mapped[str] = mapped_column(String(64))
    __table_args__ = (
        UniqueConstraint("hand_id", "seq", name="uq_hand_event_hand_seq"),
        CheckConstraint("kind IN ('input', 'undo', 'void', 'correct')", name="kind"),
    )


@chained()
class AuditEntry(Base):
    """Every act that is not a hand input: who, when (UTC), what, why."""

    __tablename__ = "audit"
    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    staff_name: Mapped[str] = mapped_column(String(80))
    act: Mapped[str] = mapped_column(String(40))
    reason: Mapped[str | None] = mapped_column(Text)
    detail_json: Mapped[str] = mapped_column(Text, default="{}")
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_table.id"))
    session_id: Mapped[int | None] = mapped_column(ForeignKey("table_session.id"))
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id"))
    __table_args__ = (Index("ix_audit_at", "at"),)


class LedgerEntry(Base):
    """One link of the evidence ledger: a version of a row of a chained table (its digest;
    ``deleted`` when the row was removed), chained to the entry before it. See ``ledger.py``.
    """

    __tablename__ = "ledger"
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    tbl: Mapped[str] = mapped_column(String(40))
    k1: Mapped[int] = mapped_column(BigInteger)
    k2: Mapped[int] = mapped_column(Integer, default=0)
    row_digest: Mapped[str] = mapped_column(String(64))
    digest: Mapped[str] = mapped_column(String(64))
    __table_args__ = (Index("ix_ledger_row", "tbl", "k1", "k2", "seq"),)


class Checkpoint(Base):
    """The ledger's head (``seq``, ``digest``) signed with a workstation's Ed25519 key, which
    never enters the database (``notary.py``)."""

    __tablename__ = "checkpoint"
    id: Mapped[int] = mapped_column(primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    digest: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    reason: Mapped[str] = mapped_column(String(80))
    key_id: Mapped[str] = mapped_column(String(16))
    public_key: Mapped[str] = mapped_column(String(64))
    signature: Mapped[str] = mapped_column(String(128))
    __table_args__ = (Index("ix_checkpoint_seq", "seq"),)
