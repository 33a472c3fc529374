from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client

from apps.accounts import tokens
from apps.accounts.models import User
from apps.accounts.providers.oidc import TokenSet
from apps.accounts.tests.bundles import without_bundles

# The embedded identity provider as a real server, for the sign-in and renewal tests.
from tests.conftest import (  # noqa: F401
    identity_provider,
    product_url,
    product_with_identity_provider,
)

ISSUER = "https://id.tradewise.example/o"


@pytest.fixture(autouse=True)
def provider_settings(settings: Any, request: pytest.FixtureRequest) -> Any:
    """The product pointed at a provider address no test reaches (pages that only redirect
    there), unless the test signs in at the real embedded provider."""
    if "product_with_identity_provider" in request.fixturenames:
        return settings
    settings.OIDC_OP_ISSUER = ISSUER
    settings.OIDC_OP_AUTHORIZATION_ENDPOINT = f"{ISSUER}/authorize/"
    settings.OIDC_OP_TOKEN_ENDPOINT = f"{ISSUER}/token/"
    settings.OIDC_OP_USER_ENDPOINT = f"{ISSUER}/userinfo/"
    settings.OIDC_OP_JWKS_ENDPOINT = f"{ISSUER}/.well-known/jwks.json"
    settings.OIDC_OP_LOGOUT_ENDPOINT = f"{ISSUER}/logout/"
    settings.OIDC_OP_REVOCATION_ENDPOINT = f"{ISSUER}/revoke_token/"
    settings.IDENTITY_ADMIN_URL = "https://id.tradewise.example/admin-api"
    settings.OIDC_RP_CLIENT_ID = "workspace"
    settings.OIDC_RP_CLIENT_SECRET = "product-secret"
    settings.OIDC_SERVICE_CLIENT_ID = "workspace-service"
    settings.OIDC_SERVICE_CLIENT_SECRET = "service-secret"
    settings.SITE_URL = "https://app.tradewise.example"
    return settings


@pytest.fixture(autouse=True)
def fake_bundles() -> Iterator[None]:
    """Pages render without a frontend build."""
    with without_bundles():
        yield


@pytest.fixture
def sign_in(client: Client) -> Callable[..., Client]:
    """Signs `user` in on the test client, holding tokens with `seconds_left` of validity."""

    def sign(user: User, seconds_left: float, **token_fields: str) -> Client:
        client.force_login(user)
        session = client.session
        fields = {"access_token": "a-1", "id_token": "i-1", "refresh_token": "r-1"}
        tokens.store(
            session, TokenSet(expires_at=time.time() + seconds_left, **fields | token_fields)
        )
        session.save()
        return client

    return sign
