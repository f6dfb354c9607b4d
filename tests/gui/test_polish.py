"""The dealer window's polish: the centre text fits the table; the Review button and F2 open
the supervisor's hand log browser on the same database."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from dealer_app.gui.wording.rows import PotRow
from tests.gui.conftest import Driver


def _fits(label: QLabel) -> bool:
    if not label.isVisible():
        return True
    hint = label.heightForWidth(label.width()) if label.wordWrap() else label.sizeHint().height()
    return label.sizeHint().width() <= label.width() or (
        label.wordWrap() and hint <= label.height())


def test_centre_text_is_not_clipped_at_1280_by_800(table: Driver) -> None:
    d = table
    assert d.window.size().width() == 1280
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("khas9d")
    d.key(Qt.Key.Key_B)  # seat 3 brings in: bets in front
    centre = d.page.table.centre
    d.qtbot.waitUntil(lambda: centre.bets.isVisible())
    assert centre.pot.text() == "POT 15"
    assert centre.bets.text() == "bets in front 10"
    for label in (centre.round, centre.pot, centre.bets):
        assert _fits(label), (label.objectName(), label.sizeHint(), label.size())
        assert centre.rect().contains(label.geometry())
    # a pot too wide for the big font switches to the compact one, still inside the panel
    centre.set_state("Round 4 (5th street)", [], 0, [])
    rows = [PotRow(title="Main pot", amount=12_345_678, eligible=(1, 3, 6), winners=(),
                   awards={}, odd_chips=())]
    centre.set_state("Round 4 (5th street)", rows, 1_234_567, [])
    d.qtbot.waitUntil(lambda: centre.pot.text() == "POT 12,345,678")
    assert _fits(centre.pot) and _fits(centre.bets)


def test_review_button_opens_the_hand_log_browser(table: Driver) -> None:
    from dealer_app.gui.review.window import ReviewWindow

    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    assert d.page.review_button.isVisible()
    d.qtbot.mouseClick(d.page.review_button, Qt.MouseButton.LeftButton)
    review = d.controller.review_window
    assert isinstance(review, ReviewWindow)
    d.qtbot.waitUntil(review.isVisible)
    assert review.model.rowCount() == 1  # the hand in progress, from the same database
    assert review.staff is not None and review.staff.name == "Sue"
    # F2 brings the same window back instead of opening another
    d.key(Qt.Key.Key_F2)
    assert d.controller.review_window is review
    review.close()
    d.qtbot.waitUntil(lambda: d.controller.review_window is None)
    d.key(Qt.Key.Key_F2)
    assert isinstance(d.controller.review_window, ReviewWindow)
    d.controller.review_window.close()
    assert d.page.table.centre.pot.text() == "POT 15"  # the table was read again
