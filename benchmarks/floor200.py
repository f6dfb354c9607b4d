"""A floor of N tables on one PostgreSQL server (issues 24 and 21): prints figures, asserts
nothing.

    .venv/bin/python benchmarks/floor200.py [--pg URL] [--tables 50,100,200] [--seconds 60]

For each count of tables: a fresh database of its own on the server of ``--pg`` (default
``DEALER_APP_TEST_PG_URL``, else ``postgresql+psycopg://postgres@127.0.0.1:5432/test``),
dropped after. Then, all at once:

- **N dealer stations**, each as the app's station is: its own ``Database`` (its own
  connection pool), its own workstation key (a ``checkpoint-key.pem`` of its own, admitted by
  the floor's founding station), the table's lease (renewed by a heartbeat), and one input
  every 2-3 s (a random pause), each input with an id of its own. The stations are threads,
  ``--per-process`` (4) to a process, so that 200 stations do not take 200 interpreters
  (more threads to a process hold the ledger's lock longer: they wait for the GIL).
- **the floor view** (``FloorWindow``, the real one, offscreen) in this process;
- **10 players' screens** (``PlayersScreen``, each with its own change feed as a screen's
  own process has) in another process.

Printed per count: each input's commit time p50/p95/p99 and max (the dealer's wait, the
station's own clock), inputs refused and lost (an acknowledged input id not stored exactly
once), commit to floor tile and to players' screen p50/p95, the floor view's CPU (share of
one core) and its reads' time, the stations', the server's and PgBouncer's CPU per input
(to extrapolate past this machine),
the ledger's lock (the wait for it, its hold from the reply to the statement that takes it
to the end of the COMMIT, how busy it was, the commits that signed a checkpoint apart, the
statements sent under it), the server's connections (``pg_stat_activity``, by kind) and
the load average. The first figure to miss its target is named at the end.

The figures are taken after a warm-up (``--warmup``, 30 s): each station's first commit
signs a checkpoint, here all within seconds of each other (a floor whose stations start
together, after an update, does the same). A hand of this benchmark takes
about 40 inputs (100 s), so a window of 60 s after it holds no hand's last input and no
checkpoint it signs: ``--seconds 120`` includes them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false;default.warning=false")

from benchmarks.floor import PLAYERS, next_input  # noqa: E402

DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
SCREENS = 10
TARGETS = {"input p95": 20.0, "floor p95": 300.0, "screen p95": 300.0}


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def with_database(url: str, name: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).set(database=name).render_as_string(hide_password=False)


def server_cpu(database: str) -> float:
    """CPU seconds used so far by the PostgreSQL server's processes of ``database`` on this
    machine (its backends; the server's shared processes, WAL writer and checkpointer, are
    left out: other work on the machine shares them)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            comm = (entry / "comm").read_text().strip()
            if comm != "postgres" or f" {database} ".encode() not in \
                    (entry / "cmdline").read_bytes().replace(b"\0", b" "):
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            continue
    return total


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


# ---------------------------------------------------------------------------- set-up
def setup(url: str, tables: int, keys: Path) -> None:
    """The floor: a supervisor, a dealer, N open tables of 4 players; every station's key
    made and admitted by the founding station (``keys/founder``)."""
    from dealer_app.engine import Settings
    from dealer_app.services import Role, Services
    from dealer_app.services.keys import KeyService
    from dealer_app.storage import Database
    from dealer_app.storage.notary import Notary

    founder = Notary.load(keys / "founder", keys / "anchors")
    svc = Services.on(Database.open(url, notary=founder))
    try:
        boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
        dealer = svc.staff.add_staff("Dana", Role.DEALER, "1357", by=boss)
        admit = KeyService(svc.db)
        for i in range(1, tables + 1):
            table = svc.tables.create_table(f"T{i:03d}", Settings(ante=5, chip_unit=5), boss)
            session = svc.tables.open_session(table.id, dealer)
            for seat, name in enumerate(PLAYERS, start=1):
                svc.tables.seat_player(session.id, seat, name, 1_000_000, dealer)
            station = Notary.load(keys / f"station{table.id}", keys / "anchors")
            admit.admit(station.public_key, f"station {table.name}", boss, "benchmark")
    finally:
        svc.close()


