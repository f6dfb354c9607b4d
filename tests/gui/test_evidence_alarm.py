"""Issue 19: an anchor line that cannot be written is shown at the table at once (a red
line in the status bar) and the floor gets a call about it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from dealer_app.services.core.calls import CallService

from .conftest import Driver


def test_an_unwritable_anchor_is_shown_at_the_table_and_called_to_the_floor(
        table: Driver, tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    notary = table.backend.services.db.notary
    assert notary is not None
    notary.anchor_dir = blocked / "anchors"
    notary.last_at = None  # the next commit signs a checkpoint
    alarm = table.window.evidence_alarm  # type: ignore[attr-defined]
    alarm.timer.setInterval(20)  # it looks every 20 ms here, not every second: found by itself
    assert alarm.label.isHidden()
    table.key(Qt.Key.Key_N)  # the dealer deals the next hand
    table.qtbot.waitUntil(lambda: alarm.label.isVisible(), timeout=5000)
    assert "EVIDENCE AT RISK" in alarm.label.text() and str(blocked) in alarm.label.text()
    session = table.backend.session
    assert session is not None
    calls = CallService(table.backend.services.db).open_calls([session.table_id])
    assert [c.kind.value for c in calls] == ["other"] and "anchor" in calls[0].reason
    table.key(Qt.Key.Key_P)  # the next commit: the same problem is not called twice
    alarm.check()
    assert len(CallService(table.backend.services.db).open_calls([session.table_id])) == 1
