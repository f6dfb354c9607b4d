"""Fixtures for the services: a database with a supervisor, a dealer, a table, players."""

from __future__ import annotations

import copy
import hashlib
import io
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import TEST_SCRYPT_N
from storage.helpers import FakeClock
from world_copy import Worlds, worlds

from dealer_app.engine import Settings
from dealer_app.services import Role, Services, SessionInfo, StaffMember, TableInfo

BOSS_PIN = "246810"
DEALER_PIN = "1357"


@pytest.fixture
def svc(request: pytest.FixtureRequest, db_url: str, clock: FakeClock,
        _fixture_worlds: Worlds) -> Iterator[Services]:
    """The services on ``db_url``; when the test also takes ``boss``, ``dealer``, ``table``
    or ``session`` right after, what they make comes from a world built once (see
    :func:`_made_in_a_world`)."""
    steps = _world_steps(request)
    if not steps:
        services = Services.open(db_url, clock=clock)
    else:
        made, state = _fixture_worlds.copy(request, db_url,
                                           f"{'+'.join(steps)}-{_keys_and_trust()}",
                                           lambda url: _build_steps(url, steps))
        services = Services.open(db_url, clock=clock)
        state.resume(services, clock)
        request.node.stash[_MADE] = copy.deepcopy(made)
    yield services
    services.close()


@pytest.fixture
def boss(svc: Services, request: pytest.FixtureRequest) -> StaffMember:
    made = request.node.stash.get(_MADE, {})
    return made["boss"] if "boss" in made else _STEPS["boss"](svc, {})


@pytest.fixture
def dealer(svc: Services, boss: StaffMember, request: pytest.FixtureRequest) -> StaffMember:
    made = request.node.stash.get(_MADE, {})
    return made["dealer"] if "dealer" in made else _STEPS["dealer"](svc, {"boss": boss})


@pytest.fixture
def table(svc: Services, boss: StaffMember, request: pytest.FixtureRequest) -> TableInfo:
    made = request.node.stash.get(_MADE, {})
    return made["table"] if "table" in made else _STEPS["table"](svc, {"boss": boss})


@pytest.fixture
def session(svc: Services, table: TableInfo, dealer: StaffMember,
            request: pytest.FixtureRequest) -> SessionInfo:
    made = request.node.stash.get(_MADE, {})
    return made["session"] if "session" in made \
        else _STEPS["session"](svc, {"table": table, "dealer": dealer})


def _open_and_seat(svc: Services, made: dict[str, Any]) -> SessionInfo:
    info = svc.tables.open_session(made["table"].id, made["dealer"])
    svc.tables.seat_player(info.id, 1, "Ann", 500, made["dealer"])
    svc.tables.seat_player(info.id, 3, "Bo", 320, made["dealer"])
    svc.tables.seat_player(info.id, 6, "Cy", 1000, made["dealer"])
    return info


_STEPS: dict[str, Callable[[Services, dict[str, Any]], Any]] = {
    "boss": lambda svc, _made: svc.staff.add_staff("Sam", Role.SUPERVISOR, BOSS_PIN),
    "dealer": lambda svc, made: svc.staff.add_staff("Dana", Role.DEALER, DEALER_PIN,
                                                    by=made["boss"]),
    "table": lambda svc, made: svc.tables.create_table(
        "Table 3", Settings(ante=5, chip_unit=5), made["boss"]),
    "session": _open_and_seat,
}
"""What ``boss``, ``dealer``, ``table`` and ``session`` each write, given what the ones
before made."""
_MADE = pytest.StashKey[dict[str, Any]]()


@pytest.fixture(scope="session")
def _fixture_worlds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Worlds]:
    with worlds(tmp_path_factory, "fixture-worlds") as built:
        yield built


