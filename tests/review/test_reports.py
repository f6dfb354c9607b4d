"""Session reports, chip reconciliation, stack history, hand reports and CSV (Qt-free)."""

from __future__ import annotations

import csv
import random
import sqlite3
from pathlib import Path

import pytest

from dealer_app.services import HandQuery, PermissionRefused, Services, StorageError, reports

from .datagen import World, play_hand


def sqlite_file(svc: Services) -> str:
    path = svc.db.sqlite_path
    assert path is not None
    return str(path)


def test_report_of_played_session_balances(world: World) -> None:
    rng = random.Random(3)
    for _ in range(6):
        play_hand(world, rng)
    report = reports.session_report(world.svc.db, world.session.id)
    rec = report.reconciliation
    assert report.hands_complete == 6 and report.hands_played == 6
    assert rec.balanced, rec.problems
    assert rec.buy_ins == 500 + 320 + 1000
    assert rec.stacks + rec.rake == rec.buy_ins
    assert sum(x.stack for x in report.seats) == sum(
        s.stack for s in world.svc.tables.seats(world.session.id))
    for line in report.seats:
        assert line.net == line.won  # the seat's record is consistent
        assert line.hands == 6
    assert "balanced" in report.to_text()


def test_adjust_and_cash_out_keep_balance(world: World) -> None:
    svc = world.svc
    play_hand(world, random.Random(5))
    svc.tables.adjust_stack(world.session.id, 3, 40, world.boss, "miscount")
    cash = svc.tables.leave(world.session.id, 6, world.dealer)
    report = reports.session_report(svc.db, world.session.id)
    rec = report.reconciliation
    assert rec.balanced
    assert rec.adjustments == 40 and rec.cash_outs == cash
    text = rec.equation()
    assert "adjustments +40" in text and "≠" not in text


def test_dealer_cannot_adjust(world: World) -> None:
    with pytest.raises(PermissionRefused):
        world.svc.tables.adjust_stack(world.session.id, 3, 40, world.dealer, "no")


def test_stack_changed_with_sql_is_flagged(world: World) -> None:
    play_hand(world, random.Random(8))
    with sqlite3.connect(sqlite_file(world.svc)) as conn:
        conn.execute("UPDATE seating SET stack = stack + 100 WHERE seat = 1")
    report = reports.session_report(world.svc.db, world.session.id)
    rec = report.reconciliation
    assert not rec.balanced
    assert rec.difference == -100
    assert any("seat 1" in p for p in rec.problems)
    assert "NOT BALANCED" in report.to_text()
    assert "#c62828" in report.to_html()


def test_rake_is_checked_against_what_the_players_lost(world: World) -> None:
    rng = random.Random(11)
    for _ in range(6):
        play_hand(world, rng)
    rec = reports.session_report(world.svc.db, world.session.id).reconciliation
    assert rec.balanced and rec.rake > 0  # 5% rake at this table
    with sqlite3.connect(sqlite_file(world.svc)) as conn:
        conn.execute("UPDATE hand SET rake = rake + 5 WHERE rake > 0 "
                     "AND id = (SELECT MIN(id) FROM hand WHERE rake > 0)")
    rec = reports.session_report(world.svc.db, world.session.id).reconciliation
    assert not rec.balanced
    assert any("rule 10.5" in p for p in rec.problems)


def test_stack_history_follows_hands(world: World) -> None:
    rng = random.Random(11)
    states = [play_hand(world, rng) for _ in range(4)]
    history = reports.stack_history(world.svc.db, world.session.id)
    assert history.hand_numbers == tuple(s.number for s in states)
    ann = dict(history.series["Ann"])
    assert ann[0] == 500
    assert ann[4] == states[-1].hand.stacks[1]


def test_hand_report_names_showdown_and_odd_chip(world: World) -> None:
    state = play_hand(world, random.Random(2))
    report = reports.hand_report(state)
    text = report.to_text()
    assert f"hand {state.number}" in text
    assert len(report.log) == len(state.log)
    if state.hand.showdown_order:
        assert "Showdown order: " in text
        for value in state.hand.shown_hands.values():
            assert value.describe() in text
    for pot in state.hand.pots():
        if pot.odd_chips:
            assert "rule 10.3" in text
    assert "<table" in report.to_html()


def test_hand_csv_reads_back(svc: Services, tmp_path: Path) -> None:
    from .datagen import bulk_hands

    ids = bulk_hands(svc.db, 600, tables=2, sessions_per_table=2)
    query = HandQuery(table_id=ids["table"])
    path = tmp_path / "hands.csv"
    seen: list[tuple[int, int]] = []
    written = reports.write_hand_list_csv(svc.review, query, path, sort="pot",
                                          descending=True, page=100,
                                          progress=lambda d, t: seen.append((d, t)))
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert written == len(rows) == svc.review.count(query) == 300
    assert seen[-1] == (300, 300)
    pots = [int(r["pot"]) for r in rows]
    assert pots == sorted(pots, reverse=True)
    assert len({r["hand_id"] for r in rows}) == 300  # pages neither overlap nor skip
    first = svc.review.search(query, limit=1, sort="pot", descending=True)[0]
    assert rows[0]["hand_id"] == str(first.hand_id)
    assert rows[0]["players"] == "; ".join(first.players)
    assert rows[0]["started_at"].endswith("Z")


def test_cancelled_csv_leaves_nothing(svc: Services, tmp_path: Path) -> None:
    from .datagen import bulk_hands

    bulk_hands(svc.db, 300, tables=1, sessions_per_table=1)
    path = tmp_path / "hands.csv"
    path.write_text("old\n")
    calls = iter([False, True])
    assert reports.write_hand_list_csv(svc.review, HandQuery(), path, page=100,
                                       cancel=lambda: next(calls)) is None
    assert path.read_text() == "old\n"
    assert not [p.name for p in tmp_path.iterdir() if ".part" in p.name]


def test_csv_reading_thread_hands_back_its_error_and_ends(svc: Services,
                                                          tmp_path: Path) -> None:
    """The rows are read by a thread of their own (issue 24): its error is the caller's,
    a writer that fails stops it, and no thread is left behind."""
    import threading

    from .datagen import bulk_hands

    bulk_hands(svc.db, 300, tables=1, sessions_per_table=1)
    before = threading.active_count()
    with pytest.raises(StorageError, match="cannot sort by"):
        reports.write_hand_list_csv(svc.review, HandQuery(), tmp_path / "a.csv", sort="nope")

    def full(_done: int, _total: int) -> None:
        if _done:
            raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        reports.write_hand_list_csv(svc.review, HandQuery(), tmp_path / "b.csv", page=10,
                                    progress=full)
    assert threading.active_count() == before
    assert not [p for p in tmp_path.iterdir() if ".csv" in p.name]
