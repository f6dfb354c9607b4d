"""PySide6's scan of every module imported after it, skipped for what the dealer's window
imports once it is shown.

Once PySide6 is loaded, it reads the source of each module imported later
(``inspect.getsource``), looking for the word "PySide6", for its opt-in
``from __feature__ import ...`` switches. The dealer's window imports its storage
(SQLAlchemy, Alembic, the schema, the services: about 300 modules) after it is shown, and
that scan cost about 0.15 s of CPU there. Nothing this app imports uses ``__feature__``.
Only PySide6's private hook is replaced, and only when it is found as expected; otherwise
nothing changes but the time."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType


def _uses_no_feature(_module: ModuleType) -> bool:
    return False


_skipped: list[Callable[[ModuleType], bool]] = []
"""PySide6's own scan, once :func:`skip_feature_scan` replaced it."""


def skip_feature_scan() -> bool:
    """True when modules imported from now on are no longer read by PySide6's scan."""
    feature = sys.modules.get("shibokensupport.feature")
    scan = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(scan):
        return False
    if getattr(scan, "__module__", None) == "shibokensupport.feature" and not _skipped:
        _skipped.append(scan)
    feature._mod_uses_pyside = _uses_no_feature  # type: ignore[attr-defined]
    return True


def pyside_scan() -> Callable[[ModuleType], bool] | None:
    """PySide6's scan as it was before it was skipped (None: never skipped), for tests."""
    return _skipped[0] if _skipped else None
