from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

import pytest
import time_machine
from django.conf import settings
from django.test import Client
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application, RefreshToken

from apps.identity import services
from apps.identity.oidc import IdentityValidator, is_service_client
from apps.identity.tests import factories

pytestmark = pytest.mark.django_db

ISSUER = f"{settings.IDENTITY_URL}/o"


def _signed_in_tokens(client: Client) -> dict[str, str]:
    factories.make_product_client()
    user = factories.make_user()
    pkce = factories.make_pkce()
    code = factories.obtain_code(client, user, pkce)
    response = factories.exchange_code(client, code, pkce.verifier)
    assert response.status_code == 200, response.content
    tokens: dict[str, str] = response.json()
    return tokens


def test_discovery_describes_the_provider(client: Client) -> None:
    data = client.get("/o/.well-known/openid-configuration").json()
    assert data["issuer"] == ISSUER
    assert data["authorization_endpoint"].endswith("/o/authorize/")
    assert data["token_endpoint"].endswith("/o/token/")
    assert data["userinfo_endpoint"].endswith("/o/userinfo/")
    assert data["jwks_uri"].endswith("/o/.well-known/jwks.json")
    assert data["end_session_endpoint"].endswith("/o/logout/")
    assert data["revocation_endpoint"] == f"{ISSUER}/revoke_token/"
    auth_methods = data["token_endpoint_auth_methods_supported"]
    assert data["revocation_endpoint_auth_methods_supported"] == auth_methods
    assert data["id_token_signing_alg_values_supported"][0] == "RS256"
    assert data["code_challenge_methods_supported"] == ["S256"]
    assert data["response_types_supported"] == ["code"]
    assert {"email", "name", "email_verified"} <= set(data["claims_supported"])


def test_jwks_publishes_one_rs256_key(client: Client) -> None:
    keys = client.get("/o/.well-known/jwks.json").json()["keys"]
    assert len(keys) == 1
    assert keys[0]["alg"] == "RS256"
    assert keys[0]["kty"] == "RSA"
    assert "d" not in keys[0]


def test_anonymous_authorize_goes_to_the_providers_own_sign_in(client: Client) -> None:
    factories.make_product_client()
    response = client.get(factories.authorize_path(factories.make_pkce()))
    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=/o/authorize/")


def test_code_flow_with_pkce_issues_tokens_with_the_users_claims(client: Client) -> None:
    tokens = _signed_in_tokens(client)
    claims = factories.verify_id_token(client, tokens["id_token"])
    user = factories.User.objects.get()
    assert claims["iss"] == ISSUER
    assert claims["aud"] == settings.IDENTITY_PRODUCT_CLIENT_ID
    assert claims["sub"] == str(user.subject)
    assert claims["email"] == "exporter@example.com"
    assert claims["email_verified"] is True
    assert claims["name"] == "Lan Nguyen"
    assert claims["nonce"] == "nonce-1"
    assert tokens["refresh_token"]


def test_userinfo_returns_the_claims_for_the_access_token(client: Client) -> None:
    tokens = _signed_in_tokens(client)
    response = client.get("/o/userinfo/", HTTP_AUTHORIZATION=f"Bearer {tokens['access_token']}")
    assert response.status_code == 200
    info = response.json()
    assert info["email"] == "exporter@example.com"
    assert info["name"] == "Lan Nguyen"
    assert info["sub"] == str(factories.User.objects.get().subject)


def test_authorize_without_pkce_is_refused(client: Client) -> None:
    factories.make_product_client()
    factories.sign_in(client, factories.make_user().email)
    response = client.get(factories.authorize_path(None))
    assert response.status_code == 302
    query = factories.query_of(response["Location"])
    assert query["error"] == "invalid_request"
    assert "code" not in query


def test_plain_pkce_is_refused(client: Client) -> None:
    factories.make_product_client()
    factories.sign_in(client, factories.make_user().email)
    path = factories.authorize_path(None, code_challenge="a" * 50, code_challenge_method="plain")
    query = factories.query_of(client.get(path)["Location"])
    assert query["error"] == "invalid_request"
    assert "code" not in query


def test_a_wrong_code_verifier_is_refused(client: Client) -> None:
    factories.make_product_client()
    user = factories.make_user()
    code = factories.obtain_code(client, user, factories.make_pkce())
    response = factories.exchange_code(client, code, factories.make_pkce().verifier)
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_grant"


