"""The ledger's one lock on PostgreSQL (``ledger_chain.lock_head``): every commit of a floor
takes it in turn, so what a commit does while holding it bounds the floor's commits a second
(README, "How far one PostgreSQL server goes"). It is taken with the head's read in one
round trip, after everything that does not depend on the head; the head it returns is read
once the lock is held, never from before the wait; a commit that signs a checkpoint checks
the seals it vouches for without it (its checkpoint is signed in a transaction of its own
after the commit, ``test_ledger_checkpoint_after.py``). SQLite serialises writers with
``BEGIN IMMEDIATE`` and takes no such lock."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, event, text
from storage.helpers import LockWatch, next_event

from dealer_app.services import Role, Services, SessionInfo, StaffMember
from dealer_app.services.keys import KeyService
from dealer_app.storage import Database, ledger, ledger_chain
from dealer_app.storage.ledger_chain import Pending, append, link
from dealer_app.storage.models import AuditEntry
from dealer_app.storage.notary import Notary, Seal, SignedCheckpoint


def _postgresql(db_url: str) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite takes no advisory lock (BEGIN IMMEDIATE serialises writers)")


def test_a_dealers_input_sends_one_statement_while_it_holds_the_ledgers_lock(
        db_url: str, svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    _postgresql(db_url)
    state = svc.hands.start_hand(session.id, dealer)
    for _ in range(2):  # the hand cached, the statements compiled
        found = next_event(state.hand)
        assert found is not None
        state = svc.hands.record_input(state.hand_id, found, dealer)
    with LockWatch(svc.db.engine) as watch:
        found = next_event(state.hand)
        assert found is not None
        svc.hands.record_input(state.hand_id, found, dealer)
    seen = watch.under
    assert len(seen) == 1, seen  # one commit took the lock
    # the head came with the lock: only the entry's insert is left before the commit
    assert len(seen[0]) == 1 and seen[0][0].lstrip().upper().startswith("INSERT INTO LEDGER"), \
        seen[0]


def test_the_head_is_read_once_the_lock_is_held(db_url: str, svc: Services) -> None:
    """A commit that waited for the lock chains on the entry its holder committed meanwhile
    (a head read from before the wait would fork the chain: two entries of one seq)."""
    _postgresql(db_url)
    engine = svc.db.engine
    entry = Pending("audit", 10**9, 0, "2:first")
    later = Pending("audit", 10**9 + 1, 0, "2:second")
    done: dict[str, Any] = {}
    with engine.connect() as holder, engine.connect() as waiter, engine.connect() as watch:
        pid = waiter.execute(text("SELECT pg_backend_pid()")).scalar_one()
        waiter.commit()
        seq, head, _seal = append(holder, [entry])  # the lock held, not yet committed

        def wait(conn: Connection = waiter) -> None:
            try:
                done["appended"] = append(conn, [later])
                conn.commit()
            except Exception as exc:  # noqa: BLE001 - the test says what went wrong
                done["error"] = exc

        thread = threading.Thread(target=wait)
        thread.start()
        waiting = text("SELECT count(*) FROM pg_locks WHERE pid = :pid "
                       "AND locktype = 'advisory' AND NOT granted")
        for _ in range(100_000):  # until the waiter waits for the lock (no sleep)
            if watch.execute(waiting, {"pid": pid}).scalar_one():
                break
            watch.rollback()
        else:
            pytest.fail("the second writer never waited for the ledger's lock")
        holder.commit()
        thread.join(timeout=30)
    assert "error" not in done, done
    after_seq, after_head, _ = done["appended"]
    assert after_seq == seq + 1
    assert after_head == link(head, seq + 1, later.tbl, later.k1, later.k2, later.row_digest)
    with engine.connect() as conn:
        assert ledger_chain.lock_head(conn) == (after_seq, after_head)


def _note(svc: Services, checkpoint: bool = False) -> None:
    with svc.db.transaction() as s:
        s.add(AuditEntry(at=svc.db.now(), staff_id=None, staff_name="test", act="note",
                         detail_json="{}"))
        if checkpoint:
            ledger.request_checkpoint(s, "test")


def test_a_checkpoint_checks_the_seals_it_vouches_for_outside_the_lock(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _postgresql(db_url)  # (on SQLite the whole transaction holds the one writer's lock)
    svc = Services.open(db_url)
    second = Services.on(Database.open(db_url, notary=Notary.load(
        tmp_path / "second" / "config", tmp_path / "second" / "anchors")))
    try:
        sam = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
        assert second.db.notary is not None
        KeyService(svc.db).admit(second.db.notary.public_key, "second", sam, "a second one")
        for _ in range(4):  # its first commit signs its checkpoint, the three after do not
            _note(second)
        appended = False
        checked: list[tuple[bool, object]] = []
        real_append = ledger.append

        def append_(*args: Any, **kw: Any) -> Any:
            nonlocal appended
            found = real_append(*args, **kw)
            appended = True  # the lock held from the entries' append to the commit
            return found

        def counted(real: Any) -> Any:
            def holds_under(signed: Any, public: str) -> bool:
                checked.append((appended, signed))
                return bool(real(signed, public))
            return holds_under

        def committed(_conn: Any) -> None:
            nonlocal appended
            appended = False  # the lock released

        monkeypatch.setattr(ledger, "append", append_)
        monkeypatch.setattr(Seal, "holds_under", counted(Seal.holds_under))
        monkeypatch.setattr(SignedCheckpoint, "holds_under",
                            counted(SignedCheckpoint.holds_under))
        event.listen(svc.db.engine, "commit", committed)
        _note(svc, checkpoint=True)
        event.remove(svc.db.engine, "commit", committed)
    finally:
        second.close()
        svc.close()
    seals = [signed for held, signed in checked if isinstance(signed, Seal)]
    assert len(seals) >= 3  # the second station's three seals since its checkpoint
    assert [signed for held, signed in checked if held] == []  # none of them under the lock
    assert _verify_clean(db_url)


def _verify_clean(db_url: str) -> bool:
    import os

    svc = Services.open(db_url)
    try:
        report = svc.log.verify_all(anchors=[Path(os.environ["DEALER_APP_ANCHOR_DIR"])],
                                    workers=1)
        return not report.broken
    finally:
        svc.close()



def _admit_stations(svc: Services, sam: StaffMember, folder: Path, count: int) -> list[str]:
    """``count`` more workstations' keys admitted by ``sam`` at ``svc``; their key ids."""
    admit = KeyService(svc.db)
    ids = []
    for i in range(count):
        notary = Notary.load(folder / f"s{i}" / "config", folder / f"s{i}" / "anchors")
        admit.admit(notary.public_key, f"station {i}", sam, "a floor of stations")
        ids.append(notary.key_id)
    return ids


