"""Issue 11, items 1, 2 and 4 through the review window's widgets: go to a hand, substring
player search, typed dates, a player's history, the audit view, failing hands, voided and
in-progress hands, captions, the dealer's own view, the window's size, the correction
dialog — and the supervisor's dispute story from the keyboard."""

from __future__ import annotations

import csv
import dataclasses
import random
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from dealer_app.engine import DECK, Action, Event
from dealer_app.engine.hand import Hand
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.correction import CorrectInputDialog
from dealer_app.gui.review.dialogs import SupervisorActDialog
from dealer_app.gui.review.models import HAND_ID_ROLE, SORT_ROLE, HandListModel
from dealer_app.gui.review.window import IntegrityDialog, ReviewWindow, parse_go_to
from dealer_app.gui.toolkit import file_dialogs
from dealer_app.services import HandQuery, HandState, HandStatus, Role, VerifyReport
from dealer_app.services.moments import parse_moment, when

from .conftest import _copy
from .datagen import BOSS, BOSS_PIN, World, make_world, play_hand

NAMES = {1: ("Ann Méyer", 3000), 3: ("bo lind", 3000), 6: ("Cy Öberg", 3000)}
HANDS = 4


def _build(world: World) -> None:
    rng = random.Random(5)
    for _ in range(HANDS):
        play_hand(world, rng)
    svc = world.svc
    other = svc.staff.add_staff("Eli", Role.DEALER, "1711", by=world.boss)
    table = svc.tables.create_table("Table 7", world.table.settings, world.boss)
    session = svc.tables.open_session(table.id, other)
    for seat, name in ((2, "Dee Meyerson"), (4, "Ed")):
        svc.tables.seat_player(session.id, seat, name, 3000, other)
    play_hand(dataclasses.replace(world, dealer=other, table=table, session=session), rng)


@pytest.fixture(scope="session")
def named_template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, World]:
    folder = tmp_path_factory.mktemp("named")
    from storage.helpers import FakeClock

    from dealer_app.services import Services

    path = folder / "template.sqlite3"
    services = Services.open(f"sqlite:///{path}", clock=FakeClock())
    world = make_world(services, players=NAMES)
    _build(world)
    services.close()
    return path, world


@pytest.fixture
def named(named_template: tuple[Path, World], tmp_path: Path) -> Iterator[World]:
    yield from _copy(named_template, tmp_path)


@pytest.fixture(autouse=True)
def no_message_boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    for name in ("information", "warning", "critical"):
        monkeypatch.setattr(QMessageBox, name,
                            staticmethod(lambda *a, **k: shown.append(str(a[2]))))
    return shown


TYPED_MS = 10
"""The filters apply this long after the last key here, not 250 ms: the tests type a filter
and wait for it to apply (``waitUntil(not debounce.isActive())``) some twenty times; no
test here counts the reads that typing saves."""


def open_window(qtbot: QtBot, world: World, staff: object = None) -> ReviewWindow:
    win = ReviewWindow(ReviewBackend(world.svc), staff if staff is not None else world.boss)
    win.debounce.setInterval(TYPED_MS)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def window(qtbot: QtBot, named: World) -> Iterator[ReviewWindow]:
    win = open_window(qtbot, named)
    yield win
    for detail in list(win.details.values()):
        detail.close()
    for dialog in (win.audit_dialog, win.history_dialog, win.integrity_dialog):
        if dialog is not None:
            dialog.close()


def hands_of(world: World, table_id: int) -> list[HandState]:
    ids = [h.hand_id for h in world.svc.review.search(HandQuery(table_id=table_id), limit=99,
                                                       sort="number", descending=False)]
    return [world.svc.hands.hand_state(i) for i in ids]


# ---------------------------------------------------------------------------- 1. find
def test_parse_go_to() -> None:
    assert parse_go_to("Table 4 10131") == ("Table 4", 10131, None)
    assert parse_go_to("table 4 #10,131") == ("table 4", 10131, None)
    assert parse_go_to("Table 4 hand 10131") == ("Table 4", 10131, None)
    assert parse_go_to("id 18131") == (None, None, 18131)
    assert parse_go_to("  42 ") == (None, 42, None)
    with pytest.raises(ValueError, match="Go to"):
        parse_go_to("")
    with pytest.raises(ValueError, match="Go to"):
        parse_go_to("Table four")


