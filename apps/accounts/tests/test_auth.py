"""The relying party end to end at the real embedded identity provider: authenticate → the
provider's login page → callback → signed in, and sign-out at the provider."""

import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from django.core.exceptions import SuspiciousOperation

from apps.accounts import tokens
from apps.accounts.auth import OIDCAuthenticationBackend
from apps.accounts.models import User
from apps.accounts.providers import oidc
from apps.accounts.tests.real_provider import (
    DEMO_EMAIL,
    client_of,
    log_in,
    open_login_page,
    product_session,
    signed_in,
    unreachable,
)
from tests.conftest import SignInStack

FAILED = "/signin?error=signin_failed"


@pytest.fixture
def stack(product_with_identity_provider: SignInStack) -> SignInStack:
    return product_with_identity_provider


def test_sign_in_creates_the_user_and_keeps_every_token_in_the_session(
    stack: SignInStack,
) -> None:
    browser, page = open_login_page(stack, "/oidc/authenticate/?next=/find-global-lead")
    authorize = parse_qs(urlsplit(page.history[-1].url).query) if page.history else {}

    landed = log_in(stack, page, browser)

    assert landed == f"{stack.product_url}/find-global-lead"
    user = User.objects.get(email=DEMO_EMAIL)
    assert user.oidc_subject
    stored = tokens.stored(product_session(browser))
    assert stored is not None
    assert stored.access_token
    assert stored.refresh_token
    assert oidc.id_token_claims(stored.id_token)["sub"] == user.oidc_subject
    assert stored.expires_at - time.time() > 60
    # The authorization request used PKCE.
    assert authorize.get("code_challenge_method") == ["S256"]
    cookies = " ".join(cookie.value or "" for cookie in browser.cookies)
    secrets = (stored.access_token, stored.refresh_token, stored.id_token)
    assert not [secret for secret in secrets if secret in cookies]


def test_the_callback_never_sends_the_user_to_another_origin(stack: SignInStack) -> None:
    browser, page = open_login_page(stack)
    session = product_session(browser)
    session["oidc_login_next"] = "https://evil.com/phish"
    session.save()

    landed = log_in(stack, page, browser)

    assert landed == f"{stack.product_url}/market-insights"


def test_a_returning_user_is_matched_by_subject_and_updated(stack: SignInStack) -> None:
    signed_in(stack)
    known = User.objects.get(email=DEMO_EMAIL)
    User.objects.filter(pk=known.pk).update(email="old@example.com", name="Old")

    _, session = signed_in(stack)

    known.refresh_from_db()
    assert known.email == DEMO_EMAIL
    assert known.name != "Old"
    assert int(session["_auth_user_id"]) == known.pk
    assert User.objects.count() == 1


def test_userinfo_of_another_subject_is_refused(stack: SignInStack) -> None:
    _, session = signed_in(stack)
    stored = tokens.stored(session)
    assert stored is not None
    backend = OIDCAuthenticationBackend()
    subject = User.objects.get(email=DEMO_EMAIL).oidc_subject

    claims = backend.get_userinfo(stored.access_token, stored.id_token, {"sub": subject})
    assert claims["email"] == DEMO_EMAIL
    with pytest.raises(SuspiciousOperation):
        backend.get_userinfo(stored.access_token, stored.id_token, {"sub": "someone-else"})


def test_claims_without_an_email_are_refused() -> None:
    backend = OIDCAuthenticationBackend()
    assert backend.verify_claims({"sub": "s-1", "email": "lan@example.com"})
    assert not backend.verify_claims({"sub": "s-1", "email_verified": True})
    assert not backend.verify_claims({"email": "lan@example.com"})


def test_an_id_token_with_another_nonce_fails_the_sign_in(stack: SignInStack) -> None:
    browser, page = open_login_page(stack)
    session = product_session(browser)
    states = session["oidc_states"]
    for state in states.values():
        state["nonce"] = "replayed"
    session["oidc_states"] = states
    session.save()

    landed = log_in(stack, page, browser)

    assert landed == f"{stack.product_url}{FAILED}"
    assert "_auth_user_id" not in product_session(browser)


def test_an_unreachable_provider_fails_the_sign_in_without_an_error_page(
    stack: SignInStack, settings: Any
) -> None:
    browser, page = open_login_page(stack)
    settings.OIDC_OP_TOKEN_ENDPOINT = unreachable("/o/token/")

    landed = log_in(stack, page, browser)

    assert landed == f"{stack.product_url}{FAILED}"


def test_sign_out_ends_the_session_here_and_at_the_provider(
    stack: SignInStack, settings: Any
) -> None:
    _, session = signed_in(stack)
    stored = tokens.stored(session)
    assert stored is not None
    client = client_of(session)

    response = client.post("/oidc/logout/")

    location = urlsplit(response["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == (
        settings.OIDC_OP_LOGOUT_ENDPOINT
    )
    assert parse_qs(location.query) == {
        "client_id": [settings.OIDC_RP_CLIENT_ID],
        "id_token_hint": [stored.id_token],
        "post_logout_redirect_uri": [f"{stack.product_url}/signin"],
    }
    assert "_auth_user_id" not in client.session
    assert tokens.stored(client.session) is None
    renewal = requests.post(
        settings.OIDC_OP_TOKEN_ENDPOINT,
        data={"grant_type": "refresh_token", "refresh_token": stored.refresh_token},
        auth=(settings.OIDC_RP_CLIENT_ID, settings.OIDC_RP_CLIENT_SECRET),
        timeout=10,
    )
    assert renewal.status_code == 400  # revoked at the provider
