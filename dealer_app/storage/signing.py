"""Signed evidence that leaves the database: checkpoints and their anchor lines, the seals
of commits, the trust files of workstation keys, and where each lives.

The files (``config_dir``: the workstation's key and trusted keys; ``default_anchor_dir``:
the anchor files, one a key and ledger) and the signed forms (:class:`SignedCheckpoint`,
:class:`Seal`) that ``notary.py`` makes and ``witness.py``, ``seals.py`` and ``log verify``
check. Nothing here writes to the database or imports the modules that do.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from platformdirs import user_config_dir, user_data_dir

from dealer_app.storage.chain import iso_utc
from dealer_app.storage.errors import StorageError

APP_NAME = "dealer-app"


CONFIG_ENV = "DEALER_APP_CONFIG_DIR"


ANCHOR_ENV = "DEALER_APP_ANCHOR_DIR"


KEY_FILE = "checkpoint-key.pem"


TRUST_FILE = "trusted-keys.txt"


FORMAT = "dealer-app-checkpoint/1"


FORMAT_2 = "dealer-app-checkpoint/2"
"""A format 2 checkpoint also signs the entries its signer could not authenticate
(``unvouched``): it vouches for the rest only."""


SEAL_FORMAT = "dealer-app-seal/1"


INTERVAL = timedelta(minutes=2)
"""While inputs arrive, a checkpoint at least this often."""


def config_dir() -> Path:
    return Path(os.environ.get(CONFIG_ENV) or user_config_dir(APP_NAME, appauthor=False))


def default_anchor_dir() -> Path:
    env = os.environ.get(ANCHOR_ENV)
    return Path(env) if env else Path(user_data_dir(APP_NAME, appauthor=False)) / "anchors"


@functools.lru_cache(maxsize=1024)
def key_id_of(public_hex: str) -> str:
    """A key's short name: the first 16 hex digits of the SHA-256 of its 32 bytes."""
    return hashlib.sha256(bytes.fromhex(public_hex)).hexdigest()[:16]


@functools.lru_cache(maxsize=1024)
def public_key(public_hex: str) -> Ed25519PublicKey:
    """The Ed25519 key of these 64 hex digits (ValueError if they are none). Kept: loading
    one took a quarter of checking a signature (181 against 134 us), and a verify checks
    each checkpoint and seal under the same few keys."""
    return Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex))


def _public_hex(key: Ed25519PrivateKey | Ed25519PublicKey) -> str:
    public = key.public_key() if isinstance(key, Ed25519PrivateKey) else key
    return public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex()


@dataclass(frozen=True, slots=True)
class SignedCheckpoint:
    """A signature over the ledger's head at ``seq``."""

    seq: int
    digest: str
    at: datetime
    reason: str
    key_id: str
    public_key: str
    signature: str
    unvouched: str | None = None
    """Format 2: the entries since the checkpoint before that the signer could not
    authenticate (``"12-40,57"``, empty: none); None: format 1."""

    def message(self) -> bytes:
        fields = [FORMAT if self.unvouched is None else FORMAT_2, str(self.seq), self.digest,
                  iso_utc(self.at), self.reason, self.key_id]
        if self.unvouched is not None:
            fields.append(self.unvouched)
        return "\n".join(fields).encode("utf-8")

    def row(self) -> dict[str, Any]:
        return {"seq": self.seq, "digest": self.digest, "at": self.at, "reason": self.reason,
                "key_id": self.key_id, "public_key": self.public_key,
                "signature": self.signature, "unvouched": self.unvouched}

    def line(self, where: str | None = None) -> str:
        """The anchor file's line; ``where``: the database's location (not signed: a hint
        for telling a copy from its original, ``ledger._copy_fork``)."""
        row = self.row()
        if self.unvouched is None:
            del row["unvouched"]
        if where is not None:
            row["where"] = where
        return json.dumps({**row, "at": iso_utc(self.at),
                           "format": FORMAT if self.unvouched is None else FORMAT_2},
                          sort_keys=True, separators=(",", ":"))

    @classmethod
    def of_row(cls, row: Any) -> SignedCheckpoint:
        """A checkpoint as stored (a ``checkpoint`` row or a row read with its columns)."""
        return cls(row.seq, row.digest, row.at, row.reason, row.key_id, row.public_key,
                   row.signature, row.unvouched)

    @classmethod
    def from_line(cls, line: str) -> SignedCheckpoint:
        data = json.loads(line)
        at = datetime.fromisoformat(str(data["at"]).replace("Z", "+00:00"))
        unvouched = data.get("unvouched")
        return cls(int(data["seq"]), str(data["digest"]), at, str(data["reason"]),
                   str(data["key_id"]), str(data["public_key"]), str(data["signature"]),
                   None if unvouched is None else str(unvouched))

    @property
    def fingerprint(self) -> str:
        """Short enough for paper: ``#seq`` and 16 hex digits of the ledger digest."""
        d = self.digest
        return f"#{self.seq} {d[0:4]}-{d[4:8]}-{d[8:12]}-{d[12:16]}"

    def holds_under(self, public_hex: str) -> bool:
        """Whether the signature is this key's over these fields."""
        try:
            public_key(public_hex).verify(bytes.fromhex(self.signature), self.message())
        except (InvalidSignature, ValueError):
            return False
        return key_id_of(public_hex) == self.key_id


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def _load_key(path: Path) -> Ed25519PrivateKey:
    if os.name == "posix" and stat.S_IMODE(path.stat().st_mode) & 0o077:
        raise StorageError(f"the checkpoint key {path} can be read by other users: "
                           f"run chmod 600 {path}")
    key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise StorageError(f"{path} is not an Ed25519 key")
    return key


