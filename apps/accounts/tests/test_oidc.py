"""The provider's endpoints through apps/accounts/providers/oidc.py, at the real embedded
identity provider."""

import time
from datetime import timedelta
from typing import Any

import jwt
import pytest
import time_machine
from cryptography.hazmat.primitives.asymmetric import rsa

from apps.accounts.models import User
from apps.accounts.providers import oidc
from apps.accounts.tests.http import answering
from apps.accounts.tests.real_provider import DEMO_EMAIL, issued_tokens, signed_in, unreachable
from tests.conftest import SignInStack


@pytest.fixture
def issued(product_with_identity_provider: SignInStack) -> oidc.TokenSet:
    """The tokens the provider issued at the demo user's sign-in."""
    _, session = signed_in(product_with_identity_provider)
    return issued_tokens(session)


def demo_subject() -> str:
    return User.objects.get(email=DEMO_EMAIL).oidc_subject or ""


def test_refresh_renews_every_token_with_the_product_client(issued: oidc.TokenSet) -> None:
    renewed = oidc.refresh_tokens(issued.refresh_token)

    assert renewed.access_token not in {"", issued.access_token}
    assert renewed.refresh_token not in {"", issued.refresh_token}
    assert oidc.id_token_claims(renewed.id_token)["sub"] == demo_subject()
    assert issued.seconds_left() <= renewed.seconds_left() <= issued.seconds_left() + 30


def test_a_renewal_without_new_refresh_or_id_token_keeps_the_previous_ones() -> None:
    previous = oidc.TokenSet("a-1", "i-1", "r-1", time.time())
    renewed = oidc.TokenSet.from_response({"access_token": "a-2", "expires_in": 60})

    assert renewed.succeeding(previous).id_token == "i-1"
    assert renewed.succeeding(previous).refresh_token == "r-1"
    assert renewed.succeeding(previous).access_token == "a-2"


def test_a_refresh_token_the_provider_revoked_is_refused(issued: oidc.TokenSet) -> None:
    oidc.revoke_token(issued.refresh_token, "refresh_token")

    with pytest.raises(oidc.ProviderError, match="invalid_grant"):
        oidc.refresh_tokens(issued.refresh_token)
    assert oidc.userinfo(issued.access_token) is None  # revoked with its refresh token


def test_a_refresh_token_the_provider_never_issued_is_refused(
    product_with_identity_provider: SignInStack,
) -> None:
    with pytest.raises(oidc.ProviderError, match="invalid_grant"):
        oidc.refresh_tokens("a-refresh-token-the-provider-never-issued")


def test_an_unreachable_token_endpoint_is_a_provider_error(settings: Any) -> None:
    settings.OIDC_OP_TOKEN_ENDPOINT = unreachable("/o/token/")
    with pytest.raises(oidc.ProviderError):
        oidc.refresh_tokens("r-1")


def test_a_maintenance_page_at_the_token_endpoint_is_a_provider_error(settings: Any) -> None:
    with answering(200, "<html>maintenance</html>") as address:
        settings.OIDC_OP_TOKEN_ENDPOINT = f"{address}/o/token/"
        with pytest.raises(oidc.ProviderError, match="not JSON"):
            oidc.refresh_tokens("r-1")


def test_the_service_client_obtains_a_token(product_with_identity_provider: SignInStack) -> None:
    assert oidc.service_token("users:write")


def test_a_service_client_the_provider_does_not_know_obtains_no_token(
    product_with_identity_provider: SignInStack, settings: Any
) -> None:
    settings.OIDC_SERVICE_CLIENT_SECRET = "not-the-service-secret"
    with pytest.raises(oidc.ProviderError, match="invalid_client"):
        oidc.service_token("users:write")


def test_userinfo_returns_the_claims_of_the_tokens_user(issued: oidc.TokenSet) -> None:
    claims = oidc.userinfo(issued.access_token)

    assert claims is not None
    assert (claims["sub"], claims["email"]) == (demo_subject(), DEMO_EMAIL)


def test_userinfo_is_none_for_a_token_the_provider_refuses(
    product_with_identity_provider: SignInStack,
) -> None:
    # Unknown to the provider (401), and a token without the openid scope (403).
    assert oidc.userinfo("an-access-token-the-provider-never-issued") is None
    assert oidc.userinfo(oidc.service_token("users:write")) is None


def test_an_id_token_signed_by_the_provider_for_this_client_is_accepted(
    issued: oidc.TokenSet,
) -> None:
    claims = oidc.id_token_claims(issued.id_token)

    assert claims["sub"] == demo_subject()


@pytest.mark.parametrize(
    ("setting", "expected"),
    [("OIDC_RP_CLIENT_ID", "another-client"), ("OIDC_OP_ISSUER", "https://evil.example/o")],
)
def test_an_id_token_for_another_client_or_issuer_is_rejected(
    issued: oidc.TokenSet, settings: Any, setting: str, expected: str
) -> None:
    setattr(settings, setting, expected)
    with pytest.raises(oidc.InvalidIdToken):
        oidc.id_token_claims(issued.id_token)


def test_an_expired_id_token_is_rejected(issued: oidc.TokenSet) -> None:
    with time_machine.travel(timedelta(hours=2)), pytest.raises(oidc.InvalidIdToken):
        oidc.id_token_claims(issued.id_token)


def test_an_id_token_signed_by_another_key_is_rejected(issued: oidc.TokenSet) -> None:
    impostor = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    claims = jwt.decode(issued.id_token, options={"verify_signature": False})
    header = jwt.get_unverified_header(issued.id_token)
    forged = jwt.encode(claims, impostor, "RS256", headers={"kid": header["kid"]})

    with pytest.raises(oidc.InvalidIdToken):
        oidc.id_token_claims(forged)
