"""The audit record as the review lists it: each row's kind (``audit_kind``, one of
``AUDIT_KINDS``) and what it touched, in words (``AuditLine``, ``hand_place``)."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_app.services.core.types import AuditRecord
from dealer_app.text import thousands, tr


def hand_place(table: str | None, number: int | None, hand_id: int) -> str:
    """``Table 4 hand 10,131`` (``hand id 7`` when the table or the number is unknown)."""
    if table and number is not None:
        return tr("{table} hand {number}").format(table=table, number=thousands(number))
    return tr("hand id {id}").format(id=hand_id)


AUDIT_KINDS = ("supervisor act", "sign-in", "refused", "lockout", "unlock", "other")
SUPERVISOR_ACTS = frozenset({
    "supervisor-authorised", "void-hand", "correct-input", "undo-complete-hand",
    "adjustment", "close-session", "change-settings", "add-staff", "change-dealer",
    "reset-pin", "settle-owed"})


def audit_kind(act: str) -> str:
    """The kind of an audit act, one of ``AUDIT_KINDS``."""
    if "unlock" in act:
        return "unlock"
    if "locked" in act or "lockout" in act:
        return "lockout"
    if act in ("wrong-pin",) or "refused" in act or "denied" in act:
        return "refused"
    if act in ("sign-in", "signed-in") or "sign-in" in act:
        return "sign-in"
    if act in SUPERVISOR_ACTS or act.startswith("supervisor"):
        return "supervisor act"
    return "other"


@dataclass(frozen=True, slots=True)
class AuditLine:
    """One audit row with what it touched, in words."""

    record: AuditRecord
    table: str | None
    hand_number: int | None
    role: str | None

    @property
    def kind(self) -> str:
        return audit_kind(self.record.act)

    @property
    def touched(self) -> str:
        """``Table 4 hand 10,131`` / ``session 12`` / ``hand id 7`` / empty."""
        r = self.record
        parts = []
        if r.hand_id is not None:
            parts.append(hand_place(self.table, self.hand_number, r.hand_id))
        elif self.table:
            parts.append(self.table)
        if r.session_id is not None:
            parts.append(tr("session {id}").format(id=r.session_id))
        return " · ".join(parts)

    @property
    def detail_text(self) -> str:
        return ", ".join(f"{k}: {v}" for k, v in self.record.detail.items())
