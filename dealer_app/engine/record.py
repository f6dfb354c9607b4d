"""The hand record, format ``americana-hand/1`` (hand-record.md): read, write, replay."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dealer_app.engine.events import Event, EventError
from dealer_app.engine.hand import Hand, ReplayError
from dealer_app.engine.limits import MAX_AMOUNT
from dealer_app.engine.settings import SeatSpec, Settings, SettingsError
from dealer_app.engine.stacks import MIN_PLAYERS

FORMAT = "americana-hand/1"


class RecordError(ValueError):
    """A document that is not a valid hand record (malformed JSON, missing keys, ...)."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as recorded: settings, seats, events, and optional provenance."""

    settings: Settings
    seats: tuple[SeatSpec, ...]
    events: tuple[Event, ...]
    meta: dict[str, Any] = field(default_factory=dict)
    """Top-level ``meta`` (table, session, hand, started_at, ended_at, status, ...)."""
    event_meta: tuple[dict[str, Any], ...] = ()
    """Per event, its provenance keys (``at``, ``by``) or an empty dict."""

    def to_dict(self) -> dict[str, Any]:
        events = []
        for i, event in enumerate(self.events):
            item = event.to_dict()
            if i < len(self.event_meta):
                item.update(self.event_meta[i])
            events.append(item)
        out: dict[str, Any] = {"format": FORMAT, "settings": self.settings.to_dict(),
                               "seats": [s.to_dict() for s in self.seats], "events": events}
        if self.meta:
            out["meta"] = self.meta
        return out

    def replay(self) -> dict[str, Any]:
        """The replay summary (hand-record.md): applies the events up to the first refusal."""
        return replay_record(self)


_EVENT_KEYS = frozenset({"seat", "action", "card", "to"})


def parse_record(data: Any) -> HandRecord:
    """Checks a decoded JSON document as a whole; raises :class:`RecordError`."""
    if not isinstance(data, dict):
        raise RecordError("a hand record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
    for key, kind in (("settings", dict), ("seats", list), ("events", list)):
        if not isinstance(data.get(key), kind):
            raise RecordError(f"missing or invalid {key!r} (an {kind.__name__} is needed)")
    try:
        settings = Settings.from_dict(data["settings"])
    except KeyError as exc:
        raise RecordError(f"settings: missing {exc.args[0]!r}") from None
    except SettingsError as exc:
        raise RecordError(f"settings: {exc}") from None
    seats: list[SeatSpec] = []
    for i, raw in enumerate(data["seats"]):
        if not isinstance(raw, dict):
            raise RecordError(f"seats[{i}]: an object is needed")
        try:
            seats.append(SeatSpec.from_dict(raw))
        except KeyError as exc:
            raise RecordError(f"seats[{i}]: missing {exc.args[0]!r}") from None
        except SettingsError as exc:
            raise RecordError(f"seats[{i}]: {exc}") from None
    numbers = [s.seat for s in seats]
    if len(set(numbers)) != len(numbers):
        raise RecordError("a seat is listed twice")
    if len(seats) < MIN_PLAYERS:
        raise RecordError("a hand needs at least 2 players (rule 3.2)")
    for spec in seats:
        if spec.stack <= 0:
            raise RecordError(f"seat {spec.seat}: stack {spec.stack} must be positive")
    try:
        settings.check_stacks((spec.seat, spec.stack) for spec in seats)
    except SettingsError as exc:
        raise RecordError(str(exc)) from None
    total = sum(spec.stack for spec in seats)
    if total > MAX_AMOUNT:
        raise RecordError(f"the stacks total {total:,}, more than the largest amount the "
                          f"app takes ({MAX_AMOUNT:,})")
    events: list[Event] = []
    event_meta: list[dict[str, Any]] = []
    for i, raw in enumerate(data["events"]):
        try:
            event = Event.from_dict(raw)
        except EventError as exc:
            raise RecordError(f"events[{i}]: {exc}") from None
        if event.seat not in numbers:
            raise RecordError(f"events[{i}]: seat {event.seat} is not in the hand")
        events.append(event)
        event_meta.append({k: v for k, v in raw.items() if k not in _EVENT_KEYS})
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("'meta' must be an object")
    return HandRecord(settings, tuple(seats), tuple(events), meta, tuple(event_meta))


def load_record(text: str | bytes) -> HandRecord:
    """Parses the JSON text of a hand record; raises :class:`RecordError`."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    return parse_record(data)


def dump_record(record: HandRecord, *, indent: int | None = 2) -> str:
    """The JSON text of a hand record."""
    return json.dumps(record.to_dict(), indent=indent, ensure_ascii=False) + "\n"


def replay_record(record: HandRecord) -> dict[str, Any]:
    """Applies a record's events; the summary of hand-record.md, stopping at a refusal."""
    try:
        hand = Hand.replay(record.settings, record.seats, record.events)
        rejected = None
    except ReplayError as exc:
        hand = exc.hand
        rejected = {"index": exc.index, "code": exc.code.value, "message": exc.message}
    result = hand.result()
    result["rejected"] = rejected
    return result
