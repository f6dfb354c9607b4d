"""`dealer-app replay` end to end, in a subprocess, as other tools will run it; the checks
repeated for each sample and each malformed file call the same ``main()`` in this process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dealer_app.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = Path(__file__).resolve().parent / "samples"
SHARED = ROOT.parent / "shared" / "spec" / "samples"
NAMES = sorted(p.name[:-len(".expect.json")] for p in SAMPLES.glob("*.expect.json"))


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "dealer_app", "replay", *args], cwd=ROOT,
                          env=env, input=stdin, capture_output=True, text=True, timeout=60)


def run_here(capsys: pytest.CaptureFixture[str], *args: str
             ) -> subprocess.CompletedProcess[str]:
    """:func:`run` through ``dealer_app.cli.main`` in this process (no interpreter start)."""
    capsys.readouterr()
    status = main(["replay", *args])
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["dealer-app", "replay", *args], status, out, err)


def lines(proc: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in proc.stdout.splitlines()]


def without_message(result: dict[str, Any]) -> dict[str, Any]:
    out = dict(result)
    if out.get("rejected"):
        out["rejected"] = {k: v for k, v in out["rejected"].items() if k != "message"}
    return out


def record(events: list[dict[str, Any]], **settings: Any) -> dict[str, Any]:
    return {"format": "americana-hand/1",
            "settings": {"ante": 5, "chip_unit": 5, **settings},
            "seats": [{"seat": 1, "player": "A", "stack": 500},
                      {"seat": 2, "player": "B", "stack": 500}],
            "events": events}


GOOD = record([{"seat": 1, "action": "ante"}, {"seat": 2, "action": "ante"}])
REFUSED = record([{"seat": 1, "action": "ante"}, {"seat": 1, "action": "ante"}])


def write(tmp_path: Path, name: str, doc: Any) -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def test_all_samples_copied() -> None:
    if not SHARED.is_dir():
        pytest.skip("the shared spec is not checked out next to the project")
    shared = sorted(p.name for p in SHARED.glob("*.json"))
    assert shared
    for name in shared:
        assert (SAMPLES / name).read_bytes() == (SHARED / name).read_bytes(), name


def test_every_sample_prints_its_expected_line() -> None:
    files = [str(SAMPLES / f"{name}.json") for name in NAMES]
    proc = run(*files, "--json")
    got = lines(proc)
    assert len(got) == len(NAMES)
    refused = False
    for name, result in zip(NAMES, got, strict=True):
        expected = json.loads((SAMPLES / f"{name}.expect.json").read_text(encoding="utf-8"))
        assert without_message(result) == expected, name
        if result["rejected"] is not None:
            refused = True
            assert isinstance(result["rejected"]["message"], str)
            assert result["rejected"]["message"]
    assert proc.returncode == (1 if refused else 0)


@pytest.mark.parametrize("name", NAMES)
def test_sample_alone(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    proc = run_here(capsys, "--json", str(SAMPLES / f"{name}.json"))
    expected = json.loads((SAMPLES / f"{name}.expect.json").read_text(encoding="utf-8"))
    [result] = lines(proc)
    assert without_message(result) == expected
    assert proc.returncode == (0 if expected["rejected"] is None else 1)
    assert proc.stderr == ""


def test_output_is_one_compact_line_per_record_in_key_order() -> None:
    proc = run("--json", str(SAMPLES / "fixed-limit-showdown.json"))
    [line] = proc.stdout.splitlines()
    assert list(json.loads(line)) == ["accepted", "rejected", "complete", "next", "bring_in",
                                      "first_to_act", "showdown_order", "pots", "bets", "rake",
                                      "stacks", "hands"]


def test_refused_record_exit_1(tmp_path: Path) -> None:
    proc = run("--json", write(tmp_path, "r.json", REFUSED))
    [result] = lines(proc)
    assert proc.returncode == 1
    assert result["accepted"] == 1
    assert result["rejected"]["index"] == 1 and result["rejected"]["code"] == "antes-missing"


def test_readable_summary_without_json(tmp_path: Path) -> None:
    proc = run(str(SAMPLES / "fixed-limit-showdown.json"), write(tmp_path, "r.json", REFUSED))
    assert proc.returncode == 1
    assert "fixed-limit-showdown.json" in proc.stdout and "antes-missing" in proc.stdout
    with pytest.raises(json.JSONDecodeError):
        json.loads(proc.stdout.splitlines()[0])


MALFORMED: dict[str, Any] = {
    "bad-json": '{"format": "americana-hand/1", ',
    "not-an-object": "[1, 2]",
    "wrong-format": {**GOOD, "format": "americana-hand/2"},
    "missing-settings": {k: v for k, v in GOOD.items() if k != "settings"},
    "missing-seats": {k: v for k, v in GOOD.items() if k != "seats"},
    "missing-events": {k: v for k, v in GOOD.items() if k != "events"},
    "missing-ante": {**GOOD, "settings": {"chip_unit": 5}},
    "unknown-structure": record([], structure="spread-limit"),
    "unknown-action": record([{"seat": 1, "action": "straddle"}]),
    "missing-action": record([{"seat": 1}]),
    "seat-not-in-hand": record([{"seat": 4, "action": "ante"}]),
    "to-float": record([{"seat": 1, "action": "bet", "to": 20.0}]),
    "to-string": record([{"seat": 1, "action": "raise", "to": "20"}]),
    "to-missing": record([{"seat": 1, "action": "raise"}]),
    "card-missing": record([{"seat": 1, "action": "deal-up"}]),
    "one-player": {**GOOD, "seats": [{"seat": 1, "stack": 500}]},
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_record_exit_2(tmp_path: Path, case: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, f"{case}.json", MALFORMED[case])
    proc = run_here(capsys, "--json", path)
    assert proc.returncode == 2
    [result] = lines(proc)
    assert set(result) == {"file", "error"}
    assert result["file"] == path and result["error"]
    assert path in proc.stderr and result["error"] in proc.stderr


def test_malformed_record_is_never_partly_replayed(tmp_path: Path) -> None:
    doc = record([{"seat": 1, "action": "ante"}, {"seat": 2, "action": "ante"},
                  {"seat": 9, "action": "ante"}])
    proc = run("--json", write(tmp_path, "m.json", doc))
    [result] = lines(proc)
    assert "accepted" not in result and proc.returncode == 2


def test_missing_file_exit_2(tmp_path: Path) -> None:
    path = str(tmp_path / "nope.json")
    proc = run("--json", path)
    assert proc.returncode == 2
    [result] = lines(proc)
    assert result["file"] == path and path in proc.stderr


def test_several_files_one_line_each_in_order(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", GOOD)
    bad = write(tmp_path, "bad.json", "not json")
    refused = write(tmp_path, "refused.json", REFUSED)
    sample = str(SAMPLES / "odd-chip-split.json")
    proc = run("--json", sample, good, bad, refused, good)
    got = lines(proc)
    assert len(got) == 5
    assert got[0]["complete"] is True
    assert got[1]["accepted"] == 2 and got[1]["rejected"] is None
    assert got[2]["file"] == bad
    assert got[3]["rejected"]["code"] == "antes-missing"
    assert got[4] == got[1]
    assert proc.returncode == 2  # a malformed file outranks a refused event


def test_exit_0_when_everything_is_accepted(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", GOOD)
    proc = run("--json", good, str(SAMPLES / "fixed-limit-showdown.json"))
    assert proc.returncode == 0 and len(lines(proc)) == 2


def test_stdin_dash(tmp_path: Path) -> None:
    text = (SAMPLES / "pot-limit-side-pot.json").read_text(encoding="utf-8")
    proc = run("--json", "-", stdin=text)
    expected = json.loads((SAMPLES / "pot-limit-side-pot.expect.json").read_text("utf-8"))
    [result] = lines(proc)
    assert result == expected and proc.returncode == 0
    proc = run("--json", write(tmp_path, "r.json", REFUSED), "-", stdin=json.dumps(GOOD))
    assert [r["accepted"] for r in lines(proc)] == [1, 2]
    assert proc.returncode == 1


def test_meta_and_event_provenance_are_ignored(tmp_path: Path) -> None:
    doc = json.loads((SAMPLES / "fixed-limit-showdown.json").read_text(encoding="utf-8"))
    doc["meta"] = {"table": "T1", "session": 7, "hand": 42, "status": "complete",
                   "started_at": "2024-05-01T20:00:00Z", "extra": [1, 2]}
    for i, event in enumerate(doc["events"]):
        event["at"] = f"2024-05-01T20:00:{i:02d}Z"
        event["by"] = "dealer-9"
    doc["future_key"] = {"anything": True}
    proc = run("--json", write(tmp_path, "meta.json", doc))
    expected = json.loads((SAMPLES / "fixed-limit-showdown.expect.json").read_text("utf-8"))
    assert lines(proc) == [expected] and proc.returncode == 0


def test_replay_does_not_import_qt_or_the_database() -> None:
    sample = str(SAMPLES / "odd-chip-split.json")
    code = ("import sys, io, contextlib\n"
            "from dealer_app.cli import main\n"
            f"sys.argv = ['dealer-app', 'replay', '--json', {sample!r}]\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    status = main()\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('PySide6', 'shiboken6', 'sqlalchemy', 'alembic', 'psycopg'))\n"
            "print(status, bad)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.stdout.strip() == "0 []", proc.stderr


def test_replay_importtime_has_no_qt() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "dealer_app", "replay",
                           "--json", str(SAMPLES / "odd-chip-split.json")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    imported = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()
                if line.startswith("import time:")}
    assert "dealer_app.engine.hand" in imported
    assert not {m for m in imported if m.split(".")[0] in ("PySide6", "sqlalchemy")}
