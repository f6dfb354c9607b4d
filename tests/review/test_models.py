"""The hand list model over thousands of hands: filtering and sorting in SQL, paging,
no window needed."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt

from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.models import HAND_ID_ROLE, SORT_ROLE, HandListModel
from dealer_app.services import HandQuery, HandStatus, Services

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def model(bulk_db: tuple[Services, dict[str, int]]) -> HandListModel:
    svc, _ = bulk_db
    m = HandListModel(ReviewBackend(svc), page_size=100)
    m.reload()
    return m


def column(m: HandListModel, col: int, rows: range) -> list[object]:
    return [m.data(m.index(r, col), SORT_ROLE) for r in rows]


def test_all_hands_counted_but_only_one_page_read(model: HandListModel) -> None:
    assert model.rowCount() == 5000
    assert model.columnCount() == len(HandListModel.HEADERS)
    assert model.pages_read == 1
    started = column(model, HandListModel.COL_STARTED, range(100))
    assert started == sorted(started, reverse=True)  # newest first by default


def test_reading_far_rows_reads_only_their_page(model: HandListModel) -> None:
    model.data(model.index(4321, HandListModel.COL_POT))
    assert model.pages_read == 2
    ids = {model.data(model.index(r, 0), HAND_ID_ROLE) for r in range(0, 5000, 97)}
    assert len(ids) == len(range(0, 5000, 97))
    assert len(model._pages) <= model.max_pages


def test_sort_by_pot_ascending_in_sql(model: HandListModel) -> None:
    model.sort(HandListModel.COL_POT, Qt.SortOrder.AscendingOrder)
    pots = column(model, HandListModel.COL_POT, range(0, 5000, 37))
    assert pots == sorted(pots)
    assert model.data(model.index(4999, HandListModel.COL_POT), SORT_ROLE) == max(pots + [0]) \
        or pots[-1] <= model.data(model.index(4999, HandListModel.COL_POT), SORT_ROLE)


def test_unsortable_column_is_ignored(model: HandListModel) -> None:
    model.sort(HandListModel.COL_PLAYERS, Qt.SortOrder.AscendingOrder)
    assert model.sort_key == "started_at"


def test_filters_combine(model: HandListModel, bulk_db: tuple[Services, dict[str, int]]) -> None:
    svc, ids = bulk_db
    query = HandQuery(table_id=ids["table"], status=HandStatus.COMPLETE, min_pot=100,
                      player="Ann")
    model.set_query(query)
    n = model.rowCount()
    assert 0 < n < 5000
    assert n == svc.review.count(query)
    for r in range(n):
        h = model.data(model.index(r, 0), Qt.ItemDataRole.UserRole + 3)
        assert h.status is HandStatus.COMPLETE and h.pot >= 100 and "Ann" in h.players
        assert h.table == model.data(model.index(0, HandListModel.COL_TABLE))


def test_filter_by_session_dealer_and_time(model: HandListModel,
                                           bulk_db: tuple[Services, dict[str, int]]) -> None:
    _, ids = bulk_db
    model.set_query(HandQuery(session_id=ids["session"]))
    assert model.rowCount() == 250
    model.set_query(HandQuery(dealer_id=ids["dealer"]))
    dealers = {model.data(model.index(r, HandListModel.COL_DEALER)) for r in range(0, 500, 7)}
    assert len(dealers) == 1
    since = datetime(2025, 1, 1, 13, 0, tzinfo=UTC)
    until = datetime(2025, 1, 1, 14, 0, tzinfo=UTC)
    model.set_query(HandQuery(since=since, until=until))
    assert model.rowCount() == 40  # one hand every 90 s
    for r in range(model.rowCount()):
        assert since <= model.data(model.index(r, HandListModel.COL_STARTED), SORT_ROLE) < until


def test_void_filter_and_status_colour(model: HandListModel) -> None:
    model.set_query(HandQuery(status=HandStatus.VOID))
    assert model.rowCount() > 0
    index = model.index(0, HandListModel.COL_STATUS)
    assert model.data(index) == "Void"
    assert model.data(index, Qt.ItemDataRole.ForegroundRole) is not None


def test_empty_result(model: HandListModel) -> None:
    model.set_query(HandQuery(player="Nobody"))
    assert model.rowCount() == 0
