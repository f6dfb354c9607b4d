"""Storage benchmark: prints figures, asserts nothing.

    .venv/bin/python benchmarks/storage.py [--pg URL] [--hands 100000]

1. recording one input on SQLite with synchronous=FULL (median, p95, and by kind: a card,
   an action, the input completing a hand with its checkpoint; target p95 < 2 ms, and no
   more than 0.3 ms above the bare commit printed before it); with ``--only record`` and a
   PostgreSQL URL, the same on PostgreSQL after its own bare commit;
2. resuming a session of 500 hands (open + session + seats + hand in progress; < 300 ms);
3. a supervisor search (player, date range, status; first page and count) over 100,000
   hands on SQLite and, given a URL (or DEALER_APP_TEST_PG_URL), PostgreSQL (< 100 ms);
4. ``log verify`` (ledger, checkpoints, anchors, every hand replayed on both cores) over
   ``--verify-hands`` genuine hands, against ``dealer-app replay --json`` of the same hands
   exported as records, in the same run (target: verify < 20 s for 100,000, and no more
   than the bare replay). ``--keep DIR`` builds that data in DIR once and reuses it (a
   build of 100,000 hands takes minutes); ``--no-replay`` times verify alone.
5. ``--only import-verify [--hands 6000] [--keep DIR]``: hand records played by the engine
   (2 to 6 players, 4 on average) stored by ``log import``'s service and exported again;
   then ``dealer-app log verify`` against ``dealer-app replay --json`` of the exported files,
   each in its own process (byte code compiled first, as an install has it), in the same
   run; and the database's bytes a hand, by table and index (target: verify no slower than
   the replay, 6 KB a hand).
Data for 2, 3 and 4 is generated with bulk inserts (3 stores no events: it measures search),
chained into the ledger and sealed by one checkpoint. Recording an input includes the
ledger entry and the checkpoints (each completed hand, every 2 minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

try:
    import dealer_app  # noqa: F401
except ImportError:  # run as a script from a checkout: make the package importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import create_engine, insert, select, text  # noqa: E402
from sqlalchemy.engine import make_url

from dealer_app.engine import DECK, Action, Event, SeatSpec, Settings
from dealer_app.engine.hand import Hand
from dealer_app.engine.record import dump_record
from dealer_app.heap import settle_heap
from dealer_app.services import HandQuery, HandStatus, Role, Services, StaffMember
from dealer_app.storage import chain, ledger
from dealer_app.storage.models import HandEvent, HandPlayer, HandRow

SETTINGS = Settings(ante=5, chip_unit=5)
PLAYERS = [f"Player {i:03d}" for i in range(200)]


def legal(hand: Hand, rng: random.Random) -> Event | None:
    """A legal next input: calls and checks, a random card, a fold now and then."""
    expected = hand.next_input()
    if expected is None:
        return None
    free = [str(c) for c in DECK if c not in hand.used]
    actions = expected.actions
    if Action.DEAL_UP in actions:
        return Event(expected.seat, Action.DEAL_UP, card=rng.choice(free))
    if Action.SHOW in actions:
        hole = hand.seats[expected.seat].hole
        return Event(expected.seat, Action.SHOW, card=None if hole else rng.choice(free))
    if Action.FOLD in actions and rng.random() < 0.1:
        return Event(expected.seat, Action.FOLD)
    for action in (Action.ANTE, Action.BRING_IN, Action.CHECK, Action.CALL, Action.FOLD):
        if action in actions:
            return Event(expected.seat, action)
    raise AssertionError(f"no simple action in {actions}")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def setup(url: str) -> tuple[Services, StaffMember, int, int]:
    svc = Services.open(url)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246810")
    table = svc.tables.create_table("Bench", SETTINGS, boss)
    session = svc.tables.open_session(table.id, boss)
    for seat in (1, 2, 4, 6):
        svc.tables.seat_player(session.id, seat, PLAYERS[seat], 1_000_000, boss)
    return svc, boss, table.id, session.id


def bench_raw_commit(folder: Path) -> None:
    """The floor set by the disk: one tiny insert committed with WAL + synchronous=FULL."""
    import sqlite3

    conn = sqlite3.connect(folder / "raw.sqlite3", isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE t (a INTEGER)")
    times = []
    for i in range(300):
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO t VALUES (?)", (i,))
        conn.execute("COMMIT")
        times.append(time.perf_counter() - start)
    conn.close()
    times.sort()
    print(f"baseline: bare sqlite3 insert + commit on this disk: median "
          f"{ms(statistics.median(times))}, p95 {ms(times[int(len(times) * 0.95)])}")


def bench_raw_commit_pg(url: str) -> None:
    """PostgreSQL's floor: one tiny insert committed by the driver (its BEGIN, the INSERT
    and the COMMIT: three round trips), on a table of the benchmark's schema."""
    engine = create_engine(url)
    with engine.connect() as conn:
        raw: Any = conn.connection.dbapi_connection
        cursor = raw.cursor()
        cursor.execute("CREATE TABLE bare_commit (a INTEGER)")
        raw.commit()
        times = []
        for i in range(300):
            start = time.perf_counter()
            cursor.execute("INSERT INTO bare_commit VALUES (%s)", (i,))
            raw.commit()
            times.append(time.perf_counter() - start)
        cursor.close()
    engine.dispose()
    times.sort()
    print(f"baseline: bare PostgreSQL insert + commit: median "
          f"{ms(statistics.median(times))}, p95 {ms(times[int(len(times) * 0.95)])}")


