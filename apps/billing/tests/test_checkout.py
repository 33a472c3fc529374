"""POST /fast-ai/v1/payments/checkout/sessions: a pending order and where to pay for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.utils.crypto import get_random_string

from apps.accounts.models import User
from apps.billing.models import Order, Plan
from apps.billing.tests.conftest import SITE_URL, Response
from tests.fixtures import signed_in

pytestmark = pytest.mark.django_db

Checkout = Callable[..., Response]


@pytest.mark.parametrize("language", ["en", "vi", "zh"])
def test_sandbox_checkout_opens_a_pending_order(
    member: User,
    member_client: Client,
    checkout: Checkout,
    plan: Callable[[str, str], Plan],
    ledger_balanced: Callable[[User], None],
    language: str,
) -> None:
    response = checkout(member_client, "lead-sourcing", "basic", language)

    assert response.status_code == 201
    body = response.json()
    order = Order.objects.get()
    assert body == {
        "data": {"url": body["data"]["url"], "order_id": order.pk, "provider": "sandbox"},
        "meta": {},
    }
    assert order.user == member
    assert order.status == Order.Status.PENDING
    assert order.provider == "sandbox"
    assert order.plan == plan("lead-sourcing", "basic")
    assert order.amount_cents == 500
    assert order.currency == "USD"
    assert order.provider_reference.startswith("sbx_")
    assert order.paid_at is None
    url = urlsplit(body["data"]["url"])
    assert f"{url.scheme}://{url.netloc}" == SITE_URL
    assert url.path == f"/payments/sandbox/{order.provider_reference}/"
    assert parse_qs(url.query) == {"lang": [language]}
    ledger_balanced(member)


def test_the_checkout_address_opens_the_sandbox_page(
    member_client: Client, checkout: Checkout
) -> None:
    url = urlsplit(checkout(member_client, "market-insights", "monthly").json()["data"]["url"])

    page = member_client.get(f"{url.path}?{url.query}")

    assert page.status_code == 200
    assert "US$120.00" in page.content.decode()


def test_each_checkout_is_a_new_order_with_its_own_reference(
    member_client: Client, checkout: Checkout
) -> None:
    first = checkout(member_client, "market-insights", "daily").json()["data"]
    second = checkout(member_client, "market-insights", "daily").json()["data"]

    assert first["order_id"] != second["order_id"]
    assert first["url"] != second["url"]
    references = Order.objects.values_list("provider_reference", flat=True)
    assert len(set(references)) == 2


@pytest.mark.parametrize(
    ("product", "plan_key", "cents"),
    [
        ("market-insights", "daily", 1200),
        ("market-insights", "monthly", 12000),
        ("lead-sourcing", "basic", 500),
        ("lead-sourcing", "advanced", 5000),
        ("lead-sourcing", "premium", 10000),
    ],
)
def test_the_order_charges_the_plans_price(
    member_client: Client, checkout: Checkout, product: str, plan_key: str, cents: int
) -> None:
    response = checkout(member_client, product, plan_key)

    assert response.status_code == 201
    order = Order.objects.get(pk=response.json()["data"]["order_id"])
    assert order.amount_cents == cents
    assert (order.product.name, order.plan.key) == (product, plan_key)


@pytest.mark.parametrize("product", ["market-insights", "lead-sourcing"])
def test_a_free_plan_cannot_be_bought(
    member_client: Client, checkout: Checkout, product: str
) -> None:
    response = checkout(member_client, product, "free")

    assert response.status_code == 422
    assert response.json()["meta"]["code"] == "validation_failed"
    assert response.json()["data"]["fields"] == {"plan": ["The free plan needs no purchase"]}
    assert not Order.objects.exists()


def test_an_inactive_plan_cannot_be_bought(
    member_client: Client, checkout: Checkout, plan: Callable[[str, str], Plan]
) -> None:
    Plan.objects.filter(pk=plan("lead-sourcing", "premium").pk).update(is_active=False)

    response = checkout(member_client, "lead-sourcing", "premium")

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {"plan": ["Unknown plan"]}
    assert not Order.objects.exists()


@pytest.mark.parametrize(
    ("product", "plan_key", "fields"),
    [
        ("market-insights", "weekly", {"plan": ["Unknown plan"]}),
        # Plan keys belong to their product: market insights sells no credit packs.
        ("market-insights", "basic", {"plan": ["Unknown plan"]}),
        ("lead-sourcing", "monthly", {"plan": ["Unknown plan"]}),
        ("crypto-signals", "basic", {"product": ["Unknown product"]}),
    ],
)
def test_an_unknown_product_or_plan_is_named_in_the_fields(
    member_client: Client,
    checkout: Checkout,
    product: str,
    plan_key: str,
    fields: dict[str, list[str]],
) -> None:
    response = checkout(member_client, product, plan_key)

    assert response.status_code == 422
    body = response.json()
    assert body["meta"]["code"] == "validation_failed"
    assert body["data"]["fields"] == fields
    assert body["data"]["error"] == body["meta"]["message"] == next(iter(fields.values()))[0]
    assert not Order.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"plan": "basic"}, "product"),
        ({"product": "lead-sourcing"}, "plan"),
        ({"product": "", "plan": "basic"}, "product"),
        ({"product": "lead-sourcing", "plan": "basic", "language": "fr"}, "language"),
    ],
)
def test_a_malformed_checkout_names_the_field(
    member_client: Client, body: dict[str, Any], field: str
) -> None:
    response = member_client.post(
        "/fast-ai/v1/payments/checkout/sessions", body, content_type="application/json"
    )

    assert response.status_code == 422
    assert list(response.json()["data"]["fields"]) == [field]
    assert not Order.objects.exists()


def test_without_a_payment_provider_checkout_is_unavailable_and_leaves_no_order(
    settings: Any, member_client: Client, checkout: Checkout
) -> None:
    settings.PAYMENTS_SANDBOX = False
    settings.STRIPE_SECRET_KEY = ""

    response = checkout(member_client, "lead-sourcing", "basic")

    assert response.status_code == 503
    assert response.json()["meta"] == {
        "code": "provider_unavailable",
        "message": "Payments are not configured",
    }
    assert not Order.objects.filter(status=Order.Status.PENDING).exists()
    assert not Order.objects.exists()


def test_a_visitor_who_is_not_signed_in_gets_401(client: Client, checkout: Checkout) -> None:
    response = checkout(client, "lead-sourcing", "basic")

    assert response.status_code == 401
    assert response.json()["meta"]["code"] == "not_authenticated"
    assert not Order.objects.exists()


def test_a_session_checkout_needs_the_csrf_token(member: User, checkout: Checkout) -> None:
    browser = signed_in(member, enforce_csrf_checks=True)

    refused = checkout(browser, "lead-sourcing", "basic")

    assert refused.status_code == 403
    assert not Order.objects.exists()

    token = get_random_string(32)
    browser.cookies[django_settings.CSRF_COOKIE_NAME] = token
    forged = checkout(browser, "lead-sourcing", "basic", headers={"X-CSRFToken": "x" * 32})
    accepted = checkout(browser, "lead-sourcing", "basic", headers={"X-CSRFToken": token})

    assert forged.status_code == 403
    assert accepted.status_code == 201
    assert Order.objects.get().pk == accepted.json()["data"]["order_id"]


def test_orders_belong_to_the_member_who_checked_out(
    member: User,
    other_member: User,
    member_client: Client,
    other_client: Client,
    checkout: Checkout,
) -> None:
    mine = checkout(member_client, "lead-sourcing", "basic").json()["data"]["order_id"]
    theirs = checkout(other_client, "lead-sourcing", "advanced").json()["data"]["order_id"]

    assert Order.objects.get(pk=mine).user == member
    assert Order.objects.get(pk=theirs).user == other_member
