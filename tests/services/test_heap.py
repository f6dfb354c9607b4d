"""settle_heap: start-up's objects leave the collector's generations."""

from __future__ import annotations

import gc

from dealer_app.heap import settle_heap


def test_settle_heap_freezes_what_start_up_left() -> None:
    before = gc.get_freeze_count()
    try:
        settle_heap()
        assert gc.get_freeze_count() > before
        assert sum(gc.get_count()) < 100  # collected first: the generations start empty
    finally:
        if not before:
            gc.unfreeze()  # the rest of the test run collects as before
        # else the run's own freeze stays (tests/conftest.py): unfrozen, every later
        # pass of the oldest generation scanned collection's objects again
