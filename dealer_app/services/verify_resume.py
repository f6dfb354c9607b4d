"""The incremental verify's reading of the anchor files and witnesses: from the last line
each file's state names (which must still be the same line: a file cut or changed there is
a mismatch) to its end, so that a verify reads only the lines written since. A part of
``verify_state._Incremental``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

from dealer_app.services.verify_anchors import AnchorChecks
from dealer_app.services.verify_state_file import AnchorMark, StateMismatch, VerifyState
from dealer_app.storage.notary import SignedCheckpoint, ledger_of_anchor
from dealer_app.storage.witness import line_hash


class ResumedAnchors(AnchorChecks):
    """:class:`AnchorChecks` that goes on from a :class:`VerifyState`."""

    state: VerifyState

    @staticmethod
    def mismatch(why: str) -> StateMismatch:
        """The error that stops the run: the state does not match the database."""
        return StateMismatch(why)

    # ------------------------------------------------------------------ 4b. witnesses
    def _read_witnesses(self) -> list[tuple[Any, int, str, Any]]:
        """The witnesses' lines after the last one each file's state names (which must be
        the same line still); the chain of lines goes on from it (:meth:`_witness_start`).
        """
        lines = super()._read_witnesses()
        marks = self.state.witnesses
        self.seeds: dict[tuple[int, str], tuple[int, str, datetime]] = {}
        found: set[str] = set()
        out = []
        for witness, n, text, line in lines:
            name = str(witness.file(line.ledger if line else "?").resolve())
            mark = marks.get(name)
            if mark is None or n > mark["n"]:
                out.append((witness, n, text, line))
                continue
            if n == mark["n"]:
                if line is None or line_hash(text) != mark["sha256"]:
                    raise self.mismatch(f"line {n} of the witness file {Path(name).name}, the "
                                        "last one verified, was changed")
                found.add(name)
                self.seeds[(id(witness), line.ledger)] = (line.n, line_hash(text), line.at)
        for witness in self.witnesses:
            for name in marks:
                if Path(name).parent == witness.folder.resolve() and name not in found:
                    raise self.mismatch(f"the witness file {Path(name).name} was cut: line "
                                        f"{marks[name]['n']}, verified then, is gone")
        return out

    def _witness_start(self) -> dict[tuple[int, str], tuple[int, str, datetime]]:
        return dict(self.seeds)

    # ------------------------------------------------------------------ 4. anchors
    def _read_anchors(self) -> list[tuple[Path, int, SignedCheckpoint | None]]:
        """The anchor lines from the last one each file's state names (checked again: it
        must be the same line) to its end; every line of a file the state does not name."""
        out: list[tuple[Path, int, SignedCheckpoint | None]] = []
        self.anchored_keys = set()
        marks = {Path(p): AnchorMark(**m) for p, m in self.state.anchors.items()}
        seen: set[Path] = set()
        for folder in self.anchor_dirs:
            paths = [folder] if folder.is_file() else sorted(folder.glob("*.anchor"))
            for path in paths:
                ledger_name = ledger_of_anchor(path)
                fork = self.forks.get(ledger_name or "")
                if ledger_name not in (None, self.ledger_id) and fork is None:
                    self.report.other_anchors.append(path.name)
                    continue
                if ledger_name is not None:
                    self.anchored_keys.add(path.stem.partition("-")[0])
                mark = marks.get(path.resolve())
                seen.add(path.resolve())
                lines = list(_anchor_lines(path, mark))
                if fork is not None:
                    later = [cp for _n, cp in lines if cp is not None and cp.seq > fork.parent_seq]
                    if later:
                        self.report.original_went_on = max(cp.seq for cp in later)
                    lines = [(n, cp) for n, cp in lines if cp is None or cp.seq <= fork.parent_seq]
                out.extend((path, n, cp) for n, cp in lines)
        missing = [p for p in marks if p not in seen]
        if missing:
            raise self.mismatch(f"the anchor file {missing[0].name} verified then is gone")
        if self.forks:
            newest = list(self.forks.values())[-1]
            self.report.copy_of = str(newest.parent)
            self.report.copy_from = (int(newest.parent_seq), int(newest.parent_checkpoint))
        return out


def _anchor_lines(path: Path, mark: AnchorMark | None) -> Iterable[tuple[int, Any]]:
    """(line number, checkpoint or None) of an anchor file from ``mark``'s line on."""
    with path.open("rb") as fh:
        n = 0
        if mark is not None:
            fh.seek(mark.start)
            raw = fh.read(mark.length)
            if len(raw) != mark.length or hashlib.sha256(raw).hexdigest() != mark.sha256:
                raise StateMismatch(f"line {mark.line} of the anchor file {path.name}, the "
                                    "last one verified, was cut or changed")
            fh.seek(mark.start)
            n = mark.line - 1
        for raw in fh:
            n += 1
            text = raw.decode("utf-8", "replace")
            if not text.strip():
                continue
            try:
                yield n, SignedCheckpoint.from_line(text)
            except (ValueError, KeyError, TypeError):
                yield n, None
