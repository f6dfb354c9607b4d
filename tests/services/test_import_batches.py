"""`log import` stores its records a batch a transaction (issue 24): one checkpoint for the
batch, the files' lines in their order, a bad file or a repeated hand in the batch changing
nothing of the others, and what it stored holding under `log verify`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, text
from storage.helpers import play

from dealer_app.engine.record import parse_record
from dealer_app.services import HandQuery, Services, SessionInfo, StaffMember
from dealer_app.services.log import content_digest
from dealer_app.storage.models import Checkpoint, HandEvent, LedgerEntry


def _records(svc: Services, session: SessionInfo, dealer: StaffMember,
             count: int) -> list[dict[str, Any]]:
    out = []
    for i in range(count):
        state = svc.hands.start_hand(session.id, dealer)
        play(svc.hands, state.hand_id, dealer)
        data = svc.log.record(state.hand_id).to_dict()
        del data["meta"]["uid"]  # a record of another app: a new hand when imported
        data["seats"][0]["player"] = f"Imported {i}"
        out.append(data)
    return out


def _count(svc: Services, what: Any) -> int:
    with svc.db.read() as s:
        return int(s.scalar(select(func.count()).select_from(what)) or 0)


def test_a_batch_is_one_checkpoint_and_holds_under_verify(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        tmp_path: Path) -> None:
    paths = []
    for i, data in enumerate(_records(svc, session, dealer, 5)):
        paths.append(tmp_path / f"r{i}.json")
        paths[-1].write_text(json.dumps(data))
    checkpoints, events = _count(svc, Checkpoint), _count(svc, HandEvent)
    seen: list[tuple[str, str]] = []
    report = svc.log.import_files(paths, boss, on_file=lambda n, o, _h, _m: seen.append((n, o)))
    assert seen == [(str(p), "stored") for p in paths]
    assert _count(svc, Checkpoint) == checkpoints + 1  # one for the batch, not one a hand
    ids = [hand_id for _name, hand_id in report.stored]
    assert len(set(ids)) == 5
    assert _count(svc, HandEvent) > events
    with svc.db.read() as s:  # ledger format 3: the hand keeps the chain's head only
        links = set(s.scalars(select(HandEvent.digest).where(HandEvent.hand_id.in_(
            [hand_id for _n, hand_id in report.stored]))))
    assert links == {""}
    assert svc.log.verify_all().ok
    for path, hand_id in zip(paths, ids, strict=True):  # each hand stored whole
        record = parse_record(json.loads(path.read_text()))
        assert content_digest(svc.log.record(hand_id)) == content_digest(record)
    again = svc.log.import_files(paths, boss)
    assert [h for _n, h in again.duplicates] == ids and not again.stored
    with svc.db.transaction() as s:  # an imported event changed outside the app
        s.execute(text("UPDATE hand_event SET to_amount = COALESCE(to_amount, 0) + 5 "
                       "WHERE hand_id = :h AND seq = (SELECT MAX(seq) FROM hand_event "
                       "WHERE hand_id = :h)"), {"h": ids[0]})
    assert not svc.log.verify_all().ok


def test_bad_files_and_a_repeat_in_a_batch_keep_their_place_and_change_nothing(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        tmp_path: Path) -> None:
    first, second = _records(svc, session, dealer, 2)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(first))
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_bytes(json.dumps(second).encode()[:-40])
    rules = dict(second, events=[{"seat": 1, "action": "deal-up", "card": "As"},
                                 *second["events"]])
    refused = tmp_path / "rules.json"
    refused.write_text(json.dumps(rules))
    repeat = tmp_path / "repeat.json"
    repeat.write_text(json.dumps(dict(first, meta={"note": "the same play"})))
    other = tmp_path / "other.json"
    other.write_text(json.dumps(second))
    hands, entries = svc.review.count(HandQuery()), _count(svc, LedgerEntry)
    seen: list[tuple[str, str, int | None]] = []
    svc.log.import_files([good, corrupt, refused, repeat, other], boss,
                         on_file=lambda n, o, h, _m: seen.append((Path(n).name, o, h)))
    assert [(n, o) for n, o, _h in seen] == [
        ("good.json", "stored"), ("corrupt.json", "invalid"), ("rules.json", "refused"),
        ("repeat.json", "duplicate"), ("other.json", "stored")]
    assert seen[3][2] == seen[0][2]  # the repeat names the hand the batch stored first
    assert svc.review.count(HandQuery()) == hands + 2
    assert _count(svc, LedgerEntry) > entries
    assert svc.log.verify_all().ok
