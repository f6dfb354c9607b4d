"""The evidence: the tamper matrix on a demo floor, forgeries with the app's own code but
without the key, untrusted keys, anchor files, key rotation."""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from itertools import zip_longest
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from world_copy import Worlds, anchored_in, worlds

from dealer_app.cli import main
from dealer_app.services import Services
from dealer_app.services.demo import build_demo
from dealer_app.services.evidence import LABELS
from dealer_app.storage import Database, ledger
from dealer_app.storage.models import Base
from dealer_app.storage.models.chained import CHAINED
from dealer_app.storage.notary import Notary, rotate_key


def _build(url: str, anchors: Path, row_format: int, hands: int) -> None:
    """A demo floor of ``hands`` hands in the empty database ``url``, anchored in
    ``anchors``, its rows' ledger entries in ``row_format`` (1: as written before format 2)."""
    with anchored_in(anchors), pytest.MonkeyPatch.context() as mp:
        mp.setattr(ledger, "ROW_FORMAT", row_format)
        svc = Services.open(url)
        build_demo(svc, hands=hands)
        svc.close()


def _build_template(folder: Path, row_format: int) -> Path:
    """A demo floor: ``demo.sqlite3`` and its ``anchors/``."""
    _build(f"sqlite:///{folder}/demo.sqlite3", folder / "anchors", row_format, hands=7)
    return folder


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory, _key_folder: Path) -> Path:
    """A demo floor built once."""
    return _build_template(tmp_path_factory.mktemp("demo"), ledger.ROW_FORMAT)


@pytest.fixture(scope="session")
def demo_template_1(tmp_path_factory: pytest.TempPathFactory, _key_folder: Path) -> Path:
    """A demo floor built once by the ledger's row format 1 (a database written before)."""
    return _build_template(tmp_path_factory.mktemp("demo1"), 1)


def _copy(template: Path, tmp_path: Path) -> Iterator[tuple[Services, Path]]:
    shutil.copy(template / "demo.sqlite3", tmp_path / "demo.sqlite3")
    shutil.copytree(template / "anchors", tmp_path / "anchors")
    # the copy's own checkpoints go to the anchors it is verified against (the test's
    # monkeypatched folder is put back after the test)
    os.environ["DEALER_APP_ANCHOR_DIR"] = str(tmp_path / "anchors")
    svc = Services.open(f"sqlite:///{tmp_path}/demo.sqlite3")
    yield svc, tmp_path / "anchors"
    svc.close()


@pytest.fixture
def demo(demo_template: Path, tmp_path: Path) -> Iterator[tuple[Services, Path]]:
    yield from _copy(demo_template, tmp_path)


@pytest.fixture
def demo_1(demo_template_1: Path, tmp_path: Path) -> Iterator[tuple[Services, Path]]:
    yield from _copy(demo_template_1, tmp_path)


FLOOR = "floor-{row_format}"
"""A small demo floor (a hand a table, the third a void with its floor call), ledger
entries in a row format (see tests/world_copy.py)."""


def _build_floor(row_format: int) -> Callable[[str], None]:
    def build(url: str) -> None:
        _build(url, Path(os.environ["DEALER_APP_ANCHOR_DIR"]), row_format, hands=3)
    return build


@pytest.fixture(scope="session")
def _floors(tmp_path_factory: pytest.TempPathFactory, _key_folder: Path) -> Iterator[Worlds]:
    with worlds(tmp_path_factory, "floors") as built:
        yield built


@pytest.fixture
def floor(_floors: Worlds, request: pytest.FixtureRequest) -> Callable[..., Services]:
    """``floor(db_url, row_format=None)``: a small demo floor copied into the test's empty
    database, opened (it cost 0.4 s to build on SQLite, 1.1 s on PostgreSQL)."""
    def open_floor(db_url: str, row_format: int | None = None) -> Services:
        row_format = ledger.ROW_FORMAT if row_format is None else row_format
        _floors.copy(request, db_url, FLOOR.format(row_format=row_format),
                     _build_floor(row_format))
        return Services.open(db_url)
    return open_floor


def verify(svc: Services, anchors: Path) -> list[str]:
    report = svc.log.verify_all(anchors=[anchors], workers=1)
    return [f"{b.label}: {b.reason}" for b in report.broken]


SWAPS = {"dealer": "supervisor", "supervisor": "dealer", "complete": "void", "void": "complete",
         "in-progress": "void", "input": "undo", "undo": "input", "correct": "input"}


def _changed(value: Any, column: str = "") -> Any:
    if isinstance(value, str) and value in SWAPS:
        return SWAPS[value]
    if column == "seat" and isinstance(value, int):
        return value % 6 + 1
    if isinstance(value, bool):
        return not value
    if isinstance(value, datetime):
        return value + timedelta(seconds=1)
    if isinstance(value, int):
        return value + 1
    if value is None:
        return 7
    if isinstance(value, bytes):
        return bytes([value[0] ^ 1]) + value[1:] if value else b"\x01"
    if isinstance(value, str):
        try:
            datetime.fromisoformat(value)
            return (datetime.fromisoformat(value) + timedelta(seconds=1)).isoformat(" ")
        except ValueError:
            return value[:-1] + ("y" if value.endswith("x") else "x") if value else "x"
    raise AssertionError(value)


