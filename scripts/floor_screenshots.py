"""Takes the floor screenshots of docs/screenshots (offscreen, QWidget.grab()): the floor
view with a call arriving, and a players' screen at 1920x1080 mid-hand and at the award.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/floor_screenshots.py [FOLDER]``.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402
from storage.helpers import next_event  # noqa: E402

from dealer_app.engine import Action, Event, Settings, Structure  # noqa: E402
from dealer_app.gui.app import application  # noqa: E402
from dealer_app.gui.display.window import PlayersScreen  # noqa: E402
from dealer_app.gui.floor.window import FloorWindow  # noqa: E402
from dealer_app.services import Role, Services  # noqa: E402
from dealer_app.services.calls import CallService  # noqa: E402

NAMES = ["Ann", "Bo", "Cy", "Di", "Eve", "Finn"]


def settle(app: QApplication) -> None:
    for _ in range(5):
        app.processEvents()


def main(folder: Path) -> None:
    app = application()
    tmp = tempfile.TemporaryDirectory()
    svc = Services.open(f"sqlite:///{tmp.name}/floor.sqlite3")
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
    dealers = [svc.staff.add_staff(n, Role.DEALER, "1357", by=boss)
               for n in ("Dana", "Eli", "Faye", "Gus")]
    rng = random.Random(5)
    structures = [Structure.FIXED_LIMIT, Structure.POT_LIMIT, Structure.NO_LIMIT]
    tables = []
    for i, name in enumerate(["Table 1", "Table 2", "Table 3", "Table 4", "Table 5"]):
        settings = Settings(ante=5 * (i + 1), chip_unit=5, structure=structures[i % 3],
                            rake_percent=5, rake_cap=50)
        tables.append(svc.tables.create_table(name, settings, boss))
    for i, table in enumerate(tables[:4]):
        session = svc.tables.open_session(table.id, dealers[i])
        for seat in range(1, 3 + i % 4):
            svc.tables.seat_player(session.id, seat, NAMES[(seat + i) % 6], 2000, dealers[i])
        for _ in range(2 + i):
            hand = svc.hands.start_hand(session.id, dealers[i])
            state = hand
            while (event := next_event(state.hand, rng)) is not None:
                state = svc.hands.record_input(hand.hand_id, event, dealers[i])
        if i < 3:
            hand = svc.hands.start_hand(session.id, dealers[i])
            state = hand
            for _ in range(6 + 3 * i):
                event = next_event(state.hand, rng)
                if event is None:
                    break
                state = svc.hands.record_input(hand.hand_id, event, dealers[i])
    floor = FloorWindow(svc, boss, stale_after=8)
    floor.resize(1500, 860)
    floor.show()
    floor.start()
    settle(app)
    CallService(svc.db).raise_call(tables[1].id, "dispute", "seat 2 disputes the last raise",
                                   dealers[1])
    floor.refresh({tables[1].id})
    settle(app)
    floor.grab().save(str(folder / "floor-call.png"))
    floor.stop()
    floor.close()
    # the players' screen: a hand on Table 5 with known hole cards
    table = tables[4]
    session = svc.tables.open_session(table.id, dealers[3])
    for seat, name, stack in ((1, "Ann", 1500), (2, "Bo", 400), (4, "Cy", 900),
                              (6, "Di", 1200)):
        svc.tables.seat_player(session.id, seat, name, stack, dealers[3])
    hand = svc.hands.start_hand(session.id, dealers[3])
    script = [(1, "ante"), (2, "ante"), (4, "ante"), (6, "ante"),
              (1, "deal-down", "As"), (2, "deal-down", "Kd"), (4, "deal-down", "9c"),
              (6, "deal-down", "Qh"),
              (1, "deal-up", "Ah"), (2, "deal-up", "Kh"), (4, "deal-up", "7c"),
              (6, "deal-up", "Qs")]
    for seat, action, *card in script:
        svc.hands.record_input(hand.hand_id, Event(seat, Action(action),
                                                   card=card[0] if card else None), dealers[3])
    state = svc.hands.hand_state(hand.hand_id)
    for _ in range(3):
        event = next_event(state.hand)
        assert event is not None
        state = svc.hands.record_input(hand.hand_id, event, dealers[3])
    screen = PlayersScreen(svc, table.id)
    screen.resize(1920, 1080)
    screen.show()
    screen.start()
    settle(app)
    screen.grab().save(str(folder / "players-screen.png"))
    while (event := next_event(state.hand)) is not None:
        state = svc.hands.record_input(hand.hand_id, event, dealers[3])
    screen.refresh()
    settle(app)
    screen.grab().save(str(folder / "players-screen-award.png"))
    screen.stop()
    screen.close()
    svc.close()
    tmp.cleanup()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
