from __future__ import annotations

import stat
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from django.conf import settings

from apps.identity.keys import KEY_SIZE, load_or_create_signing_key


def test_a_missing_key_is_created_private_to_its_owner(tmp_path: Path) -> None:
    path = tmp_path / "keys" / "oidc.key"
    pem = load_or_create_signing_key(path)
    key = serialization.load_pem_private_key(pem.encode(), password=None)
    assert isinstance(key, rsa.RSAPrivateKey)
    assert key.key_size == KEY_SIZE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert list(path.parent.iterdir()) == [path]


def test_an_existing_key_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "oidc.key"
    first = load_or_create_signing_key(path)
    assert load_or_create_signing_key(path) == first


def test_the_settings_load_the_key_from_its_file() -> None:
    assert (
        settings.OAUTH2_PROVIDER["OIDC_RSA_PRIVATE_KEY"]
        == Path(settings.IDENTITY_SIGNING_KEY_FILE).read_text()
    )
