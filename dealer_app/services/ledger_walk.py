"""``log verify``'s walk of the ledger, shared by the full verify (``evidence.py``) and the
incremental one (``verify_state.py``, which starts it after the entry its state names).

One pass in seq order over the entries (in batches; the seals, on each commit's last entry,
read apart): the sequence has no gap, each entry chains to the one before it (format 3
stores the chain digest only where a commit ends: the digests between are recomputed),
every table it names is chained, the seals cover every entry (``seals.SealWalk``), and a
later version of a row that changes only by an act (``PAIRED``) is committed beside its
act (an audit row or a hand input). The digests at the entries that checkpoints, anchor
lines and witness lines name are kept for their checks (``at_seq``), and the hands and
sessions written after the newest checkpoint (``tail``).
"""

from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import Integer, bindparam, select

from dealer_app.services.raw_rows import Prepared
from dealer_app.storage import ledger, seals
from dealer_app.storage.models.chained import CHAINED
from dealer_app.storage.signing import SEAL_FORMAT

PAIRED = frozenset({"staff", "game_table", "table_session", "hand"})
"""Tables whose rows change, but only by the app's acts: every later version of a row is
committed together with its audit row or hand input (:data:`ACTS`)."""
ACTS = frozenset({"audit", "hand_event"})
BATCH = 20000
TAIL_ENDS = 100_000
"""At most this many commits after the newest checkpoint keep their digest (``tail_ends``)."""
_EMPTY = hashlib.sha256()
_L = ledger.LEDGER.c
_BATCH_Q = select(_L.seq, _L.tbl, _L.k1, _L.k2, _L.row_digest, _L.digest,
                  *seals.SEAL_COLUMNS[2:]).where(_L.seq > bindparam("last"))
_ENTRIES = {cut: Prepared((_BATCH_Q.where(_L.seq <= bindparam("cut")) if cut else _BATCH_Q)
                          .order_by(_L.seq).limit(bindparam("n", type_=Integer)))
            for cut in (False, True)}
"""A batch of entries, the seal's columns with each (NULL but on a commit's last entry;
format 3: the digest too); up to the cut or not."""
_OLDER = select(_L.k1, _L.k2).where(_L.tbl == bindparam("tbl"),
                                    _L.k1.in_(bindparam("k1s", expanding=True)),
                                    _L.seq <= bindparam("upto")).distinct()


