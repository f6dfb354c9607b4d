"""The floor supervisor's window: the hand log browser with its filters, and the acts,
checks, reports and exports reached from it.

:class:`ReviewWindow` is the view (:mod:`.view`, its widgets) with its controller
(:mod:`.controller`, and the controller's parts :mod:`.acts`, :mod:`.exporting` and
:mod:`.verification`); the integrity verdict is :mod:`.integrity`, the go-to box's text
:mod:`.go_to`. The window's own methods hand each request to the part that does it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QWidget

from dealer_app.gui.review.audit import AuditDialog
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.captions import when
from dealer_app.gui.review.controller import NO_SESSION, ReviewController
from dealer_app.gui.review.dialogs import SupervisorActDialog
from dealer_app.gui.review.files import folder_path, save_path
from dealer_app.gui.review.go_to import GO_TO_HINT, parse_go_to
from dealer_app.gui.review.hand_detail import HandDetailWindow
from dealer_app.gui.review.history import PlayerHistoryDialog
from dealer_app.gui.review.integrity import IntegrityDialog
from dealer_app.gui.review.printing import ReviewPrinting
from dealer_app.gui.review.report import SessionReportDialog
from dealer_app.gui.review.style import apply_style
from dealer_app.gui.review.view import CORRECTED, DEFAULT_SIZE, STATUS_CHOICES, ReviewView
from dealer_app.services import HandQuery, HandSummary, SessionInfo, StaffMember, VerifyReport

__all__ = [
    "CORRECTED", "DEFAULT_SIZE", "GO_TO_HINT", "NO_SESSION", "STATUS_CHOICES",
    "IntegrityDialog", "ReviewWindow", "folder_path", "parse_go_to", "save_path", "when",
]


class ReviewWindow(ReviewView):
    """All hands across tables and sessions, filtered and sorted by the services.

    A supervisor sees every hand and every act; a dealer (``staff`` with the dealer role)
    sees only the hands of the open session they deal, and no supervisor button."""

    def __init__(self, backend: ReviewBackend, staff: StaffMember | None = None,
                 parent: QWidget | None = None, *, settings: QSettings | None = None) -> None:
        super().__init__(parent, settings=settings)
        self.controller = ReviewController(self, backend, staff)
        apply_style(self)
        self.restore_size()
        self.controller.apply_filters()

    # ------------------------------------------------------------------ the controller's state
    @property
    def backend(self) -> ReviewBackend:
        return self.controller.backend

    @property
    def staff(self) -> StaffMember | None:
        return self.controller.staff

    @property
    def restricted(self) -> bool:
        return self.controller.restricted

    @property
    def own_session(self) -> SessionInfo | None:
        return self.controller.own_session

    @property
    def printing(self) -> ReviewPrinting:
        return self.controller.printing

    @property
    def details(self) -> dict[int, HandDetailWindow]:
        return self.controller.details

    @property
    def report_dialog(self) -> SessionReportDialog | None:
        return self.controller.report_dialog

    @property
    def integrity_dialog(self) -> IntegrityDialog | None:
        return self.controller.integrity_dialog

    @property
    def audit_dialog(self) -> AuditDialog | None:
        return self.controller.audit_dialog

    @property
    def history_dialog(self) -> PlayerHistoryDialog | None:
        return self.controller.history_dialog

    @property
    def debounce(self) -> QTimer:
        return self.controller.debounce

    @property
    def last_load_ms(self) -> float:
        return self.controller.last_load_ms

    # ------------------------------------------------------------------ the list
    def current_query(self) -> HandQuery:
        return self.controller.current_query()

    def apply_filters(self) -> None:
        self.controller.apply_filters()

    def schedule_filters(self) -> None:
        self.controller.schedule_filters()

    def clear_filters(self) -> None:
        self.controller.clear_filters()

    def _header_clicked(self, column: int) -> None:
        self.controller.header_clicked(column)

    def refresh(self) -> None:
        self.controller.refresh()

    def selected_hands(self) -> list[HandSummary]:
        return self.controller.selected_hands()

    def current_hand(self) -> HandSummary | None:
        return self.controller.current_hand()

    def say_error(self, exc: Exception, failed: str) -> None:
        self.controller.say_error(exc, failed)

    # ------------------------------------------------------------------ hands
    def focus_go_to(self) -> None:
        self.controller.focus_go_to()

    def find_hand(self, text: str) -> HandSummary:
        return self.controller.find_hand(text)

    def select_hand(self, hand_id: int) -> int | None:
        return self.controller.select_hand(hand_id)

    def go_to(self, text: str | None = None, *, open_it: bool = True) -> HandSummary | None:
        return self.controller.go_to(text, open_it=open_it)

    def open_selected(self) -> None:
        self.controller.open_selected()

    def open_hand(self, hand_id: int) -> HandDetailWindow | None:
        return self.controller.open_hand(hand_id)

    def show_player_history(self) -> PlayerHistoryDialog:
        return self.controller.show_player_history()

    def show_audit(self) -> AuditDialog | None:
        return self.controller.show_audit()

    def show_session_report(self) -> SessionReportDialog | None:
        return self.controller.show_session_report()

    # ------------------------------------------------------------------ acts
    def run_act(self, dialog: SupervisorActDialog) -> bool:
        return self.controller.acts.run_act(dialog)

    def void_selected(self) -> None:
        self.controller.acts.void_selected()

    def void_hand(self, hand_id: int) -> None:
        self.controller.acts.void_hand(hand_id)

    def adjust_stack(self, session_id: int | None = None) -> None:
        self.controller.acts.adjust_stack(session_id)

    def close_session(self, session_id: int | None = None) -> None:
        self.controller.acts.close_session(session_id)

    def settle_owed(self, session_id: int) -> None:
        self.controller.acts.settle_owed(session_id)

    # ------------------------------------------------------------------ checks and exports
    def verify_log(self) -> VerifyReport:
        return self.controller.verification.verify_log()

    def export_csv(self) -> int | None:
        return self.controller.exports.export_csv()

    def export_records(self) -> list[Path] | None:
        return self.controller.exports.export_records()

    def export_records_of(self, hand_ids: list[int]) -> list[Path] | None:
        return self.controller.exports.export_records_of(hand_ids)

    def export_hand_pdf(self) -> Path | None:
        return self.controller.exports.export_hand_pdf()

    def export_hand_pdf_of(self, hand_id: int) -> Path | None:
        return self.controller.exports.export_hand_pdf_of(hand_id)

    def export_session_pdf(self, session_id: int) -> Path | None:
        return self.controller.exports.export_session_pdf(session_id)