def pg_schema(url: str) -> tuple[str, Callable[[], None]]:
    """A fresh schema of the PostgreSQL database at ``url``: its URL, and what drops it."""
    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    found = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})

    def drop() -> None:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()

    return found.render_as_string(hide_password=False), drop


def bench_record(folder: Path, lease: bool = False, sign_ins: bool = False,
                 inputs: int = 600, url: str | None = None) -> None:
    """Recording inputs; with ``lease`` as the dealer's window does (the table lease checked
    and renewed by each input); with ``sign_ins`` while another thread signs in over and over
    (scrypt must not hold the write lock). ``url``: a PostgreSQL database (its own schema)
    instead of an SQLite file in ``folder``."""
    import threading

    name = "record" + ("-lease" if lease else "") + ("-signins" if sign_ins else "")
    svc, boss, table, session = setup(url or f"sqlite:///{folder}/{name}.sqlite3")
    workstation = None
    if lease:
        workstation = "bench"
        svc.leases.acquire(table, workstation, "bench", boss)
    settle_heap()  # as the app does once its window is up (dealer_app/gui/app.py)
    stop = threading.Event()
    signed = [0]

    def sign_in_loop() -> None:
        while not stop.is_set():
            svc.staff.authenticate("Sam", "246810")
            signed[0] += 1

    worker = threading.Thread(target=sign_in_loop) if sign_ins else None
    if worker is not None:
        worker.start()
    rng = random.Random(1)
    times: list[float] = []
    kinds: dict[str, list[float]] = {"card": [], "action": [], "hand-completing": []}
    try:
        while len(times) < inputs:
            state = svc.hands.start_hand(session, boss, workstation)
            while (event := legal(state.hand, rng)) is not None:
                start = time.perf_counter()
                state = svc.hands.record_input(state.hand_id, event, boss, workstation)
                took = time.perf_counter() - start
                times.append(took)
                kinds["hand-completing" if state.hand.complete else
                      "card" if event.action in (Action.DEAL_UP, Action.SHOW) else
                      "action"].append(took)
    finally:
        stop.set()
        if worker is not None:
            worker.join()
    what = ", table lease checked" if lease else ""
    what += f", {signed[0]} sign-ins meanwhile" if sign_ins else ""
    where = "PostgreSQL" if url else "SQLite, synchronous=FULL"
    print(f"record one input ({where}{what}, {len(times)} inputs): "
          f"median {ms(statistics.median(times))}, p95 {ms(p95(times))}, "
          f"max {ms(max(times))}")
    checkpoints = svc.db.checkpointer.runs if svc.db.checkpointer else 0
    bench_seal_cost(svc)
    db_size(svc, f"{name}.sqlite3")
    print("  by kind: " + "; ".join(
        f"{kind} ({len(ts)}) median {ms(statistics.median(ts))}, p95 {ms(p95(ts))}"
        for kind, ts in kinds.items() if ts) + f"; WAL checkpoints off the path: {checkpoints}")
    svc.close()


