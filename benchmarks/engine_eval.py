"""Hand evaluation speed: our evaluator against PokerKit's lookup, over all 201,376 hands.

Both sides get their own card objects built beforehand, so only the evaluation is timed:
``dealer_app.engine.evaluator.evaluate`` against ``pokerkit`` ``ShortDeckHoldemLookup.get_entry``
(the stock PokerKit lookup closest to Americana; every 7..A hand has an entry there).
Run as a script to print the figures.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path

try:
    import dealer_app  # noqa: F401
except ImportError:  # run as a script from a checkout: make the package importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_app.engine.cards import DECK
from dealer_app.engine.evaluator import evaluate

HAND_COUNT = 201_376


def _rate(function: Callable[[object], object], hands: Sequence[object], repeat: int) -> float:
    """Best evaluations per second of ``repeat`` passes over ``hands``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hand in hands:
            function(hand)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def bench_evaluation(repeat: int = 3) -> dict[str, float]:
    """Evaluations per second, ours and PokerKit's, measured in this run over all hands.

    Keys: ``ours_evals_per_s``, ``pokerkit_evals_per_s``, ``speedup`` (ours / PokerKit),
    ``hands``.
    """
    from pokerkit.lookups import ShortDeckHoldemLookup
    from pokerkit.utilities import Card as PokerKitCard

    ours = list(combinations(DECK, 5))
    assert len(ours) == HAND_COUNT
    converted = {card: next(iter(PokerKitCard.parse(str(card)))) for card in DECK}
    theirs = [tuple(converted[card] for card in hand) for hand in ours]
    lookup = ShortDeckHoldemLookup()

    ours_rate = _rate(evaluate, ours, repeat)  # type: ignore[arg-type]
    theirs_rate = _rate(lookup.get_entry, theirs, max(1, repeat - 1))  # type: ignore[arg-type]
    return {
        "ours_evals_per_s": ours_rate,
        "pokerkit_evals_per_s": theirs_rate,
        "speedup": ours_rate / theirs_rate,
        "hands": float(HAND_COUNT),
    }


def import_ms() -> dict[str, float]:
    """Import cost in a fresh interpreter, in ms: the evaluator alone (its package already
    imported) and the evaluator with the whole ``dealer_app.engine`` package."""
    import os
    import subprocess

    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ, PYTHONPATH=root)
    code = ("import time; t0 = time.perf_counter(); import dealer_app.engine.cards; "
            "t1 = time.perf_counter(); import dealer_app.engine.evaluator; "
            "t2 = time.perf_counter(); print((t2 - t1) * 1000, (t2 - t0) * 1000)")
    best = (float("inf"), float("inf"))
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code], cwd=root, check=True,
                             capture_output=True, text=True, env=env)
        alone, total = (float(word) for word in out.stdout.split())
        best = (min(best[0], alone), min(best[1], total))
    return {"evaluator_ms": best[0], "with_package_ms": best[1]}


def main() -> None:
    """Prints the figures."""
    figures = bench_evaluation()
    print(f"hands evaluated per pass: {HAND_COUNT:,}")
    print(f"ours:     {figures['ours_evals_per_s']:>12,.0f} evaluations/s")
    print(f"PokerKit: {figures['pokerkit_evals_per_s']:>12,.0f} evaluations/s")
    print(f"speedup:  {figures['speedup']:>12.1f}x")
    cost = import_ms()
    print(f"import evaluator: {cost['evaluator_ms']:.1f} ms "
          f"({cost['with_package_ms']:.1f} ms with the dealer_app.engine package)")


if __name__ == "__main__":
    main()
