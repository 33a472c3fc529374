"""Every route of spec §2, its redirects and its search-parameter rules."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PAGES = [
    ("/market-insights", "market-insights"),
    ("/find-global-lead", "find-global-lead"),
    ("/find-global-company", "find-global-company"),
    ("/find-global-company/42", "company-detail"),
    ("/lead-verification", "lead-verification"),
    ("/lead-verification/42", "verification-detail"),
    ("/profile", "profile"),
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


def preload_of(response) -> dict:
    html = response.content.decode()
    start = html.index('<script id="preload" type="application/json">') + len(
        '<script id="preload" type="application/json">'
    )
    return json.loads(html[start : html.index("</script>", start)])


def redirect_parts(response) -> tuple[str, list[tuple[str, str]]]:
    location = urlsplit(response["Location"])
    return location.path, parse_qsl(location.query)


@pytest.mark.parametrize(
    ("url", "target"),
    [
        ("/?product_name=lead-sourcing", "/find-global-company?product_name=lead-sourcing"),
        ("/?product_name=market-insights", "/market-insights?product_name=market-insights"),
        ("/?product_name=anything&pricing=x", "/market-insights?product_name=anything&pricing=x"),
        ("/", "/market-insights"),
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
        ("/profile", "find-global-company"),
        ("/success?product_name=market-insights", "find-global-company"),
        ("/cancel?product_name=lead-sourcing", "find-global-company"),
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


@pytest.mark.parametrize(("url", "page"), PAGES)
def test_pages_preload_the_api_answers_the_shell_needs(member_client: Client, url: str, page: str):
    preloaded = preload_of(member_client.get(url))["data"]["api"]
    assert "/fast-ai/v1/users" in preloaded
    for path, answer in preloaded.items():
        assert member_client.get(path).json()["data"] == answer


def test_public_pages_preload_no_api_answers(client: Client) -> None:
    assert "api" not in preload_of(client.get("/signin"))["data"]


@pytest.mark.parametrize("url", UNAVAILABLE)
def test_unavailable_sidebar_routes_render_the_notice(member_client: Client, url: str) -> None:
    response = member_client.get(url)
    assert response.status_code == 200
    assert preload_of(response)["page"] == "unavailable"


@pytest.mark.parametrize(
    ("url", "page", "target"),
    [
        ("/success?product_name=market-insights", "success", "/market-insights"),
        ("/success?product_name=Market-Insights-monthly", "success", "/market-insights"),
        ("/success?product_name=LEAD-SOURCING", "success", "/find-global-company"),
        ("/success?product_name=other", "success", None),
        ("/cancel?product_name=market-insights", "cancel", "/market-insights"),
        ("/cancel?product_name=lead-sourcing", "cancel", "/find-global-company"),
        ("/cancel?product_name=other", "cancel", None),
    ],
)
def test_payment_outcomes_follow_the_product_name(
    member_client: Client, url: str, page: str, target: str | None
) -> None:
    preload = preload_of(member_client.get(url))
    assert preload["page"] == page
    assert preload["data"]["target"] == target


@pytest.mark.parametrize("url", ["/success", "/cancel", "/success?product_name="])
def test_payment_outcomes_require_a_product_name(member_client: Client, url: str) -> None:
    response = member_client.get(url)
    assert response.status_code == 400
    assert preload_of(response)["page"] == "server-error"


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
    assert set(search) == {"redirect", "product_name", "pricing", "my-leads", "my-verification"}


def test_unknown_page_is_a_not_found_view(client: Client) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert preload_of(response)["page"] == "not-found"


def test_unknown_api_path_is_a_json_not_found(client: Client) -> None:
    response = client.get("/fast-ai/v1/no-such-thing")
    assert response.status_code == 404
    assert response.json()["meta"]["code"] == "not_found"


def test_a_failing_page_is_the_error_screen(member_client: Client, monkeypatch) -> None:
    from apps.core import pages

    def broken(*args, **kwargs):
        raise RuntimeError("database unavailable")

    monkeypatch.setattr(pages, "page_preload", broken)
    member_client.raise_request_exception = False
    response = member_client.get("/market-insights")
    assert response.status_code == 500
    assert preload_of(response)["page"] == "server-error"


def test_the_api_is_described_by_an_openapi_document(client: Client) -> None:
    document = client.get("/api/openapi.json").json()
    assert document["info"]["title"] == "Tradewise API"
    assert "/fast-ai/v1/users" in document["paths"]


@pytest.mark.parametrize(("url", "page"), PAGES)
def test_a_signed_in_page_reads_session_user_and_billing_in_six_queries(
    member_client: Client, django_assert_num_queries, url: str, page: str
) -> None:
    # Session, user, then billing: plans, subscriptions, today's queries, credits.
    with django_assert_num_queries(6):
        assert member_client.get(url).status_code == 200