def _trusted_keys(svc: Services) -> tuple[dict[str, str], list[str]]:
    """The keys ``svc``'s station trusts (its own the root), and the statements sent."""
    from dealer_app.storage import seals

    notary = svc.db.notary
    assert notary is not None
    sent: list[str] = []

    def statement(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        sent.append(sql)

    with svc.db.engine.connect() as conn:
        event.listen(svc.db.engine, "before_cursor_execute", statement)
        try:
            trusted = seals.trusted_keys(conn, {notary.key_id: notary.public_key})
        finally:
            event.remove(svc.db.engine, "before_cursor_execute", statement)
    return trusted, sent


def test_the_trusted_keys_are_read_in_statements_that_do_not_grow_with_the_floor(
        db_url: str, tmp_path: Path) -> None:
    """A floor of N stations has N admissions: read with a statement each, they were N
    round trips under the ledger's lock at each station's first checkpoint (floor200,
    2026-12-04 03:39 UTC: a checkpoint's commit sent 111 statements under the lock at 100
    tables, the others 1)."""
    svc = Services.open(db_url)
    try:
        sam = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
        few = _admit_stations(svc, sam, tmp_path / "few", 2)
        trusted, for_few = _trusted_keys(svc)
        assert set(few) <= set(trusted)
        many = _admit_stations(svc, sam, tmp_path / "many", 10)
        trusted, for_many = _trusted_keys(svc)
        assert set(few + many) <= set(trusted)
    finally:
        svc.close()
    assert len(for_many) == len(for_few) <= 3, (for_few, for_many)


def test_a_stations_first_checkpoint_reads_the_floors_trust_outside_the_lock(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each station's first commit signs a checkpoint; its vouch read the trust (every
    admission's seal checked) under the lock: 165 ms held at 200 tables (floor200,
    2026-12-04 04:01 UTC, load 21 -> 12). It is read once the lock is released."""
    _postgresql(db_url)
    svc = Services.open(db_url)
    try:
        sam = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
        folder = tmp_path / "stations"
        _admit_stations(svc, sam, folder, 5)
        station = Services.on(Database.open(db_url, notary=Notary.load(
            folder / "s0" / "config", folder / "s0" / "anchors")))
        try:
            appended = False
            checked: list[bool] = []
            sent: list[str] = []
            real_append = ledger.append

            def append_(*args: Any, **kw: Any) -> Any:
                nonlocal appended
                found = real_append(*args, **kw)
                appended = True
                return found

            real_holds = Seal.holds_under

            def holds_under(seal: Seal, public: str) -> bool:
                checked.append(appended)
                return bool(real_holds(seal, public))

            def statement(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
                if appended:
                    sent.append(sql)

            def committed(_conn: Any) -> None:
                nonlocal appended
                appended = False

            monkeypatch.setattr(ledger, "append", append_)
            monkeypatch.setattr(Seal, "holds_under", holds_under)
            event.listen(station.db.engine, "before_cursor_execute", statement)
            event.listen(station.db.engine, "commit", committed)
            _note(station)  # its first commit: a checkpoint
        finally:
            station.close()
    finally:
        svc.close()
    assert checked and True not in checked, checked  # no seal checked under the lock
    assert sent == [], sent  # after the entries' INSERT, the COMMIT: nothing of the vouch
    assert _verify_clean(db_url)


def test_a_checkpoint_that_admits_a_key_vouches_for_what_that_key_wrote_before(
        db_url: str, tmp_path: Path) -> None:
    """The admission's own seal, written under the lock, makes the key trusted: the trust
    read before the lock (without it) is not the one the checkpoint vouches with."""
    svc = Services.open(db_url)
    second = Services.on(Database.open(db_url, notary=Notary.load(
        tmp_path / "second" / "config", tmp_path / "second" / "anchors")))
    try:
        sam = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
        _note(svc, checkpoint=True)  # the first station's trust read, before the admission
        for _ in range(2):
            _note(second)  # entries by a key nobody trusts yet
        assert second.db.notary is not None
        KeyService(svc.db).admit(second.db.notary.public_key, "second", sam, "admitted")
        with svc.db.engine.connect() as conn:
            last = conn.execute(text("SELECT reason, unvouched FROM checkpoint "
                                     "ORDER BY seq DESC, id DESC LIMIT 1")).one()
    finally:
        second.close()
        svc.close()
    assert last.reason.startswith("admit key"), last
    assert last.unvouched == "", last
