"""The review's integrity check: every digest chain checked (with progress, cancellable),
the verdict in its dialog, the changed hands marked in the list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_app.gui.review.integrity import IntegrityDialog
from dealer_app.gui.review.models import amount
from dealer_app.gui.review.style import apply_style
from dealer_app.gui.review.tasks import run_with_progress
from dealer_app.services import VerifyReport
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.review.parts import Controller


class Verification:
    """The integrity check of the review window (its controller's part)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.backend = ctl.backend

    def verify_log(self) -> VerifyReport:
        ctl = self.ctl
        report = run_with_progress(ctl.window, tr("Log integrity"),
                                   tr("Checking every hand's digest chain"),
                                   lambda p, c: self.backend.verify(progress=p, cancel=c))
        names = self.backend.hand_names(b.hand_id for b in report.broken if b.hand_id)
        dialog = IntegrityDialog(report, ctl.window, names=names)
        apply_style(dialog)
        dialog.open_hand.connect(self.open_failing)
        ctl.integrity_dialog = dialog
        dialog.show()
        ctl.model.set_problems({b.hand_id: b.reason for b in report.broken})
        status_line = ctl.window.status_line
        if report.cancelled:
            status_line.setText(
                tr("Integrity check cancelled: not a verdict; {changed} changed so far").format(
                    changed=amount(len(report.broken))) if report.broken
                else tr("Integrity check cancelled: not a verdict"))
        elif report.broken:
            hands = len({b.hand_id for b in report.broken if b.hand_id})
            status_line.setText(
                tr("{hands} hand(s) and {findings} finding(s) changed outside the app").format(
                    hands=amount(hands), findings=amount(len(report.broken))))
        else:
            status_line.setText(tr("Integrity: every hand intact"))
        return report

    def open_failing(self, hand_id: int) -> None:
        """A row of the verdict: its hand selected in the list and opened."""
        self.ctl.select_hand(hand_id)
        self.ctl.open_hand(hand_id)
