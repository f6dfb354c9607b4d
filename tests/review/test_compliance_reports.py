"""Reports a compliance officer accepts: the session and hand report PDFs (text extracted
and rendered to PNG), dealers' stints, the table's currency, the CSV that reconciles the
chips alone, corrected records' provenance and the exported files' mode."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from storage.helpers import FakeClock

from dealer_app.cli import main
from dealer_app.engine import Settings
from dealer_app.engine.record import load_record, replay_record
from dealer_app.services import HandQuery, HandStatus, Services, StorageError, reports
from dealer_app.services.core.fingerprint import evidence_fingerprint
from dealer_app.services.core.stints import dealer_stints

from .report_world import ADJUST_WHY, CLOSE_WHY, CORRECTION_WHY, VOID_WHY, ReportWorld, build

HAVE_POPPLER = shutil.which("pdftotext") is not None and shutil.which("pdftoppm") is not None


@pytest.fixture(scope="module")
def report_template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ReportWorld]:
    path = tmp_path_factory.mktemp("compliance") / "template.sqlite3"
    clock = FakeClock()
    services = Services.open(f"sqlite:///{path}", clock=clock)
    world = build(services, clock)
    services.close()
    return path, world


@pytest.fixture
def rw(report_template: tuple[Path, ReportWorld], tmp_path: Path) -> Iterator[ReportWorld]:
    source, world = report_template
    target = tmp_path / "report.sqlite3"
    shutil.copy(source, target)
    clock = FakeClock()
    clock.advance(hours=1)
    services = Services.open(f"sqlite:///{target}", clock=clock)
    world.svc = services
    yield world
    services.close()


def pdf_text(path: Path, *, layout: bool = False) -> str:
    """The PDF's words with single spaces: ``layout`` keeps a table's row on one line,
    without it each cell's wrapped lines stay together."""
    args = ["pdftotext", *(["-layout"] if layout else []), str(path), "-"]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    # NFKC: the ligatures the PDF fonts use (ﬀ, ﬁ) read as their letters
    return " ".join(unicodedata.normalize("NFKC", out).split())


def pdf_pages_png(path: Path, folder: Path) -> list[Path]:
    subprocess.run(["pdftoppm", "-r", "50", "-png", str(path), str(folder / path.stem)],
                   check=True)
    return sorted(folder.glob(f"{path.stem}*.png"))


# ---------------------------------------------------------------------------- services
def test_each_dealer_has_a_stint_with_hands_and_pace(rw: ReportWorld) -> None:
    stints = dealer_stints(rw.svc.db, rw.session_id)
    assert [s.dealer for s in stints] == ["Dana McKay", "Eli van Dijk"]
    first, second = stints
    assert first.ended_at == second.started_at and second.ended_at is not None
    assert (first.hands, first.void, second.hands, second.void) == (3, 1, 4, 0)
    # 3 hands in 10.5 minutes, 4 hands in 8 minutes (the fake clock's two minutes a hand)
    assert first.pace() == "17.1" and second.pace() == "30.0"
    report = reports.session_report(rw.svc.db, rw.session_id)
    assert report.stints == tuple(stints)
    assert report.dealers() == "Dana McKay, Eli van Dijk"


def test_session_lists_every_supervisor_act_with_reason(rw: ReportWorld) -> None:
    acts = reports.session_acts(rw.svc.db, rw.session_id)
    assert [(a.act, a.by, a.reason) for a in acts] == [
        ("Correction", "Sam Åberg", CORRECTION_WHY), ("Void", "Sam Åberg", VOID_WHY),
        ("Adjustment", "Sam Åberg", ADJUST_WHY), ("Closing", "Sam Åberg", CLOSE_WHY)]
    assert "Jd → Seat 1 is dealt down Js" in acts[0].what
    assert acts[2].what == "seat 3 (Bo) +40"


def test_the_table_currency_is_set_checked_and_reported(rw: ReportWorld) -> None:
    svc = rw.svc
    table = svc.tables.list_tables()[0]
    assert table.currency == "SEK"  # typed "sek"
    with pytest.raises(StorageError, match="three-letter code"):
        svc.tables.create_table("Table 9", Settings(ante=5, chip_unit=5), rw.boss,
                                currency="EURO")
    assert [t.name for t in svc.tables.list_tables()] == ["Table 4"]  # nothing made
    assert svc.tables.create_table("Table 9", Settings(ante=5, chip_unit=5),
                                   rw.boss).currency == "EUR"  # the default
    changed = svc.tables.change_settings(table.id, table.settings, rw.boss, "euro tables",
                                         currency="EUR")
    assert changed.currency == "EUR" and svc.tables.session(rw.session_id).currency == "EUR"
    assert reports.session_report(svc.db, rw.session_id).currency == "EUR"
    kept = svc.tables.change_settings(table.id, table.settings, rw.boss, "same currency")
    assert kept.currency == "EUR"


