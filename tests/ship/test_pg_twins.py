"""Which PostgreSQL twins run: ``scripts/pg-twins`` and the list it writes."""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import json
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("pg_twins", str(ROOT / "scripts" / "pg-twins"))
    spec = importlib.util.spec_from_loader("pg_twins", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_a_twin_is_skipped_only_when_kept_twins_send_all_its_statements(tmp_path: Path) -> None:
    logged = {"statements": {
        "tests/services/test_a.py::test_one[postgresql]": ["SELECT 1", "SELECT 2"],
        "tests/services/test_a.py::test_two[postgresql]": ["SELECT 1"],
        "tests/services/test_a.py::test_three[postgresql-x]": ["SELECT 3"],
        "tests/services/test_a.py::test_two[sqlite]": [],
        "tests/storage/test_b.py::test_kept[postgresql]": ["SELECT 2"],
        "tests/storage/test_b.py::test_pg_only": ["SELECT 4"],
        "tests/services/test_a.py::test_four[postgresql]": ["SELECT 4"],
    }, "seconds": {"tests/services/test_a.py::test_one[postgresql]": 1.0,
                    "tests/services/test_a.py::test_two[postgresql]": 0.1}}
    (tmp_path / "gw0.json").write_text(json.dumps(logged))
    out = tmp_path / "covered.txt"
    assert _script().main([str(tmp_path), str(out)]) == 0
    skipped = [line for line in out.read_text().splitlines() if not line.startswith("#")]
    # SELECT 1 is sent by test_one and test_two: the cheaper test_two is kept (test_kept,
    # a storage twin, is always kept, so test_one's SELECT 2 is sent anyway), test_three
    # for SELECT 3; test_four sends only what a PostgreSQL-only test sends
    assert skipped == ["tests/services/test_a.py::test_four[postgresql]",
                       "tests/services/test_a.py::test_one[postgresql]"]


def test_every_twin_listed_as_covered_is_a_postgresql_run_of_a_test_that_exists() -> None:
    listed = [line for line in (ROOT / "tests" / "pg_twins_covered.txt").read_text()
              .splitlines() if line and not line.startswith("#")]
    assert listed, "the list is empty: every PostgreSQL twin runs"
    stale = []
    for nodeid in listed:
        path, _sep, test = nodeid.partition("::")
        name = test.partition("[")[0]
        file = ROOT / path
        defined = file.exists() and any(
            isinstance(node, ast.FunctionDef) and node.name == name
            for node in ast.walk(ast.parse(file.read_text())))
        if not defined or "postgresql" not in test.rpartition("[")[2]:
            stale.append(nodeid)
    assert not stale, f"run scripts/pg-twins again: {stale}"
