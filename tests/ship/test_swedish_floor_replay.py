"""Every word of the floor view, the players' screen and the hand replay goes through the
translation hook: with a translator that marks each text with "§", every label and button
shows the mark, except pure data (names, numbers, the table's stakes)."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget  # noqa: E402
from pytestqt.qtbot import QtBot  # noqa: E402
from storage.helpers import next_event  # noqa: E402

from dealer_app import text  # noqa: E402
from dealer_app.engine import Action, Settings  # noqa: E402
from dealer_app.gui.app import application  # noqa: E402
from dealer_app.gui.display.window import PlayersScreen  # noqa: E402
from dealer_app.gui.floor.window import FloorWindow  # noqa: E402
from dealer_app.gui.review.audit import AuditDialog  # noqa: E402
from dealer_app.gui.review.backend import ReviewBackend  # noqa: E402
from dealer_app.gui.review.hand_detail import HandDetailWindow, preview_result  # noqa: E402
from dealer_app.gui.review.history import PlayerHistoryDialog  # noqa: E402
from dealer_app.gui.review.report import SessionReportDialog  # noqa: E402
from dealer_app.services import Role, Services, StaffMember  # noqa: E402
from dealer_app.services.core.calls import CallService  # noqa: E402

MARK = "§"
NUMBER = re.compile(r"^[\d\s,.+−-]*$")


def _marked(source: str, disambiguation: str | None) -> str:
    return MARK + source


@pytest.fixture
def marked() -> Iterator[None]:
    """The fake translator, installed after the app (which installs English) and removed."""
    application()
    with text.language(text.Language("x-marked", "marked", _marked)):
        yield


class Floor:
    def __init__(self, svc: Services, boss: StaffMember, dealer: StaffMember) -> None:
        self.svc, self.boss, self.dealer = svc, boss, dealer


@pytest.fixture
def floor_db(db_url: str) -> Iterator[Floor]:
    """T1: a session, three players, one complete hand and one in its betting, a call;
    T2: closed."""
    svc = Services.open(db_url)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
    dealer = svc.staff.add_staff("Dana", Role.DEALER, "1357", by=boss)
    table = svc.tables.create_table("T1", Settings(ante=5, chip_unit=5), boss)
    svc.tables.create_table("T2", Settings(ante=10, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, dealer)
    for seat, name in ((1, "Ann"), (3, "Bo"), (6, "Cy")):
        svc.tables.seat_player(session.id, seat, name, 1000, dealer)
    rng = random.Random(5)
    state = svc.hands.start_hand(session.id, dealer)
    while (event := next_event(state.hand, rng)) is not None:
        state = svc.hands.record_input(state.hand_id, event, dealer)
    state = svc.hands.start_hand(session.id, dealer)
    while state.hand.next_input() is not None and (
            not state.hand.events or state.hand.events[-1].action is not Action.BRING_IN):
        event = next_event(state.hand, rng)
        assert event is not None
        state = svc.hands.record_input(state.hand_id, event, dealer)
    CallService(svc.db).raise_call(table.id, "dispute", "seat 3 disputes the pot", dealer,
                                   hand_id=state.hand_id)
    yield Floor(svc, boss, dealer)
    svc.close()


def _texts(widget: QWidget) -> list[str]:
    """The non-empty texts of the labels and buttons shown in ``widget``."""
    out = [w.text() for w in widget.findChildren(QLabel) if w.isVisibleTo(widget)]
    out += [w.text() for w in widget.findChildren(QAbstractButton) if w.isVisibleTo(widget)]
    return [t for t in out if t.strip()]


def _unmarked(texts: list[str], data: set[str]) -> list[str]:
    return [t for t in texts if not t.startswith(MARK) and t not in data
            and not NUMBER.match(t)]


@pytest.mark.one_backend  # words: the floor's PostgreSQL feed is tests/floor/test_live_floor.py's
def test_the_floor_view_speaks_through_the_translator(
        qtbot: QtBot, marked: None, floor_db: Floor) -> None:
    svc = floor_db.svc
    window = FloorWindow(svc, floor_db.boss, stale_after=3600)
    qtbot.addWidget(window)
    window.show()
    window.start()
    try:
        qtbot.waitUntil(lambda: window.calls_panel.list.count() == 1 and len(window.tiles) == 2
                        and all(t.isVisible() for t in window.tiles.values()), timeout=5000)
        assert window.windowTitle() == MARK + "Americana — floor"
        data = {"T1", "T2"}  # the stakes, streets and call kinds are words too
        texts = _texts(window)
        assert len(texts) >= 15  # figures, two tiles, the calls panel
        assert _unmarked(texts, data) == []
        tile = window.tiles[window.tile("T1").table_id]
        assert tile.badge.text().startswith(MARK + "CALL")
        assert MARK + "Dispute" in tile.badge.text()
        assert tile.hand.text().startswith(MARK + "Hand 2 · " + MARK + "Round")
        assert window.alert.text().startswith(MARK + "CALL") and MARK + "Dispute" in \
            window.alert.text()
        item = window.calls_panel.list.item(0)
        assert item is not None and item.text().startswith(MARK)
        assert MARK + "On my way (acknowledge)" in texts
        live = window.open_table(tile.table_id)
        assert live.windowTitle().startswith(MARK)
        assert live.header.text().startswith(MARK)
    finally:
        window.stop()
        window.close()


@pytest.mark.one_backend
def test_the_players_screen_speaks_through_the_translator(
        qtbot: QtBot, marked: None, floor_db: Floor) -> None:
    svc = floor_db.svc
    table = svc.tables.list_tables()[0]
    screen = PlayersScreen(svc, table.id)
    qtbot.addWidget(screen)
    screen.show()
    screen.refresh()
    assert screen.windowTitle() == MARK + "Americana"
    view = screen.view
    assert view is not None and view.hand_number == 2 and view.last_action
    data = {"T1", "Ann", "Bo", "Cy"}
    texts = _texts(screen)
    assert _unmarked(texts, data) == []
    for label in (screen.stakes, screen.street, screen.pot, screen.turn, screen.last):
        assert label.text().startswith(MARK), label.objectName()
    assert MARK + "Round" in screen.street.text()
    empty = screen.seats[2].name.text()
    assert empty == MARK + "Seat 2 · open"
    assert any(w.state.text() == MARK + "TO ACT" for w in screen.seats.values())
    screen.stop()


@pytest.mark.one_backend  # words: the review's PostgreSQL queries are tests/services' own
def test_the_replay_and_the_review_dialogs_speak_through_the_translator(
        qtbot: QtBot, marked: None, floor_db: Floor) -> None:
    svc = floor_db.svc
    backend = ReviewBackend(svc)
    first = svc.review.find_hand("T1", 1)
    window = HandDetailWindow(backend, first.hand_id, staff=floor_db.boss)
    qtbot.addWidget(window)
    replay = window.replay
    for button in (replay.first_button, replay.back_button, replay.forward_button,
                   replay.last_button, window.void_button, window.pdf_button,
                   window.record_button, window.correct_button):
        assert button.text().startswith(MARK) and button.toolTip()[:1] in ("", MARK)
    assert [window.tabs.tabText(i)[:1] for i in range(window.tabs.count())] == [MARK] * 2
    assert MARK + "Hand 1" in window.title.text() and MARK + "COMPLETE" in window.title.text()
    assert MARK + "Seats: " in window.subtitle.text()
    assert MARK + "Result" in window.result.toHtml()
    assert replay.next_label.text() == MARK + "Hand complete: pots awarded."
    for step in range(replay.steps + 1):
        replay.set_step(step)
        head, _, caption = replay.step_label.text().partition(":  ")
        assert head.startswith(MARK + "Step") and caption.startswith(MARK), caption
        assert replay.next_label.text().startswith(MARK)
    same = preview_result(window.state, replay.steps, window.state.events[-1])
    assert same.split("\n")[-1] == MARK + "Stacks: " + MARK + "no stack changes"
    report = SessionReportDialog(backend, first.session_id)
    qtbot.addWidget(report)
    history = PlayerHistoryDialog(backend, ["Ann"])
    qtbot.addWidget(history)
    audit = AuditDialog(backend)
    qtbot.addWidget(audit)
    for dialog in (report, history, audit):
        assert dialog.windowTitle().startswith(MARK), dialog.objectName()
    assert report.reconciliation.text().startswith(MARK)
    assert report.stints.text().startswith(MARK) and report.acts.text().startswith(MARK)
    assert history.title.text().startswith(MARK + "Ann: ")
    assert audit.status.text().startswith(MARK)
    assert audit.kind.itemText(0) == MARK + "Every kind"
