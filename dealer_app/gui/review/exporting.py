"""The review's exports: the filtered hand list as CSV, hands as americana-hand/1 records,
a hand's or a session's report as PDF. Files are named readably and asked for in the file
dialog; a long export shows its progress and can be cancelled. A rule's refusal (a hand
out of a dealer's scope) is said as a refusal; a failure of the database or the disk in a
warning box."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from dealer_app.gui.review import exports
from dealer_app.gui.review.chart import render_history
from dealer_app.gui.review.files import day, folder_path, readable_name, save_path
from dealer_app.gui.review.models import amount
from dealer_app.gui.review.tasks import run_with_progress
from dealer_app.services import StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.review.parts import Controller


class ReviewExports:
    """The exports of the review window (its controller's part)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.backend = ctl.backend
        self.window = ctl.window

    def say(self, text: str, error: bool = False) -> None:
        self.ctl.say(text, error)

    @property
    def staff_name(self) -> str:
        return self.ctl.staff.name if self.ctl.staff is not None else ""

    def save_name(self, title: str, name: str, pattern: str) -> str:
        """The file to write, asked for in the save dialog ("" if cancelled)."""
        return save_path(self.window, title, name, pattern)

    def export_csv(self) -> int | None:
        path = self.save_name(tr("Export the hand list"), "hands.csv", tr("CSV files (*.csv)"))
        if not path:
            return None
        query = self.ctl.current_query()
        model = self.ctl.model
        written = run_with_progress(
            self.window, tr("Export CSV"), tr("Writing the filtered hand list"),
            lambda p, c: self.backend.write_csv(query, path, sort=model.sort_key,
                                                descending=model.descending,
                                                progress=p, cancel=c))
        if written is None:
            self.say(tr("CSV export cancelled; no file was written."))
        else:
            self.say(tr("{count} hands written to {path}").format(count=amount(written),
                                                                   path=path))
        return written

    def export_records(self) -> list[Path] | None:
        hands = self.ctl.selected_hands()
        if not hands:
            self.say(tr("Select the hands to export."))
            return None
        return self.export_records_of([h.hand_id for h in hands])

    def export_records_of(self, hand_ids: list[int]) -> list[Path] | None:
        folder = folder_path(self.window, tr("Export americana-hand/1 records"))
        if not folder:
            return None
        try:
            written = run_with_progress(
                self.window, tr("Export records"), tr("Writing americana-hand/1 files"),
                lambda p, c: self.backend.export_records(hand_ids, folder, progress=p,
                                                         cancel=c))
        except (StorageError, ServiceError, OSError) as exc:
            self.ctl.say_error(exc, tr("Export failed: {error}"))
            return None
        if written is None:
            self.say(tr("Export cancelled; no file was left behind."))
        else:
            self.say(tr("{count} record(s) written to {folder}").format(count=len(written),
                                                                         folder=folder))
        return written

    def export_hand_pdf(self) -> Path | None:
        hand = self.ctl.need_hand()
        return self.export_hand_pdf_of(hand.hand_id) if hand is not None else None

    def export_hand_pdf_of(self, hand_id: int) -> Path | None:
        try:  # (a hand outside a dealer's scope is refused here, before any file)
            state = self.backend.hand_state(hand_id)
        except (StorageError, ServiceError) as exc:
            self.ctl.say_error(exc, tr("PDF failed: {error}"))
            return None
        name = readable_name(self.backend.table_name(state.table_id), tr("hand"),
                             state.number if state.number is not None else day(state.started_at),
                             suffix="pdf")
        path = self.save_name(tr("Hand report (PDF)"), name, tr("PDF (*.pdf)"))
        if not path:
            return None
        try:
            report = self.backend.hand_report(
                hand_id, by=self.staff_name)
            out = exports.write_hand_pdf(report, path)
        except (StorageError, ServiceError, OSError) as exc:
            self.ctl.say_error(exc, tr("PDF failed: {error}"))
            return None
        self.say(tr("Hand report written to {path}").format(path=out))
        return out

    def export_session_pdf(self, session_id: int) -> Path | None:
        session = self.backend.session(session_id)
        name = readable_name(session.table_name, tr("session"),
                             day(session.opened_at, time=True), suffix="pdf")
        path = self.save_name(tr("Session report (PDF)"), name, tr("PDF (*.pdf)"))
        if not path:
            return None
        report = self.backend.session_report(
            session_id, by=self.staff_name)
        chart = render_history(self.backend.stack_history(session_id), unit=report.currency)
        out = exports.write_session_pdf(report, path, chart)
        self.say(tr("Session report written to {path}").format(path=out))
        return out
