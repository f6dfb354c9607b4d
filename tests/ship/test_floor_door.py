"""The floor's windows reach the services through their backend only (issue 22, item 5:
the floor view, its parts and the players' screen built and called the services on
``services`` themselves; the review's backend was the model)."""

from __future__ import annotations

import ast
from pathlib import Path

import dealer_app

GUI = Path(dealer_app.__file__).resolve().parent / "gui"
ROOMS = ("floor", "display")
DOOR = GUI / "floor" / "backend.py"


def _reaches_past_the_door(path: Path) -> list[str]:
    """``x.services`` anywhere in ``path``: a window or part holding the services itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(GUI.parent)}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr == "services"]


def test_only_the_floor_backend_holds_the_services() -> None:
    files = [p for room in ROOMS for p in sorted((GUI / room).glob("*.py")) if p != DOOR]
    assert len(files) > 10
    wrong = [where for path in files for where in _reaches_past_the_door(path)]
    assert not wrong, "call the services through gui/floor/backend.py: " + ", ".join(wrong)


def test_the_floor_backend_is_what_the_windows_hold() -> None:
    from dealer_app.gui.floor.backend import FloorBackend
    from dealer_app.gui.floor.parts import FloorView

    assert "backend" in dir(FloorView)
    assert {"floor", "calls", "closing", "waiting_lists", "rotation", "presence"} <= set(
        FloorBackend.__init__.__code__.co_names)