def bench_seal_cost(svc: Services, rounds: int = 2000) -> None:
    """What the writer's seal adds to a commit: signing the entries (and, at a checkpoint,
    the vouching read), measured alone in the same run as the inputs above."""
    from datetime import UTC, datetime

    notary = svc.db.notary
    if notary is None:
        return
    times = []
    now = datetime.now(UTC)
    for i in range(rounds):
        start = time.perf_counter()
        seal = notary.begin_seal(i, i + 1, "0" * 64, now)
        notary.end_seal(seal, committed=False)
        times.append(time.perf_counter() - start)
    print(f"  the seal of one commit (Ed25519 signature): median "
          f"{ms(statistics.median(times))}, p95 {ms(p95(times))}")


def db_size(svc: Services, what: str) -> None:
    """The database's size per stored hand (the file, once its WAL is checkpointed)."""
    path = svc.db.sqlite_path
    if path is None:
        return
    svc.db.settle()
    with svc.db.read() as s:
        hands = int(s.execute(text("SELECT count(*) FROM hand")).scalar() or 0)
        commits = int(s.execute(text("SELECT count(*) FROM ledger WHERE seal_from IS NOT NULL"))
                      .scalar() or 0)
    import sqlite3

    with sqlite3.connect(path) as conn:  # the WAL's page images into the file first
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = path.stat().st_size
    if hands:
        print(f"  {what}: {size / hands / 1024:.1f} KB a hand ({hands} hands, {commits} sealed "
              f"commits, {size / 1024:.0f} KB after a WAL checkpoint)")


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[int(len(ordered) * 0.95)]


def template_hands(count: int, rng: random.Random) -> list[Hand]:
    seats = [SeatSpec(s, PLAYERS[s], 1_000_000) for s in (1, 2, 4, 6)]
    out = []
    for _ in range(count):
        hand = Hand(SETTINGS, seats)
        while (event := legal(hand, rng)) is not None:
            hand.apply(event)
        out.append(hand)
    return out


def bulk_hands(svc: Services, table_id: int, session_id: int, dealer_id: int, count: int,
               rng: random.Random, with_events: bool, start: datetime) -> None:
    """Inserts ``count`` complete hands straight into the tables, digests included."""
    templates = template_hands(20, rng) if with_events else []
    settings = SETTINGS.to_dict()
    hands: list[dict[str, Any]] = []
    players: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    base_id = 1_000_000
    step = timedelta(days=365) / max(count, 1)

    def flush() -> None:
        with svc.db.engine.begin() as conn:
            if hands:
                conn.execute(insert(HandRow), hands)
            if players:
                conn.execute(insert(HandPlayer), players)
            if events:
                conn.execute(insert(HandEvent), events)
        hands.clear()
        players.clear()
        events.clear()

    for i in range(count):
        hand_id = base_id + i
        names = rng.sample(PLAYERS, 4)
        seats = [{"seat": s, "player": n, "stack": 1_000_000}
                 for s, n in zip((1, 2, 4, 6), names, strict=True)]
        started = start + step * i
        uid = str(uuid.uuid4())
        head = chain.header_digest(uid, settings, seats, started)
        template = templates[i % len(templates)] if with_events else None
        if template is not None:
            for seq, event in enumerate(template.events, 1):
                link = chain.ChainLink(seq, "input", event.seat, event.action.value, event.card,
                                       event.to, None, "Sam", started, None)
                head = link.digest(head)
                events.append({"hand_id": hand_id, "seq": seq, "kind": "input",
                               "seat": event.seat, "action": event.action.value,
                               "card": event.card, "to_amount": event.to, "target_seq": None,
                               "staff_id": dealer_id, "staff_name": "Sam", "at": started,
                               "reason": None, "digest": head})
        status = HandStatus.VOID.value if rng.random() < 0.02 else HandStatus.COMPLETE.value
        pot, rake, stacks = rng.randrange(20, 2000, 5), 0, {s["seat"]: 1_000_000 for s in seats}
        if template is not None:  # the genuine result of its events
            status = HandStatus.COMPLETE.value
            pot, rake = sum(p.amount for p in template.pots()), template.rake
            stacks = template.stacks
        hands.append({"id": hand_id, "uid": uid, "table_id": table_id, "session_id": session_id,
                      "number": 10_000_000 + i, "dealer_id": dealer_id, "origin": "app",
                      "settings_json": json.dumps(settings), "seats_json": json.dumps(seats),
                      "meta_json": "{}", "status": status, "pot": pot, "rake": rake,
                      "corrected": False,
                      "started_at": started, "ended_at": started + timedelta(minutes=2),
                      "head_digest": head})
        players.extend({"hand_id": hand_id, "seat": s["seat"], "player": s["player"],
                        "seating_id": None, "stack_before": 1_000_000,
                        "stack_after": stacks[s["seat"]]} for s in seats)
        if len(hands) >= 5000:
            flush()
    flush()
    if not svc.db.is_sqlite:  # the hands' ids were given: the sequence goes on after them,
        with svc.db.engine.begin() as conn:  # as the app's own hands' would (else the next
            conn.execute(text(  # hand recorded is id 1, below every hand of the log)
                "SELECT setval(pg_get_serial_sequence('hand', 'id'), (SELECT max(id) FROM hand))"))
    with svc.db.transaction() as s:
        ledger.seal_bulk_load(s, "benchmark data")


