"""Signed checkpoints of the ledger: the workstation's Ed25519 key, the trust file, the
anchor files. The private key never enters the database.

Files (``DEALER_APP_CONFIG_DIR`` overrides the configuration folder, platformdirs'
``user_config_dir("dealer-app")``; ``DEALER_APP_ANCHOR_DIR`` the anchor folder, by default
``anchors/`` in the data folder):
- ``checkpoint-key.pem``: this workstation's private key (PKCS#8 PEM, mode 0600), made at
  first start; one per workstation.
- ``trusted-keys.txt``: the public keys ``log verify`` trusts, one per line
  (``<64 hex> <label>``); the workstation's own key is added when it is made. An auditor
  adds every workstation's key (``dealer-app log key`` prints it).
- ``<anchor dir>/<key id>-<ledger id>.anchor``: every checkpoint this key signed for one
  database (its ledger id: ``ledger.ledger_id``), one JSON line each,
  appended after its commit and fsynced by the background thread (``background.py``).
  Keep copies elsewhere.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import secrets
import stat
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from platformdirs import user_config_dir, user_data_dir

from dealer_app.storage.background import BACKGROUND
from dealer_app.storage.errors import StorageError

log = logging.getLogger(__name__)

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


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def key_id_of(public_hex: str) -> str:
    """A key's short name: the first 16 hex digits of the SHA-256 of its 32 bytes."""
    return hashlib.sha256(bytes.fromhex(public_hex)).hexdigest()[:16]


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
                  _iso(self.at), self.reason, self.key_id]
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
        return json.dumps({**row, "at": _iso(self.at),
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
            key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex))
            key.verify(bytes.fromhex(self.signature), self.message())
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
            Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex)).verify(
                self.signature, self.message())
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
SEAL_WAIT = 30.0
"""Seconds a commit waits for this process's previous commit to finish its seal."""


