"""The packages' imports, read from the source (issue 22.5): layers import only downwards
(the engine nothing of the app; storage, migrations included, neither the services nor the
windows; the services no window), no two packages import each other, however indirectly
(a subpackage such as ``gui.floor`` counts as a package of its own), the subpackages of
``gui`` never import the top of ``gui`` (the dealer's window and the app's start) and each
imports only those below it (``GUI_ROOMS``), and no module imports itself through others.
Every import counts, also one inside a function or under ``TYPE_CHECKING``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import dealer_app

ROOT = Path(dealer_app.__file__).resolve().parent

LOWER_THAN = {
    "engine": {"storage", "services", "gui", "commands", "cli", "words", "text"},
    "storage": {"services", "gui", "commands", "cli"},
    "services": {"gui", "commands", "cli"},
}
"""Package -> the packages it must not import."""


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


FILES = sorted(ROOT.rglob("*.py"))
MODULES = frozenset(_module_of(path) for path in FILES)


@cache
def _imports(path: Path) -> tuple[tuple[int, str], ...]:
    """(line, module) for every ``dealer_app`` module the file imports (each file parsed
    once for all the tests)."""
    return tuple(_read_imports(path))


def _read_imports(path: Path) -> Iterator[tuple[int, str]]:
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if not node.level and not base.startswith("dealer_app"):
                continue
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            for alias in node.names:  # ``from dealer_app import words`` imports a module
                name = f"{base}.{alias.name}"
                yield node.lineno, name if name in MODULES else base


PACKAGES = frozenset(_module_of(path) for path in FILES if path.name == "__init__.py")

COUNTED_WITH_PARENT: frozenset[str] = frozenset()
"""Subpackages still counted as part of the package above them, because the two import each
other (``services`` and ``services.reports``: issue 22.5, for the services' rooms). Remove a
name once its cycle is broken; the test below then holds it to the rule."""


def _unit(module: str, merged: frozenset[str] = COUNTED_WITH_PARENT) -> str:
    """The package a module belongs to: ``engine``, ``gui``, ``gui.floor`` (a subpackage),
    ``words`` (a top module)..."""
    parts = module.split(".")
    if len(parts) < 2:
        return ""
    package = module if module in PACKAGES else module.rpartition(".")[0]
    while package in merged:
        package = package.rpartition(".")[0]
    return parts[1] if package == "dealer_app" else package.removeprefix("dealer_app.")


@cache
def _edges(merged: frozenset[str] = COUNTED_WITH_PARENT) -> dict[str, dict[str, list[str]]]:
    """Package -> imported package -> where (``file:line``)."""
    edges: dict[str, dict[str, list[str]]] = {}
    for path in FILES:
        source = _unit(_module_of(path), merged)
        for line, target in _imports(path):
            if not target.startswith("dealer_app"):
                continue
            unit = _unit(target, merged)
            if unit and unit != source:
                edges.setdefault(source, {}).setdefault(unit, []).append(
                    f"{path.relative_to(ROOT.parent)}:{line}")
    return edges


def test_the_graph_is_read() -> None:
    edges = _edges()
    assert "engine" in edges["services"] and "storage" in edges["services"]
    assert "services" in edges["gui"]


def test_no_package_imports_a_layer_above_it() -> None:
    wrong = [f"{source} -> {target} ({', '.join(where)})"
             for source, targets in _edges().items()
             for target, where in targets.items()
             if target.split(".")[0] in LOWER_THAN.get(source.split(".")[0], ())]
    assert not wrong, "\n".join(wrong)


def _reach(edges: dict[str, dict[str, list[str]]], start: str) -> dict[str, str]:
    """Each package ``start`` imports, directly or not -> the one it imports it from."""
    seen: dict[str, str] = {}
    todo = [start]
    while todo:
        here = todo.pop()
        for there in edges.get(here, {}):
            if there not in seen:
                seen[there] = here
                todo.append(there)
    return seen


def test_no_two_packages_import_each_other() -> None:
    edges = _edges()
    for source in edges:
        back = _reach(edges, source)
        if source in back:
            path, here = [source], back[source]
            while here != source and here not in path:
                path.append(here)
                here = back[here]
            raise AssertionError("import cycle (each imported by the next): "
                                 + " <- ".join([*path, source]))


def test_the_subpackages_counted_with_their_parent_still_import_it_back() -> None:
    for package in sorted(COUNTED_WITH_PARENT):
        edges = _edges(COUNTED_WITH_PARENT - {package})
        unit, parent = (_unit(m, COUNTED_WITH_PARENT - {package})
                        for m in (package, package.rpartition(".")[0]))
        assert parent in _reach(edges, unit) and unit in _reach(edges, parent), (
            f"{package} and its parent no longer import each other: take it off "
            "COUNTED_WITH_PARENT")


def test_subpackages_are_units_of_their_own() -> None:
    edges = _edges()
    assert "gui.toolkit" in edges["gui.review"] and "gui.wording" in edges["gui.floor"]
    assert "gui.floor" in edges["gui"]


TOPS_BELOW_THEIR_SUBPACKAGES = ("gui",)
"""Packages whose subpackages never import the package's own top modules: the top of ``gui``
is the application (the dealer's window, the app's start); what the subpackages share lives
in ``gui.toolkit`` and ``gui.wording``."""


def test_no_subpackage_imports_the_top_of_its_package() -> None:
    wrong = [f"{source} -> {target} ({', '.join(where)})"
             for source, targets in _edges().items()
             for target, where in targets.items()
             if target in TOPS_BELOW_THEIR_SUBPACKAGES and source.startswith(f"{target}.")]
    assert not wrong, "\n".join(wrong)


GUI_ROOMS = ("gui.toolkit", "gui.wording", "gui.views", "gui.review", "gui.floor",
             "gui.display")
"""The subpackages of ``gui``, lowest first: each imports only those before it (the top of
``gui``, the dealer's window and the app, imports any)."""


def test_the_windows_rooms_import_only_the_rooms_below() -> None:
    edges = _edges()
    gui = sorted(unit for unit in edges if unit.startswith("gui."))
    assert sorted(GUI_ROOMS) == gui, "a new subpackage of gui: give it its place in GUI_ROOMS"
    wrong = [f"{source} -> {target} ({', '.join(where)})"
             for n, source in enumerate(GUI_ROOMS)
             for target, where in edges.get(source, {}).items()
             if target.startswith("gui") and target not in GUI_ROOMS[:n]]
    assert not wrong, "\n".join(wrong)


STILL_ON_A_CYCLE: frozenset[str] = frozenset()
"""Modules still on an import cycle between files (issue 22.5: other rooms than the
windows'). Every other module is on none; a name whose cycle is broken must leave the
list, so that the rule then holds for it too."""


@cache
def _module_edges() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for path in FILES:
        module = _module_of(path)
        edges[module] = {t for _, t in _imports(path) if t in MODULES and t != module}
    return edges


def _cycle_through(start: str, edges: dict[str, set[str]]) -> list[str] | None:
    """A shortest import cycle from ``start`` back to it (each module imports the next)."""
    came_from: dict[str, str] = {}
    todo = [start]
    while todo:
        here = todo.pop(0)
        for there in sorted(edges.get(here, ())):
            if there == start:
                path = [here]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if there not in came_from:
                came_from[there] = here
                todo.append(there)
    return None


def test_no_module_imports_itself_through_others() -> None:
    edges = _module_edges()
    cycles = [" -> ".join(cycle) for module in sorted(MODULES - STILL_ON_A_CYCLE)
              if (cycle := _cycle_through(module, edges)) is not None]
    assert not cycles, "\n".join(cycles)


def test_the_modules_left_on_a_cycle_are_still_on_one() -> None:
    edges = _module_edges()
    free = sorted(m for m in STILL_ON_A_CYCLE if _cycle_through(m, edges) is None)
    assert not free, f"no longer on an import cycle, take them off STILL_ON_A_CYCLE: {free}"


def test_a_cycle_is_found() -> None:
    edges = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set()}
    assert _cycle_through("a", edges) == ["a", "b", "c", "a"]
    assert _cycle_through("d", edges) is None
