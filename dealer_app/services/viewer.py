"""Who is looking: the review's scope as data, checked by the queries themselves.

A :class:`Viewer` is handed to :meth:`ReviewQueries.seen_by`; every query of the scoped
object (lists, counts, go-to, a player's history, one hand, its report and record, the
sessions and their reports, the audit) keeps to what the viewer may see. A supervisor (or
the command line, which has no one signed in) sees everything; a dealer sees the hands of
the sessions they deal that are open, and no audit record.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_app.services.core.types import StaffMember


@dataclass(frozen=True, slots=True)
class Viewer:
    """``dealer_id`` None: sees everything; else only that dealer's open sessions."""

    dealer_id: int | None = None
    name: str = ""

    @classmethod
    def of(cls, member: StaffMember | None) -> Viewer:
        """The scope of ``member``'s role (None: nobody signed in, the command line)."""
        if member is None or member.is_supervisor:
            return EVERYTHING
        return cls(dealer_id=member.id, name=member.name)

    @property
    def restricted(self) -> bool:
        return self.dealer_id is not None


EVERYTHING = Viewer()
"""A supervisor's (or the command line's) scope: every hand, session and audit row."""
