from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from apps.accounts import tokens
from apps.accounts.models import User
from apps.accounts.providers import oidc

pytestmark = pytest.mark.django_db

SignIn = Callable[..., Client]


class Provider:
    """The token endpoint and ID token check, replaced at the adapter boundary."""

    def __init__(self, subject: str = "s-1", refusal: Exception | None = None) -> None:
        self.subject, self.refusal = subject, refusal
        self.refreshed_with: list[str] = []

    def refresh_tokens(self, refresh_token: str) -> oidc.TokenSet:
        self.refreshed_with.append(refresh_token)
        if self.refusal:
            raise self.refusal
        body = {"access_token": "a-2", "id_token": "i-2", "refresh_token": "r-2", "expires_in": 300}
        return oidc.TokenSet.from_response(body)

    def id_token_claims(self, id_token: str) -> dict[str, Any]:
        assert id_token == "i-2"
        return {"sub": self.subject}


@pytest.fixture
def use_provider(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Provider]:
    def install(**kwargs: Any) -> Provider:
        provider = Provider(**kwargs)
        monkeypatch.setattr(oidc, "refresh_tokens", provider.refresh_tokens)
        monkeypatch.setattr(oidc, "id_token_claims", provider.id_token_claims)
        return provider

    return install


def test_a_token_with_time_left_is_not_renewed(
    sign_in: SignIn, member: User, use_provider: Callable[..., Provider]
) -> None:
    provider = use_provider()
    client = sign_in(member, seconds_left=21)

    assert client.get("/fast-ai/v1/users").status_code == 200
    assert provider.refreshed_with == []


def test_an_expiring_token_is_renewed_and_the_rotated_refresh_token_kept(
    sign_in: SignIn, member: User, use_provider: Callable[..., Provider]
) -> None:
    provider = use_provider()
    client = sign_in(member, seconds_left=19)

    response = client.get("/fast-ai/v1/users")

    assert response.status_code == 200
    assert provider.refreshed_with == ["r-1"]
    stored = tokens.stored(client.session)
    assert (stored.access_token, stored.id_token, stored.refresh_token) == ("a-2", "i-2", "r-2")


def test_a_renewal_for_another_subject_signs_the_user_out(
    sign_in: SignIn, member: User, use_provider: Callable[..., Provider]
) -> None:
    use_provider(subject="someone-else")
    client = sign_in(member, seconds_left=5)

    response = client.get("/find-global-lead?my-leads=1")

    assert response.status_code == 302
    assert response["Location"] == (
        "/signin?path=find-global-lead&my-leads=1&redirect=%2Ffind-global-lead%3Fmy-leads%3D1"
    )
    assert "_auth_user_id" not in client.session
    assert tokens.stored(client.session) is None


def test_a_refused_renewal_signs_out_and_returns_to_the_page_after_sign_in(
    sign_in: SignIn, member: User, use_provider: Callable[..., Provider]
) -> None:
    use_provider(refusal=oidc.ProviderError("invalid_grant"))
    client = sign_in(member, seconds_left=-30)

    response = client.get("/market-insights?pricing=monthly")

    assert response["Location"] == (
        "/signin?path=market-insights&pricing=monthly&redirect=%2Fmarket-insights%3Fpricing%3Dmonthly"
    )
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("path", ["/fast-ai/v1/users", "/oms-backend/v1/orders"])
def test_a_refused_renewal_on_the_api_is_a_401_in_the_error_shape(
    sign_in: SignIn, member: User, use_provider: Callable[..., Provider], path: str
) -> None:
    use_provider(refusal=oidc.ProviderError("connection refused"))
    client = sign_in(member, seconds_left=0)

    response = client.get(path)

    assert response.status_code == 401
    assert response.json() == {
        "data": {"error": "Please login to use this feature", "fields": {}},
        "meta": {"message": "Please login to use this feature", "code": "not_authenticated"},
    }
    assert "_auth_user_id" not in client.session


def test_a_session_without_a_refresh_token_cannot_be_renewed(
    sign_in: SignIn, member: User, use_provider: Callable[..., Provider]
) -> None:
    provider = use_provider()
    client = sign_in(member, seconds_left=1, refresh_token="")

    assert client.get("/fast-ai/v1/users").status_code == 401
    assert provider.refreshed_with == []


def test_sign_out_is_not_held_up_by_an_expired_token(
    sign_in: SignIn,
    member: User,
    use_provider: Callable[..., Provider],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    provider = use_provider()
    monkeypatch.setattr(oidc, "revoke_token", lambda token, hint: None)
    client = sign_in(member, seconds_left=-60)

    response = client.post("/oidc/logout/")

    assert response["Location"].startswith("https://id.tradewise.example/o/logout/?")
    assert provider.refreshed_with == []


# The browser's 60-second session monitor: POST /oms-backend/v1/auth/refresh


def test_the_monitor_renews_a_token_that_would_expire_before_its_next_check(
    sign_in: SignIn, member: User, use_provider: Callable[..., Provider]
) -> None:
    provider = use_provider()
    client = sign_in(member, seconds_left=100)

    response = client.post("/oms-backend/v1/auth/refresh")

    assert response.status_code == 200
    assert provider.refreshed_with == ["r-1"]
    assert 295 <= response.json()["data"]["expires_in"] <= 300
    assert set(response.json()["data"]) == {"expires_at", "expires_in"}
    assert tokens.stored(client.session).access_token == "a-2"


def test_the_monitor_leaves_a_fresh_token_alone(
    sign_in: SignIn, member: User, use_provider: Callable[..., Provider]
) -> None:
    provider = use_provider()
    client = sign_in(member, seconds_left=250)

    response = client.post("/oms-backend/v1/auth/refresh")

    assert response.status_code == 200
    assert provider.refreshed_with == []
    assert 245 <= response.json()["data"]["expires_in"] <= 250


def test_the_monitor_signs_out_a_session_that_cannot_be_renewed(
    sign_in: SignIn, member: User, use_provider: Callable[..., Provider]
) -> None:
    use_provider(refusal=oidc.ProviderError("invalid_grant"))
    client = sign_in(member, seconds_left=60)

    response = client.post("/oms-backend/v1/auth/refresh")

    assert response.status_code == 401
    assert client.get("/fast-ai/v1/users").status_code == 401


def test_the_monitor_needs_a_signed_in_session(client: Client) -> None:
    assert client.post("/oms-backend/v1/auth/refresh").status_code == 401
