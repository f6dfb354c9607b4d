"""The shift report as PDF, printed as the session report is (``gui/review/exports.py``)."""

from __future__ import annotations

import os
from pathlib import Path

from dealer_app.gui.review.exports import write_pdf
from dealer_app.services.shift_report import ShiftReport


def write_shift_pdf(report: ShiftReport, path: str | os.PathLike[str]) -> Path:
    """The report on A4 at ``path`` (atomic); a QGuiApplication must exist."""
    return write_pdf(report.to_html(), path, title=report.title)
