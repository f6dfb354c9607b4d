"""Child process: plays ``HANDS`` hands at one table of a shared database, as a dealer.

Usage: python table_child.py DB_URL TABLE_NAME HANDS. Prints ``hand_id inputs`` per hand.
"""

from __future__ import annotations

import random
import sys

from dealer_app.services import Services
from storage.helpers import play


def main() -> None:
    url, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    svc = Services.open(url)
    dealer = next(m for m in svc.staff.list_staff() if m.name == "Dana")
    table = next(t for t in svc.tables.list_tables() if t.name == name)
    session = svc.tables.current_session(table.id)
    assert session is not None
    rng = random.Random(name)
    for _ in range(count):
        state = svc.hands.start_hand(session.id, dealer)
        state = play(svc.hands, state.hand_id, dealer, rng=rng)
        print(state.hand_id, len(state.log), flush=True)
    svc.close()


if __name__ == "__main__":
    main()
