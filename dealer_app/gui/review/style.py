"""The review window's additions to the app's dark style sheet (resources/style.qss)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QWidget

from dealer_app.gui.toolkit.resources import style_sheet

REVIEW_QSS = """
#reviewTitle { font-size: 24px; font-weight: 700; color: #e3b341; }
#reviewSubtitle { font-size: 15px; color: #b8c2c8; }
#filterBar { background: #1b2226; border: 1px solid #2f3a41; border-radius: 8px; }
#filterBar QLabel { font-size: 15px; color: #b8c2c8; }
#filterBar QLineEdit, #filterBar QComboBox, #filterBar QSpinBox, #filterBar QDateTimeEdit {
    font-size: 16px; }
QDateTimeEdit { background: #222a30; border: 1px solid #47535c; border-radius: 5px;
    padding: 4px 6px; color: #ffffff; }
QDateTimeEdit:disabled, QComboBox:disabled { color: #6b757c; }
#handList { font-size: 16px; }
#handList QHeaderView::section { font-size: 15px; font-weight: 700; padding: 6px; }
#countLabel { font-size: 16px; color: #cfe8d6; font-weight: 600; }
#stepLabel { font-size: 20px; font-weight: 700; color: #ffffff; }
#stepBar QPushButton { font-size: 18px; min-width: 64px; }
#replayNext { font-size: 18px; font-weight: 600; color: #ffffff; background: #1f3b2c;
    border-left: 6px solid #4cc26b; border-radius: 6px; padding: 6px 10px; }
#replayNext[void="true"] { background: #5a1f1f; border-left-color: #ff5252; }
#logTable { font-size: 15px; }
#resultText { font-size: 16px; background: #1a2024; }
#actSummary { font-size: 18px; font-weight: 600; color: #f3e6b5; }
#formError { color: #ff6b6b; font-weight: 600; font-size: 16px; }
#reconciliation { font-size: 18px; font-weight: 700; padding: 8px; border-radius: 6px;
    background: #1f3b2c; color: #9fe0ae; }
#reconciliation[balanced="false"] { background: #5a1f1f; color: #ffffff; }
QPushButton[class="danger"] { background: #5a2a2a; border-color: #8a4a4a; }
"""


def apply_style(widget: QWidget) -> None:
    """The app's style sheet (if the app has none set yet) plus the review additions."""
    app = QApplication.instance()
    base = "" if isinstance(app, QApplication) and app.styleSheet() else style_sheet()
    widget.setStyleSheet(base + REVIEW_QSS)
