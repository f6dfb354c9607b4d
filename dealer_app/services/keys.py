"""The workstation keys a floor trusts (``dealer-app keys``).

- :meth:`KeyService.listing`: every key the database names (the founder, the admitted ones, and
  any that sealed entries or signed checkpoints), each with whether this workstation trusts it.
- :meth:`KeyService.admit`: a supervisor admits a new workstation's public key, at a
  workstation whose own key is already trusted; the act is sealed by that key, so
  ``log verify`` trusts the new key from then on (``storage/seals.py``).
- :meth:`KeyService.export` / :func:`import_keys`: the trusted keys as a trust file, for an
  auditor or another workstation (``--trust FILE`` or ``keys import``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from sqlalchemy import func, select

from dealer_app.services.core.common import audit, confirm_supervisor, require_supervisor_role
from dealer_app.services.core.errors import PermissionRefused, Refusal
from dealer_app.services.core.files import atomic_write
from dealer_app.services.core.types import StaffMember
from dealer_app.storage import Database, StorageError, ledger, seals
from dealer_app.storage.models import LedgerEntry, StationKey
from dealer_app.storage.notary import (
    ANCHOR_UNWRITABLE,
    TRUST_FILE,
    UNVOUCHED,
    WITNESS_UNREACHABLE,
    EvidenceProblem,
    config_dir,
    key_id_of,
    load_trust,
    trust,
)
from dealer_app.text import tr, tr_noop


class KeyError_(StorageError):
    """A public key that cannot be admitted (not a key, or one admitted already)."""


@dataclass(frozen=True, slots=True)
class KeyInfo:
    key_id: str
    public_key: str
    label: str
    founder: bool
    admitted: bool
    trusted: bool
    """Whether this workstation trusts it (a root of its trust file, or admitted by one)."""
    own: bool
    """This workstation's own key."""


def parse_public_key(text: str) -> str:
    """A public key as 64 hex digits (the first word of ``text``); raises
    :class:`KeyError_` quoting the input when it is not an Ed25519 public key."""
    word = (text.split() or [""])[0].lower()
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(word))
    except ValueError:
        raise KeyError_(tr("{text!r} is not a workstation's public key (64 hex digits, as "
                           "'dealer-app keys show' prints it)").format(text=text)) from None
    return word


class KeyService:
    def __init__(self, db: Database, trust_files: list[Path] | None = None) -> None:
        self.db = db
        self.trust_files = trust_files or [config_dir() / TRUST_FILE]

    def trusted(self) -> dict[str, str]:
        with self.db.read() as s:
            return seals.trusted_keys(s.connection(), load_trust(self.trust_files))

    def listing(self) -> list[KeyInfo]:
        own = self.db.notary.key_id if self.db.notary is not None else ""
        with self.db.read() as s:
            conn = s.connection()
            trusted = seals.trusted_keys(conn, load_trust(self.trust_files))
            rows = {r.key_id: r for r in s.scalars(select(StationKey))}
            named = seals.known_keys(conn)
            sealers = {str(k) for k in s.scalars(select(LedgerEntry.seal_key).distinct())
                       if k is not None}
        out = []
        for key_id in sorted(set(named) | sealers):
            row = rows.get(key_id)
            public = trusted.get(key_id) or named.get(key_id, "")
            out.append(KeyInfo(key_id, public, row.label if row else "",
                               row is not None and row.admitted_by is None,
                               row is not None and row.admitted_by is not None,
                               key_id in trusted, key_id == own))
        return out

    def admit(self, public_key: str, label: str, supervisor: StaffMember,
              reason: str) -> KeyInfo:
        """Admits a workstation's key; refused unless this workstation's key is trusted."""
        why = require_supervisor_role(supervisor, reason, tr_noop("admitting a workstation's key"))
        public = parse_public_key(public_key)
        key_id = key_id_of(public)
        notary = self.db.notary
        if notary is None or notary.key_id not in self.trusted():
            raise PermissionRefused(Refusal.KEY_NOT_TRUSTED)
        with self.db.transaction() as s:
            confirm_supervisor(s, supervisor, tr_noop("admitting a workstation's key"))
            if s.scalar(select(func.count()).select_from(StationKey)
                        .where(StationKey.key_id == key_id)):
                raise KeyError_(tr("key {key} is admitted already").format(key=key_id))
            now = self.db.now()
            s.add(StationKey(key_id=key_id, public_key=public, label=label.strip()[:120] or key_id,
                             admitted_at=now, admitted_by=supervisor.id, reason=why))
            audit(s, at=now, act="admit-key", staff=supervisor, reason=why,
                  detail={"key_id": key_id, "label": label.strip()[:120]})
            ledger.request_checkpoint(s, f"admit key {key_id}")
        return next(k for k in self.listing() if k.key_id == key_id)

    def export(self, path: Path) -> int:
        """Writes the keys this workstation trusts that this database names (its founder,
        the admitted keys, the keys that sealed or signed it) as a trust file; returns how
        many."""
        keys = [k for k in self.listing() if k.trusted and k.public_key]
        lines = [f"{k.public_key} {k.label or k.key_id}" for k in keys]
        with atomic_write(path, binary=True) as fh:
            fh.write("".join(f"{line}\n" for line in lines).encode("utf-8"))  # type: ignore[arg-type]
        return len(lines)


def import_keys(path: Path, folder: Path | None = None) -> list[str]:
    """Adds the keys of a trust file (an export) to this workstation's trust file; returns
    the key ids added or already there."""
    found = load_trust([path])
    if not path.is_file():
        raise StorageError(tr("{path} is not a file").format(path=path))
    labels = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        words = line.split("#", 1)[0].split(maxsplit=1)
        if words:
            labels[words[0]] = words[1] if len(words) > 1 else "imported"
    for public in found.values():
        trust(public, f"imported: {labels.get(public, '')}".strip(), folder)
    return sorted(found)


__all__ = ["ANCHOR_UNWRITABLE", "UNVOUCHED", "WITNESS_UNREACHABLE", "EvidenceProblem",
           "KeyError_", "KeyInfo", "KeyService", "import_keys", "parse_public_key"]
