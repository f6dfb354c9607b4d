"""The Qt binding must not leak or drop references: a broken build aborts the app mid-shift."""

from __future__ import annotations

import sys

from PySide6.QtGui import QImage, QPainter


def test_qt_calls_keep_the_reference_count_of_none(qapp: object) -> None:
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        before = sys.getrefcount(None)
        for _ in range(500):
            painter.save()
            painter.restore()
        assert sys.getrefcount(None) - before > -100
    finally:
        painter.end()
