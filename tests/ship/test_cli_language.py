"""The commands' human messages follow the language (``--lang``, else the workstation's
setting, else the system's); JSON output and exit statuses do not change, and a command that
prints no human message never loads a translator."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from dealer_app.cli import main
from dealer_app.commands import language
from dealer_app.engine import Settings
from dealer_app.services import Role, Services
from dealer_app.text import thousands, tr

SAMPLES = Path(__file__).resolve().parents[1] / "replay" / "samples"


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path}/floor.sqlite3"
    svc = Services.open(url)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246810")
    svc.tables.create_table("Table 1", Settings(ante=5, chip_unit=5), boss)
    svc.close()
    return url


def test_verify_speaks_swedish_with_lang_sv(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["log", "verify", "--db", db, "--lang", "sv"]) == 0
    out = capsys.readouterr().out
    assert "alla 0 händer håller" in out and "senaste kontrollpunkt" in out
    assert tr("verifying") == "verifying"  # the command put English back when it ended
    assert thousands(1250) == "1,250"  # and the thousands separator with it
    assert main(["log", "verify", "--db", db, "--lang", "en"]) == 0
    assert "all 0 hands hold" in capsys.readouterr().out


def test_the_saved_workstation_language_applies_without_lang(
        db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    QSettings("dealer-app", "dealer-app").setValue("language", "sv")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no PIN given
    assert main(["staff", "unlock", "--db", db, "--name", "Nobody", "--by", "Sam",
                 "--reason", "test", "--pin-stdin"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dealer-app: ") and "ingen PIN-kod på standard in" in err


def test_replay_json_is_the_same_and_loads_no_translator(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    record = str(SAMPLES / "odd-chip-split.json")
    assert main(["replay", "--json", record]) == 0
    english = capsys.readouterr().out
    loads: list[str | None] = []
    real = language._load_language
    monkeypatch.setattr(language, "_load_language",
                        lambda lang: loads.append(lang) or real(lang))
    assert main(["replay", "--json", "--lang", "sv", record]) == 0
    assert capsys.readouterr().out == english
    assert json.loads(english)
    assert loads == []