# ---------------------------------------------------------------------------- stations
_locked = threading.local()
LOCK_WAITS: list[tuple[float, float]] = []
"""(when, seconds)"""
LOCK_HOLDS: list[list[Any]] = []
"""[when, seconds, whether the commit signed a checkpoint, statements run under the lock]"""


def instrument_ledger_lock() -> None:
    """Times the ledger's lock (the advisory lock every commit of the floor takes in turn,
    ``ledger_chain.lock_head``) without changing it, from the statement that takes it as
    SQLAlchemy runs it: the wait for it (that statement's round trip), how long a commit
    holds it (from that statement's reply to the end of the commit), whether the commit
    signed a checkpoint, and the statements run while it was held (the COMMIT not
    counted)."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    from dealer_app.storage import ledger_checkpoint

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "pg_advisory_xact_lock" in statement:
            _locked.asked = time.perf_counter()
        elif getattr(_locked, "at", None) is not None:
            _locked.statements += 1

    def after(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "pg_advisory_xact_lock" in statement:
            _locked.at = time.perf_counter()
            _locked.checkpoint = False
            _locked.statements = 0
            LOCK_WAITS.append((time.time(), _locked.at - _locked.asked))

    event.listen(Engine, "before_cursor_execute", before)
    event.listen(Engine, "after_cursor_execute", after)
    # the hold ends with the COMMIT's reply: the DBAPI commit, whether a session's or a
    # Core transaction's (a dealer's input, Database.core_transaction, fires no session
    # event), before the ledger's own after-commit work (a checkpoint's anchor line)
    from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg

    real_commit, real_rollback = PGDialect_psycopg.do_commit, PGDialect_psycopg.do_rollback

    def do_commit(self: Any, dbapi_connection: Any) -> None:
        real_commit(self, dbapi_connection)
        committed()

    def do_rollback(self: Any, dbapi_connection: Any) -> None:
        real_rollback(self, dbapi_connection)
        rolled_back()

    PGDialect_psycopg.do_commit = do_commit  # type: ignore[method-assign]
    PGDialect_psycopg.do_rollback = do_rollback  # type: ignore[method-assign]
    signed = ledger_checkpoint.vouch

    def vouch(*args: Any) -> Any:
        if getattr(_locked, "at", None) is not None:  # under the lock (before 2026-12-04)
            _locked.checkpoint = True
        elif getattr(_locked, "last", None) is not None:  # after the commit (PostgreSQL,
            _locked.last[2] = True  # in a transaction of its own): that commit's
            _locked.last = None
        return signed(*args)

    ledger_checkpoint.vouch = vouch


def committed() -> None:
    at = getattr(_locked, "at", None)
    if at is not None:
        _locked.last = [time.time(), time.perf_counter() - at, _locked.checkpoint,
                        _locked.statements]
        LOCK_HOLDS.append(_locked.last)
        _locked.at = None


def rolled_back() -> None:
    _locked.at = None


class Station(threading.Thread):
    """One dealer's station: its own database connections, key and lease."""

    def __init__(self, url: str, table_id: int, keys: Path, dealer: Any,
                 clock: dict[str, float], go: threading.Event, seed: int) -> None:
        super().__init__(name=f"station-{table_id}", daemon=True)
        self.url = url
        self.table_id = table_id
        self.keys = keys
        self.dealer = dealer
        self.clock = clock
        self.go = go
        """Set once every station of the run is ready: ``clock`` then has begin and end."""
        self.rng = random.Random(seed)
        self.inputs: list[dict[str, Any]] = []
        self.refused: list[str] = []
        self.opened = threading.Event()
        self.failed: str | None = None

    def run(self) -> None:
        from dealer_app.services import Services
        from dealer_app.services.leases import heartbeat_interval, new_workstation
        from dealer_app.storage import Database
        from dealer_app.storage.notary import Notary

        try:
            notary = Notary.load(self.keys / f"station{self.table_id}", self.keys / "anchors")
            svc = Services.on(Database.open(self.url, notary=notary))
            workstation, host = new_workstation()
            svc.leases.acquire(self.table_id, workstation, host, self.dealer)
            session = svc.tables.current_session(self.table_id)
            assert session is not None
        except Exception as exc:  # noqa: BLE001 - a station that cannot start is a figure
            self.failed = f"{type(exc).__name__}: {exc}"
            self.opened.set()
            return
        self.opened.set()
        beat = heartbeat_interval().total_seconds()
        next_beat = time.monotonic() + beat
        state = None
        self.go.wait()
        end = self.clock["end"]
        try:
            due = self.clock["begin"] + self.rng.uniform(0, 3.0)
            while True:
                pause = due - time.time()
                if pause > 0:
                    time.sleep(pause)
                if time.time() >= end:
                    break
                if time.monotonic() >= next_beat:
                    next_beat += beat
                    try:
                        svc.leases.heartbeat(self.table_id, workstation)
                    except Exception as exc:  # noqa: BLE001
                        self.refused.append(f"heartbeat: {type(exc).__name__}: {exc}")
                try:
                    if state is None or state.hand.complete:
                        state = svc.hands.start_hand(session.id, self.dealer, workstation)
                    event = next_input(state.hand, self.rng)
                    assert event is not None
                    input_id = str(uuid.uuid4())
                    start = time.perf_counter()
                    state = svc.hands.record_input(state.hand_id, event, self.dealer,
                                                   workstation, input_id)
                    took = time.perf_counter() - start
                    self.inputs.append({"table": self.table_id, "id": input_id,
                                        "at": state.log[-1].at.isoformat(),
                                        "committed": time.time(), "took": took})
                except Exception as exc:  # noqa: BLE001 - a refusal is a figure
                    self.refused.append(f"{type(exc).__name__}: {exc}")
                    state = None
                # a dealer late (a slow commit) does not catch up in a burst
                due = max(due + self.rng.uniform(2.0, 3.0), time.time() + 0.5)
        finally:
            svc.close()


