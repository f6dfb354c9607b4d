"""The dealer's window from process start to shown, against a bare PySide6 window in the
same run, and the window's memory (prints figures, asserts nothing).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/gui_start.py [--runs 7]

Each run starts, in turn, a bare PySide6 window (QApplication, one QWidget shown) and
``dealer-app --db URL`` (a database with a supervisor and a table, as a dealer's station
finds it), each in its own process with byte code compiled, as an install has it; each
prints the seconds from its process start to its window shown (``DEALER_APP_T0``), its
CPU seconds by then and its resident memory (VmRSS, VmHWM: the peak). The dealer's window
is shown and painted before its storage is opened; it also prints when it is ready for a
sign-in (the database open, the controller connected), and its memory then. Printed: the
medians of each, and the ratio of the medians (target: the dealer's window shown <= 2 x the
bare window; memory <= 150 MB).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

BARE = """
import os, resource, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication(sys.argv[:1])
window = QWidget()
window.resize(1024, 768)
window.show()
def ready():
    t0 = float(os.environ["DEALER_APP_T0"])
    used = resource.getrusage(resource.RUSAGE_SELF)
    memory = dict(line.split(":", 1) for line in open("/proc/self/status"))
    print(f"ready {time.time() - t0:.3f} cpu {used.ru_utime + used.ru_stime:.3f} "
          f"rss {int(memory['VmRSS'].split()[0]) // 1024} "
          f"hwm {int(memory['VmHWM'].split()[0]) // 1024}", flush=True)
    app.quit()
QTimer.singleShot(0, ready)
app.exec()
"""


def timed(cmd: list[str], env: dict[str, str]) -> dict[str, float] | None:
    env = dict(env, DEALER_APP_T0=repr(time.time()))
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120,
                         cwd=ROOT, check=False)  # (-m looks in the folder first)
    line = next((x for x in out.stdout.splitlines() if x.startswith("ready ")), None)
    if line is None:
        print("start-up failed:", " ".join(cmd[-3:]), out.stderr[-800:])
        return None
    words = line.split()
    return {words[i]: float(words[i + 1]) for i in range(0, len(words) - 1, 2)}


def make_database(folder: Path) -> str:
    from dealer_app.engine import Settings
    from dealer_app.services import Role, Services

    url = f"sqlite:///{folder / 'station.sqlite3'}"
    svc = Services.open(url)
    boss = svc.staff.add_staff("Bench", Role.SUPERVISOR, "135792")
    svc.staff.add_staff("Dana", Role.DEALER, "246802", by=boss)
    svc.tables.create_table("Bench table", Settings(ante=5, chip_unit=5), boss)
    svc.close()
    return url


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="gui-start-"))
    env = dict(os.environ, DEALER_APP_EXIT_WHEN_READY="1", PYTHONPATH=str(ROOT),
               PYTHONPYCACHEPREFIX=str(folder / "pyc"),
               DEALER_APP_CONFIG_DIR=str(folder / "config"),
               DEALER_APP_ANCHOR_DIR=str(folder / "anchors"),
               DEALER_APP_DATA_DIR=str(folder / "data"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ.update({k: env[k] for k in ("DEALER_APP_CONFIG_DIR", "DEALER_APP_ANCHOR_DIR")})
    url = make_database(folder)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "dealer_app")],
                   env=env, stdout=subprocess.DEVNULL, check=False)
    bare_cmd = [sys.executable, "-c", BARE]
    app_cmd = [sys.executable, "-m", "dealer_app", "--db", url]
    timed(bare_cmd, env)  # once each, not counted: the files into the page cache
    timed(app_cmd, env)
    bare: list[dict[str, float]] = []
    dealer: list[dict[str, float]] = []
    for _ in range(args.runs):
        for cmd, into in ((bare_cmd, bare), (app_cmd, dealer)):
            figures = timed(cmd, env)
            if figures is not None:
                into.append(figures)
    if not bare or not dealer:
        return 1

    def median(runs: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in runs)

    for label, runs in (("bare PySide6 window", bare), ("dealer's window", dealer)):
        shown = ", ".join(f"{r['ready']:.2f}" for r in runs)
        print(f"{label:20s} start to shown: median {median(runs, 'ready'):.3f} s "
              f"(runs {shown}), CPU median "
              f"{median(runs, 'cpu'):.3f} s; memory VmRSS {median(runs, 'rss'):.0f} MB, "
              f"peak {median(runs, 'hwm'):.0f} MB")
    usable = ", ".join(f"{r['usable']:.2f}" for r in dealer)
    print(f"{'dealer ready':20s} start to sign-in ready: median {median(dealer, 'usable'):.3f} "
          f"s (runs {usable}), CPU median {median(dealer, 'ucpu'):.3f} s")
    print(f"dealer / bare: wall {median(dealer, 'ready') / median(bare, 'ready'):.2f} x, "
          f"CPU {median(dealer, 'cpu') / median(bare, 'cpu'):.2f} x (target <= 2 x); "
          f"dealer's window memory {median(dealer, 'rss'):.0f} MB (target <= 150 MB); "
          f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
