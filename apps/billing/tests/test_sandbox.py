"""The sandbox provider's checkout page (/payments/sandbox/<reference>/): shows the order,
pays or cancels it through the same fulfilment as Stripe's webhook."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import time_machine
from django.test import Client

from apps.accounts.models import User
from apps.billing import services
from apps.billing.models import CreditAccount, CreditEntry, Order, Subscription
from apps.billing.tests.conftest import Response
from tests.fixtures import signed_in

pytestmark = pytest.mark.django_db

MakeOrder = Callable[..., Order]
Checkout = Callable[..., Response]


def page_url(order: Order, action: str = "") -> str:
    return f"/payments/sandbox/{order.provider_reference}/{action}"


def bought_credits(user: User) -> int:
    account = CreditAccount.objects.filter(user=user).first()
    return account.bought_balance if account else 0


def status_of(order: Order) -> str:
    order.refresh_from_db()
    return order.status


@pytest.mark.parametrize(
    ("language", "html_lang", "words"),
    [
        ("en", "en", ["Checkout", "Basic", "100 credits", "Pay", "Cancel", "Test payment"]),
        ("vi", "vi", ["Thanh toán", "Cơ bản", "100 điểm", "Hủy", "Thanh toán thử nghiệm"]),
        ("zh", "zh-Hans", ["结账", "基础版", "100 个积分", "支付", "取消", "测试支付"]),
        ("fr", "en", ["Checkout", "Basic", "100 credits", "Pay", "Cancel"]),
    ],
)
def test_the_page_shows_the_order_in_the_requested_language(
    member: User,
    member_client: Client,
    sandbox_order: MakeOrder,
    language: str,
    html_lang: str,
    words: list[str],
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")

    response = member_client.get(page_url(order), {"lang": language})

    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{html_lang}">' in html
    assert f"#{order.pk}" in html
    assert "US$5.00" in html
    for word in words:
        assert word in html
    assert f'action="{page_url(order, "pay")}"' in html
    assert f'action="{page_url(order, "cancel")}"' in html
    assert "csrfmiddlewaretoken" in html


def test_the_page_speaks_english_without_a_language(
    member: User, member_client: Client, sandbox_order: MakeOrder
) -> None:
    order = sandbox_order(member, "market-insights", "monthly")

    html = member_client.get(page_url(order)).content.decode()

    assert '<html lang="en">' in html
    assert "Monthly · 1-month pass" in html
    assert "US$120.00" in html


def test_paying_a_credit_pack_grants_its_credits_and_returns_to_the_product(
    member: User,
    member_client: Client,
    sandbox_order: MakeOrder,
    ledger_balanced: Callable[[User], None],
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")

    response = member_client.post(page_url(order, "pay"))

    assert response.status_code == 302
    assert response["Location"] == f"/success?product_name=lead-sourcing&order={order.pk}"
    order.refresh_from_db()
    assert order.status == Order.Status.PAID
    assert order.paid_at is not None
    assert order.payment_reference == ""  # no payment at a provider to refund
    assert bought_credits(member) == 100
    grant = CreditEntry.objects.get(account__user=member)
    assert (grant.kind, grant.amount, grant.reference, grant.order) == (
        CreditEntry.Kind.GRANT,
        100,
        f"order:{order.pk}",
        order,
    )
    billing = member_client.get("/fast-ai/v1/users/billing").json()["data"]
    assert billing["credits"]["bought"] == 100
    assert [(o["id"], o["status"]) for o in billing["orders"]] == [(order.pk, "paid")]
    ledger_balanced(member)


def test_paying_a_plan_starts_its_subscription(
    member: User, member_client: Client, sandbox_order: MakeOrder
) -> None:
    order = sandbox_order(member, "market-insights", "daily")
    moment = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

    with time_machine.travel(moment, tick=False):
        response = member_client.post(page_url(order, "pay"))

    assert response["Location"] == f"/success?product_name=market-insights&order={order.pk}"
    subscription = Subscription.objects.get(order=order)
    assert subscription.user == member
    assert (subscription.started_at, subscription.ends_at) == (moment, moment + timedelta(days=1))


def test_paying_twice_grants_once(
    member: User,
    member_client: Client,
    sandbox_order: MakeOrder,
    ledger_balanced: Callable[[User], None],
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")

    first = member_client.post(page_url(order, "pay"))
    second = member_client.post(page_url(order, "pay"))

    assert first["Location"] == second["Location"]
    assert first["Location"] == f"/success?product_name=lead-sourcing&order={order.pk}"
    assert bought_credits(member) == 100
    assert CreditEntry.objects.filter(account__user=member).count() == 1
    ledger_balanced(member)


def test_a_paid_order_no_longer_offers_payment(
    member: User, member_client: Client, sandbox_order: MakeOrder
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")
    member_client.post(page_url(order, "pay"))

    html = member_client.get(page_url(order), {"lang": "vi"}).content.decode()

    assert "Đơn hàng này không còn chờ thanh toán." in html
    assert page_url(order, "pay") not in html


def test_cancelling_closes_the_order_and_returns_to_the_product(
    member: User,
    member_client: Client,
    sandbox_order: MakeOrder,
    ledger_balanced: Callable[[User], None],
) -> None:
    order = sandbox_order(member, "market-insights", "monthly")

    response = member_client.post(page_url(order, "cancel"))

    assert response.status_code == 302
    assert response["Location"] == f"/cancel?product_name=market-insights&order={order.pk}"
    assert status_of(order) == Order.Status.CANCELLED
    assert not Subscription.objects.exists()
    ledger_balanced(member)


def test_cancelling_a_paid_order_keeps_it_paid(
    member: User, member_client: Client, sandbox_order: MakeOrder
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")
    member_client.post(page_url(order, "pay"))

    member_client.post(page_url(order, "cancel"))

    assert status_of(order) == Order.Status.PAID
    assert bought_credits(member) == 100


def test_the_whole_checkout_from_the_api_to_paid(
    member: User,
    member_client: Client,
    checkout: Checkout,
    ledger_balanced: Callable[[User], None],
) -> None:
    url = urlsplit(checkout(member_client, "lead-sourcing", "advanced", "zh").json()["data"]["url"])
    assert parse_qs(url.query) == {"lang": ["zh"]}

    assert "基础版" not in member_client.get(f"{url.path}?{url.query}").content.decode()
    response = member_client.post(f"{url.path}pay")

    order = Order.objects.get()
    assert response["Location"] == f"/success?product_name=lead-sourcing&order={order.pk}"
    assert order.status == Order.Status.PAID
    assert bought_credits(member) == 2000
    ledger_balanced(member)


@pytest.mark.parametrize(("method", "action"), [("get", ""), ("post", "pay"), ("post", "cancel")])
def test_another_members_order_is_not_found(
    member: User,
    other_client: Client,
    sandbox_order: MakeOrder,
    method: str,
    action: str,
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")

    response = getattr(other_client, method)(page_url(order, action))

    assert response.status_code == 404
    assert status_of(order) == Order.Status.PENDING
    assert not CreditEntry.objects.exists()


@pytest.mark.parametrize("reference", ["sbx_unknown", "cs_test_000001"])
def test_an_unknown_reference_is_not_found(member_client: Client, reference: str) -> None:
    assert member_client.get(f"/payments/sandbox/{reference}/").status_code == 404
    assert member_client.post(f"/payments/sandbox/{reference}/pay").status_code == 404


def test_a_stripe_order_cannot_be_paid_on_the_sandbox_page(
    member: User, member_client: Client, stripe_order: MakeOrder
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    assert member_client.get(page_url(order)).status_code == 404
    assert member_client.post(page_url(order, "pay")).status_code == 404
    assert status_of(order) == Order.Status.PENDING
    assert not CreditEntry.objects.exists()


@pytest.mark.parametrize(("method", "action"), [("get", ""), ("post", "pay"), ("post", "cancel")])
def test_with_the_sandbox_off_its_pages_are_not_found(
    settings: Any,
    member: User,
    member_client: Client,
    sandbox_order: MakeOrder,
    method: str,
    action: str,
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")
    settings.PAYMENTS_SANDBOX = False

    response = getattr(member_client, method)(page_url(order, action))

    assert response.status_code == 404
    assert status_of(order) == Order.Status.PENDING
    assert not CreditEntry.objects.exists()


@pytest.mark.parametrize(("method", "action"), [("get", ""), ("post", "pay"), ("post", "cancel")])
def test_a_visitor_who_is_not_signed_in_is_sent_to_sign_in(
    member: User, client: Client, sandbox_order: MakeOrder, method: str, action: str
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")

    response = getattr(client, method)(page_url(order, action))

    assert response.status_code == 302
    location = urlsplit(response["Location"])
    assert location.path == "/signin"
    assert parse_qs(location.query)["redirect"] == [page_url(order, action)]
    assert status_of(order) == Order.Status.PENDING


@pytest.mark.parametrize("action", ["pay", "cancel"])
def test_paying_and_cancelling_need_a_post(
    member: User, member_client: Client, sandbox_order: MakeOrder, action: str
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")

    assert member_client.get(page_url(order, action)).status_code == 405
    assert status_of(order) == Order.Status.PENDING


def test_the_page_itself_takes_no_post(
    member: User, member_client: Client, sandbox_order: MakeOrder
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")

    assert member_client.post(page_url(order)).status_code == 405


def test_paying_needs_the_pages_csrf_token(member: User, sandbox_order: MakeOrder) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")
    browser = signed_in(member, enforce_csrf_checks=True)

    refused = browser.post(page_url(order, "pay"))
    assert refused.status_code == 403
    assert status_of(order) == Order.Status.PENDING

    browser.get(page_url(order))
    token = browser.cookies["csrftoken"].value
    accepted = browser.post(page_url(order, "pay"), {"csrfmiddlewaretoken": token})

    assert accepted.status_code == 302
    assert status_of(order) == Order.Status.PAID


def test_a_cancelled_sandbox_order_cannot_be_paid_afterwards(
    member: User, member_client: Client, sandbox_order: Callable[..., Order]
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")
    services.cancel_order(member, order.pk)

    response = member_client.post(f"/payments/sandbox/{order.provider_reference}/pay")

    assert response.status_code == 302
    assert response["Location"] == f"/cancel?product_name=lead-sourcing&order={order.pk}"
    order.refresh_from_db()
    assert order.status == Order.Status.CANCELLED
    assert not CreditEntry.objects.filter(kind="grant").exists()