def trust(public_hex: str, label: str, folder: Path | None = None) -> None:
    """Adds a public key to the trust file (once)."""
    folder = folder or config_dir()
    path = folder / TRUST_FILE
    if public_hex in load_trust([path]).values():
        return
    folder.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(f"{public_hex} {label}\n")


def load_trust(paths: Iterable[Path]) -> dict[str, str]:
    """key id -> public key (hex) from trust files (missing files are skipped)."""
    keys: dict[str, str] = {}
    for path in paths:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise StorageError(f"cannot read the trust file {path}: {exc.strerror}") from None
        for n, line in enumerate(lines, 1):
            word = line.split("#", 1)[0].split()
            if not word:
                continue
            try:
                if len(bytes.fromhex(word[0])) != 32:
                    raise ValueError
            except ValueError:
                raise StorageError(f"{path} line {n}: not a 64-digit Ed25519 public key") \
                    from None
            keys[key_id_of(word[0])] = word[0]
    return keys


def read_anchor(path: Path) -> Iterator[tuple[int, SignedCheckpoint | None]]:
    """(line number, checkpoint or None when unreadable) for each line of an anchor file."""
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                yield n, SignedCheckpoint.from_line(line)
            except (ValueError, KeyError, TypeError):
                yield n, None


def anchor_name(key_id: str, ledger_id: str) -> str:
    """``<key id>-<ledger id>.anchor``: one file per key and database, so the databases a
    workstation keeps (the floor's, a practice table's, a restored copy) never mix."""
    return f"{key_id}-{ledger_id}.anchor"


def ledger_of_anchor(path: Path) -> str | None:
    """The ledger id in an anchor file's name (None: a file of one key for every database,
    as written before anchor files were kept per database)."""
    _key, sep, ledger = path.stem.partition("-")
    return ledger if sep else None


ANCHOR_UNWRITABLE = "anchor-unwritable"


WITNESS_UNREACHABLE = "witness-unreachable"


UNVOUCHED = "unvouched"


@dataclass(frozen=True, slots=True)
class EvidenceProblem:
    """A problem of the evidence: ``code`` (:data:`ANCHOR_UNWRITABLE`: ``seq``, ``path``,
    ``error``; :data:`UNVOUCHED`: ``entries``) and its values, worded where it is shown."""

    code: str
    detail: tuple[tuple[str, str], ...]

    def get(self, name: str) -> str:
        return dict(self.detail).get(name, "")


def seal_message(key_id: str, run: str, first: int, last: int, digest: str, at: int,
                 prev: bytes) -> bytes:
    """What a seal signs: the writer's key and run, the entries ``first``..``last`` it
    appended in one commit, the ledger's digest at ``last`` (which chains everything
    before it), the time (microseconds since 1970, UTC) and the hash of the run's seal
    before it (empty for the run's first), so a run's seals form one hash chain."""
    return (f"{SEAL_FORMAT}|{key_id}|{run}|{first}|{last}|{digest}|{at}|{prev.hex()}"
            .encode("ascii"))


@dataclass(frozen=True, slots=True)
class Seal:
    """A writer's signature over the entries of one commit (stored on its last entry)."""

    first: int
    last: int
    digest: str
    at: int
    key_id: str
    run: str
    prev: bytes
    signature: bytes

    def message(self) -> bytes:
        return seal_message(self.key_id, self.run, self.first, self.last, self.digest,
                            self.at, self.prev)

    def link(self) -> bytes:
        """What the run's next seal names as ``prev``."""
        return hashlib.sha256(self.message()).digest()

    def columns(self) -> dict[str, Any]:
        """The ``ledger`` columns of the commit's last entry that hold the seal."""
        return {"seal_from": self.first, "seal_key": self.key_id, "seal_run": self.run,
                "seal_at": self.at, "seal_prev": self.prev, "seal_sig": self.signature}

    def holds_under(self, public_hex: str) -> bool:
        try:
            public_key(public_hex).verify(self.signature, self.message())
        except (InvalidSignature, ValueError):
            return False
        return key_id_of(public_hex) == self.key_id


def micros(moment: datetime) -> int:
    """A time as whole microseconds since 1970 (UTC; a naive time is UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    delta = moment - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
