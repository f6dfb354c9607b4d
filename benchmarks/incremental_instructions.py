"""The incremental ``log verify`` against ``replay --json``, counted in instructions.

    .venv/bin/python benchmarks/incremental_instructions.py DIR [--pg URL]

On a shared machine the wall and CPU times of ``benchmarks/incremental_verify.py`` move by
a factor of two from one round to the next (the same replay took 41 and 78 ms of CPU in one
run at load 4). Instructions do not: this script builds a kept world in DIR once (3,000
bulk-loaded hands verified in full with a state file, then 100 hands recorded through the
app and exported as records; ``--pg``: in a schema ``incr_world`` of that database, made
again with the world) and then runs, each under valgrind's callgrind (``valgrind`` must be
installed), one incremental verify from the saved state and one ``replay --json`` of the
100 records, counting only the instructions of that call (each runs once before, so what
is counted is a warm run, as the verify of a long-running process). Prints both counts and
their ratio (the target is 1.5); the same DIR can be counted again with another checkout
(``PYTHONPATH=...``), the data staying the same. A count takes about a minute.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

try:
    import dealer_app  # noqa: F401
except ImportError:  # run as a script from a checkout: make the package importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from incremental_verify import record, replay  # noqa: E402
from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402
from storage import bulk_hands, setup  # noqa: E402

from dealer_app.engine.record import dump_record  # noqa: E402
from dealer_app.services import Services  # noqa: E402

SCHEMA = "incr_world"


def _env(folder: Path) -> None:
    for name in ("DEALER_APP_CONFIG_DIR", "DEALER_APP_ANCHOR_DIR", "DEALER_APP_LOG_DIR"):
        os.environ[name] = str(folder / name.lower())


def _url(folder: Path, pg: str | None) -> str:
    if pg is None:
        return f"sqlite:///{folder}/log.sqlite3"
    return make_url(pg).update_query_dict({"options": f"-csearch_path={SCHEMA}"}) \
        .render_as_string(hide_password=False)


def build(folder: Path, pg: str | None) -> None:
    """The world: 3,000 bulk-loaded hands, a full verify with a state, 100 new hands."""
    folder.mkdir(parents=True, exist_ok=True)
    _env(folder)
    if pg is not None:
        with create_engine(pg).begin() as conn:
            conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
            conn.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    svc, boss, table_id, session = setup(_url(folder, pg))
    bulk_hands(svc, table_id, session, boss.id, 3000, random.Random(5), True,
               datetime(2025, 1, 1, tzinfo=UTC))
    if pg is not None:
        with svc.db.engine.begin() as conn:
            conn.execute(text("ANALYZE"))
    anchors = [Path(os.environ["DEALER_APP_ANCHOR_DIR"])]
    svc.log.verify_all(anchors=anchors, state=folder / "state.json", full=True)
    records = folder / "records"
    records.mkdir()
    for hand_id in record(svc, boss, session, 100, random.Random(7)):
        (records / f"{hand_id}.json").write_text(dump_record(svc.log.record(hand_id)))
    shutil.copy(folder / "state.json", folder / "state-before.json")
    svc.close()


def counted(folder: Path, pg: str | None, what: str) -> None:
    """In the process valgrind runs: one warm-up, then the counted call."""
    _env(folder)
    svc = Services.open(_url(folder, pg))
    anchors = [Path(os.environ["DEALER_APP_ANCHOR_DIR"])]
    files = sorted(str(p) for p in (folder / "records").iterdir())

    def incremental() -> None:
        state = Path(tempfile.mkdtemp()) / "state.json"
        shutil.copy(folder / "state-before.json", state)
        report = svc.log.verify_all(anchors=anchors, state=state)
        assert report.ok and report.checked == len(files), report.broken[:3]

    run = incremental if what == "inc" else functools.partial(replay, files)
    run()
    functools.reduce(lambda _a, _b: run(), [0, 1])  # (what callgrind counts: see below)


def count(folder: Path, pg: str | None, what: str) -> int:
    out = Path(tempfile.mkdtemp()) / "callgrind.out"
    argv = ["valgrind", "--tool=callgrind", "--collect-atstart=no",
            "--toggle-collect=functools_reduce", f"--callgrind-out-file={out}",
            sys.executable, __file__, str(folder.parent), "--counted", what,
            *(["--pg", pg] if pg else [])]
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONMALLOC": "malloc"}
    subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise RuntimeError(f"no total in {out}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--pg", metavar="URL", default=None)
    parser.add_argument("--counted", choices=("inc", "replay"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    folder = args.folder.resolve() / ("pg" if args.pg else "sqlite")
    if args.counted:
        counted(folder, args.pg, args.counted)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed")
        return 1
    if not (folder / "state-before.json").exists():
        shutil.rmtree(folder, ignore_errors=True)
        build(folder, args.pg)
    inc, rep = count(folder, args.pg, "inc"), count(folder, args.pg, "replay")
    print(f"{'postgresql' if args.pg else 'sqlite'}: incremental verify of 100 new hands over "
          f"3,000: {inc / 1e6:.1f} million instructions; `replay --json` of those 100: "
          f"{rep / 1e6:.1f} million; ratio {inc / rep:.2f} "
          f"({sys.modules['dealer_app'].__file__})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
