"""Issue 21: `dealer-app floor report --csv FILE --pdf FILE` writes the shift report; without
a file it says what to name and writes nothing."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from dealer_app.cli import main
from dealer_app.services import Services, StaffMember


@pytest.mark.one_backend
def test_floor_report_writes_the_csv_and_the_pdf(
        db_url: str, floor_db: tuple[Services, StaffMember], tmp_path: Path,
        capsys: pytest.CaptureFixture[str], qapp: QApplication) -> None:
    # the worker's QApplication first, as in every window test: the command's PDF then uses
    # it, and leaves no bare QGuiApplication behind (every later widget of the worker aborted)
    assert main(["floor", "report", "--db", db_url]) == 2
    assert "--csv FILE or --pdf FILE" in capsys.readouterr().err
    out_csv, out_pdf = tmp_path / "shift.csv", tmp_path / "shift.pdf"
    assert main(["floor", "report", "--db", db_url, "--csv", str(out_csv),
                 "--pdf", str(out_pdf)]) == 0
    rows = list(csv.DictReader(out_csv.open(encoding="utf-8")))
    assert [(r["line"], r["name"], r["state"]) for r in rows[:2]] == [
        ("table", "T1", "starting"), ("table", "T2", "closed")]
    assert rows[2]["line"] == "dealer" and rows[2]["name"] == "Dana"
    assert rows[-1]["line"] == "floor" and rows[-1]["seated"] == "3"
    assert out_pdf.read_bytes().startswith(b"%PDF")
    assert str(out_pdf) in capsys.readouterr().out
    assert main(["floor", "report", "--db", db_url, "--csv",
                 str(tmp_path / "missing" / "x.csv")]) == 1
    assert "dealer-app floor report:" in capsys.readouterr().err
