"""Paths a dealer hits under pressure: a stale amount box, one-card hole mode, a PIN left
in a form, keys from the amount box, stray digits, a hand changed elsewhere."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from .conftest import Driver, make_driver
from .test_refused_and_resume import _stored, _to_bring_in


def _no_limit(qtbot: QtBot, db_url: str) -> Driver:
    d = make_driver(qtbot, db_url)
    d.sign_in("Sue", "135792", first=True)
    d.create_table("NL 1", ante=5, unit=5, structure="no-limit")
    d.open_first_table()
    for seat, name in ((1, "Ann"), (3, "Bo"), (6, "Cy")):
        d.seat(seat, name, 500)
    return d


def test_an_amount_box_left_open_records_nothing_for_the_next_seat(
        qtbot: QtBot, db_url: str) -> None:
    d = _no_limit(qtbot, db_url)
    _to_bring_in(d)  # Kh As 9d: seat 3 brings in, seat 6 is next
    d.key(Qt.Key.Key_B)
    box = d.page.amount
    d.key(Qt.Key.Key_R)  # seat 6 opens the raise box...
    assert box.isVisible()
    d.click_action("call")  # ...then calls with the mouse instead
    assert not box.isVisible()  # the box went with the input it was opened for
    stored = _stored(d)
    wager = d.backend.hand.allowed().wager
    assert wager is not None
    box.open(wager)  # a stale box
    box.edit.selectAll()
    qtbot.keyClicks(box.edit, "40")
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert _stored(d) == stored and d.refused
    assert "press E or R again" in d.next_text
    d.window.close()


def test_the_amount_box_passes_on_ctrl_z_and_function_keys(qtbot: QtBot, db_url: str) -> None:
    d = _no_limit(qtbot, db_url)
    _to_bring_in(d)
    d.key(Qt.Key.Key_B)
    d.key(Qt.Key.Key_R)
    box = d.page.amount
    qtbot.keyClick(box.edit, Qt.Key.Key_F1)
    assert d.page.key_map.isVisible()
    qtbot.keyClick(d.page.card_entry, Qt.Key.Key_F1)
    stored = _stored(d)
    d.key(Qt.Key.Key_R)
    qtbot.keyClick(box.edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _stored(d) == stored + 1  # the undo row
    assert not box.isVisible() and "must bring in" in d.next_text
    d.window.close()


def test_a_stray_digit_while_betting_is_refused_at_once(table: Driver) -> None:
    d = table  # fixed limit: no amount box ever opens, so none is mentioned
    _to_bring_in(d)
    d.key(Qt.Key.Key_B)
    d.type("2")
    assert d.refused and "amount box" not in d.next_text
    assert "no amount to type: the raise is 20, press R" in d.next_text
    assert d.page.card_entry.text() == ""
    d.key(Qt.Key.Key_L)  # the next key is an action again
    assert not d.refused and "Seat 1 (Ann)" in d.next_text


def test_hole_card_mode_covers_one_card_even_when_refused(table: Driver) -> None:
    d = table
    _to_bring_in(d)
    d.key(Qt.Key.Key_B)  # round 1 has its first action: too late for a hole card
    d.key(Qt.Key.Key_O)
    assert d.refused and "rule 5.3" in d.next_text
    assert not d.page.hole_button.isChecked()
    d.type("qs")
    assert d.refused and "Betting is open" in d.next_text
    assert not d.page.hole_button.isChecked()
    d.key(Qt.Key.Key_L)  # L is the call, never part of a card
    assert not d.refused and d.page.card_entry.text() == ""


def test_a_failed_settings_change_does_not_keep_the_supervisors_pin(table: Driver) -> None:
    d = table
    panel = d.page.table_panel
    panel.supervisor.name.setText("Sue")
    panel.supervisor.pin.setText("135792")
    panel.supervisor.reason.setText("new stakes")
    panel.form.ante.setValue(7)  # not a multiple of the chip unit 5
    d.controller.on_apply_settings()
    assert panel.message.text() and panel.supervisor.pin.text() == ""
    panel.supervisor.pin.setText("135792")
    d.controller.sign_out()
    assert panel.supervisor.name.text() == "" and panel.supervisor.pin.text() == ""


def test_a_refusal_reads_again_a_hand_changed_elsewhere(table: Driver) -> None:
    d = table
    _to_bring_in(d)  # seat 3 must bring in
    other = d.backend.services  # another workstation on the same database
    state = d.backend.state
    assert state is not None
    staff = d.backend.staff
    assert staff is not None
    other.hands.undo_last(state.hand_id, staff)  # takes 9d back
    d.key(Qt.Key.Key_B)  # this window still thought the bring-in was due
    assert d.refused
    assert "Deal" in d.page.next_line.text() or d.backend.hand.next_input().seat == 6
    d.type("9d")  # the card goes where the stored hand expects it
    assert not d.refused and "must bring in" in d.next_text
