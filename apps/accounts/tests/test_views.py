from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from apps.accounts.models import User
from apps.core.tests.pages import preload_of, redirect_parts

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("auth_page", ["signin", "signup"])
@pytest.mark.parametrize(
    ("query", "target"),
    [
        ("", "/market-insights"),
        ("?redirect=/find-global-lead%3Fmy-leads%3D1", "/find-global-lead?my-leads=1"),
        ("?redirect=//evil.com", "/market-insights"),
        ("?redirect=https://evil.com/x", "/market-insights"),
        ("?path=find-global-company", "/find-global-company"),
        ("?path=https://evil.com", "/market-insights"),
    ],
)
def test_auth_pages_render_for_visitors_with_the_safe_target(
    client: Client, auth_page: str, query: str, target: str
) -> None:
    response = client.get(f"/{auth_page}{query}")

    assert response.status_code == 200
    preload = preload_of(response)
    assert preload["page"] == auth_page
    assert preload["user"] is None
    assert preload["data"]["next"] == target


def test_a_failed_sign_in_is_shown_on_the_sign_in_page(client: Client) -> None:
    assert preload_of(client.get("/signin?error=signin_failed"))["data"]["signin_failed"] is True
    assert preload_of(client.get("/signin"))["data"]["signin_failed"] is False


@pytest.mark.parametrize("auth_page", ["signin", "signup"])
@pytest.mark.parametrize(
    ("query", "target"),
    [
        ("", "/market-insights"),
        ("?redirect=/lead-verification/7", "/lead-verification/7"),
        ("?redirect=/\\evil.com", "/market-insights"),
        ("?redirect=javascript:alert(1)", "/market-insights"),
    ],
)
def test_a_signed_in_visitor_goes_on_to_the_safe_target(
    sign_in: Callable[..., Client], member: User, auth_page: str, query: str, target: str
) -> None:
    response = sign_in(member, seconds_left=300).get(f"/{auth_page}{query}")

    assert response.status_code == 302
    assert response["Location"] == target


def test_the_profile_page_renders_its_island_for_a_member(client: Client, member: User) -> None:
    client.force_login(member)
    response = client.get("/profile")

    assert response.status_code == 200
    preload = preload_of(response)
    assert preload["page"] == "profile"
    assert preload["user"]["email"] == member.email
    assert "csrftoken" in response.cookies


def test_visitors_of_the_profile_page_are_sent_to_signin(client: Client) -> None:
    path, query = redirect_parts(client.get("/profile"))
    assert path == "/signin"
    assert query == [("path", "find-global-company"), ("redirect", "/profile")]


def authorize_query(client: Client, query: str) -> dict[str, list[str]]:
    response = client.get(f"/oidc/authenticate/{query}")
    assert response.status_code == 302
    location = urlsplit(response["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == (
        "https://id.tradewise.example/o/authorize/"
    )
    return parse_qs(location.query)


def test_authenticate_asks_for_a_code_with_pkce_and_the_spec_scopes(client: Client) -> None:
    params = authorize_query(client, "")

    assert params["response_type"] == ["code"]
    assert params["client_id"] == ["workspace"]
    assert params["scope"] == ["openid profile email offline_access"]
    assert params["code_challenge_method"] == ["S256"]
    assert len(params["code_challenge"][0]) == 43
    assert params["redirect_uri"] == ["http://testserver/oidc/callback/"]
    assert {"login_hint", "ui_locales", "kc_idp_hint"}.isdisjoint(params)
    assert client.session["oidc_login_next"] == "/market-insights"


@pytest.mark.parametrize(
    ("ui_locales", "sent"), [("en", "en"), ("vi", "vi"), ("zh", "zh-hans"), ("fr", None)]
)
def test_authenticate_forwards_the_interface_language(
    client: Client, ui_locales: str, sent: str | None
) -> None:
    params = authorize_query(client, f"?ui_locales={ui_locales}")
    assert params.get("ui_locales") == ([sent] if sent else None)


def test_authenticate_forwards_the_login_hint(client: Client) -> None:
    params = authorize_query(client, "?login_hint=lan%40example.com")
    assert params["login_hint"] == ["lan@example.com"]


@pytest.mark.parametrize(("hint", "sent"), [("google", ["google"]), ("", None)])
def test_authenticate_asks_for_google_only_when_configured(
    client: Client, settings: Any, hint: str, sent: list[str] | None
) -> None:
    settings.OIDC_GOOGLE_IDP_HINT = hint
    assert authorize_query(client, "?idp=google").get("kc_idp_hint") == sent


@pytest.mark.parametrize(
    ("next_url", "stored"),
    [
        ("/find-global-company/42?my-leads=1", "/find-global-company/42?my-leads=1"),
        ("http://testserver/profile", "/market-insights"),
        ("//evil.com", "/market-insights"),
        ("https://evil.com", "/market-insights"),
        ("/\\evil.com", "/market-insights"),
    ],
)
def test_authenticate_keeps_only_a_relative_next(
    client: Client, next_url: str, stored: str
) -> None:
    authorize_query(client, f"?next={next_url.replace('?', '%3F')}")
    assert client.session["oidc_login_next"] == stored
