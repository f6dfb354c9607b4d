"""The incremental verify's state file: what a verify verified (:class:`VerifyState`, signed
with the auditor's key, kept outside the database), where it lives, what the database held
as a verify began (:func:`_snapshot`) and the state a verify leaves (:func:`_state_after`).
See ``verify_state.py`` for what an incremental verify checks from it.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir
from sqlalchemy import BigInteger, bindparam, func, select

from dealer_app.services.core.types import BrokenHand
from dealer_app.storage import ledger
from dealer_app.storage.database import Database
from dealer_app.storage.errors import StorageError
from dealer_app.storage.models import Base
from dealer_app.storage.models.chained import CHAINED
from dealer_app.storage.notary import APP_NAME, Notary
from dealer_app.storage.witness import line_hash

FORMAT = "dealer-app-verify-state/1"


STATE_ENV = "DEALER_APP_VERIFY_STATE_DIR"
"""Overrides the folder of the default state files (``verify-state/`` in the data folder)."""


OPEN: dict[str, Callable[[Any], Any]] = {
    "hand": lambda t: t.c.status == "in-progress",
    "table_session": lambda t: t.c.closed_at.is_(None),
    "seating": lambda t: t.c.left_at.is_(None),
    "floor_call": lambda t: t.c.resolved_at.is_(None),
    "waiting_entry": lambda t: t.c.seated_at.is_(None) & t.c.removed_at.is_(None),
}
"""Rows the app may still change (``roles.MUTABLE``'s guards not yet set): the rows of
these keys are re-read by each incremental run while they stay open. A hand's players
(``hand_player``) follow their hand."""


class StateMismatch(StorageError):
    """The state does not match the database: the incremental run cannot start from it."""


def default_state_dir() -> Path:
    env = os.environ.get(STATE_ENV)
    return Path(env) if env else Path(user_data_dir(APP_NAME, appauthor=False)) / "verify-state"


def default_state_file(ledger_id: str) -> Path:
    """The auditor's state file of one ledger (``<data folder>/verify-state/<id>.json``)."""
    return default_state_dir() / f"{ledger_id}.json"


@dataclass
class AnchorMark:
    """How far an anchor file was read: its last line read (number, where it starts, its
    length in bytes and its SHA-256)."""

    line: int
    start: int
    length: int
    sha256: str


@dataclass
class VerifyState:
    """What a verify verified (see the module's text)."""

    ledger_id: str
    verified_at: str
    seq: int
    digest: str
    rows_seq: int
    """Rows were checked against the ledger as it stood here (at or before ``seq``: the
    entries in between, written while the verify ran, get their rows checked next time)."""
    max_keys: dict[str, int | None]
    open_keys: dict[str, list[int]]
    checkpoint: dict[str, Any] | None
    """The newest checkpoint: id, seq, signature, at."""
    legacy_until: int
    seal_runs: dict[str, list[Any]]
    """run -> [key id, hex of the link its next seal names]."""
    seal_last_at: int
    tail: list[list[Any]]
    """[table, key, seq] of hands and sessions written after the newest checkpoint."""
    latest_start: str | None
    anchors: dict[str, dict[str, Any]]
    witnesses: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Witness file -> its last line verified: ``n`` (line of the file), ``line_n``,
    ``sha256`` (``witness.line_hash``), ``at``."""
    findings: list[list[Any]] = field(default_factory=list)
    """[label, reason, hand id] of every finding so far."""
    key_id: str = ""
    public_key: str = ""
    signature: str = ""

    def body(self) -> bytes:
        data = asdict(self)
        data.pop("signature")
        return (FORMAT + "\n" + json.dumps(data, sort_keys=True, separators=(",", ":"))
                ).encode("utf-8")

    def signed(self, notary: Notary) -> VerifyState:
        self.key_id, self.public_key = notary.key_id, notary.public_key
        self.signature = notary.key.sign(self.body()).hex()
        return self

    def holds_under(self, trusted: dict[str, str]) -> bool:
        from cryptography.exceptions import InvalidSignature

        from dealer_app.storage.signing import public_key

        public = trusted.get(self.key_id)
        if public is None or public != self.public_key:
            return False
        try:
            public_key(public).verify(bytes.fromhex(self.signature), self.body())
        except (InvalidSignature, ValueError):
            return False
        return True

    def save(self, path: Path) -> None:
        """Written whole to a new file, then moved over the old one."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".new")
        data = {"format": FORMAT, **asdict(self)}
        with tmp.open("w", encoding="utf-8") as fh:
            json.dump(data, fh, sort_keys=True, indent=1)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: Path) -> VerifyState:
        """Raises :class:`StateMismatch` for a file that is no state file."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.pop("format", None) != FORMAT:
                raise ValueError("not a verify state")
            return cls(**data)
        except OSError as exc:
            raise StateMismatch(f"cannot read it: {exc.strerror}") from None
        except (ValueError, TypeError) as exc:
            raise StateMismatch(f"it is not a readable verify state ({exc})") from None


# ---------------------------------------------------------------------- snapshot
@dataclass
class _Snapshot:
    """What the database held as a verify began (taken before it)."""

    seq: int
    max_keys: dict[str, int | None]


def _snapshot(db: Database) -> _Snapshot:
    keys: dict[str, int | None] = {}
    tables = _tables()
    with db.read() as s:  # one round trip
        row = s.execute(_snapshot_query()).one()
    for tbl, top in zip(tables, row[1:], strict=True):
        keys[tbl] = None if top is None else int(top)
    return _Snapshot(int(row[0] or 0), keys)


@cache
def _snapshot_query() -> Any:
    """The ledger's highest seq and each chained table's highest key, in one statement."""
    L = ledger.LEDGER.c
    return select(select(func.max(L.seq)).scalar_subquery(), *(
        select(func.max(Base.metadata.tables[t].c[ledger.primary_key(t)[0]]))
        .scalar_subquery() for t in _tables()))


def _tables() -> list[str]:
    return list(_chained_tables())


@cache
def _chained_tables() -> tuple[str, ...]:
    """The chained tables the models define (they do not change)."""
    return tuple(t for t in CHAINED if t in Base.metadata.tables)


def _open_keys(db: Database, candidates: dict[str, Iterable[int]] | None) -> dict[str, list[int]]:
    """The keys of :data:`OPEN` rows (``candidates``: only among these keys; None: all)."""
    out: dict[str, list[int]] = {}
    with db.read() as s:
        for tbl in OPEN:
            every, among = _open_queries(tbl)
            if candidates is not None:
                keys = sorted(set(candidates.get(tbl, ())))
                found: list[int] = []
                for i in range(0, len(keys), 500):
                    found += [int(k) for k in s.scalars(among, {"keys": keys[i:i + 500]})]
                out[tbl] = sorted(found)
            else:
                out[tbl] = sorted(int(k) for k in s.scalars(every))
    return out


@cache
def _open_queries(tbl: str) -> tuple[Any, Any]:
    """The keys of the :data:`OPEN` rows of ``tbl``: all, and among ``keys`` (built once)."""
    table = Base.metadata.tables[tbl]
    pk = table.c[ledger.primary_key(tbl)[0]]
    every = select(pk).where(OPEN[tbl](table))
    return every, every.where(pk.in_(bindparam("keys", expanding=True)))


def _anchor_marks(anchors: Sequence[tuple[Path, int, Any]],
                  before: dict[str, dict[str, Any]] | None = None) -> dict[str, dict[str, Any]]:
    """For each anchor file a verify read: its last line read (see :class:`AnchorMark`).
    ``before``: the marks the verify went on from (a file is read on from its mark, as the
    verify read it, not from its first line: a cost of the lines since, not of the file)."""
    last: dict[Path, int] = {}
    for path, n, _cp in anchors:
        last[path] = max(last.get(path, 0), n)
    marks: dict[str, dict[str, Any]] = {}
    for path, wanted in last.items():
        start, n = 0, 0
        mark = (before or {}).get(str(path.resolve()))
        if mark is not None and 0 < int(mark["line"]) <= wanted:
            start, n = int(mark["start"]), int(mark["line"]) - 1
        with path.open("rb") as fh:
            fh.seek(start)
            for raw in fh:
                n += 1
                if n == wanted:
                    marks[str(path.resolve())] = asdict(AnchorMark(
                        n, start, len(raw), hashlib.sha256(raw).hexdigest()))
                    break
                start += len(raw)
    return marks


def _top(tbl: str) -> int:
    """The highest key the first primary key column of ``tbl`` can hold."""
    column = Base.metadata.tables[tbl].c[ledger.primary_key(tbl)[0]]
    return 2 ** 63 - 1 if isinstance(column.type, BigInteger) else 2 ** 31 - 1


def _merged(ranges: Sequence[tuple[int, int]], gap: int = 64) -> list[tuple[int, int]]:
    """Sorted ranges, those less than ``gap`` apart made one."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo - out[-1][1] <= gap:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _runs(keys: Sequence[int], gap: int = 64) -> list[tuple[int, int]]:
    """Sorted keys as ranges (keys less than ``gap`` apart share one)."""
    out: list[tuple[int, int]] = []
    for k in keys:
        if out and k - out[-1][1] <= gap:
            out[-1] = (out[-1][0], k)
        else:
            out.append((k, k))
    return out


