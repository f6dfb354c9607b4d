"""The dealer's window is on the screen before its storage is imported and opened (issue 24:
the start took 1.3-1.5 s to a first paint, two thirds of it SQLAlchemy and the schema)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PySide6.QtWidgets import QApplication

from dealer_app.gui import app as gui_app
from dealer_app.gui.backend import Backend
from dealer_app.storage.errors import DatabaseUnavailableError


def test_the_window_and_its_modules_import_no_storage() -> None:
    code = ("import sys, dealer_app.gui.window, dealer_app.gui.app; "
            "print(sorted(m for m in sys.modules if m.startswith(('sqlalchemy', "
            "'dealer_app.storage.database', 'dealer_app.services.hands'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"QT_QPA_PLATFORM": "offscreen", "PATH": ""})
    assert out.stdout.strip() == "[]", out.stdout


def test_the_window_is_shown_before_the_database_is_opened(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []

    def open_later(_url: str | None) -> Backend:
        windows = [w for w in QApplication.topLevelWidgets()
                   if type(w).__name__ == "DealerWindow"]
        seen.append(any(w.isVisible() for w in windows))
        raise DatabaseUnavailableError("the server is away")

    monkeypatch.setattr(Backend, "open", staticmethod(open_later))
    feature = sys.modules["shibokensupport.feature"]  # the start skips PySide6's scan: back
    monkeypatch.setattr(feature, "_mod_uses_pyside", feature._mod_uses_pyside)  # after it
    with pytest.raises(DatabaseUnavailableError):
        gui_app.run("sqlite:///unused.sqlite3")
    assert seen == [True]
    left = [w for w in QApplication.topLevelWidgets() if type(w).__name__ == "DealerWindow"]
    assert not any(w.isVisible() for w in left)  # closed when the database cannot open
    for window in left:
        window.deleteLater()
