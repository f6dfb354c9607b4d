"""Issue 23, fault 7: export dialogs opened in the home folder with names made of database
ids (``hand-17.pdf``); they open in the folder last saved to, under the table's name."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from dealer_app.gui.toolkit import file_dialogs
from dealer_app.services import HandQuery

from .datagen import World
from .test_find import open_window


def test_export_names_are_read_by_people_and_the_folder_is_remembered(
        qtbot: QtBot, played: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Path] = []
    answer: list[str] = [""]

    def chosen(_parent: object, _title: str, path: Path, _pattern: str = "") -> str:
        asked.append(Path(path))
        return answer[0]

    monkeypatch.setattr(file_dialogs, "save_file_name", chosen)
    win = open_window(qtbot, played)
    hand = played.svc.review.search(HandQuery(session_id=played.session.id), limit=1)[0]
    assert win.export_hand_pdf_of(hand.hand_id) is None  # cancelled
    assert asked[-1].name == f"Table-3-hand-{hand.number}.pdf"
    assert asked[-1].parent != Path.home() or not (Path.home() / "Documents").is_dir()
    answer[0] = str(tmp_path / "mine.pdf")
    assert win.export_hand_pdf_of(hand.hand_id) == tmp_path / "mine.pdf"
    answer[0] = ""
    win.export_session_pdf(played.session.id)
    assert asked[-1].parent == tmp_path  # the folder last saved to
    assert asked[-1].name.startswith("Table-3-session-20")
    assert str(played.session.id) + ".pdf" not in asked[-1].name