def test_go_to_a_hand_by_table_and_number_or_by_id(qtbot: QtBot, window: ReviewWindow,
                                                   named: World) -> None:
    third = hands_of(named, named.table.id)[2]
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert window.goto_edit.hasFocus()
    qtbot.keyClicks(window.goto_edit, "table 3 #3")
    qtbot.keyClick(window.goto_edit, Qt.Key.Key_Return)
    assert third.hand_id in window.details  # opened
    row = window.view.currentIndex().row()
    assert window.model.hand_id(row) == third.hand_id
    # sorted by pot, the hand is found in its new place
    window._header_clicked(HandListModel.COL_POT)
    last = hands_of(named, named.table.id)[-1]
    window.goto_edit.clear()
    qtbot.keyClicks(window.goto_edit, f"id {last.hand_id}")
    qtbot.keyClick(window.goto_edit, Qt.Key.Key_Return)
    assert window.model.hand_id(window.view.currentIndex().row()) == last.hand_id
    # a hand that does not exist: a message, nothing opened, the list unchanged
    opened = set(window.details)
    window.goto_edit.clear()
    qtbot.keyClicks(window.goto_edit, "Table 3 999")
    qtbot.keyClick(window.goto_edit, Qt.Key.Key_Return)
    assert "Table 3 has no hand 999" in window.status_line.text()
    assert set(window.details) == opened and window.model.rowCount() == HANDS + 1


def test_go_to_clears_filters_that_hide_the_hand(qtbot: QtBot, window: ReviewWindow,
                                                 named: World) -> None:
    qtbot.keyClicks(window.player_edit, "Meyerson")  # only Table 7's hand
    qtbot.waitUntil(lambda: window.model.rowCount() == 1)
    first = hands_of(named, named.table.id)[0]
    window.go_to("Table 3 1", open_it=False)
    assert window.player_edit.text() == ""
    assert window.model.hand_id(window.view.currentIndex().row()) == first.hand_id


def test_player_search_matches_any_part_any_case_any_accent(qtbot: QtBot,
                                                           window: ReviewWindow) -> None:
    for typed, count in (("meyer", HANDS + 1), ("MÉYER", HANDS + 1), ("éy", HANDS + 1),
                         ("meyerson", 1), ("ann m", HANDS), ("LIND", HANDS), ("oberg", HANDS),
                         ("100%", 0), ("_", 0)):
        window.player_edit.clear()
        if typed.isascii():
            qtbot.keyClicks(window.player_edit, typed)
        else:  # QTest types ASCII only: an input method would insert it
            window.player_edit.insert(typed)
        qtbot.waitUntil(lambda: not window.debounce.isActive())
        assert window.model.rowCount() == count, typed
    assert window.empty_label.isVisible()
    assert "No hand matches these filters" in window.empty_label.text()


def test_typed_dates_and_the_calendar(qtbot: QtBot, window: ReviewWindow) -> None:
    now = datetime(2026, 11, 30, 22, 30).astimezone()
    assert parse_moment("2026-11-30 14:30") == datetime(2026, 11, 30, 14, 30).astimezone()
    assert parse_moment("today", now=now) == datetime(2026, 11, 30).astimezone()
    assert parse_moment("today", end=True, now=now) == datetime(2026, 12, 1).astimezone()
    assert parse_moment("yesterday 22:10", now=now) == \
        datetime(2026, 11, 29, 22, 10).astimezone()
    assert parse_moment("22:10", now=now) == datetime(2026, 11, 30, 22, 10).astimezone()
    assert parse_moment("2026-11-30", end=True) == datetime(2026, 12, 1).astimezone()
    for bad in ("2026-13-01", "25:00", "soon"):
        with pytest.raises(ValueError):
            parse_moment(bad)
    # typed into the filter: bad text is refused with a message, the list stays
    qtbot.keyClicks(window.since_edit.line, "soon")
    qtbot.waitUntil(lambda: not window.debounce.isActive())
    assert window.model.rowCount() == HANDS + 1
    assert "cannot read 'soon'" in window.status_line.text()
    window.since_edit.line.clear()
    qtbot.keyClicks(window.since_edit.line, "today")
    qtbot.waitUntil(lambda: not window.debounce.isActive())
    assert window.model.query.since == parse_moment("today")
    assert window.model.rowCount() == 0  # the hands were played in 2025
    assert "No hand matches" in window.empty_label.text()
    window.since_edit.line.clear()
    qtbot.keyClicks(window.since_edit.line, "2025-03-01")
    qtbot.keyClicks(window.until_edit.line, "2025-03-01")
    qtbot.waitUntil(lambda: not window.debounce.isActive())
    assert window.model.rowCount() == HANDS + 1
    # the calendar opens on today when nothing is typed
    window.until_edit.clear()
    window.until_edit.prepare_calendar()
    assert window.until_edit.calendar.selectedDate().toPython() == datetime.now().date()
    window.until_edit.calendar.clicked.emit(window.until_edit.calendar.selectedDate())
    assert window.until_edit.text() == datetime.now().strftime("%Y-%m-%d")


