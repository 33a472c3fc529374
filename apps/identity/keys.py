"""The provider's RS256 signing key, created once and shared by every process.

The key lives in a file outside the repository. It is written to a private temporary file and
then hard-linked into place, so concurrent first starts agree on a single key: whoever links
first wins, and everyone reads the file that is in place.
"""

from __future__ import annotations

import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

KEY_SIZE = 2048


def generate_private_key_pem() -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=KEY_SIZE)
    return key.private_bytes(
        encoding=serialization.Encoding.PEM,
        format=serialization.PrivateFormat.PKCS8,
        encryption_algorithm=serialization.NoEncryption(),
    ).decode("ascii")


def _write_private_file(path: Path, content: str) -> None:
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(content)
        handle.flush()
        os.fsync(handle.fileno())


def _install_new_key(path: Path) -> None:
    partial = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    _write_private_file(partial, generate_private_key_pem())
    try:
        os.link(partial, path)
    except FileExistsError:
        pass
    finally:
        partial.unlink()


def load_or_create_signing_key(path: Path) -> str:
    """Return the PEM of the signing key at `path`, creating the key the first time."""
    path = Path(path)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        _install_new_key(path)
    return path.read_text(encoding="ascii")
