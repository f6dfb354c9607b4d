"""`dealer-app floor` and `dealer-app display`: bad arguments get a clear message and change
nothing."""

from __future__ import annotations

import pytest

from dealer_app.cli import main
from dealer_app.services import Services, StaffMember


@pytest.mark.one_backend
def test_display_names_the_tables_when_the_table_is_unknown(
        db_url: str, floor_db: tuple[Services, StaffMember],
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["display", "--table", "Nope", "--db", db_url]) == 1
    err = capsys.readouterr().err
    assert "no table named 'Nope'" in err and "T1, T2" in err


def test_floor_refuses_a_stale_time_of_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["floor", "--stale", "0"]) == 2
    assert "--stale must be above 0" in capsys.readouterr().err


def test_display_needs_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["display"])
    except SystemExit as exc:  # argparse's own exit (older cli.main lets it through)
        status = exc.code  # type: ignore[assignment]
    assert status == 2
    assert "--table" in capsys.readouterr().err


@pytest.mark.one_backend
@pytest.mark.parametrize("command", [["floor"], ["display", "--table", "T1"]])
def test_floor_and_display_speak_the_language_asked_for(
        command: list[str], db_url: str, floor_db: tuple[Services, StaffMember],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QApplication, QWidget

    from dealer_app.gui.app import application
    from dealer_app.gui.toolkit import i18n

    shown: list[str] = []
    app = application(lang="en")
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(QWidget, "show", lambda self: shown.append(self.windowTitle()))
    monkeypatch.setattr(QWidget, "showFullScreen",
                        lambda self: shown.append(self.windowTitle()))
    monkeypatch.setattr(QWidget, "showMaximized",
                        lambda self: shown.append(self.windowTitle()))
    try:
        assert main([*command, "--db", db_url, "--lang", "sv"]) == 0
        assert i18n.installed_language() == "sv" and shown
    finally:
        i18n.install(app, "en")


@pytest.mark.one_backend
def test_the_floor_view_fills_the_screen(db_url: str, floor_db: tuple[Services, StaffMember],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """It opened at 1500x900 in a corner of a supervisor's 1920x1080 screen."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication, QWidget

    from dealer_app.gui.app import application

    application()
    shown: list[tuple[QRect, bool]] = []

    def maximised(self: QWidget) -> None:
        QWidget.show(self)
        shown.append((self.geometry(), self.isVisible()))
        self.close()

    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(QWidget, "showMaximized", maximised)
    assert main(["floor", "--db", db_url]) == 0
    screen = QGuiApplication.primaryScreen()
    assert screen is not None
    assert shown and shown[0][1]
    assert shown[0][0].size() == screen.availableGeometry().size()
