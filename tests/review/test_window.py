"""The supervisor's window driven through its widgets: filters, sorting, opening a hand,
supervisor acts behind a PIN, the integrity check, exports. Modal boxes are patched out."""

from __future__ import annotations

import csv
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from dealer_app.engine.record import load_record
from dealer_app.gui.review import open_review_window
from dealer_app.gui.review.dialogs import SupervisorActDialog
from dealer_app.gui.review.models import HandListModel
from dealer_app.gui.review.window import ReviewWindow
from dealer_app.gui.toolkit import file_dialogs
from dealer_app.services import HandStatus, Services
from dealer_app.services.reports import session_report

from .datagen import BOSS, BOSS_PIN, DEALER, DEALER_PIN, World


class Holder:
    """Passes the dealer window's backend shape: an object with ``services``."""

    def __init__(self, services: Services) -> None:
        self.services = services


@pytest.fixture
def window(qtbot: QtBot, played: World) -> Iterator[ReviewWindow]:
    win = open_review_window(Holder(played.svc), played.boss)
    assert isinstance(win, ReviewWindow)
    win.debounce.setInterval(10)  # a typed filter applies 10 ms after the last key, not 250
    qtbot.addWidget(win)
    qtbot.waitExposed(win)
    yield win
    for detail in list(win.details.values()):
        detail.close()


@pytest.fixture(autouse=True)
def no_message_boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    for name in ("information", "warning", "critical"):
        monkeypatch.setattr(QMessageBox, name,
                            staticmethod(lambda *a, **k: shown.append(str(a[2]))))
    return shown


def answer_acts(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot,
                attempts: list[tuple[str, str, str]],
                fill: Any = None) -> list[str]:
    """Patches the act dialogs' exec: types each (name, PIN, reason) attempt and presses
    the confirm button; gives up (Cancel) when the attempts run out. Returns the errors."""
    errors: list[str] = []

    def fake_exec(dialog: SupervisorActDialog) -> int:
        if fill is not None:
            fill(dialog)
        for name, pin, reason in attempts:
            dialog.name.clear()
            qtbot.keyClicks(dialog.name, name)
            dialog.pin.clear()
            qtbot.keyClicks(dialog.pin, pin)
            dialog.reason.setPlainText(reason)
            qtbot.mouseClick(dialog.findChild(type(dialog.buttons.buttons()[0]), "confirmAct"),
                             Qt.MouseButton.LeftButton)
            if dialog.result() == QDialog.DialogCode.Accepted:
                return int(QDialog.DialogCode.Accepted)
            errors.append(dialog.error.text())
        dialog.reject()
        return int(QDialog.DialogCode.Rejected)

    monkeypatch.setattr(SupervisorActDialog, "exec", fake_exec)
    return errors


def select_hand(window: ReviewWindow, hand_id: int) -> None:
    row = window.model.row_of(hand_id)
    assert row is not None
    window.view.selectRow(row)


def test_filters_by_player_and_status(qtbot: QtBot, window: ReviewWindow,
                                      played: World) -> None:
    assert window.model.rowCount() == 4
    qtbot.keyClicks(window.player_edit, "Nobody")
    qtbot.waitUntil(lambda: window.model.rowCount() == 0)
    window.player_edit.clear()
    qtbot.keyClicks(window.player_edit, "Ann")
    qtbot.waitUntil(lambda: window.model.rowCount() == 4)
    window.status_box.setCurrentIndex(window.status_box.findData(HandStatus.VOID))
    qtbot.waitUntil(lambda: window.model.rowCount() == 0)
    qtbot.mouseClick(window.clear_button, Qt.MouseButton.LeftButton)
    assert window.model.rowCount() == 4 and window.player_edit.text() == ""
    assert window.count_label.text() == "4 hands"


def test_header_click_sorts_by_pot(qtbot: QtBot, window: ReviewWindow) -> None:
    header = window.view.horizontalHeader()
    x = header.sectionViewportPosition(HandListModel.COL_POT) + 5
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=header.viewport().rect().center().__class__(x, 5))
    assert window.model.sort_key == "pot"
    pots = [window.model.summary(r).pot for r in range(4)]  # type: ignore[union-attr]
    assert pots == sorted(pots, reverse=True)
    window._header_clicked(HandListModel.COL_PLAYERS)  # not sortable: unchanged
    assert window.model.sort_key == "pot"


