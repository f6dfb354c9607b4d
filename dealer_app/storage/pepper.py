"""The PIN key (a "pepper"): a random secret mixed into every PIN hash and kept beside the
workstation's checkpoint key, never in the database, so a copied database (or its WAL, a
backup, an export) alone does not give the PINs away: without the key, scrypt over a 4-digit
PIN cannot be tried offline.

File: ``<config dir>/pin-key`` (``notary.config_dir()``; ``DEALER_APP_CONFIG_DIR``
overrides), one line ``dealer-app-pin-key/1 <64 hex digits>``, mode 0600, made with
``O_EXCL`` when a PIN is first hashed at a workstation whose database holds no PIN of
another key. Every PIN hash names the key it was made with (``PinKey.id``, 8 hex digits of a
digest of the key), so a station without the floor's key says so instead of calling every
PIN wrong. On a PostgreSQL floor every station must check the same PINs: the key is
exported once from the first station (``dealer-app staff pin-key export FILE``) and
imported at each other station's set-up (``dealer-app staff pin-key import FILE``).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from dealer_app.storage.errors import StorageError
from dealer_app.storage.notary import config_dir

PIN_KEY_FILE = "pin-key"
FORMAT = "dealer-app-pin-key/1"


class PinKeyError(StorageError):
    """This workstation lacks the PIN key the database's PINs were hashed with (or holds
    another one), or a PIN key file is unreadable."""


@dataclass(frozen=True, slots=True)
class PinKey:
    """The secret that keys PIN hashes. ``id`` names it in every hash made with it."""

    secret: bytes

    @property
    def id(self) -> str:
        return hashlib.sha256(b"dealer-app pin key id\n" + self.secret).hexdigest()[:8]

    def mix(self, pin: str) -> bytes:
        """What scrypt hashes instead of the bare PIN: HMAC-SHA256 of the PIN under the key."""
        return hmac.new(self.secret, pin.encode("utf-8"), hashlib.sha256).digest()

    def line(self) -> str:
        return f"{FORMAT} {self.secret.hex()}\n"


def pin_key_path(folder: Path | None = None) -> Path:
    return (folder or config_dir()) / PIN_KEY_FILE


def _parse(path: Path, text: str) -> PinKey:
    word = text.split()
    try:
        if len(word) != 2 or word[0] != FORMAT or len(bytes.fromhex(word[1])) != 32:
            raise ValueError
    except ValueError:
        raise PinKeyError(f"{path} is not a dealer-app PIN key file") from None
    return PinKey(bytes.fromhex(word[1]))


def _read(path: Path) -> PinKey | None:
    try:
        if os.name == "posix" and stat.S_IMODE(path.stat().st_mode) & 0o077:
            raise PinKeyError(f"the PIN key {path} can be read by other users: "
                              f"run chmod 600 {path}")
        text = path.read_text(encoding="ascii")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise PinKeyError(f"cannot read the PIN key {path}: "
                          f"{getattr(exc, 'strerror', None) or exc}") from None
    return _parse(path, text)


def _write_new(path: Path, key: PinKey) -> None:
    """Writes ``key`` to a new file (mode 0600; ``FileExistsError`` if one is there)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(key.line())
        fh.flush()
        os.fsync(fh.fileno())


def load_pin_key(folder: Path | None = None) -> PinKey | None:
    """This workstation's PIN key, or None when it has none yet."""
    return _read(pin_key_path(folder))


def make_pin_key(folder: Path | None = None) -> PinKey:
    """This workstation's PIN key, made now (32 random bytes) if it has none."""
    path = pin_key_path(folder)
    key = _read(path)
    if key is not None:
        return key
    fresh = PinKey(secrets.token_bytes(32))
    try:
        _write_new(path, fresh)
    except FileExistsError:  # another process made it first
        made = _read(path)
        if made is None:
            raise PinKeyError(f"the PIN key {path} vanished while it was made") from None
        return made
    except OSError as exc:
        raise PinKeyError(f"cannot write the PIN key {path}: {exc.strerror}") from None
    return fresh


def export_pin_key(dest: Path, folder: Path | None = None) -> PinKey:
    """Copies this workstation's PIN key to ``dest`` (a new file, mode 0600), for another
    station of the same floor to import."""
    key = load_pin_key(folder)
    if key is None:
        raise PinKeyError(f"this workstation has no PIN key ({pin_key_path(folder)})")
    try:
        _write_new(dest, key)
    except FileExistsError:
        raise PinKeyError(f"{dest} exists already: name a new file") from None
    except OSError as exc:
        raise PinKeyError(f"cannot write {dest}: {exc.strerror}") from None
    return key


def import_pin_key(source: Path, folder: Path | None = None) -> tuple[PinKey, bool]:
    """Installs the PIN key in ``source`` as this workstation's. Returns (key, whether it was
    new here); refused when the workstation holds another key already (PINs hashed with it
    would no longer be checked)."""
    try:
        text = source.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as exc:
        raise PinKeyError(f"cannot read {source}: "
                          f"{getattr(exc, 'strerror', None) or exc}") from None
    key = _parse(source, text)
    path = pin_key_path(folder)
    here = _read(path)
    if here is not None:
        if here.secret == key.secret:
            return key, False
        raise PinKeyError(f"this workstation holds another PIN key ({here.id}, {path}); "
                          f"the file holds {key.id}. PINs hashed with {here.id} would no "
                          f"longer be checked: nothing was changed")
    try:
        _write_new(path, key)
    except FileExistsError:
        return import_pin_key(source, folder)
    except OSError as exc:
        raise PinKeyError(f"cannot write the PIN key {path}: {exc.strerror}") from None
    return key, True
