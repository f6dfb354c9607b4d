"""The dealer window's size classes: one scale factor for every size and font on the table
page, so text grows with the window (1024×768 up to 1920×1080 and beyond).

The design size is 1280×800 (scale 1). ``style.qss`` is written for it; at another scale the
window gets the same sheet with its sizes multiplied (:func:`scaled_sheet`), which takes
precedence over the application's sheet for that window only. Touch targets never fall
under :data:`TOUCH` pixels, whatever the scale.
"""

from __future__ import annotations

import re

DESIGN_WIDTH, DESIGN_HEIGHT = 1280, 800
MIN_SCALE, MAX_SCALE = 0.85, 2.0
STEP = 0.05
"""Scales are rounded to this step: a window dragged by a few pixels is not restyled."""
TOUCH = 40
"""The smallest side of anything the dealer clicks or touches, in pixels."""

_DECLARATION = re.compile(r"([a-z-]+)(\s*:\s*)([^;{}]*)")
_PX = re.compile(r"(\d+(?:\.\d+)?)px")
_FIXED = ("border", "border-left", "border-right", "border-top", "border-bottom",
          "min-height", "min-width")
"""Not scaled: line widths stay crisp, and the minimums are the touch floors."""


def window_scale(width: int, height: int) -> float:
    """The scale of a window of ``width``×``height``: the smaller of the two ratios to the
    design size, clamped to [MIN_SCALE, MAX_SCALE] and rounded to :data:`STEP`."""
    raw = min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT)
    clamped = max(MIN_SCALE, min(MAX_SCALE, raw))
    return round(round(clamped / STEP) * STEP, 2)


def px(value: float, scale: float) -> int:
    """``value`` design pixels at ``scale``."""
    return max(1, round(value * scale))


def scaled_sheet(sheet: str, scale: float) -> str:
    """``sheet`` with its pixel sizes (fonts, padding, widths) multiplied by ``scale``;
    border widths and minimum sizes unchanged."""
    if scale == 1:
        return sheet

    def declaration(m: re.Match[str]) -> str:
        name, sep, value = m.groups()
        if name in _FIXED:
            return m.group(0)
        return name + sep + _PX.sub(lambda v: f"{px(float(v.group(1)), scale)}px", value)

    return _DECLARATION.sub(declaration, sheet)
