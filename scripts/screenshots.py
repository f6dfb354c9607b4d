"""Re-takes the dealer window screenshots of docs/screenshots (offscreen, QWidget.grab()).

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py [FOLDER]``.
One 6-player fixed-limit hand at 1280×800, keyboard only, as in benchmarks/gui.py.
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

from dealer_app.engine import Settings  # noqa: E402
from dealer_app.gui.app import application, build  # noqa: E402
from dealer_app.gui.backend import Backend  # noqa: E402


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    app = application()
    url = f"sqlite:///{Path(tempfile.mkdtemp(prefix='dealer-shots-')) / 'shots.sqlite3'}"
    backend = Backend.open(url)
    staff = backend.create_first_supervisor("Sue", "1234")
    table = backend.create_table("Table 3", Settings(ante=5, chip_unit=5), staff)
    backend.open_table(table.id)
    for seat, (name, chips) in enumerate((("Ann", 500), ("Bo", 320), ("Cy", 1000),
                                          ("Dee", 15), ("Ed", 1200), ("Fay", 640)), start=1):
        backend.seat_player(seat, name, chips)
    window, controller = build(backend)
    window.resize(1280, 800)
    window.show()
    controller.show_table()
    entry = window.page.card_entry

    def keys(*steps: str) -> None:
        for step in steps:
            for char in step:
                QTest.keyClick(entry, Qt.Key(ord(char.upper())))
        app.processEvents()

    def shot(name: str) -> None:
        app.processEvents()
        window.grab().save(str(folder / name))
        print(folder / name)

    keys("N", "A", "kh", "as", "9d", "8c", "qs", "jd")
    shot("03-bring-in.png")
    keys("B", "C", "C", "C", "C", "C", "kd", "7s", "9c", "tc", "jh", "8h", "K", "E")
    shot("04-betting-round2.png")
    keys("X")
    shot("05-refused.png")
    keys("C", "C", "C", "F", "C")
    window.page.toggle_key_map(True)
    shot("08-keymap.png")
    window.page.toggle_key_map(False)
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
    sys.stdout.flush()
    os._exit(0)
