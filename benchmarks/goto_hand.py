"""Ctrl+G in the review window to a drawn replay window (prints figures, asserts nothing).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/goto_hand.py [--hands 100000]
        [--runs 9] [--keep DIR]

On ``--hands`` bulk-made hands (tests/review/datagen.py) and a few hands played by the
engine and imported (the ones gone to: every event stored), as a supervisor would: Ctrl+G,
type "id N" and Enter, until the hand's replay window has painted (a ``QPaintEvent`` of
the window handled); each run a different hand, its window closed after. Printed: the
median and worst wall time and the median CPU time. Target: <= 300 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from review.datagen import bulk_hands  # noqa: E402

from dealer_app.gui.review.backend import ReviewBackend  # noqa: E402
from dealer_app.gui.review.window import ReviewWindow  # noqa: E402
from dealer_app.services import Services  # noqa: E402


class Painted(QObject):
    """Notes when any watched widget has handled a paint event."""

    def __init__(self) -> None:
        super().__init__()
        self.done = False

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.Paint:
            self.done = True
        return False


def played_hands(svc: Services, folder: Path, count: int) -> list[int]:
    """``count`` hands played by the engine (2 to 6 players, every event stored: the bulk
    hands have none), stored by ``log import``; their ids."""
    import importlib.util  # benchmarks/storage.py (tests/ has a storage package too)

    spec = importlib.util.spec_from_file_location("bench_storage",
                                                  ROOT / "benchmarks" / "storage.py")
    assert spec is not None and spec.loader is not None
    bench_storage = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_storage)
    record_hands = bench_storage.record_hands

    from dealer_app.engine.record import dump_record
    from dealer_app.services import Role

    made = folder / "played"
    made.mkdir(exist_ok=True)
    paths = []
    for i, record in enumerate(record_hands(count, random.Random(len(list(made.iterdir()))))):
        paths.append(made / f"{len(list(made.iterdir()))}-{i}.json")
        paths[-1].write_text(dump_record(record))
    from sqlalchemy import select

    from dealer_app.services import StaffMember
    from dealer_app.storage.models import Staff

    with svc.db.read() as s:
        found = s.execute(select(Staff.id, Staff.name).where(
            Staff.role == Role.SUPERVISOR.value)).first()
    if found is None:  # the bulk data has dealers only: a first supervisor (no one signs in)
        with svc.db.transaction() as s:
            row = Staff(name="Bench boss", role=Role.SUPERVISOR.value, pin_hash="x",
                        failed_pins=0, active=True, created_at=svc.db.now())
            s.add(row)
            s.flush()
            boss = StaffMember(row.id, row.name, Role.SUPERVISOR)
    else:
        boss = StaffMember(found.id, found.name, Role.SUPERVISOR)
    report = svc.log.import_files(paths, boss)
    return [hand_id for _name, hand_id in report.stored]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    folder = args.keep or Path(tempfile.mkdtemp(prefix="goto-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("DEALER_APP_CONFIG_DIR", str(folder / "config"))
    os.environ.setdefault("DEALER_APP_ANCHOR_DIR", str(folder / "anchors"))
    path = folder / f"hands-{args.hands}.sqlite3"
    fresh = not path.exists()
    svc = Services.open(f"sqlite:///{path}")
    if fresh:
        bulk_hands(svc.db, args.hands, tables=20, sessions_per_table=10)
    played = played_hands(svc, folder, args.runs + 1)
    window = ReviewWindow(ReviewBackend(svc))
    window.resize(1280, 800)
    window.show()
    QTest.qWaitForWindowExposed(window)
    rng = random.Random(5)
    walls, cpus = [], []
    for _ in range(args.runs + 1):  # the first one warms the code paths: not counted
        hand_id = played.pop(rng.randrange(len(played)))
        window.activateWindow()  # the shortcut is the active window's
        QTest.qWaitForWindowActive(window)
        t, cpu = time.perf_counter(), time.process_time()
        QTest.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(window.goto_edit, f"id {hand_id}")
        QTest.keyClick(window.goto_edit, Qt.Key.Key_Return)  # opens (shows) the window
        detail = window.details.get(hand_id)
        if detail is None:
            print("no replay window:", window.status_line.text())
            return 1
        painted = Painted()
        detail.installEventFilter(painted)
        while not painted.done:  # its first paint comes from the event loop
            app.processEvents()
            if time.perf_counter() - t > 20:
                print("the replay window did not paint in 20 s")
                return 1
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - cpu)
        detail.close()
        app.processEvents()
    walls, cpus = walls[1:], cpus[1:]
    print(f"Ctrl+G to a drawn replay window, {args.hands:,} hands, {args.runs} runs: median "
          f"{statistics.median(walls) * 1000:.0f} ms, worst {max(walls) * 1000:.0f} ms, CPU "
          f"median {statistics.median(cpus) * 1000:.0f} ms (target <= 300 ms); "
          f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    window.close()
    svc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
