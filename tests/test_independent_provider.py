"""The product signs in at an independent OpenID Connect implementation (node oidc-provider):
nothing in the relying party is specific to the embedded provider."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
import requests
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session

from apps.accounts import tokens
from apps.accounts.models import User
from apps.accounts.providers.oidc import TokenSet
from tests.providers import RunningProvider, start_independent_provider, stop

pytestmark = pytest.mark.usefixtures("pages_without_bundles")

ACCOUNT = {
    "sub": "7d5e2c1a-93b4-4f0e-a8c6-1b2d3e4f5a6b",
    "email": "ana.lima@cooperativa.example",
    "name": "Ana Lima",
}


@pytest.fixture(scope="module")
def independent_provider(
    product_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[RunningProvider]:
    from django.conf import settings

    workdir = tmp_path_factory.mktemp("independent")
    provider = start_independent_provider(
        workdir, product_url, settings.OIDC_RP_CLIENT_SECRET, ACCOUNT
    )
    yield provider
    stop(provider.process)


def test_sign_in_at_an_independent_provider_creates_the_user_from_its_claims(
    independent_provider: RunningProvider, product_url: str, settings: Any
) -> None:
    for name, value in independent_provider.product_settings().items():
        setattr(settings, name, value)
    browser = requests.Session()

    landed = browser.get(
        f"{product_url}/oidc/authenticate/?next=/find-global-lead&ui_locales=vi", timeout=10
    )

    assert landed.url == f"{product_url}/find-global-lead"
    user = User.objects.get(oidc_subject=ACCOUNT["sub"])
    assert (user.email, user.name) == (ACCOUNT["email"], ACCOUNT["name"])
    stored = stored_tokens()
    assert stored.refresh_token
    assert stored.seconds_left() > 60
    profile = browser.get(f"{product_url}/fast-ai/v1/users", timeout=10)
    assert profile.json()["data"]["email"] == ACCOUNT["email"]
    provider_host = urlsplit(independent_provider.issuer).netloc
    assert provider_host in {urlsplit(step.url).netloc for step in landed.history}


def test_an_expiring_token_is_renewed_at_the_independent_provider(
    independent_provider: RunningProvider, product_url: str, settings: Any
) -> None:
    for name, value in independent_provider.product_settings().items():
        setattr(settings, name, value)
    browser = requests.Session()
    browser.get(f"{product_url}/oidc/authenticate/", timeout=10)
    signed_in = stored_tokens()
    expire_soon()

    profile = browser.get(f"{product_url}/fast-ai/v1/users", timeout=10)

    assert profile.status_code == 200
    renewed = stored_tokens()
    assert renewed.access_token != signed_in.access_token
    assert renewed.refresh_token != signed_in.refresh_token
    assert renewed.seconds_left() > 60


def _only_session() -> SessionStore:
    return SessionStore(Session.objects.get().session_key)


def stored_tokens() -> TokenSet:
    stored = tokens.stored(_only_session())
    assert stored is not None
    return stored


def expire_soon() -> None:
    session = _only_session()
    session[tokens.EXPIRES_AT] = time.time() + 5
    session.save()
