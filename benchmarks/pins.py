"""PIN checks: prints figures, asserts nothing.

    .venv/bin/python benchmarks/pins.py [--tries 5]

The time of each answer to a sign-in at the app's real work factor (scrypt 2^14/8/1, keyed
with the PIN key): a right PIN, a wrong PIN, an unknown name, an account that waits after
wrong PINs and a locked one (issue 20 found 3 ms for a locked account against 262-290 ms for
a wrong PIN, which told names apart). The four refusals should take the same time.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tries", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="dealer-app-pins-"))
    os.environ["DEALER_APP_CONFIG_DIR"] = str(folder / "config")
    os.environ["DEALER_APP_ANCHOR_DIR"] = str(folder / "anchors")
    os.environ.setdefault("DEALER_APP_LOG_DIR", str(folder))
    from sqlalchemy import text

    from dealer_app.services import Role, Services, SignInError
    from dealer_app.services import staff as staff_module

    svc = Services.open(f"sqlite:///{folder}/pins.sqlite3")
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246810")
    for name in ("Dana", "Eli", "Flo"):
        svc.staff.add_staff(name, Role.DEALER, "1357", by=boss)
    with svc.db.engine.begin() as conn:  # Eli waits, Flo is locked
        conn.execute(text("UPDATE staff SET failed_pins = 99 WHERE name = 'Flo'"))
    for _ in range(staff_module.FREE_TRIES):
        with contextlib.suppress(SignInError):
            svc.staff.authenticate("Eli", "8642")
    with contextlib.suppress(SignInError):
        svc.staff.authenticate("Flo", "8642")

    def timed(name: str, pin: str) -> float:
        start = time.perf_counter()
        with contextlib.suppress(SignInError):
            svc.staff.authenticate(name, pin)
        return (time.perf_counter() - start) * 1000

    print(f"scrypt n={staff_module.SCRYPT_N} r={staff_module.SCRYPT_R} "
          f"p={staff_module.SCRYPT_P}, {args.tries} tries each (median, ms)")
    for label, name, pin in [("right PIN", "Dana", "1357"), ("wrong PIN", "Dana", "8642"),
                             ("unknown name", "Nobody", "1357"),
                             ("waiting account, right PIN", "Eli", "1357"),
                             ("locked account, right PIN", "Flo", "1357")]:
        times = []
        for _ in range(args.tries):
            times.append(timed(name, pin))
            if label == "wrong PIN":  # keep Dana under the free tries
                svc.staff.authenticate("Dana", "1357")
        print(f"  {label:<28} {statistics.median(times):7.1f}")
    svc.close()


if __name__ == "__main__":
    main()
