"""PDF output: a hand report or a session report, through QTextDocument onto QPdfWriter.

The PDF is written to a temporary file beside the target and renamed at the end.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QMarginsF, QSizeF, QUrl
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from dealer_app.services.reports import HandReport, SessionReport, temp_path_beside

STYLE = ("body { font-family: sans-serif; font-size: 10pt; } h2 { font-size: 16pt; } "
         "h3 { font-size: 12pt; } th { background: #eeeeee; text-align: left; }")


def write_pdf(html: str, path: str | os.PathLike[str], *, title: str = "",
              images: dict[str, QImage] | None = None) -> Path:
    """Prints ``html`` to an A4 PDF at ``path`` (atomic); returns the path."""
    target = Path(path)
    tmp = temp_path_beside(target)
    try:
        writer = QPdfWriter(str(tmp))
        writer.setTitle(title)
        writer.setCreator("dealer-app")
        writer.setResolution(300)
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                         QPageLayout.Orientation.Portrait,
                                         QMarginsF(15, 15, 15, 15),
                                         QPageLayout.Unit.Millimeter))
        doc = QTextDocument()
        doc.setDefaultStyleSheet(STYLE)
        for name, image in (images or {}).items():
            doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
        doc.setHtml(html)
        rect = writer.pageLayout().paintRectPixels(writer.resolution())
        doc.setPageSize(QSizeF(rect.width(), rect.height()))
        doc.print_(writer)
        del writer  # flushes and closes the file
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target


def write_hand_pdf(report: HandReport, path: str | os.PathLike[str]) -> Path:
    return write_pdf(report.to_html(), path, title=report.title)


def write_session_pdf(report: SessionReport, path: str | os.PathLike[str],
                      chart: QImage | None = None) -> Path:
    html = report.to_html()
    images = {}
    if chart is not None:
        images["chart://stacks"] = chart
        html += "<h3>Stacks over the session</h3><img src='chart://stacks' width=640>"
    return write_pdf(html, path, title=f"Session {report.session.id} report", images=images)
