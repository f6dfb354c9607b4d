"""Re-takes the dealer window screenshots of docs/screenshots (offscreen, QWidget.grab()).

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py [FOLDER]``.
At 1280×800: the first start (01), the tables page with a hand in progress and the Staff
box (02), then one 6-player fixed-limit hand, keyboard only as in benchmarks/gui.py: the
bring-in (03), round 2 (04), a refused key (05), the key map (08), the showdown (06) and the
award (07). 09 is taken by tests/gui/test_supervisor.py with DEALER_APP_SCREENSHOTS=1.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from dealer_app.engine import DECK, Action, Settings  # noqa: E402
from dealer_app.engine.hand import Phase  # noqa: E402
from dealer_app.gui.app import application, build  # noqa: E402
from dealer_app.gui.backend import Backend  # noqa: E402

SIZE = tuple(int(v) for v in os.environ.get("SHOT_SIZE", "1280x800").split("x"))
"""The window size (``SHOT_SIZE=1920x1080`` for a larger screen); ``SHOT_LANG=sv`` for the
windows in Swedish."""


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    app = application(lang=os.environ.get("SHOT_LANG"))
    url = f"sqlite:///{Path(tempfile.mkdtemp(prefix='dealer-shots-')) / 'shots.sqlite3'}"
    backend = Backend.open(url)
    window, controller = build(backend)
    window.resize(*SIZE)
    window.show()

    def shot(name: str) -> None:
        app.processEvents()
        window.grab().save(str(folder / name))
        print(folder / name)

    # first start: the empty database asks for the first supervisor
    sign_in = window.sign_in
    QTest.keyClicks(sign_in.name, "Sue")
    shot("01-first-start.png")
    QTest.keyClicks(sign_in.pin, "135792")
    QTest.keyClicks(sign_in.pin2, "135792")
    QTest.mouseClick(sign_in.button, Qt.MouseButton.LeftButton)
    staff = backend.staff
    assert staff is not None
    backend.add_staff("Dana", "dealer", "2725", staff)
    backend.add_staff("Eli", "dealer", "3933", staff)
    table = backend.create_table("Table 3", Settings(ante=5, chip_unit=5), staff)
    backend.create_table("Table 1", Settings(ante=10, chip_unit=5), staff)
    controller.on_open_table(table.id)
    for seat, (name, chips) in enumerate((("Ann", 500), ("Bo", 320), ("Cy", 1000),
                                          ("Dee", 15), ("Ed", 1200), ("Fay", 640)), start=1):
        backend.seat_player(seat, name, chips)
    controller.show_table()
    entry = window.page.card_entry

    def keys(*steps: str) -> None:
        for step in steps:
            for char in step:
                QTest.keyClick(entry, Qt.Key(ord(char.upper())))
        app.processEvents()

    def free_card() -> str:
        hand = backend.hand
        assert hand is not None
        return next(str(c) for c in DECK if c not in hand.used).lower()

    def play_until_showdown() -> None:
        while (hand := backend.hand) is not None and hand.phase is not Phase.SHOWDOWN:
            nxt = hand.next_input()
            assert nxt is not None and not window.page.next_line.error, \
                window.page.next_line.text()
            if hand.phase is Phase.DEAL:
                keys(free_card())
            else:
                keys("X" if Action.CHECK in nxt.actions else "L")

    keys("N", "P", "kh", "as", "9d", "8c", "qs", "jd")
    shot("03-bring-in.png")
    keys("B", "L", "L", "L", "L", "L", "kd", "7s", "9c", "tc", "jh", "8h", "X", "E")
    shot("04-betting-round2.png")
    keys("qc")  # a card while betting is open: refused, nothing recorded
    shot("05-refused.png")
    for key in "LLLFL":  # the rest of round 2: three call, one folds
        hand = backend.hand
        if hand is None or hand.phase is not Phase.BETTING:
            break
        keys(key)
    window.page.toggle_key_map(True)
    shot("08-keymap.png")
    window.page.toggle_key_map(False)
    play_until_showdown()
    keys(free_card())  # the first to show: the hole card typed shows it
    shot("06-showdown.png")
    while (hand := backend.hand) is not None and hand.next_input() is not None:
        keys(free_card())
    shot("07-award.png")
    # the next hand is dealt, then the dealer signs out: the tables page shows it
    keys("N", "P")
    QTest.mouseClick(window.page.sign_out_button, Qt.MouseButton.LeftButton)
    QTest.keyClicks(sign_in.name, "Sue")
    QTest.keyClicks(sign_in.pin, "135792")
    QTest.mouseClick(sign_in.button, Qt.MouseButton.LeftButton)
    window.tables.tables.setCurrentRow(1)
    shot("02-tables.png")
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
    sys.stdout.flush()
    os._exit(0)