def _state_after(db: Database, v: Any, snap: _Snapshot, fresh: Sequence[BrokenHand],
                 before: VerifyState | None, resumed: bool) -> VerifyState | None:
    """The state a verify ``v`` leaves (None: the ledger is empty, nothing to keep);
    ``resumed``: ``v`` went on from the state ``before``."""
    end = int(getattr(v, "end", 0))
    ledger_id: str | None = getattr(v, "ledger_id", None)
    digest: str | None = getattr(v, "end_digest", None) if end else ""
    if ledger_id is None or digest is None:  # (the walk's own, else read)
        with db.read() as s:
            ledger_id = ledger_id or ledger.ledger_id(s.connection())
            digest = ledger.digest_at(s.connection(), end) if end else ""
    if ledger_id is None:
        return None
    incremental = resumed and before is not None
    if incremental and before is not None:
        candidates: dict[str, Iterable[int]] = {}
        for t in OPEN:
            was, now = before.max_keys.get(t), snap.max_keys.get(t)
            new = range((was if was is not None else -1) + 1, (now if now is not None else -1) + 1)
            candidates[t] = [*before.open_keys.get(t, ()), *v.named.get(t, ()), *new]
        open_keys = _open_keys(db, candidates)
    else:
        open_keys = _open_keys(db, None)
    cps = v.cps
    newest = cps[-1] if cps else None
    starts = [r[2] for r in v.hand_starts if r[2] is not None]
    latest = max((_aware(t) for t in starts), default=None)
    if incremental and before is not None and before.latest_start and latest is None:
        latest = datetime.fromisoformat(before.latest_start)
    runs = dict(before.seal_runs) if incremental and before is not None else {}
    for name, run in v.walk.runs.items():
        runs[name] = [run.key_id, run.link.hex()]
    witnessed = dict(before.witnesses) if incremental and before is not None else {}
    for witness, n, text, line in v.witnessed:
        if line is not None:
            witnessed[str(witness.file(line.ledger).resolve())] = {
                "n": n, "line_n": line.n, "sha256": line_hash(text), "at": ledger.iso(line.at)}
    anchors = dict(before.anchors) if incremental and before is not None else {}
    anchors.update(_anchor_marks(v.anchors, anchors if incremental else None))
    findings = [list(f) for f in before.findings] if incremental and before is not None else []
    for b in fresh:
        if b.label == "UNANCHORED database":
            continue  # (told by each run anew)
        item = [b.label, b.reason, b.hand_id]
        if item not in findings:
            findings.append(item)
    newest_seq = newest.signed.seq if newest else 0
    tail = [[t, k, end] for t, k in sorted(v.tail)] if newest_seq < end else []
    return VerifyState(
        ledger_id=ledger_id, verified_at=ledger.iso(datetime.now(UTC)), seq=end,
        digest=str(digest or ""), rows_seq=min(snap.seq, end), max_keys=snap.max_keys,
        open_keys=open_keys,
        checkpoint=None if newest is None else {
            "id": newest.id, "seq": newest.signed.seq, "signature": newest.signed.signature,
            "at": ledger.iso(newest.signed.at)},
        legacy_until=v._legacy_until(), seal_runs=runs, seal_last_at=v.walk.last_at,
        tail=tail, latest_start=None if latest is None else latest.isoformat(),
        anchors=anchors, witnesses=witnessed, findings=findings)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