NOT_IN_THE_DEMO = {"ledger_fork"}
"""Chained tables a demo floor has no row of (a copy's fork: its tamper test is in
test_anchor_files.py)."""
MATRIX_TABLES = [t for t in Base.metadata.tables
                 if t in CHAINED and t not in NOT_IN_THE_DEMO] + ["ledger", "checkpoint"]
ROW_TABLES = [t for t in MATRIX_TABLES if t in CHAINED]
"""The chained tables: ``log verify`` compares each one's rows with the ledger's entries for
that table, and names a row changed, inserted or deleted by its table's label and its key
(``verify_rows.row_label``), whatever was done to another table's rows. So their tampers are
checked several at a time, one row of each table, each by a finding that names its own row;
one not so named is checked again alone by the test's first criterion. A change of the
ledger or of a checkpoint shows in what it vouches for (the rows of its commit, the anchor
lines), so each of those is checked alone."""


def _pk(tbl: str) -> tuple[str, ...]:
    return ledger.primary_key(tbl) if tbl in CHAINED else (
        ("seq",) if tbl == "ledger" else ("id",))


def _names_row(found: list[str], tbl: str, key: tuple[Any, ...]) -> bool:
    """Whether a finding names the row of chained table ``tbl`` with primary key ``key``."""
    name = LABELS.get(tbl, tbl)
    label = (f"{name} (hand id {key[0]}, seat {key[1]})" if tbl == "hand_player"
             else f"{name} {key[0]}")
    return any(f.startswith(label) and f[len(label):len(label) + 1] in (":", " ")
               for f in found)


def _seen(found: list[str], tbl: str) -> bool:
    """The matrix's criterion for a tamper checked alone: something found, and a finding
    about the table's rows, the anchors or a hand."""
    word = LABELS.get(tbl, tbl).split()[0]
    expected = {"ledger": "ledger", "checkpoint": "checkpoint"}.get(tbl, word)
    return bool(found) and any(expected in f or "anchor" in f or "hand" in f for f in found)


class _Newest:
    """The newest row of a table on a raw SQLite connection (foreign keys off): one of its
    evidence columns changed and put back, or the row deleted and put back, each time as
    it was when the log verified clean."""

    def __init__(self, conn: sqlite3.Connection, tbl: str) -> None:
        self.conn, self.tbl, self.pk = conn, tbl, _pk(tbl)
        order = ", ".join(f"{c} DESC" for c in self.pk)
        cursor = conn.execute(f"SELECT * FROM {tbl} ORDER BY {order} LIMIT 1")
        self.names = [d[0] for d in cursor.description]
        self.row = dict(zip(self.names, cursor.fetchone(), strict=True))
        self.where = " AND ".join(f"{c} = :k_{c}" for c in self.pk)
        self.keys = {f"k_{c}": self.row[c] for c in self.pk}
        self.key = tuple(self.row[c] for c in self.pk)
        exempt = set(CHAINED.get(tbl, ()))
        if tbl == "checkpoint":
            exempt.add("id")  # a surrogate: the signature covers every other column
        self.columns = [c for c in self.names if c not in exempt]
        self.new: Any = None

    def change(self, column: str) -> tuple[Any, ...]:
        """Changes ``column``; the row's key after the change."""
        row = self.row
        col = Base.metadata.tables[self.tbl].c[column]
        is_bool = col.type.python_type is bool
        new = 1 - (row[column] or 0) if is_bool else _changed(row[column], column)
        if row[column] is None and column.endswith("_at"):
            new = "2025-01-01 00:00:00.000000"  # a NULL time (staff.locked_at) gets a time
        for attempt in range(6):
            try:
                self.conn.execute(f"UPDATE {self.tbl} SET {column} = :v WHERE {self.where}",
                                  {"v": new, **self.keys})
                break
            except sqlite3.IntegrityError:  # a unique seat: the next one; a checked kind
                if (self.tbl, column) == ("floor_call", "kind"):
                    new = "other" if row[column] != "other" else "chips"
                    continue
                if (self.tbl, column) == ("dealer_shift_event", "kind"):
                    new = "back" if row[column] != "back" else "break"
                    continue
                assert column == "seat" and attempt < 5
                new = new % 6 + 1
        self.new = new
        return tuple(new if c == column else row[c] for c in self.pk)

    def put_back(self, column: str) -> None:
        keys = {**self.keys, **({f"k_{column}": self.new} if column in self.pk else {})}
        self.conn.execute(f"UPDATE {self.tbl} SET {column} = :v WHERE {self.where}",
                          {"v": self.row[column], **keys})
        self._check_back(column)

    def delete(self) -> None:
        self.conn.execute(f"DELETE FROM {self.tbl} WHERE {self.where}", self.keys)

    def insert_back(self) -> None:
        names = ", ".join(self.names)
        self.conn.execute(f"INSERT INTO {self.tbl} ({names}) VALUES "
                          f"({', '.join(':' + n for n in self.names)})", self.row)
        self._check_back("the row deleted")

    def _check_back(self, what: str) -> None:
        restored = self.conn.execute(f"SELECT * FROM {self.tbl} WHERE {self.where}",
                                     self.keys).fetchall()
        assert restored == [tuple(self.row.values())], (self.tbl, what)


def _cli_verify(path: Path, anchors: Path, capsys: pytest.CaptureFixture[str]
                ) -> tuple[int, list[str]]:
    """``log verify``'s exit status and the findings it printed."""
    capsys.readouterr()
    status = main(["log", "verify", "--db", str(path), "--anchor-dir", str(anchors)])
    out = capsys.readouterr().out.splitlines()
    return status, [line.removeprefix("CHANGED ") for line in out if line.startswith("CHANGED ")]