def test_player_history_with_net_per_hand_and_total(qtbot: QtBot, window: ReviewWindow,
                                                    named: World) -> None:
    window.view.selectRow(0)
    dialog = window.show_player_history()
    dialog.player.setCurrentText("ann méyer")
    qtbot.keyClick(dialog.player.lineEdit(), Qt.Key.Key_Return)
    hands = hands_of(named, named.table.id)
    nets = [h.hand.stacks[1] - h.seats[0].stack for h in hands]
    assert dialog.model.rowCount() == HANDS + 1  # and the total row
    by_id = {dialog.model.data(dialog.model.index(r, 0), HAND_ID_ROLE):
             dialog.model.data(dialog.model.index(r, 5), SORT_ROLE) for r in range(HANDS)}
    assert by_id == {h.hand_id: n for h, n in zip(hands, nets, strict=True)}
    total = dialog.model.data(dialog.model.index(HANDS, 5), SORT_ROLE)
    assert total == sum(nets)
    assert f"Ann Méyer: {HANDS} hands" in dialog.title.text()
    with qtbot.waitSignal(dialog.open_hand) as opened:
        dialog.view.doubleClicked.emit(dialog.model.index(0, 0))
    assert opened.args == [hands[-1].hand_id]
    dialog.player.setCurrentText("Nobody")
    dialog.load()
    assert "no hand of a player named 'Nobody'" in dialog.title.text()


