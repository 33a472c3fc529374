"""Billing's pages: the root opens the product named in the address, and the payment outcomes
lead back to the product bought (spec §2)."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.accounts.models import User
from apps.billing.tests.conftest import signed_in
from apps.core.tests.pages import preload_of, redirect_parts

pytestmark = pytest.mark.django_db


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
