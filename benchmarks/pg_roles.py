"""What the append-only roles and triggers (``dealer-app db roles``) cost a PostgreSQL input.

    .venv/bin/python benchmarks/pg_roles.py [--pg URL] [--inputs 600] [--no-wal-wait]

Records inputs in a fresh schema as the superuser of URL without roles, then sets the roles
up and records the same number as a login member of the station role, and prints both
(median, p95). Everything it made (schema, roles) is dropped at the end. Prints figures,
asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import uuid
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import create_engine  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from benchmarks.storage import legal, setup  # noqa: E402
from dealer_app.services import Services  # noqa: E402
from dealer_app.storage import Database  # noqa: E402
from dealer_app.storage.roles import RoleNames, apply_roles  # noqa: E402


def record(svc: Services, boss_name: str, session_id: int, inputs: int) -> list[float]:
    boss = next(m for m in svc.staff.list_staff() if m.name == boss_name)
    rng = random.Random(1)
    times: list[float] = []
    while len(times) < inputs:
        state = svc.hands.start_hand(session_id, boss)
        while (event := legal(state.hand, rng)) is not None:
            start = time.perf_counter()
            state = svc.hands.record_input(state.hand_id, event, boss)
            times.append(time.perf_counter() - start)
    return times


def figures(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    print(f"{label}: {len(times)} inputs, median {statistics.median(ordered) * 1000:.2f} ms, "
          f"p95 {ordered[int(len(ordered) * 0.95)] * 1000:.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", default=os.environ.get("DEALER_APP_TEST_PG_URL"))
    parser.add_argument("--inputs", type=int, default=600)
    parser.add_argument("--no-wal-wait", action="store_true",
                        help="synchronous_commit=off: the statements' cost without the disk")
    args = parser.parse_args()
    if not args.pg:
        print("PostgreSQL: skipped (no --pg URL and no DEALER_APP_TEST_PG_URL)")
        return 0
    tag = f"bench{uuid.uuid4().hex[:8]}"
    schema, pit = f"{tag}_schema", f"{tag}_pit"
    names = RoleNames(f"{tag}_owner", f"{tag}_station", f"{tag}_auditor")
    admin = create_engine(args.pg)
    with admin.begin() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    options = f"-csearch_path={schema}" + (" -csynchronous_commit=off" if args.no_wal_wait
                                            else "")
    url = make_url(args.pg).update_query_dict({"options": options})
    plain = url.render_as_string(hide_password=False)
    try:
        svc, boss, _table, session = setup(plain)
        figures("as the tables' owner, no roles or triggers",
                record(svc, boss.name, session, args.inputs))
        svc.close()
        with Database.open(plain) as db:
            apply_roles(db, names, say=lambda _line: None)
        with admin.begin() as conn:
            conn.exec_driver_sql(f"CREATE ROLE {pit} LOGIN IN ROLE {names.station}")
        station = Services.open(url.set(username=pit).render_as_string(hide_password=False))
        figures("as a station, roles and triggers in place",
                record(station, boss.name, session, args.inputs))
        station.close()
    finally:
        with admin.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
            for role in (pit, names.owner, names.station, names.auditor):
                if _exists(conn, role):
                    conn.exec_driver_sql(f"DROP OWNED BY {role}")
                    conn.exec_driver_sql(f"DROP ROLE {role}")
        admin.dispose()
    return 0


def _exists(conn: object, role: str) -> bool:
    from sqlalchemy import Connection, text

    assert isinstance(conn, Connection)
    return bool(conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"),
                             {"r": role}).scalar())


if __name__ == "__main__":
    raise SystemExit(main())
