"""A witness: a folder apart from the database's machine (another disk, a removable
medium, a share) that receives each signed checkpoint, countersigns it with a key of its
own kept in that folder, and keeps its own append-only, hash-chained copy. ``log verify
--witness DIR`` checks the database against it: a ledger cut back, rolled back or rebuilt
after the witness saw it is found even when every anchor file beside the database was
rewritten too. The model: Certificate Transparency's witnesses and sigsum's cosignatures.

Files in the witness folder (``DEALER_APP_WITNESS`` names it for the app):
- ``witness-key.pem``: the witness's Ed25519 key (mode 0600), made at first use; its public
  key goes into the workstation's trust file (label ``witness``), so verify trusts it.
- ``<ledger id>.witness``: one JSON line per checkpoint received: the checkpoint, the
  witness's own time, the line number, the hash of the line before, the countersignature.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from dealer_app.storage.chain import iso_utc
from dealer_app.storage.errors import StorageError
from dealer_app.storage.signing import (
    SignedCheckpoint,
    _load_key,
    _public_hex,
    _write_private,
    key_id_of,
    public_key,
    trust,
)

log = logging.getLogger(__name__)

WITNESS_ENV = "DEALER_APP_WITNESS"
FORMAT = "dealer-app-witness/1"
KEY_FILE = "witness-key.pem"
SUFFIX = ".witness"


@dataclass(frozen=True, slots=True)
class WitnessLine:
    """One checkpoint as the witness received it."""

    n: int
    ledger: str
    checkpoint: SignedCheckpoint
    at: datetime
    """The witness's own clock when it received the checkpoint."""
    prev: str
    """The SHA-256 (hex) of the line before (empty for the first)."""
    key_id: str
    signature: str

    def message(self) -> bytes:
        cp = self.checkpoint
        return "|".join((FORMAT, self.ledger, str(self.n), cp.key_id, str(cp.seq), cp.digest,
                         cp.signature, iso_utc(self.at), self.prev)).encode("utf-8")

    def text(self) -> str:
        return json.dumps({"n": self.n, "ledger": self.ledger, "checkpoint": self.checkpoint.line(),
                           "at": iso_utc(self.at), "prev": self.prev, "key_id": self.key_id,
                           "signature": self.signature, "format": FORMAT},
                          sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str) -> WitnessLine:
        data = json.loads(text)
        return cls(int(data["n"]), str(data["ledger"]),
                   SignedCheckpoint.from_line(str(data["checkpoint"])),
                   datetime.fromisoformat(str(data["at"]).replace("Z", "+00:00")),
                   str(data["prev"]), str(data["key_id"]), str(data["signature"]))

    def holds_under(self, public_hex: str) -> bool:
        try:
            public_key(public_hex).verify(bytes.fromhex(self.signature), self.message())
        except (InvalidSignature, ValueError):
            return False
        return key_id_of(public_hex) == self.key_id


def line_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class FolderWitness:
    """A witness folder: countersigns and appends checkpoints, reads them back."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._key: Ed25519PrivateKey | None = None

    @classmethod
    def from_env(cls) -> FolderWitness | None:
        value = os.environ.get(WITNESS_ENV)
        return cls(Path(value)) if value else None

    def file(self, ledger: str) -> Path:
        return self.folder / f"{ledger}{SUFFIX}"

    def key(self) -> Ed25519PrivateKey:
        """The witness's key, made (and trusted by this workstation) at first use."""
        if self._key is None:
            path = self.folder / KEY_FILE
            if not path.exists():
                self.folder.mkdir(parents=True, exist_ok=True)
                key = Ed25519PrivateKey.generate()
                try:
                    _write_private(path, key.private_bytes(
                        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                        serialization.NoEncryption()))
                    trust(_public_hex(key), f"witness {self.folder}")
                except FileExistsError:
                    key = _load_key(path)
            else:
                key = _load_key(path)
            self._key = key
        return self._key

    @property
    def public_key(self) -> str:
        return _public_hex(self.key())

    def lines(self, ledger: str) -> Iterator[tuple[int, str, WitnessLine | None]]:
        """(line number, text, line or None when unreadable) of a ledger's witness file."""
        try:
            fh = self.file(ledger).open(encoding="utf-8")
        except FileNotFoundError:
            return
        with fh:
            for n, text in enumerate(fh, 1):
                text = text.rstrip("\n")
                if not text.strip():
                    continue
                try:
                    yield n, text, WitnessLine.from_text(text)
                except (ValueError, KeyError, TypeError):
                    yield n, text, None

    def ledgers(self) -> list[str]:
        return sorted(p.stem for p in self.folder.glob(f"*{SUFFIX}"))

    def receive(self, checkpoints: list[SignedCheckpoint], ledger: str,
                now: datetime | None = None) -> None:
        """Countersigns and appends ``checkpoints`` (those it holds already are skipped);
        raises ``OSError`` when the folder cannot be written."""
        with self._lock:
            key = self.key()
            key_id = key_id_of(_public_hex(key))
            n, prev, seen = 0, "", set()
            for _no, text, line in self.lines(ledger):
                if line is not None:
                    n, prev = line.n, line_hash(text)
                    seen.add(line.checkpoint.signature)
            fresh = [cp for cp in checkpoints if cp.signature not in seen]
            if not fresh:
                return
            out = []
            for cp in fresh:
                n += 1
                unsigned = WitnessLine(n, ledger, cp, now or datetime.now(UTC), prev, key_id, "")
                signed = WitnessLine(n, ledger, cp, unsigned.at, prev, key_id,
                                     key.sign(unsigned.message()).hex())
                text = signed.text()
                out.append(text)
                prev = line_hash(text)
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.file(ledger), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            with os.fdopen(fd, "a", encoding="utf-8") as fh:
                fh.write("".join(f"{t}\n" for t in out))
                fh.flush()
                os.fsync(fh.fileno())


def check_folder(folder: Path) -> FolderWitness:
    """A witness folder given to ``log verify`` (it must exist)."""
    if not folder.is_dir():
        raise StorageError(f"{folder} is not a witness folder")
    return FolderWitness(folder)