@pytest.mark.parametrize("row_format", [2, 1])
def test_the_tamper_matrix_every_column_of_the_newest_row(
        request: pytest.FixtureRequest, row_format: int,
        capsys: pytest.CaptureFixture[str]) -> None:
    """For every table of a demo floor, each evidence column of its newest row changed
    alone, then the row deleted: ``log verify`` finds each (see ROW_TABLES on which are
    checked at the same time). Row format 1: a database whose entries were written before
    format 2."""
    svc, anchors = request.getfixturevalue("demo" if row_format == 2 else "demo_1")
    with svc.db.read() as s:
        digests = s.execute(text("SELECT row_digest FROM ledger WHERE row_digest != "
                                 "'deleted'")).scalars().all()
    assert digests and all(d.startswith(("2:", "4:")) == (row_format == 2) for d in digests)
    assert verify(svc, anchors) == []
    path = svc.db.sqlite_path
    assert path is not None
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = OFF")
    newest = {tbl: _Newest(conn, tbl) for tbl in MATRIX_TABLES}
    alone = [(tbl, c) for tbl in MATRIX_TABLES if tbl not in CHAINED
             for c in newest[tbl].columns]
    # one column of each chained table at a time: the n-th of each in the n-th round
    for cases in zip_longest(*([(tbl, c) for c in newest[tbl].columns]
                               for tbl in ROW_TABLES)):
        changed = {case: newest[case[0]].change(case[1]) for case in cases if case}
        found = verify(svc, anchors)
        for (tbl, column), key in changed.items():
            if not (_names_row(found, tbl, newest[tbl].key) or _names_row(found, tbl, key)):
                alone.append((tbl, column))
            newest[tbl].put_back(column)
    missed = []
    for tbl, column in alone:
        newest[tbl].change(column)
        found = verify(svc, anchors)
        if not _seen(found, tbl):
            missed.append(f"{tbl}.{column} changed unseen ({found})")
        newest[tbl].put_back(column)
    assert not missed, "\n".join(missed)
    # the newest row of every chained table deleted, then of the ledger, of the checkpoints
    for tbl in ROW_TABLES:
        newest[tbl].delete()
    found = verify(svc, anchors)
    status, printed = _cli_verify(path, anchors, capsys)
    assert status == 1
    deleted_alone = [tbl for tbl in ROW_TABLES if not _names_row(found, tbl, newest[tbl].key)
                     or not _names_row(printed, tbl, newest[tbl].key)]
    for tbl in ROW_TABLES:
        newest[tbl].insert_back()
    unseen = []
    for tbl in [*deleted_alone, *(t for t in MATRIX_TABLES if t not in CHAINED)]:
        newest[tbl].delete()
        if not verify(svc, anchors):
            unseen.append(f"deleting the newest {tbl} row went unseen")
        if _cli_verify(path, anchors, capsys)[0] != 1:
            unseen.append(f"log verify exited 0 with the newest {tbl} row deleted")
        newest[tbl].insert_back()
    assert not unseen, "\n".join(unseen)
    assert verify(svc, anchors) == []  # every row is back as it was
    conn.close()


def test_deleting_a_whole_hand_with_all_that_refers_to_it(demo: tuple[Services, Path]) -> None:
    svc, anchors = demo
    path = svc.db.sqlite_path
    assert path is not None
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = OFF")
    (hand_id,) = conn.execute("SELECT MAX(id) FROM hand WHERE status = 'complete'").fetchone()
    events = [r[0] for r in conn.execute("SELECT id FROM hand_event WHERE hand_id = ?",
                                         (hand_id,))]
    moves = [r[0] for r in conn.execute("SELECT id FROM stack_move WHERE hand_id = ?",
                                        (hand_id,))]
    for tbl, ids in (("hand_event", events), ("stack_move", moves), ("hand", [hand_id])):
        for k in ids:
            conn.execute("DELETE FROM ledger WHERE tbl = ? AND k1 = ?", (tbl, k))
    conn.execute("DELETE FROM ledger WHERE tbl = 'hand_player' AND k1 = ?", (hand_id,))
    for tbl in ("hand_event", "hand_player", "stack_move", "audit"):
        conn.execute(f"DELETE FROM {tbl} WHERE hand_id = ?", (hand_id,))
    conn.execute("DELETE FROM hand WHERE id = ?", (hand_id,))
    conn.close()
    found = verify(svc, anchors)
    assert any("ledger entry" in f and "missing" in f for f in found), found


# ---------------------------------------------------------------------------- forgery
def _attacker(url: str, folder: Path) -> Services:
    """The app's own code on the database, with a key of the attacker's own (not trusted)."""
    notary = Notary.load(folder / "attacker-config", folder / "attacker-anchors")
    return Services.on(Database.open(url, notary=notary))


def _floor(db_url: str) -> Services:
    svc = Services.open(db_url)
    build_demo(svc, hands=3)  # a hand a table: a void (and its floor call) the 3rd
    return svc