def test_fingerprint_changes_when_a_hand_changes(rw: ReportWorld) -> None:
    before = evidence_fingerprint(rw.svc.db, rw.session_id)
    assert before.hands == 8 and len(before.digest) == 64
    assert evidence_fingerprint(rw.svc.db, rw.session_id).digest == before.digest
    with rw.svc.db.transaction() as s:
        from sqlalchemy import text
        s.execute(text("UPDATE hand SET head_digest = 'x' WHERE id = :i"),
                  {"i": rw.voided.hand_id})
    assert evidence_fingerprint(rw.svc.db, rw.session_id).digest != before.digest


# ---------------------------------------------------------------------------- PDFs
@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils (pdftotext) not installed")
def test_session_pdf_has_what_compliance_needs(rw: ReportWorld, tmp_path: Path,
                                               qapp: object) -> None:
    from dealer_app.gui.review import exports
    from dealer_app.gui.review.chart import render_history

    report = reports.session_report(rw.svc.db, rw.session_id, generated_by="Sam Åberg")
    chart = render_history(reports.stack_history(rw.svc.db, rw.session_id), unit="SEK")
    path = exports.write_session_pdf(report, tmp_path / "session.pdf", chart)
    text = pdf_text(path)
    rows = pdf_text(path, layout=True)
    assert "Session report — Table 4, session 1" in text
    assert "Currency SEK" in rows and "Seats (SEK)" in text
    # totals row and the reconciliation line by line
    assert "Total 18,200 +40 18,215 0 -25 7" in rows
    for label, amount in report.reconciliation_lines():
        assert f"{label} {amount}" in rows
    assert "0 — balanced" in text
    # every act with its supervisor and reason
    for why in (CORRECTION_WHY, VOID_WHY, ADJUST_WHY, CLOSE_WHY):
        assert why in text
    assert text.count("Sam Åberg") >= 5
    # each dealer's stint, generated at and by with the zone, the fingerprint
    assert "Dana McKay 2025-03-01 18:00:00 UTC 2025-03-01 18:10:30 UTC" in rows
    assert "17.1" in rows and "30.0" in rows
    assert "by Sam Åberg · times in UTC (UTC+00:00)" in text
    assert report.evidence is not None and report.evidence.short in text
    # signature lines for each dealer and the supervisor
    for who in ("Dealer signature — Dana McKay", "Dealer signature — Eli van Dijk",
                "Supervisor signature"):
        assert who in text
    assert "____" in text and "Date and time" in text


