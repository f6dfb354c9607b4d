"""The dealer's main window: the sign-in page, then the start-of-shift page and the table
page (:mod:`dealer_app.gui.views.dealer_page`), built on first use. Builds widgets only;
:mod:`dealer_app.gui.controller` brings them to life."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QCloseEvent, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QWidget,
)

from dealer_app.gui.toolkit.resources import style_sheet
from dealer_app.gui.views.scale import (
    DESIGN_HEIGHT,
    DESIGN_WIDTH,
    TOUCH,
    scaled_sheet,
    window_scale,
)
from dealer_app.gui.views.sign_in import SignInPage
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.views.controls import KeyHandler
    from dealer_app.gui.views.dealer_page import DealerPage
    from dealer_app.gui.views.table_page import TablePage

MIN_WIDTH, MIN_HEIGHT = 1024, 768
"""The smallest dealer's station screen the window is laid out for."""



class DealerWindow(QMainWindow):
    """Pages: sign-in, table choice, the table."""

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle(tr("Americana — dealer"))
        self.setObjectName("dealerWindow")
        self.stack = QStackedWidget()
        self.sign_in = SignInPage()
        self._adopt(self.sign_in)
        self._tables: TablePage | None = None
        self._page: DealerPage | None = None
        self._scale = 1.0
        self.setCentralWidget(self.stack)
        self.setMinimumSize(MIN_WIDTH, MIN_HEIGHT)
        self.key_handler: KeyHandler | None = None
        self.on_close: list[object] = []
        self.hand_in_progress: Callable[[], bool] = lambda: False
        """Set by the controller: a hand is on the table (closing asks first)."""

    # The table choice and the table are built when first asked for (by the controller,
    # once the sign-in page is on the screen): a third of the window's start.
    @property
    def tables(self) -> TablePage:
        """The start-of-shift page: open a table, new table, staff."""
        if self._tables is None:
            from dealer_app.gui.views.table_page import TablePage

            self._tables = TablePage()
            self._adopt(self._tables)
            self._tables.set_scale(self._scale)
        return self._tables

    @property
    def page(self) -> DealerPage:
        """The table page."""
        if self._page is None:
            from dealer_app.gui.views.dealer_page import DealerPage

            self._page = DealerPage()
            self._adopt(self._page)
            self._page.set_scale(self._scale)
        return self._page

    def _adopt(self, page: QWidget) -> None:
        """``page`` into the stack, its buttons touch targets."""
        self.stack.addWidget(page)
        for button in page.findChildren(QAbstractButton):
            button.setMinimumSize(max(button.minimumWidth(), TOUCH),
                                  max(button.minimumHeight(), TOUCH))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        self.apply_scale(window_scale(event.size().width(), event.size().height()))
        super().resizeEvent(event)

    def apply_scale(self, scale: float) -> None:
        """Text and controls at ``scale`` (the window's own scaled copy of the sheet)."""
        if scale == self._scale:
            return
        self._scale = scale
        sheet = style_sheet()
        self.setStyleSheet(scaled_sheet(sheet, scale) if scale != 1 and sheet else "")
        if self._page is not None:
            self._page.set_scale(scale)
            self._page.header.updateGeometry()
        if self._tables is not None:
            self._tables.set_scale(scale)

    @staticmethod
    def default_size(available: QSize | None = None) -> QSize:
        """1280×800, or the screen's available size when smaller (at least the minimum). A
        screen narrower than any station (the offscreen platform's) gets 1280×800."""
        size = QSize(DESIGN_WIDTH, DESIGN_HEIGHT)
        if available is not None and available.width() >= MIN_WIDTH:
            size = size.boundedTo(available).expandedTo(QSize(MIN_WIDTH, MIN_HEIGHT))
        return size

    @staticmethod
    def opens_maximised(available: QSize | None) -> bool:
        """Maximised on every screen that holds the window's minimum size (a dealer's
        station, 1024×768 and up: the table fills it, and grows with a larger screen); a
        smaller screen (the offscreen platform's) gets :meth:`default_size` as a window."""
        return available is not None and (available.width() >= MIN_WIDTH
                                          and available.height() >= MIN_HEIGHT)

    def show_on_screen(self, available: QRect | None) -> None:
        """Shows the window on a screen whose free area is ``available``: maximised when it
        fits (see :meth:`opens_maximised`), else at :meth:`default_size`. The maximised
        window is also given the whole free area, so it fills a station's screen where no
        window manager honours the maximised state (a kiosk session, Xvfb)."""
        size = available.size() if available is not None else None
        if available is not None and self.opens_maximised(size):
            self.setGeometry(available)
            self.showMaximized()
        else:
            self.resize(self.default_size(size))
            self.show()

    def show_page(self, page: QWidget) -> None:
        self.stack.setCurrentWidget(page)
        if page is self._page:
            self._page.card_entry.setFocus()
        elif page is self.sign_in:
            target = self.sign_in.name if not self.sign_in.name.text() else self.sign_in.pin
            target.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if (self._page is not None and self.stack.currentWidget() is self._page
                and self.key_handler is not None
                and self.key_handler(event)):
            event.accept()
            return
        super().keyPressEvent(event)

    def may_close(self) -> bool:
        """Closing by the window's own button or Alt+F4 mid-hand asks first: the hand stays
        stored and resumes at the next start, but a slip should not end the shift."""
        if not self.hand_in_progress():
            return True
        box = QMessageBox(QMessageBox.Icon.Question, tr("A hand is in progress"),
                          tr("A hand is in progress at this table. Close the window anyway? "
                             "The hand stays stored and resumes when the table is opened "
                             "again."), QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("closeMidHand")
        close = box.addButton(tr("Close the window"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is close

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        if event.spontaneous() and not self.may_close():  # the user's close, not the app's
            event.ignore()
            return
        for callback in self.on_close:
            if callable(callback):
                callback()
        super().closeEvent(event)
