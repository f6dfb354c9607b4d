"""Takes the floor screenshots of docs/screenshots (offscreen, QWidget.grab()): the floor
view with a call arriving, and a players' screen at 1920x1080 mid-hand and at the award.
With ``--sizes``: the floor at 1024x768 and 1920x1080 (5 tables and 30), the players'
screen at both sizes and a closed table's, in English and Swedish (``-en``/``-sv`` names).

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/floor_screenshots.py [FOLDER]
[--sizes]``.
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
from dealer_app.gui.toolkit import i18n  # noqa: E402
from dealer_app.services import Role, Services, StaffMember, TableInfo  # noqa: E402
from dealer_app.services.core.calls import CallService  # noqa: E402

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


def _world(folder: str, count: int) -> tuple[Services, StaffMember, list[TableInfo]]:
    """``count`` tables in three games: two thirds open (one in five with no hand yet), a
    call waiting, one acknowledged, one resolved."""
    svc = Services.open(f"sqlite:///{folder}/floor-{count}.sqlite3")
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
    dealers = [svc.staff.add_staff(n, Role.DEALER, "1357", by=boss)
               for n in ("Dana", "Eli", "Faye", "Gus")]
    rng = random.Random(5)
    structures = [Structure.FIXED_LIMIT, Structure.POT_LIMIT, Structure.NO_LIMIT]
    tables = [svc.tables.create_table(f"Table {i + 1:02d}", Settings(
        ante=5 * (1 + i % 3), chip_unit=5, structure=structures[i % 3], rake_percent=5,
        rake_cap=50), boss) for i in range(count)]
    for i, table in enumerate(tables[:max(4, count * 2 // 3)]):
        dealer = dealers[i % 4]
        session = svc.tables.open_session(table.id, dealer)
        for seat in range(1, 3 + i % 4):
            svc.tables.seat_player(session.id, seat, NAMES[(seat + i) % 6], 2000, dealer)
        if i % 5 == 4:
            continue  # open, no hand yet
        hand = svc.hands.start_hand(session.id, dealer)
        state = hand
        for _ in range(4 + i % 9):
            event = next_event(state.hand, rng)
            if event is None:
                break
            state = svc.hands.record_input(hand.hand_id, event, dealer)
    calls = CallService(svc.db)
    calls.raise_call(tables[1].id, "dispute", "seat 2 disputes the last raise", dealers[1])
    chips = calls.raise_call(tables[3].id, "chips", "fill the float", dealers[3])
    calls.acknowledge(chips.id, boss)
    old = calls.raise_call(tables[2].id, "player", "seat 1 wants a break", dealers[2])
    calls.resolve(old.id, boss, "break given, seat kept")
    return svc, boss, tables


def sizes(folder: Path) -> None:
    """The floor and the players' screen at both sizes, in both languages."""
    app = application()
    tmp = tempfile.TemporaryDirectory()
    worlds = {count: _world(tmp.name, count) for count in (5, 30)}
    for lang in ("en", "sv"):
        i18n.install(app, lang)
        for count, (w, h) in ((5, (1024, 768)), (5, (1920, 1080)), (30, (1920, 1080)),
                              (30, (1024, 768))):
            svc, boss, _ = worlds[count]
            floor = FloorWindow(svc, boss, stale_after=8)
            floor.resize(w, h)
            floor.show()
            floor.start()
            settle(app)
            floor.grab().save(str(folder / f"floor-{count}-{w}x{h}-{lang}.png"))
            floor.stop()
            floor.close()
        svc, _, tables = worlds[30]
        for name, table in (("hand", tables[2]), ("closed", tables[25])):
            for w, h in ((1024, 768), (1920, 1080)):
                screen = PlayersScreen(svc, table.id)
                screen.fit(w, h)
                screen.show()
                screen.start()
                settle(app)
                screen.grab().save(str(folder / f"players-{name}-{w}x{h}-{lang}.png"))
                screen.stop()
                screen.close()
    i18n.install(app, "en")
    for svc, _, _ in worlds.values():
        svc.close()
    tmp.cleanup()


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--sizes"]
    out = Path(args[0]) if args else ROOT / "docs" / "screenshots"
    if "--sizes" in sys.argv:
        sizes(out)
    else:
        main(out)
