"""Dealer-window figures (prints, no asserts). Run: ``python benchmarks/gui.py``.

1. process start to a ready window (target < 1.5 s), in a subprocess that quits once shown;
2. key press to updated table, median (target < 50 ms);
3. keystrokes per recorded event for a scripted 6-player hand, and against the fewest keys
   the hand needs (2 per card, 1 per action, 1 for all antes; target <= 1.1 times).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# keys typed — one 6-player fixed-limit hand, keyboard only (the keys of gui/wording/commands.py)
SCRIPT: list[str] = [
    "P",                                   # 6 antes, one key
    "O", "jc",                             # a hole card known at the deal (seat 1)
    "kh", "as", "9d", "8c", "qs", "jd",    # 2nd street up cards
    "B", "L", "L", "F", "L", "L",          # seat 2 brings in; 3 L, 4 L, 5 F, 6 L, 1 L
    "kd", "7s", "9c", "tc", "jh",          # 3rd street (5 players)
    "X", "X", "X", "X", "X",               # all check (seat 1 first: pair of kings)
    "qh", "8s", "td", "7d", "ks",          # 4th street
    "E", "L", "F", "F", "L",               # seat 1 bets; 2 L, 3 F, 4 F, 6 L
    "7h", "9s", "8d",                      # 5th street
    "X", "X", "X",                         # checks
    "W", "ts", "th",                       # showdown: seat 1's hole card is known (W);
]                                          # the others' are typed (a card shows it)


def fewest_keys(events: list[object]) -> int:
    """The fewest keys a hand needs: 2 per card, 1 per action, 1 for all antes."""
    from dealer_app.engine import Action, Event

    keys = 0
    antes = False
    for event in events:
        assert isinstance(event, Event)
        if event.action is Action.ANTE:
            keys += 0 if antes else 1
            antes = True
        elif event.card is not None:
            keys += 2
        else:
            keys += 1
    return keys


def startup(url: str, runs: int = 3) -> list[float]:
    env = dict(os.environ, DEALER_APP_EXIT_WHEN_READY="1", PYTHONPATH=str(ROOT))
    times = []
    for _ in range(runs):
        env["DEALER_APP_T0"] = repr(time.time())
        out = subprocess.run([sys.executable, "-m", "dealer_app", "--db", url], env=env,
                             capture_output=True, text=True, timeout=60, check=False)
        line = next((x for x in out.stdout.splitlines() if x.startswith("ready ")), None)
        if line is None:
            print("start-up failed:", out.stderr[-500:])
            return times
        times.append(float(line.split()[1]))
    return times


def main() -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from dealer_app.engine import Settings
    from dealer_app.gui.app import application, build
    from dealer_app.gui.backend import Backend

    folder = Path(tempfile.mkdtemp(prefix="dealer-bench-"))
    url = f"sqlite:///{folder / 'bench.sqlite3'}"
    app = application()
    backend = Backend.open(url)
    staff = backend.create_first_supervisor("Bench", "135792")
    table = backend.create_table("Bench table", Settings(ante=5, chip_unit=5), staff)
    backend.open_table(table.id)
    for seat, name in enumerate(("Ann", "Bo", "Cy", "Dee", "Ed", "Fay"), start=1):
        backend.seat_player(seat, name, 1000)
    window, controller = build(backend)
    window.resize(1280, 800)
    window.show()
    controller.show_table()
    entry = window.page.card_entry
    QTest.keyClick(entry, Qt.Key.Key_N)
    app.processEvents()

    latencies: list[float] = []
    keystrokes = 0
    for step in SCRIPT:
        for char in step:
            key = Qt.Key(ord(char.upper()))  # letters and digits: the Qt key is the char
            started = time.perf_counter()
            QTest.keyClick(entry, key)
            app.processEvents()
            latencies.append((time.perf_counter() - started) * 1000)
            keystrokes += 1
    hand = backend.hand
    assert hand is not None
    events = len(hand.events)
    fewest = fewest_keys(list(hand.events))
    print(f"scripted hand: complete={hand.complete}, {events} events, {keystrokes} keystrokes, "
          f"{keystrokes / events:.2f} keystrokes per event; fewest the hand needs {fewest}: "
          f"{keystrokes / fewest:.2f} times the fewest (target <= 1.1)")
    if window.page.next_line.error:
        print("  last refusal:", window.page.next_line.error)
    print(f"key press to updated table: median {statistics.median(latencies):.1f} ms, "
          f"p90 {sorted(latencies)[int(len(latencies) * 0.9)]:.1f} ms, "
          f"max {max(latencies):.1f} ms over {len(latencies)} keys (target < 50 ms median)")
    window.close()

    times = startup(url)
    if times:
        print(f"process start to ready window: median {statistics.median(times):.2f} s "
              f"(runs: {', '.join(f'{t:.2f}' for t in times)}; target < 1.5 s)")


if __name__ == "__main__":
    main()
    sys.stdout.flush()
    os._exit(0)
