"""The dealer's window imports its storage after it is shown; PySide6 then no longer reads
the source of each module imported (issue 24: the window's start)."""

from __future__ import annotations

import linecache
import sys
from pathlib import Path

import PySide6.QtCore  # noqa: F401 (the scan is installed with PySide6)
import pytest

from dealer_app.gui.import_scan import pyside_scan, skip_feature_scan


def _import_new_module(folder: Path, name: str) -> str:
    path = folder / f"{name}.py"
    path.write_text("VALUE = 1\n", encoding="utf-8")
    sys.path.insert(0, str(folder))
    try:
        __import__(name)  # (the import statement's hook: importlib's bypasses it)
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop(name, None)
    return str(path)


def test_modules_imported_once_the_window_is_shown_are_not_read_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    feature = sys.modules.get("shibokensupport.feature")
    assert feature is not None, "PySide6 installs its import scan"
    # PySide6's own scan, also when a test before (a command's first word) skipped it
    monkeypatch.setattr(feature, "_mod_uses_pyside", pyside_scan() or feature._mod_uses_pyside)
    read = _import_new_module(tmp_path, "scanned_before_skip")
    assert read in linecache.cache  # PySide6 read its source
    assert skip_feature_scan()
    unread = _import_new_module(tmp_path, "imported_after_skip")
    assert unread not in linecache.cache


def test_a_commands_first_word_leaves_what_it_imports_next_unread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`log import` loads Qt for its language at its first message; PySide6 then read every
    module the import brought in after it (about a tenth of 6,000 records' time)."""
    from dealer_app.commands.language import command_language

    feature = sys.modules["shibokensupport.feature"]
    monkeypatch.setattr(feature, "_mod_uses_pyside", lambda module: True)
    assert command_language("en").tr("Sign in") == "Sign in"
    assert feature._mod_uses_pyside(sys) is False