def run_stations(url: str, table_ids: list[int], keys: Path, ready: Path, go: Path,
                 out: Path) -> None:
    """A process of stations (threads): says ``ready`` when each has its connection, key
    and lease, waits for the ``go`` file (begin and end, epoch seconds); writes what they
    did to ``out`` (JSON)."""
    from dealer_app.services import Services

    instrument_ledger_lock()
    svc = Services.open(url)
    dealer = svc.staff.authenticate("Dana", "1357")
    svc.close()
    clock: dict[str, float] = {}
    started = threading.Event()
    stations = [Station(url, t, keys, dealer, clock, started, seed=t) for t in table_ids]
    for station in stations:
        station.start()
    for station in stations:
        station.opened.wait()
    ready.write_text("ready")
    while not go.exists():
        time.sleep(0.05)
    begin, measured, end = (float(x) for x in go.read_text().split())
    clock.update(begin=begin, end=end)
    started.set()
    time.sleep(max(0.0, measured - time.time()))
    cpu0 = time.process_time()  # after the warm-up (each station's statements compiled)
    for station in stations:
        station.join()
    cpu = time.process_time() - cpu0
    out.write_text(json.dumps({
        "inputs": [i for s in stations for i in s.inputs],
        "refused": [r for s in stations for r in s.refused],
        "failed": [s.failed for s in stations if s.failed], "cpu": cpu,
        "lock_waits": LOCK_WAITS, "lock_holds": LOCK_HOLDS}))


