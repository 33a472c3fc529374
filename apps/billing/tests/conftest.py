"""Fixtures shared by the billing tests.

Every billing test runs with the payment settings below: the sandbox provider on, no Stripe
key (a test that wants Stripe sets `settings.STRIPE_SECRET_KEY` and uses `fake_stripe`), and a
known webhook secret; pages render without the frontend build. The plans are the ones the
catalogue migration seeds."""

from __future__ import annotations

import hmac
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from hashlib import sha256
from itertools import count
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl

import pytest
import stripe
from django.db.models import Sum
from django.test import Client

from apps.accounts.models import User
from apps.accounts.tests.bundles import without_bundles
from apps.billing import services
from apps.billing.models import CreditAccount, CreditEntry, Order, Plan
from apps.billing.providers.sandbox import SandboxCheckout

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response
else:
    from django.http import HttpResponse as Response

SITE_URL = "https://app.tradewise.example"
STRIPE_KEY = "sk_test_tradewise"
WEBHOOK_SECRET = "whsec_tradewise_test"
CHECKOUT_URL = "/fast-ai/v1/payments/checkout/sessions"
WEBHOOK_URL = "/fast-ai/v1/payments/webhooks/stripe"

_numbers = count(1)


@pytest.fixture(autouse=True)
def pages_without_bundles() -> Iterator[None]:
    """Pages (the sandbox's and the 404 page) render without a frontend build."""
    with without_bundles():
        yield


@pytest.fixture(autouse=True)
def payment_settings(settings: Any) -> Any:
    settings.SITE_URL = SITE_URL
    settings.PAYMENTS_SANDBOX = True
    settings.STRIPE_SECRET_KEY = ""
    settings.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
    return settings


# The catalogue


def plan_of(product: str, key: str) -> Plan:
    return Plan.objects.select_related("product").get(product__name=product, key=key)


@pytest.fixture
def plan(db: None) -> Callable[[str, str], Plan]:
    """Looks up a seeded plan: `plan("lead-sourcing", "basic")`."""
    return plan_of


# Checkout


def post_json(client: Client, path: str, body: Any, **extra: Any) -> Response:
    return client.post(path, json.dumps(body), content_type="application/json", **extra)


@pytest.fixture
def checkout() -> Callable[..., Response]:
    """POSTs the checkout call as `client`: `checkout(client, "lead-sourcing", "basic")`."""

    def start(
        client: Client, product: str, plan: str, language: str = "en", **extra: Any
    ) -> Response:
        body = {"product": product, "plan": plan, "language": language}
        return post_json(client, CHECKOUT_URL, body, **extra)

    return start


@pytest.fixture
def sandbox_order(db: None) -> Callable[..., Order]:
    """A pending order paid through the sandbox: `sandbox_order(member, "lead-sourcing",
    "basic")`. Uses the sandbox provider whatever the settings say."""

    def create(user: User, product: str, plan: str, language: str = "en") -> Order:
        order = services.create_order(user, product_name=product, plan_key=plan)
        session = SandboxCheckout().create_session(
            order=order,
            customer_email=user.email,
            success_url=f"{SITE_URL}/success",
            cancel_url=f"{SITE_URL}/cancel",
            language=language,
        )
        order.provider, order.provider_reference = "sandbox", session.reference
        order.save(update_fields=["provider", "provider_reference"])
        return order

    return create


@pytest.fixture
def stripe_order(db: None) -> Callable[..., Order]:
    """A pending order with an open Stripe checkout session (no call to Stripe)."""

    def create(user: User, product: str, plan: str) -> Order:
        order = services.create_order(user, product_name=product, plan_key=plan)
        order.provider, order.provider_reference = "stripe", f"cs_test_{next(_numbers):06d}"
        order.save(update_fields=["provider", "provider_reference"])
        return order

    return create


# Stripe's webhook


def stripe_signature(
    payload: str, secret: str = WEBHOOK_SECRET, timestamp: int | None = None
) -> str:
    """The `Stripe-Signature` header Stripe sends: an HMAC-SHA256 of "<timestamp>.<payload>"."""
    moment = int(time.time()) if timestamp is None else timestamp
    digest = hmac.new(secret.encode(), f"{moment}.{payload}".encode(), sha256).hexdigest()
    return f"t={moment},v1={digest}"


def stripe_event(
    event_type: str, obj: dict[str, Any], event_id: str | None = None
) -> dict[str, Any]:
    return {
        "id": event_id or f"evt_test_{next(_numbers):06d}",
        "object": "event",
        "api_version": "2025-09-30.clover",
        "created": int(time.time()),
        "livemode": False,
        "pending_webhooks": 1,
        "type": event_type,
        "data": {"object": obj},
    }


