"""Typed dates and times: ``2026-11-30 14:30``, ``2026-11-30``, ``14:30`` (today),
``today``, ``yesterday``, ``now`` — for the review's filters and ``log audit --since``.

``parse_moment(text, end=False)`` reads a local date/time; a date alone is the start of
that day, or with ``end`` the start of the next (so "until 2026-11-30" includes that day).
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from dealer_app.text import tr

_DATE = r"(\d{4})-(\d{1,2})-(\d{1,2})"
_TIME = r"(\d{1,2})[:.](\d{2})"

def parse_moment(text: str, *, end: bool = False, now: datetime | None = None) -> datetime | None:
    """The local instant ``text`` names (aware), or None for empty text.
    Raises ValueError with a message fit to show."""
    words = " ".join(text.strip().lower().split())
    if not words:
        return None
    current = (now or datetime.now().astimezone()).astimezone()
    today = current.date()
    day: date | None = None
    at: time | None = None
    rest = words
    # the English words, and the same words in the language of the windows
    days = [("today", today), ("yesterday", today - timedelta(days=1)),
            ("tomorrow", today + timedelta(days=1))]
    days += [(tr("today", "typed date").lower(), today),
             (tr("yesterday", "typed date").lower(), today - timedelta(days=1)),
             (tr("tomorrow", "typed date").lower(), today + timedelta(days=1))]
    for name, value in days:
        if name and rest.startswith(name):
            day, rest = value, rest[len(name):].strip()
            break
    else:
        if rest in ("now", tr("now", "typed date").lower()):
            return current
        m = re.match(_DATE, rest)
        if m:
            try:
                day = date(int(m[1]), int(m[2]), int(m[3]))
            except ValueError:
                raise ValueError(tr("{text} is not a date of the calendar").format(
                    text=repr(text.strip()))) from None
            rest = rest[m.end():].strip()
            if rest.startswith("t"):
                rest = rest[1:]
    if rest:
        m = re.fullmatch(_TIME, rest)
        if not m or int(m[1]) > 23 or int(m[2]) > 59:
            raise _unreadable(text)
        at = time(int(m[1]), int(m[2]))
    if day is None:
        if at is None:
            raise _unreadable(text)
        day = today
    if at is None:
        moment = datetime.combine(day + timedelta(days=1) if end else day, time())
    else:
        moment = datetime.combine(day, at)
    return moment.astimezone()  # a naive local time made aware in the local zone


def _unreadable(text: str) -> ValueError:
    return ValueError(tr("cannot read {text}: type a date and time like 2026-11-30 14:30, a "
                         "time like 22:10, today or yesterday").format(text=repr(text.strip())))


def when(moment: datetime | None, *, seconds: bool = True) -> str:
    """``2026-11-30 22:10:03 CET``: local date, time and zone; empty for None."""
    if moment is None:
        return ""
    shown = moment.astimezone()
    zone = shown.strftime("%Z") or shown.strftime("UTC%z")
    return shown.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M") + f" {zone}"
