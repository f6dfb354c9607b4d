"""The floor supervisor's review window (PySide6).

- ``backend``: the only module here that calls the services.
- ``models``: Qt table models — the paged hand list, a hand's log; ``report_models``: the
  session report's, the audit record's and a player's history's.
- ``window``: the hand log browser, ``ReviewWindow``: the view (``view``, its widgets) with
  its controller (``controller``: filters, sorting, go to, open hands) and the controller's
  parts ``acts`` (void, adjust, close a session, settle owed chips), ``exporting`` (CSV,
  records, PDFs), ``printing`` and ``verification`` (the integrity check, its verdict in
  ``integrity``), which see the controller through ``parts``; ``go_to`` reads the go-to box.
- ``hand_detail``: one hand in detail, with its step replay (``replay``: the dealer window's
  table view).
- ``dialogs``: supervisor acts behind name, PIN and reason (the base, void, sign-in);
  ``session_dialogs``: adjust a stack, close a session, settle owed chips; ``correction``:
  correct one input of a hand.
- ``report``: the session report with its chip reconciliation and stacks chart (``chart``).
- ``exports``: PDF output; ``tasks``: cancellable progress; ``style``: the look.

Qt-free figures and files come from :mod:`dealer_app.services.reports`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from dealer_app.services import StaffMember

__all__ = ["open_review_window"]


def open_review_window(backend_or_db: Any, staff: StaffMember | None = None,
                       parent: QWidget | None = None) -> QWidget:
    """Opens and shows the review window on ``backend_or_db`` (the dealer window's backend,
    ``Services``, a ``Database``, or a database URL) for ``staff``; returns the window."""
    from dealer_app.gui.review.backend import ReviewBackend
    from dealer_app.gui.review.window import ReviewWindow

    window = ReviewWindow(ReviewBackend.from_any(backend_or_db), staff, parent)
    window.show()
    return window