def bench_resume(folder: Path) -> None:
    url = f"sqlite:///{folder}/resume.sqlite3"
    svc, boss, table_id, session = setup(url)
    bulk_hands(svc, table_id, session, boss.id, 499, random.Random(2), True,
               datetime(2025, 1, 1, tzinfo=UTC))
    state = svc.hands.start_hand(session, boss)
    rng = random.Random(3)
    for _ in range(12):
        event = legal(state.hand, rng)
        assert event is not None
        state = svc.hands.record_input(state.hand_id, event, boss)
    svc.close()
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        again = Services.open(url)
        current = again.tables.current_session(table_id)
        assert current is not None
        again.tables.seats(current.id)
        hand = again.hands.current_hand(current.id)
        assert hand is not None and len(hand.events) == 12
        runs.append(time.perf_counter() - start)
        again.close()
    print(f"resume a session of 500 hands (open + session + seats + hand): "
          f"median {ms(statistics.median(runs))}, max {ms(max(runs))}")


def bench_search(label: str, url: str, count: int, cleanup: Callable[[], None]) -> None:
    try:
        svc, boss, table_id, session = setup(url)
        t0 = time.perf_counter()
        bulk_hands(svc, table_id, session, boss.id, count, random.Random(4), False,
                   datetime(2025, 1, 1, tzinfo=UTC))
        with svc.db.engine.begin() as conn:
            conn.execute(text("ANALYZE"))
        load = time.perf_counter() - t0
        query = HandQuery(player=PLAYERS[17], since=datetime(2025, 6, 1, tzinfo=UTC),
                          until=datetime(2025, 7, 1, tzinfo=UTC), status=HandStatus.COMPLETE)
        page_times, count_times = [], []
        for _ in range(7):
            start = time.perf_counter()
            rows = svc.review.search(query, limit=50)
            page_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            total = svc.review.count(query)
            count_times.append(time.perf_counter() - start)
        print(f"search {count:,} hands on {label} (player + month + status; "
              f"{total} match, {len(rows)} on the page): first page median "
              f"{ms(statistics.median(page_times))}, count median "
              f"{ms(statistics.median(count_times))} (data loaded in {load:.1f} s)")
        svc.close()
    finally:
        cleanup()


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the verify workers)."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _warm(paths: Iterable[Path]) -> None:
    """Reads files once: a kept database or its records may have left the page cache."""
    for path in paths:
        with open(path, "rb") as f:
            while f.read(1 << 24):
                pass


