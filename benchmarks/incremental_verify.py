"""Incremental ``log verify`` benchmark: prints figures, asserts nothing.

    .venv/bin/python benchmarks/incremental_verify.py [--hands 3000] [--new 100] [--pg URL]

A log of ``--hands`` genuine hands (bulk inserted with their events, chained and sealed, as
``benchmarks/storage.py`` makes them), verified in full with a state file; then ``--new``
hands recorded through the app (every input with its ledger entry and seal, a checkpoint
and an anchor line each completed hand). Printed, in the same run: the full verify, the
incremental verify from the state (target: no more than 1.5x the replay of the new hands),
``dealer-app replay --json`` of those new hands exported as records, and a full verify
again (which grows with the log while the incremental one does not). ``--new 0``: the
incremental verify with nothing new, its fixed cost.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

try:
    import dealer_app  # noqa: F401
except ImportError:  # run as a script from a checkout: make the package importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402
from storage import bulk_hands, cpu_seconds, legal, setup  # noqa: E402

from dealer_app.cli import main as cli  # noqa: E402
from dealer_app.engine.record import dump_record  # noqa: E402
from dealer_app.services import Services, StaffMember  # noqa: E402


def record(svc: Services, boss: StaffMember, session: int, count: int,
           rng: random.Random) -> list[int]:
    """``count`` hands recorded input by input through the app; their ids."""
    ids = []
    for _ in range(count):
        state = svc.hands.start_hand(session, boss)
        while (event := legal(state.hand, rng)) is not None:
            state = svc.hands.record_input(state.hand_id, event, boss)
        ids.append(state.hand_id)
    return ids


def replay(files: list[str]) -> None:
    """``dealer-app replay --json FILE...`` in this process, its output dropped."""
    with contextlib.redirect_stdout(io.StringIO()):
        cli(["replay", "--json", *files])


def timed(what: str, fn: object) -> tuple[float, float, object]:
    start, cpu = time.perf_counter(), cpu_seconds()
    result = fn()  # type: ignore[operator]
    return time.perf_counter() - start, cpu_seconds() - cpu, result


def run(url: str, folder: Path, hands: int, new: int, rounds: int) -> None:
    svc, boss, table_id, session = setup(url)
    bulk_hands(svc, table_id, session, boss.id, hands, random.Random(5), True,
               datetime(2025, 1, 1, tzinfo=UTC))
    if url.startswith("postgresql"):  # as autovacuum would have by now: the planner's
        with svc.db.engine.begin() as conn:  # figures of a bulk load (else a scan of
            conn.execute(text("ANALYZE"))  # every event looks cheaper than the key index)
    state = folder / "state.json"
    anchors = [Path(os.environ["DEALER_APP_ANCHOR_DIR"])]
    full_s, full_cpu, report = timed("full", lambda: svc.log.verify_all(
        anchors=anchors, state=state, full=True))
    print(f"{url.split(':')[0]}: full verify of {hands:,} hands with --state: {full_s:.2f} s "
          f"(CPU {full_cpu:.2f} s, {'ok' if report.ok else 'BROKEN'})")  # type: ignore[attr-defined]
    rng = random.Random(7)
    for n in range(rounds):
        ids = record(svc, boss, session, new, rng)
        records = folder / f"records-{n}"
        records.mkdir()
        files = []
        for hand_id in ids:
            path = records / f"{hand_id}.json"
            path.write_text(dump_record(svc.log.record(hand_id)))
            files.append(str(path))
        inc_s, inc_cpu, report = timed("incremental", lambda: svc.log.verify_all(
            anchors=anchors, state=state))

        if not files:  # --new 0: the fixed cost of a run, nothing to replay
            print(f"  nothing new (round {n + 1}): incremental verify {inc_s * 1000:.0f} ms "
                  f"(CPU {inc_cpu * 1000:.0f} ms, "
                  f"{'ok' if report.ok else 'BROKEN'}; "  # type: ignore[attr-defined]
                  f"load average {os.getloadavg()[0]:.1f})")
            continue
        replay_s, replay_cpu, _ = timed("replay", lambda f=files: replay(f))  # type: ignore[misc]
        print(f"  +{new} hands recorded through the app (round {n + 1}): incremental verify "
              f"{inc_s * 1000:.0f} ms (CPU {inc_cpu * 1000:.0f} ms, "
              f"{report.checked} hands replayed, "  # type: ignore[attr-defined]
              f"{'ok' if report.ok else 'BROKEN'}); "  # type: ignore[attr-defined]
              f"`replay --json` of those {new}: {replay_s * 1000:.0f} ms "
              f"(CPU {replay_cpu * 1000:.0f} ms); ratio {inc_s / replay_s:.2f} wall, "
              f"{inc_cpu / replay_cpu:.2f} CPU (load average {os.getloadavg()[0]:.1f})")
    again_s, again_cpu, report = timed("full", lambda: svc.log.verify_all(anchors=anchors))
    print(f"  full verify again ({hands + rounds * new:,} hands): {again_s:.2f} s "
          f"(CPU {again_cpu:.2f} s; load average {os.getloadavg()[0]:.1f}, "
          f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC)")
    svc.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--new", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pg", metavar="URL", default=os.environ.get("DEALER_APP_TEST_PG_URL"),
                        help="also on this PostgreSQL database (default: "
                        "$DEALER_APP_TEST_PG_URL; a schema is made and dropped)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in ("DEALER_APP_CONFIG_DIR", "DEALER_APP_ANCHOR_DIR", "DEALER_APP_LOG_DIR"):
            os.environ.setdefault(name, str(folder / name.lower()))
        (folder / "sqlite").mkdir()
        run(f"sqlite:///{folder}/log.sqlite3", folder / "sqlite", args.hands, args.new,
            args.rounds)
        if args.pg:
            schema = f"bench_{uuid.uuid4().hex[:10]}"
            admin = create_engine(args.pg)
            with admin.begin() as conn:
                conn.execute(text(f"CREATE SCHEMA {schema}"))
            url = make_url(args.pg).update_query_dict({"options": f"-csearch_path={schema}"})
            try:
                (folder / "pg").mkdir()
                run(url.render_as_string(hide_password=False), folder / "pg", args.hands,
                    args.new, args.rounds)
            finally:
                with admin.begin() as conn:
                    conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
