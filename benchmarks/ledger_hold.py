"""Where one station's hold of the ledger's lock goes (PostgreSQL): prints figures, asserts
nothing.

    .venv/bin/python benchmarks/ledger_hold.py [--pg URL] [--inputs 400]

One station (as ``floor200.py`` makes it: a table of 4 players, the station's own key) on a
fresh database of its own (dropped after) records ``--inputs`` dealer's inputs; for each
commit that takes the lock (the first 50 left out: statements compiled, the hand cached):
from the reply to the statement that takes the lock to the next statement sent (the head
read from that reply, the entries linked and sealed, the statement built), that statement's
round trip, from its end to the COMMIT sent, the COMMIT (its WAL flush included), and the
whole hold. With nobody else on the lock, these are what each commit of a floor adds to
every other's wait.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.floor import next_input  # noqa: E402
from benchmarks.floor200 import DEFAULT_PG, setup, with_database  # noqa: E402

PARTS = ("lock's reply -> next statement sent", "that statement's round trip",
         "its end -> COMMIT sent", "COMMIT (WAL flush included)", "the whole hold")


def measure(url: str, inputs: int, keys: Path) -> list[tuple[float, ...]]:
    from sqlalchemy import event

    from dealer_app.services import Services
    from dealer_app.storage import Database
    from dealer_app.storage.notary import Notary

    setup(url, 1, keys)
    svc = Services.on(Database.open(url, notary=Notary.load(keys / "station1",
                                                            keys / "anchors")))
    marks: dict[str, float] = {}
    parts: list[tuple[float, ...]] = []

    def before(_c: Any, _cur: Any, sql: str, *_a: Any) -> None:
        if "pg_advisory_xact_lock" not in sql and "lock" in marks and "sent" not in marks:
            marks["sent"] = time.perf_counter()

    def after(_c: Any, _cur: Any, sql: str, *_a: Any) -> None:
        if "pg_advisory_xact_lock" in sql:
            marks.clear()
            marks["lock"] = time.perf_counter()
        elif "sent" in marks and "done" not in marks:
            marks["done"] = time.perf_counter()

    def committed() -> None:
        if "commit" in marks:
            end = time.perf_counter()
            m = marks
            parts.append((m["sent"] - m["lock"], m["done"] - m["sent"],
                          m["commit"] - m["done"], end - m["commit"], end - m["lock"]))
        marks.clear()

    # the COMMIT timed at the DBAPI: a dealer's input runs on a Core transaction
    # (Database.core_transaction), which fires no session event (as floor200.py times it)
    from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg

    real_commit = PGDialect_psycopg.do_commit

    def do_commit(self: Any, dbapi_connection: Any) -> None:
        if "done" in marks:
            marks["commit"] = time.perf_counter()
        real_commit(self, dbapi_connection)
        committed()

    PGDialect_psycopg.do_commit = do_commit  # type: ignore[method-assign]
    event.listen(svc.db.engine, "before_cursor_execute", before)
    event.listen(svc.db.engine, "after_cursor_execute", after)
    try:
        dealer = svc.staff.authenticate("Dana", "1357")
        session = svc.tables.current_session(1)
        assert session is not None
        rng = random.Random(1)
        state = None
        for _ in range(inputs):
            if state is None or state.hand.complete:
                state = svc.hands.start_hand(session.id, dealer)
            found = next_input(state.hand, rng)
            assert found is not None
            state = svc.hands.record_input(state.hand_id, found, dealer)
    finally:
        PGDialect_psycopg.do_commit = real_commit  # type: ignore[method-assign]
        svc.close()
    return parts[50:]


def main() -> int:
    import psycopg
    from sqlalchemy.engine import make_url

    from dealer_app.storage.notifications import _conninfo

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", default=os.environ.get("DEALER_APP_TEST_PG_URL", DEFAULT_PG))
    parser.add_argument("--inputs", type=int, default=400)
    args = parser.parse_args()
    name = f"ledger_hold_{uuid.uuid4().hex[:10]}"
    admin = _conninfo(make_url(args.pg), "ledger_hold admin")
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    tmp = tempfile.TemporaryDirectory(prefix="ledger-hold-")
    keys = Path(tmp.name)
    os.environ["DEALER_APP_CONFIG_DIR"] = str(keys / "founder")
    os.environ["DEALER_APP_ANCHOR_DIR"] = str(keys / "anchors")
    try:
        parts = measure(with_database(args.pg, name), args.inputs, keys)
    finally:
        tmp.cleanup()
        with psycopg.connect(admin, autocommit=True) as c:
            c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{len(parts)} commits at {time.strftime('%H:%M', time.gmtime())} UTC, load {load}:")
    for k, label in enumerate(PARTS):
        values = sorted(p[k] * 1000 for p in parts)
        print(f"  {label}: median {statistics.median(values):.3f} ms, "
              f"p95 {values[int(.95 * len(values))]:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
