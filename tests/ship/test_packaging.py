"""The package as shipped: version, resources through importlib.resources, desktop entry."""

from __future__ import annotations

import configparser
from pathlib import Path

import pytest

from dealer_app import cli
from dealer_app.commands import desktop
from dealer_app.gui.toolkit import resources
from dealer_app.storage.migrate import head_revision


def test_version_names_the_package_and_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("dealer-app ")
    assert out.endswith(f"(schema {head_revision()})")


def test_resources_hold_the_style_icons_translations_and_desktop_entry() -> None:
    for parts in (("style.qss",), ("icons", "app.svg"), ("translations", "dealer_app_sv.qm"),
                  ("desktop", "dealer-app.desktop")):
        assert resources.resource(*parts).is_file(), parts
    sheet = resources.style_sheet()
    assert "url(icons/" not in sheet  # made absolute, so it works from any folder


def test_setup_packages_every_resource_the_app_reads() -> None:
    """pyproject's package-data globs must cover every file under resources/."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    data = tomllib.loads((root / "pyproject.toml").read_text())
    globs = data["tool"]["setuptools"]["package-data"]["dealer_app.resources"]
    files = {p.relative_to(root / "resources") for p in (root / "resources").rglob("*")
             if p.is_file() and p.suffix not in (".py", ".ts", ".pyc")}
    covered = {f for f in files if any(f.match(g) for g in globs)}
    assert files == covered


def test_desktop_install_writes_the_entry_and_icon(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    args = cli_args("install")
    assert desktop.run(args) == 0
    entry, icon = desktop.targets()
    assert icon.read_bytes() == resources.resource("icons", "app.svg").read_bytes()
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(entry, encoding="utf-8")
    section = parser["Desktop Entry"]
    assert section["Icon"] == "dealer-app"
    assert section["Exec"] and section["Exec"] != "dealer-app-missing"
    assert desktop.run(cli_args("uninstall")) == 0
    assert not entry.exists() and not icon.exists()


def test_desktop_entry_quotes_a_command_with_spaces() -> None:
    text = desktop.desktop_entry("/opt/my apps/dealer-app")
    assert 'Exec="/opt/my apps/dealer-app"' in text.splitlines()


def cli_args(action: str):  # type: ignore[no-untyped-def]
    import argparse

    return argparse.Namespace(action=action)
