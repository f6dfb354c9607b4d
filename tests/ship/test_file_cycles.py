"""The rooms of the services, the commands and the storage (issue 22, items 5 and 6): no two
of their files import each other, however indirectly, and no package of theirs imports a
package that imports it back (``services`` -> ``services.reports`` -> ``services.core``, one
way); every import counts, also one inside a function or under ``TYPE_CHECKING``. And no file
of theirs is over 500 lines but those named in ``LONG``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tests.ship.test_import_graph import FILES, MODULES, ROOT, _imports, _module_of

PACKAGES = ("dealer_app.services", "dealer_app.commands", "dealer_app.storage")
"""The packages (with their subpackages) whose files are checked."""

NOT_YET: frozenset[str] = frozenset()
"""Storage files whose cycles are broken apart from this test (none left: the evidence's
files were split, issue 19's branch h1-evidence)."""

LONG: set[str] = set()
"""The files still allowed over ``MAX_LINES`` (split apart from this test)."""
MAX_LINES = 500


def _ours(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in PACKAGES)


@cache
def _file_edges() -> dict[str, frozenset[str]]:
    """Module -> the modules of the checked packages it imports (``NOT_YET`` left out)."""
    edges: dict[str, frozenset[str]] = {}
    for path in FILES:
        module = _module_of(path)
        if _ours(module) and module not in NOT_YET:
            edges[module] = frozenset(
                t for _, t in _imports(path)
                if t in MODULES and t != module and _ours(t) and t not in NOT_YET)
    return edges


def _package_of(module: str) -> str:
    """The package a module is a file of (a package's ``__init__`` is its own)."""
    path = ROOT.parent.joinpath(*module.split("."))
    return module if path.is_dir() else module.rpartition(".")[0]


def _cycles(edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected parts with more than one node (Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for there in sorted(edges.get(node, ())):
            if there not in index:
                visit(there)
                low[node] = min(low[node], low[there])
            elif there in on_stack:
                low[node] = min(low[node], index[there])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def _where(edges: dict[str, frozenset[str]], part: list[str]) -> str:
    inside = set(part)
    return "; ".join(f"{a} -> {', '.join(sorted(edges[a] & inside))}" for a in part)


def test_the_file_graph_is_read() -> None:
    edges = _file_edges()
    assert "dealer_app.services.core.types" in edges["dealer_app.services.reports.session"]
    assert "dealer_app.services.hand_rows" in edges["dealer_app.services.review"]
    assert "dealer_app.commands.console" in edges["dealer_app.commands.staff"]


def test_the_cycle_search_finds_a_cycle() -> None:
    edges = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}),
             "d": frozenset({"a"})}
    assert _cycles(edges) == [["a", "b", "c"]]
    assert _cycles({"a": frozenset({"b"}), "b": frozenset()}) == []


def test_no_two_files_import_each_other() -> None:
    edges = _file_edges()
    cycles = _cycles(edges)
    assert not cycles, "import cycles between files:\n" + "\n".join(
        _where(edges, part) for part in cycles)


def test_no_two_packages_import_each_other() -> None:
    packages: dict[str, set[str]] = {}
    for module, targets in _file_edges().items():
        here = _package_of(module)
        packages.setdefault(here, set()).update(
            _package_of(t) for t in targets if _package_of(t) != here)
    edges = {p: frozenset(t) for p, t in packages.items()}
    cycles = _cycles(edges)
    assert not cycles, "import cycles between packages:\n" + "\n".join(
        _where(edges, part) for part in cycles)
    assert "dealer_app.services.core" in edges["dealer_app.services.reports"]


def test_no_file_is_over_500_lines() -> None:
    long = {}
    for path in FILES:
        name = path.relative_to(ROOT.parent).as_posix()
        if _ours(_module_of(path)) and name not in LONG:
            lines = len(Path(path).read_text(encoding="utf-8").splitlines())
            if lines > MAX_LINES:
                long[name] = lines
    assert not long, f"over {MAX_LINES} lines: {long}"
