"""The go-to box's text read as a hand: ``id 18131``, ``Table 4 10131``, or a number alone."""

from __future__ import annotations

import re

from dealer_app.text import tr, tr_noop

GO_TO_HINT = tr_noop("Table 4 10131, or id 18131")
"""The go-to box's placeholder (and the hint of its refusals)."""

def parse_go_to(text: str) -> tuple[str | None, int | None, int | None]:
    """``(table, number, hand_id)`` from the go-to box: ``id 18131`` (a hand id),
    ``Table 4 10131`` / ``Table 4 #10,131`` / ``Table 4 hand 10131`` (a table and a hand
    number), or ``10131`` alone (a hand number; the table comes from elsewhere).
    Raises ValueError with a message fit to show."""
    words = " ".join(text.strip().split())
    m = re.fullmatch(r"(?i)(?:hand\s*)?id\s*#?\s*([\d,]+)", words)
    if m:
        return None, None, _number(m[1])
    m = re.fullmatch(r"(?i)(?:(.*?)[\s·,:]+)?(?:hand\s*|#\s*|no\.?\s*)?([\d,]+)", words)
    if not m or not words:
        raise ValueError(tr("Go to: type a table and hand number or a hand id ({hint})")
                         .format(hint=tr(GO_TO_HINT)))
    table = (m[1] or "").strip() or None
    return table, _number(m[2]), None


def _number(text: str) -> int:
    digits = text.replace(",", "")
    if not digits.isdigit() or len(digits) > 12:
        raise ValueError(tr("Go to: {text} is not a number").format(text=repr(text)))
    return int(digits)

