"""The Qt table models, tested without any window."""

from __future__ import annotations

import os
from datetime import UTC, datetime

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt  # noqa: E402
from pytestqt.modeltest import ModelTester  # noqa: E402

from dealer_app.engine import Action, Event, SeatSpec, Settings  # noqa: E402
from dealer_app.engine.hand import Hand  # noqa: E402
from dealer_app.gui.views.models import ROW_ROLE, SORT_ROLE, LogModel, PotsModel, SeatsModel  # noqa: E402
from dealer_app.gui.wording.rows import LogRow, pot_rows, seat_rows  # noqa: E402
from dealer_app.services import SeatInfo  # noqa: E402


def _hand() -> Hand:
    hand = Hand(Settings(ante=5, chip_unit=5),
                [SeatSpec(1, "Ann", 500), SeatSpec(2, "Bo", 10), SeatSpec(5, "Ed", 1200)])
    for e in (Event(1, Action.ANTE), Event(2, Action.ANTE), Event(5, Action.ANTE),
              Event(1, Action.DEAL_UP, card="As"), Event(2, Action.DEAL_UP, card="Kd"),
              Event(5, Action.DEAL_UP, card="7c"), Event(1, Action.BRING_IN),
              Event(2, Action.CALL)):
        hand.apply(e)
    return hand


def _seats() -> dict[int, SeatInfo]:
    return {1: SeatInfo(1, 1, "Ann", 500, False), 2: SeatInfo(2, 2, "Bo", 10, False),
            4: SeatInfo(4, 4, "Dee", 300, True), 5: SeatInfo(5, 5, "Ed", 1200, False)}


def test_seats_model_has_six_rows_with_named_columns(qtmodeltester: ModelTester) -> None:
    model = SeatsModel()
    model.set_seats(seat_rows(_seats(), _hand()))
    qtmodeltester.check(model)
    assert model.rowCount() == 6 and model.columnCount() == 6
    assert model.headerData(SeatsModel.STACK, Qt.Orientation.Horizontal) == "Stack"

    def cell(row: int, col: int, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        return model.data(model.index(row, col), role)

    assert cell(0, SeatsModel.PLAYER) == "Ann"
    assert cell(0, SeatsModel.STACK) == "485"
    assert cell(0, SeatsModel.BET) == "10"
    assert cell(0, SeatsModel.CARDS) == "?? As"
    assert cell(1, SeatsModel.STATE) == "ALL-IN"
    assert cell(2, SeatsModel.PLAYER) == "—"
    assert cell(3, SeatsModel.STATE) == "SITTING OUT"
    assert cell(4, SeatsModel.STACK, SORT_ROLE) == 1195
    row = model.data(model.index(4, 0), ROW_ROLE)
    assert row.due and row.player == "Ed"


def test_seats_model_emits_data_changed_for_one_row() -> None:
    model = SeatsModel()
    hand = _hand()
    model.set_seats(seat_rows(_seats(), hand))
    changed: list[int] = []
    model.dataChanged.connect(lambda a, _b: changed.append(a.row()))
    hand.apply(Event(5, Action.CALL))
    model.set_seats(seat_rows(_seats(), hand))
    assert 4 in changed and 2 not in changed


def test_seats_sort_on_real_values() -> None:
    model = SeatsModel()
    model.set_seats(seat_rows(_seats(), _hand()))
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(model)
    proxy.setSortRole(SORT_ROLE)
    proxy.sort(SeatsModel.STACK, Qt.SortOrder.DescendingOrder)
    top = proxy.data(proxy.index(0, SeatsModel.PLAYER))
    assert top == "Ed"  # 1,195 sorts above 485 as a number, not as text


def test_pots_model_lists_main_and_side_pots(qtmodeltester: ModelTester) -> None:
    model = PotsModel()
    hand = _hand()
    hand.apply(Event(5, Action.CALL))
    model.set_rows(pot_rows(hand))
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    assert model.data(model.index(0, PotsModel.POT)) == "Main pot"
    assert model.data(model.index(0, PotsModel.AMOUNT), SORT_ROLE) == 30
    assert model.data(model.index(0, PotsModel.ELIGIBLE)) == "1, 2, 5"
    assert model.data(model.index(1, PotsModel.POT)) == "Side pot 1"
    assert model.data(model.index(1, PotsModel.ELIGIBLE)) == "1, 5"


def test_log_model_shows_time_who_and_undone(qtmodeltester: ModelTester) -> None:
    at = datetime(2024, 5, 1, 20, 15, 3, tzinfo=UTC)
    rows = [LogRow(1, at, "Sue", "input", 1, "Seat 1 antes", True),
            LogRow(2, at, "Sue", "undo", 1, "Undo #1: Seat 1 antes", False)]
    model = LogModel()
    model.set_rows(rows)
    qtmodeltester.check(model)
    assert model.rowCount() == 2 and model.columnCount() == 4
    assert model.data(model.index(0, LogModel.BY)) == "Sue"
    assert model.data(model.index(0, LogModel.TIME), SORT_ROLE) == at
    assert model.data(model.index(0, LogModel.WHAT), Qt.ItemDataRole.FontRole).strikeOut()
    assert model.data(model.index(1, LogModel.WHAT)) == "Undo #1: Seat 1 antes"
    assert model.rowCount(model.index(0, 0)) == 0
    assert model.data(QModelIndex()) is None
