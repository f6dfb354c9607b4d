"""What the review controller's parts (acts, exports, printing, verification) see of it.

:class:`~dealer_app.gui.review.controller.ReviewController` builds the parts and hands each
itself as a :class:`Controller`: the parts import this module, never the controller, so the
controller and its parts do not import each other. mypy checks that the controller fits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from dealer_app.gui.review.backend import ReviewBackend
    from dealer_app.gui.review.hand_detail import HandDetailWindow
    from dealer_app.gui.review.integrity import IntegrityDialog
    from dealer_app.gui.review.models import HandListModel
    from dealer_app.gui.review.view import ReviewView
    from dealer_app.services import HandQuery, HandSummary, SessionInfo, StaffMember

__all__ = ["Controller"]


class Controller(Protocol):
    """The review controller as its parts see it."""

    @property
    def window(self) -> ReviewView: ...

    @property
    def backend(self) -> ReviewBackend:
        """The review's backend, as seen by the signed-in member."""

    @property
    def staff(self) -> StaffMember | None: ...

    @property
    def model(self) -> HandListModel:
        """The list of hands."""

    integrity_dialog: IntegrityDialog | None
    """The integrity check's dialog, once opened."""

    def say(self, text: str, error: bool = False) -> None:
        """The status line."""

    def say_error(self, exc: Exception, failed: str) -> None:
        """A refusal in the status line, a failure in a warning box."""

    def fill_sessions(self) -> None: ...

    def current_query(self) -> HandQuery: ...

    def selected_hands(self) -> list[HandSummary]: ...

    def need_hand(self) -> HandSummary | None:
        """The current hand, or None having said to select one."""

    def need_session(self) -> SessionInfo | None:
        """The session of the filter or of the current hand, or None having said so."""

    def select_hand(self, hand_id: int) -> int | None: ...

    def open_hand(self, hand_id: int) -> HandDetailWindow | None: ...

    def refresh(self) -> None: ...
