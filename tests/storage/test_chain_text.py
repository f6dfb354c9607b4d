"""A hand event's chain link: its canonical JSON written directly (``ChainLink.canonical``)
is the text the JSON encoder gives of its payload, whatever the values."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from dealer_app.storage.chain import ChainLink, canonical_json

_TEXT = st.text(st.characters(codec="utf-8"), max_size=12) | st.sampled_from(
    ["", "Åsa \"Q\" \\ \n\t\x00\x1f\u2028", "é", "👍", "deal-up", "Dana"])
_NUMBER = st.integers(-(2**70), 2**70)
_MOMENT = st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30),
                       timezones=st.sampled_from([UTC, timezone(timedelta(hours=2))]))


@given(seq=_NUMBER, kind=_TEXT, seat=st.none() | _NUMBER, action=st.none() | _TEXT,
       card=st.none() | _TEXT, to=st.none() | _NUMBER, target=st.none() | _NUMBER,
       by=_TEXT, at=_MOMENT, reason=st.none() | _TEXT)
def test_the_canonical_text_is_the_encoders(seq: int, kind: str, seat: int | None,
                                            action: str | None, card: str | None,
                                            to: int | None, target: int | None, by: str,
                                            at: datetime, reason: str | None) -> None:
    link = ChainLink(seq, kind, seat, action, card, to, target, by, at, reason)
    assert link.canonical() == canonical_json(link.payload())
    assert link.digest("ab") == link.digest("ab") != link.digest("ac")


def test_values_of_other_types_take_the_encoder() -> None:
    """A bool, an int or str subclass, a float: the encoder writes them (never the direct
    text's guess)."""
    from enum import IntEnum, StrEnum

    class Seat(IntEnum):
        ONE = 1

    class Act(StrEnum):
        CHECK = "check"

    at = datetime(2026, 12, 4, 3, 40, tzinfo=UTC)
    odd: list[dict[str, Any]] = [{"seat": True}, {"seat": Seat.ONE}, {"action": Act.CHECK},
                                 {"to": 2.5}, {"seq": False}]
    for change in odd:
        values: dict[str, Any] = {"seq": 3, "kind": "input", "seat": 1, "action": "check",
                                  "card": None, "to": None, "target_seq": None, "by": "Dana",
                                  "at": at, "reason": None, **change}
        link = ChainLink(**values)
        assert link.canonical() == canonical_json(link.payload()), change
