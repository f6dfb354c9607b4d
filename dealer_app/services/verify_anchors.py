"""``log verify``'s check of the evidence kept apart from the database: the anchor files
(every line a checkpoint the database still holds, every checkpoint of a key with an anchor
file in it, a database without its own anchor file UNANCHORED) and the witnesses' lines
(countersigned, chained line to line, in time, each naming a checkpoint the database
holds). A part of the verifier (``evidence._Verifier``); the incremental verify
(``verify_state.py``) starts both from what its state read before.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from dealer_app.services.core.types import VerifyReport
from dealer_app.storage import ledger, seals
from dealer_app.storage.notary import SignedCheckpoint, ledger_of_anchor, read_anchor
from dealer_app.storage.witness import WitnessLine, line_hash


class AnchorChecks:
    """The anchor and witness checks, as a part of the verifier, which gives the
    checkpoints (``cps``), the trust, the forks, the walk's digests (``at_seq``, ``end``)."""

    anchor_dirs: Sequence[Path]
    witnesses: list[Any]
    forks: dict[str, Any]
    ledger_id: str | None
    report: VerifyReport
    cps: list[Any]
    trust: dict[str, str]
    at_seq: dict[int, str]
    end: int
    anchors: list[tuple[Path, int, SignedCheckpoint | None]]
    witnessed: list[tuple[Any, int, str, WitnessLine | None]]

    def fail(self, label: str, reason: str, hand_id: int = 0) -> None:
        raise NotImplementedError

    def _holds(self, signed: SignedCheckpoint, public: str) -> bool:
        raise NotImplementedError

    # ------------------------------------------------------------------ 4. anchors
    def _read_anchors(self) -> list[tuple[Path, int, SignedCheckpoint | None]]:
        out: list[tuple[Path, int, SignedCheckpoint | None]] = []
        self.anchored_keys: set[str] = set()
        """Keys with an anchor file of this database's own (``<key>-<ledger>.anchor``)."""
        for folder in self.anchor_dirs:
            paths = [folder] if folder.is_file() else sorted(folder.glob("*.anchor"))
            for path in paths:
                ledger_name = ledger_of_anchor(path)
                fork = self.forks.get(ledger_name or "")
                if ledger_name not in (None, self.ledger_id) and fork is None:
                    self.report.other_anchors.append(path.name)  # another database's
                    continue
                if ledger_name is not None:
                    self.anchored_keys.add(path.stem.partition("-")[0])
                lines = list(read_anchor(path))
                if fork is not None:  # the original's: this copy shares it up to the fork
                    later = [cp for _n, cp in lines if cp is not None and cp.seq > fork.parent_seq]
                    if later:
                        self.report.original_went_on = max(cp.seq for cp in later)
                    lines = [(n, cp) for n, cp in lines if cp is None or cp.seq <= fork.parent_seq]
                out.extend((path, n, cp) for n, cp in lines)
        if self.forks:
            newest = list(self.forks.values())[-1]
            self.report.copy_of = str(newest.parent)
            self.report.copy_from = (int(newest.parent_seq), int(newest.parent_checkpoint))
        return out

    def _check_complete(self) -> None:
        """Every checkpoint of a key with an anchor file of this database is in that file
        (else lines were cut or edited); a database with checkpoints and no anchor file of
        its own at all is UNANCHORED."""
        if not self.cps:
            return
        if not self.anchored_keys:
            keys = sorted({cp.signed.key_id for cp in self.cps})
            self.report.unanchored = (
                f"{len(self.cps)} checkpoints (keys {', '.join(keys)}) but no anchor file of "
                f"this database (ledger {self.ledger_id}) in "
                f"{', '.join(str(d) for d in self.anchor_dirs) or 'no anchor folder'}")
            return
        lines = {a.signature for _p, _n, a in self.anchors if a is not None}
        for cp in self.cps:
            c = cp.signed
        newest = {c.signed.key_id: c.id for c in self.cps}
        for cp in self.cps:
            c = cp.signed
            if c.key_id in self.anchored_keys and c.signature not in lines:
                hint = (" (or the workstation lost power the moment after signing it)"
                        if newest[c.key_id] == cp.id else "")
                self.fail(f"checkpoint {cp.id} ({c.fingerprint}, {ledger.iso(c.at)})",
                          f"is missing from the anchor file of key {c.key_id}: its lines were "
                          f"cut or edited{hint}")

    # ------------------------------------------------------------------ 4b. witnesses
    def _read_witnesses(self) -> list[tuple[Any, int, str, WitnessLine | None]]:
        """Every line the witnesses hold of this ledger (and, for a copy, of its original up
        to the fork)."""
        out: list[tuple[Any, int, str, WitnessLine | None]] = []
        for witness in self.witnesses:
            for ledger_name in witness.ledgers():
                fork = self.forks.get(ledger_name)
                if ledger_name != self.ledger_id and fork is None:
                    continue
                for n, text, line in witness.lines(ledger_name):
                    if (fork is not None and line is not None
                            and line.checkpoint.seq > fork.parent_seq):
                        continue
                    out.append((witness, n, text, line))
        return out

    def _witness_start(self) -> dict[tuple[int, str], tuple[int, str, datetime]]:
        """(id of the witness, ledger) -> (n, hash, time) of the line before the first of
        :attr:`witnessed` (empty: they start at each file's first line; an incremental
        verify, ``verify_state.py``, starts after the lines it verified before)."""
        return {}

    def _check_witnesses(self) -> None:
        stored = {cp.signed.signature: cp for cp in self.cps}
        tolerance = timedelta(microseconds=seals.TIME_TOLERANCE_US)
        previous = self._witness_start()
        for witness, n, text, line in self.witnessed:
            label = f"witness {witness.file(line.ledger if line else '?').name} line {n}"
            if line is None:
                self.fail(label, "is unreadable")
                continue
            public = self.trust.get(line.key_id)
            if public is None or not line.holds_under(public):
                self.fail(label, f"is not countersigned by a trusted witness key "
                          f"({line.key_id})")
                continue
            before = previous.get((id(witness), line.ledger))
            if (before is None and (line.n != 1 or line.prev)) or (
                    before is not None and (line.n != before[0] + 1
                                            or line.prev != before[1])):
                self.fail(label, "does not follow the line before it: lines of the witness "
                          "were removed or changed")
            if before is not None and line.at + tolerance < before[2]:
                self.fail(label, "is dated before the line before it: the witness's clock "
                          "ran backwards")
            previous[(id(witness), line.ledger)] = (line.n, line_hash(text), line.at)
            c = line.checkpoint
            if _aware(c.at) > line.at + tolerance:
                self.fail(label, f"checkpoint {c.fingerprint} is dated {ledger.iso(c.at)}, "
                          f"after the witness received it ({ledger.iso(line.at)}): "
                          "the workstation's clock ran ahead, or the checkpoint was forged")
            if c.signature in stored:
                continue
            if c.seq > self.end:
                self.fail(label, f"the witness received checkpoint {c.fingerprint} of "
                          f"{ledger.iso(c.at)} sealing ledger entry {c.seq}, but the database's "
                          f"ledger ends at {self.end}: it was cut back or rolled back")
            elif self.at_seq.get(c.seq) != c.digest:
                self.fail(label, f"checkpoint {c.fingerprint} the witness received disagrees "
                          "with the database: the ledger up to it was rewritten")
            else:
                self.fail(label, f"checkpoint {c.fingerprint} the witness received is "
                          "missing from the database (removed)")

    def _check_anchors(self) -> None:
        self._check_complete()
        stored = {cp.signed.signature: cp for cp in self.cps}
        for path, n, line in self.anchors:
            label = f"anchor file {path.name} line {n}"
            if line is None:
                self.fail(label, "is unreadable")
                continue
            public = self.trust.get(line.key_id)
            if public is None or not self._holds(line, public):
                self.fail(label, "is not signed by a trusted key")
                continue
            if line.signature in stored:
                if stored[line.signature].signed != line:
                    self.fail(label, "disagrees with the database's checkpoint")
                continue
            if line.seq > self.end:
                self.fail(label, f"checkpoint {line.fingerprint} sealed ledger entry "
                          f"{line.seq}, but the database's ledger ends at {self.end}: "
                          "entries and checkpoints were removed")
            elif self.at_seq.get(line.seq) != line.digest:
                self.fail(label, f"checkpoint {line.fingerprint} disagrees with the database: "
                          "the ledger up to it was rewritten")
            else:
                self.fail(label, f"checkpoint {line.fingerprint} is missing from the "
                          "database (removed)")


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


