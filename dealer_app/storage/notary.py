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
import logging
import os
import secrets
import threading
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from dealer_app.storage.background import BACKGROUND
from dealer_app.storage.chain import iso_utc
from dealer_app.storage.errors import StorageError
from dealer_app.storage.signing import (
    ANCHOR_ENV,
    ANCHOR_UNWRITABLE,
    APP_NAME,
    CONFIG_ENV,
    FORMAT,
    FORMAT_2,
    INTERVAL,
    KEY_FILE,
    SEAL_FORMAT,
    TRUST_FILE,
    UNVOUCHED,
    WITNESS_UNREACHABLE,
    EvidenceProblem,
    Seal,
    SignedCheckpoint,
    _load_key,
    _public_hex,
    _write_private,
    anchor_name,
    config_dir,
    default_anchor_dir,
    key_id_of,
    ledger_of_anchor,
    load_trust,
    micros,
    read_anchor,
    seal_message,
    trust,
)
from dealer_app.storage.witness import FolderWitness

__all__ = ["_load_key", "_public_hex", "_write_private", "ANCHOR_ENV", "anchor_name",
           "ANCHOR_UNWRITABLE", "APP_NAME", "config_dir", "CONFIG_ENV", "default_anchor_dir",
           "EvidenceProblem", "FORMAT", "FORMAT_2", "INTERVAL", "KEY_FILE", "key_id_of",
           "ledger_of_anchor", "load_trust", "micros", "read_anchor", "Seal", "SEAL_FORMAT",
           "seal_message", "SignedCheckpoint", "trust", "TRUST_FILE", "UNVOUCHED",
           "WITNESS_UNREACHABLE"]
"""Also the names of ``signing.py`` (the files and the signed forms), importable from here
as before it was split off."""

log = logging.getLogger(__name__)

_NO_SEAL: tuple[Seal | None, bytes] = (None, b"")

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
        self._sealing: tuple[Seal | None, bytes] = _NO_SEAL
        """The seal :meth:`begin_seal` made, and its link (until :meth:`end_seal`)."""
        self.own: set[int] = set()
        """The last entries of the seals this run committed since its last checkpoint:
        what it vouches for without checking a signature."""
        self.first_sealed: int | None = None
        """The first entry of the ledger's first seal, once read (``seals.vouch``)."""
        self.vouched: tuple[int, str] | None = None
        """(seq, signature) of the newest checkpoint this process signed."""
        self.owed: str | None = None
        """The reason of a checkpoint owed (PostgreSQL): one that could not be stored after
        the commit it seals (``ledger_checkpoint.sign_after_commit``), or whose commit's
        outcome is unknown (``ledger.after_rollback``). The next commit signs it."""
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
            message = seal_message(self.key_id, self.run, first, last, digest, when, prev)
            seal = Seal(first, last, digest, when, self.key_id, self.run, prev,
                        self.key.sign(message))
        except BaseException:
            self._seal_lock.release()
            raise
        self._sealing = (seal, hashlib.sha256(message).digest())  # (its link, made once)
        return seal

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
                sealing, link = self._sealing
                self._prev = link if sealing is seal else seal.link()
                self.own.add(seal.last)
        finally:
            self._sealing = _NO_SEAL
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
                      f" made {iso_utc(datetime.now(UTC))}".strip(), folder)
            else:
                key = _load_key(path)
        except OSError as exc:
            raise StorageError(f"cannot use the checkpoint key {path}: {exc.strerror}") from None
        notary = cls(key, anchor_dir or default_anchor_dir())
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
        self.owed = None
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
    trust(_public_hex(fresh), f"rotated {iso_utc(datetime.now(UTC))}", folder)
    os.replace(tmp, path)
    return (key_id_of(old) if old else ""), key_id_of(_public_hex(fresh))