def _world_steps(request: pytest.FixtureRequest) -> list[str]:
    """``boss``, ``dealer``, ``table``, ``session``: those of them the test takes right
    after ``svc``, in the order pytest makes them. Empty when the test takes none, or when
    any fixture made before them is not the run's own (tests/conftest.py, this file,
    pytest's and its plugins'): a test module's fixture (a patch of the app, a clock or a
    database of its own) makes its four anew, as does another fixture made between them.
    The four made in that order once per process, backend and key, copied for each test,
    are the rows, anchor lines, clock and seal chain the test would have made."""
    item = request.node
    defs = item._fixtureinfo.name2fixturedefs
    order: list[str] = []

    def visit(name: str) -> None:
        if name in order or name not in defs:
            return
        for arg in defs[name][-1].argnames:
            visit(arg)
        order.append(name)

    for name in item.fixturenames:
        visit(name)
    start = order.index("svc")
    steps: list[str] = []
    for name in order[start + 1:]:
        if name not in _STEPS:
            break
        steps.append(name)
    if set(_STEPS) & set(order[start + 1 + len(steps):]):
        return []
    here = Path(__file__).parent
    for name in order[:start + 1 + len(steps)]:
        origin = Path(defs[name][-1].func.__code__.co_filename)
        if origin not in (here / "conftest.py", here.parent / "conftest.py",
                          here.parent / "language_guard.py") \
                and "site-packages" not in origin.parts:
            return []
    return steps


def _keys_and_trust() -> str:
    """A digest of the configuration folder (the checkpoint key, the PIN key, the trusted
    keys): a test that rotates the key or trusts another makes the next worlds anew."""
    from dealer_app.storage.signing import config_dir

    digest = hashlib.sha256(os.environ.get("DEALER_APP_WITNESS", "").encode())
    for path in sorted(config_dir().iterdir()):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


class _Resumed:
    """What a world's build left in the process besides the database and its anchor
    files: the clock's time, the notary's seal chain and checkpoint state, the ledger's
    known id. Put back into the test's own services, the copy goes on as if the test's
    services had written the world themselves."""

    _NOTARY = ("last_at", "run", "_prev", "own", "first_sealed", "vouched")
    _LEDGER = ("ledger_id", "copy_checked", "founded")

    def __init__(self, services: Services, clock: FakeClock) -> None:
        db = services.db
        self.moment = clock.moment
        self.location = db.ledger_config.location
        self.notary = {k: copy.copy(getattr(db.notary, k)) for k in self._NOTARY}
        self.ledger = {k: getattr(db.ledger_config, k) for k in self._LEDGER}

    def resume(self, services: Services, clock: FakeClock) -> None:
        db = services.db
        clock.moment = self.moment
        for key, value in self.notary.items():
            setattr(db.notary, key, copy.copy(value))
        for key, value in self.ledger.items():
            setattr(db.ledger_config, key, value)
        # an anchor line's location is a hint, not signed (ledger._copy_fork): the copy's
        old, new = self.location, db.ledger_config.location
        anchors = db.notary.anchor_dir
        if old and new and old != new and anchors is not None and anchors.is_dir():
            was, now = f'"where":{json.dumps(old)}', f'"where":{json.dumps(new)}'
            for path in anchors.iterdir():
                text = path.read_text(encoding="utf-8")
                if was in text:
                    path.write_text(text.replace(was, now), encoding="utf-8")


def _build_steps(url: str, steps: list[str]) -> tuple[dict[str, Any], _Resumed]:
    clock = FakeClock()
    services = Services.open(url, clock=clock)
    try:
        made: dict[str, Any] = {}
        for step in steps:
            made[step] = _STEPS[step](services, made)
        return made, _Resumed(services, clock)
    finally:
        services.close()


def staff_and_table(svc: Services) -> tuple[StaffMember, StaffMember, SessionInfo]:
    """What the fixtures above make (Sam, Dana, Table 3 and its session with Ann, Bo and
    Cy), for a world built once and copied (tests/world_copy.py): the supervisor, the
    dealer and the session."""
    made: dict[str, Any] = {}
    for step in ("boss", "dealer", "table", "session"):
        made[step] = _STEPS[step](svc, made)
    return made["boss"], made["dealer"], made["session"]


@pytest.fixture(autouse=True)
def _quick_pin_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real work factor is tested by the benchmark; tests hash with a smaller one."""
    monkeypatch.setattr("dealer_app.services.staff.SCRYPT_N", TEST_SCRYPT_N)


@pytest.fixture
def import_cli(monkeypatch: pytest.MonkeyPatch, boss: StaffMember) -> Callable[..., int]:
    """``dealer-app log import --db URL --by Sam --pin-stdin FILE...``, the PIN on stdin."""
    from dealer_app.cli import main

    def run(db_url: str, *files: str) -> int:
        monkeypatch.setattr(sys, "stdin", io.StringIO(BOSS_PIN + "\n"))
        return main(["log", "import", "--db", db_url, "--by", boss.name, "--pin-stdin",
                     *files])
    return run
