"""Keyset paging gives the rows offset paging gives, for every sort key and order; the
player filter is case-insensitive and matches name prefixes."""

from __future__ import annotations

import pytest

from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.models import HAND_ID_ROLE, HandListModel
from dealer_app.services import HandQuery, HandStatus, Services
from dealer_app.services.review import SORT_KEYS

PAGE = 100
ROWS = 700


@pytest.mark.parametrize("descending", [True, False])
@pytest.mark.parametrize("sort", SORT_KEYS)
def test_keyset_pages_equal_offset_pages(bulk_db: tuple[Services, dict[str, int]], sort: str,
                                         descending: bool) -> None:
    svc, _ = bulk_db
    query = HandQuery()
    by_offset = svc.review.search(query, offset=0, limit=ROWS, sort=sort, descending=descending)
    by_keyset = svc.review.search(query, limit=PAGE, sort=sort, descending=descending)
    while len(by_keyset) < ROWS:
        page = svc.review.search(query, limit=PAGE, sort=sort, descending=descending,
                                 after=by_keyset[-1].hand_id)
        assert page
        by_keyset += page
    assert [h.hand_id for h in by_keyset] == [h.hand_id for h in by_offset]


@pytest.mark.parametrize("sort", SORT_KEYS)
def test_keyset_with_a_filter_and_an_offset(bulk_db: tuple[Services, dict[str, int]],
                                            sort: str) -> None:
    svc, ids = bulk_db
    query = HandQuery(status=HandStatus.COMPLETE, player="ann", min_pot=50)
    rows = svc.review.search(query, limit=300, sort=sort)
    after = rows[99].hand_id
    assert [h.hand_id for h in svc.review.search(query, offset=20, limit=50, sort=sort,
                                                 after=after)] \
        == [h.hand_id for h in rows[120:170]]


@pytest.mark.parametrize("sort", ["pot", "table"])
def test_model_reads_sequential_and_last_pages_like_offset_paging(
        bulk_db: tuple[Services, dict[str, int]], sort: str, qapp: object) -> None:
    svc, _ = bulk_db
    model = HandListModel(ReviewBackend(svc), page_size=PAGE)
    model.sort_column = {v: k for k, v in HandListModel.SORT_KEYS.items()}[sort]
    model.reload()
    n = model.rowCount()
    expected = svc.review.search(HandQuery(), offset=0, limit=n, sort=sort)
    rows = list(range(0, 5 * PAGE)) + list(range(n - 3 * PAGE, n))  # in order, then the end
    assert [model.data(model.index(r, 0), HAND_ID_ROLE) for r in rows] \
        == [expected[r].hand_id for r in rows]


def test_player_filter_is_case_insensitive(bulk_db: tuple[Services, dict[str, int]]) -> None:
    svc, _ = bulk_db
    counts = {name: svc.review.count(HandQuery(player=name)) for name in
              ("Ann", "ann", "ANN", " aNn ")}
    assert len(set(counts.values())) == 1 and counts["Ann"] > 0


def test_player_filter_matches_prefixes(bulk_db: tuple[Services, dict[str, int]]) -> None:
    svc, _ = bulk_db
    assert svc.review.count(HandQuery(player="an")) == svc.review.count(HandQuery(player="Ann"))
    f_hands = svc.review.search(HandQuery(player="f"), limit=200)
    assert f_hands and all(any(p.lower().startswith("f") for p in h.players) for h in f_hands)
    assert svc.review.count(HandQuery(player="annx")) == 0
    assert svc.review.count(HandQuery(player="a%")) == 0  # no LIKE wildcards
    assert svc.review.count(HandQuery(player="_nn")) == 0