class LedgerWalk:
    """The walk, as a part of the verifier (which gives ``db``, ``cp_seqs``, ``anchors``,
    ``witnessed``, ``fail``, ``since``, ``tick``, ``row_label``). The hooks let the
    incremental verify start from its state."""

    db: Any
    cp_seqs: list[int]
    anchors: list[Any]
    witnessed: list[Any]
    cut: int | None = None
    """The newest entry when the run read the checkpoints (after the anchor and witness
    lines): the walk stops there. A run checks one cut of a log that other stations go on
    writing: what they commit meanwhile is the next run's (a hand completed during the
    run, with its checkpoint, was named as sealed by none)."""

    def fail(self, label: str, reason: str, hand_id: int = 0) -> None:
        raise NotImplementedError

    def since(self, seq: int) -> str:
        raise NotImplementedError

    def tick(self, n: int) -> bool:
        raise NotImplementedError

    @staticmethod
    def row_label(tbl: str, k1: int, k2: int) -> str:
        raise NotImplementedError

    # ------------------------------------------------------------------ hooks
    def _walk_start(self) -> tuple[int, str]:
        """(the entry the walk starts after, the chain's digest there)."""
        return 0, ledger.GENESIS

    def _walk_seals(self) -> seals.SealWalk:
        return seals.SealWalk()

    def _walk_tail(self) -> set[tuple[str, int]]:
        return set()

    def _walk_batch(self, s: Any, entries: list[tuple[Any, ...]],
                    versioned: set[tuple[str, int, int]]) -> None:
        """Told each batch of entries before it is walked (in its read)."""

    def _walk_end(self, walk: seals.SealWalk) -> None:
        """Told after the last entry (``self.end`` set), before the seal walk closes."""

    # ------------------------------------------------------------------ the walk
    def _wanted(self) -> set[int]:
        """The entries whose chain digest a checkpoint, anchor line or witness names."""
        wanted = set(self.cp_seqs) | {a.seq for _p, _n, a in self.anchors if a is not None}
        wanted |= {w.checkpoint.seq for _f, _n, _t, w in self.witnessed if w is not None}
        return wanted

    def _walk_ledger(self) -> None:
        wanted = self._wanted()
        self.at_seq: dict[int, str] = {}
        self.tail: set[tuple[str, int]] = self._walk_tail()
        self.tail_ends: dict[int, str] = {}
        """seq -> the chain's digest at each commit's last entry after the newest
        checkpoint: a checkpoint committed during the run over one of them is checked
        against it (``_check_tail``)."""
        tail_ends = self.tail_ends
        newest = self.cp_seqs[-1] if self.cp_seqs else 0
        last, previous = self._walk_start()
        expected = last + 1
        at_seq, chained, tail = self.at_seq, CHAINED.keys(), self.tail
        sha256 = _EMPTY.copy  # (a copy of an empty SHA-256: hashlib.sha256() looks the
        # digest up by its name at each call, OpenSSL 3's costliest part for short texts)
        self.walk = walk = self._walk_seals()
        paired, acts, versioned = PAIRED, ACTS, set[tuple[str, int, int]]()
        changes: list[tuple[str, int, int, int]] = []
        acted = False
        label = self.row_label
        runs, unsigned, findings, new_run = walk.runs, walk.unsigned, walk.findings, seals._Run
        tolerance, merge, finding = seals.TIME_TOLERANCE_US, seals._merge, seals.SealFinding
        nxt, last_at = walk.next, walk.last_at
        """``walk.next`` and ``walk.last_at`` while the walk runs (``SealWalk.row``, inline:
        each commit's seal costs a hash, not a method call and its conversions as well)."""
        stored = last
        """The newest entry whose chain digest was stored (not recomputed)."""
        while True:
            with self.db.read() as s:
                entries = _ENTRIES[self.cut is not None].rows(s, last=last, cut=self.cut,
                                                              n=BATCH)
                if entries:
                    self._walk_batch(s, entries, versioned)
            if not entries:
                break
            for seq, tbl, k1, k2, rd, digest, sfrom, key, run, at, prev, sig in entries:
                sq = f"{seq}"  # (made once: the link's and the seal's, most seals' first too)
                if sfrom is not None:  # the commit's seal (SealWalk.row, see there)
                    raw = (seq, digest, sfrom, key, run, at, prev, sig)
                    if not (sfrom.__class__ is int and at.__class__ is int
                            and key.__class__ is str and run.__class__ is str
                            and prev.__class__ is bytes):  # as SealWalk.row reads them
                        sfrom, at, key, run = int(sfrom), int(at or 0), str(key or ""), \
                            str(run or "")
                        prev = bytes(prev or b"")
                    if sfrom > nxt:
                        merge(unsigned, nxt, sfrom - 1)
                    elif sfrom < nxt:
                        findings.append(finding("overlap", sfrom, seq, key, run))
                    if at + tolerance < last_at:
                        findings.append(finding("time", sfrom, seq, key, run, at=at))
                    elif at > last_at:
                        last_at = at
                    nxt = seq + 1
                    r = runs.get(run)
                    if r is None:
                        r = runs[run] = new_run(key, sfrom, seq)
                    if (prev != r.link or key != r.key_id) and not r.broken_at:
                        r.broken_at = seq
                    h = sha256()
                    h.update(f"{SEAL_FORMAT}|{key}|{run}|{sq if sfrom == seq else sfrom}|{sq}|"
                             f"{digest}|{at}|{prev.hex()}".encode("ascii"))
                    r.link = h.digest()
                    r.last = seq
                    r.commits += 1
                    r.raw = raw
                if seq != expected:
                    self.fail(f"ledger entry {expected}",
                              f"entries {expected} to {seq - 1} are missing (removed) "
                              f"{self.since(expected)}" if seq > expected else
                              f"entry {seq} is out of order")
                    expected = seq
                if tbl not in chained:
                    self.fail(f"ledger entry {seq}", f"names a table {tbl!r} that is not chained")
                # ledger.link, inline: the walk makes it for every entry
                h = sha256()
                h.update(f"{previous}|{sq}|{tbl}|{k1}|{k2}|{rd}".encode())
                made = h.hexdigest()
                if digest is None:  # format 3: stored only where a commit ends
                    digest = made
                else:
                    if made != digest:
                        self.fail(f"ledger entry {seq} ({label(tbl, k1, k2)})"
                                  if stored >= seq - 1 else
                                  f"ledger entries {stored + 1} to {seq} (a commit ending "
                                  f"with {label(tbl, k1, k2)})",
                                  f"does not chain to the entry before it: changed, inserted "
                                  f"or reordered {self.since(stored + 1)}")
                    stored = seq
                if seq in wanted:
                    at_seq[seq] = digest
                if seq > newest and tbl in ("hand", "table_session"):
                    tail.add((tbl, k1))
                if tbl in paired:  # a later version of a row that changes only by an act
                    if (tbl, k1, k2) in versioned:
                        changes.append((tbl, k1, k2, seq))
                    else:
                        versioned.add((tbl, k1, k2))
                elif tbl in acts:
                    acted = True
                if sfrom is not None:  # the commit's last entry
                    if seq > newest and len(tail_ends) < TAIL_ENDS:
                        tail_ends[seq] = digest
                    if changes:
                        if not acted:
                            self._unpaired(changes)
                        changes = []
                    acted = False
                previous = digest
                expected = seq + 1
            last = entries[-1][0]
            walk.next, walk.last_at = nxt, last_at
            if not self.tick(len(entries)):
                return
        self.end = expected - 1
        self.end_digest = previous
        """The chain's digest at ``end``: the stored one, else made from the one before
        (as ``ledger.digest_at`` makes it; with no entry walked, the start's)."""
        self._walk_end(walk)
        walk.close(self.end)

    def _unpaired(self, changes: list[tuple[str, int, int, int]]) -> None:
        for tbl, k1, k2, seq in changes:
            self.fail(f"{self.row_label(tbl, k1, k2)} (ledger entry {seq})",
                      "changed in a commit without the act that changes it (no audit row "
                      "and no hand input beside it): a transition the app does not make",
                      k1 if tbl == "hand" else 0)


def older_versions(s: Any, keys: set[tuple[str, int, int]],
                   upto: int) -> set[tuple[str, int, int]]:
    """Those of ``keys`` (table, k1, k2) with a ledger entry at or before ``upto``: the
    rows an incremental verify saw versions of before its state."""
    found: set[tuple[str, int, int]] = set()
    by_table: dict[str, list[int]] = {}
    for tbl, k1, _k2 in keys:
        by_table.setdefault(tbl, []).append(k1)
    for tbl, k1s in by_table.items():
        k1s = sorted(set(k1s))
        for i in range(0, len(k1s), 500):
            for k1, k2 in s.execute(_OLDER, {"tbl": tbl, "k1s": k1s[i:i + 500], "upto": upto}):
                if (tbl, int(k1), int(k2)) in keys:
                    found.add((tbl, int(k1), int(k2)))
    return found
