"""log verify of imported hands (their events carry no station input id): a changed event
is named, a sound import holds."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from storage.helpers import play

from dealer_app.engine.record import dump_record
from dealer_app.services import Services, SessionInfo, StaffMember


@pytest.mark.parametrize("sql", [
    "UPDATE hand_event SET staff_name = 'Mallory' WHERE hand_id = :h AND seq = 3",
    "UPDATE hand_event SET input_id = 'made-up' WHERE hand_id = :h AND seq = 3",
])
def test_a_changed_event_of_an_imported_hand_is_named(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        tmp_path: Path, sql: str) -> None:
    state = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, state.hand_id, dealer)
    data = json.loads(dump_record(svc.log.record(state.hand_id)))
    data["meta"]["uid"] = "imported-one"
    path = tmp_path / "one.json"
    path.write_text(json.dumps(data))
    (_name, hand_id), = svc.log.import_files([path], boss).stored
    assert svc.log.verify_all().ok
    with svc.db.engine.begin() as conn:
        conn.execute(text(sql), {"h": hand_id})
    report = svc.log.verify_all()
    assert [(b.hand_id, "(#3)" in b.label) for b in report.broken] == [(hand_id, True)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork on Linux only")
def test_the_command_lines_translator_does_not_stop_the_workers_forking() -> None:
    """``dealer-app log verify`` loads Qt's translator for its words (QtCore, no thread, no
    application): its workers still fork instead of importing the app again."""
    import subprocess

    code = ("import sys; from dealer_app import text; "
            "from dealer_app.commands.language import command_language; "
            "from dealer_app.services.evidence import start_context; "
            "scope = text.language(command_language('sv')); scope.__enter__(); "
            "text.tr('verifying'); "
            "assert 'PySide6.QtCore' in sys.modules; "
            "print(start_context().get_start_method())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60)
    assert done.stdout.strip() == "fork"


def test_workers_are_spawned_beside_a_qt_application(qapp: Any) -> None:
    from dealer_app.services.evidence import start_context

    assert qapp is not None
    assert start_context().get_start_method() == "spawn"
