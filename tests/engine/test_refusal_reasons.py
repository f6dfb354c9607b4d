"""Every reason of refusal a dealer's input can get comes from a real refusal of the engine
(tests/engine/refusals.py), and each scripted hand is refused for the reason it is there for."""

from __future__ import annotations

from .refusals import DEALER_REASONS, _scripted, real_refusals


def test_every_reason_comes_from_a_real_refusal() -> None:
    found = real_refusals()
    assert set(DEALER_REASONS) <= set(found)
    assert all(error.reason is reason for reason, pairs in found.items()
               for error, _ in pairs)


def test_each_scripted_hand_is_refused_for_its_reason_and_changes_nothing() -> None:
    for reason, hand, event in _scripted():
        before = hand.result()
        error = hand.check(event)
        assert error is not None and error.reason is reason, (reason, error)
        assert hand.result() == before

