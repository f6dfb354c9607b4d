"""A dealer process for the floor tests: records inputs through the services and calls the
floor, one step per line read on stdin, printing ``<step> <detail>`` once committed.

Steps: ``deal`` (start a hand, antes, every hole card known, the up cards: seat 1's hole
card is As), ``call`` (a dispute call), ``bet`` (one more input), ``finish`` (to the end)."""

from __future__ import annotations

import sys

from storage.helpers import next_event

from dealer_app.engine import Action, Event
from dealer_app.services import Services
from dealer_app.services.core.calls import CallService

HOLES = {1: "As", 3: "Kd", 6: "7c"}
UPS = {1: "Ah", 3: "Kh", 6: "9c"}


def main(url: str, table_name: str) -> int:
    svc = Services.open(url)
    try:
        table = next(t for t in svc.tables.list_tables() if t.name == table_name)
        session = svc.tables.current_session(table.id)
        assert session is not None
        dealer = svc.staff.authenticate("Dana", "1357")
        hand_id = 0
        for line in sys.stdin:
            step = line.strip()
            if step == "deal":
                state = svc.hands.start_hand(session.id, dealer)
                hand_id = state.hand_id
                for seat in HOLES:
                    svc.hands.record_input(hand_id, Event(seat, Action.ANTE), dealer)
                for seat, card in HOLES.items():
                    svc.hands.record_input(hand_id, Event(seat, Action.DEAL_DOWN, card=card),
                                           dealer)
                for seat, card in UPS.items():
                    state = svc.hands.record_input(
                        hand_id, Event(seat, Action.DEAL_UP, card=card), dealer)
                print(f"deal {hand_id} {len(state.log)}", flush=True)
            elif step == "call":
                call = CallService(svc.db).raise_call(table.id, "dispute",
                                                      "seat 3 disputes the bring-in", dealer)
                print(f"call {call.id}", flush=True)
            elif step in ("bet", "finish"):
                state = svc.hands.hand_state(hand_id)
                while True:
                    event = next_event(state.hand)
                    if event is None:
                        break
                    state = svc.hands.record_input(hand_id, event, dealer)
                    if step == "bet":
                        break
                print(f"{step} {len(state.log)}", flush=True)
            elif step == "quit":
                break
        return 0
    finally:
        svc.close()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1], sys.argv[2]))
