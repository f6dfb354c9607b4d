"""`log import` and the commands tell the truth (issue 8.3): every bad file gets a clear
message and no traceback, the batch goes on, exit statuses agree with `replay`, a record is
stored once, and read-only commands never create a database."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from storage.helpers import play

from dealer_app.cli import main
from dealer_app.engine.limits import MAX_AMOUNT
from dealer_app.engine.record_file import MAX_RECORD_BYTES
from dealer_app.services import HandQuery, Role, Services, SessionInfo, StaffMember
from services.conftest import BOSS_PIN

ROOT = Path(__file__).resolve().parents[2]


def _record(svc: Services, session: SessionInfo, dealer: StaffMember) -> dict[str, Any]:
    state = svc.hands.start_hand(session.id, dealer)
    play(svc.hands, state.hand_id, dealer)
    data = svc.log.record(state.hand_id).to_dict()
    del data["meta"]["uid"]  # a record of another app: a new hand when imported
    data["meta"]["table"] = "Elsewhere"
    data["seats"][0]["player"] = "Imported Ann"  # not the hand dealt here
    return data


def _json(data: dict[str, Any]) -> bytes:
    return json.dumps(data).encode("utf-8")


def _with(path: list[Any], value: Any) -> Callable[[dict[str, Any]], bytes]:
    def build(data: dict[str, Any]) -> bytes:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return _json(data)
    return build


BAD_FILES: dict[str, tuple[Callable[[dict[str, Any]], bytes], str]] = {
    "latin-1": (lambda d: json.dumps(d, ensure_ascii=False).replace("Imported Ann", "Zoé")
                .encode("latin-1"), "not UTF-8 text"),
    "utf-16": (lambda d: json.dumps(d).encode("utf-16"), "UTF-16"),
    "lone surrogate bytes": (lambda d: _json(d).replace(b"Imported Ann", b"Ann\xed\xa0\x80"),
                             "not UTF-8 text"),
    "lone surrogate escape": (lambda d: _json(d).replace(b"Imported Ann", b"Ann\\ud800"),
                              "lone surrogate"),
    "deep nesting": (lambda d: _json(d)[:-1] + b', "x": ' + b"[" * 200_000 + b"]" * 200_000
                     + b"}", "nested too deeply"),
    "5,000 digits": (lambda d: _json(d).replace(b'"Imported Ann"', b"9" * 5000),
                     "5,000 digits"),
    "date out of range": (_with(["meta", "started_at"], "9999-12-31T23:00:00-05:00"),
                          "meta.started_at"),
    "not a date": (_with(["events", 0, "at"], "yesterday"), "events[0].at"),
    "amount past the maximum": (_with(["seats", 1, "stack"], MAX_AMOUNT + 1),
                                "past the largest amount"),
    "over the size cap": (lambda d: _json(d)[:-1] + b', "pad": "' + b"x" * MAX_RECORD_BYTES
                          + b'"}', "larger than"),
}


def _count(svc: Services) -> int:
    return svc.review.count(HandQuery())


@pytest.mark.one_backend
@pytest.mark.parametrize("fault", sorted(BAD_FILES))
def test_each_bad_file_gets_a_clear_message_and_status_2_like_replay(
        db_url: str, import_cli: Callable[..., int],
        svc: Services, session: SessionInfo, dealer: StaffMember,
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fault: str) -> None:
    build, expected = BAD_FILES[fault]
    path = tmp_path / "bad.json"
    path.write_bytes(build(_record(svc, session, dealer)))
    before = _count(svc)
    capsys.readouterr()
    assert import_cli(db_url, str(path)) == 2
    err = capsys.readouterr().err
    assert f"REFUSED {path}: " in err and expected in err, err[:300]
    assert "Traceback" not in err
    assert _count(svc) == before
    assert main(["replay", str(path)]) == 2  # replay refuses it the same way
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.one_backend
def test_dev_zero_is_refused_without_reading_it(
        db_url: str, import_cli: Callable[..., int], svc: Services,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert import_cli(db_url, "/dev/zero") == 2
    assert "REFUSED /dev/zero: this is a device, not a file" in capsys.readouterr().err
    assert main(["replay", "/dev/zero"]) == 2


@pytest.mark.one_backend
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_or_a_folder_is_refused_at_once_and_the_batch_goes_on(
        db_url: str, import_cli: Callable[..., int],
        svc: Services, session: SessionInfo, dealer: StaffMember,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)  # nobody writes to it: opening it to read waited forever
    folder = tmp_path / "folder.json"
    folder.mkdir()
    good = tmp_path / "good.json"
    good.write_bytes(_json(_record(svc, session, dealer)))
    before = _count(svc)
    capsys.readouterr()

    class Hung(Exception):  # not an OSError, which the commands report and go on from
        pass

    def hung(*_args: object) -> None:
        raise Hung("still waiting for the named pipe")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(30)  # a failure, not a hung run, if the pipe is opened for reading
    try:
        assert main(["replay", str(pipe), str(folder), str(good)]) == 2
        err = capsys.readouterr().err
        assert import_cli(db_url, str(pipe), str(folder), str(good)) == 2
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    out = capsys.readouterr()
    assert f"{pipe}: this is a named pipe, not a file" in err
    assert f"{folder}: this is a folder, not a file" in err
    assert f"REFUSED {pipe}: this is a named pipe, not a file" in out.err
    assert f"stored {good} as hand id" in out.out
    assert _count(svc) == before + 1


def test_a_utf8_bom_is_accepted_as_replay_does(
        db_url: str, import_cli: Callable[..., int],
        svc: Services, session: SessionInfo, dealer: StaffMember,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + _json(_record(svc, session, dealer)))
    assert main(["replay", str(path)]) == 0
    before = _count(svc)
    assert import_cli(db_url, str(path)) == 0
    assert f"stored {path} as hand id" in capsys.readouterr().out
    assert _count(svc) == before + 1


def test_the_batch_goes_on_one_line_per_file_as_it_goes(
        db_url: str, import_cli: Callable[..., int], boss: StaffMember,
        svc: Services, session: SessionInfo, dealer: StaffMember,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_bytes(_json(_record(svc, session, dealer)))
    rules = _record(svc, session, dealer)
    rules["events"].insert(0, {"seat": 1, "action": "deal-up", "card": "As"})
    refused = tmp_path / "rules.json"
    refused.write_bytes(_json(rules))
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"format": "caf\xe9"}')
    seen: list[tuple[str, str]] = []
    report = svc.log.import_files([latin, refused, good], boss,
                                  on_file=lambda n, o, _h, _m: seen.append((n, o)))
    assert seen == [(str(latin), "invalid"), (str(refused), "refused"), (str(good), "stored")]
    assert len(report.stored) == 1
    capsys.readouterr()
    assert import_cli(db_url, str(refused)) == 1  # as replay: 1
    assert main(["replay", str(refused)]) == 1


def test_the_same_record_is_stored_once_with_or_without_its_uid(
        db_url: str, import_cli: Callable[..., int],
        svc: Services, session: SessionInfo, dealer: StaffMember,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _record(svc, session, dealer)
    plain = tmp_path / "plain.json"
    plain.write_bytes(_json(data))
    data["meta"]["uid"] = "0b1e5a4e-0000-4000-8000-000000000001"
    with_uid = tmp_path / "with-uid.json"
    with_uid.write_bytes(_json(data))
    data["meta"]["uid"] = "other-tool-7"
    other_uid = tmp_path / "other-uid.json"
    other_uid.write_bytes(_json(data))
    before = _count(svc)
    assert import_cli(db_url, str(plain)) == 0
    assert import_cli(db_url, str(with_uid), str(other_uid), str(plain)) == 0
    out = capsys.readouterr().out
    assert out.count("already stored") == 3
    assert _count(svc) == before + 1


def test_a_killed_import_run_again_adds_no_duplicates(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember,
        tmp_path: Path, import_cli: Callable[..., int],
        capsys: pytest.CaptureFixture[str]) -> None:
    files = []
    for i in range(6):
        data = _record(svc, session, dealer)
        data["seats"][0]["player"] = f"Imported {i}"
        files.append(tmp_path / f"r{i}.json")
        files[-1].write_bytes(_json(data))
    before = _count(svc)
    cmd = [sys.executable, "-m", "dealer_app", "log", "import", "--db", db_url, "--by", "Sam",
           "--pin-stdin", *map(str, files)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get(
        "PYTHONPATH", "")])}
    child = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    assert child.stdout is not None and child.stdin is not None
    child.stdin.write(BOSS_PIN + "\n")
    child.stdin.flush()
    first = child.stdout.readline()
    child.send_signal(signal.SIGKILL)
    child.communicate(timeout=60)
    assert first.startswith("stored ")
    # run again in this process (the command's own code; a second interpreter's start cost
    # half a second): what the killed run stored is not stored twice
    capsys.readouterr()
    assert import_cli(db_url, *map(str, files)) == 0
    assert "already stored" in capsys.readouterr().out
    assert _count(svc) == before + len(files)


def test_importing_the_database_itself_is_refused_without_opening_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "hands.db"
    fresh = Services.open(f"sqlite:///{path}")
    fresh.staff.add_staff("Sam", Role.SUPERVISOR, BOSS_PIN)
    fresh.close()
    monkeypatch.setattr(sys, "stdin", io.StringIO(BOSS_PIN + "\n"))
    assert main(["log", "import", "--db", str(path), "--by", "Sam", "--pin-stdin",
                 str(path)]) == 2
    assert "the database itself" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["log", "verify"], ["log", "export", "OUT"],
                                     ["db", "backup", "OUT/copy.sqlite3"], ["review"]])
def test_read_only_commands_never_create_a_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    missing = tmp_path / "typo.sqlite3"
    args = [a.replace("OUT", str(tmp_path)) for a in command]
    assert main([*args, "--db", str(missing)]) == 2
    assert "there is no database at" in capsys.readouterr().err
    assert not missing.exists() and not list(tmp_path.glob("typo*"))


def _run(args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get(
        "PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "dealer_app", *args], text=True, env=env,
                          timeout=120, **kwargs)


def test_no_traceback_on_a_closed_pipe_or_a_full_device() -> None:
    sample = str(ROOT / "tests" / "replay" / "samples" / "all-fold-uncalled-returned.json")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-m", "dealer_app", "replay", *[sample] * 800],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert child.stdout is not None and child.stderr is not None
    assert child.stdout.readline()
    child.stdout.close()  # the reader goes away, as `| head -1` does
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) == 141
    assert "Traceback" not in err
    with open("/dev/full", "w") as full:
        done = _run(["replay", sample], stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 1
    assert "cannot write the output: No space left on device" in done.stderr
    assert "Traceback" not in done.stderr
