"""Billing's pages: the root opens the product named in the address, and the payment outcomes
lead back to the product bought (spec §2). And what billing adds to every signed-in page: the
profile and the plans, preloaded."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from apps.accounts.models import User
from apps.core.tests.pages import preload_of, redirect_parts
from tests.fixtures import signed_in

pytestmark = pytest.mark.django_db

# Signed-in pages whose preload is billing's alone (the lead and verification pages add their
# own answers, tested with their apps).
SIGNED_IN_PAGES = [
    "/market-insights",
    "/find-global-company",
    "/profile",
    "/success?product_name=market-insights",
]


@pytest.mark.parametrize(
    ("url", "target"),
    [
        ("/?product_name=lead-sourcing", "/find-global-company?product_name=lead-sourcing"),
        ("/?product_name=market-insights", "/market-insights?product_name=market-insights"),
        ("/?product_name=anything&pricing=x", "/market-insights?product_name=anything&pricing=x"),
        ("/", "/market-insights"),
    ],
)
def test_the_root_opens_the_named_product(client: Client, url: str, target: str) -> None:
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == target


@pytest.mark.parametrize(
    "url", ["/success?product_name=market-insights", "/cancel?product_name=lead-sourcing"]
)
def test_visitors_of_a_payment_outcome_are_sent_to_signin(client: Client, url: str) -> None:
    path, query = redirect_parts(client.get(url))
    assert path == "/signin"
    assert query[0] == ("path", "find-global-company")
    assert ("redirect", url) in query


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
    member: User, url: str, page: str, target: str | None
) -> None:
    preload = preload_of(signed_in(member).get(url))
    assert preload["page"] == page
    assert preload["data"]["target"] == target


@pytest.mark.parametrize("url", ["/success", "/cancel", "/success?product_name="])
def test_payment_outcomes_require_a_product_name(member: User, url: str) -> None:
    response = signed_in(member).get(url)
    assert response.status_code == 400
    assert preload_of(response)["page"] == "server-error"


@pytest.mark.parametrize("url", SIGNED_IN_PAGES)
def test_signed_in_pages_preload_the_profile_and_the_plans(member: User, url: str) -> None:
    client = signed_in(member)
    preloaded = preload_of(client.get(url))["data"]["api"]
    # A page may carry more (market insights also carries the data's coverage).
    assert {"/fast-ai/v1/users", "/fast-ai/v1/plans"} <= set(preloaded)
    for path, answer in preloaded.items():
        assert client.get(path).json()["data"] == answer


@pytest.mark.parametrize("url", SIGNED_IN_PAGES)
def test_a_signed_in_page_reads_session_user_and_billing_in_six_queries(
    member: User, django_assert_num_queries: Any, url: str
) -> None:
    client = signed_in(member)
    # Session, user, then billing: plans, subscriptions, today's queries, credits; market
    # insights also carries its metadata (HS codes and their sections).
    with django_assert_num_queries(8 if url == "/market-insights" else 6):
        assert client.get(url).status_code == 200


def test_a_payment_outcome_names_the_users_own_order(
    member: User, other_member: User, sandbox_order: Any
) -> None:
    mine = sandbox_order(member, "lead-sourcing", "basic")
    theirs = sandbox_order(other_member, "lead-sourcing", "basic")
    browser = signed_in(member)

    named = preload_of(browser.get(f"/success?product_name=lead-sourcing&order={mine.pk}"))
    assert (named["data"]["order"]["id"], named["data"]["order"]["status"]) == (mine.pk, "pending")
    for order in (str(theirs.pk), "²", "9" * 30, ""):
        page = preload_of(browser.get(f"/cancel?product_name=lead-sourcing&order={order}"))
        assert page["data"]["order"] is None