def bench_verify(folder: Path, count: int, replay: bool = True) -> None:
    """log verify over ``count`` genuine hands, against replaying the same hands' records.
    A ``folder`` that already holds them (``--keep``) is used as it is."""
    import contextlib
    import io

    from dealer_app.cli import main as cli
    from dealer_app.engine.record import dump_record

    url = f"sqlite:///{folder}/verify.sqlite3"
    records = folder / "records"
    load = 0.0
    if (folder / "verify.sqlite3").exists() and (records / "done").exists():
        svc = Services.open(url)
        files = sorted(str(p) for p in records.glob("*.json"))
        count = len(files)
    else:
        svc, boss, table_id, session = setup(url)
        t0 = time.perf_counter()
        bulk_hands(svc, table_id, session, boss.id, count, random.Random(5), True,
                   datetime(2025, 1, 1, tzinfo=UTC))
        load = time.perf_counter() - t0
        records.mkdir()
        with svc.db.read() as s:
            ids = list(s.scalars(select(HandRow.id).order_by(HandRow.id)))
        files = []
        for hand_id in ids:  # the same hands as americana-hand/1 files (no fsync: not timed)
            path = records / f"{hand_id}.json"
            path.write_text(dump_record(svc.log.record(hand_id)))
            files.append(str(path))
        (records / "done").touch()
    _warm(folder.glob("verify.sqlite3*"))  # in the page cache, as right after a build
    start, cpu = time.perf_counter(), cpu_seconds()
    report = svc.log.verify_all()
    verify_s, verify_cpu = time.perf_counter() - start, cpu_seconds() - cpu
    svc.close()
    against = ""
    if replay:
        _warm(map(Path, files))
        start, cpu = time.perf_counter(), cpu_seconds()
        with contextlib.redirect_stdout(io.StringIO()):
            for i in range(0, len(files), 5000):
                cli(["replay", "--json", *files[i:i + 5000]])
        replay_s, replay_cpu = time.perf_counter() - start, cpu_seconds() - cpu
        against = (f"; `dealer-app replay --json` of the same hands: {replay_s:.1f} s "
                   f"(CPU {replay_cpu:.1f} s)")
    print(f"log verify of {count:,} hands ({'ok' if report.ok else 'BROKEN'}; ledger, "
          f"checkpoints, anchors, replay on {min(2, os.cpu_count() or 1)} cores): "
          f"{verify_s:.1f} s (CPU {verify_cpu:.1f} s){against} "
          f"(data made in {load:.1f} s; load average {os.getloadavg()[0]:.1f})")


def record_hands(count: int, rng: random.Random) -> list[Any]:
    """``count`` legal hand records played by the engine: 2 to 6 players (4 on average),
    each hand with its own seats, players and stacks."""
    from dealer_app.engine.record import HandRecord

    out = []
    for _ in range(count):
        seats = [SeatSpec(s, name, rng.randrange(2_000, 200_000, 5))
                 for s, name in zip(sorted(rng.sample(range(1, 7), rng.randint(2, 6))),
                                    rng.sample(PLAYERS, 6), strict=False)]
        hand = Hand(SETTINGS, seats)
        while (event := legal(hand, rng)) is not None:
            hand.apply(event)
        out.append(HandRecord(SETTINGS, tuple(seats), tuple(hand.events),
                              {"uid": str(uuid.UUID(int=rng.getrandbits(128), version=4))}))
    return out


def db_bytes(path: Path, hands: int) -> None:
    """Bytes a hand of the database file, and where they go (dbstat: per table and index)."""
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT name, SUM(pgsize), SUM(payload), SUM(unused) FROM dbstat "
                            "GROUP BY name ORDER BY SUM(pgsize) DESC").fetchall()
    except sqlite3.OperationalError:  # a build of sqlite without dbstat
        rows = []
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    free = conn.execute("PRAGMA freelist_count").fetchone()[0]
    conn.close()
    print(f"database size: {page * pages / hands / 1024:.2f} KB a hand ({hands:,} hands, "
          f"{page * pages / 1024 / 1024:.1f} MB, {free} free pages)")
    for name, size, payload, unused in rows:
        if size / hands >= 20:
            print(f"  {name:40s} {size / hands:7.0f} B a hand (payload {payload / hands:6.0f}, "
                  f"unused {unused / hands:5.0f})")


