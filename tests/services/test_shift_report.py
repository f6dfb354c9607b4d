"""Issue 21: shift figures per table and per dealer (hands per hour now and over the shift,
average pot, rake, time idle) and for the floor, and the shift report as CSV."""

from __future__ import annotations

import csv
from datetime import timedelta
from pathlib import Path

from storage.helpers import FakeClock, play

from dealer_app.engine import Settings
from dealer_app.services import Role, Services, SessionInfo, StaffMember, TableInfo
from dealer_app.services.floor import game_of
from dealer_app.services.shift_report import TableState, shift_report, write_shift_csv
from dealer_app.services.waiting import WaitingListService


def _hand(svc: Services, session: SessionInfo, dealer: StaffMember, clock: FakeClock,
          minutes: float) -> int:
    hand = svc.hands.start_hand(session.id, dealer)
    clock.advance(minutes=minutes)
    state = play(svc.hands, hand.hand_id, dealer)
    return sum(p.amount for p in state.hand.pots())


def test_shift_figures_per_table_dealer_and_floor(
        svc: Services, session: SessionInfo, table: TableInfo, dealer: StaffMember,
        boss: StaffMember, clock: FakeClock, tmp_path: Path) -> None:
    eve = svc.staff.add_staff("Eve", Role.DEALER, "2468", by=boss)
    svc.tables.create_table("Table 9", Settings(ante=10, chip_unit=5), boss)
    WaitingListService(svc.db).add(game_of(table.settings), "Gus", boss)
    since = clock.moment - timedelta(minutes=1)
    opened = clock.moment
    clock.advance(minutes=4)
    _hand(svc, session, dealer, clock, 2)
    clock.advance(minutes=10)
    _hand(svc, session, dealer, clock, 3)
    svc.tables.change_dealer(session.id, eve, boss)  # the push
    clock.advance(minutes=5)
    _hand(svc, session, eve, clock, 1)
    clock.advance(minutes=5)
    report = shift_report(svc.db, since=since, generated_by="Sam")
    t3, t9 = report.tables
    assert (t3.name, t3.state, t3.dealer, t3.seated, t3.waiting) == \
        ("Table 3", TableState.OPEN, "Eve", 3, 1)
    assert (t9.name, t9.state, t9.figures.hands) == ("Table 9", TableState.CLOSED, 0)
    f = t3.figures
    assert f.hands == 3 and f.hands_last_hour == 3
    minutes_open = (clock.moment - opened).total_seconds() / 60
    assert abs(f.seconds / 60 - minutes_open) < 0.01
    assert abs(f.idle / 60 - (minutes_open - 6)) < 0.01  # 2 + 3 + 1 minutes of hands
    assert f.hands_per_hour is not None and abs(f.hands_per_hour - 3 * 60 / minutes_open) < 0.1
    assert f.average_pot is not None and f.average_pot > 0 and f.rake >= 0
    dana, eve_line = report.dealers
    assert (dana.name, dana.figures.hands, eve_line.name, eve_line.figures.hands) == \
        ("Dana", 2, "Eve", 1)
    assert abs(eve_line.figures.idle / 60 - 10) < 0.01
    assert dana.figures.seconds + eve_line.figures.seconds == f.seconds
    assert (report.tables_open, report.players_seated, report.waiting, report.hands) == \
        (1, 3, 1, 3)
    # the CSV: a line per table, per dealer, and the floor's
    out = write_shift_csv(report, tmp_path / "shift.csv")
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [(r["line"], r["name"]) for r in rows] == [
        ("table", "Table 3"), ("table", "Table 9"), ("dealer", "Dana"), ("dealer", "Eve"),
        ("floor", "")]
    assert rows[0]["hands"] == "3" and rows[0]["state"] == "open"
    assert rows[-1]["rake"] == str(report.rake) and rows[-1]["waiting"] == "1"
    page = report.to_html()
    assert "Table 3" in page and "Eve" in page and "Hands per hour" in page
