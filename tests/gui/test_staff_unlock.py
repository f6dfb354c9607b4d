"""Issue 8.4 in the dealer window: the first supervisor needs a 6-digit PIN, and a supervisor
unlocks a locked account in the tables page's Staff box."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from dealer_app.services import SignInError
from tests.gui.conftest import Driver


def test_the_first_supervisor_needs_six_digits(driver: Driver) -> None:
    d = driver
    assert "6 to 12 digits" in d.window.sign_in.hint.text()
    d.sign_in("Sue", "1243", first=True)
    assert "supervisor's PIN is 6 to 12 digits" in d.window.sign_in.error.text()
    assert d.backend.needs_first_supervisor()
    d.sign_in("Sue", "135792", first=True)
    d.qtbot.waitUntil(d.window.tables.isVisible)


def test_a_supervisor_unlocks_an_account_in_the_staff_box(driver: Driver) -> None:
    d = driver
    d.sign_in("Sue", "135792", first=True)
    box = d.window.tables.staff
    d.qtbot.waitUntil(box.content.isVisible)
    sue = d.backend.staff
    assert sue is not None
    d.backend.add_staff("Dana", "dealer", "2725", sue)
    staff = d.backend.services.staff
    for _ in range(5):  # the next try waits
        with pytest.raises(SignInError):
            staff.authenticate("Dana", "9192")
    d.controller.shift.show_tables()
    rows = {box.list.item(r, 0).text(): box.list.item(r, 1).text()
            for r in range(box.list.rowCount())}
    assert rows["Dana"].startswith("dealer · next try at")
    d.qtbot.mouseClick(box.unlock_account_button, Qt.MouseButton.LeftButton)
    assert box.message.text() == "Type the name of the account to unlock."
    d.qtbot.keyClicks(box.name, "Dana")
    d.qtbot.mouseClick(box.unlock_account_button, Qt.MouseButton.LeftButton)
    assert box.message.text() == "Dana is unlocked; they sign in with their PIN."
    assert box.list.item(0, 1).text() == "dealer"
    assert staff.authenticate("Dana", "2725").name == "Dana"
    entry = d.backend.services.review.audit(act="unlock-account")[0]
    assert (entry.by, entry.detail["name"]) == ("Sue", "Dana")
