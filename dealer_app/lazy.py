"""Names a package re-exports, imported on first use (PEP 562), so that importing one light
module of a package (``dealer_app.services.core.errors``) does not import the whole package and
SQLAlchemy with it: the dealer's window paints before its storage is opened."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def exports(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``names`` maps each public name to the
    module that defines it (a name equal to its module's last part is the module itself)."""
    namespace = importlib.import_module(package).__dict__

    def __getattr__(name: str) -> Any:  # noqa: N807 (the module hook's name)
        module_name = names.get(name)
        if module_name is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(module_name)
        value = module if module_name.rpartition(".")[2] == name else getattr(module, name)
        namespace[name] = value
        return value

    return __getattr__