# ---------------------------------------------------------------------------- the views
def run_screens(url: str, table_ids: list[int], measured: float, end: float,
                out: Path) -> None:
    """Players' screens of ``table_ids`` (one change feed each); writes when each input
    showed."""
    from PySide6.QtCore import QTimer

    from dealer_app.gui.app import application
    from dealer_app.gui.display.window import PlayersScreen
    from dealer_app.services import Services

    app = application()
    svc = Services.open(url)
    seen: dict[str, float] = {}
    screens = []
    for table_id in table_ids:
        screen = PlayersScreen(svc, table_id)
        screen.resize(1280, 720)

        def record(screen: PlayersScreen = screen) -> None:
            live = screen.live
            if live is not None and live.hand is not None and live.hand.log:
                key = f"{screen.table_id} {live.hand.log[-1].at.isoformat()}"
                seen.setdefault(key, time.time())

        screen.refreshed.connect(record)
        screen.show()
        screen.start()
        screens.append(screen)
    QTimer.singleShot(max(0, int((end + 2 - time.time()) * 1000)), app.quit)
    cpu = {"start": 0.0}

    def steady() -> None:
        cpu["start"] = time.process_time()

    QTimer.singleShot(max(0, int((measured - time.time()) * 1000)), steady)
    app.exec()
    used = time.process_time() - cpu["start"]
    for screen in screens:
        screen.stop()
        screen.close()
    svc.close()
    out.write_text(json.dumps({"seen": seen, "cpu": used}))


def run_floor(url: str, measured: float, end: float, connections: list[Any]
              ) -> dict[str, Any]:
    """The floor view in this process until ``end`` (+2 s); the server's connections are
    counted in the middle of the run."""
    from PySide6.QtCore import QTimer
    from sqlalchemy.engine import make_url

    from dealer_app.gui.app import application
    from dealer_app.gui.floor.window import FloorWindow
    from dealer_app.services import Services

    database = str(make_url(url).database)
    app = application()
    svc = Services.open(url)
    view = FloorWindow(svc, stale_after=60)
    view.resize(1920, 1080)
    seen: dict[str, float] = {}

    def record() -> None:
        now = time.time()
        for widget in view.tiles.values():
            tile = widget.tile
            if tile.last_input_at is not None:
                seen.setdefault(f"{tile.table_id} {tile.last_input_at.isoformat()}", now)

    view.refreshed.connect(record)
    read_times: list[float] = []
    tiles = view.floor.tiles

    def timed_tiles(*args: Any, **kw: Any) -> Any:
        start = time.perf_counter()
        try:
            return tiles(*args, **kw)
        finally:
            if time.time() >= measured:
                read_times.append((time.perf_counter() - start) * 1000)

    view.floor.tiles = timed_tiles  # type: ignore[method-assign]
    view.show()
    view.start()
    cpu = {"start": 0.0, "wall": 0.0, "server": 0.0}

    def steady() -> None:
        cpu["start"] = time.process_time()
        cpu["wall"] = time.monotonic()
        cpu["server"] = server_cpu(database)

    def count() -> None:
        connections.append(pg_connections(url))

    def last() -> None:  # before the stations end (their backends' CPU goes with them)
        cpu["server_end"] = server_cpu(database)
        cpu["server_wall"] = time.monotonic() - cpu["wall"]

    QTimer.singleShot(max(0, int((measured - time.time()) * 1000)), steady)
    QTimer.singleShot(max(0, int(((measured + end) / 2 - time.time()) * 1000)), count)
    QTimer.singleShot(max(0, int((end - 0.5 - time.time()) * 1000)), last)
    QTimer.singleShot(max(0, int((end + 2 - time.time()) * 1000)), app.quit)
    app.exec()
    used = time.process_time() - cpu["start"]
    wall = time.monotonic() - cpu["wall"]
    server = (cpu.get("server_end", 0.0) - cpu["server"]) * wall / cpu.get("server_wall", wall)
    reads = view.reads
    view.stop()
    view.close()
    svc.close()
    return {"seen": seen, "cpu": used / wall if wall else float("nan"), "wall": wall,
            "server_cpu": server, "reads": reads, "replays": view.floor.replays,
            "read_times": read_times}


