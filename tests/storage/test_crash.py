"""Crash safety: a recording process killed with SIGKILL loses no accepted input."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dealer_app.engine import Settings
from dealer_app.services import Role, Services
from storage.helpers import next_event

CHILD = Path(__file__).with_name("crash_child.py")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("checkpoint_every", [None, 1])
def test_inputs_reported_accepted_survive_sigkill(tmp_path: Path,
                                                  checkpoint_every: int | None) -> None:
    """``checkpoint_every=1``: the child checkpoints the WAL in the background after every
    commit, so kills land in the middle of checkpoints too."""
    url = f"sqlite:///{tmp_path}/crash.sqlite3"
    svc = Services.open(url)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246810")
    dealer = svc.staff.add_staff("Dana", Role.DEALER, "1357", by=boss)
    table = svc.tables.create_table("T1", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, dealer)
    for seat in (1, 2, 4, 5):
        svc.tables.seat_player(session.id, seat, f"P{seat}", 100_000, dealer)
    svc.close()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(Path(__file__).parents[1]),
                                                       str(Path(__file__).parents[2])]))
    rng = random.Random(7)
    accepted: list[tuple[int, int, dict[str, object]]] = []
    for round_ in range(3):
        extra = [] if checkpoint_every is None else [str(checkpoint_every)]
        child = subprocess.Popen([sys.executable, str(CHILD), url, str(round_), *extra],
                                 env=env, stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        # some inputs reported (however loaded the machine), then the kill at a random
        # moment of the next ones
        reported = [child.stdout.readline() for _ in range(rng.randint(8, 14))]
        assert all(reported), "the child stopped recording"
        time.sleep(rng.uniform(0.0, 0.03))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        # a line cut short by the kill was never fully reported: only whole lines count
        complete = rest.split("\n")[:-1]
        for line in [*(r.rstrip("\n") for r in reported), *complete]:
            if line.strip():
                hand_id, seq, event = line.split(" ", 2)
                accepted.append((int(hand_id), int(seq), json.loads(event)))
        reopened = Services.open(url)
        try:
            for hand_id, seq, event in accepted:
                log = reopened.hands.hand_state(hand_id).log
                assert len(log) >= seq and log[seq - 1].event is not None
                assert log[seq - 1].event.to_dict() == event
            verified = reopened.log.verify_all()
            assert verified.ok, [(b.label, b.reason) for b in verified.broken]
            current = reopened.hands.current_hand(session.id)
            if current is None:  # killed between two hands: the next one starts cleanly
                current = reopened.hands.start_hand(session.id, dealer)
            else:
                last_hand_id, last_seq, _ = accepted[-1]
                if current.hand_id == last_hand_id:  # at most the one unreported input more
                    assert last_seq <= len(current.log) <= last_seq + 1
            event_next = next_event(current.hand)
            assert event_next is not None
            reopened.hands.record_input(current.hand_id, event_next, dealer)
        finally:
            reopened.close()
    assert len(accepted) > 20