def test_player_history_says_it_shows_only_the_newest(
        qtbot: QtBot, window: ReviewWindow, named: World,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23, fault 5: at its limit the list stopped without a word."""
    review = named.svc.review
    full = review.player_history
    monkeypatch.setattr(review, "player_history", lambda name: full(name, limit=2))
    dialog = window.show_player_history()
    dialog.player.setCurrentText("ann méyer")
    qtbot.keyClick(dialog.player.lineEdit(), Qt.Key.Key_Return)
    assert dialog.model.rowCount() == 2 + 1
    nets = [h.hand.stacks[1] - h.seats[0].stack for h in hands_of(named, named.table.id)]
    assert dialog.model.data(dialog.model.index(2, 5), SORT_ROLE) == sum(nets)
    assert f"Ann Méyer: {HANDS} hands" in dialog.title.text()
    assert f"the list shows the newest 2; the net is of all {HANDS}" in dialog.title.text()


# ---------------------------------------------------------------------------- 2. the log
def test_audit_view_lists_acts_sign_ins_refusals_and_exports(
        qtbot: QtBot, window: ReviewWindow, named: World, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    svc = named.svc
    backend = window.backend
    backend.sign_in(BOSS, BOSS_PIN)
    with pytest.raises(Exception, match="wrong PIN"):
        backend.sign_in(BOSS, "0000")
    first = hands_of(named, named.table.id)[0]
    boss = backend.authorise(BOSS, BOSS_PIN, "=cmd|' /C calc'!A0 dealer misread")
    svc.hands.void_hand(first.hand_id, boss, "=cmd|' /C calc'!A0 dealer misread")
    dialog = window.show_audit()
    assert dialog is not None
    dialog.debounce.setInterval(TYPED_MS)
    rows = {dialog.model.text(r, 3): r for r in range(dialog.model.rowCount())}
    assert {"sign-in", "wrong-pin", "void-hand", "supervisor-authorised"} <= set(rows)
    void_row = rows["void-hand"]
    assert dialog.model.text(void_row, 1) == f"{BOSS} (supervisor)"
    assert dialog.model.text(void_row, 5) == "Table 3 hand 1 · session " + \
        str(named.session.id)
    assert "dealer misread" in dialog.model.text(void_row, 4)
    assert dialog.model.text(rows["wrong-pin"], 2) == "refused"
    # filters: kind, then staff
    dialog.kind.setCurrentIndex(dialog.kind.findData("refused"))
    assert [dialog.model.text(r, 3) for r in range(dialog.model.rowCount())] == ["wrong-pin"]
    dialog.kind.setCurrentIndex(0)
    qtbot.keyClicks(dialog.staff, "eli")
    qtbot.waitUntil(lambda: not dialog.debounce.isActive())
    assert dialog.model.rowCount() > 0
    assert all(dialog.model.lines[r].record.by == "Eli" for r in range(dialog.model.rowCount()))
    dialog.staff.clear()
    qtbot.waitUntil(lambda: not dialog.debounce.isActive())
    qtbot.keyClicks(dialog.since.line, "today")
    qtbot.waitUntil(lambda: not dialog.debounce.isActive())
    assert dialog.model.rowCount() == 0 and "No audit entry" in dialog.status.text()
    dialog.since.clear()
    qtbot.waitUntil(lambda: not dialog.debounce.isActive())
    # CSV of what is shown, formulas escaped
    path = tmp_path / "audit.csv"
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: str(path))
    assert dialog.export_csv() == dialog.model.rowCount()
    with path.open(newline="", encoding="utf-8") as fh:
        exported = list(csv.DictReader(fh))
    void = next(r for r in exported if r["act"] == "void-hand")
    assert void["reason"].startswith("'=") and void["hand_id"] == str(first.hand_id)
    # a row that touched a hand opens it
    with qtbot.waitSignal(dialog.open_hand) as opened:
        dialog.view.doubleClicked.emit(dialog.model.index(rows["void-hand"], 0))
    assert opened.args == [first.hand_id]


def test_log_audit_command(named: World, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from dealer_app.cli import main

    url = named.svc.db.url
    named.svc.review.record_sign_in(named.boss, "review")
    assert main(["log", "audit", "--db", url, "--json", "--staff", "sam"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines and all(x["staff"] == BOSS for x in lines)
    assert lines[0]["act"] == "sign-in" and lines[0]["kind"] == "sign-in"
    assert main(["log", "audit", "--db", url, "--kind", "sign-in"]) == 0
    out = capsys.readouterr().out
    assert "sign-in" in out and "Sam" in out
    assert main(["log", "audit", "--db", url, "--since", "later"]) == 2
    assert "cannot read 'later'" in capsys.readouterr().err


def test_a_failing_hand_is_marked_opened_and_clicked_through(
        qtbot: QtBot, window: ReviewWindow, named: World, tmp_path: Path) -> None:
    hands = hands_of(named, named.table.id)
    changed, unreadable = hands[1].hand_id, hands[2].hand_id
    with sqlite3.connect(str(named.svc.db.sqlite_path)) as conn:
        conn.execute("UPDATE hand_event SET staff_name = 'Mallory' WHERE hand_id = ? "
                     "AND seq = 2", (changed,))
        conn.execute("UPDATE hand_event SET card = 'Zz' WHERE hand_id = ? AND card IS NOT "
                     "NULL", (unreadable,))
    report = window.verify_log()
    assert sorted({b.hand_id for b in report.broken}) == sorted([changed, unreadable])
    row = window.backend.position(window.model.query, changed, sort="started_at",
                                  descending=True)
    assert row is not None
    status = window.model.data(window.model.index(row, HandListModel.COL_STATUS))
    assert "FAILS CHECK" in status and "Complete" not in status
    dialog = window.integrity_dialog
    assert dialog is not None
    # each result opens its hand: one that replays, with what failed
    index = next(i for i, b in enumerate(report.broken) if b.hand_id == changed)
    dialog.table.cellDoubleClicked.emit(index, 0)
    detail = window.details[changed]
    assert detail.problem_label.isVisible() and "Mallory" not in detail.problem_label.text()
    assert "INTEGRITY FAILED" in detail.title.text()
    # one whose stored inputs no longer replay: its rows as stored, and why
    index = next(i for i, b in enumerate(report.broken) if b.hand_id == unreadable)
    dialog.table.cellActivated.emit(index, 0)
    broken = window.details[unreadable]
    assert "CANNOT BE REPLAYED" in broken.title.text()
    assert broken.log_model.rowCount() == len(hands[2].log)
    assert not broken.correct_button.isEnabled()
    # saved as text
    saved = dialog.save(str(tmp_path / "integrity.txt"))
    text = Path(saved or "").read_text(encoding="utf-8")
    assert "2 of 5 hands were changed" in text and str(changed) in text


def test_the_integrity_result_names_table_and_hand_and_the_hand_cannot_be_changed(
        qtbot: QtBot, window: ReviewWindow, named: World, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    hand = hands_of(named, named.table.id)[1]
    with sqlite3.connect(str(named.svc.db.sqlite_path)) as conn:
        conn.execute("UPDATE hand_event SET staff_name = 'Mallory' WHERE hand_id = ? "
                     "AND seq = 2", (hand.hand_id,))
    report = window.verify_log()
    assert any(b.label.startswith("hand event") for b in report.broken)
    dialog = window.integrity_dialog
    assert dialog is not None
    place = f"{named.table.name} hand {hand.number}"
    rows = range(dialog.table.rowCount())
    assert rows and all(dialog.table.item(r, 1).text() == place for r in rows)
    assert all("hand event" not in dialog.table.item(r, 1).text() for r in rows)
    assert any("was changed outside the app" in dialog.table.item(r, 2).text() for r in rows)
    assert f"{place} (id {hand.hand_id}) — hand event" in dialog.text()
    dialog.table.cellActivated.emit(0, 0)
    detail = window.details[hand.hand_id]
    qtbot.waitExposed(detail)
    assert "INTEGRITY FAILED" in detail.title.text()
    assert not detail.void_button.isEnabled() and not detail.correct_button.isEnabled()
    assert not detail.correct_action.isEnabled()
    opened: list[object] = []
    monkeypatch.setattr(CorrectInputDialog, "exec", lambda self: opened.append(self) or 0)
    detail.log_view.selectRow(1)
    qtbot.keyClick(detail, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)  # Ctrl+E
    assert not opened and detail.correct_dialog() is None
    detail.resize(1024, 768)
    detail.grab().save(str(tmp_path / "failing-hand.png"))
    dialog.resize(900, 460)
    dialog.grab().save(str(tmp_path / "integrity.png"))


def test_a_cancelled_check_is_not_green(qtbot: QtBot) -> None:
    dialog = IntegrityDialog(VerifyReport(checked=120, cancelled=True))
    qtbot.addWidget(dialog)
    assert dialog.verdict.property("balanced") is False
    assert "CANCELLED" in dialog.verdict.text() and "not a verdict" in dialog.verdict.text()
    whole = IntegrityDialog(VerifyReport(checked=120))
    qtbot.addWidget(whole)
    assert whole.verdict.property("balanced") is True


def test_void_and_in_progress_hands_show_true_figures(qtbot: QtBot, window: ReviewWindow,
                                                      named: World) -> None:
    svc = named.svc
    first = hands_of(named, named.table.id)[0]
    pot = sum(p.amount for p in first.hand.pots())
    svc.hands.void_hand(first.hand_id, named.boss, "misdeal found on camera")
    running = play_hand(named, random.Random(3), inputs=8)
    assert not running.hand.complete
    window.refresh()
    summaries = {window.model.hand_id(r): window.model.summary(r)
                 for r in range(window.model.rowCount())}
    assert summaries[first.hand_id].pot == pot > 0  # type: ignore[union-attr]
    in_middle = sum(p.amount for p in running.hand.pots()) + sum(running.hand.bets.values())
    assert summaries[running.hand_id].pot == in_middle > 0  # type: ignore[union-attr]
    detail = window.open_hand(first.hand_id)
    detail.replay.set_step(detail.replay.steps)
    before = {spec.seat: spec.stack for spec in first.seats}
    shown = {r.seat: r for r in detail.replay.rows if r.in_hand}
    assert shown and all(r.won == 0 for r in shown.values())  # no winner badge
    assert {seat: r.stack for seat, r in shown.items()} == before  # no post-award stack
    assert first.hand.stacks != before
    assert "voided" in detail.replay.next_label.text()
    detail.replay.set_step(detail.replay.steps - 1)  # before the award: as it was played
    assert not any(r.won for r in detail.replay.rows)


def test_captions_name_players_amounts_and_no_key_hints(qtbot: QtBot, window: ReviewWindow,
                                                       named: World) -> None:
    state = hands_of(named, named.table.id)[0]
    detail = window.open_hand(state.hand_id)
    seen = []
    for step in range(detail.replay.steps + 1):
        detail.replay.set_step(step)
        seen.append(detail.replay.step_label.text())
        assert "press" not in detail.replay.next_label.text().lower()
    text = "\n".join(seen)
    assert "(Ann Méyer)" in text and "(bo lind)" in text
    calls = [i for i, e in enumerate(state.events) if e.action is Action.CALL]
    for i in calls:
        assert any(ch.isdigit() for ch in seen[i + 1].split("calls")[-1]), seen[i + 1]
    antes = [line for line in seen if " antes " in line]
    assert antes and all(line.rstrip().endswith(f"{state.settings.ante:,}") for line in antes)
    result = detail.result.toPlainText()
    assert "ann méyer" not in result and ("Ann Méyer" in result or "bo lind" in result)
    assert "No rake" not in result  # the table has rake
    started = detail.subtitle.text().split("started ")[1].split(" · ")[0]
    assert started == when(state.started_at)  # date, time and zone
    assert started.split()[-1].strip("+-0123456789:")  # a zone name or UTC offset


# ---------------------------------------------------------------------------- 4. roles, screens
def test_a_dealer_sees_only_the_hands_of_their_open_session(qtbot: QtBot, named: World) -> None:
    win = open_window(qtbot, named, named.dealer)
    assert win.restricted
    assert win.model.rowCount() == HANDS  # Table 7's hand is someone else's
    assert {win.model.summary(r).session_id for r in range(HANDS)} == {  # type: ignore[union-attr]
        named.session.id}
    for name in ("voidHand", "adjustStack", "closeSession", "verifyLog", "auditLog"):
        assert not win.buttons[name].isVisible(), name
    assert win.buttons["openHand"].isVisible()
    assert not win.table_box.isEnabled() and not win.session_box.isEnabled()
    assert win.go_to("Table 7 1") is None
    assert "not in your open session" in win.status_line.text()
    hand = win.go_to("1")
    assert hand is not None and hand.session_id == named.session.id
    detail = win.details[hand.hand_id]
    assert not detail.void_button.isVisible() and not detail.correct_button.isVisible()
    assert detail.correct_dialog() is None
    detail.close()
    assert win.show_audit() is None
    win.close()
    boss = open_window(qtbot, named)
    assert boss.model.rowCount() == HANDS + 1 and boss.buttons["voidHand"].isVisible()
    boss.close()


def test_a_dealer_without_an_open_session_sees_no_hand(qtbot: QtBot, named: World) -> None:
    svc = named.svc
    svc.tables.close_session(named.session.id, named.boss, "end of shift")
    win = open_window(qtbot, named, named.dealer)
    assert win.model.rowCount() == 0
    assert "no open session" in win.empty_label.text()
    win.close()


def _assert_buttons_fit(win: ReviewWindow) -> None:
    """Every visible button shows its whole text and lies inside the window."""
    for button in win.findChildren(QPushButton):
        if not button.isVisible():
            continue
        assert button.width() >= button.sizeHint().width(), button.text()
        right = button.mapTo(win, button.rect().bottomRight())
        assert right.x() <= win.width() and right.y() <= win.height(), button.text()


def test_window_fits_1366_by_768_and_remembers_its_size(qtbot: QtBot, named: World,
                                                       tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "review.ini"), QSettings.Format.IniFormat)
    win = ReviewWindow(ReviewBackend(named.svc), named.boss, settings=settings)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    assert win.width() <= 1366 and win.height() <= 768
    _assert_buttons_fit(win)
    win.resize(1000, 650)  # (the offscreen screen is 800×800; the window's least 1000×600)
    win.close()
    again = ReviewWindow(ReviewBackend(named.svc), named.boss, settings=settings)
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (1000, 650)
    again.close()


def test_a_size_saved_on_a_larger_screen_is_cut_to_this_one(qtbot: QtBot, named: World,
                                                           tmp_path: Path) -> None:
    """Left at 1900×1050 on a 1920×1080 station, the review reopened at that size and place
    on a smaller screen, its buttons and edges off the screen."""
    from PySide6.QtCore import QPoint, QSize
    from PySide6.QtGui import QGuiApplication

    settings = QSettings(str(tmp_path / "review.ini"), QSettings.Format.IniFormat)
    settings.setValue("size", QSize(1900, 1050))
    settings.setValue("position", QPoint(1500, 900))
    settings.sync()
    win = ReviewWindow(ReviewBackend(named.svc), named.boss, settings=settings)
    qtbot.addWidget(win)
    screen = QGuiApplication.primaryScreen()
    assert screen is not None
    free = screen.availableGeometry()
    least = win.minimumSize()
    assert win.width() <= max(free.width(), least.width())
    assert win.height() <= max(free.height(), least.height())
    assert free.left() <= win.x() <= max(free.left(), free.right() + 1 - win.width())
    assert free.top() <= win.y() <= max(free.top(), free.bottom() + 1 - win.height())
    win.close()


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_button_fits_1024_by_768_in_every_language(qtbot: QtBot, named: World,
                                                         tmp_path: Path, lang: str) -> None:
    from dealer_app.gui.app import application
    from dealer_app.gui.toolkit import i18n

    settings = QSettings(str(tmp_path / "review.ini"), QSettings.Format.IniFormat)
    i18n.install(application(), lang)
    try:
        win = ReviewWindow(ReviewBackend(named.svc), named.boss, settings=settings)
        qtbot.addWidget(win)
        win.resize(1024, 768)
        win.show()
        qtbot.waitExposed(win)
        assert win.width() <= 1024 and win.height() <= 768, (win.width(), win.height())
        _assert_buttons_fit(win)
        win.close()
    finally:
        i18n.install(application(), "en")


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_hand_lists_times_and_statuses_are_never_cut_at_1024(
        qtbot: QtBot, named: World, tmp_path: Path, lang: str) -> None:
    """Seen at 1024x768: "2026-12-03 18:36 …" and "Complete …" in columns of fixed
    widths too narrow for the 12 pt font."""
    from dealer_app.gui.app import application
    from dealer_app.gui.review.models import HandListModel, status_label
    from dealer_app.gui.toolkit import i18n
    from dealer_app.services import HandStatus

    settings = QSettings(str(tmp_path / "review.ini"), QSettings.Format.IniFormat)
    i18n.install(application(), lang)
    try:
        win = ReviewWindow(ReviewBackend(named.svc), named.boss, settings=settings)
        qtbot.addWidget(win)
        win.resize(1024, 768)
        win.show()
        qtbot.waitExposed(win)
        view, model = win.view, win.model
        qtbot.waitUntil(lambda: model.rowCount() > 0)
        metrics = view.fontMetrics()
        m = HandListModel
        texts = {m.COL_STARTED: [str(model.index(r, m.COL_STARTED).data())
                                 for r in range(model.rowCount())],
                 m.COL_STATUS: [status_label(s, c, short=True) for s in HandStatus
                                for c in (False, True)]}
        for column, shown in texts.items():
            need = max(metrics.horizontalAdvance(text) for text in shown) + 8
            assert view.columnWidth(column) >= need, (column, shown)
        assert view.columnWidth(m.COL_PLAYERS) >= 100  # the players keep room (1000 px)
        win.close()
    finally:
        i18n.install(application(), "en")


def test_the_review_dialogs_fit_the_screen(qtbot: QtBot, named: World) -> None:
    """A dialog sized for a large screen shrinks to a smaller one (the offscreen screen is
    800×800; a station's may be 1024×768)."""
    from PySide6.QtGui import QGuiApplication

    from dealer_app.gui.review.audit import AuditDialog
    from dealer_app.gui.review.history import PlayerHistoryDialog
    from dealer_app.gui.review.report import SessionReportDialog

    screen = QGuiApplication.primaryScreen()
    assert screen is not None
    free = screen.availableGeometry().size()
    backend = ReviewBackend(named.svc)
    for dialog in (SessionReportDialog(backend), PlayerHistoryDialog(backend),
                   AuditDialog(backend)):
        qtbot.addWidget(dialog)
        size = dialog.size()
        assert size.width() <= free.width() and size.height() <= free.height(), (
            type(dialog).__name__, size, free)


def test_clear_filters_also_resets_the_sort_order(qtbot: QtBot, window: ReviewWindow) -> None:
    window._header_clicked(HandListModel.COL_POT)
    window._header_clicked(HandListModel.COL_POT)
    assert window.model.sort_key == "pot" and not window.model.descending
    qtbot.keyClicks(window.player_edit, "lind")
    qtbot.mouseClick(window.clear_button, Qt.MouseButton.LeftButton)
    assert window.model.sort_key == "started_at" and window.model.descending
    header = window.view.horizontalHeader()
    assert header.sortIndicatorSection() == HandListModel.COL_STARTED
    assert window.model.rowCount() == HANDS + 1


def test_correction_dialog_prefills_clears_its_hint_and_previews(qtbot: QtBot,
                                                                 window: ReviewWindow,
                                                                 named: World) -> None:
    state = hands_of(named, named.table.id)[0]
    detail = window.open_hand(state.hand_id)
    assert detail.correct_dialog() is None
    assert "Select an input" in detail.subtitle.text()
    row = next(r for r, e in enumerate(detail.log_model.entries)
               if e.event is not None and e.event.action is Action.ANTE)
    detail.log_view.selectRow(row)
    assert "Select an input" not in detail.subtitle.text()
    dialog = detail.correct_dialog()
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.name.text() == BOSS  # the supervisor who signed in
    assert dialog.preview.text().startswith("Unchanged")
    dialog.strike.setChecked(True)
    assert dialog.preview.text() and dialog.preview.text() != "Unchanged"
    dialog.strike.setChecked(False)
    dialog.action.setCurrentIndex(dialog.action.findData(Action.FOLD))
    assert "Refused by the rules" in dialog.preview.text() or dialog.preview.text()


# ---------------------------------------------------------------------------- the story
def _disputed_card(state: HandState) -> tuple[int, str]:
    """A shown card of the hand (its log row) and a replacement that changes the award."""
    for step, event in enumerate(state.events, 1):
        if event.action is not Action.SHOW or event.card is None:
            continue
        used = {str(c) for c in state.hand.used}
        for card in (str(c) for c in DECK):
            if card in used:
                continue
            events = list(state.events)
            events[step - 1] = Event(event.seat, Action.SHOW, card=card)
            try:
                hand = Hand.replay(state.settings, state.seats, events)
            except Exception:  # noqa: BLE001 - the rules refuse this card: try another
                continue
            if hand.complete and hand.stacks != state.hand.stacks:
                return step, card
    raise LookupError


def test_the_dispute_story_from_the_keyboard(qtbot: QtBot, named: World,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """ "Player X says hand Y on Table 3 at about 18:10 was mis-awarded": find the hand,
    replay it, correct it; the session report is at hand."""
    rng = random.Random(11)
    disputed = None
    for _ in range(40):  # deal on until a hand ends with a shown hole card that matters
        state = play_hand(named, rng)
        try:
            step, card = _disputed_card(state)
        except LookupError:
            continue
        disputed = state
        break
    assert disputed is not None and disputed.number is not None
    win = open_window(qtbot, named)
    # find it: the time, then go to the hand by table and number
    qtbot.keyClick(win, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(win.goto_edit, f"Table 3 {disputed.number}")
    qtbot.keyClick(win.goto_edit, Qt.Key.Key_Return)
    detail = win.details[disputed.hand_id]
    qtbot.waitExposed(detail)
    qtbot.waitUntil(detail.isActiveWindow)
    # replay it from the start to the end with the keys
    qtbot.keyClick(detail, Qt.Key.Key_Home)
    assert detail.replay.step == 0
    for _ in range(step):
        qtbot.keyClick(detail, Qt.Key.Key_Right)
    assert detail.replay.step == step
    assert "shows" in detail.replay.step_label.text()
    qtbot.keyClick(detail, Qt.Key.Key_End)
    assert detail.replay.step == detail.replay.steps
    # correct the shown card: select its log row from the keyboard, Ctrl+E
    detail.log_view.setFocus()
    target = detail.log_model.row_of_step(step)
    assert target is not None
    qtbot.keyClick(detail.log_view, Qt.Key.Key_Home)
    for _ in range(target):
        qtbot.keyClick(detail.log_view, Qt.Key.Key_Down)
    qtbot.keyClick(detail.log_view, Qt.Key.Key_Space)
    assert detail.selected_entry() is not None and detail.selected_entry().step == step
    previews: list[str] = []

    def typed(dialog: CorrectInputDialog) -> int:
        assert dialog.name.text() == BOSS
        dialog.card.selectAll()
        qtbot.keyClicks(dialog.card, card)
        previews.append(dialog.preview.text())
        qtbot.keyClicks(dialog.pin, BOSS_PIN)
        qtbot.keyClicks(dialog.reason, "camera shows the card; player was right")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        return int(dialog.result())

    monkeypatch.setattr(SupervisorActDialog, "exec", typed)
    qtbot.keyClick(detail, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert previews and "wins" in previews[0]
    after = named.svc.hands.hand_state(disputed.hand_id)
    assert after.corrected and after.hand.stacks != disputed.hand.stacks
    assert "CORRECTED" in detail.title.text()
    row = win.model.row_of(disputed.hand_id)
    assert row is not None and "corrected" in win.model.data(
        win.model.index(row, HandListModel.COL_STATUS), Qt.ItemDataRole.ToolTipRole)
    # the session report is at hand for the sign-off
    assert win.buttons["sessionReport"].isEnabled()
    report = win.show_session_report()
    assert report is not None
    qtbot.addWidget(report)
    report.close()
    detail.close()
    win.close()


def test_pot_figures_after_undo_and_hand_times(named: World) -> None:
    """The stored pot follows an in-progress hand input by input."""
    state = play_hand(named, random.Random(9), inputs=3)
    stored = named.svc.review.search(HandQuery(), limit=1)[0]
    assert stored.hand_id == state.hand_id
    assert stored.pot == sum(p.amount for p in state.hand.pots()) + sum(
        state.hand.bets.values())
    assert stored.status is HandStatus.IN_PROGRESS


def test_log_amounts_have_thousands_separators() -> None:
    from dealer_app.gui.review.models import grouped

    assert grouped("Seat 2 raises to 12000") == "Seat 2 raises to 12,000"
    assert grouped("Seat 2 bets 500") == "Seat 2 bets 500"
    assert grouped("Undo of #1234") == "Undo of #1234"  # a log row, not an amount
