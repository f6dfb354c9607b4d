"""``dealer-app log import`` speed (prints figures, asserts nothing).

    .venv/bin/python benchmarks/import_log.py [--records 6000] [--runs 1] [--dir DIR]

Makes ``--records`` legal hand records played by the engine (2 to 6 players, 4 on
average: ``benchmarks/storage.py``'s records), then runs the command as a user would, in
its own process (byte code compiled first, as an install has it), into a new SQLite
database each run: records a second on the wall clock and a second of CPU (the process's
own user + system time, start-up included), the lines it printed (one a file). Then a
clean stop on bad files: 20 new records with a corrupt file and a record the rules refuse
among them (each reported, the other 18 stored) and the first run's files again (each
"already stored", nothing added). Target: >= 500 records a second.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from storage import record_hands  # noqa: E402

from dealer_app.engine.record import dump_record  # noqa: E402

PIN = "246810"


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def conditions() -> str:
    return (f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load average "
            f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def new_database(folder: Path, name: str, env: dict[str, str]) -> str:
    """A database with the supervisor Sam (PIN hashing is not timed)."""
    url = f"sqlite:///{folder / name}"
    code = ("import sys\nfrom dealer_app.services import Role, Services\n"
            "svc = Services.open(sys.argv[1])\n"
            f"svc.staff.add_staff('Sam', Role.SUPERVISOR, '{PIN}')\nsvc.close()\n")
    subprocess.run([sys.executable, "-c", code, url], env=env, cwd=ROOT, check=True)
    return url


def run_import(url: str, files: list[str], env: dict[str, str]
               ) -> tuple[float, float, int, str, str]:
    """(wall s, CPU s, exit status, stdout, stderr) of one ``log import``."""
    cmd = [sys.executable, "-m", "dealer_app", "log", "import", "--db", url, "--by", "Sam",
           "--pin-stdin", *files]
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(cmd, input=PIN + "\n", capture_output=True, text=True, env=env,
                          cwd=ROOT, check=False)  # (-m looks in the folder first)
    return (time.perf_counter() - start, children_cpu() - cpu, done.returncode, done.stdout,
            done.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=6000)
    parser.add_argument("--runs", type=int, default=1, help="imports timed (medians shown)")
    parser.add_argument("--dir", type=Path, default=None,
                        help="where the files go (e.g. /dev/shm to leave the disk out)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(folder / "pyc"),
                   DEALER_APP_CONFIG_DIR=str(folder / "config"),
                   DEALER_APP_ANCHOR_DIR=str(folder / "anchors"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "dealer_app")],
                       env=env, stdout=subprocess.DEVNULL, check=False)
        made = folder / "made"
        made.mkdir()
        records = record_hands(args.records + 20, random.Random(7))
        files = []
        for i, record in enumerate(records):
            path = made / f"{i:06d}.json"
            path.write_text(dump_record(record))
            files.append(str(path))
        main_files, extra = files[:args.records], files[args.records:]
        print(f"{args.records:,} records made; {conditions()}")
        walls, cpus = [], []
        url = ""
        for run in range(args.runs):
            url = new_database(folder, f"import{run}.sqlite3", env)
            wall, cpu, status, out, err = run_import(url, main_files, env)
            lines = out.splitlines()
            stored = sum(line.startswith("stored ") for line in lines)
            walls.append(wall)
            cpus.append(cpu)
            print(f"run {run + 1}: log import of {args.records:,} records: {wall:.2f} s wall "
                  f"({args.records / wall:,.0f} records/s), CPU {cpu:.2f} s "
                  f"({args.records / cpu:,.0f} records/CPU-s); exit {status}, {len(lines):,} "
                  f"lines, {stored:,} stored{'; ' + err.strip()[:200] if err.strip() else ''}"
                  f"; {conditions()}")
        if args.runs > 1:
            wall, cpu = statistics.median(walls), statistics.median(cpus)
            print(f"median of {args.runs}: {wall:.2f} s wall ({args.records / wall:,.0f} "
                  f"records/s), CPU {cpu:.2f} s ({args.records / cpu:,.0f} records/CPU-s)")
        corrupt = made / "corrupt.json"
        corrupt.write_bytes(Path(extra[0]).read_bytes()[:-30])
        refused = made / "refused.json"
        text = Path(extra[1]).read_text()
        refused.write_text(text.replace('"events": [', '"events": [{"seat": 9, '
                                        '"action": "fold"}, ', 1))
        bad = [*extra[2:11], str(corrupt), str(refused), *extra[11:]]
        wall, cpu, status, out, err = run_import(url, bad, env)
        said = err.replace(str(made) + os.sep, "").strip().splitlines()
        print(f"bad files: exit {status}, {len(out.splitlines())} 'stored' lines, "
              f"{len(said)} refusal lines: " + " | ".join(line[:90] for line in said))
        wall, cpu, status, out, _err = run_import(url, main_files[:1000], env)
        again = out.splitlines()
        print(f"1,000 of the first run's files again: exit {status}, {len(again):,} lines, "
              f"{sum(line.startswith('already stored') for line in again):,} "
              f"'already stored', {wall:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
