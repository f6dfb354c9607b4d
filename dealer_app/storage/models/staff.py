"""The staff accounts: name, role, PIN hash and the sign-in throttle."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Integer,
    String,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from dealer_app.storage.models.base import Base, UTCDateTime
from dealer_app.storage.models.chained import chained


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
    lockouts: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    """Locks in a row (operational): each lock lasts twice the one before, until a right PIN
    or a supervisor's unlock."""
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    pin_change_due: Mapped[bool | None] = mapped_column(Boolean)
    """True: the PIN no longer fits today's rule (an older, shorter supervisor PIN): no
    supervisor act until it is changed (migration 0013). NULL: nothing due."""
    locked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """When 100 wrong PINs in a row locked the account (until a supervisor unlocks it or
    ``staff recover``); NULL: not locked. ``locked_until`` is the throttle: the next try is
    not checked before it."""
    __table_args__ = (CheckConstraint("role IN ('dealer', 'supervisor')", name="role"),)
