import time
from collections.abc import Callable
from typing import Any

import jwt
import pytest
import requests
from cryptography.hazmat.primitives.asymmetric import rsa

from apps.accounts.providers import oidc
from apps.accounts.tests.http import ISSUER, FakeHttp, response

TOKEN_URL = f"{ISSUER}/token/"
JWKS_URL = f"{ISSUER}/.well-known/jwks.json"


def test_refresh_sends_the_refresh_token_with_the_product_client() -> None:
    body = {"access_token": "a-2", "id_token": "i-2", "refresh_token": "r-2", "expires_in": 300}
    http = FakeHttp({("POST", TOKEN_URL): response(200, body)})

    renewed = oidc.refresh_tokens("r-1", http)

    assert http.calls[0]["data"] == {
        "grant_type": "refresh_token",
        "refresh_token": "r-1",
        "client_id": "workspace",
        "client_secret": "product-secret",
    }
    assert (renewed.access_token, renewed.id_token, renewed.refresh_token) == ("a-2", "i-2", "r-2")
    assert 295 < renewed.seconds_left() <= 300


def test_a_renewal_without_new_refresh_or_id_token_keeps_the_previous_ones() -> None:
    previous = oidc.TokenSet("a-1", "i-1", "r-1", time.time())
    renewed = oidc.TokenSet.from_response({"access_token": "a-2", "expires_in": 60})

    assert renewed.succeeding(previous).id_token == "i-1"
    assert renewed.succeeding(previous).refresh_token == "r-1"
    assert renewed.succeeding(previous).access_token == "a-2"


@pytest.mark.parametrize(
    "answer",
    [
        response(400, {"error": "invalid_grant"}),
        response(200, "<html>maintenance</html>"),
        requests.ConnectionError("connection refused"),
    ],
)
def test_a_refused_or_unreachable_token_endpoint_is_a_provider_error(answer: Any) -> None:
    http = FakeHttp({("POST", TOKEN_URL): answer})
    with pytest.raises(oidc.ProviderError):
        oidc.refresh_tokens("r-1", http)


def test_the_service_token_uses_the_service_client_and_scope() -> None:
    http = FakeHttp({("POST", TOKEN_URL): response(200, {"access_token": "svc", "expires_in": 60})})

    assert oidc.service_token("users:write", http) == "svc"
    assert http.calls[0]["data"] == {
        "grant_type": "client_credentials",
        "client_id": "workspace-service",
        "client_secret": "service-secret",
        "scope": "users:write",
    }


@pytest.mark.parametrize(("status", "claims"), [(200, {"sub": "s-1"}), (401, None), (403, None)])
def test_userinfo_returns_claims_or_none_for_a_token_the_provider_refuses(
    status: int, claims: dict[str, str] | None
) -> None:
    http = FakeHttp({("GET", f"{ISSUER}/userinfo/"): response(status, claims or {"error": "x"})})

    assert oidc.userinfo("a-1", http) == claims
    assert http.calls[0]["headers"] == {"Authorization": "Bearer a-1"}


def test_an_id_token_signed_by_the_provider_for_this_client_is_accepted(
    id_token: Callable[..., str], jwks: dict[str, Any]
) -> None:
    http = FakeHttp({("GET", JWKS_URL): response(200, jwks)})

    assert oidc.id_token_claims(id_token(sub="s-9"), http)["sub"] == "s-9"


@pytest.mark.parametrize(
    "claims",
    [
        {"aud": "another-client"},
        {"iss": "https://evil.example/o"},
        {"exp": int(time.time()) - 3600},
    ],
)
def test_an_id_token_for_another_client_issuer_or_time_is_rejected(
    id_token: Callable[..., str], jwks: dict[str, Any], claims: dict[str, Any]
) -> None:
    http = FakeHttp({("GET", JWKS_URL): response(200, jwks)})
    with pytest.raises(oidc.InvalidIdToken):
        oidc.id_token_claims(id_token(**claims), http)


def test_an_id_token_signed_by_another_key_is_rejected(
    id_token: Callable[..., str], jwks: dict[str, Any]
) -> None:
    impostor = rsa.generate_private_key(public_exponent=65537, key_size=2048).public_key()
    public = jwt.algorithms.RSAAlgorithm.to_jwk(impostor, as_dict=True)
    other = {"keys": [jwks["keys"][0] | public]}
    http = FakeHttp({("GET", JWKS_URL): response(200, other)})
    with pytest.raises(oidc.InvalidIdToken):
        oidc.id_token_claims(id_token(), http)


def test_revocation_names_the_token_type() -> None:
    http = FakeHttp({("POST", f"{ISSUER}/revoke_token/"): response(200)})

    oidc.revoke_token("r-1", "refresh_token", http)

    assert http.calls[0]["data"]["token"] == "r-1"
    assert http.calls[0]["data"]["token_type_hint"] == "refresh_token"
