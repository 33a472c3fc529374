"""Fixtures of the cross-app tests: the product served by pytest-django's live server on a
fixed loopback port, and the embedded identity provider as a real server process beside it.

For a test (or a browser test under tests/e2e/) that signs in for real:

    def test_something(product_with_identity_provider):
        site = product_with_identity_provider.product_url  # http://127.0.0.1:<port>
        idp = product_with_identity_provider.identity     # .url, .mail_to(), .link_in_mail_to()

The product's OIDC_* settings point at the provider for the duration of the test. The demo
users demo@example.com and free@example.com exist there with the password "demo-password".
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.conf import settings as django_settings

from apps.accounts.tests.bundles import without_bundles
from tests.providers import EmbeddedProvider, free_port, start_embedded_provider, stop

# Fixed before any live server starts, so the provider can be told the product's address.
os.environ.setdefault("DJANGO_LIVE_TEST_SERVER_ADDRESS", f"127.0.0.1:{free_port()}")


@pytest.fixture(scope="session")
def product_url(live_server: Any) -> str:
    return str(live_server.url)


def product_secrets() -> dict[str, str]:
    """The secrets the product runs with, which the provider must share."""
    return {
        "SECRET_KEY": django_settings.SECRET_KEY,
        "IDENTITY_SECRET_KEY": os.environ.get("IDENTITY_SECRET_KEY", "identity-test-secret"),
        "OIDC_RP_CLIENT_ID": django_settings.OIDC_RP_CLIENT_ID,
        "OIDC_RP_CLIENT_SECRET": django_settings.OIDC_RP_CLIENT_SECRET,
        "OIDC_SERVICE_CLIENT_ID": django_settings.OIDC_SERVICE_CLIENT_ID,
        "OIDC_SERVICE_CLIENT_SECRET": django_settings.OIDC_SERVICE_CLIENT_SECRET,
    }


@pytest.fixture(scope="session")
def identity_provider(
    product_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[EmbeddedProvider]:
    """apps/identity served by gunicorn on a free port, migrated and bootstrapped in a
    temporary directory (database, signing key, mail)."""
    workdir = tmp_path_factory.mktemp("identity")
    provider = start_embedded_provider(workdir, product_url, product_secrets())
    yield provider
    stop(provider.process)


@dataclass
class SignInStack:
    product_url: str
    identity: EmbeddedProvider


@pytest.fixture
def product_with_identity_provider(
    identity_provider: EmbeddedProvider, product_url: str, settings: Any
) -> SignInStack:
    """The live product signing in at the embedded identity provider."""
    for name, value in identity_provider.product_settings().items():
        setattr(settings, name, value)
    settings.IDENTITY_ADMIN_ADAPTER = "embedded"
    settings.IDENTITY_ADMIN_URL = f"{identity_provider.url}/admin-api"
    settings.SITE_URL = product_url
    return SignInStack(product_url, identity_provider)


@pytest.fixture
def pages_without_bundles() -> Iterator[None]:
    """Product pages render without the frontend build (tests that only follow redirects)."""
    with without_bundles():
        yield
