"""Engine benchmark (issue 2): run on demand, prints a table of figures, asserts nothing.

    .venv/bin/python benchmarks/engine.py

(a) five-card evaluations per second over all 201,376 hands, ours vs PokerKit's lookup;
(b) replaying one complete 6-player fixed-limit hand from its events, ours vs PokerKit
    driving the same hand (same cards, same actions) — target ours >= 3x faster;
(c) wall time of ``dealer-app replay --json`` over 1,000 complete records in one process,
    process start included — target < 3 s.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout
    sys.path.insert(0, str(ROOT))

from benchmarks.engine_eval import bench_evaluation  # noqa: E402
from dealer_app.engine.events import Event  # noqa: E402
from dealer_app.engine.hand import Hand  # noqa: E402
from dealer_app.engine.record import HandRecord, dump_record  # noqa: E402
from dealer_app.engine.settings import SeatSpec, Settings  # noqa: E402

# ---------------------------------------------------------------------------- (b) one hand
HOLES = {1: "Ah", 2: "Kh", 3: "9d", 4: "Ks", 5: "Qc", 6: "Jh"}
STREETS: list[dict[int, str]] = [
    {1: "7c", 2: "8c", 3: "9c", 4: "Tc", 5: "Jc", 6: "Kc"},
    {1: "7d", 3: "8d", 4: "Jd", 6: "Qd"},
    {1: "8h", 3: "9h", 4: "Qh"},
    {1: "8s", 3: "Ts", 4: "Qs"},
]
ROUNDS: list[list[tuple[int, str, int | None]]] = [
    [(6, "bring-in", None), (1, "call", None), (2, "fold", None), (3, "raise", 20),
     (4, "call", None), (5, "fold", None), (6, "call", None), (1, "call", None)],
    [(1, "bet", 10), (3, "call", None), (4, "raise", 20), (6, "fold", None),
     (1, "call", None), (3, "call", None)],
    [(3, "check", None), (4, "bet", 20), (1, "call", None), (3, "call", None)],
    [(1, "bet", 20), (3, "raise", 40), (4, "fold", None), (1, "call", None)],
]
SHOWS = [(3, None), (1, None)]
SETTINGS = Settings(ante=5, chip_unit=5)
SEATS = tuple(SeatSpec(seat, f"P{seat}", 1000) for seat in range(1, 7))


def our_events() -> list[Event]:
    events = [Event.from_dict({"seat": s, "action": "ante"}) for s in range(1, 7)]
    events += [Event.from_dict({"seat": s, "action": "deal-down", "card": c})
               for s, c in HOLES.items()]
    for cards, actions in zip(STREETS, ROUNDS, strict=True):
        events += [Event.from_dict({"seat": s, "action": "deal-up", "card": c})
                   for s, c in cards.items()]
        for seat, action, to in actions:
            item: dict[str, Any] = {"seat": seat, "action": action}
            if to is not None:
                item["to"] = to
            events.append(Event.from_dict(item))
    events += [Event.from_dict({"seat": s, "action": "show"}) for s, _ in SHOWS]
    return events


def replay_ours(events: list[Event]) -> list[int]:
    hand = Hand.replay(SETTINGS, SEATS, events)
    assert hand.complete
    return [hand.seats[s].stack for s in range(1, 7)]


def _pokerkit_state() -> Any:
    from pokerkit import (
        Automation,
        BettingStructure,
        Deck,
        Mode,
        Opening,
        StandardHighHand,
        State,
        Street,
    )

    # Four streets: hole + up card, then one up card each; high card opens, then the best
    # board. PokerKit wants a bring-in below the small bet, so its bring-in player completes
    # to the small bet (10), which is our bring-in (2 x ante).
    streets = (
        Street(False, (False, True), 0, False, Opening.HIGH_CARD, 10, 4),
        Street(True, (True,), 0, False, Opening.HIGH_HAND, 10, 4),
        Street(True, (True,), 0, False, Opening.HIGH_HAND, 20, 4),
        Street(True, (True,), 0, False, Opening.HIGH_HAND, 20, 4),
    )
    a = Automation
    return State((a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING,
                  a.CARD_BURNING, a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING,
                  a.CHIPS_PUSHING, a.CHIPS_PULLING),
                 Deck.SHORT_DECK_HOLDEM, (StandardHighHand,), streets,
                 BettingStructure.FIXED_LIMIT, True, 5, 0, 5, [1000] * 6, 6,
                 mode=Mode.CASH_GAME)


def replay_pokerkit() -> list[int]:
    state = _pokerkit_state()
    for number, (cards, actions) in enumerate(zip(STREETS, ROUNDS, strict=True)):
        while state.can_deal_hole():
            seat = state.hole_dealee_index + 1
            first = number == 0 and not state.hole_cards[seat - 1]
            state.deal_hole(HOLES[seat] if first else cards[seat])
        for seat, action, to in actions:
            if state.actor_index != seat - 1:
                raise AssertionError(f"PokerKit has seat {state.actor_index + 1} due, "
                                     f"not {seat}")
            if action == "bring-in":
                state.complete_bet_or_raise_to(10)
            elif action in ("call", "check"):
                state.check_or_call()
            elif action == "fold":
                state.fold()
            else:
                state.complete_bet_or_raise_to(to)
    assert not state.status
    return list(state.stacks)


def _per_call_us(function: Callable[[], object], repeat: int, number: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        best = min(best, (time.perf_counter() - start) / number)
    return best * 1e6


def bench_replay(number: int = 300) -> dict[str, float]:
    events = our_events()
    warnings.simplefilter("ignore")  # PokerKit warns about cards dealt out of deck order
    ours, theirs = replay_ours(events), replay_pokerkit()
    assert ours == theirs, (ours, theirs)
    ours_us = _per_call_us(lambda: replay_ours(events), 5, number)
    theirs_us = _per_call_us(replay_pokerkit, 5, max(1, number // 3))
    return {"ours_us": ours_us, "pokerkit_us": theirs_us, "speedup": theirs_us / ours_us,
            "events": float(len(events))}


# ---------------------------------------------------------------------------- (c) 1,000 files
def write_records(directory: Path, count: int = 1000, seed: int = 2) -> list[str]:
    from tests.engine.helpers import random_hand

    rng = random.Random(seed)
    names = []
    for i in range(count):
        hand = random_hand(rng)
        record = HandRecord(hand.settings, hand.specs, hand.events)
        path = directory / f"hand-{i:04d}.json"
        path.write_text(dump_record(record), encoding="utf-8")
        names.append(str(path))
    return names


def bench_cli(count: int = 1000) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        files = write_records(Path(tmp), count)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "dealer_app", "replay", "--json",
                                   *files], cwd=ROOT, env=env, capture_output=True, text=True)
            best = min(best, time.perf_counter() - start)
            if proc.returncode != 0 or len(proc.stdout.splitlines()) != count:
                raise RuntimeError(f"replay failed ({proc.returncode}): {proc.stderr[:500]}")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "dealer_app", "replay", "--json", files[0]],
                       cwd=ROOT, env=env, capture_output=True, check=True)
        one = time.perf_counter() - start
    return {"seconds": best, "records": float(count), "one_record_seconds": one}


def main() -> None:
    rows: list[tuple[str, str, str]] = []
    evaluation = bench_evaluation()
    rows.append(("(a) evaluations/s, ours", f"{evaluation['ours_evals_per_s']:,.0f}", ""))
    rows.append(("(a) evaluations/s, PokerKit", f"{evaluation['pokerkit_evals_per_s']:,.0f}",
                 ""))
    rows.append(("(a) speedup", f"{evaluation['speedup']:.1f}x", ""))
    replay = bench_replay()
    rows.append((f"(b) replay 6-player hand ({replay['events']:.0f} events), ours",
                 f"{replay['ours_us']:,.0f} us/hand", ""))
    rows.append(("(b) same hand driven in PokerKit", f"{replay['pokerkit_us']:,.0f} us/hand",
                 ""))
    ok = "ok" if replay["speedup"] >= 3 else "MISSED"
    rows.append(("(b) speedup", f"{replay['speedup']:.1f}x", f"target >= 3x: {ok}"))
    cli = bench_cli()
    ok = "ok" if cli["seconds"] < 3 else "MISSED"
    rows.append((f"(c) dealer-app replay --json, {cli['records']:.0f} records",
                 f"{cli['seconds']:.2f} s", f"target < 3 s: {ok}"))
    rows.append(("(c) same, one record (process start)", f"{cli['one_record_seconds']:.2f} s",
                 ""))
    width = max(len(r[0]) for r in rows)
    print(f"{'figure':<{width}}  {'value':>18}  target")
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>18}  {target}")


if __name__ == "__main__":
    main()