def test_refresh_rotates_and_the_old_refresh_token_is_refused(client: Client) -> None:
    tokens = _signed_in_tokens(client)
    first = factories.refresh(client, tokens["refresh_token"])
    assert first.status_code == 200
    assert first.json()["refresh_token"] != tokens["refresh_token"]
    grace = settings.OAUTH2_PROVIDER["REFRESH_TOKEN_GRACE_PERIOD_SECONDS"]
    with time_machine.travel(timezone.now() + timedelta(seconds=grace + 1)):
        replay = factories.refresh(client, tokens["refresh_token"])
        assert replay.status_code == 400
        assert replay.json()["error"] == "invalid_grant"


def test_a_replayed_refresh_token_revokes_its_whole_family(client: Client) -> None:
    """RFC 9700 §4.14.2: a rotated-out refresh token used again after the grace period means
    it may have been stolen, so the tokens issued from it are revoked too."""
    tokens = _signed_in_tokens(client)
    first = factories.refresh(client, tokens["refresh_token"])
    assert first.status_code == 200
    grace = settings.OAUTH2_PROVIDER["REFRESH_TOKEN_GRACE_PERIOD_SECONDS"]
    with time_machine.travel(timezone.now() + timedelta(seconds=grace + 1)):
        assert factories.refresh(client, tokens["refresh_token"]).status_code == 400
        assert factories.refresh(client, first.json()["refresh_token"]).status_code == 400


def test_a_simultaneous_renewal_with_the_old_refresh_token_is_accepted(client: Client) -> None:
    tokens = _signed_in_tokens(client)
    assert factories.refresh(client, tokens["refresh_token"]).status_code == 200
    assert factories.refresh(client, tokens["refresh_token"]).status_code == 200


def test_a_refresh_token_revoked_at_the_discovered_endpoint_can_no_longer_be_used(
    client: Client,
) -> None:
    tokens = _signed_in_tokens(client)
    discovery = client.get("/o/.well-known/openid-configuration").json()
    response = client.post(
        urlsplit(discovery["revocation_endpoint"]).path,
        {"token": tokens["refresh_token"], "token_type_hint": "refresh_token"},
        HTTP_AUTHORIZATION=factories.product_auth(),
    )
    assert response.status_code == 200
    assert factories.refresh(client, tokens["refresh_token"]).status_code == 400
    userinfo = client.get("/o/userinfo/", HTTP_AUTHORIZATION=f"Bearer {tokens['access_token']}")
    assert userinfo.status_code == 401


def test_client_credentials_gives_the_service_client_a_users_write_token(client: Client) -> None:
    factories.make_service_client()
    token = AccessToken.objects.get(token=factories.service_token(client))
    assert token.user is None
    assert token.scope == "users:write"
    assert not RefreshToken.objects.exists()


def test_the_product_client_cannot_obtain_users_write(client: Client) -> None:
    factories.make_product_client()
    response = client.post(
        "/o/token/",
        {"grant_type": "client_credentials", "scope": "users:write"},
        HTTP_AUTHORIZATION=factories.product_auth(),
    )
    assert response.status_code in (400, 401)
    assert not AccessToken.objects.exists()


def test_another_client_credentials_client_cannot_obtain_users_write(client: Client) -> None:
    services.ensure_client(
        services.ClientSpec(
            client_id="reports",
            client_secret="reports-secret",
            name="Reports",
            grant_type=Application.GRANT_CLIENT_CREDENTIALS,
        )
    )
    auth = factories.basic_auth("reports", "reports-secret")
    refused = client.post(
        "/o/token/",
        {"grant_type": "client_credentials", "scope": "users:write"},
        HTTP_AUTHORIZATION=auth,
    )
    assert refused.status_code == 400
    assert refused.json()["error"] == "invalid_scope"
    allowed = client.post(
        "/o/token/",
        {"grant_type": "client_credentials", "scope": "openid"},
        HTTP_AUTHORIZATION=auth,
    )
    assert allowed.status_code == 200


def test_a_wrong_client_secret_is_refused(client: Client) -> None:
    factories.make_service_client()
    response = client.post(
        "/o/token/",
        {"grant_type": "client_credentials", "scope": "users:write"},
        HTTP_AUTHORIZATION=factories.basic_auth(settings.IDENTITY_SERVICE_CLIENT_ID, "wrong"),
    )
    assert response.status_code == 401


