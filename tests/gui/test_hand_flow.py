"""A complete hand from sign-in to award, driven only through the window's widgets."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealer_app.engine import Card
from tests.gui.conftest import Driver


def test_first_start_asks_for_the_first_supervisor(driver: Driver) -> None:
    assert driver.window.stack.currentWidget() is driver.window.sign_in
    assert driver.window.sign_in.pin2.isVisibleTo(driver.window.sign_in)
    driver.sign_in("Sue", "135792", first=True)
    assert driver.window.stack.currentWidget() is driver.window.tables


def test_complete_hand_from_sign_in_to_award(table: Driver) -> None:
    d = table
    page = d.page
    # given three players seated, when the dealer presses N
    assert "Press N" in d.next_text
    d.key(Qt.Key.Key_N)
    assert "Antes of 5: seats 1, 3, 6" in d.next_text
    assert d.page.action_bar.visible_actions() == ["ante"]
    d.key(Qt.Key.Key_P)  # every ante, one key
    assert page.table.centre.pot.text() == "POT 15"
    assert d.seat_widget(1).stack.text() == "495"
    assert "seat 1 (Ann)" in d.next_text
    # the deal: two characters each, no Enter
    d.type("kh")
    assert d.seat_widget(1).cards[1].card is not None
    assert str(d.seat_widget(1).cards[1].card) == "Kh"
    assert not d.seat_widget(1).cards[0].is_hole or d.seat_widget(1).cards[0].card is None
    d.type("as")
    d.type("9d")
    assert d.next_text == "NEXT ▶ Seat 3 (Bo) must bring in 10"
    assert d.seat_widget(3).property("due") is True
    assert d.page.action_bar.visible_actions() == ["bring-in", "undo"]
    d.key(Qt.Key.Key_B)
    assert d.seat_widget(3).bet.text() == "10"
    assert "Seat 6 (Cy) to act: raise to 20, call 10 or fold" in d.next_text
    assert d.page.action_bar.visible_actions() == ["raise", "call", "fold", "undo"]
    d.key(Qt.Key.Key_L)
    d.click_action("call")  # the mouse works too
    assert page.table.centre.pot.text() == "POT 45"
    assert d.next_text == "NEXT ▶ Deal 3rd street: seat 1 (Ann)"
    # 3rd street: seat 1 pairs kings on board and acts first
    d.type("kd7s9c")
    assert "Seat 1 (Ann) to act: bet 10, check or fold" in d.next_text
    d.key(Qt.Key.Key_X)
    d.key(Qt.Key.Key_X)
    d.key(Qt.Key.Key_X)
    # 4th street: the big bet
    d.type("qh8sjc")
    assert "bet 20" in d.next_text
    d.key(Qt.Key.Key_E)
    d.key(Qt.Key.Key_L)
    d.key(Qt.Key.Key_F)
    assert d.seat_widget(6).state.text() == "FOLDED"
    # 5th street
    d.type("7h9s")
    d.key(Qt.Key.Key_X)
    d.key(Qt.Key.Key_E)
    d.key(Qt.Key.Key_L)
    assert d.next_text.startswith("NEXT ▶ Showdown: seat 3 (Bo) shows first")
    # showdown: Bo bet last and shows first; his hole card is typed
    assert "type the hole card" in d.next_text
    d.type("ts")  # a card at the showdown is the hole card shown
    assert d.seat_widget(3).note.text() == "Straight flush, ten high"
    assert "seat 1 (Ann) shows or mucks" in d.next_text
    d.type("kc")
    # award: who won, how much, shown on the table
    assert "Main pot of 125: seat 3 (Bo) wins 125 with straight flush, ten high" in \
        page.table.centre.award.text()
    assert d.seat_widget(3).stack.text() == "390"
    assert d.seat_widget(3).bet.text() == "wins 125" and d.seat_widget(3).bet.isVisible()
    assert d.seat_widget(3).note.text() == "Straight flush, ten high"
    assert d.seat_widget(1).note.text() == "Three of a kind, kings"
    assert "Hand complete" in d.next_text
    # the log has every input with who
    assert page.log_model.rowCount() == 3 + 3 + 3 + 3 + 3 + 3 + 3 + 2 + 3 + 2
    assert page.log_model.row(0).by == "Sue"
    # the next hand carries the stacks over
    d.key(Qt.Key.Key_N)
    assert "Hand 2" in page.header.text()
    assert d.seat_widget(3).stack.text() == "390"
    assert not d.seat_widget(3).bet.isVisible()
    assert d.seat_widget(1).stack.text() == f"{500 - 5 - 10 - 20 - 20:,}"


def test_undo_is_recorded_in_the_log(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("kh")
    assert d.seat_widget(1).cards[1].isVisible()
    d.key(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not d.seat_widget(1).cards[1].isVisibleTo(d.seat_widget(1))
    rows = [d.page.log_model.row(i) for i in range(d.page.log_model.rowCount())]
    assert rows[-1].kind == "undo" and rows[-1].by == "Sue"
    assert rows[-2].undone
    assert "seat 1 (Ann)" in d.next_text


def test_hole_card_known_at_the_deal_is_grey(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.key(Qt.Key.Key_O)
    assert "Hole card for seat 1 (Ann)" in d.next_text
    d.type("7d")
    hole = d.seat_widget(1).cards[0]
    assert hole.is_hole and hole.card is None  # face down on the screen (issue 23)
    assert d.page.picker.buttons[Card.parse("7d")].isEnabled()  # the picker tells nothing
    d.qtbot.keyPress(d.page.card_entry, Qt.Key.Key_F4)  # held: face up
    assert hole.is_hole and str(hole.card) == "7d"
    assert not d.page.picker.buttons[hole.card].isEnabled()  # used: greyed in the picker
    d.qtbot.keyRelease(d.page.card_entry, Qt.Key.Key_F4)


def test_picker_click_deals_the_card(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    from dealer_app.engine import parse_card

    button = d.page.picker.buttons[parse_card("Qs")]
    d.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert str(d.seat_widget(1).cards[1].card) == "Qs"
    assert not button.isEnabled()


def test_key_map_on_f1(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_F1)
    assert d.page.key_map.isVisible()
    d.key(Qt.Key.Key_Escape)
    assert not d.page.key_map.isVisible()


def test_change_dealer_mid_session(table: Driver) -> None:
    d = table
    sup = d.backend.staff
    assert sup is not None
    d.backend.add_dealer("Dana", "4312", sup)
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.qtbot.mouseClick(d.page.tabs.widget(2).findChild(type(d.page.action_bar.buttons["ante"]),
                                                        "changeDealer"),
                       Qt.MouseButton.LeftButton)
    assert d.window.stack.currentWidget() is d.window.sign_in
    d.sign_in("Dana", "4312")
    assert d.window.stack.currentWidget() is d.page
    assert "Dealer Dana" in d.page.header.text()
    d.type("kh")
    assert d.page.log_model.row(d.page.log_model.rowCount() - 1).by == "Dana"


def test_a_change_of_dealer_started_by_mistake_goes_back(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.qtbot.mouseClick(d.page.tabs.widget(2).findChild(type(d.page.action_bar.buttons["ante"]),
                                                        "changeDealer"),
                       Qt.MouseButton.LeftButton)
    assert d.window.sign_in.back_button.isVisible()
    d.qtbot.mouseClick(d.window.sign_in.back_button, Qt.MouseButton.LeftButton)
    assert d.window.stack.currentWidget() is d.page
    d.key(Qt.Key.Key_P)
    assert d.page.log_model.row(0).by == "Sue"


def test_seating_sit_out_rebuy_and_leave(table: Driver) -> None:
    d = table
    pl = d.page.players
    pl.seat.setValue(3)
    d.qtbot.mouseClick(pl.buttons["sit-out"], Qt.MouseButton.LeftButton)
    assert d.seat_widget(3).state.text() == "SITTING OUT"
    d.qtbot.mouseClick(pl.buttons["come-back"], Qt.MouseButton.LeftButton)
    assert d.seat_widget(3).state.text() == ""
    pl.amount.setValue(200)
    d.qtbot.mouseClick(pl.buttons["rebuy"], Qt.MouseButton.LeftButton)
    assert d.seat_widget(3).stack.text() == "520"
    d.qtbot.mouseClick(pl.buttons["leave"], Qt.MouseButton.LeftButton)
    assert "cash out 520" in pl.message.text()
    assert d.seat_widget(3).name.text() == "empty seat"
