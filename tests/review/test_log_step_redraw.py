"""The replay's log redraws only the rows a step changes (issue 24), and every one of them:
the old and the new step's emphasis, and the grey of the steps between."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QModelIndex, Qt

from dealer_app.engine import Action, Event
from dealer_app.gui.review.models import HandLogModel
from dealer_app.services.core.types import LogEntry


def _model() -> HandLogModel:
    at = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
    model = HandLogModel()
    model.set_entries([LogEntry(seq=i, kind="input", event=Event(seat=1, action=Action.ANTE),
                                target_seq=None, by="Dana", at=at, reason=None, step=i)
                       for i in range(1, 9)])
    return model


def test_a_step_redraws_the_rows_from_the_old_step_to_the_new(qapp: Any) -> None:
    model = _model()
    model.set_current_step(2)
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(
        lambda first, last, *_: changed.append((first.row(), last.row())))
    grey = model.data(model.index(5, 0), Qt.ItemDataRole.ForegroundRole)
    model.set_current_step(6)
    assert changed == [(1, 5)]  # steps 2..6 (rows 1..5), not the 8 rows
    assert model.data(model.index(5, 0), Qt.ItemDataRole.ForegroundRole) != grey
    assert model.data(model.index(5, 0), Qt.ItemDataRole.FontRole).bold()
    model.set_current_step(6)
    assert changed == [(1, 5)]  # the same step: nothing to redraw
    model.set_current_step(1)
    assert changed[-1] == (0, 5)
    assert not model.data(model.index(5, 0), Qt.ItemDataRole.FontRole).bold()
    assert model.rowCount(QModelIndex()) == 8
