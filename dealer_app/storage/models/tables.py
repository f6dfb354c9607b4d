"""The tables, their sessions (a dealer's shift), the players seated and their stack moves."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from dealer_app.storage.models.base import Amount, Base, UTCDateTime
from dealer_app.storage.models.chained import chained


@chained()
class GameTable(Base):
    """A physical table and the settings its hands are played under."""

    __tablename__ = "game_table"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    settings_json: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    currency: Mapped[str] = mapped_column(String(3), default="EUR", server_default="EUR")
    """ISO 4217 code of the currency its amounts are in (minor units), e.g. EUR, SEK."""
    dual_control_above: Mapped[int | None] = mapped_column(Amount)
    """Dual control: a void, stack adjustment or settlement of more than this (minor units)
    needs a second supervisor's PIN. NULL or 0: off (migration 0013)."""
    min_buy_in: Mapped[int | None] = mapped_column(Amount)
    """The smallest buy-in (minor units): a buy-in below it is refused, and so is a rebuy
    that leaves the stack below it. NULL or 0: none (migration 0021)."""
    max_buy_in: Mapped[int | None] = mapped_column(Amount)
    """The largest buy-in: a buy-in above it is refused, and so is a rebuy that takes the
    stack above it. NULL or 0: none (migration 0021)."""


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
    stack: Mapped[int] = mapped_column(Amount)
    sitting_out: Mapped[bool] = mapped_column(Boolean, default=False)
    seated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    left_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    __table_args__ = (
        CheckConstraint("seat BETWEEN 1 AND 6", name="seat"),
        Index("ux_seating_open", "session_id", "seat", unique=True,
              sqlite_where=text("left_at IS NULL"), postgresql_where=text("left_at IS NULL")),
    )


@chained(immutable=True)
class StackMove(Base):
    """A change of a seat's stack: buy-in, rebuy, cash-out, adjustment, or a hand's result.

    ``owed`` is the one kind that is not in the seat's stack: chips a void owes a player who
    had already left (positive: the house owes the player; negative: the player took home
    chips the void took back). It stays in the session and its chip reconciliation."""

    __tablename__ = "stack_move"
    id: Mapped[int] = mapped_column(primary_key=True)
    seating_id: Mapped[int] = mapped_column(ForeignKey("seating.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    amount: Mapped[int] = mapped_column(Amount)
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id"))
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    reason: Mapped[str | None] = mapped_column(Text)