def test_forgery_flip_a_winner_fixing_every_derived_column(
        db_url: str, tmp_path: Path, floor: Callable[..., Services]) -> None:
    svc = floor(db_url)
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    assert verify(svc, anchors) == []
    bad = _attacker(db_url, tmp_path)
    with bad.db.transaction() as s:
        hand_id = s.execute(text("SELECT MAX(id) FROM hand WHERE status = 'complete'")).scalar()
        players = s.execute(text("SELECT seat, stack_before, stack_after, seating_id FROM "
                                 "hand_player WHERE hand_id = :h ORDER BY "
                                 "stack_after - stack_before DESC"), {"h": hand_id}).all()
        winner, loser = players[0], players[-1]
        assert winner.stack_after - winner.stack_before != loser.stack_after - loser.stack_before
        from dealer_app.storage.models import HandPlayer, Seating

        for a, b in ((winner, loser), (loser, winner)):
            row = s.get(HandPlayer, (hand_id, a.seat))
            assert row is not None
            row.stack_after = b.stack_after - b.stack_before + a.stack_before
            seat = s.get(Seating, a.seating_id)
            assert seat is not None
            seat.stack += (b.stack_after - b.stack_before) - (a.stack_after - a.stack_before)
    bad.close()
    found = verify(svc, anchors)
    assert any("not trusted" in f or "no signed checkpoint" in f for f in found), found
    svc.close()


def test_forgery_a_made_up_hand_is_found(db_url: str, tmp_path: Path,
                                        floor: Callable[..., Services]) -> None:
    svc = floor(db_url)
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    bad = _attacker(db_url, tmp_path)
    boss = bad.staff.authenticate("Sam", "246800")
    table = bad.tables.list_tables()[0]
    session = bad.tables.open_session(table.id, boss)
    bad.tables.seat_player(session.id, 1, "Mal", 500, boss)
    bad.tables.seat_player(session.id, 2, "Lory", 500, boss)
    import random

    from dealer_app.services.demo import _play
    state = bad.hands.start_hand(session.id, boss)
    _play(bad, state, boss, random.Random(1), undo=False, stop_at=None)
    bad.close()
    found = verify(svc, anchors)
    assert any("not trusted" in f for f in found), found
    svc.close()
    # without any key at all: the completed hand is sealed by nothing
    plain = Services.on(Database.open(db_url, sign=False))
    with plain.db.transaction() as s:
        s.execute(text("DELETE FROM checkpoint WHERE key_id NOT IN (SELECT key_id FROM "
                       "checkpoint ORDER BY id LIMIT 1)"))
    found = verify(plain, tmp_path / "none")
    assert any("no signed checkpoint seals it" in f for f in found), found
    plain.close()


def test_forgery_delete_the_newest_hand_and_restore_stacks(
        db_url: str, floor: Callable[..., Services]) -> None:
    svc = floor(db_url)
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    with svc.db.transaction() as s:
        hand_id = s.execute(text("SELECT MAX(id) FROM hand WHERE status = 'complete'")).scalar()
        first = s.execute(text("SELECT MIN(seq) FROM ledger WHERE tbl = 'hand' AND k1 = :h"),
                          {"h": hand_id}).scalar()
        for tbl in ("hand_event", "hand_player", "stack_move", "audit"):
            s.execute(text(f"DELETE FROM {tbl} WHERE hand_id = :h"), {"h": hand_id})
        s.execute(text("DELETE FROM hand WHERE id = :h"), {"h": hand_id})
        s.execute(text("DELETE FROM ledger WHERE seq >= :q"), {"q": first})
        s.execute(text("DELETE FROM checkpoint WHERE seq >= :q"), {"q": first})
    # (the stacks and sessions are as before the hand: only anchors remember it)
    found = [f for f in verify(svc, anchors) if "anchor file" in f]
    assert any("entries and checkpoints were removed" in f or "rewritten" in f
               for f in found), found
    svc.close()


def test_an_untrusted_key_and_a_disagreeing_anchor_are_reported(
        db_url: str, tmp_path: Path, floor: Callable[..., Services]) -> None:
    svc = floor(db_url)
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    bad = _attacker(db_url, tmp_path)
    boss = bad.staff.authenticate("Sam", "246800")
    bad.tables.create_table("Back room", svc.tables.list_tables()[0].settings, boss)
    with bad.db.transaction() as s:
        ledger.request_checkpoint(s, "forged")
    bad.close()
    found = verify(svc, anchors)
    assert any("not trusted" in f for f in found), found
    # trusting the attacker's key on purpose (--trust) makes it verify
    trust = tmp_path / "extra-trust.txt"
    key = Notary.load(tmp_path / "attacker-config", tmp_path)
    trust.write_text(f"{key.public_key} attacker\n")
    report = svc.log.verify_all(anchors=[anchors], trust=[trust], workers=1)
    assert not [b for b in report.broken if "not trusted" in b.reason]
    # an anchor line that disagrees
    (anchor,) = [p for p in anchors.glob("*.anchor")]
    lines = anchor.read_text().splitlines()
    lines[1] = lines[1].replace('"digest":"', '"digest":"0', 1).replace('","key_id', '","key_id')
    anchor.write_text("\n".join(lines) + "\n")
    assert any("anchor file" in f for f in verify(svc, anchors))
    svc.close()


