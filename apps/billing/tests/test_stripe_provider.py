"""Checkout through Stripe, with Stripe's API faked at the HTTP layer: the real client library
builds and encodes each request, nothing leaves the machine."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
import stripe
from django.test import Client

from apps.accounts.models import User
from apps.billing.models import CreditEntry, Order
from apps.billing.providers.checkout import CheckoutProviderError
from apps.billing.providers.stripe_checkout import WebhookRejected, idempotency_key, verified_event
from apps.billing.tests.conftest import (
    SITE_URL,
    STRIPE_KEY,
    WEBHOOK_SECRET,
    FakeStripeAPI,
    Response,
    session_event,
    stripe_event,
    stripe_signature,
)

pytestmark = pytest.mark.django_db

Checkout = Callable[..., Response]
SESSIONS_URL = "https://api.stripe.com/v1/checkout/sessions"


def test_checkout_creates_a_stripe_session_for_the_order(
    member: User,
    member_client: Client,
    checkout: Checkout,
    fake_stripe: FakeStripeAPI,
) -> None:
    response = checkout(member_client, "lead-sourcing", "basic", "vi")

    assert response.status_code == 201
    order = Order.objects.get()
    [request] = fake_stripe.requests
    assert (request.method, request.url) == ("post", SESSIONS_URL)
    assert request.headers["Authorization"] == f"Bearer {STRIPE_KEY}"
    assert request.headers["Idempotency-Key"] == idempotency_key(order)
    assert idempotency_key(order).startswith(f"order-{order.pk}-")
    assert request.params == {
        "mode": "payment",
        "client_reference_id": str(order.pk),
        "metadata[order_id]": str(order.pk),
        "customer_email": member.email,
        "locale": "vi",
        "success_url": f"{SITE_URL}/success?product_name=lead-sourcing&order={order.pk}",
        "cancel_url": f"{SITE_URL}/cancel?product_name=lead-sourcing&order={order.pk}",
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][unit_amount]": "500",
        "line_items[0][price_data][product_data][name]": "Basic",
    }
    assert order.status == Order.Status.PENDING
    assert order.provider == "stripe"
    assert order.provider_reference.startswith("cs_test_")
    assert response.json()["data"] == {
        "url": f"https://checkout.stripe.com/c/pay/{order.provider_reference}",
        "order_id": order.pk,
        "provider": "stripe",
    }


@pytest.mark.parametrize(
    ("product", "plan_key", "cents", "name"),
    [
        ("market-insights", "monthly", "12000", "Monthly"),
        ("market-insights", "daily", "1200", "Daily"),
    ],
)
def test_the_session_charges_the_plans_price_in_cents(
    member_client: Client,
    checkout: Checkout,
    fake_stripe: FakeStripeAPI,
    product: str,
    plan_key: str,
    cents: str,
    name: str,
) -> None:
    assert checkout(member_client, product, plan_key, "zh").status_code == 201

    [request] = fake_stripe.requests
    assert request.params["line_items[0][price_data][unit_amount]"] == cents
    assert request.params["line_items[0][price_data][currency]"] == "usd"
    assert request.params["line_items[0][price_data][product_data][name]"] == name
    assert request.params["locale"] == "zh"
    order = Order.objects.get()
    query = f"product_name={product}&order={order.pk}"
    assert request.params["success_url"] == f"{SITE_URL}/success?{query}"
    assert request.params["cancel_url"] == f"{SITE_URL}/cancel?{query}"


def test_stripe_is_preferred_to_the_sandbox_when_both_are_configured(
    settings: Any, member_client: Client, checkout: Checkout, fake_stripe: FakeStripeAPI
) -> None:
    assert settings.PAYMENTS_SANDBOX is True

    response = checkout(member_client, "lead-sourcing", "basic")

    assert response.json()["data"]["provider"] == "stripe"
    assert len(fake_stripe.requests) == 1


@pytest.mark.parametrize(
    ("status", "body"),
    [
        (400, {"error": {"type": "invalid_request_error", "message": "Invalid currency"}}),
        (401, {"error": {"type": "invalid_request_error", "message": "Invalid API Key"}}),
        (200, {"id": "cs_test_nourl", "object": "checkout.session", "url": None}),
    ],
)
def test_a_refused_session_answers_503_and_fails_the_order(
    member_client: Client,
    checkout: Checkout,
    fake_stripe: FakeStripeAPI,
    status: int,
    body: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake_stripe.status, fake_stripe.body = status, body

    response = checkout(member_client, "lead-sourcing", "basic")

    assert response.status_code == 503
    assert response.json()["meta"]["code"] == "provider_unavailable"
    order = Order.objects.get()
    assert order.status == Order.Status.FAILED
    [warning] = [r for r in caplog.records if r.name == "apps.billing.services.orders"]
    assert warning.getMessage().startswith(f"Checkout for order {order.pk} failed at stripe: ")
    assert isinstance(warning.args[2], CheckoutProviderError)  # the cause, as the provider told it
    assert order.provider == "stripe"
    assert order.provider_reference == ""
    assert not Order.objects.filter(status=Order.Status.PENDING).exists()


def test_an_unreachable_stripe_answers_503_and_fails_the_order(
    member_client: Client, checkout: Checkout, fake_stripe: FakeStripeAPI
) -> None:
    fake_stripe.failure = stripe.APIConnectionError("connection refused")

    response = checkout(member_client, "lead-sourcing", "basic")

    assert response.status_code == 503
    assert Order.objects.get().status == Order.Status.FAILED


def test_stripe_server_errors_are_retried_with_the_same_idempotency_key(
    monkeypatch: pytest.MonkeyPatch,
    member_client: Client,
    checkout: Checkout,
    fake_stripe: FakeStripeAPI,
) -> None:
    monkeypatch.setattr(time, "sleep", lambda seconds: None)
    fake_stripe.status = 500
    fake_stripe.body = {"error": {"type": "api_error", "message": "Stripe is down"}}

    response = checkout(member_client, "lead-sourcing", "basic")

    assert response.status_code == 503
    order = Order.objects.get()
    assert order.status == Order.Status.FAILED
    keys = {request.headers["Idempotency-Key"] for request in fake_stripe.requests}
    assert len(fake_stripe.requests) == 3
    assert keys == {idempotency_key(order)}


def test_a_stripe_checkout_is_fulfilled_by_stripes_webhook(
    member: User,
    member_client: Client,
    checkout: Checkout,
    fake_stripe: FakeStripeAPI,
    deliver: Callable[..., Response],
    ledger_balanced: Callable[[User], None],
) -> None:
    order_id = checkout(member_client, "lead-sourcing", "basic").json()["data"]["order_id"]
    order = Order.objects.get(pk=order_id)

    response = deliver(session_event(order))

    assert response.status_code == 200
    order.refresh_from_db()
    assert order.status == Order.Status.PAID
    assert order.payment_reference == f"pi_for_order_{order.pk}"
    grant = CreditEntry.objects.get(account__user=member, kind=CreditEntry.Kind.GRANT)
    assert (grant.amount, grant.reference, grant.order) == (100, f"order:{order.pk}", order)
    ledger_balanced(member)


# Verifying Stripe's signature


def test_a_genuine_event_is_returned_as_plain_data() -> None:
    event = stripe_event("checkout.session.completed", {"id": "cs_1", "metadata": {"a": "b"}})
    payload = json.dumps(event)

    verified = verified_event(payload.encode(), stripe_signature(payload), WEBHOOK_SECRET)

    assert verified == event
    assert type(verified["data"]) is dict
    assert type(verified["data"]["object"]["metadata"]) is dict


@pytest.mark.parametrize(
    ("signature", "secret"),
    [
        (lambda payload: stripe_signature(payload, secret="whsec_someone_else"), WEBHOOK_SECRET),
        (lambda payload: stripe_signature(payload), ""),
        (lambda payload: "", WEBHOOK_SECRET),
        (lambda payload: "t=abc,v1=def", WEBHOOK_SECRET),
        (lambda payload: stripe_signature(payload).replace("v1=", "v0="), WEBHOOK_SECRET),
        (
            lambda payload: stripe_signature(payload, timestamp=int(time.time()) - 301),
            WEBHOOK_SECRET,
        ),
    ],
    ids=["other secret", "no secret", "no header", "malformed", "other scheme", "stale"],
)
def test_anything_but_a_genuine_event_is_rejected(
    signature: Callable[[str], str], secret: str
) -> None:
    payload = json.dumps(stripe_event("checkout.session.completed", {"id": "cs_1"}))

    with pytest.raises(WebhookRejected):
        verified_event(payload.encode(), signature(payload), secret)


def test_a_signed_payload_that_is_not_json_is_rejected() -> None:
    payload = "not json"

    with pytest.raises(WebhookRejected):
        verified_event(payload.encode(), stripe_signature(payload), WEBHOOK_SECRET)
