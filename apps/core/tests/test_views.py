"""Every route of spec §2, its redirects and its search-parameter rules."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import HttpRequest
from django.test import Client

from apps.core import pages
from apps.core.tests.pages import preload_of, redirect_parts

pytestmark = pytest.mark.django_db

PAGES = [
    ("/market-insights", "market-insights"),
    ("/find-global-lead", "find-global-lead"),
    ("/find-global-company", "find-global-company"),
    ("/find-global-company/42", "company-detail"),
    ("/lead-verification", "lead-verification"),
    ("/lead-verification/42", "verification-detail"),
]
UNAVAILABLE = [
    "/ai-sale-agent",
    "/content-workflow",
    "/ai-package-design",
    "/lead-nurturing",
    "/order-management",
    "/farm-management",
    "/chatbot-support",
    "/customer-services",
]


@pytest.mark.parametrize(
    ("url", "target"),
    [
        ("/find-global-buyers", "/find-global-company"),
        ("/find-global-buyers?my-leads=1", "/find-global-company?my-leads=1"),
        ("/find-global", "/find-global-lead"),
    ],
)
def test_redirect_routes_carry_search_parameters(client: Client, url: str, target: str) -> None:
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == target


@pytest.mark.parametrize(
    ("url", "section"),
    [
        ("/market-insights", "market-insights"),
        ("/find-global-lead", "find-global-lead"),
        ("/find-global-company", "find-global-company"),
        ("/find-global-company/7", "find-global-company"),
        ("/lead-verification", "find-global-company"),
        ("/lead-verification/7", "find-global-company"),
        *[(url, "find-global-company") for url in UNAVAILABLE],
    ],
)
def test_visitors_are_sent_to_signin_with_the_section(client: Client, url: str, section: str):
    response = client.get(url)
    path, query = redirect_parts(response)
    assert response.status_code == 302
    assert path == "/signin"
    assert query[0] == ("path", section)
    assert ("redirect", url) in query


def test_signin_redirect_keeps_the_visitors_search_parameters(client: Client) -> None:
    response = client.get("/market-insights?pricing=market-insights&my-leads=open")
    _, query = redirect_parts(response)
    assert ("pricing", "market-insights") in query
    assert ("my-leads", "open") in query


@pytest.mark.parametrize(("url", "page"), PAGES)
def test_pages_render_their_island_with_a_preload(member_client: Client, url: str, page: str):
    response = member_client.get(url)
    assert response.status_code == 200
    preload = preload_of(response)
    assert preload["page"] == page
    assert preload["user"]["email"] == "lan.nguyen@example.com"
    assert "csrftoken" in response.cookies


def test_detail_pages_preload_their_company_id(member_client: Client) -> None:
    assert preload_of(member_client.get("/find-global-company/42"))["data"]["company_id"] == 42


@pytest.fixture
def page_preloads(monkeypatch: pytest.MonkeyPatch) -> pages.PreloadRegistry:
    """An empty hook registry in place of the one the apps registered with."""
    registry = pages.PreloadRegistry()
    monkeypatch.setattr(pages, "page_preloads", registry)
    return registry


@pytest.mark.parametrize(("url", "page"), PAGES)
def test_signed_in_pages_preload_what_the_registered_hooks_answer(
    member_client: Client, page_preloads: pages.PreloadRegistry, url: str, page: str
) -> None:
    calls: list[tuple[str, str]] = []

    def hook(request: HttpRequest, page: str) -> dict[str, Any]:
        calls.append((request.user.get_username(), page))
        return {"/fast-ai/v1/example": {"page": page}}

    page_preloads.register(hook)
    page_preloads.register(hook)

    assert preload_of(member_client.get(url))["data"]["api"] == {
        "/fast-ai/v1/example": {"page": page}
    }
    assert calls == [("lan.nguyen@example.com", page)]


def test_public_pages_preload_no_api_answers(client: Client) -> None:
    assert "api" not in preload_of(client.get("/signin"))["data"]


@pytest.mark.parametrize("url", UNAVAILABLE)
def test_unavailable_sidebar_routes_render_the_notice(member_client: Client, url: str) -> None:
    response = member_client.get(url)
    assert response.status_code == 200
    assert preload_of(response)["page"] == "unavailable"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("pricing=market-insights", "market-insights"),
        ("pricing=a&pricing=b", ""),
        ("pricing=%00bad", ""),
        ("", ""),
    ],
)
def test_search_parameters_fall_back_to_an_empty_string(
    member_client: Client, query: str, expected: str
) -> None:
    search = preload_of(member_client.get(f"/market-insights?{query}"))["search"]
    assert search["pricing"] == expected
    assert set(search) == {
        "redirect",
        "product_name",
        "order",
        "pricing",
        "my-leads",
        "my-verification",
    }


def test_unknown_page_is_a_not_found_view(client: Client) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert preload_of(response)["page"] == "not-found"


def test_unknown_api_path_is_a_json_not_found(client: Client) -> None:
    response = client.get("/fast-ai/v1/no-such-thing")
    assert response.status_code == 404
    assert response.json()["meta"]["code"] == "not_found"


def test_a_failing_page_is_the_error_screen(
    member_client: Client, page_preloads: pages.PreloadRegistry
) -> None:
    def broken(request: HttpRequest, page: str) -> dict[str, Any]:
        raise RuntimeError("database unavailable")

    page_preloads.register(broken)
    member_client.raise_request_exception = False
    response = member_client.get("/market-insights")
    assert response.status_code == 500
    assert preload_of(response)["page"] == "server-error"


def test_the_api_is_described_by_an_openapi_document(client: Client) -> None:
    document = client.get("/api/openapi.json").json()
    assert document["info"]["title"] == "Tradewise API"
    assert "/fast-ai/v1/users" in document["paths"]


@pytest.mark.parametrize(
    ("cookie", "accept", "lang"),
    [
        ("vi", "en", "vi"),
        ("zh-hans", "", "zh-Hans"),
        ("", "zh-CN,zh;q=0.9", "zh-Hans"),
        ("", "de-DE", "en"),
        ("xx", "", "en"),
    ],
)
def test_pages_are_sent_in_the_language_the_visitor_chose(
    member_client: Client, cookie: str, accept: str, lang: str
) -> None:
    if cookie:
        member_client.cookies["django_language"] = cookie
    page = member_client.get("/market-insights", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert f'<html lang="{lang}">' in page