def test_rotating_the_key_keeps_old_checkpoints_verifiable(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEALER_APP_CONFIG_DIR", str(tmp_path / "config"))
    svc = _floor(db_url)
    svc.close()
    old, new = rotate_key()
    assert old and new and old != new
    assert (tmp_path / "config" / "checkpoint-key.pem").stat().st_mode & 0o777 == 0o600
    svc = Services.open(db_url)
    with svc.db.transaction() as s:
        ledger.request_checkpoint(s, "after rotation")
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    assert verify(svc, anchors) == []
    with svc.db.read() as s:
        keys = set(s.execute(text("SELECT key_id FROM checkpoint")).scalars())
    assert {old, new} <= keys
    fp = svc.log.fingerprint()
    assert fp is not None and fp.key_id == new and fp.short.startswith("#")
    svc.close()


def test_paper_and_records_carry_the_evidence(demo: tuple[Services, Path]) -> None:
    from dealer_app.services import reports

    svc, _anchors = demo
    with svc.db.read() as s:
        session_id, hand_id, head = s.execute(text(
            "SELECT h.session_id, h.id, h.head_digest FROM hand h ORDER BY h.id DESC "
            "LIMIT 1")).one()
    report = reports.session_report(svc.db, session_id)
    fp = svc.log.fingerprint()  # the report sealed the ledger after reading it: its newest
    assert fp is not None
    assert f"signed checkpoint {fp.short}" in report.to_text()
    assert fp.short in report.to_html()
    assert svc.log.record(hand_id).meta["head_digest"] == head


@pytest.mark.parametrize("row_format", [2, 1])
def test_the_tamper_matrix_on_every_backend(db_url: str, row_format: int,
                                            floor: Callable[..., Services]) -> None:
    """On each database (PostgreSQL too), its ledger in each row format: for every table,
    the newest row's first evidence column changed, then the row deleted (the full column
    matrix runs on SQLite above; see ROW_TABLES on which are checked at the same time)."""
    svc = floor(db_url, row_format)
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    assert verify(svc, anchors) == []
    cases: dict[str, tuple[str, str, dict[str, Any], Any]] = {}
    with svc.db.read() as s:
        for tbl in MATRIX_TABLES:
            pk = _pk(tbl)
            column = next(c.name for c in Base.metadata.tables[tbl].columns if c.name not in pk
                          and c.name not in CHAINED.get(tbl, ()) and not c.foreign_keys)
            order = ", ".join(f"{c} DESC" for c in pk)
            row = s.execute(text(f"SELECT * FROM {tbl} ORDER BY {order} LIMIT 1")).one()
            where = " AND ".join(f"{c} = :k_{c}" for c in pk)
            cases[tbl] = column, where, {f"k_{c}": row._mapping[c] for c in pk}, row._mapping[
                column]

    def set_to(tbls: list[str], new: bool) -> None:
        with svc.db.engine.begin() as conn:
            for tbl in tbls:
                column, where, keys, old = cases[tbl]
                conn.execute(text(f"UPDATE {tbl} SET {column} = :v WHERE {where}"),
                             {"v": _changed(old, column) if new else old, **keys})

    set_to(ROW_TABLES, True)
    found = verify(svc, anchors)
    set_to(ROW_TABLES, False)
    alone = [tbl for tbl in MATRIX_TABLES if tbl not in CHAINED or not _names_row(
        found, tbl, tuple(cases[tbl][2].values()))]
    unseen = []
    for tbl in alone:
        set_to([tbl], True)
        if not verify(svc, anchors):
            unseen.append(f"{tbl}.{cases[tbl][0]} changed unseen")
        set_to([tbl], False)
    assert not unseen, "\n".join(unseen)
    assert verify(svc, anchors) == []
    with svc.db.engine.begin() as conn:
        conn.execute(text("DELETE FROM audit WHERE id = (SELECT MAX(id) FROM audit)"))
    assert any("audit row" in f and "deleted" in f for f in verify(svc, anchors))
    svc.close()


def test_verify_on_two_cores_finds_the_same(demo: tuple[Services, Path],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from dealer_app.services import evidence

    svc, anchors = demo
    monkeypatch.setattr(evidence, "PARALLEL_FROM", 1)  # worker processes even for a few hands
    assert svc.log.verify_all(anchors=[anchors], workers=2).ok
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE stack_move SET amount = amount * 10 WHERE id = "
                          "(SELECT MIN(id) FROM stack_move)"))
    report = svc.log.verify_all(anchors=[anchors], workers=2)
    assert [b.label for b in report.broken if b.label.startswith("stack move")]
    assert report.checked == 7


