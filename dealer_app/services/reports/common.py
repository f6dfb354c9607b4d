"""What the session and the hand reports both use to put a hand's facts into their HTML."""

from __future__ import annotations

import html

from dealer_app.engine.events import Event
from dealer_app.words import event_text


def nobreak(text: str) -> str:
    """Escaped for HTML, its spaces not broken (a time stays on one line)."""
    return html.escape(text).replace(" ", "&nbsp;")


def first_upper(text: str) -> str:
    """The first letter upper case, the rest as written (names keep their case)."""
    return text[:1].upper() + text[1:]


def describe(event: Event) -> str:
    """``Seat 3 raises to 1,200``: the engine's words, the amount with thousands separators."""
    return event_text(event, grouped=True)