def test_enter_opens_the_hand_replay(qtbot: QtBot, window: ReviewWindow) -> None:
    window.view.setFocus()
    window.view.setCurrentIndex(window.model.index(1, 0))
    hand_id = window.model.hand_id(1)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: hand_id in window.details)
    detail = window.details[hand_id]  # type: ignore[index]
    qtbot.waitExposed(detail)
    assert detail.replay.step == detail.replay.steps > 0
    qtbot.keyClick(detail.replay, Qt.Key.Key_Left)
    assert detail.replay.step == detail.replay.steps - 1


def test_void_needs_supervisor_pin_and_reason(qtbot: QtBot, window: ReviewWindow,
                                              played: World,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    svc = played.svc
    hand_id = window.model.hand_id(0)
    assert hand_id is not None
    before = {s.seat: s.stack for s in svc.tables.seats(played.session.id)}
    state = svc.hands.hand_state(hand_id)
    errors = answer_acts(monkeypatch, qtbot, [(BOSS, "0000", "misdeal"),
                                              (DEALER, DEALER_PIN, "misdeal"),
                                              (BOSS, BOSS_PIN, "")])
    select_hand(window, hand_id)
    window.void_selected()
    assert "wrong PIN" in errors[0]
    assert "not a supervisor" in errors[1]
    assert errors[2] == "Write the reason for this act."
    assert svc.hands.hand_state(hand_id).status is HandStatus.COMPLETE
    answer_acts(monkeypatch, qtbot, [(BOSS, BOSS_PIN, "misdeal: two cards exposed")])
    select_hand(window, hand_id)
    window.void_selected()
    voided = svc.hands.hand_state(hand_id)
    assert voided.status is HandStatus.VOID
    assert voided.log[-1].kind == "void" and voided.log[-1].by == BOSS
    after = {s.seat: s.stack for s in svc.tables.seats(played.session.id)}
    for seat, stack in after.items():
        assert stack == before[seat] - (state.hand.stacks[seat] - dict(
            (s.seat, s.stack) for s in state.seats)[seat])
    acts = [(a.act, a.by, a.reason) for a in svc.review.audit()]
    assert ("void-hand", BOSS, "misdeal: two cards exposed") in acts
    assert ("wrong-pin", BOSS, None) in acts
    assert session_report(svc.db, played.session.id).reconciliation.balanced
    assert window.model.summary(window.model.row_of(hand_id) or 0).status \
        is HandStatus.VOID  # type: ignore[union-attr]


def test_repeated_wrong_pins_make_the_next_try_wait(qtbot: QtBot, window: ReviewWindow,
                                                    played: World,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    errors = answer_acts(monkeypatch, qtbot, [(BOSS, "0000", "x")] * 5 + [(BOSS, BOSS_PIN, "x")])
    window.view.selectRow(0)
    window.void_selected()
    assert len(set(errors)) == 1 and "wrong PIN" in errors[5]  # too early: not even checked
    assert played.svc.review.count(
        __import__("dealer_app.services", fromlist=["HandQuery"]).HandQuery(
            status=HandStatus.VOID)) == 0


def test_adjust_stack_and_close_session(qtbot: QtBot, window: ReviewWindow, played: World,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    svc = played.svc

    def fill(dialog: SupervisorActDialog) -> None:
        if hasattr(dialog, "amount"):
            dialog.seat.setCurrentIndex(dialog.seat.findData(3))
            dialog.amount.setValue(25)

    errors = answer_acts(monkeypatch, qtbot, [(BOSS, BOSS_PIN, "chips found under the rail")],
                         fill)
    stack = {s.seat: s.stack for s in svc.tables.seats(played.session.id)}[3]
    window.view.selectRow(0)
    window.adjust_stack()
    assert {s.seat: s.stack for s in svc.tables.seats(played.session.id)}[3] == stack + 25
    report = session_report(svc.db, played.session.id)
    assert report.reconciliation.adjustments == 25 and report.reconciliation.balanced
    assert any(a.act == "adjustment" and a.reason == "chips found under the rail"
               for a in svc.review.audit())
    window.close_session()
    assert errors == []
    assert not svc.tables.session(played.session.id).is_open
    report = session_report(svc.db, played.session.id)
    assert report.reconciliation.stacks == 0 and report.reconciliation.balanced


def test_session_report_turns_red_when_chips_do_not_balance(qtbot: QtBot,
                                                            window: ReviewWindow,
                                                            played: World) -> None:
    window.view.selectRow(0)
    dialog = window.show_session_report()
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.reconciliation.property("balanced") is True
    assert dialog.model.rowCount() == 4  # three seats and the total
    path = played.svc.db.sqlite_path
    with sqlite3.connect(str(path)) as conn:
        conn.execute("UPDATE seating SET stack = stack - 50 WHERE seat = 3")
    dialog.load(played.session.id)
    assert dialog.reconciliation.property("balanced") is False
    assert "do NOT balance" in dialog.reconciliation.text()


def test_integrity_check_finds_hand_changed_with_sql(qtbot: QtBot, window: ReviewWindow,
                                                     played: World) -> None:
    report = window.verify_log()
    assert report.ok and report.checked == 4
    victim = window.model.hand_id(2)
    with sqlite3.connect(str(played.svc.db.sqlite_path)) as conn:
        conn.execute("UPDATE hand_event SET seat = seat WHERE hand_id = ?", (victim,))
        conn.execute("UPDATE hand_event SET staff_name = 'Mallory' WHERE hand_id = ? "
                     "AND seq = 3", (victim,))
    report = window.verify_log()
    assert [b.hand_id for b in report.broken] == [victim]
    dialog = window.integrity_dialog
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 1
    assert dialog.table.item(0, 0).text() == str(victim)
    assert "changed" in dialog.table.item(0, 2).text()


def test_csv_pdf_and_record_exports(qtbot: QtBot, window: ReviewWindow, played: World,
                                    tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    csv_path = tmp_path / "list.csv"
    pdf_path = tmp_path / "hand.pdf"
    names = iter([str(csv_path), str(pdf_path)])
    monkeypatch.setattr(file_dialogs, "save_file_name", lambda *a, **k: next(names))
    monkeypatch.setattr(file_dialogs, "existing_directory", lambda *a, **k: str(tmp_path))
    qtbot.keyClicks(window.player_edit, "Bo")
    qtbot.waitUntil(lambda: not window.debounce.isActive())
    assert window.export_csv() == 4
    with csv_path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    hands = [window.model.summary(r) for r in range(4)]
    assert [int(r["hand_id"]) for r in rows] == [h.hand_id for h in hands]  # type: ignore[union-attr]
    assert [int(r["pot"]) for r in rows] == [h.pot for h in hands]  # type: ignore[union-attr]
    window.view.selectRow(0)
    out = window.export_hand_pdf()
    data = pdf_path.read_bytes()
    assert out == pdf_path and data.startswith(b"%PDF") and len(data) > 2000
    assert data.count(b"/Type /Page") - data.count(b"/Type /Pages") >= 1
    window.view.selectAll()
    written = window.export_records()
    assert written is not None and len(written) == 4
    record = load_record(written[0].read_text(encoding="utf-8"))
    state = played.svc.hands.hand_state(window.model.hand_id(0))  # type: ignore[arg-type]
    assert any(record.events == state.events for _ in [0]) or record.meta["hand"] in {
        window.model.summary(r).number for r in range(4)}  # type: ignore[union-attr]
    assert record.replay()["complete"] is True
    assert not list(tmp_path.glob("*.part"))


def test_the_review_on_its_own_needs_a_sign_in(qtbot: QtBot, played: World) -> None:
    from dealer_app.gui.review.backend import ReviewBackend
    from dealer_app.gui.review.dialogs import SignInDialog

    dialog = SignInDialog(ReviewBackend(played.svc))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name, DEALER)
    qtbot.keyClicks(dialog.pin, "0000")
    qtbot.mouseClick(dialog.findChild(QPushButton, "signIn"), Qt.MouseButton.LeftButton)
    assert dialog.staff is None and dialog.isVisible()
    assert dialog.error.text().startswith("Refused") and dialog.pin.text() == ""
    qtbot.keyClicks(dialog.pin, DEALER_PIN)
    qtbot.mouseClick(dialog.findChild(QPushButton, "signIn"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert dialog.staff is not None and dialog.staff.name == DEALER
