"""What the session and the hand reports both use to put a hand's facts into their HTML."""

from __future__ import annotations

import html

from dealer_app.engine.events import Event
from dealer_app.engine.settings import Settings
from dealer_app.services.core.types import HandStatus
from dealer_app.text import thousands, tr
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


ACT_NAMES = {"void-hand": "Void", "correct-input": "Correction",
             "undo-complete-hand": "Undo of a complete hand", "adjustment": "Adjustment",
             "close-session": "Closing", "settle-owed": "Owed chips settled"}
"""The supervisor acts a session report lists, by their audit name (English; shown through
:func:`act_name`)."""


def rake_text(settings: Settings) -> str:
    """The table's rake setting (rule 10.4): ``5 % of the pots, capped at 50`` / ``5 % of
    the pots, no cap`` / ``none``."""
    if not settings.rake_percent:
        return tr("none", "rake")
    if settings.rake_cap:
        return tr("{percent} % of the pots, capped at {cap}").format(
            percent=settings.rake_percent, cap=thousands(settings.rake_cap))
    return tr("{percent} % of the pots, no cap").format(percent=settings.rake_percent)


def act_name(act: str) -> str:
    """A supervisor act's name (``Void``, ``Correction``...) in the language of the windows."""
    names = {"void-hand": tr("Void", "supervisor act"),
             "correct-input": tr("Correction", "supervisor act"),
             "undo-complete-hand": tr("Undo of a complete hand"),
             "adjustment": tr("Adjustment", "supervisor act"),
             "close-session": tr("Closing", "supervisor act"),
             "settle-owed": tr("Owed chips settled", "supervisor act")}
    return names.get(act, act)


def status_name(status: HandStatus) -> str:
    """A hand's status (``complete``, ``void``, ``in-progress``) in words."""
    return {HandStatus.COMPLETE: tr("complete", "hand status"),
            HandStatus.VOID: tr("void", "hand status"),
            HandStatus.IN_PROGRESS: tr("in-progress", "hand status")}[status]
