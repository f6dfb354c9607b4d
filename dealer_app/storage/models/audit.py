"""The audit record: who did what, when and why, with the table, session and hand it touched."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    ForeignKey,
    Index,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from dealer_app.storage.models.base import Base, UTCDateTime
from dealer_app.storage.models.chained import chained


@chained(immutable=True)
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
    __table_args__ = (Index("ix_audit_at", "at"),
                      Index("ix_audit_session_act", "session_id", "act"))