def pg_connections(url: str) -> dict[str, int]:
    """The server's connections now, by kind (from their ``application_name``)."""
    import psycopg
    from sqlalchemy.engine import make_url

    from dealer_app.storage.notifications import _conninfo

    out: dict[str, int] = {}
    with psycopg.connect(_conninfo(make_url(url), "floor200 counter"), autocommit=True) as c:
        rows = c.execute("SELECT application_name, datname FROM pg_stat_activity "
                         "WHERE backend_type = 'client backend'").fetchall()
        limit = int(c.execute("SHOW max_connections").fetchone()[0])  # type: ignore[index]
    database = make_url(url).database
    for name, datname in rows:
        if datname != database:
            kind = "other databases"
        elif name.endswith(" feed"):
            kind = "change feeds"
        elif "floor200 counter" in name:
            continue
        else:
            kind = "stations and views"
        out[kind] = out.get(kind, 0) + 1
    out["max_connections"] = limit
    return out


# ---------------------------------------------------------------------------- the pooler
class Pooler:
    """A PgBouncer of this run (transaction mode) on ``port``, in front of the server of
    ``base``; started as the ``postgres`` user when this process is root (PgBouncer will not
    run as root), stopped by its process id."""

    def __init__(self, base: str, folder: Path, port: int, pool_size: int) -> None:
        from sqlalchemy.engine import make_url

        server = make_url(base)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "users.txt").write_text(f'"{server.username or "postgres"}" ""\n')
        (folder / "pgbouncer.ini").write_text(
            "[databases]\n"
            f"* = host={server.host or '127.0.0.1'} port={server.port or 5432}\n"
            "[pgbouncer]\n"
            f"listen_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n"
            f"auth_type = trust\nauth_file = {folder / 'users.txt'}\n"
            "pool_mode = transaction\nmax_client_conn = 2000\n"
            f"default_pool_size = {pool_size}\nmin_pool_size = 0\n"
            "ignore_startup_parameters = options,extra_float_digits\n"
            f"logfile = {folder / 'pgbouncer.log'}\npidfile = {folder / 'pgbouncer.pid'}\n")
        os.chmod(folder, 0o755)
        for name in ("users.txt", "pgbouncer.ini"):
            os.chmod(folder / name, 0o644)
        command = ["pgbouncer", str(folder / "pgbouncer.ini")]
        if os.geteuid() == 0:
            import shutil

            shutil.chown(folder, "postgres")
            command = ["pgbouncer", "-u", "postgres", str(folder / "pgbouncer.ini")]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self.port = port
        self.url = make_url(base).set(port=port)
        time.sleep(0.5)

    def url_of(self, database: str) -> str:
        return self.url.set(database=database).update_query_dict(
            {"pooler": "transaction"}).render_as_string(hide_password=False)

    def cpu(self) -> float:
        """CPU seconds the pooler has used so far."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1]
            parts = fields.split()
            return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return float("nan")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


# ---------------------------------------------------------------------------- one count
def run_count(base: str, tables: int, seconds: float, per_process: int,
              pooler: Pooler | None = None, warmup: float = 30.0) -> dict[str, Any]:
    import psycopg
    from sqlalchemy.engine import make_url

    from dealer_app.storage.notifications import _conninfo

    name = f"floor200_{uuid.uuid4().hex[:10]}"
    admin = _conninfo(make_url(base), "floor200 admin")
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    url = with_database(base, name)
    tmp = tempfile.TemporaryDirectory(prefix="floor200-")
    keys = Path(tmp.name)
    os.environ["DEALER_APP_CONFIG_DIR"] = str(keys / "founder")
    os.environ["DEALER_APP_ANCHOR_DIR"] = str(keys / "anchors")
    procs: list[subprocess.Popen[bytes]] = []
    try:
        t0 = time.monotonic()
        setup(url, tables, keys)
        print(f"  set-up of {tables} tables: {time.monotonic() - t0:.0f} s", flush=True)
        table_ids = list(range(1, tables + 1))
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        station_url = url
        if pooler is not None:  # the stations through the pooler, the views direct
            station_url = pooler.url_of(name)
            env["DEALER_APP_FEED_DB"] = url
        outs = []
        readies = []
        go = keys / "go"
        for k in range(0, tables, per_process):
            out = keys / f"stations{k}.json"
            outs.append(out)
            readies.append(keys / f"ready{k}")
            ids = ",".join(str(t) for t in table_ids[k:k + per_process])
            procs.append(subprocess.Popen(
                [sys.executable, __file__, "--stations", station_url, ids, str(keys),
                 str(readies[-1]), str(go), str(out)], env=env))
        t0 = time.monotonic()
        while not all(r.exists() for r in readies):  # every station connected, leased
            if any(p.poll() is not None for p in procs):
                raise RuntimeError("a stations' process ended before it was ready")
            time.sleep(0.1)
        print(f"  {tables} stations ready in {time.monotonic() - t0:.0f} s", flush=True)
        begin = time.time() + 4.0  # the views start meanwhile
        measured = begin + warmup  # figures from here on
        end = measured + seconds
        (keys / "go.tmp").write_text(f"{begin} {measured} {end}")
        (keys / "go.tmp").rename(go)  # whole, or not yet there
        screens_out = keys / "screens.json"
        shown = table_ids[:SCREENS]
        procs.append(subprocess.Popen(
            [sys.executable, __file__, "--screens", url, ",".join(map(str, shown)),
             str(measured), str(end), str(screens_out)], env=env))
        connections: list[dict[str, int]] = []
        load_before = load_average()
        pooled: dict[str, float] = {}
        if pooler is not None:
            def pooler_cpu() -> None:
                time.sleep(max(0.0, measured - time.time()))
                pooled["start"] = pooler.cpu()
                time.sleep(max(0.0, end - 0.5 - time.time()))
                pooled["used"] = pooler.cpu() - pooled["start"]
            threading.Thread(target=pooler_cpu, daemon=True).start()
        try:
            floor = run_floor(url, measured, end, connections)
        except Exception as exc:  # noqa: BLE001 - e.g. no connection left for the view
            floor = {"seen": {}, "cpu": float("nan"), "wall": 0.0, "server_cpu": float("nan"),
                     "reads": 0, "replays": 0, "error": f"{type(exc).__name__}: {exc}"}
            time.sleep(max(0.0, end + 2 - time.time()))
        load_after = load_average()
        for p in procs:
            p.wait(timeout=120)
        results = [json.loads(o.read_text()) for o in outs if o.exists()]
        died = [f"a process of {min(per_process, tables - k)} stations ended without "
                "its figures" for k, o in zip(range(0, tables, per_process), outs, strict=True)
                if not o.exists()]
        screens = json.loads(screens_out.read_text()) if screens_out.exists() else {"seen": {}}
        every = [i for r in results for i in r["inputs"]]
        inputs = [i for i in every if i["committed"] >= measured]
        refused = [x for r in results for x in r["refused"]]
        failed = [x for r in results for x in r["failed"]] + died
        station_cpu = sum(r["cpu"] for r in results)
        lock_waits = [w * 1000 for r in results for at, w in r["lock_waits"] if at >= measured]
        holds = [h for r in results for h in r["lock_holds"] if h[0] >= measured]
        lock_holds = [h[1] * 1000 for h in holds]
        checkpoint_holds = [h[1] * 1000 for h in holds if h[2]]
        statements = [h[3] for h in holds if not h[2]]
        checkpoint_statements = [h[3] for h in holds if h[2]]
        with psycopg.connect(_conninfo(make_url(url), "floor200 check"),
                             autocommit=True) as c:
            stored: dict[str, int] = dict(c.execute(  # type: ignore[arg-type]
                "SELECT input_id, count(*) FROM hand_event WHERE input_id IS NOT NULL "
                "GROUP BY input_id").fetchall())
        lost = sum(1 for i in every if stored.get(i["id"]) != 1)
        took = [i["took"] * 1000 for i in inputs]
        to_tile = []
        for i in inputs:
            at = floor["seen"].get(f"{i['table']} {i['at']}")
            if at is not None:
                to_tile.append((at - i["committed"]) * 1000)
        to_screen = []
        for i in inputs:
            if i["table"] in shown:
                at = screens["seen"].get(f"{i['table']} {i['at']}")
                if at is not None:
                    to_screen.append((at - i["committed"]) * 1000)
        screen_inputs = sum(1 for i in inputs if i["table"] in shown)
        return {"tables": tables, "inputs": len(inputs), "refused": refused,
                "failed": failed, "lost": lost, "took": took, "to_tile": to_tile,
                "to_screen": to_screen, "screen_inputs": screen_inputs, "floor": floor,
                "station_cpu": station_cpu, "lock_waits": lock_waits,
                "lock_holds": lock_holds, "checkpoint_holds": checkpoint_holds,
                "statements": statements,
                "checkpoint_statements": checkpoint_statements,
                "screens_cpu": screens.get("cpu", 0.0),
                "connections": connections[0] if connections else {},
                "load": f"{load_before} -> {load_after}", "seconds": seconds,
                "when": time.strftime("%H:%M", time.gmtime(begin)),
                "pooler": pooler is not None, "pooler_cpu": pooled.get("used")}
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        tmp.cleanup()
        with psycopg.connect(admin, autocommit=True) as c:
            c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def report(r: dict[str, Any]) -> list[str]:
    """Prints one count's figures; returns the targets it missed."""
    took, tile, screen = r["took"], r["to_tile"], r["to_screen"]
    n, seconds = r["inputs"], r["seconds"]
    floor = r["floor"]
    through = " (stations through PgBouncer, transaction mode)" if r["pooler"] else ""
    print(f"{r['tables']} tables{through}, {seconds:.0f} s at {r['when']} UTC, "
          f"load {r['load']}:")
    print(f"  inputs {n} ({n / seconds:.1f}/s), refused {len(r['refused'])}, "
          f"lost {r['lost']}, stations that could not start {len(r['failed'])}")
    for line in sorted(set(r["refused"] + r["failed"]))[:3]:
        print(f"    e.g. {line[:160]}")
    print(f"  commit p50 {percentile(took, .5):.1f} ms, p95 {percentile(took, .95):.1f} ms, "
          f"p99 {percentile(took, .99):.1f} ms, max {max(took, default=float('nan')):.0f} ms")
    waits, holds = r["lock_waits"], r["lock_holds"]
    busy = sum(holds) / 1000 / seconds
    print(f"  the ledger's lock (one for the whole floor): wait p50 {percentile(waits, .5):.1f}"
          f" ms, p95 {percentile(waits, .95):.0f} ms; held p50 {percentile(holds, .5):.1f} ms,"
          f" p95 {percentile(holds, .95):.1f} ms, held {busy * 100:.0f}% of the time "
          f"({len(holds)} commits; at most {1000 / percentile(holds, .5):.0f} commits/s "
          f"at its median hold)")
    cps, statements = r["checkpoint_holds"], r["statements"]
    print(f"    commits that signed a checkpoint: {len(cps)}, held p50 "
          f"{percentile(cps, .5):.1f} ms, p95 {percentile(cps, .95):.1f} ms, "
          f"{percentile(r['checkpoint_statements'], .5):.0f} statements; the others "
          f"ran {percentile(statements, .5):.0f} statements under the lock (median; the "
          f"COMMIT not counted)")
    if floor.get("error"):
        print(f"  the floor view could not start: {floor['error'][:200]}")
    print(f"  commit to floor tile p50 {percentile(tile, .5):.0f} ms, p95 "
          f"{percentile(tile, .95):.0f} ms ({len(tile)} of {n} inputs drawn, the rest "
          f"superseded before a redraw); floor view CPU {floor['cpu'] * 100:.1f}% of a core "
          f"({floor['reads']} reads, {floor['replays']} full replays)")
    print(f"  commit to players' screen ({SCREENS} screens) p50 {percentile(screen, .5):.0f} ms,"
          f" p95 {percentile(screen, .95):.0f} ms ({len(screen)} of {r['screen_inputs']}); "
          f"the 10 screens' CPU {r['screens_cpu'] / seconds * 100:.1f}% of a core")
    per_input = r["station_cpu"] / n * 1000 if n else float("nan")
    server = floor["server_cpu"] / n * 1000 if n else float("nan")
    reads = floor.get("read_times", [])
    print(f"    the floor's reads (one per redraw, in its GUI thread): p50 "
          f"{percentile(reads, .5):.0f} ms, p95 {percentile(reads, .95):.0f} ms")
    pooled = r.get("pooler_cpu")
    pooler = pooled / n * 1000 if pooled is not None and n else 0.0
    print(f"  per input: stations' CPU {per_input:.1f} ms, the server's CPU {server:.1f} ms"
          + (f", PgBouncer's {pooler:.2f} ms ({pooled / seconds * 100:.0f} % of a core)"
             if pooled is not None else "")
          + f" (both cores: {2000 / (per_input + server + pooler):.0f} inputs/s at most, "
          f"{2000 / (per_input + server + pooler) * 2.5:.0f} tables at one input per 2.5 s)")
    print(f"  server connections: {r['connections']}")
    missed = []
    if r["refused"] or r["failed"] or r["lost"]:
        missed.append("inputs refused or lost, or stations that could not start")
    if floor.get("error"):
        missed.append("the floor view could not start")
    if percentile(took, .95) > TARGETS["input p95"]:
        missed.append(f"input p95 {percentile(took, .95):.0f} ms > 20 ms")
    if percentile(tile, .95) > TARGETS["floor p95"]:
        missed.append(f"floor p95 {percentile(tile, .95):.0f} ms > 300 ms")
    if percentile(screen, .95) > TARGETS["screen p95"]:
        missed.append(f"players' screen p95 {percentile(screen, .95):.0f} ms > 300 ms")
    return missed


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--stations":
        url, ids, keys, ready, go, out = sys.argv[2:8]
        run_stations(url, [int(x) for x in ids.split(",")], Path(keys), Path(ready), Path(go),
                     Path(out))
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "--screens":
        url, ids, measured, end, out = sys.argv[2:7]
        run_screens(url, [int(x) for x in ids.split(",")], float(measured), float(end),
                    Path(out))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", default=os.environ.get("DEALER_APP_TEST_PG_URL", DEFAULT_PG))
    parser.add_argument("--tables", default="200",
                        help="counts of tables, one after the other (e.g. 50,100,200,300)")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--per-process", type=int, default=4,
                        help="stations (threads) per process")
    parser.add_argument("--pgbouncer", type=int, metavar="POOL", default=0,
                        help="the stations through a PgBouncer of this run (transaction "
                             "mode) with POOL server connections")
    parser.add_argument("--pgbouncer-port", type=int, default=6544)
    parser.add_argument("--warmup", type=float, default=30.0,
                        help="seconds of load before the figures are taken (each station's "
                             "first commit signs a checkpoint: at 200 tables on 2 cores they "
                             "spill past 20 s)")
    args = parser.parse_args()
    pooler = None
    holder = tempfile.TemporaryDirectory(prefix="floor200-pgbouncer-")
    if args.pgbouncer:
        pooler = Pooler(args.pg, Path(holder.name), args.pgbouncer_port, args.pgbouncer)
    try:
        return run_counts(args, pooler)
    finally:
        if pooler is not None:
            pooler.stop()
        holder.cleanup()


def run_counts(args: argparse.Namespace, pooler: Pooler | None) -> int:
    first_miss = None
    for tables in [int(x) for x in args.tables.split(",")]:
        print(f"{tables} tables: setting up", flush=True)
        missed = report(run_count(args.pg, tables, args.seconds, args.per_process, pooler,
                                  args.warmup))
        if missed:
            print("  missed: " + "; ".join(missed), flush=True)
            if first_miss is None:
                first_miss = f"at {tables} tables: {missed[0]}"
    print(f"what breaks first: {first_miss or 'nothing, at these counts'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
