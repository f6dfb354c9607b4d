"""Every HTML report escapes what people typed (issue 22, item 6): a player, table or dealer
named ``<b>&"x'`` prints as written, in the PDF's text document too, and never as markup."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtGui import QTextDocument
from storage.helpers import FakeClock

from dealer_app.engine import Settings
from dealer_app.services import Role, Services, reports
from dealer_app.services.shift_report import shift_report

from .datagen import World, make_world, play_hand

NAME = "<b>&\"x'"


@pytest.fixture
def named(tmp_path: Path) -> World:
    svc = Services.open(f"sqlite:///{tmp_path}/named.sqlite3", clock=FakeClock())
    world = make_world(svc, players={1: (NAME, 500), 3: ("Bo", 320), 6: ("Cy", 1000)})
    boss = world.boss
    odd = svc.staff.add_staff(NAME, Role.DEALER, "2468", by=boss)
    svc.tables.change_dealer(world.session.id, odd, boss)
    svc.tables.create_table(NAME, Settings(ante=10, chip_unit=5), boss)
    return world


def _reader_sees(page: str) -> str:
    doc = QTextDocument()
    doc.setHtml(page)
    return doc.toPlainText()


def _check(page: str, times: int) -> None:
    """``NAME`` never raw in ``page``, and read as written at least ``times`` times."""
    assert NAME not in page and "<b>&" not in page
    assert _reader_sees(page).count(NAME) >= times, _reader_sees(page)


def test_every_html_report_escapes_a_name(named: World, qapp: object) -> None:
    svc = named.svc
    state = play_hand(named, random.Random(4))
    try:
        session = reports.session_report(svc.db, named.session.id, generated_by=NAME)
        # the seat line, the dealers, the generated-by line and the signature
        _check(session.to_html(chart=NAME), times=4)
        hand = reports.hand_report(state, header=reports.hand_header(svc.db, state.hand_id,
                                                                     generated_by=NAME))
        _check(hand.to_html(), times=2)  # the seats and the generated-by line
        _check(reports.result_html(hand), times=1)  # the review's result panel
        _check(reports.result_html(None, why=NAME), times=1)
        shift = shift_report(svc.db, generated_by=NAME)
        _check(shift.to_html(), times=3)  # the table, the dealer and the generated-by line
    finally:
        svc.close()
