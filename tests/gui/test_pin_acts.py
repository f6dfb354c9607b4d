"""Changing a PIN in the dealer window's Staff box: one's own (the old PIN is asked; a wrong
one counts toward the lock), a supervisor's reset of another's, and the request to change an
older supervisor PIN that is now too short. Driven with real clicks and keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from dealer_app.gui.pin_dialogs import ChangePinDialog, ResetPinDialog
from dealer_app.services import Role, SignInError
from dealer_app.services import staff as staff_module
from tests.gui.conftest import Driver


def _dialog(d: Driver, kind: type) -> ChangePinDialog | ResetPinDialog:
    d.qtbot.waitUntil(lambda: isinstance(d.controller.supervisor.dialog, kind)
                      and d.controller.supervisor.dialog.isVisible())
    dialog = d.controller.supervisor.dialog
    assert isinstance(dialog, kind)
    return dialog


def _type(d: Driver, field: QLineEdit, text: str) -> None:
    field.clear()
    d.qtbot.keyClicks(field, text)


def test_a_member_changes_their_own_pin_with_keys_only(driver: Driver) -> None:
    d = driver
    d.sign_in("Sue", "135792", first=True)
    box = d.window.tables.staff
    d.qtbot.waitUntil(box.change_pin_button.isVisible)
    assert not box.pin_message.isVisible()  # a valid PIN: no request to change it
    d.qtbot.mouseClick(box.change_pin_button, Qt.MouseButton.LeftButton)
    dialog = _dialog(d, ChangePinDialog)
    for field in (dialog.old, dialog.new, dialog.new2):
        assert field.echoMode() is QLineEdit.EchoMode.Password
    _type(d, dialog.old, "919919")
    _type(d, dialog.new, "24682468")
    _type(d, dialog.new2, "24682468")
    d.qtbot.keyClick(dialog.new2, Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert dialog.error.text() == "Unknown name or wrong PIN."
    assert dialog.error.objectName() == "formError"
    assert [a.detail["in_a_row"] for a in d.backend.services.review.audit(act="wrong-pin")] \
        == [1]  # counted as a failed sign-in
    _type(d, dialog.old, "135792")
    _type(d, dialog.new, "24682468")
    _type(d, dialog.new2, "2468246")
    d.qtbot.keyClick(dialog.new2, Qt.Key.Key_Return)
    assert dialog.error.text() == "The two new PINs differ: type them again."
    _type(d, dialog.new, "12")
    _type(d, dialog.new2, "12")
    d.qtbot.keyClick(dialog.new2, Qt.Key.Key_Enter)
    assert "supervisor's PIN is 6 to 12 digits" in dialog.error.text()
    assert d.backend.services.review.audit(act="change-pin") == []
    _type(d, dialog.old, "135792")
    _type(d, dialog.new, "24682468")
    _type(d, dialog.new2, "24682468")
    d.qtbot.keyClick(dialog.new2, Qt.Key.Key_Return)
    d.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert box.pin_message.text() == ("Sue's PIN is changed; sign in with the new one from "
                                      "now on.")
    assert not box.pin_message.is_error
    assert d.backend.services.staff.authenticate("Sue", "24682468").name == "Sue"
    assert d.backend.services.log.verify_all().ok


def test_an_older_short_supervisor_pin_signs_in_and_is_asked_to_change(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    d = driver
    with monkeypatch.context() as m:  # an account from before supervisors needed 6 digits
        m.setitem(staff_module.MIN_PIN, Role.SUPERVISOR, 4)
        d.backend.create_first_supervisor("Olle", "4144")
    d.backend.sign_out()
    d.controller.shift.start()  # the sign-in page of a database with staff
    d.sign_in("Olle", "4144")
    dialog = _dialog(d, ChangePinDialog)
    box = d.window.tables.staff
    assert box.pin_message.is_error
    assert "shorter than a supervisor's PIN must now be (6 to 12 digits)" in \
        box.pin_message.text()
    assert "Change my PIN" in dialog.findChild(type(dialog.error), "pinSummary").text()
    _type(d, dialog.old, "4144")
    _type(d, dialog.new, "551155")
    _type(d, dialog.new2, "551155")
    d.qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    d.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert not box.pin_message.is_error and "PIN is changed" in box.pin_message.text()
    assert d.backend.services.staff.authenticate("Olle", "551155").name == "Olle"


def test_a_supervisor_resets_a_locked_members_pin(driver: Driver) -> None:
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
    assert set(staff.locked_staff()) == {"Dana"}
    d.qtbot.keyClicks(box.name, "Dana")
    d.qtbot.mouseClick(box.reset_pin_button, Qt.MouseButton.LeftButton)
    dialog = _dialog(d, ResetPinDialog)
    assert dialog.name.text() == "Dana"
    _type(d, dialog.new, "8642")
    _type(d, dialog.new2, "8642")
    d.qtbot.keyClick(dialog.new2, Qt.Key.Key_Return)
    assert dialog.error.text() == "Write the reason for this act."
    assert dialog.isVisible()
    d.qtbot.keyClicks(dialog.reason, "forgot it; badge checked")
    d.qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
    d.qtbot.waitUntil(lambda: not dialog.isVisible())
    assert box.message.text() == "Dana has a new PIN and is not locked; tell them in person."
    assert not box.message.is_error
    assert staff.locked_staff() == {}
    assert staff.authenticate("Dana", "8642").name == "Dana"
    entry = d.backend.services.review.audit(act="reset-pin")[0]
    assert (entry.by, entry.reason, entry.detail["name"]) == ("Sue", "forgot it; badge checked",
                                                              "Dana")
    # one's own PIN is not reset: refused in red, in plain words
    d.qtbot.keyClicks(box.name, "Sue")
    d.qtbot.mouseClick(box.reset_pin_button, Qt.MouseButton.LeftButton)
    dialog = _dialog(d, ResetPinDialog)
    _type(d, dialog.new, "97531864")
    _type(d, dialog.new2, "97531864")
    d.qtbot.keyClicks(dialog.reason, "mine")
    d.qtbot.keyClick(dialog.reason, Qt.Key.Key_Return)
    assert dialog.isVisible() and "Change my PIN" in dialog.error.text()
    d.qtbot.keyClick(dialog.reason, Qt.Key.Key_Escape)
    d.qtbot.waitUntil(lambda: not dialog.isVisible())