def session_object(order: Order, **overrides: Any) -> dict[str, Any]:
    """The checkout session of `order` as Stripe reports it once paid."""
    return {
        "id": order.provider_reference,
        "object": "checkout.session",
        "mode": "payment",
        "amount_total": order.amount_cents,
        "currency": "usd",
        "client_reference_id": str(order.pk),
        "metadata": {"order_id": str(order.pk)},
        "customer_email": order.user.email,
        "payment_intent": f"pi_for_order_{order.pk}",
        "payment_status": "paid",
        "status": "complete",
    } | overrides


def session_event(
    order: Order,
    event_type: str = "checkout.session.completed",
    event_id: str | None = None,
    **overrides: Any,
) -> dict[str, Any]:
    return stripe_event(event_type, session_object(order, **overrides), event_id)


def refund_event(order: Order, event_id: str | None = None, **overrides: Any) -> dict[str, Any]:
    charge = {
        "id": f"ch_for_order_{order.pk}",
        "object": "charge",
        "amount": order.amount_cents,
        "amount_refunded": order.amount_cents,
        "currency": "usd",
        "paid": True,
        "payment_intent": order.payment_reference,
        "refunded": True,
        "status": "succeeded",
    } | overrides
    return stripe_event("charge.refunded", charge, event_id)


@pytest.fixture
def deliver(client: Client) -> Callable[..., Response]:
    """Posts an event to the webhook as Stripe does, signed with the webhook secret;
    `signature=` replaces the header, `secret=` and `timestamp=` change the signing."""

    def post(
        event: dict[str, Any],
        *,
        secret: str = WEBHOOK_SECRET,
        timestamp: int | None = None,
        signature: str | None = None,
    ) -> Response:
        payload = json.dumps(event)
        header = stripe_signature(payload, secret, timestamp) if signature is None else signature
        return client.post(
            WEBHOOK_URL,
            payload,
            content_type="application/json",
            headers={"Stripe-Signature": header},
        )

    return post


# Stripe's API, faked at the HTTP layer


@dataclass
class FakeStripeRequest:
    method: str
    url: str
    headers: dict[str, str]
    params: dict[str, str]


@dataclass
class FakeStripeAPI:
    """Answers the Stripe client's HTTP requests. Each request is recorded with its form
    parameters decoded (`line_items[0][price_data][unit_amount]` and so on); the answer is
    `status` and `body`, or `failure` raised as a network error when set."""

    requests: list[FakeStripeRequest] = field(default_factory=list)
    status: int = 200
    body: dict[str, Any] = field(default_factory=dict)
    failure: Exception | None = None

    def answer(self, method: str, url: str, params: dict[str, str]) -> tuple[int, dict[str, Any]]:
        if self.body or self.status != 200:
            return self.status, self.body
        session_id = f"cs_test_{next(_numbers):06d}"
        return 200, {
            "id": session_id,
            "object": "checkout.session",
            "mode": params.get("mode"),
            "url": f"https://checkout.stripe.com/c/pay/{session_id}",
            "client_reference_id": params.get("client_reference_id"),
            "payment_status": "unpaid",
            "status": "open",
        }


class _FakeHTTPClient(stripe.HTTPClient):
    name = "fake"

    def __init__(self, api: FakeStripeAPI) -> None:
        super().__init__()
        self.api = api

    def request(
        self,
        method: str,
        url: str,
        headers: Any,
        post_data: Any = None,
        *,
        _usage: Any = None,
    ) -> tuple[str, int, dict[str, str]]:
        params = dict(parse_qsl(post_data or "", keep_blank_values=True))
        self.api.requests.append(FakeStripeRequest(method, url, dict(headers or {}), params))
        if self.api.failure is not None:
            raise self.api.failure
        status, body = self.api.answer(method, url, params)
        return json.dumps(body), status, {"Request-Id": "req_test"}

    def close(self) -> None:
        pass


@pytest.fixture
def fake_stripe(monkeypatch: pytest.MonkeyPatch, settings: Any) -> FakeStripeAPI:
    """Stripe configured with a test key; every Stripe client talks to a fake API instead
    of the network (the real client library still builds and encodes the requests)."""
    api = FakeStripeAPI()
    real_client = stripe.StripeClient

    def client(api_key: str, **options: Any) -> stripe.StripeClient:
        return real_client(api_key, http_client=_FakeHTTPClient(api), **options)

    settings.STRIPE_SECRET_KEY = STRIPE_KEY
    monkeypatch.setattr(stripe, "StripeClient", client)
    return api


# The ledger


def assert_ledger_balanced(user: User) -> None:
    """The invariant of the credit ledger: the entries of an account sum to its balance,
    and each entry's `balance_after` is the running sum up to it."""
    account = CreditAccount.objects.filter(user=user).first()
    if account is None:
        assert not CreditEntry.objects.filter(account__user=user).exists()
        return
    total = account.entries.aggregate(total=Sum("amount"))["total"] or 0
    assert total == account.free_balance + account.bought_balance
    running = 0
    for entry in account.entries.order_by("id"):
        running += entry.amount
        assert entry.balance_after == running, entry


@pytest.fixture
def ledger_balanced() -> Callable[[User], None]:
    return assert_ledger_balanced
