"""PokerKit as an oracle: the benchmark's 6-player fixed-limit hand ends with the same stacks."""

from __future__ import annotations

import warnings

from benchmarks.engine import our_events, replay_ours, replay_pokerkit


def test_pokerkit_same_hand_same_stacks() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = replay_pokerkit()
    assert replay_ours(our_events()) == theirs == [895, 995, 1205, 935, 995, 975]
