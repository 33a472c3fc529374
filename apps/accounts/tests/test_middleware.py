"""Renewal of the signed-in user's access token at the real identity provider: before a
request when the token is about to expire, and by the browser's session monitor."""

from typing import Any

import pytest
import requests
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from apps.accounts import tokens
from apps.accounts.models import User
from apps.accounts.tests.real_provider import (
    DEMO_EMAIL,
    client_of,
    expiring_in,
    signed_in,
    unreachable,
)
from tests.conftest import SignInStack


@pytest.fixture
def session(product_with_identity_provider: SignInStack) -> SessionStore:
    """The product session the demo user's real sign-in left."""
    _, store = signed_in(product_with_identity_provider)
    return store


def current(session: SessionStore) -> tokens.TokenSet | None:
    return tokens.stored(SessionStore(session.session_key))


def refresh_at_provider(settings: Any, refresh_token: str) -> int:
    """The provider's answer to a renewal with `refresh_token` (200, or 400 once unusable)."""
    answer = requests.post(
        settings.OIDC_OP_TOKEN_ENDPOINT,
        data={"grant_type": "refresh_token", "refresh_token": refresh_token},
        auth=(settings.OIDC_RP_CLIENT_ID, settings.OIDC_RP_CLIENT_SECRET),
        timeout=10,
    )
    return answer.status_code


def test_a_token_with_time_left_is_not_renewed(session: SessionStore) -> None:
    # A minute past the renewal threshold (20 s), so a slow machine cannot cross it.
    before = tokens.stored(expiring_in(session, 80))

    assert client_of(session).get("/fast-ai/v1/users").status_code == 200
    assert current(session) == before


def test_an_expiring_token_is_renewed_and_the_rotated_refresh_token_kept(
    session: SessionStore,
) -> None:
    before = tokens.stored(expiring_in(session, 19))
    assert before is not None

    response = client_of(session).get("/fast-ai/v1/users")

    assert response.status_code == 200
    assert response.json()["data"]["email"] == DEMO_EMAIL
    after = current(session)
    assert after is not None
    assert after.access_token != before.access_token
    assert after.id_token != before.id_token
    assert after.refresh_token != before.refresh_token
    assert after.seconds_left() > 60
    # The kept refresh token is the one the provider takes for the next renewal.
    expiring_in(session, 5)
    assert client_of(session).post("/oms-backend/v1/auth/refresh").status_code == 200
    again = current(session)
    assert again is not None
    assert again.refresh_token not in {before.refresh_token, after.refresh_token}


def test_a_renewal_for_another_subject_signs_the_user_out(session: SessionStore) -> None:
    # The account this session belongs to no longer has the provider's subject.
    User.objects.filter(email=DEMO_EMAIL).update(oidc_subject="someone-else")
    expiring_in(session, 5)
    client = client_of(session)

    response = client.get("/find-global-lead?my-leads=1")

    assert response.status_code == 302
    assert response["Location"] == (
        "/signin?path=find-global-lead&my-leads=1&redirect=%2Ffind-global-lead%3Fmy-leads%3D1"
    )
    assert "_auth_user_id" not in client.session
    assert tokens.stored(client.session) is None


def test_a_refused_renewal_signs_out_and_returns_to_the_page_after_sign_in(
    session: SessionStore,
) -> None:
    expiring_in(session, -30, refresh_token="a-refresh-token-the-provider-never-issued")
    client = client_of(session)

    response = client.get("/market-insights?pricing=monthly")

    assert response["Location"] == (
        "/signin?path=market-insights&pricing=monthly&redirect=%2Fmarket-insights%3Fpricing%3Dmonthly"
    )
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("path", ["/fast-ai/v1/users", "/oms-backend/v1/orders"])
def test_a_refused_renewal_on_the_api_is_a_401_in_the_error_shape(
    session: SessionStore, path: str
) -> None:
    expiring_in(session, 0, refresh_token="a-refresh-token-the-provider-never-issued")
    client = client_of(session)

    response = client.get(path)

    assert response.status_code == 401
    assert response.json() == {
        "data": {"error": "Please login to use this feature", "fields": {}},
        "meta": {"message": "Please login to use this feature", "code": "not_authenticated"},
    }
    assert "_auth_user_id" not in client.session


def test_an_unreachable_provider_at_renewal_is_a_401(session: SessionStore, settings: Any) -> None:
    settings.OIDC_OP_TOKEN_ENDPOINT = unreachable("/o/token/")
    expiring_in(session, 0)

    assert client_of(session).get("/fast-ai/v1/users").status_code == 401


def test_a_session_without_a_refresh_token_cannot_be_renewed(session: SessionStore) -> None:
    expiring_in(session, 1, refresh_token="")

    assert client_of(session).get("/fast-ai/v1/users").status_code == 401


def test_sign_out_is_not_held_up_by_an_expired_token(session: SessionStore, settings: Any) -> None:
    stored = tokens.stored(expiring_in(session, -60))
    assert stored is not None
    client = client_of(session)

    response = client.post("/oidc/logout/")

    assert response["Location"].startswith(f"{settings.OIDC_OP_LOGOUT_ENDPOINT}?")
    assert "_auth_user_id" not in client.session
    # Signed out without a renewal: the refresh token was revoked, not rotated.
    assert refresh_at_provider(settings, stored.refresh_token) == 400


# The browser's 60-second session monitor: POST /oms-backend/v1/auth/refresh


def test_the_monitor_renews_a_token_that_would_expire_before_its_next_check(
    session: SessionStore,
) -> None:
    before = tokens.stored(expiring_in(session, 100))
    assert before is not None

    response = client_of(session).post("/oms-backend/v1/auth/refresh")

    assert response.status_code == 200
    assert set(response.json()["data"]) == {"expires_at", "expires_in"}
    after = current(session)
    assert after is not None
    assert after.access_token != before.access_token
    assert after.seconds_left() - 1 <= response.json()["data"]["expires_in"] <= after.seconds_left()
    assert response.json()["data"]["expires_in"] > 100


def test_the_monitor_leaves_a_fresh_token_alone(session: SessionStore) -> None:
    before = tokens.stored(expiring_in(session, 250))

    response = client_of(session).post("/oms-backend/v1/auth/refresh")

    assert response.status_code == 200
    assert 245 <= response.json()["data"]["expires_in"] <= 250
    assert current(session) == before


def test_the_monitor_signs_out_a_session_that_cannot_be_renewed(session: SessionStore) -> None:
    expiring_in(session, 60, refresh_token="a-refresh-token-the-provider-never-issued")
    client = client_of(session)

    response = client.post("/oms-backend/v1/auth/refresh")

    assert response.status_code == 401
    assert client.get("/fast-ai/v1/users").status_code == 401


@pytest.mark.django_db
def test_the_monitor_needs_a_signed_in_session(client: Client) -> None:
    assert client.post("/oms-backend/v1/auth/refresh").status_code == 401
