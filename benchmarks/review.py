"""Review window speed on a large log (prints figures, asserts nothing).

- opening the hand log browser on 100,000 hands: time to the first rows (target < 200 ms),
  then applying filters (player, status, pot) and a sort: time to the first rows again;
- the session report (with its stack history) of a 500-hand session (target < 1 s);
- the CSV of all hands with its progress dialog, as the window's "Export CSV" (target < 3 s).

The hands are bulk-inserted through the storage models (tests/review/datagen.py). Run:
``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/review.py [HANDS]``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from review.datagen import bulk_hands  # noqa: E402

from dealer_app.gui.review.backend import ReviewBackend  # noqa: E402
from dealer_app.gui.review.models import HandListModel  # noqa: E402
from dealer_app.gui.review.tasks import run_with_progress  # noqa: E402
from dealer_app.gui.review.window import ReviewWindow  # noqa: E402
from dealer_app.services import HandQuery, HandStatus, Services  # noqa: E402
from dealer_app.services.reports import session_report, stack_history  # noqa: E402


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def main(hands: int = 100_000) -> None:
    app = QApplication.instance() or QApplication([])
    folder = Path(tempfile.mkdtemp(prefix="review-bench-"))
    svc = Services.open(f"sqlite:///{folder}/bench.sqlite3")
    t = time.perf_counter()
    ids = bulk_hands(svc.db, hands, tables=20, sessions_per_table=10)
    print(f"bulk insert of {hands:,} hands (20 tables × 10 sessions): "
          f"{time.perf_counter() - t:.1f} s")
    backend = ReviewBackend(svc)

    t = time.perf_counter()
    window = ReviewWindow(backend)
    window.show()
    app.processEvents()
    first = window.model.data(window.model.index(0, 0))
    print(f"open the browser, first rows shown:        {ms(time.perf_counter() - t)}"
          f"  ({window.model.rowCount():,} hands; first {first!r})")

    t = time.perf_counter()
    window.model.set_query(HandQuery())
    window.model.data(window.model.index(0, 0))
    print(f"{'reload the model alone (count + page)':<42} {ms(time.perf_counter() - t)}")
    for label, query in (
            ("filter player = Ann", HandQuery(player="Ann")),
            ("filter status = void", HandQuery(status=HandStatus.VOID)),
            ("filter table + pot >= 200", HandQuery(table_id=ids["table"], min_pot=200)),
            ("filter dealer + player + complete",
             HandQuery(dealer_id=ids["dealer"], player="Cy", status=HandStatus.COMPLETE))):
        t = time.perf_counter()
        window.model.set_query(query)
        window.model.data(window.model.index(0, 0))
        print(f"{label:<42} {ms(time.perf_counter() - t)}  ({window.model.rowCount():,})")
    window.model.set_query(HandQuery())
    t = time.perf_counter()
    window.model.sort(HandListModel.COL_POT, Qt.SortOrder.DescendingOrder)
    print(f"{'sort all by pot':<42} {ms(time.perf_counter() - t)}")
    t = time.perf_counter()
    window.model.data(window.model.index(window.model.rowCount() - 1, 0))
    print(f"{'jump to the last row (deep page)':<42} {ms(time.perf_counter() - t)}")

    t = time.perf_counter()
    report = session_report(svc.db, ids["session"])
    history = stack_history(svc.db, ids["session"])
    elapsed = time.perf_counter() - t
    print(f"session report + stack history, {report.hands_complete + report.hands_void} "
          f"hands: {ms(elapsed)}  (balanced: {report.reconciliation.balanced}, "
          f"{len(history.hand_numbers)} chart points)")
    bench_csv(window, backend, folder)
    window.close()
    svc.close()


def bench_csv(window: ReviewWindow, backend: ReviewBackend, folder: Path) -> None:
    """The whole hand list as CSV under the cancellable progress dialog (wall and CPU time:
    on a shared machine the wall time also counts the other processes)."""
    path = folder / "hands.csv"
    t, cpu = time.perf_counter(), time.process_time()
    written = run_with_progress(
        window, "Export CSV", "Writing the filtered hand list",
        lambda p, c: backend.write_csv(HandQuery(), path, sort="started_at", descending=True,
                                       progress=p, cancel=c))
    wall, cpu = time.perf_counter() - t, time.process_time() - cpu
    print(f"{'CSV of all hands, with progress dialog':<42} {ms(wall)}  (CPU {ms(cpu).strip()};"
          f" {written or 0:,} rows, {path.stat().st_size / 1e6:,.1f} MB)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
