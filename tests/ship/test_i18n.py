"""Languages: the choice, the translators, number formats, and the translation files."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QLocale  # noqa: E402
from pytestqt.qtbot import QtBot  # noqa: E402

from dealer_app.commands.gui import LANGUAGES as CLI_LANGUAGES  # noqa: E402
from dealer_app.gui.app import application  # noqa: E402
from dealer_app.gui.toolkit import i18n  # noqa: E402
from dealer_app.gui.views.language import LanguageBox  # noqa: E402
from dealer_app.text import thousands, thousands_signed, tr  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "resources" / "translations"
BIN = Path(sys.executable).parent


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """English restored after each test (the settings are the test's own: tests/conftest.py)."""
    yield
    i18n.install(application(), "en")


def test_cli_offers_the_shipped_languages() -> None:
    assert set(CLI_LANGUAGES) == set(i18n.LANGUAGES)


def test_lang_overrides_the_saved_setting_which_overrides_the_system() -> None:
    assert i18n.choose_language() == i18n.system_language()
    i18n.save_language("sv")
    assert i18n.choose_language() == "sv"
    assert i18n.choose_language("en") == "en"
    with pytest.raises(ValueError, match="'xx'"):
        i18n.choose_language("xx")
    with pytest.raises(ValueError):
        i18n.save_language("xx")


def test_swedish_translates_and_formats_numbers(qtbot: QtBot) -> None:
    app = application()
    loaded = i18n.install(app, "sv")
    assert any(name.endswith("dealer_app_sv.qm") for name in loaded)
    assert any("qtbase_sv" in name for name in loaded)
    assert i18n.amount(1250) == "1\u00a0250"
    assert thousands(1250) == "1\u00a0250" and thousands_signed(-40000) == "-40\u00a0000"
    box = LanguageBox()
    qtbot.addWidget(box)
    assert box.label.text() == "Språk"
    assert box.choice.currentData() == "sv"  # the language on screen (--lang), not the setting
    assert tr("Language") == "Språk"  # the Qt-free hook the services' words go through too
    i18n.install(app, "en")
    assert tr("Language") == "Language"
    assert i18n.amount(1250) == "1,250"
    assert thousands(1250) == "1,250"  # the reports' amounts follow the language too
    assert QLocale().name() == "en_GB"


def test_choosing_a_language_on_the_tables_page_saves_it(qtbot: QtBot) -> None:
    application()
    box = LanguageBox()
    qtbot.addWidget(box)
    box.show()
    box.choice.setFocus()
    index = box.choice.findData("sv")
    box.choice.setCurrentIndex(index)
    box.choice.activated.emit(index)
    assert i18n.saved_language() == "sv"
    assert box.note.text()


def translatable_sources() -> list[str]:
    """What ``scripts/update-translations`` reads: the package but the engine (which speaks
    in codes, put into words by the windows)."""
    package = ROOT / "dealer_app"
    return sorted(str(p) for p in package.rglob("*.py")
                  if (package / "engine") not in p.parents)


def _messages(ts: Path) -> list[ET.Element]:
    return list(ET.parse(ts).getroot().iter("message"))


@pytest.mark.parametrize("ts", sorted(TRANSLATIONS.glob("*.ts")), ids=lambda p: p.name)
def test_translation_has_no_unfinished_or_empty_entries(ts: Path) -> None:
    messages = _messages(ts)
    assert messages
    for message in messages:
        translation = message.find("translation")
        source = message.findtext("source")
        assert translation is not None and translation.get("type") is None, source
        assert (translation.text or "").strip(), source


@pytest.mark.parametrize("ts", sorted(TRANSLATIONS.glob("*.ts")), ids=lambda p: p.name)
def test_shipped_qm_matches_its_ts_source(ts: Path, tmp_path: Path) -> None:
    lrelease = BIN / "pyside6-lrelease"
    if not lrelease.exists():
        found = shutil.which("pyside6-lrelease")
        if found is None:
            pytest.skip("pyside6-lrelease is not installed")
        lrelease = Path(found)
    out = tmp_path / "out.qm"
    subprocess.run([str(lrelease), "-silent", str(ts), "-qm", str(out)], check=True)
    assert out.read_bytes() == ts.with_suffix(".qm").read_bytes(), \
        "run ./scripts/update-translations"


def test_every_translatable_string_is_in_the_ts_files(tmp_path: Path) -> None:
    """lupdate over the sources adds nothing to the committed .ts files."""
    lupdate = BIN / "pyside6-lupdate"
    if not lupdate.exists():
        pytest.skip("pyside6-lupdate is not installed")
    sources = translatable_sources()
    for ts in TRANSLATIONS.glob("*.ts"):
        copy = tmp_path / ts.name
        shutil.copy(ts, copy)
        subprocess.run([str(lupdate), "-silent", "-no-obsolete", "-locations", "none",
                        "-tr-function-alias", "QT_TR_NOOP+=tr_noop",
                        *sources, "-ts", str(copy)], check=True)
        before = {m.findtext("source") for m in _messages(ts)}
        after = {m.findtext("source") for m in _messages(copy)}
        assert after == before, f"new strings: {sorted(after - before)}"
