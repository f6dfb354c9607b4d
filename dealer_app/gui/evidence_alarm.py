"""A problem of the evidence shown at once: an anchor line that could not be written, or
ledger entries that no trusted key signed (``Notary.problems``). The window's status bar
shows it in red until the app restarts, and the floor gets a call about it, once each."""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel, QMainWindow, QSizePolicy

from dealer_app.services.keys import (
    ANCHOR_UNWRITABLE,
    UNVOUCHED,
    WITNESS_UNREACHABLE,
    EvidenceProblem,
)
from dealer_app.text import tr

log = logging.getLogger(__name__)
POLL_MS = 1000


def problem_text(problem: EvidenceProblem) -> str:
    """A problem in the user's words."""
    if problem.code == ANCHOR_UNWRITABLE:
        return tr("EVIDENCE AT RISK: checkpoint {seq} could not be written to the anchor file "
                  "{path} ({error}). Call the floor; free the disk or folder.").format(
                      seq=problem.get("seq"), path=problem.get("path"),
                      error=problem.get("error"))
    if problem.code == UNVOUCHED:
        return tr("EVIDENCE AT RISK: ledger entries {entries} were written outside the app "
                  "(no trusted key signed them). Call the floor; run log verify.").format(
                      entries=problem.get("entries"))
    if problem.code == WITNESS_UNREACHABLE:
        return tr("EVIDENCE AT RISK: the witness {path} cannot take the checkpoints ({error}); "
                  "they wait for it. Call the floor; plug in or mount the witness.").format(
                      path=problem.get("path"), error=problem.get("error"))
    return tr("EVIDENCE AT RISK: {code}").format(code=problem.code)


class EvidenceAlarm(QObject):
    """Polls ``problems()``; shows each new one in ``window``'s status bar and hands it to
    ``report`` (the floor call) once."""

    def __init__(self, window: QMainWindow, problems: Callable[[], list[EvidenceProblem]],
                 report: Callable[[str], None] | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.problems = problems
        self.report = report
        self.seen: list[EvidenceProblem] = []
        self.label = QLabel(window)  # (a child until the status bar takes it)
        self.label.setObjectName("evidenceAlarm")
        self.label.setStyleSheet("color: white; background: #b00020; font-weight: bold;"
                                 " padding: 4px;")
        self.label.setWordWrap(True)
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self.label.hide()
        self.placed = False
        """The label joins the status bar with the first problem (a window without one
        keeps its whole height for the table)."""
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.check)
        self.timer.start()

    def check(self) -> None:
        current = list(self.problems())
        fresh = [p for p in current if p not in self.seen]
        if not fresh:
            return
        self.seen.extend(fresh)
        if not self.placed:
            self.window.statusBar().addPermanentWidget(self.label, 2)
            self.placed = True
        text = "\n".join(problem_text(p) for p in self.seen)
        self.label.setText(text)
        self.label.setToolTip(text)
        self.label.ensurePolished()  # the window's scaled style sheet sets its font
        # two lines a problem at most: the table keeps its room (the whole text: the tooltip)
        lines = 2 * len(self.seen)
        self.label.setMaximumHeight(lines * self.label.fontMetrics().lineSpacing() + 12)
        self.label.show()
        for problem in fresh:
            if self.report is None:
                continue
            try:
                self.report(problem_text(problem))
            except Exception:  # the alarm stays on screen whatever the floor call does
                log.exception("cannot call the floor about an evidence problem")
