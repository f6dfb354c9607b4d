"""Two app processes (two tables) recording at the same time on one database."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from dealer_app.engine import Settings
from dealer_app.services import Role, Services

CHILD = Path(__file__).with_name("table_child.py")
HANDS = 4


def test_two_tables_recording_at_once_keep_their_own_hands(db_url: str) -> None:
    svc = Services.open(db_url)
    try:
        boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246810")
        dealer = svc.staff.add_staff("Dana", Role.DEALER, "1357", by=boss)
        players = {"T1": ("Ann", "Bo", "Cy"), "T2": ("Xi", "Yu", "Zo", "Wu")}
        for name, names in players.items():
            table = svc.tables.create_table(name, Settings(ante=5, chip_unit=5), boss)
            session = svc.tables.open_session(table.id, dealer)
            for seat, player in enumerate(names, start=1):
                svc.tables.seat_player(session.id, seat, player, 10_000, dealer)
    finally:
        svc.close()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(Path(__file__).parents[1]),
                                                       str(Path(__file__).parents[2])]))
    children = {name: subprocess.Popen([sys.executable, str(CHILD), db_url, name, str(HANDS)],
                                       env=env, stdout=subprocess.PIPE, text=True)
                for name in players}
    reported: dict[str, list[tuple[int, int]]] = {}
    for name, child in children.items():
        out, _ = child.communicate(timeout=120)
        assert child.returncode == 0, f"table {name} failed"
        reported[name] = [(int(a), int(b)) for a, b in (line.split() for line in
                                                          out.splitlines())]
    svc = Services.open(db_url)
    try:
        for name, hands in reported.items():
            assert len(hands) == HANDS
            for hand_id, inputs in hands:
                state = svc.hands.hand_state(hand_id)
                assert state.complete and len(state.log) == inputs
                assert {s.player for s in state.seats} == set(players[name])
            numbers = sorted(svc.hands.hand_state(h).number or 0 for h, _ in hands)
            assert numbers == list(range(1, HANDS + 1))
        assert svc.log.verify_all().ok
        # every chip is accounted for at each table: the stacks moved only by the hands
        for name, names in players.items():
            table = next(t for t in svc.tables.list_tables() if t.name == name)
            session = svc.tables.current_session(table.id)
            assert session is not None
            stacks = sum(s.stack for s in svc.tables.seats(session.id))
            assert stacks == 10_000 * len(names)
    finally:
        svc.close()
