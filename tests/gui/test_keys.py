"""One key, one meaning (issue 10): nothing recorded by accident, cards for a chosen seat, one
command table, focus never trapped, fixtures that leave no window behind. Real key presses."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dealer_app.engine import RANKS, SUITS, Action, Card
from dealer_app.gui.wording.commands import KEY_MAP, Command

from .conftest import Driver, make_driver
from .test_refused_and_resume import _stored, _to_bring_in


def _events(d: Driver) -> list[tuple[int, str, str | None]]:
    hand = d.backend.hand
    assert hand is not None
    return [(e.seat, e.action.value, e.card) for e in hand.events]


# ---------------------------------------------------------------------- nothing by accident
def test_a_card_typed_while_a_bet_is_due_records_nothing(table: Driver) -> None:
    """The dealer forgot to key the bring-in and typed the next card ``kh``: the old keys
    recorded "Seat 3 checks" (K) and switched hole-card mode on (H)."""
    d = table
    _to_bring_in(d, "qhas9d")  # seat 3 (Bo) must bring in
    before = _events(d)
    d.type("kh")
    assert _events(d) == before
    assert d.refused
    assert d.next_text.startswith("✖ Betting is open: seat 3 (Bo) to act")
    assert "the card Kh is not recorded" in d.next_text
    assert not d.page.hole_button.isChecked() and d.page.card_entry.text() == ""
    d.key(Qt.Key.Key_B)  # the next key works as it says
    assert not d.refused and _events(d)[-1] == (3, "bring-in", None)
    d.key(Qt.Key.Key_L)
    d.key(Qt.Key.Key_L)
    d.type("kdjs7s")  # 3rd street: a check is legal now, and K was check
    now = d.backend.hand.allowed()  # type: ignore[union-attr]
    assert Action.CHECK in now.actions
    before = _events(d)
    d.type("kc")
    assert _events(d) == before and "Betting is open" in d.next_text
    assert "the card Kc is not recorded" in d.next_text


def test_every_key_that_does_nothing_now_says_why(table: Driver) -> None:
    d = table
    _to_bring_in(d)
    stored = _stored(d)
    d.key(Qt.Key.Key_N)  # mid-hand
    assert d.next_text.startswith("✖ The hand is not finished: betting is open")
    d.key(Qt.Key.Key_W)  # show while betting
    assert d.next_text.startswith("✖ No show now: betting is open: seat 3 (Bo) to act")
    d.key(Qt.Key.Key_P)  # antes are in
    assert d.next_text.startswith("✖ Every ante is already in: betting is open")
    d.key(Qt.Key.Key_G)  # no command at all
    assert "'G' is not a key of the table: betting is open" in d.next_text
    d.key(Qt.Key.Key_3)  # fixed limit: no amount box ever opens, none is mentioned
    assert "amount box" not in d.next_text and "press B" not in d.next_text
    assert _stored(d) == stored


def test_a_digit_in_no_limit_points_to_the_amount_box(qtbot: QtBot, db_url: str) -> None:
    d = make_driver(qtbot, db_url)
    d.sign_in("Sue", "135792", first=True)
    d.create_table("NL 1", structure="no-limit")
    d.open_first_table()
    d.seat(1, "Ann", 500)
    d.seat(3, "Bo", 500)
    _to_bring_in(d, "khas")
    d.key(Qt.Key.Key_B)
    d.key(Qt.Key.Key_4)
    assert "amounts go in the amount box: press R to raise first" in d.next_text
    d.key(Qt.Key.Key_R)  # the box opens at the engine's default; Enter confirms it
    assert d.page.amount.isVisible()
    assert d.page.amount.edit.text() == "20"
    d.qtbot.keyClicks(d.page.amount.edit, "23")  # not a multiple of the chip unit 5
    assert not d.page.amount.ok.isEnabled()
    d.qtbot.keyClick(d.page.amount.edit, Qt.Key.Key_Escape)  # the box's own Esc: cancel
    assert not d.page.amount.isVisible()
    d.qtbot.waitUntil(d.page.card_entry.hasFocus)


def test_no_command_key_is_a_card_character() -> None:
    card_keys = set(RANKS) | {s.upper() for s in SUITS} | {"1", "0"}
    plain = {c.spec.key_text for c in Command if not c.spec.ctrl}
    assert not plain & card_keys
    assert len({(c.spec.key, c.spec.ctrl) for c in Command}) == len(Command)  # one meaning


# ---------------------------------------------------------------------- one command table
def test_buttons_shortcuts_and_key_map_come_from_the_command_table(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    bar = d.page.action_bar
    assert bar.buttons["ante"].text().endswith(f"[{Command.ANTES.spec.key_text}]")
    for command in Command:
        assert f"<b>{command.spec.key_text}</b>" in KEY_MAP
        if command.spec.button:
            assert command.spec.name in bar.buttons
    assert d.page.hole_button.text() == Command.HOLE.button_text
    d.key(Qt.Key.Key_F1)
    assert d.page.key_map.isVisible() and d.page.key_map.text() == KEY_MAP
    d.key(Qt.Key.Key_F1)
    d.key(Command.ANTES.spec.key)  # the key of the button does what the button does
    hand = d.backend.hand
    assert hand is not None and all(st.anted for st in hand.seats.values())


# ---------------------------------------------------------------------- cards for a chosen seat
def test_a_card_for_a_chosen_seat_by_key_and_by_click(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.key(Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)  # seat 6's card first (5.5)
    assert "Card for seat 6 (Cy)" in d.next_text
    d.type("9d")
    d.qtbot.mouseClick(d.seat_widget(3), Qt.MouseButton.LeftButton)
    assert "Card for seat 3 (Bo)" in d.next_text
    assert d.page.card_entry.hasFocus()
    d.type("as")
    d.type("kh")  # no seat chosen: the one the deal expects (seat 1)
    assert _events(d)[-3:] == [(6, "deal-up", "9d"), (3, "deal-up", "As"),
                               (1, "deal-up", "Kh")]
    assert "must bring in" in d.next_text
    d.key(Qt.Key.Key_B)
    d.key(Qt.Key.Key_L)
    d.key(Qt.Key.Key_L)
    d.qtbot.mouseClick(d.seat_widget(6), Qt.MouseButton.LeftButton)  # then the picker
    d.qtbot.mouseClick(d.page.picker.buttons[Card.parse("7c")], Qt.MouseButton.LeftButton)
    assert _events(d)[-1] == (6, "deal-up", "7c")


def test_a_hole_card_for_any_seat(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.key(Qt.Key.Key_O)
    d.key(Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert "Hole card for seat 3 (Bo)" in d.next_text
    d.type("10c")
    d.key(Qt.Key.Key_O)  # the first seat without one
    d.type("jd")
    assert _events(d)[-2:] == [(3, "deal-down", "Tc"), (1, "deal-down", "Jd")]
    d.key(Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    d.type("kh")
    d.key(Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)  # seat 1 has its card
    assert d.refused and "Seat 1 (Ann) already has its card for this street" in d.next_text
    d.key(Qt.Key.Key_Escape)
    assert not d.refused and d.controller.input.chosen_seat is None


# ---------------------------------------------------------------------- focus
def test_focus_returns_to_the_table_input(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    name = d.page.players.name
    d.page.tabs.setCurrentIndex(1)
    d.qtbot.mouseClick(name, Qt.MouseButton.LeftButton)
    d.qtbot.waitUntil(name.hasFocus)
    d.qtbot.keyClicks(name, "Di")  # deliberately editing a form: the keys go there
    assert name.text() == "Di" and _events(d)[-1][1] == "ante"
    d.qtbot.keyClick(name, Qt.Key.Key_Escape)
    d.qtbot.waitUntil(d.page.card_entry.hasFocus)
    d.qtbot.mouseClick(name, Qt.MouseButton.LeftButton)
    d.qtbot.waitUntil(name.hasFocus)
    d.qtbot.mouseClick(d.page.table, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))  # the felt
    d.qtbot.waitUntil(d.page.card_entry.hasFocus)
    d.qtbot.keyClicks(QApplication.focusWidget(), "kh")  # typed where the focus is
    assert _events(d)[-1] == (1, "deal-up", "Kh")
    d.page.log_view.setFocus()  # not a form: focus goes back at once
    assert d.page.card_entry.hasFocus()


def test_the_focused_look_only_with_focus(table: Driver) -> None:
    d = table
    entry = d.page.card_entry
    entry.setFocus()
    d.qtbot.waitUntil(entry.hasFocus)
    focused = entry.grab().toImage().pixelColor(1, entry.height() // 2)
    d.page.tabs.setCurrentIndex(1)
    d.page.players.name.setFocus()
    d.qtbot.waitUntil(lambda: not entry.hasFocus())
    unfocused = entry.grab().toImage().pixelColor(1, entry.height() // 2)
    assert focused != unfocused


# ---------------------------------------------------------------------- fixtures
def test_fixtures_leave_no_window_behind(qtbot: QtBot, db_url: str) -> None:
    before = len(QApplication.topLevelWidgets())
    d = make_driver(qtbot, db_url)
    assert len(QApplication.topLevelWidgets()) > before
    d.dispose()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert len(QApplication.topLevelWidgets()) == before


# ---------------------------------------------------------------------- a whole hand
def test_a_whole_hand_with_the_mistakes_at_1024x768(qtbot: QtBot, db_url: str) -> None:
    d = make_driver(qtbot, db_url, size=(1024, 768))
    d.sign_in("Sue", "135792", first=True)
    d.create_table("Table 3")
    d.open_first_table()
    for seat, name, stack in ((1, "Ann", 500), (3, "Bo", 320), (6, "Cy", 1000)):
        d.seat(seat, name, stack)
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_N)  # mistake: N mid-hand
    assert "The hand is not finished" in d.next_text
    d.key(Qt.Key.Key_P)
    d.key(Qt.Key.Key_O)  # Bo's hole card is known
    d.key(Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    d.type("ts")
    d.key(Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)  # Cy's card first
    d.type("9d")
    d.type("kh")
    d.type("as")  # seat 3 (Bo) must bring in
    d.type("qh")  # mistake: the next card before the bring-in
    assert d.next_text.startswith("✖ Betting is open: seat 3 (Bo) to act")
    d.key(Qt.Key.Key_2)  # mistake: a digit in fixed limit
    assert "amount box" not in d.next_text
    d.key(Qt.Key.Key_B)
    d.key(Qt.Key.Key_L)
    d.key(Qt.Key.Key_L)
    d.type("kdjs7s")  # 3rd street
    for _ in range(3):
        d.key(Qt.Key.Key_X)
    d.type("qcjc8c")  # 4th street
    d.key(Qt.Key.Key_E)  # Ann bets, Bo calls, Cy folds
    d.key(Qt.Key.Key_L)
    d.key(Qt.Key.Key_F)
    d.type("7h9s")  # 5th street
    d.key(Qt.Key.Key_X)  # Ann checks, Bo bets, Ann calls
    d.key(Qt.Key.Key_E)
    d.key(Qt.Key.Key_L)
    hand = d.backend.hand
    assert hand is not None and hand.showdown_order == [3, 1]
    d.key(Qt.Key.Key_W)  # Bo's hole card was recorded: one key shows it
    d.type("ac")  # Ann's hole card, typed
    hand = d.backend.hand
    assert hand is not None and hand.complete
    assert (3, "show", None) in _events(d) and (1, "show", "Ac") in _events(d)
    assert Action.CHECK.value not in [a for _s, a, _c in _events(d)[:9]]  # no false check
    assert "Hand complete" in d.next_text


def test_the_hole_card_button_works_as_its_key(table: Driver) -> None:
    d = table
    _to_bring_in(d)
    button = d.page.hole_button
    d.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # still open: round 1 not begun
    assert button.isChecked() and "Hole card for seat 1 (Ann)" in d.next_text
    d.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # clicked again: off
    assert not button.isChecked()
    d.key(Qt.Key.Key_B)  # round 1's first action closes hole cards (rule 5.3)
    d.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not button.isChecked() and d.refused and "rule 5.3" in d.next_text
    assert d.page.card_entry.hasFocus()


def test_a_key_at_an_empty_table_says_to_seat_players_not_to_press_n(driver: Driver) -> None:
    """Between hands with fewer than two players, N cannot deal: the refusal says what
    can (the NEXT line's own advice), not "press N"."""
    d = driver
    d.sign_in("Sue", "135792", first=True)
    d.create_table("Table 3")
    d.open_first_table()
    d.key(Qt.Key.Key_P)
    assert d.refused and "seat at least two players to deal one" in d.next_text
    assert "press N" not in d.next_text
    d.seat(1, "Ann", 500)
    d.seat(3, "Bo", 320)
    d.key(Qt.Key.Key_P)
    assert "No hand in progress: press N to deal one" in d.next_text


def test_a_card_typed_after_a_refused_seat_choice_is_refused_too(table: Driver) -> None:
    """Issue 23, fault 1: ``Ctrl+3 9c`` then ``Ctrl+3 ks``: the second seat choice was refused
    and Ks went to the seat the deal expected, one the dealer never chose."""
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.key(Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    d.type("9c")
    d.key(Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)  # seat 3 has its card
    assert d.refused and "Seat 3 (Bo) already has its card for this street" in d.next_text
    before = _events(d)
    d.type("ks")
    assert _events(d) == before
    assert d.refused and "The card Ks is not recorded" in d.next_text
    assert "seat 3" in d.next_text
    d.type("ks")  # the refusal is for one card: the next goes to the seat the deal expects
    assert _events(d)[-1] == (1, "deal-up", "Ks") and not d.refused
    d.key(Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)
    d.key(Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)  # a choice made good is kept
    assert not d.refused
    d.key(Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)  # refused, then Esc: forgotten
    assert d.refused
    d.key(Qt.Key.Key_Escape)
    d.type("qs")
    assert _events(d)[-1] == (6, "deal-up", "Qs")
