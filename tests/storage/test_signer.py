"""The notary's signer: libsodium's Ed25519 when PyNaCl is installed, OpenSSL's otherwise;
the same signature either way (RFC 8032 signatures are deterministic), so what a commit
stores does not depend on which one signed it."""

from __future__ import annotations

import os
import random

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from dealer_app.storage.notary import signer


@pytest.mark.parametrize("seed", range(4))
def test_the_signer_signs_as_the_key_does(seed: int) -> None:
    rng = random.Random(seed)
    key = Ed25519PrivateKey.generate()
    sign = signer(key)
    public = key.public_key()
    for size in [0, 1, 63, 64, 65, 200, 4096, *(rng.randrange(1, 600) for _ in range(40))]:
        message = os.urandom(size)
        signature = sign(message)
        assert isinstance(signature, bytes) and signature == key.sign(message)
        public.verify(signature, message)  # (raises if it does not hold)


def test_without_pynacl_the_key_signs(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_nacl(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("nacl"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_nacl)
    key = Ed25519PrivateKey.generate()
    assert signer(key) == key.sign
