"""CSV of the supervisor's hand list on 100,000 hands (prints figures, asserts nothing).

    .venv/bin/python benchmarks/csv_export.py [--hands 100000] [--runs 5] [--keep DIR]

``write_hand_list_csv`` of every hand, as the review window's "Export CSV" runs it (the
window adds only its progress dialog: ``benchmarks/review.py``), ``--runs`` times: the
median wall and CPU time (this process, every thread), with the load average. Target:
100,000 hands in <= 2 s. ``--keep DIR`` builds the hands once and reuses them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from review.datagen import bulk_hands  # noqa: E402

from dealer_app.services import HandQuery, Services  # noqa: E402
from dealer_app.services.reports.hand_list import write_hand_list_csv  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="csv-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("DEALER_APP_CONFIG_DIR", str(folder / "config"))
    os.environ.setdefault("DEALER_APP_ANCHOR_DIR", str(folder / "anchors"))
    path = folder / f"hands-{args.hands}.sqlite3"
    fresh = not path.exists()
    svc = Services.open(f"sqlite:///{path}")
    if fresh:
        t = time.perf_counter()
        bulk_hands(svc.db, args.hands, tables=20, sessions_per_table=10)
        print(f"bulk insert of {args.hands:,} hands: {time.perf_counter() - t:.1f} s")
    walls, cpus = [], []
    for run in range(args.runs):
        t, cpu = time.perf_counter(), time.process_time()
        written = write_hand_list_csv(svc.review, HandQuery(), folder / "hands.csv")
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - cpu)
        print(f"run {run + 1}: {written:,} rows, {walls[-1]:.2f} s wall, CPU {cpus[-1]:.2f} s "
              f"(load average {os.getloadavg()[0]:.2f})")
    print(f"CSV of {args.hands:,} hands: median {statistics.median(walls):.2f} s wall "
          f"(best {min(walls):.2f} s), CPU {statistics.median(cpus):.2f} s; "
          f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{(folder / 'hands.csv').stat().st_size / 1e6:.1f} MB")
    svc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
