"""The relying party end to end inside the product: authenticate → provider (replaced at the
adapter boundary) → callback → signed in, and sign-out at the provider."""

import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from apps.accounts import tokens
from apps.accounts.models import User
from apps.accounts.providers import oidc
from apps.accounts.tests.http import ISSUER

pytestmark = pytest.mark.django_db

USERINFO = {"sub": "s-1", "email": "lan@example.com", "email_verified": True, "name": "Lan"}


class Provider:
    """The provider's answers to one sign-in, served at the adapter boundary."""

    def __init__(self, id_token: Callable[..., str], userinfo: dict[str, Any]) -> None:
        self.sign, self.userinfo_claims = id_token, userinfo
        self.nonce = ""
        self.token_requests: list[dict[str, str]] = []

    def request_tokens(self, payload: dict[str, str]) -> dict[str, Any]:
        self.token_requests.append(payload)
        return {
            "access_token": "a-1",
            "id_token": self.sign(sub="s-1", nonce=self.nonce),
            "refresh_token": "r-1",
            "expires_in": 300,
            "token_type": "Bearer",
        }

    def userinfo(self, access_token: str) -> dict[str, Any]:
        return self.userinfo_claims


@pytest.fixture
def provider(
    monkeypatch: pytest.MonkeyPatch, id_token: Callable[..., str], jwks: dict[str, Any]
) -> Provider:
    fake = Provider(id_token, dict(USERINFO))
    monkeypatch.setattr(oidc, "request_tokens", fake.request_tokens)
    monkeypatch.setattr(oidc, "userinfo", fake.userinfo)
    monkeypatch.setattr(oidc, "_signing_key", lambda token, http: oidc.jwt.PyJWK(jwks["keys"][0]))
    return fake


def sign_in_through(client: Client, provider: Provider, start: str) -> Any:
    authorize = parse_qs(urlsplit(client.get(start)["Location"]).query)
    provider.nonce = authorize["nonce"][0]
    return client.get("/oidc/callback/", {"code": "c-1", "state": authorize["state"][0]})


def test_sign_in_creates_the_user_and_keeps_every_token_in_the_session(
    client: Client, provider: Provider
) -> None:
    response = sign_in_through(client, provider, "/oidc/authenticate/?next=/find-global-lead")

    assert response.status_code == 302
    assert response["Location"] == "/find-global-lead"
    user = User.objects.get(oidc_subject="s-1")
    assert (user.email, user.name) == ("lan@example.com", "Lan")
    stored = tokens.stored(client.session)
    assert (stored.access_token, stored.refresh_token) == ("a-1", "r-1")
    assert stored.id_token.startswith("ey")
    assert 290 < stored.expires_at - time.time() <= 300
    assert provider.token_requests[0]["code_verifier"]
    cookies = " ".join(cookie.value for cookie in client.cookies.values())
    assert not [secret for secret in ("a-1", "r-1", stored.id_token) if secret in cookies]


def test_the_callback_never_sends_the_user_to_another_origin(
    client: Client, provider: Provider
) -> None:
    authorize = parse_qs(urlsplit(client.get("/oidc/authenticate/")["Location"]).query)
    provider.nonce = authorize["nonce"][0]
    session = client.session
    session["oidc_login_next"] = "https://evil.com/phish"
    session.save()

    response = client.get("/oidc/callback/", {"code": "c-1", "state": authorize["state"][0]})

    assert response["Location"] == "/market-insights"


def test_a_returning_user_is_matched_by_subject_and_updated(
    client: Client, provider: Provider
) -> None:
    known = User.objects.create_user("old@example.com", oidc_subject="s-1", name="Old")

    sign_in_through(client, provider, "/oidc/authenticate/")

    known.refresh_from_db()
    assert (known.email, known.name) == ("lan@example.com", "Lan")
    assert int(client.session["_auth_user_id"]) == known.pk


@pytest.mark.parametrize(
    "userinfo",
    [
        USERINFO | {"sub": "someone-else"},
        {"sub": "s-1", "email_verified": True},
    ],
)
def test_userinfo_that_does_not_match_the_id_token_fails_the_sign_in(
    client: Client, provider: Provider, userinfo: dict[str, Any]
) -> None:
    provider.userinfo_claims = userinfo

    response = sign_in_through(client, provider, "/oidc/authenticate/")

    assert response["Location"] == "/signin?error=signin_failed"
    assert "_auth_user_id" not in client.session
    assert not User.objects.exists()


def test_an_id_token_with_another_nonce_fails_the_sign_in(
    client: Client, provider: Provider
) -> None:
    authorize = parse_qs(urlsplit(client.get("/oidc/authenticate/")["Location"]).query)
    provider.nonce = "replayed"

    response = client.get("/oidc/callback/", {"code": "c-1", "state": authorize["state"][0]})

    assert response["Location"] == "/signin?error=signin_failed"
    assert "_auth_user_id" not in client.session


def test_an_unreachable_provider_fails_the_sign_in_without_an_error_page(
    client: Client, provider: Provider, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreachable(payload: dict[str, str]) -> dict[str, Any]:
        raise oidc.ProviderError("connection refused")

    monkeypatch.setattr(oidc, "request_tokens", unreachable)

    response = sign_in_through(client, provider, "/oidc/authenticate/")

    assert response["Location"] == "/signin?error=signin_failed"


def test_sign_out_ends_the_session_here_and_at_the_provider(
    client: Client, provider: Provider, monkeypatch: pytest.MonkeyPatch
) -> None:
    revoked: list[str] = []
    monkeypatch.setattr(oidc, "revoke_token", lambda token, hint: revoked.append(token))
    sign_in_through(client, provider, "/oidc/authenticate/")
    id_token = tokens.stored(client.session).id_token

    response = client.post("/oidc/logout/")

    location = urlsplit(response["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == f"{ISSUER}/logout/"
    assert parse_qs(location.query) == {
        "client_id": ["workspace"],
        "id_token_hint": [id_token],
        "post_logout_redirect_uri": ["https://app.tradewise.example/signin"],
    }
    assert revoked == ["r-1"]
    assert "_auth_user_id" not in client.session
    assert tokens.stored(client.session) is None
