"""Where the app's styles, icons, translations and desktop entry live.

They are the top-level ``resources/`` folder of the source tree, which setup.py ships inside
the package as ``dealer_app.resources``; they are read with ``importlib.resources``, so an
installed wheel works from any folder. Qt needs real file paths (style sheet ``url(...)``,
``QIcon``, ``QTranslator``), so the folder is materialised once with ``as_file``.
"""

from __future__ import annotations

import atexit
import contextlib
from functools import lru_cache
from importlib import resources as importlib_resources
from pathlib import Path

PACKAGE = "dealer_app.resources"
_SOURCE_TREE = Path(__file__).resolve().parents[2] / "resources"
_files = contextlib.ExitStack()
atexit.register(_files.close)


@lru_cache(maxsize=1)
def resources_dir() -> Path:
    """The resources folder on disk: the installed package's, else the source tree's."""
    try:
        root = importlib_resources.files(PACKAGE)
    except ModuleNotFoundError:  # run from a source tree that was never installed
        return _SOURCE_TREE
    path = _files.enter_context(importlib_resources.as_file(root))
    return Path(path)


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
