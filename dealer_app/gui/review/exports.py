"""PDF output: a hand report or a session report, through QTextDocument onto QPdfWriter.

The document is laid out at 96 dots per inch on a page the size of the A4 print area (15 mm
margins), then scaled onto the 300 dpi writer, so point sizes print at their true size and
the text fills the page's width. The PDF is written to a temporary file beside the target
and renamed at the end.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPalette,
    QPdfWriter,
    QTextBlock,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFragment,
)

from dealer_app.services.reports import HandReport, SessionReport, temp_path_beside
from dealer_app.text import tr

LAYOUT_DPI = 96
"""QTextDocument's layout resolution: its pixel sizes are 1/96 inch on paper."""
STYLE = ("body { font-family: 'DejaVu Sans', sans-serif; font-size: 10pt; } "
         "h1 { font-size: 17pt; margin-bottom: 6px; } "
         "h2 { font-size: 13pt; margin-top: 14px; margin-bottom: 4px; } "
         "table.grid { border-collapse: collapse; border: 1px solid #9e9e9e; } "
         "table.grid td, table.grid th { border: 1px solid #bdbdbd; font-size: 9pt; } "
         "th { background: #eeeeee; font-weight: bold; } "
         "td.key { font-weight: bold; white-space: nowrap; } "
         ".mono { font-family: 'DejaVu Sans Mono', monospace; font-size: 11pt; } "
         "td.sign { font-size: 11pt; } s { color: #757575; }")


def page_width_px() -> float:
    """The A4 print area's width at :data:`LAYOUT_DPI` (the width a full-width image gets)."""
    return _layout().paintRect(QPageLayout.Unit.Inch).width() * LAYOUT_DPI


def page_layout() -> QPageLayout:
    """The page the reports are laid out on: A4 portrait, 15 mm margins."""
    return _layout()


def _layout() -> QPageLayout:
    return QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                       QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)


KEEP_TOGETHER = "keep-together"
"""The anchor name (``<a name=keep-together>``) of a block that starts a part of the report
that must not split across pages: it runs to the end of the document, and starts a new page
when it would not fit on the rest of one (unless it is longer than a page)."""
FOOTER_PX = 30
"""Room at the foot of each page (1/96 inch) for its number."""


def write_pdf(html: str, path: str | os.PathLike[str], *, title: str = "",
              images: dict[str, QImage] | None = None) -> Path:
    """Prints ``html`` to an A4 PDF at ``path`` (atomic), each page numbered ("page 2 of
    3") at its foot; returns the path."""
    target = Path(path)
    tmp = temp_path_beside(target)
    try:
        writer = QPdfWriter(str(tmp))
        writer.setTitle(title)
        writer.setCreator("dealer-app")
        writer.setResolution(300)
        writer.setPageLayout(_layout())
        render_html(html, writer, images)
        del writer  # flushes and closes the file
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target


def render_html(html: str, device: QPagedPaintDevice,
                images: dict[str, QImage] | None = None) -> int:
    """Lays ``html`` out on ``device``'s page (a PDF writer, or a printer) and paints every
    page, numbered, as :func:`write_pdf` does; returns the number of pages."""
    doc = QTextDocument()
    doc.setDefaultStyleSheet(STYLE)
    doc.setDocumentMargin(0)
    for name, image in (images or {}).items():
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    doc.setHtml(html)
    area = device.pageLayout().paintRect(QPageLayout.Unit.Inch)
    width, height = area.width() * LAYOUT_DPI, area.height() * LAYOUT_DPI
    doc.setPageSize(QSizeF(width, height - FOOTER_PX))
    _keep_together(doc)
    _print_numbered(doc, device, width)
    return doc.pageCount()


def _keep_together(doc: QTextDocument) -> None:
    """A page break before each :data:`KEEP_TOGETHER` block whose part (to the end of the
    document) would otherwise begin on one page and end on the next."""
    layout = doc.documentLayout()
    page = doc.pageSize().height()
    block = doc.begin()
    while block.isValid():
        if any(KEEP_TOGETHER in fragment.charFormat().anchorNames()
               for fragment in _fragments(block)):
            top = layout.blockBoundingRect(block).top()
            bottom = layout.blockBoundingRect(doc.lastBlock()).bottom()
            if int(top // page) != int((bottom - 1) // page) and bottom - top <= page:
                fmt = block.blockFormat()
                fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
                QTextCursor(block).setBlockFormat(fmt)
        block = block.next()


def _fragments(block: QTextBlock) -> list[QTextFragment]:
    out = []
    it = block.begin()
    while not it.atEnd():
        if it.fragment().isValid():
            out.append(it.fragment())
        it += 1
    return out


def _print_numbered(doc: QTextDocument, writer: QPagedPaintDevice, width: float) -> None:
    """Each page of ``doc`` (laid out at :data:`LAYOUT_DPI`) scaled onto ``writer``'s page,
    with "page N of M" at its foot."""
    pages = doc.pageCount()
    page = doc.pageSize().height()
    scale = writer.width() / width
    footer = FOOTER_PX * scale
    painter = QPainter(writer)
    try:
        font = QFont("DejaVu Sans")
        font.setPointSizeF(8)
        for index in range(pages):
            if index:
                writer.newPage()
            painter.save()
            painter.scale(scale, scale)
            painter.translate(0, -index * page)
            view = QRectF(0, index * page, width, page)
            painter.setClipRect(view)
            context = QAbstractTextDocumentLayout.PaintContext()
            context.clip = view
            context.palette.setColor(QPalette.ColorRole.Text, QColor("black"))
            doc.documentLayout().draw(painter, context)
            painter.restore()
            painter.setFont(font)
            painter.setPen(QColor("#555555"))
            painter.drawText(QRectF(0, writer.height() - footer, writer.width(), footer),
                             int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom),
                             tr("page {page} of {pages}").format(page=index + 1, pages=pages))
    finally:
        painter.end()


def write_hand_pdf(report: HandReport, path: str | os.PathLike[str]) -> Path:
    return write_pdf(report.to_html(), path, title=report.title)


def session_html(report: SessionReport, chart: QImage | None = None
                 ) -> tuple[str, dict[str, QImage]]:
    """The session report's HTML for print, and the images it shows (the stack chart)."""
    images = {}
    name = None
    if chart is not None:
        name = "chart://stacks"
        images[name] = chart
    return report.to_html(chart=name, chart_width=int(page_width_px())), images


def write_session_pdf(report: SessionReport, path: str | os.PathLike[str],
                      chart: QImage | None = None) -> Path:
    html, images = session_html(report, chart)
    return write_pdf(html, path, title=tr("Session {id} report").format(id=report.session.id),
                     images=images)
