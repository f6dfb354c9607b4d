"""Review window speed on a large log (prints figures, asserts nothing).

- opening the hand log browser on 100,000 hands: time to the first rows (target < 200 ms),
  then applying filters (player, status, pot) and a sort: time to the first rows again;
- the session report (with its stack history) of a 500-hand session (target < 1 s);
- the CSV of all hands with its progress dialog, as the window's "Export CSV" (target < 3 s).
- issue 11: go to a hand by table and number (target < 50 ms), a substring player search
  ("meyer", accents and case ignored, target < 150 ms) over names varied like a real
  floor's, and the jump to the middle and the deepest row after a sort (target < 100 ms).

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

    find_hands(window, svc)

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
def vary_names(svc: Services) -> int:
    """Gives each seating one of 2,000 full names (with accents); returns how many."""
    import random

    from sqlalchemy import text

    from dealer_app.storage.models.search_key import search_key

    first = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Lea",
             "Max", "Nia", "Ola", "Per", "Quy", "Rut", "Sól", "Tor"]
    last = ["Meyer", "Müller", "Svensson", "Öberg", "Dubois", "García", "Rossi", "Novák",
            "Kowalski", "Smith", "Jones", "Berg", "Lind", "Holm", "Ek", "Nyström", "Åberg",
            "Lund", "Sjö", "Vik"]
    rng = random.Random(3)
    pool = [f"{rng.choice(first)} {rng.choice(last)} {i}" for i in range(2000)]
    with svc.db.transaction() as s:
        seatings = [r[0] for r in s.execute(text("SELECT id FROM seating"))]
        names = {sid: rng.choice(pool) for sid in seatings}
        s.execute(text("CREATE TEMP TABLE bench_names (i INTEGER PRIMARY KEY, n TEXT, k TEXT)"))
        s.execute(text("INSERT INTO bench_names VALUES (:i, :n, :k)"),
                  [{"i": i, "n": n, "k": search_key(n)} for i, n in names.items()])
        s.execute(text("UPDATE hand_player SET "
                       "player = (SELECT n FROM bench_names WHERE i = seating_id), "
                       "player_key = (SELECT k FROM bench_names WHERE i = seating_id)"))
        s.execute(text("UPDATE seating SET player = (SELECT n FROM bench_names WHERE i = id)"))
        s.execute(text("DROP TABLE bench_names"))
    return len(set(names.values()))


def find_hands(window: ReviewWindow, svc: Services) -> None:
    """Issue 11: go to a hand, substring search, jumps after each sort."""
    t = time.perf_counter()
    distinct = vary_names(svc)
    print(f"names varied: {distinct:,} distinct players ({time.perf_counter() - t:.1f} s)")
    window.clear_filters()
    tables = window.backend.tables()
    target = tables[len(tables) // 2].name
    for label, text in (("go to hand (table + number)", f"{target} 3131"),
                        ("go to hand (id)", "id 51234")):
        t = time.perf_counter()
        hand = window.go_to(text, open_it=False)
        print(f"{label:<42} {ms(time.perf_counter() - t)}  ({hand.table if hand else '-'} "
              f"hand {hand.number if hand else '-'}, row {window.view.currentIndex().row():,})")
    for typed in ("meyer", "MÜLLER", "ber", "nobody"):
        t = time.perf_counter()
        window.model.set_query(HandQuery(player=typed))
        window.model.data(window.model.index(0, 0))
        print(f"{'substring player search ' + repr(typed):<42} {ms(time.perf_counter() - t)}"
              f"  ({window.model.rowCount():,})")
    window.model.set_query(HandQuery())
    for column in (HandListModel.COL_POT, HandListModel.COL_TABLE,
                   HandListModel.COL_STATUS, HandListModel.COL_NUMBER,
                   HandListModel.COL_STARTED):
        name = HandListModel.HEADERS[column]
        t = time.perf_counter()
        window._header_clicked(column)
        sort = time.perf_counter() - t
        n = window.model.rowCount()
        for where, row in (("middle", n // 2), ("deepest", n - 1)):
            t = time.perf_counter()
            index = window.model.index(row, 0)
            window.view.scrollTo(index)
            window.model.data(index)
            window.model.data(window.model.index(max(0, row - 30), 0))
            print(f"{f'sort by {name} ({sort * 1000:.0f} ms), jump to {where}':<42} "
                  f"{ms(time.perf_counter() - t)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