class Notary:
    """Seals every commit and signs checkpoints with this workstation's key, and anchors
    the checkpoints in a plain file."""

    def __init__(self, key: Ed25519PrivateKey, anchor_dir: Path | None,
                 interval: timedelta = INTERVAL) -> None:
        self.key = key
        self.public_key = _public_hex(key)
        self.key_id = key_id_of(self.public_key)
        self.anchor_dir = anchor_dir
        self.interval = interval
        self.last_at: datetime | None = None
        self.run = secrets.token_hex(8)
        """This process's seals: one hash chain (``Seal.prev``)."""
        self._prev = b""
        self._seal_lock = threading.Lock()
        self.own: set[int] = set()
        """The last entries of the seals this run committed since its last checkpoint:
        what it vouches for without checking a signature."""
        self.first_sealed: int | None = None
        """The first entry of the ledger's first seal, once read (``seals.vouch``)."""
        self.vouched: tuple[int, str] | None = None
        """(seq, signature) of the newest checkpoint this process signed."""
        self.witness: Any = None
        """A :class:`~dealer_app.storage.witness.FolderWitness` that receives every
        checkpoint (``DEALER_APP_WITNESS``), or None."""
        self.undelivered: list[tuple[SignedCheckpoint, str]] = []
        """Checkpoints the witness has not received yet (its folder could not be written)."""
        self._undelivered_lock = threading.Lock()
        self.problems: list[EvidenceProblem] = []
        """What went wrong with the evidence that the people at the table must see (an
        anchor line that could not be written, entries no trusted key signed)."""

    def begin_seal(self, first: int, last: int, digest: str, at: datetime) -> Seal:
        """Signs the entries ``first``..``last`` of the commit under way. Until
        :meth:`end_seal`, this process's other commits wait (their seals chain to this
        one only once it is committed)."""
        if not self._seal_lock.acquire(timeout=SEAL_WAIT):
            raise StorageError("the previous commit of this workstation did not finish its "
                               "seal: try again")
        try:
            prev = self._prev
            when = micros(at)
            signature = self.key.sign(seal_message(self.key_id, self.run, first, last, digest,
                                                   when, prev))
        except BaseException:
            self._seal_lock.release()
            raise
        return Seal(first, last, digest, when, self.key_id, self.run, prev, signature)

    def lone_seal(self, first: int, last: int, digest: str, at: datetime) -> Seal:
        """A seal that is a run of its own (a migration's entries: that transaction is not
        the session's, so it does not join this process's chain)."""
        run, when = secrets.token_hex(8), micros(at)
        return Seal(first, last, digest, when, self.key_id, run, b"", self.key.sign(
            seal_message(self.key_id, run, first, last, digest, when, b"")))

    def end_seal(self, seal: Seal, committed: bool) -> None:
        """After the commit (or its rollback): the next seal chains to this one."""
        try:
            if committed:
                self._prev = seal.link()
                self.own.add(seal.last)
        finally:
            self._seal_lock.release()

    def problem(self, code: str, **detail: str) -> None:
        """Records a problem of the evidence (logged; shown at the table and the floor)."""
        found = EvidenceProblem(code, tuple(sorted(detail.items())))
        log.error("evidence problem %s: %s", code, detail)
        same = [p for p in self.problems if p.code == code and p.get("path") == found.get("path")
                and p.get("entries") == found.get("entries")]
        if not same:  # (an anchor file that cannot be written: once, not once a checkpoint)
            self.problems.append(found)

    @classmethod
    def load(cls, folder: Path | None = None, anchor_dir: Path | None = None) -> Notary:
        """This workstation's notary; makes the key (and trusts it) at first start."""
        folder = folder or config_dir()
        path = folder / KEY_FILE
        try:
            if not path.exists():
                folder.mkdir(parents=True, exist_ok=True)
                key = Ed25519PrivateKey.generate()
                try:
                    _write_private(path, key.private_bytes(
                        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                        serialization.NoEncryption()))
                except FileExistsError:  # another process made it first
                    key = _load_key(path)
                trust(_public_hex(key), f"{os.uname().nodename if hasattr(os, 'uname') else ''}"
                      f" made {_iso(datetime.now(UTC))}".strip(), folder)
            else:
                key = _load_key(path)
        except OSError as exc:
            raise StorageError(f"cannot use the checkpoint key {path}: {exc.strerror}") from None
        notary = cls(key, anchor_dir or default_anchor_dir())
        from dealer_app.storage.witness import FolderWitness

        notary.witness = FolderWitness.from_env()
        return notary

    def anchor_file(self, ledger_id: str) -> Path | None:
        """This key's anchor file for the database whose ledger is ``ledger_id``."""
        if self.anchor_dir is None:
            return None
        return self.anchor_dir / anchor_name(self.key_id, ledger_id)

    def due(self, now: datetime) -> bool:
        return self.last_at is None or now - self.last_at >= self.interval

    def sign(self, seq: int, digest: str, at: datetime, reason: str,
             unvouched: str | None = "") -> SignedCheckpoint:
        """A checkpoint of the ledger's head; format 2 (``unvouched`` a text: the entries
        since the checkpoint before that this workstation could not authenticate) unless
        ``unvouched`` is None (format 1, for tests of databases written before)."""
        unsigned = SignedCheckpoint(seq, digest, at, reason, self.key_id, self.public_key, "",
                                    unvouched)
        signature = self.key.sign(unsigned.message()).hex()
        return SignedCheckpoint(seq, digest, at, reason, self.key_id, self.public_key,
                                signature, unvouched)

    def signed(self, checkpoint: SignedCheckpoint, ledger_id: str,
               where: str | None = None) -> None:
        """After the commit: remembers the time and appends the line to the anchor file of
        this key and ledger. A failure is logged (the commit stands).

        The line is written here, so it is in the file (for every reader, and through a
        crash of the process) the moment the dealer sees the input accepted; only its
        ``fsync``, a second wait for the disk per completed hand, runs on the background
        thread (``background.py``), in order. A power cut in between can lose the newest
        line, as it could between the commit and the line before: ``log verify`` checks
        anchor lines against the database, never the other way round."""
        self.last_at = checkpoint.at
        self.own = {last for last in self.own if last > checkpoint.seq}
        self.vouched = (checkpoint.seq, checkpoint.signature)
        path = self.anchor_file(ledger_id)
        if path is None:
            return
        try:
            try:
                fh = path.open("a", encoding="utf-8")
            except FileNotFoundError:  # the first line: make the folder
                path.parent.mkdir(parents=True, exist_ok=True)
                fh = path.open("a", encoding="utf-8")
            with fh:
                fh.write(checkpoint.line(where) + "\n")
        except OSError as exc:
            self.problem(ANCHOR_UNWRITABLE, seq=str(checkpoint.seq), path=str(path),
                         error=str(exc.strerror))
            return
        BACKGROUND.submit(("anchor-fsync", path), partial(_fsync_file, path))
        if self.witness is not None:
            with self._undelivered_lock:
                self.undelivered.append((checkpoint, ledger_id))
            BACKGROUND.submit(("witness", id(self)), self.deliver)

    def deliver(self) -> None:
        """Hands the witness every checkpoint it has not received (on the background
        thread); one it cannot take stays for the next time and is shown at once."""
        with self._undelivered_lock:
            pending, self.undelivered = self.undelivered, []
        by_ledger: dict[str, list[SignedCheckpoint]] = {}
        for checkpoint, ledger in pending:
            by_ledger.setdefault(ledger, []).append(checkpoint)
        for ledger, checkpoints in by_ledger.items():
            try:
                self.witness.receive(checkpoints, ledger)
            except (OSError, StorageError) as exc:
                with self._undelivered_lock:
                    self.undelivered[:0] = [(cp, ledger) for cp in checkpoints]
                self.problem(WITNESS_UNREACHABLE, path=str(self.witness.folder),
                             error=str(getattr(exc, "strerror", None) or exc))

    @staticmethod
    def flush(timeout: float | None = None) -> bool:
        """Waits until every anchor line written so far is on disk (False: timed out)."""
        return BACKGROUND.flush(timeout)


def _fsync_file(path: Path) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        log.error("cannot sync the anchor file %s: %s", path, exc.strerror)


def rotate_key(folder: Path | None = None) -> tuple[str, str]:
    """Replaces this workstation's key with a new one (trusted at once). The old private
    key is destroyed; its public key stays trusted, so its checkpoints still verify.
    Returns (old key id, new key id)."""
    folder = folder or config_dir()
    path = folder / KEY_FILE
    old = _public_hex(_load_key(path)) if path.exists() else ""
    fresh = Ed25519PrivateKey.generate()
    tmp = path.with_name(path.name + ".new")
    tmp.unlink(missing_ok=True)
    _write_private(tmp, fresh.private_bytes(serialization.Encoding.PEM,
                                            serialization.PrivateFormat.PKCS8,
                                            serialization.NoEncryption()))
    trust(_public_hex(fresh), f"rotated {_iso(datetime.now(UTC))}", folder)
    os.replace(tmp, path)
    return (key_id_of(old) if old else ""), key_id_of(_public_hex(fresh))
