"""Child process of the crash test: records inputs forever, reporting each one accepted.

Usage: python crash_child.py DB_URL SEED [CHECKPOINT_EVERY]. Prints ``hand_id seq
json-event`` after each ``record_input`` returns (that is, after the commit). With
CHECKPOINT_EVERY, the background WAL checkpoint runs after that many commits (1: after
each), so the kill often lands while one copies the WAL into the database file.
"""

from __future__ import annotations

import json
import random
import sys

from dealer_app.services import Services
from storage.helpers import next_event


def main() -> None:
    url, seed = sys.argv[1], int(sys.argv[2])
    if len(sys.argv) > 3:
        from dealer_app.storage import sqlite_file

        sqlite_file.WAL_CHECKPOINT_EVERY = int(sys.argv[3])
    rng = random.Random(seed)
    svc = Services.open(url)
    dealer = next(m for m in svc.staff.list_staff() if m.name == "Dana")
    session = svc.review.sessions()[0]
    while True:
        state = svc.hands.current_hand(session.id) or svc.hands.start_hand(session.id, dealer)
        while (event := next_event(state.hand, rng)) is not None:
            state = svc.hands.record_input(state.hand_id, event, dealer)
            print(state.hand_id, len(state.log), json.dumps(event.to_dict()), flush=True)


if __name__ == "__main__":
    main()
