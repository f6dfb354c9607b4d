"""Where the app's styles, icons and card images live (``resources/`` beside the package)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGED = Path(__file__).resolve().parent / "resources"


@lru_cache(maxsize=1)
def resources_dir() -> Path:
    """``<project>/resources`` in a source checkout, else a copy packaged beside this module."""
    candidate = Path(__file__).resolve().parents[2] / "resources"
    if (candidate / "style.qss").is_file():
        return candidate
    return _PACKAGED


def resource(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def style_sheet() -> str:
    """The application style sheet, or an empty one if it is missing."""
    path = resource("style.qss")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return ""
    # url(icons/...) is relative to the resources folder, not to the working directory
    return text.replace("url(icons/", f"url({resource('icons').as_posix()}/")
