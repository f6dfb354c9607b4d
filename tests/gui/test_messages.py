"""Every refusal in words, every message true (issue 10, item 4), through real keys and clicks:
an illegal amount says why in the amount box; refusals on the Players and Table tabs are red
and go away once edited; successes look different; the header shows the structure in force
and a pending change "from the next hand"; the hand log shows inputs whole, the author once
and what an undo undid; pot labels; Enter submits the table and seating forms."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from dealer_app.gui.views.models import LogModel
from dealer_app.gui.wording.rows import PotRow
from tests.gui.conftest import Driver


def _log(d: Driver) -> list[tuple[str, str]]:
    model = d.page.log_model
    return [(str(model.data(model.index(r, LogModel.BY))),
             str(model.data(model.index(r, LogModel.WHAT)))) for r in range(model.rowCount())]


def _edge(widget: QWidget) -> tuple[int, int, int]:
    """The colour of the widget's left edge as drawn (red for a refusal, green else)."""
    colour = widget.grab().toImage().pixelColor(2, widget.height() // 2)
    return colour.red(), colour.green(), colour.blue()


def _red(widget: QWidget) -> bool:
    r, g, b = _edge(widget)
    return r > 200 and g < 120 and b < 120


def _green(widget: QWidget) -> bool:
    r, g, b = _edge(widget)
    return g > 150 and r < 120


def _no_limit(d: Driver) -> None:
    d.sign_in("Sue", "135792", first=True)
    d.create_table("Table 9", structure="no-limit")
    d.open_first_table()
    d.seat(1, "Ann", 500)
    d.seat(3, "Bo", 320)
    d.seat(6, "Cy", 1000)


def test_an_illegal_amount_says_why_in_the_amount_box(driver: Driver) -> None:
    d = driver
    _no_limit(d)
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("khas9d")  # seat 3 (9d) brings in
    d.key(Qt.Key.Key_B)
    d.key(Qt.Key.Key_R)  # seat 6 raises: the box opens
    box = d.page.amount
    d.qtbot.waitUntil(box.isVisible)
    limits = box.limits.text()
    assert limits.startswith("min 20")

    def typed(text: str) -> str:
        box.edit.selectAll()
        d.qtbot.keyClicks(box.edit, text)
        return box.limits.text()

    assert typed("22") == "✖ 22 is not a multiple of the chip unit 5 (rule 3.3)"
    assert box.limits.property("illegal") is True and not box.ok.isEnabled()
    d.qtbot.keyClick(box.edit, Qt.Key.Key_Return)  # refused: nothing recorded
    assert box.isVisible() and d.backend.hand is not None
    assert len(d.backend.hand.events) == 7  # antes, cards, bring-in
    assert typed("15") == "✖ Raise to 15 is below the minimum 20 (rule 7.4)"
    assert typed("5000") == "✖ Raise to 5000 is more than seat 6 has: all-in is 995 (rule 7.6)"
    assert typed("40") == limits and box.limits.property("illegal") is False
    assert box.ok.isEnabled()
    d.qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    d.qtbot.waitUntil(lambda: not box.isVisible())
    assert _log(d)[-1] == ("", "Seat 6 raises to 40")


def test_players_tab_refusals_are_red_and_go_when_no_longer_true(table: Driver) -> None:
    d = table
    bar = d.page.tabs.tabBar()
    d.qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    panel = d.page.players
    message = panel.message
    d.qtbot.waitUntil(panel.isVisible)
    assert message.text() == "Cy sits at seat 6" and message.property("error") is False
    d.seat(3, "Zed", 500)  # seat 3 is Bo's
    assert message.isVisible() and message.property("error") is True
    assert _red(message), _edge(message)
    refused = message.text()
    assert "3" in refused and refused[0].isupper()
    d.qtbot.keyClicks(panel.name, "x")  # the form changes: the refusal is no longer true
    assert not message.isVisible() and message.text() == ""
    # a success reads differently from a refusal (colour and edge)
    panel.name.clear()
    d.qtbot.keyClicks(panel.name, "Zed")
    panel.seat.setValue(2)
    d.qtbot.keyClick(panel.name, Qt.Key.Key_Return)  # Enter seats the player
    d.qtbot.waitUntil(lambda: message.text() == "Zed sits at seat 2")
    assert message.property("error") is False and message.isVisible()
    assert _green(message), _edge(message)
    assert d.backend.seats()[2].player == "Zed"
    # the seat field moved on to the next empty seat; the dealer stays in the form
    assert panel.seat.value() == 4
    d.qtbot.waitUntil(panel.name.hasFocus)
    d.qtbot.keyClicks(panel.name, "Yan")
    d.qtbot.keyClick(panel.name, Qt.Key.Key_Return)
    d.qtbot.waitUntil(lambda: message.text() == "Yan sits at seat 4")
    assert panel.seat.value() == 5


def test_table_tab_refusal_is_red_and_goes_when_edited(table: Driver) -> None:
    d = table
    panel = d.page.table_panel
    d.page.tabs.setCurrentIndex(2)
    d.qtbot.keyClicks(panel.supervisor.name, "Sue")
    d.qtbot.keyClicks(panel.supervisor.pin, "9192")
    d.qtbot.keyClicks(panel.supervisor.reason, "test")
    d.qtbot.keyClick(panel.supervisor.reason, Qt.Key.Key_Return)  # Enter applies
    assert panel.message.property("error") is True and panel.message.isVisible()
    assert _red(panel.message) and panel.message.text()[0].isupper()
    d.qtbot.keyClicks(panel.supervisor.pin, "1")
    assert not panel.message.isVisible()


def test_header_shows_the_structure_in_force_and_the_pending_change(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    header = d.page.header
    assert "Fixed limit 10/20 · Ante 5 · Hand 1" in header.text()
    assert "next hand" not in header.text()
    panel = d.page.table_panel
    d.page.tabs.setCurrentIndex(2)
    panel.form.ante.setValue(10)
    d.qtbot.keyClicks(panel.supervisor.name, "Sue")
    d.qtbot.keyClicks(panel.supervisor.pin, "135792")
    d.qtbot.keyClicks(panel.supervisor.reason, "higher stakes")
    d.qtbot.keyClick(panel.supervisor.pin, Qt.Key.Key_Return)
    d.qtbot.waitUntil(lambda: "from the next hand" in header.text())
    assert panel.message.property("error") is False
    assert panel.message.text() == "New settings apply from the next hand."
    text = header.text()
    in_force, pending = text.split("from the next hand:")
    assert "Ante 5 · Hand 1" in in_force and "Ante 10" in pending


def test_log_shows_inputs_whole_author_once_and_what_undo_undid(table: Driver) -> None:
    d = table
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.type("khas9d")
    d.key(Qt.Key.Key_B)  # seat 3 brings in 10 (fixed limit 10/20)
    d.key(Qt.Key.Key_L)  # seat 6 calls 10
    log = _log(d)
    assert log[0] == ("Sue", "Seat 1 antes 5")
    assert log[1] == ("", "Seat 3 antes 5") and log[2] == ("", "Seat 6 antes 5")
    assert ("", "Seat 1 is dealt Kh") in log
    assert log[-2:] == [("", "Seat 3 brings in 10"), ("", "Seat 6 calls 10")]
    d.key(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    d.qtbot.waitUntil(lambda: len(_log(d)) == len(log) + 1)
    after = _log(d)
    assert after[-1][1].startswith("Undo #") and after[-1][1].endswith(": Seat 6 calls 10")
    assert after[-2] == ("", "Seat 6 calls 10")  # struck through, still whole
    model = d.page.log_model
    assert model.data(model.index(len(after) - 2, LogModel.WHAT),
                      Qt.ItemDataRole.FontRole).strikeOut()


def test_pot_labels_read_unambiguously() -> None:
    side = PotRow(title="Side pot 1", amount=1100, eligible=(4,), winners=(), awards={},
                  odd_chips=())
    main = PotRow(title="Main pot", amount=12_000, eligible=(1, 3, 4), winners=(),
                  awards={}, odd_chips=())
    assert side.label == "Side pot 1: 1,100, seat 4"
    assert main.label == "Main pot: 12,000, seats 1, 3 and 4"


def test_enter_submits_the_new_table_form(driver: Driver) -> None:
    d = driver
    d.sign_in("Sue", "135792", first=True)
    tables = d.window.tables
    d.qtbot.keyClicks(tables.form.name, "Table 5")
    d.qtbot.keyClick(tables.form.name, Qt.Key.Key_Return)
    d.qtbot.waitUntil(lambda: tables.tables.count() == 1)
    assert tables.tables.item(0).text().startswith("Table 5")


def test_side_pot_labels_in_a_real_hand(table: Driver) -> None:
    """Bo all-in for less against Ann and Cy: the centre lists each pot with its amount and
    the seats that may win it, with thousands separators."""
    from dealer_app.engine import Action, Event, SeatSpec, Settings
    from dealer_app.engine.hand import Hand
    from dealer_app.gui.wording.rows import pot_rows

    hand = Hand(Settings(ante=5, chip_unit=5),
                [SeatSpec(1, "Ann", 5000), SeatSpec(2, "Bo", 10), SeatSpec(3, "Cy", 5000)])
    for seat in (1, 2, 3):
        hand.apply(Event(seat, Action.ANTE))
    for seat, card in ((1, "As"), (2, "Ah"), (3, "7c")):
        hand.apply(Event(seat, Action.DEAL_UP, card=card))
    for seat, action in ((1, Action.BRING_IN), (2, Action.CALL), (3, Action.CALL)):
        hand.apply(Event(seat, action))
    rows = pot_rows(hand)
    labels = [r.label for r in rows]
    assert labels[0].startswith("Main pot: ") and labels[0].endswith("seats 1, 2 and 3")
    assert labels[1].startswith("Side pot 1: ") and labels[1].endswith("seats 1 and 3")
    centre = table.page.table.centre
    centre.set_state("Round 1", rows, 0, [])
    assert centre.side.text().splitlines() == labels


def test_enter_opens_a_table_and_a_new_table_refusal_goes_when_edited(driver: Driver) -> None:
    d = driver
    d.sign_in("Sue", "135792", first=True)
    tables = d.window.tables
    d.qtbot.keyClick(tables.form.name, Qt.Key.Key_Return)  # no name: refused, in red
    d.qtbot.waitUntil(lambda: bool(tables.error.text()))
    assert tables.tables.count() == 0
    d.qtbot.keyClicks(tables.form.name, "Table 5")  # edited: the refusal is gone
    assert tables.error.text() == ""
    tables.form.rake_cap.setValue(0)
    assert tables.form.rake_cap.text() == "no cap"
    d.qtbot.keyClick(tables.form.name, Qt.Key.Key_Return)
    d.qtbot.waitUntil(lambda: tables.tables.count() == 1)
    d.qtbot.waitUntil(tables.tables.hasFocus)
    d.qtbot.keyClick(tables.tables, Qt.Key.Key_Return)  # Enter opens the table
    d.qtbot.waitUntil(lambda: d.window.stack.currentWidget() is d.page)
    assert d.page.header.text().startswith("Table 5")


def test_log_names_the_author_where_it_changes(table: Driver) -> None:
    d = table
    sup = d.backend.staff
    assert sup is not None
    d.backend.add_dealer("Dana", "4312", sup)
    d.key(Qt.Key.Key_N)
    d.key(Qt.Key.Key_P)
    d.qtbot.mouseClick(d.page.table_panel.findChild(type(d.page.review_button), "changeDealer"),
                       Qt.MouseButton.LeftButton)
    d.sign_in("Dana", "4312")
    d.qtbot.waitUntil(lambda: d.window.stack.currentWidget() is d.page)
    d.type("khas")
    assert [by for by, _text in _log(d)] == ["Sue", "", "", "Dana", ""]
