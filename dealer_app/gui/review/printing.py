"""Printing from the review: the hand report and the session report, through the system's
print dialog (a ``QPrintDialog`` on a ``QPrinter``), besides saving them as PDF.

The pages are the PDF's (``exports.render_html``: the same HTML, layout, page numbers and
stack chart), painted on the printer the supervisor chose; the printer and its settings are
kept for the next print from the same window. Cancel prints nothing and says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QImage
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QWidget

from dealer_app.gui.review import exports
from dealer_app.gui.review.chart import render_history
from dealer_app.services import StorageError
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.review.parts import Controller


class ReviewPrinting(QObject):
    """The review controller's print part: :meth:`print_hand` (the selected hand) and
    :meth:`print_session`; each opens the print dialog and prints when it is accepted."""

    def __init__(self, ctl: Controller, parent: QObject) -> None:
        super().__init__(parent)
        self.ctl = ctl
        self.printer: QPrinter | None = None
        """The printer last chosen (None until the first print)."""
        self.dialog: QPrintDialog | None = None
        """The print dialog open now, if any."""
        self.printed = 0
        """Pages sent to the printer by the last print (0: nothing printed)."""

    def _printer(self) -> QPrinter:
        if self.printer is None:
            self.printer = QPrinter(QPrinter.PrinterMode.HighResolution)
            self.printer.setPageLayout(exports.page_layout())  # A4, 15 mm: as the PDF
        return self.printer

    def print_html(self, title: str, html: str, images: dict[str, QImage] | None = None,
                   parent: QWidget | None = None) -> QPrintDialog:
        """Opens the print dialog for ``html``; its pages are printed once it is accepted."""
        printer = self._printer()
        printer.setDocName(title)
        dialog = QPrintDialog(printer, parent or self.ctl.window)
        dialog.setObjectName("printDialog")
        dialog.setWindowTitle(tr("Print {title}").format(title=title))
        self.printed = 0

        def accepted() -> None:
            try:
                self.printed = exports.render_html(html, printer, images)
            except (RuntimeError, OSError) as exc:
                self.ctl.say(tr("Printing failed: {error}").format(error=exc), error=True)
                return
            self.ctl.say(tr("{title} sent to the printer ({pages} page(s))").format(
                title=title, pages=self.printed))

        dialog.accepted.connect(accepted)
        dialog.rejected.connect(
            lambda: self.ctl.say(tr("Printing cancelled; nothing was printed.")))
        dialog.finished.connect(lambda _result: setattr(self, "dialog", None))
        self.dialog = dialog
        QDialog.open(dialog)  # (the stubs want open(receiver, member))
        return dialog

    def _by(self) -> str:
        staff = self.ctl.staff
        return staff.name if staff is not None else ""

    def print_hand(self) -> QPrintDialog | None:
        """Prints the hand selected in the list (after the print dialog)."""
        hand = self.ctl.need_hand()
        if hand is None:
            return None
        try:  # (a hand outside a dealer's scope is refused here)
            report = self.ctl.backend.hand_report(hand.hand_id, by=self._by())
        except StorageError as exc:
            self.ctl.say(tr("Printing failed: {error}").format(error=exc), error=True)
            return None
        return self.print_html(report.title, report.to_html())

    def print_session(self, session_id: int, parent: QWidget | None = None
                      ) -> QPrintDialog | None:
        """Prints the session's report with its stack chart (after the print dialog)."""
        backend = self.ctl.backend
        try:
            report = backend.session_report(session_id, by=self._by())
            chart = render_history(backend.stack_history(session_id), unit=report.currency)
        except StorageError as exc:
            self.ctl.say(tr("Printing failed: {error}").format(error=exc), error=True)
            return None
        html, images = exports.session_html(report, chart)
        return self.print_html(tr("Session {id} report").format(id=session_id), html, images,
                               parent)
