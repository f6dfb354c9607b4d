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
from types import ModuleType


def _uses_no_feature(_module: ModuleType) -> bool:
    return False


def skip_feature_scan() -> bool:
    """True when modules imported from now on are no longer read by PySide6's scan."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is None or not callable(getattr(feature, "_mod_uses_pyside", None)):
        return False
    feature._mod_uses_pyside = _uses_no_feature  # type: ignore[attr-defined]
    return True
