"""Floor benchmark (issue 12): run on demand, prints figures, asserts nothing.

    .venv/bin/python benchmarks/floor.py                       # SQLite (a temporary file)
    .venv/bin/python benchmarks/floor.py --pg postgresql+psycopg://postgres@127.0.0.1/test

A dealer-load process records inputs at ``--tables`` tables (30), one input every
``--interval`` seconds (2) at each table, staggered, printing each input's commit time.
(a) the floor view (headless, this process) for ``--seconds`` (20): commit-to-view latency
    p50/p95/max (target p95 < 300 ms on PostgreSQL, < 1 s on SQLite) and the CPU the floor
    process used, as a share of one core (target < 10%);
(b) the players' screen of one table for ``--seconds`` / 2: commit-to-screen latency.
On PostgreSQL a fresh schema is made and dropped.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dealer_app.engine import DECK, Action, Event, Settings  # noqa: E402
from dealer_app.engine.hand import Hand  # noqa: E402
from dealer_app.services import Role, Services  # noqa: E402

PLAYERS = ("Ann", "Bo", "Cy", "Di")


def next_input(hand: Hand, rng: random.Random) -> Event | None:
    expected = hand.next_input()
    if expected is None:
        return None
    actions = list(expected.actions)
    if Action.DEAL_UP in actions:
        used = {str(c) for c in hand.used}
        return Event(expected.seat, Action.DEAL_UP,
                     card=rng.choice([str(c) for c in DECK if str(c) not in used]))
    for action in (Action.ANTE, Action.BRING_IN, Action.CHECK, Action.CALL, Action.SHOW,
                   Action.MUCK, Action.FOLD):
        if action in actions:
            if action is Action.SHOW and hand.seats[expected.seat].hole is None:
                used = {str(c) for c in hand.used}
                return Event(expected.seat, action,
                             card=next(str(c) for c in DECK if str(c) not in used))
            return Event(expected.seat, action)
    return Event(expected.seat, actions[0])


# ---------------------------------------------------------------------------- set-up, load
def setup(url: str, tables: int) -> None:
    svc = Services.open(url)
    try:
        boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
        dealer = svc.staff.add_staff("Dana", Role.DEALER, "1357", by=boss)
        for i in range(1, tables + 1):
            table = svc.tables.create_table(f"T{i:02d}", Settings(ante=5, chip_unit=5), boss)
            session = svc.tables.open_session(table.id, dealer)
            for seat, name in enumerate(PLAYERS, start=1):
                svc.tables.seat_player(session.id, seat, name, 100_000, dealer)
    finally:
        svc.close()


def load(url: str, seconds: float, interval: float) -> None:
    """The dealers: one input per table every ``interval`` s; prints ``table at t``."""
    svc = Services.open(url)
    rng = random.Random(12)
    try:
        dealer = svc.staff.authenticate("Dana", "1357")
        tables = svc.tables.list_tables()
        sessions = {t.id: svc.tables.current_session(t.id) for t in tables}
        hands: dict[int, int | None] = {}
        states: dict[int, Hand] = {}
        for t in tables:  # a previous run may have left hands in progress: resume them
            session = sessions[t.id]
            current = svc.hands.current_hand(session.id) if session else None
            hands[t.id] = current.hand_id if current else None
            if current is not None:
                states[t.id] = current.hand
        start = time.monotonic()
        step = interval / len(tables)
        k = 0
        while time.monotonic() - start < seconds:
            table = tables[k % len(tables)]
            due = start + k * step
            k += 1
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            session = sessions[table.id]
            assert session is not None
            hand_id = hands[table.id]
            if hand_id is None or states[table.id].complete:
                state = svc.hands.start_hand(session.id, dealer)
                hands[table.id] = hand_id = state.hand_id
                states[table.id] = state.hand
            event = next_input(states[table.id], rng)
            assert event is not None
            state = svc.hands.record_input(hand_id, event, dealer)
            committed = time.time()
            states[table.id] = state.hand
            print(f"{table.id} {state.log[-1].at.isoformat()} {committed:.6f}", flush=True)
    finally:
        svc.close()


# ---------------------------------------------------------------------------- the views
def run_view(url: str, seconds: float, interval: float, kind: str) -> dict[str, float]:
    from PySide6.QtCore import QTimer

    from dealer_app.gui.app import application

    app = application()
    svc = Services.open(url)
    seen: dict[tuple[int, str], float] = {}
    if kind == "floor":
        from dealer_app.gui.floor.window import FloorWindow

        view = FloorWindow(svc, stale_after=60)

        def record() -> None:
            now = time.time()
            for widget in view.tiles.values():
                tile = widget.tile
                if tile.last_input_at is not None:
                    seen.setdefault((tile.table_id, tile.last_input_at.isoformat()), now)

        view.refreshed.connect(record)
    else:
        from dealer_app.gui.display.window import PlayersScreen

        first = svc.tables.list_tables()[0].id
        view = PlayersScreen(svc, first)  # type: ignore[assignment]
        view.resize(1920, 1080)

        def record() -> None:
            live = view.live  # type: ignore[attr-defined]
            if live is not None and live.hand is not None and live.hand.log:
                seen.setdefault((first, live.hand.log[-1].at.isoformat()), time.time())

        view.refreshed.connect(record)
    view.show()
    view.start()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    writer = subprocess.Popen([sys.executable, __file__, "--load", url, "--seconds",
                               str(seconds), "--interval", str(interval)],
                              env=env, stdout=subprocess.PIPE, text=True)
    cpu = {"start": 0.0, "wall": 0.0}

    def begin() -> None:  # steady state: after the start-up reads
        cpu["start"] = time.process_time()
        cpu["wall"] = time.monotonic()

    QTimer.singleShot(2000, begin)
    quit_timer = QTimer()
    quit_timer.setSingleShot(True)
    quit_timer.setInterval(1000)
    quit_timer.timeout.connect(app.quit)
    done = QTimer()
    done.setInterval(100)

    def check_writer() -> None:  # the load ends on its own clock: stop 1 s after it
        if writer.poll() is not None and not quit_timer.isActive():
            done.stop()
            quit_timer.start()

    done.timeout.connect(check_writer)
    done.start()
    profile = os.environ.get("FLOOR_PROFILE")
    if profile and kind == "floor":
        import cProfile

        cProfile.runctx("app.exec()", globals(), locals(), profile)
    else:
        app.exec()
    done.stop()
    quit_timer.stop()
    used = time.process_time() - cpu["start"]
    wall = time.monotonic() - cpu["wall"]
    view.close()
    view.stop()
    out, _ = writer.communicate(timeout=60)
    svc.close()
    latencies = []
    missing = 0
    for line in out.splitlines():
        table, at, committed = line.split()
        key = (int(table), datetime.fromisoformat(at).isoformat())
        if kind != "floor" and key[0] != first:
            continue
        if key in seen:
            latencies.append(seen[key] - float(committed))
        else:
            missing += 1  # superseded by the next input before a redraw (not a loss)
    latencies.sort()
    return {"n": len(latencies), "missing": missing,
            "p50": statistics.median(latencies) if latencies else float("nan"),
            "p95": latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan"),
            "max": latencies[-1] if latencies else float("nan"),
            "cpu": used / wall if wall else float("nan")}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pg", metavar="URL", help="a PostgreSQL URL (a schema is made)")
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--load", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--view", metavar="KIND", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.load:
        load(args.load, args.seconds, args.interval)
        return 0
    schema = None
    tmp = None
    if args.pg:
        from sqlalchemy import create_engine
        from sqlalchemy.engine import make_url

        schema = f"bench_{uuid.uuid4().hex[:12]}"
        admin = create_engine(args.pg)
        with admin.begin() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
        url = make_url(args.pg).update_query_dict(
            {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
        target = "PostgreSQL"
    else:
        tmp = tempfile.TemporaryDirectory()
        url = f"sqlite:///{tmp.name}/floor.sqlite3"
        target = "SQLite"
    try:
        setup(url, args.tables)
        print(f"{target}: {args.tables} tables, one input per table every {args.interval} s")
        floor = run_view(url, args.seconds, args.interval, "floor")
        print(f"(a) floor view, {args.seconds:.0f} s: commit-to-tile latency "
              f"p50 {floor['p50'] * 1000:.0f} ms, p95 {floor['p95'] * 1000:.0f} ms, "
              f"max {floor['max'] * 1000:.0f} ms over {floor['n']:.0f} inputs "
              f"({floor['missing']:.0f} superseded before a redraw); "
              f"CPU {floor['cpu'] * 100:.1f}% of one core")
        screen = run_view(url, args.seconds, args.interval, "display")
        print(f"(b) players' screen (one table), {args.seconds:.0f} s: commit-to-screen "
              f"latency p50 {screen['p50'] * 1000:.0f} ms, p95 {screen['p95'] * 1000:.0f} ms, "
              f"max {screen['max'] * 1000:.0f} ms over {screen['n']:.0f} inputs")
    finally:
        if schema is not None:
            with admin.begin() as conn:
                conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
            admin.dispose()
        if tmp is not None:
            tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
