"""The fixture that gives every test its own language scope (tests/conftest.py uses it;
tests/ship/test_language_value.py proves that it works)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from dealer_app import text


@pytest.fixture(autouse=True)
def one_language_per_test() -> Iterator[None]:
    """Every test starts in English and leaves no language behind: whatever it switched to
    (``i18n.install``, ``text.use_language``) ends with it, the Qt translators too."""
    with text.language(text.ENGLISH):
        yield
    i18n = sys.modules.get("dealer_app.gui.toolkit.i18n")
    if i18n is not None and i18n.installed_language() != i18n.DEFAULT:
        from PySide6.QtCore import QCoreApplication

        app = QCoreApplication.instance()
        if app is not None:
            i18n.install(app, i18n.DEFAULT)
            text.use_language(text.ENGLISH)  # install's, for this context again