def test_logout_with_id_token_hint_signs_out_and_returns_to_the_product(client: Client) -> None:
    tokens = _signed_in_tokens(client)
    post_logout = settings.IDENTITY_PRODUCT_POST_LOGOUT_REDIRECT_URIS[0]
    response = client.get(
        "/o/logout/",
        {
            "id_token_hint": tokens["id_token"],
            "post_logout_redirect_uri": post_logout,
            "state": "bye",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == f"{post_logout}?state=bye"
    assert "_auth_user_id" not in client.session
    assert not AccessToken.objects.filter(token=tokens["access_token"]).exists()
    assert RefreshToken.objects.get(token=tokens["refresh_token"]).revoked is not None
    assert factories.refresh(client, tokens["refresh_token"]).status_code == 400


def _device_tokens(device: Client, user: factories.User) -> dict[str, str]:
    pkce = factories.make_pkce()
    response = factories.exchange_code(
        device, factories.obtain_code(device, user, pkce), pkce.verifier
    )
    assert response.status_code == 200, response.content
    tokens: dict[str, str] = response.json()
    return tokens


def test_signing_out_on_one_device_leaves_the_others_signed_in() -> None:
    factories.make_product_client()
    user = factories.make_user()
    laptop, phone = Client(), Client()
    laptop_tokens, phone_tokens = _device_tokens(laptop, user), _device_tokens(phone, user)
    laptop.get(
        "/o/logout/",
        {
            "id_token_hint": laptop_tokens["id_token"],
            "post_logout_redirect_uri": settings.IDENTITY_PRODUCT_POST_LOGOUT_REDIRECT_URIS[0],
        },
    )
    assert factories.refresh(laptop, laptop_tokens["refresh_token"]).status_code == 400
    assert AccessToken.objects.filter(token=phone_tokens["access_token"]).exists()
    renewed = factories.refresh(phone, phone_tokens["refresh_token"])
    assert renewed.status_code == 200, renewed.content
    assert "_auth_user_id" in phone.session


def test_logout_refuses_an_unregistered_post_logout_redirect(client: Client) -> None:
    factories.make_product_client()
    response = client.get(
        "/o/logout/",
        {
            "client_id": settings.IDENTITY_PRODUCT_CLIENT_ID,
            "post_logout_redirect_uri": "https://evil.example/",
        },
    )
    assert response.status_code == 400


def test_the_product_client_skips_consent(client: Client) -> None:
    factories.make_product_client()
    factories.sign_in(client, factories.make_user().email)
    response = client.get(factories.authorize_path(factories.make_pkce()))
    assert response.status_code == 302
    assert "code" in factories.query_of(response["Location"])


def test_service_client_check_requires_the_service_client_id() -> None:
    product, service = factories.make_product_client(), factories.make_service_client()
    assert is_service_client(service)
    assert not is_service_client(product)
    assert not is_service_client(None)


def test_claims_use_the_subject_not_the_database_id() -> None:
    user = factories.make_user()

    class _Request:
        pass

    request = _Request()
    request.user = user  # type: ignore[attr-defined]
    claims = IdentityValidator().get_additional_claims(request)  # type: ignore[arg-type]
    assert claims["sub"] == str(user.subject) != str(user.pk)
    assert claims["locale"] == "en"


def test_silent_authorize_without_a_session_answers_login_required(client: Client) -> None:
    factories.make_product_client()
    response = client.get(factories.authorize_path(factories.make_pkce(), prompt="none"))
    assert response.status_code == 302
    assert factories.query_of(response["Location"])["error"] == "login_required"


def test_an_unknown_client_gets_an_error_page_not_a_redirect(client: Client) -> None:
    factories.sign_in(client, factories.make_user().email)
    response = client.get(factories.authorize_path(factories.make_pkce(), client_id="unknown"))
    assert response.status_code == 400
    assert "Tradewise" in response.content.decode()
    assert "Invalid client_id parameter value." in response.content.decode()


def test_silent_authorize_with_a_session_issues_a_code(client: Client) -> None:
    factories.make_product_client()
    factories.sign_in(client, factories.make_user().email)
    response = client.get(factories.authorize_path(factories.make_pkce(), prompt="none"))
    assert response.status_code == 302
    assert "code" in factories.query_of(response["Location"])


def test_logout_still_works_after_the_product_revoked_its_refresh_token(client: Client) -> None:
    tokens = _signed_in_tokens(client)
    client.post(
        "/o/revoke_token/",
        {"token": tokens["refresh_token"], "token_type_hint": "refresh_token"},
        HTTP_AUTHORIZATION=factories.product_auth(),
    )
    response = client.get(
        "/o/logout/",
        {
            "client_id": settings.IDENTITY_PRODUCT_CLIENT_ID,
            "id_token_hint": tokens["id_token"],
            "post_logout_redirect_uri": f"{settings.PRODUCT_URL}/signin",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == f"{settings.PRODUCT_URL}/signin"
    assert "_auth_user_id" not in client.session
