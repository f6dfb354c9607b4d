"""The pot of void and in-progress hands is the pot their log gives: stored with every input,
given by an import, restored by migration 0010 for rows stored before, and checked by verify."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from alembic import command
from sqlalchemy import create_engine, text
from storage.helpers import FakeClock, play

from dealer_app.engine import Event, RuleError
from dealer_app.engine.hand import Hand
from dealer_app.services import Role, Services, SessionInfo, StaffMember
from dealer_app.services.core.common import settings_of
from dealer_app.services.hands import current_inputs, event_of, pot_of, seats_of
from dealer_app.storage import migrate
from services.conftest import BOSS_PIN
from tests.engine.helpers import random_hand


def _void_and_running(svc: Services, session: SessionInfo, dealer: StaffMember,
                      boss: StaffMember) -> tuple[int, int]:
    void = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer,
                inputs=9).hand_id
    svc.hands.void_hand(void, boss, "camera")
    running = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer,
                   inputs=7).hand_id
    return void, running


def _pots(svc: Services, *hand_ids: int) -> list[int]:
    return [svc.review.find_hand(None, hand_id=h).pot for h in hand_ids]


def test_migration_0010_gives_old_rows_their_pot(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        boss: StaffMember, clock: FakeClock) -> None:
    void, running = _void_and_running(svc, session, dealer, boss)
    pots = _pots(svc, void, running)
    assert all(pots)
    svc.close()
    engine = create_engine(db_url)
    command.downgrade(migrate.alembic_config(engine), "0005")
    with engine.begin() as conn:  # as an older version stored them
        conn.execute(text("UPDATE hand SET pot = 0 WHERE id IN (:a, :b)"),
                     {"a": void, "b": running})
    engine.dispose()
    again = Services.open(db_url, clock=clock)  # upgrades to the head
    try:
        assert _pots(again, void, running) == pots
        assert again.log.verify_all().ok
    finally:
        again.close()


def test_verify_names_a_void_or_running_hand_whose_pot_reads_0(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    void, running = _void_and_running(svc, session, dealer, boss)
    assert svc.log.verify_all().ok
    for hand_id, pot in zip((void, running), _pots(svc, void, running), strict=True):
        with svc.db.engine.begin() as conn:
            conn.execute(text("UPDATE hand SET pot = 0 WHERE id = :h"), {"h": hand_id})
        broken = svc.log.verify_all().broken
        assert [b.hand_id for b in broken] == [hand_id]
        assert f"its pot 0 is stored, but its log gives {pot}" in broken[0].reason
        with svc.db.engine.begin() as conn:
            conn.execute(text("UPDATE hand SET pot = :p WHERE id = :h"), {"p": pot, "h": hand_id})
    assert svc.log.verify_all().ok


def test_an_imported_void_or_running_hand_keeps_its_pot(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        tmp_path: Path, clock: FakeClock) -> None:
    void, running = _void_and_running(svc, session, dealer, boss)
    pots = _pots(svc, void, running)
    out = tmp_path / "records"
    svc.log.export(out, session.id)
    other = Services.open(f"sqlite:///{tmp_path}/other.sqlite3", clock=clock)
    try:
        importer = other.staff.add_staff("Sam", Role.SUPERVISOR, BOSS_PIN)
        report = other.log.import_files(sorted(out.glob("*.json")), importer)
        assert not report.refused
        ids = [hand_id for _, hand_id in report.stored]
        assert sorted(_pots(other, *ids)) == sorted(pots)
        assert other.log.verify_all().ok
    finally:
        other.close()


def _migration_0010() -> Any:
    path = Path(migrate.__file__).parent / "migrations" / "versions" / "0010_true_pots.py"
    spec = importlib.util.spec_from_file_location("migration_0010", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", range(12))
def test_migration_0010_carries_its_own_copy_of_the_log_rule(seed: int) -> None:
    """Issue 22.5: the migration no longer imports the services; its frozen copy of the rule
    (undos and corrections applied in log order) and of the pot agrees with theirs."""
    rng = random.Random(seed)
    hand = random_hand(rng)
    rows: list[SimpleNamespace] = []

    def add(kind: str, event: Event | None, target: int | None = None) -> None:
        rows.append(SimpleNamespace(
            seq=len(rows) + 1, kind=kind, seat=event.seat if event else None,
            action=event.action.value if event else None, card=event.card if event else None,
            to_amount=event.to if event else None, target_seq=target))

    for event in hand.events:
        add("input", event)
        if rng.random() < 0.15:  # undone, or corrected to itself (or struck), at once or later
            kind = rng.choice(["undo", "correct", "correct"])
            target = rng.choice([r.seq for r in rows if r.kind != "undo"])
            add(kind, event if kind == "correct" and rng.random() < 0.7 else None, target)
    frozen = _migration_0010()
    assert [r.seq for r in frozen._current_inputs(rows)] == \
        [r.seq for r in current_inputs(rows)]  # type: ignore[arg-type]
    settings_json = json.dumps(hand.settings.to_dict())
    seats_json = json.dumps([spec.to_dict() for spec in hand.specs])
    try:
        live: int | None = pot_of(Hand.replay(settings_of(settings_json), seats_of(seats_json),
                                              [event_of(r) for r in current_inputs(rows)]))
    except RuleError:
        live = None
    assert frozen._pot(settings_json, seats_json, rows) == live


def _pot_built(hand: Hand) -> int:
    """The pot as ``pot_of`` gave it before it summed the committed chips: the pots built
    (side pots layered), and the bets while the hand runs."""
    return sum(p.amount for p in hand.pots()) + (0 if hand.complete
                                                  else sum(hand.bets.values()))


@pytest.mark.parametrize("seed", range(40))
def test_the_pot_of_every_step_is_the_pots_built(seed: int) -> None:
    """``pot_of`` sums the seats' committed chips and bets instead of building the pots
    (each chip is in exactly one pot, side pots and a pot nobody is left to win included):
    the same pot at every step of random hands, all-ins and folds among them."""
    from tests.engine.helpers import next_legal_event, random_seats, random_settings

    rng = random.Random(seed)
    settings = random_settings(rng)
    hand = Hand(settings, random_seats(rng, settings))
    pots = [pot_of(hand)]
    assert pots[0] == _pot_built(hand)
    while not hand.complete:
        hand.apply(next_legal_event(hand, rng, fold_weight=0.3 if seed % 2 else 0.05))
        pots.append(pot_of(hand))
        assert pots[-1] == _pot_built(hand), hand.events
    assert len(set(pots)) > 1