def test_events_checked_with_the_replay_chunk_by_chunk_find_the_same(
        demo: tuple[Services, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each event is checked against the ledger by the chunk whose id range holds it, even
    when its hand is replayed by another chunk."""
    from dealer_app.services import evidence

    svc, anchors = demo
    with svc.db.engine.begin() as conn:
        first, last = conn.execute(text("SELECT MIN(id), MAX(id) FROM hand_event")).one()
        conn.execute(text("UPDATE hand_event SET reason = 'edited' WHERE id = :i"),
                     {"i": first})
        conn.execute(text("UPDATE hand_event SET hand_id = (SELECT MAX(id) FROM hand), "
                          "seq = 999 WHERE id = :i"), {"i": first + 1})
        conn.execute(text("DELETE FROM hand_event WHERE id = :i"), {"i": last})

    def found(workers: int) -> list[tuple[str, str]]:
        report = svc.log.verify_all(anchors=[anchors], workers=workers)
        return sorted((b.label, b.reason) for b in report.broken)

    whole = found(1)
    events = [(label, reason) for label, reason in whole if label.startswith("hand event")]
    assert sum("changed" in reason for _l, reason in events) == 2
    assert sum("deleted" in reason for _l, reason in events) == 1
    monkeypatch.setattr(evidence, "CHUNK", 2)
    monkeypatch.setattr(evidence, "PARALLEL_FROM", 1)
    assert found(1) == whole
    assert found(2) == whole


def test_two_cores_count_each_task_once_and_report_hands_in_order(
        demo: tuple[Services, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """This process takes tasks from the back of the workers' queue: each is counted once
    in the progress, and the broken hands are still reported in id order."""
    from dealer_app.services import evidence

    svc, anchors = demo
    monkeypatch.setattr(evidence, "CHUNK", 2)
    monkeypatch.setattr(evidence, "MIN_CHUNK", 1)  # one hand a task
    monkeypatch.setattr(evidence, "PARALLEL_FROM", 1)
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE hand SET rake = rake + 5 WHERE status = 'complete'"))
    seen: list[tuple[int, int]] = []
    report = svc.log.verify_all(anchors=[anchors], workers=2,
                                progress=lambda done, total: seen.append((done, total)))
    total = seen[-1][1]
    assert seen[-1] == (total, total) and seen.count((total, total)) == 1
    assert [done for done, _t in seen] == sorted(done for done, _t in seen)
    assert report.checked == 7
    replayed = [b.hand_id for b in report.broken if b.reason.startswith("its pot")]
    assert len(replayed) >= 2 and replayed == sorted(replayed)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is used on Linux")
def test_a_forked_worker_finds_what_one_process_finds(
        demo: tuple[Services, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    from multiprocessing import get_context

    from dealer_app.services import evidence

    svc, anchors = demo
    with svc.db.engine.begin() as conn:
        conn.execute(text("UPDATE hand_event SET card = 'As' WHERE id = "
                          "(SELECT MIN(id) FROM hand_event WHERE card IS NOT NULL)"))
        conn.execute(text("UPDATE stack_move SET amount = amount * 10 WHERE id = "
                          "(SELECT MIN(id) FROM stack_move)"))
    whole = sorted((b.label, b.reason) for b in
                   svc.log.verify_all(anchors=[anchors], workers=1).broken)
    assert any(label.startswith("hand event") for label, _r in whole)
    assert any(label.startswith("stack move") for label, _r in whole)
    monkeypatch.setattr(evidence, "start_context", lambda: get_context("fork"))
    monkeypatch.setattr(evidence, "CHUNK", 2)
    monkeypatch.setattr(evidence, "PARALLEL_FROM", 1)
    report = svc.log.verify_all(anchors=[anchors], workers=2)
    assert sorted((b.label, b.reason) for b in report.broken) == whole
    assert report.checked == 7


def test_workers_are_spawned_while_another_thread_runs() -> None:
    import threading

    from dealer_app.services.evidence import start_context

    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert start_context().get_start_method() == "spawn"
    finally:
        stop.set()
        thread.join()


def test_a_database_without_hands_is_verified(db_url: str, tmp_path: Path) -> None:
    svc = Services.open(db_url)
    report = svc.log.verify_all(anchors=[tmp_path])
    assert report.checked == 0 and not report.cancelled
    assert not [b for b in report.broken if b.label.startswith("hand event")]
    svc.close()


def test_a_database_written_before_format_2_goes_on_in_format_2(
        demo_1: tuple[Services, Path]) -> None:
    """The ledger's old entries keep their format 1 digests, new ones are in format 2: both
    verify, and a change to a row of either is found."""
    svc, anchors = demo_1
    with svc.db.read() as s:
        old_top = s.execute(text("SELECT MAX(seq) FROM ledger")).scalar()
        old_hand = s.execute(text("SELECT MIN(id) FROM hand")).scalar()
    _play_a_hand(svc)
    with svc.db.read() as s:
        formats = {seq > old_top: d.startswith(("2:", "4:")) for seq, d in s.execute(text(
            "SELECT seq, row_digest FROM ledger WHERE row_digest != 'deleted'"))}
        new_hand = s.execute(text("SELECT MAX(id) FROM hand")).scalar()
    assert formats == {False: False, True: True}
    assert verify(svc, anchors) == []
    with svc.db.engine.begin() as conn:
        for hand in (old_hand, new_hand):
            conn.execute(text("UPDATE hand_event SET staff_name = 'Mallory' WHERE id = "
                              "(SELECT MIN(id) FROM hand_event WHERE hand_id = :h)"),
                         {"h": hand})
            conn.execute(text("UPDATE hand_player SET player = 'Mallory' WHERE hand_id = :h "
                              "AND seat = (SELECT MIN(seat) FROM hand_player WHERE "
                              "hand_id = :h)"), {"h": hand})
    found = verify(svc, anchors)
    for hand in (old_hand, new_hand):
        assert any(f.startswith("hand event") and f"of hand id {hand}" in f
                   and "changed" in f for f in found), (hand, found)
        assert any(f.startswith(f"hand player (hand id {hand}") and "changed" in f
                   for f in found), (hand, found)


def _play_a_hand(svc: Services) -> None:
    """A new table, its session and one hand played to the end, through the services."""
    from dealer_app.engine import Action, Event, Settings
    from dealer_app.services.demo import PINS

    boss = svc.staff.authenticate("Sam", PINS["Sam"])
    table = svc.tables.create_table("Format 2", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, boss)
    for seat in (1, 4):
        svc.tables.seat_player(session.id, seat, f"Player {seat}", 1000, boss)
    state = svc.hands.start_hand(session.id, boss)
    free = iter(["7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As", "7h", "8h"])
    while (expected := state.hand.next_input()) is not None:
        if Action.DEAL_UP in expected.actions:
            event = Event(expected.seat, Action.DEAL_UP, card=next(free))
        elif Action.SHOW in expected.actions:
            hole = state.hand.seats[expected.seat].hole
            event = Event(expected.seat, Action.SHOW, card=None if hole else next(free))
        else:
            action = next(a for a in (Action.ANTE, Action.BRING_IN, Action.CHECK, Action.CALL)
                          if a in expected.actions)
            event = Event(expected.seat, action)
        state = svc.hands.record_input(state.hand_id, event, boss)


# ---------------------------------------------------------------------------- keyless forgery
# Issue 19, finding 1: rows edited, then ledger entries appended for them exactly as the
# app's own ledger code does (a database opened without any key: ``sign=False``), then the
# honest workstation writes again (its next checkpoint must not seal what it cannot check).
def _forge_new_supervisor(s: Any) -> None:
    from dealer_app.services.staff import hash_pin
    from dealer_app.storage.models import Staff

    s.add(Staff(name="Mallory", role="supervisor", pin_hash=hash_pin("135792"),
                created_at=datetime(2026, 12, 1, 20, 0, tzinfo=UTC)))


def _staff(s: Any, name: str) -> Any:
    from dealer_app.storage.models import Staff

    return s.execute(select_where(Staff, Staff.name == name)).scalar_one()


def select_where(model: Any, *where: Any) -> Any:
    from sqlalchemy import select

    return select(model).where(*where)


def _forge_pin_swap(s: Any) -> None:
    _staff(s, "Sam").pin_hash = _staff(s, "Dana").pin_hash


def _forge_dealer_promoted(s: Any) -> None:
    _staff(s, "Dana").role = "supervisor"


def _forge_unlock(s: Any) -> None:
    from dealer_app.storage.models import Staff

    locked = s.execute(select_where(Staff, Staff.locked_until.is_not(None))).scalars().first()
    assert locked is not None, "the demo locks an account"
    locked.locked_until = None


def _move(s: Any, kind: str) -> Any:
    from dealer_app.storage.models import StackMove

    return s.execute(select_where(StackMove, StackMove.kind == kind)
                     .order_by(StackMove.id.desc())).scalars().first()


def _forge_buy_in_times_ten(s: Any) -> None:
    _move(s, "buy-in").amount *= 10


def _forge_cash_out_halved(s: Any) -> None:
    _move(s, "cash-out").amount //= 2


def _forge_cash_out_deleted(s: Any) -> None:
    s.delete(_move(s, "cash-out"))


def _audit(s: Any, act: str) -> Any:
    from dealer_app.storage.models import AuditEntry

    row = s.execute(select_where(AuditEntry, AuditEntry.act == act)
                    .order_by(AuditEntry.id.desc())).scalars().first()
    assert row is not None, act
    return row


def _forge_void_audit_deleted(s: Any) -> None:
    s.delete(_audit(s, "void-hand"))


def _forge_audit_reason(s: Any) -> None:
    _audit(s, "void-hand").reason = "nothing happened"


def _forge_rake(s: Any) -> None:
    import json

    from dealer_app.storage.models import GameTable

    table = s.execute(select_where(GameTable)).scalars().first()
    settings = json.loads(table.settings_json)
    settings["rake_percent"] = 25
    table.settings_json = json.dumps(settings)


def _forge_rename(s: Any) -> None:
    from dealer_app.storage.models import Seating

    s.execute(select_where(Seating).order_by(Seating.id.desc())).scalars().first().player = "Eve"


def _forge_floor_call(s: Any) -> None:
    from dealer_app.storage.models import FloorCall

    call = s.execute(select_where(FloorCall)).scalars().first()
    assert call is not None, "the demo raises a floor call"
    call.reason = "no dispute"


FORGERIES = {"new supervisor": _forge_new_supervisor, "PIN hash swapped": _forge_pin_swap,
             "dealer made supervisor": _forge_dealer_promoted, "account unlocked": _forge_unlock,
             "buy-in x10": _forge_buy_in_times_ten, "cash-out halved": _forge_cash_out_halved,
             "cash-out deleted": _forge_cash_out_deleted,
             "void audit row deleted": _forge_void_audit_deleted,
             "audit reason rewritten": _forge_audit_reason, "rake 25 %": _forge_rake,
             "player renamed": _forge_rename, "floor call rewritten": _forge_floor_call}


def _keyless(url: str) -> Services:
    """The app's own code on the database without any key."""
    return Services.on(Database.open(url, sign=False))


def _unsigned(found: list[str]) -> bool:
    return any("no workstation's key signed them" in f or "signed by no key" in f
               or "second version" in f for f in found)


def _honest_write(svc: Services, name: str = "Back room") -> None:
    """The workstation's next write: its checkpoint must not seal the forgery unseen."""
    boss = next(m for m in svc.staff.list_staff() if m.name == "Sam")
    svc.tables.open_session(svc.tables.create_table(
        name, svc.tables.list_tables()[0].settings, boss).id, boss)
    with svc.db.transaction() as s:
        ledger.request_checkpoint(s, "the next hand")


@pytest.mark.parametrize("forgery", list(FORGERIES))
def test_keyless_forgery_with_the_apps_own_ledger_code_is_found(
        demo: tuple[Services, Path], forgery: str) -> None:
    svc, anchors = demo
    assert verify(svc, anchors) == []
    bad = _keyless(str(svc.db.engine.url))
    with bad.db.transaction() as s:
        FORGERIES[forgery](s)
    bad.close()
    assert _unsigned(verify(svc, anchors)), forgery  # before the station writes again
    _honest_write(svc)
    found = verify(svc, anchors)
    assert _unsigned(found), (forgery, found)
    assert any("signed by no key it trusts" in f for f in found), found  # the checkpoint
    assert svc.db.notary is not None and svc.db.notary.problems  # shown at the table


def test_keyless_forgery_of_the_newest_hand_deleted_with_stacks_put_back(
        demo: tuple[Services, Path]) -> None:
    svc, anchors = demo
    bad = _keyless(str(svc.db.engine.url))
    from sqlalchemy import select

    from dealer_app.storage.models import (
        AuditEntry,
        HandEvent,
        HandPlayer,
        HandRow,
        Seating,
        StackMove,
    )

    with bad.db.transaction() as s:
        hand = s.execute(select(HandRow).where(HandRow.status == "complete")
                         .order_by(HandRow.id.desc())).scalars().first()
        for move in s.execute(select(StackMove).where(StackMove.hand_id == hand.id)).scalars():
            seat = s.get(Seating, move.seating_id)
            seat.stack -= move.amount
            s.delete(move)
        for model in (HandEvent, HandPlayer):
            for row in s.execute(select(model).where(model.hand_id == hand.id)).scalars():
                s.delete(row)
        for row in s.execute(select(AuditEntry).where(AuditEntry.hand_id == hand.id)).scalars():
            s.delete(row)
        s.delete(hand)
    bad.close()
    _honest_write(svc)
    assert _unsigned(verify(svc, anchors))


def test_keyless_forgery_of_a_card_of_the_hand_in_progress(demo: tuple[Services, Path]) -> None:
    svc, anchors = demo
    boss = svc.staff.authenticate("Sam", "246800")
    table = svc.tables.list_tables()[0]
    session = svc.tables.open_session(table.id, boss)
    svc.tables.seat_player(session.id, 1, "Ann", 500, boss)
    svc.tables.seat_player(session.id, 2, "Bo", 500, boss)
    from dealer_app.engine import Action, Event

    state = svc.hands.start_hand(session.id, boss)
    for seat in (1, 2):
        state = svc.hands.record_input(state.hand_id, Event(seat, Action.ANTE), boss)
    state = svc.hands.record_input(state.hand_id, Event(1, Action.DEAL_DOWN, card="As"), boss)
    bad = _keyless(str(svc.db.engine.url))
    from sqlalchemy import select

    from dealer_app.storage.models import HandEvent

    with bad.db.transaction() as s:
        event = s.execute(select(HandEvent).where(HandEvent.hand_id == state.hand_id,
                                                  HandEvent.card == "As")).scalar_one()
        event.card = "Ks"
    bad.close()
    found = verify(svc, anchors)
    assert _unsigned(found), found
    assert any("second version" in f and "hand_event" in f for f in found), found


def test_keyless_forgeries_on_every_backend(db_url: str,
                                            floor: Callable[..., Services]) -> None:
    """The same forgeries one after the other on one floor (PostgreSQL too): each adds a
    finding of its own."""
    svc = floor(db_url)
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    assert verify(svc, anchors) == []
    seen = 0
    for name in ("new supervisor", "dealer made supervisor", "buy-in x10", "rake 25 %",
                 "audit reason rewritten"):
        bad = _keyless(db_url)
        with bad.db.transaction() as s:
            FORGERIES[name](s)
        bad.close()
        _honest_write(svc, f"Table {name}")
        found = [f for f in verify(svc, anchors) if "no workstation's key signed" in f]
        assert len(found) > seen, (name, found)
        seen = len(found)
    svc.close()


def test_with_the_key_a_second_version_of_a_row_the_app_writes_once_is_found(
        demo: tuple[Services, Path]) -> None:
    """Finding 2: an insider at the workstation (with its key) gives a stack move and a hand
    event a second version through the app's own code; both are named with both digests."""
    svc, anchors = demo
    from sqlalchemy import select

    from dealer_app.storage.models import HandEvent, StackMove

    with svc.db.transaction() as s:  # the workstation's own notary seals this commit
        move = s.execute(select(StackMove).where(StackMove.kind == "buy-in")).scalars().first()
        move.amount *= 10
        event = s.execute(select(HandEvent).order_by(HandEvent.id)).scalars().first()
        event.staff_name = "Mallory"
        ledger.request_checkpoint(s, "insider")
    found = verify(svc, anchors)
    versions = [f for f in found if "has a second version" in f]
    assert any("table stack_move" in f for f in versions), found
    assert any("table hand_event" in f for f in versions), versions
    assert all(f.count("row digests") == 1 for f in versions)


def test_deleting_the_format_2_checkpoints_does_not_make_forged_entries_legacy(
        demo: tuple[Services, Path]) -> None:
    """Without key: the checkpoints that vouched for entries deleted, then a row forged; the
    workstation's next checkpoint must still name it (entries before the first seal are the
    only legacy ones)."""
    svc, _anchors = demo
    bad = _keyless(str(svc.db.engine.url))
    with bad.db.transaction() as s:
        s.execute(text("DELETE FROM checkpoint WHERE unvouched IS NOT NULL"))
        FORGERIES["dealer made supervisor"](s)
    bad.close()
    _honest_write(svc)
    with svc.db.read() as s:
        named = s.execute(text("SELECT unvouched FROM checkpoint WHERE unvouched != ''")
                          ).scalars().all()
    assert named, "the forged entry was vouched for as a legacy one"
