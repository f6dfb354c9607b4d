"""Reading a hand record file safely: size cap, strict UTF-8, bounded numbers and nesting.

``read_record_file(name)`` and ``decode_record(data)`` give a :class:`HandRecord` or raise
:class:`RecordError` with a plain reason (``OSError`` when the file cannot be read). The
``replay`` and ``log import`` commands both read records through here, so they accept and
refuse exactly the same files.
"""

from __future__ import annotations

import json
import math
import os
import stat
import sys
from datetime import UTC, datetime
from typing import Any

from dealer_app.engine.limits import MAX_AMOUNT, MAX_AMOUNT_DIGITS
from dealer_app.engine.record import HandRecord, RecordError, parse_record

MAX_RECORD_BYTES = 2 * 1024 * 1024
"""A hand record is a few kilobytes; anything past 2 MiB is refused unread."""

MAX_NUMBER_DIGITS = 2 * MAX_AMOUNT_DIGITS
"""Longer integers are refused while parsing (Python's own limit is 4,300 digits)."""

_BOMS = {b"\xff\xfe\x00\x00": "UTF-32", b"\x00\x00\xfe\xff": "UTF-32",
         b"\xff\xfe": "UTF-16", b"\xfe\xff": "UTF-16"}


def read_record_file(name: str) -> HandRecord:
    """The record in file ``name`` (``-``: standard input), read up to the size cap."""
    if name == "-":
        data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
    else:
        # O_NONBLOCK: opening a named pipe with no writer would wait forever; whatever is
        # not a regular file is refused before a byte is read
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_BINARY", 0))
        try:
            kind = _not_a_file(os.fstat(fd).st_mode)
        except OSError:
            os.close(fd)
            raise
        if kind:
            os.close(fd)
            raise RecordError(f"this is {kind}, not a file; a hand record is a file")
        with os.fdopen(fd, "rb") as fh:
            data = fh.read(MAX_RECORD_BYTES + 1)
    return decode_record(data)


def _not_a_file(mode: int) -> str:
    """What a file that is not a regular file is, in words ("" for a regular file)."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _number(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_NUMBER_DIGITS:
        raise RecordError(f"a number of {len(digits):,} digits is past the largest amount "
                          f"({MAX_AMOUNT:,})")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {text[:20]} is out of range")
    return value


def _constant(text: str) -> float:
    raise RecordError(f"{text} is not a valid JSON number")


def _check_amounts(value: Any, where: str) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) > MAX_AMOUNT:
            raise RecordError(f"{where}: {value:,} is past the largest amount ({MAX_AMOUNT:,})")
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_amounts(item, f"{where}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_amounts(item, f"{where}[{i}]")


def decode_record(data: bytes) -> HandRecord:
    """Parses the bytes of a hand record file (UTF-8, with or without a BOM)."""
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"the file is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB; "
                          "a hand record is a few kilobytes")
    for bom, encoding in _BOMS.items():
        if data.startswith(bom):
            raise RecordError(f"the file is {encoding} text; hand records are UTF-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"the file is not UTF-8 text (byte 0x{data[exc.start]:02x} at "
                          f"position {exc.start}); hand records are UTF-8") from None
    if "\x00" in text:
        raise RecordError("the file holds NUL characters (UTF-16 or binary?); hand records "
                          "are UTF-8 text")
    try:
        document = json.loads(text, parse_int=_number, parse_float=_real,
                              parse_constant=_constant)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("the JSON is nested too deeply to be a hand record") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    except ValueError as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    try:
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RecordError(f"the text holds a lone surrogate ({exc.object[exc.start]!a}), "
                          "which is not a character") from None
    except RecursionError:
        raise RecordError("the JSON is nested too deeply to be a hand record") from None
    if isinstance(document, dict):
        for key in ("settings", "seats", "events"):
            _check_amounts(document.get(key), key)
    record = parse_record(document)
    check_record_times(record)
    return record


def parse_utc(value: object) -> datetime | None:
    """An ISO 8601 date and time as an aware UTC datetime (naive: taken as UTC), or None if
    ``value`` is not one that exists in UTC."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    except (ValueError, OverflowError):  # not a date, or past year 9999 once in UTC
        return None


def check_record_times(record: HandRecord) -> None:
    """Every date the record gives (``meta.started_at``/``ended_at``, each event's ``at``)
    must be an ISO 8601 date and time that exists in UTC; raises :class:`RecordError`."""
    places = [(f"meta.{key}", record.meta.get(key)) for key in ("started_at", "ended_at")]
    places += [(f"events[{i}].at", m.get("at")) for i, m in enumerate(record.event_meta)]
    for where, value in places:
        if value is not None and parse_utc(value) is None:
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            raise RecordError(f"{where}: {shown} is not a date and time in range "
                              "(ISO 8601, years 1-9999 in UTC)")