@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils (pdftoppm) not installed")
def test_session_pdf_prints_at_readable_size_across_the_page(rw: ReportWorld, tmp_path: Path,
                                                             qapp: object) -> None:
    from PySide6.QtGui import QColor, QImage

    from dealer_app.gui.review import exports

    report = reports.session_report(rw.svc.db, rw.session_id, generated_by="Sam Åberg")
    path = exports.write_session_pdf(report, tmp_path / "session.pdf")
    # the words' heights in points: body text about 10 pt (it was 3 pt: laid out at 96 dpi
    # on a 300 dpi page)
    bbox = subprocess.run(["pdftotext", "-bbox", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    import re

    heights = [float(m.group(2)) - float(m.group(1)) for m in re.finditer(
        r'word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">Buy-ins<', bbox)]
    assert heights and min(heights) >= 9.0, heights
    page = QImage(str(pdf_pages_png(path, tmp_path)[0]))
    assert abs(page.height() / page.width() - 297 / 210) < 0.01  # A4 portrait
    inked = [x for x in range(page.width())
             if any(page.pixelColor(x, y) != QColor("white")
                    for y in range(0, page.height(), 3))]
    assert (inked[-1] - inked[0]) / page.width() > 0.8  # 180 of 210 mm in use


@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils (pdftotext) not installed")
def test_hand_pdf_names_table_dealer_status_amounts_and_corrections(
        rw: ReportWorld, tmp_path: Path, qapp: object) -> None:
    from dealer_app.gui.review import exports
    from dealer_app.gui.review.backend import ReviewBackend

    backend = ReviewBackend(rw.svc)
    report = backend.hand_report(rw.corrected.hand_id)
    path = exports.write_hand_pdf(report, tmp_path / "hand.pdf")
    text = pdf_text(path)
    rows = pdf_text(path, layout=True)
    assert "Hand report — hand 2 (complete, corrected)" in text
    assert "Table Table 4" in rows and "Dealer Dana McKay" in rows
    assert "Status complete, corrected" in rows
    state = rw.svc.hands.hand_state(rw.corrected.hand_id)
    amounts = reports.input_amounts(state)
    assert "Seat 3 brings in 10" in rows  # the bring-in with its amount
    calls = [e for e in state.log if e.event is not None and e.step is not None
             and e.event.action.value == "call"]
    assert calls and all(amounts[e.step] > 0 for e in calls if e.step is not None)
    assert f"{calls[0].event.describe()} {amounts[calls[0].step or 0]:,}" in rows
    assert "Corrections" in text and CORRECTION_WHY in text
    assert "replaced by Seat 1 is dealt down Js" in text
    assert "2025-03-01 18:04:30 UTC" in text  # times with their zone
    assert "Seat 3 (Bo) shows" in text and "(=HYPERLINK(1)) shows" in text  # case kept
    from PySide6.QtGui import QImage

    pages = [QImage(str(p)) for p in pdf_pages_png(path, tmp_path)]
    assert len(pages) == 2 and all(not page.isNull() for page in pages)
    assert abs(pages[0].height() / pages[0].width() - 297 / 210) < 0.01  # A4 portrait


def test_hand_report_of_an_imported_hand_names_the_records_table(rw: ReportWorld) -> None:
    record = rw.svc.log.record(rw.corrected.hand_id)
    data = record.to_dict()
    data["meta"] = {"table": "Salon 2", "dealer": "Kim"}
    hand_id = rw.svc.log.import_record(load_record(json.dumps(data)), rw.boss)
    header = reports.hand_header(rw.svc.db, hand_id)
    assert (header.table, header.dealer) == ("Salon 2 (imported)", "Kim (as the record says)")


# ---------------------------------------------------------------------------- CSV
def test_csv_reconciles_the_chips_and_escapes_formulas(rw: ReportWorld, tmp_path: Path) -> None:
    path = tmp_path / "hands.csv"
    written = reports.write_hand_list_csv(rw.svc.review, HandQuery(), path)
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert written == len(rows) == 8
    assert set(reports.CSV_COLUMNS) <= set(rows[0])
    by_number = {int(r["number"]): r for r in rows}
    assert by_number[2]["corrected"] == "yes" and by_number[3]["corrected"] == "no"
    assert by_number[4]["status"] == "void" and by_number[4]["results"] == ""
    # no cell can run as a formula; the name is kept after the quote
    for row in rows:
        for cell in row.values():
            assert not cell.startswith(("=", "+", "-", "@")), cell
    assert "'=HYPERLINK(1)" in by_number[1]["players"]
    # the chips reconcile from the CSV alone: per complete hand, results add up to − rake
    report = reports.session_report(rw.svc.db, rw.session_id)
    total_rake = 0
    for row in rows:
        if row["status"] != HandStatus.COMPLETE.value:
            continue
        gains = [int(part.rsplit(" ", 1)[1]) for part in row["results"].split("; ")]
        assert sum(gains) == -int(row["rake"])
        won = [int(x) for x in row["won"].split("; ") if x]
        assert won == [g for g in gains if g > 0]
        assert len(row["winners"].split("; ")) == len(won)
        total_rake += int(row["rake"])
    assert total_rake == report.rake == report.reconciliation.rake


def test_csv_follows_the_filter_and_order(rw: ReportWorld, tmp_path: Path) -> None:
    path = tmp_path / "hands.csv"
    query = HandQuery(player="bo", status=HandStatus.COMPLETE)
    written = reports.write_hand_list_csv(rw.svc.review, query, path, sort="number",
                                          descending=False)
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    expected = rw.svc.review.search(query, limit=100, sort="number", descending=False)
    assert written == len(expected) == 7
    assert [r["hand_id"] for r in rows] == [str(h.hand_id) for h in expected]


def test_csv_cell_escaping() -> None:
    assert reports.escape_cell("=1+1") == "'=1+1"
    assert reports.escape_cell("-5") == "'-5" and reports.escape_cell("@x") == "'@x"
    assert reports.escape_cell("+1") == "'+1" and reports.escape_cell("Ann") == "Ann"


# ---------------------------------------------------------------------------- records
def test_exported_corrected_record_keeps_provenance_and_replays(rw: ReportWorld,
                                                                tmp_path: Path) -> None:
    from dealer_app.gui.review.backend import ReviewBackend

    files = ReviewBackend(rw.svc).export_records([rw.corrected.hand_id], tmp_path)
    assert files is not None
    record = load_record(files[0].read_text(encoding="utf-8"))
    meta = record.meta
    assert meta["corrected"] is True
    (fix,) = meta["corrections"]
    assert fix["by"] == "Sam Åberg" and fix["reason"] == CORRECTION_WHY
    assert fix["at"].endswith("Z") and fix["target"] == fix["replaced"]["seq"]
    assert fix["replaced"]["event"]["card"] == "Jd" and fix["replaced"]["by"] == "Dana McKay"
    assert fix["with"] == {"seat": fix["replaced"]["event"]["seat"], "action": "deal-down",
                           "card": "Js"}
    assert replay_record(record) == rw.svc.hands.hand_state(rw.corrected.hand_id).result()
    assert main(["replay", str(files[0])]) == 0


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
@pytest.mark.parametrize("mask", [0o000, 0o022])
def test_exported_files_are_the_owners_alone_whatever_the_umask(
        rw: ReportWorld, tmp_path: Path, mask: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from dealer_app.gui.review.backend import ReviewBackend

    old = os.umask(mask)
    monkeypatch.setattr(os, "umask", lambda *_: pytest.fail("the umask is process-wide"))
    try:
        backend = ReviewBackend(rw.svc)
        (tmp_path / "gui").mkdir()
        records = backend.export_records([rw.corrected.hand_id], tmp_path / "gui")
        assert records is not None
        csv_path = tmp_path / "hands.csv"
        reports.write_hand_list_csv(rw.svc.review, HandQuery(), csv_path)
        cli = rw.svc.log.export(tmp_path / "cli", session_id=rw.session_id).written
    finally:
        monkeypatch.undo()
        os.umask(old)
    for path in [*records, csv_path, *cli]:
        assert path.stat().st_mode & 0o777 == 0o600, path
    assert (tmp_path / "cli").stat().st_mode & 0o777 == 0o700  # the folder the export made


# ---------------------------------------------------------------------------- the window
@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils (pdftotext) not installed")
def test_the_report_dialog_shows_stints_and_prints_signed_by_the_supervisor(
        rw: ReportWorld, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import Qt

    from dealer_app.gui.review import open_review_window
    from dealer_app.gui.toolkit import file_dialogs

    class Holder:
        services = rw.svc

    window = open_review_window(Holder(), rw.boss)
    qtbot.addWidget(window)
    pdf = tmp_path / "session.pdf"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: str(pdf))
    dialog = window.show_session_report()
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    assert "Dana McKay" in dialog.stints.text() and "Eli van Dijk" in dialog.stints.text()
    assert "17.1 hands per hour" in dialog.stints.text()
    assert VOID_WHY in dialog.acts.text() and "SEK" in dialog.facts.text()
    qtbot.mouseClick(dialog.pdf_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(pdf.exists)
    text = pdf_text(pdf)
    assert "by Sam Åberg" in text and "Supervisor signature" in text
    assert pdf.stat().st_mode & 0o777 == 0o600
    dialog.close()
    window.close()



# ---------------------------------------------------------------------------- both databases
def test_csv_stints_and_provenance_on_each_database(db_url: str, clock: FakeClock,
                                                    tmp_path: Path) -> None:
    """The CSV's cells are made in SQL (per dialect): the same file from SQLite and
    PostgreSQL (with DEALER_APP_TEST_PG_URL set)."""
    svc = Services.open(db_url, clock=clock)
    try:
        world = build(svc, clock, hands=5)
        path = tmp_path / "hands.csv"
        assert reports.write_hand_list_csv(svc.review, HandQuery(), path, sort="table",
                                           descending=False) == 5
        with path.open(newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
        by_number = {int(r["number"]): r for r in rows}
        assert by_number[1]["players"] == "ann meyer; Bo; '=HYPERLINK(1)"
        assert by_number[1]["started_at"] == "2025-03-01T18:02:00Z"
        assert by_number[2]["corrected"] == "yes" and by_number[4]["results"] == ""
        for row in rows:
            if row["status"] == "complete":
                gains = [int(p.rsplit(" ", 1)[1]) for p in row["results"].split("; ")]
                assert sum(gains) == -int(row["rake"])
        stints = dealer_stints(svc.db, world.session_id)
        assert [(s.dealer, s.hands, s.void) for s in stints] == [
            ("Dana McKay", 2, 0), ("Eli van Dijk", 2, 1)]
        meta = svc.log.record(world.corrected.hand_id).meta
        assert meta["corrections"][0]["reason"] == CORRECTION_WHY
    finally:
        svc.close()


def test_printed_amounts_have_thousands_separators() -> None:
    from dealer_app.engine import Action, Event

    assert reports.describe(Event(3, Action.RAISE, to=12000)) == "Seat 3 raises to 12,000"
    assert reports.describe(Event(3, Action.CALL)) == "Seat 3 calls"
    assert reports.describe(Event(1, Action.DEAL_UP, card="As")) == "Seat 1 is dealt As"


# ---------------------------------------------------------------------------- pages (issue 23)
def pdf_pages(path: Path) -> list[str]:
    """The words of each page of a PDF (single spaces)."""
    out = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True,
                         text=True).stdout
    pages = unicodedata.normalize("NFKC", out).split("\f")
    return [" ".join(page.split()) for page in pages if page.strip()]


@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils (pdftotext) not installed")
def test_the_sign_off_never_splits_and_every_page_is_numbered(tmp_path: Path,
                                                             qapp: object) -> None:
    from dealer_app.gui.review import exports

    sign_off = ("<h2><a name=keep-together>Sign-off</a></h2><table>"
                + "".join(f"<tr><td><br><br>____<br>Signer {i}</td></tr>" for i in range(3))
                + "</table>")
    starts = []
    for lines in range(40, 80, 5):  # the sign-off lands across the page's foot for some
        path = exports.write_pdf("".join(f"<p>filler {i}</p>" for i in range(lines))
                                 + sign_off, tmp_path / f"{lines}.pdf")
        pages = pdf_pages(path)
        holding = [i for i, page in enumerate(pages) if "Signer" in page]
        assert len(holding) == 1, (lines, holding)  # all three signers on one page
        page = pages[holding[0]]
        assert all(f"Signer {i}" in page for i in range(3)) and "Sign-off" in page
        for number, words in enumerate(pages, 1):
            assert f"page {number} of {len(pages)}" in words, (lines, number)
        starts.append(page.startswith("Sign-off"))
    assert any(starts)  # some had to start a new page


@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils (pdftotext) not installed")
def test_both_pdfs_print_the_rake_and_the_hand_pdf_who_generated_it(
        rw: ReportWorld, tmp_path: Path, qapp: object) -> None:
    from dealer_app.gui.review import exports
    from dealer_app.gui.review.backend import ReviewBackend

    report = reports.session_report(rw.svc.db, rw.session_id, generated_by="Sam Åberg")
    session = pdf_text(exports.write_session_pdf(report, tmp_path / "session.pdf"),
                       layout=True)
    assert "Rake 5 % of the pots, capped at 50" in session
    assert "page 1 of 2" in session and "page 2 of 2" in session
    hand = pdf_text(exports.write_hand_pdf(
        ReviewBackend(rw.svc).hand_report(rw.corrected.hand_id, by="Sam Åberg"),
        tmp_path / "hand.pdf"), layout=True)
    assert "Rake 5 % of the pots, capped at 50" in hand
    assert "Generated 2025-03-01 19:00:00 UTC by Sam Åberg · times in UTC" in hand
    assert "Signed checkpoint" in hand and "Chain head" in hand
    assert "page 1 of 2" in hand


def test_a_table_without_rake_says_none() -> None:
    from dealer_app.engine import Settings

    assert reports.rake_text(Settings(ante=5, chip_unit=5)) == "none"
    assert reports.rake_text(Settings(ante=5, chip_unit=5, rake_percent=3)) == \
        "3 % of the pots, no cap"


@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils (pdftotext) not installed")
def test_the_closing_row_prints_why_an_unbalanced_session_was_closed(
        rw: ReportWorld, tmp_path: Path, qapp: object) -> None:
    from dealer_app.gui.review import exports

    svc = rw.svc
    table = svc.tables.list_tables()[0]
    session = svc.tables.open_session(table.id, rw.dealers[0])
    svc.tables.seat_player(session.id, 2, "Cy", 500, rw.dealers[0])
    with svc.db.transaction() as s:  # chips gone outside the app
        from sqlalchemy import text
        s.execute(text("UPDATE seating SET stack = stack - 50 WHERE session_id = :s"),
                  {"s": session.id})
    why = "50 found missing at the count; reported"
    svc.tables.close_session(session.id, rw.boss, "end of shift", why)
    report = reports.session_report(svc.db, session.id)
    closing = [a for a in report.acts if a.act == "Closing"]
    assert why in closing[0].what and why in report.to_text()
    assert why in pdf_text(exports.write_session_pdf(report, tmp_path / "s.pdf"))