def bench_import_verify(folder: Path, count: int) -> None:
    """``count`` hand records imported by ``log import``'s service, exported again; then the
    ``dealer-app log verify`` and ``dealer-app replay --json`` commands of them, each in its
    own process, in the same run."""
    import subprocess

    url = f"sqlite:///{folder}/import.sqlite3"
    made = folder / "made"
    out = folder / "exported"
    if not (out / "done").exists():
        made.mkdir(exist_ok=True)
        t0 = time.perf_counter()
        records = record_hands(count, random.Random(7))
        paths = []
        for i, record in enumerate(records):
            path = made / f"{i:06d}.json"
            path.write_text(dump_record(record))
            paths.append(path)
        gen = time.perf_counter() - t0
        svc = Services.open(url)
        boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246810")
        t0 = time.perf_counter()
        report = svc.log.import_files(paths, boss)
        imported = time.perf_counter() - t0
        assert len(report.stored) == count, report.refused[:3]
        svc.log.export(out)
        svc.close()
        (out / "done").touch()
        print(f"made {count:,} records in {gen:.1f} s; log import: {imported:.1f} s "
              f"({imported / count * 1000:.2f} ms a hand)")
    files = sorted(str(p) for p in out.rglob("*.json"))
    db_bytes(folder / "import.sqlite3", len(files))
    exe = [sys.executable, "-m", "dealer_app"]
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent),
               PYTHONPYCACHEPREFIX=str(folder / "pycache"))  # byte code, as an install has
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-m", "compileall", "-q", env["PYTHONPATH"] + "/dealer_app"],
                   env=env, stdout=subprocess.DEVNULL, check=False)  # once, not timed
    _warm(folder.glob("import.sqlite3*"))
    _warm(map(Path, files))

    def timed(argv: list[str]) -> tuple[float, float, int]:
        kids = cpu_seconds()
        start = time.perf_counter()
        done = subprocess.run(exe + argv, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, check=False)
        return time.perf_counter() - start, cpu_seconds() - kids, done.returncode

    verify_s, verify_cpu, verify_rc = timed(["log", "verify", "--db", url])
    replay_s, replay_cpu, replay_rc = timed(["replay", "--json", *files])
    print(f"`dealer-app log verify` of {len(files):,} imported hands: {verify_s:.2f} s "
          f"(CPU {verify_cpu:.2f} s, exit {verify_rc}); `dealer-app replay --json` of the "
          f"same hands exported: {replay_s:.2f} s (CPU {replay_cpu:.2f} s, exit {replay_rc}); "
          f"ratio {verify_s / replay_s:.2f} (load average {os.getloadavg()[0]:.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", default=os.environ.get("DEALER_APP_TEST_PG_URL"))
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--verify-hands", type=int, default=100_000)
    parser.add_argument("--only", choices=["record", "verify", "import-verify"],
                        help="run one figure only (import-verify: --hands 6000)")
    parser.add_argument("--inputs", type=int, default=600,
                        help="inputs recorded by the record figure (more: a steadier p95)")
    parser.add_argument("--dir", type=Path, default=None,
                        help="where the SQLite files go (e.g. /dev/shm to leave the disk's "
                             "fsync out of the figures)")
    parser.add_argument("--keep", type=Path, default=None,
                        help="with --only verify: build the data in this folder and keep it; "
                             "a later run with the same folder reuses it")
    parser.add_argument("--no-replay", action="store_true",
                        help="with --only verify: leave out the timing of replay --json")
    args = parser.parse_args()
    if args.only == "import-verify":
        folder = (args.keep or Path(tempfile.mkdtemp(dir=args.dir))).resolve()
        folder.mkdir(parents=True, exist_ok=True)
        os.environ.setdefault("DEALER_APP_CONFIG_DIR", str(folder / "config"))
        os.environ.setdefault("DEALER_APP_ANCHOR_DIR", str(folder / "anchors"))
        bench_import_verify(folder, args.hands if args.hands != 100_000 else 6_000)
        return 0
    if args.only == "verify" and args.keep is not None:
        folder = args.keep.resolve()
        folder.mkdir(parents=True, exist_ok=True)
        os.environ.setdefault("DEALER_APP_CONFIG_DIR", str(folder / "config"))
        os.environ.setdefault("DEALER_APP_ANCHOR_DIR", str(folder / "anchors"))
        bench_verify(folder, args.verify_hands, replay=not args.no_replay)
        return 0
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        os.environ.setdefault("DEALER_APP_CONFIG_DIR", str(folder / "config"))
        os.environ.setdefault("DEALER_APP_ANCHOR_DIR", str(folder / "anchors"))
        if args.only == "verify":
            bench_verify(folder, args.verify_hands)
            return 0
        bench_raw_commit(folder)
        if args.only == "record":
            bench_record(folder, inputs=args.inputs)
            if args.pg:  # the same figure on PostgreSQL, its own bare commit beside it
                for bench in (bench_raw_commit_pg,
                              lambda url: bench_record(folder, inputs=args.inputs, url=url)):
                    url, drop = pg_schema(args.pg)  # (a schema each: the app's is its own)
                    try:
                        bench(url)
                    finally:
                        drop()
            return 0
        bench_record(folder, inputs=args.inputs)
        bench_record(folder, lease=True)
        bench_record(folder, sign_ins=True)
        bench_resume(folder)
        bench_search("SQLite", f"sqlite:///{folder}/search.sqlite3", args.hands, lambda: None)
        bench_verify(folder, args.verify_hands)
    if args.pg:
        url, drop = pg_schema(args.pg)
        bench_search("PostgreSQL", url, args.hands, drop)
    else:
        print("PostgreSQL: skipped (no --pg URL and no DEALER_APP_TEST_PG_URL)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
