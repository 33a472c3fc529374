"""The orders API, the billing overview and the profile: each user sees and changes only their
own."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client

from apps.accounts.models import User
from apps.billing import selectors, services
from apps.billing.models import Order
from apps.billing.tests.conftest import post_json
from apps.core.responses import application_error_response
from tests.fixtures import signed_in

pytestmark = pytest.mark.django_db

ORDERS = "/oms-backend/v1/orders"


def put_json(client: Client, path: str, body: Any) -> HttpResponse:
    return client.put(path, json.dumps(body), content_type="application/json")


def create(client: Client, product: str = "lead-sourcing", plan: str = "basic") -> dict[str, Any]:
    response = post_json(client, ORDERS, {"product": product, "plan": plan})
    assert response.status_code == 201, response.content
    return response.json()["data"]


def test_an_order_is_created_pending_at_the_plans_price(member_client: Client) -> None:
    order = create(member_client, "market-insights", "monthly")

    assert order["status"] == "pending"
    assert (order["product"], order["plan"], order["plan_name"]) == (
        "market-insights",
        "monthly",
        "Monthly",
    )
    assert (order["amount"], order["amount_cents"], order["currency"]) == (120.0, 12000, "USD")
    assert order["paid_at"] is None


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"product": "cashew", "plan": "basic"}, "product"),
        ({"product": "lead-sourcing", "plan": "gold"}, "plan"),
        ({"product": "lead-sourcing", "plan": "free"}, "plan"),
        ({"product": "lead-sourcing"}, "plan"),
    ],
)
def test_an_order_for_no_purchasable_plan_is_refused(
    member_client: Client, body: dict[str, str], field: str
) -> None:
    response = post_json(member_client, ORDERS, body)

    assert response.status_code == 422
    assert field in response.json()["data"]["fields"]
    assert not Order.objects.exists()


def test_orders_are_listed_newest_first_with_paging(member_client: Client) -> None:
    ids = [create(member_client)["id"] for _ in range(3)]

    first = member_client.get(ORDERS, {"page": 1, "page_size": 2}).json()
    second = member_client.get(ORDERS, {"page": 2, "page_size": 2}).json()

    assert [o["id"] for o in first["data"]] == ids[::-1][:2]
    assert [o["id"] for o in second["data"]] == ids[:1]
    assert first["meta"] == {"page": 1, "page_size": 2, "total": 3}


def test_orders_are_filtered_by_status(member_client: Client, member: User) -> None:
    kept = create(member_client)["id"]
    services.cancel_order(member, create(member_client)["id"])

    pending = member_client.get(ORDERS, {"status": "pending"}).json()

    assert [o["id"] for o in pending["data"]] == [kept]
    assert member_client.get(ORDERS, {"status": "shipped"}).status_code == 422


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ({"page": 0}, "page", "Page must be 1 or more"),
        ({"page": "²"}, "page", "Page must be 1 or more"),
        # Past PostgreSQL's bigint: refused before the query is built.
        ({"page": "1000000000000000000"}, "page", "Page must be 10000 or less"),
        ({"page": 10001}, "page", "Page must be 10000 or less"),
        ({"page_size": 0}, "page_size", "Page size must be from 1 to 100"),
        ({"page_size": 101}, "page_size", "Page size must be from 1 to 100"),
        ({"page_size": "¹⁰"}, "page_size", "Page size must be from 1 to 100"),
    ],
)
def test_paging_out_of_bounds_is_refused(
    member_client: Client, query: dict[str, Any], field: str, message: str
) -> None:
    response = member_client.get(ORDERS, query)

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {field: [message]}


def test_a_pending_order_can_be_cancelled_once(member_client: Client) -> None:
    order = create(member_client)

    cancelled = put_json(member_client, f"{ORDERS}/{order['id']}", {"status": "cancelled"})
    again = put_json(member_client, f"{ORDERS}/{order['id']}", {"status": "cancelled"})

    assert cancelled.status_code == 200
    assert cancelled.json()["data"]["status"] == "cancelled"
    assert again.status_code == 409


def test_cancelling_an_order_cancels_that_order_only(member_client: Client) -> None:
    older = create(member_client)
    newer = create(member_client)

    cancelled = put_json(member_client, f"{ORDERS}/{older['id']}", {"status": "cancelled"})

    assert cancelled.status_code == 200
    assert cancelled.json()["data"]["id"] == older["id"]
    assert Order.objects.get(pk=older["id"]).status == "cancelled"
    assert Order.objects.get(pk=newer["id"]).status == "pending"


@pytest.mark.parametrize("status", ["paid", "refunded", "failed"])
def test_only_a_pending_order_can_be_cancelled(
    member_client: Client, member: User, status: str
) -> None:
    order = services.create_order(member, product_name="lead-sourcing", plan_key="basic")
    Order.objects.filter(pk=order.pk).update(status=status)

    refused = put_json(member_client, f"{ORDERS}/{order.pk}", {"status": "cancelled"})

    assert refused.status_code == 409
    assert Order.objects.get(pk=order.pk).status == status


@pytest.mark.parametrize("status", ["paid", "refunded", "pending"])
def test_only_the_payment_provider_marks_an_order_paid(member_client: Client, status: str) -> None:
    order = create(member_client)

    response = put_json(member_client, f"{ORDERS}/{order['id']}", {"status": status})

    assert response.status_code == 422
    assert Order.objects.get(pk=order["id"]).status == "pending"


def test_a_user_cannot_read_or_change_anothers_order(
    member_client: Client, other_client: Client
) -> None:
    order = create(member_client)

    assert other_client.get(f"{ORDERS}/{order['id']}").status_code == 404
    refused = put_json(other_client, f"{ORDERS}/{order['id']}", {"status": "cancelled"})
    assert refused.status_code == 404
    assert other_client.get(ORDERS).json()["data"] == []
    assert Order.objects.get(pk=order["id"]).status == "pending"
    assert member_client.get(f"{ORDERS}/{order['id']}").status_code == 200


def test_orders_need_a_signed_in_user(client: Client) -> None:
    assert client.get(ORDERS).status_code == 401
    assert (
        post_json(client, ORDERS, {"product": "lead-sourcing", "plan": "basic"}).status_code == 401
    )


def test_changing_an_order_needs_the_csrf_token(member: User) -> None:
    browser = signed_in(member, enforce_csrf_checks=True)
    response = post_json(browser, ORDERS, {"product": "lead-sourcing", "plan": "basic"})
    assert response.status_code == 403
    assert not Order.objects.exists()


# The billing overview


def test_the_billing_overview_shows_orders_ledger_plans_and_credits(
    member_client: Client, member: User, sandbox_order: Callable[..., Order]
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")
    services.fulfil_order(
        order.pk, provider="sandbox", provider_reference=order.provider_reference, amount_cents=500
    )
    services.charge_credits(member, amount=12, reason="lead-phone", reference="lead-phone:4")

    overview = member_client.get("/fast-ai/v1/users/billing").json()["data"]

    assert [(o["id"], o["status"]) for o in overview["orders"]] == [(order.pk, "paid")]
    fields = ("kind", "bucket", "amount", "reference", "topic")
    ledger = [tuple(entry[field] for field in fields) for entry in overview["ledger"]]
    assert ledger == [
        ("charge", "bought", -2, "lead-phone:4", "lead-phone"),
        ("charge", "free", -10, "lead-phone:4", "lead-phone"),
        ("daily_grant", "free", 10, f"daily:{selectors.utc_today()}", "daily"),
        ("grant", "bought", 100, f"order:{order.pk}", "order"),
    ]
    assert overview["ledger"][0]["balance_after"] == 98
    assert overview["credits"] == {
        "balance": 98,
        "free": 0,
        "bought": 98,
        "held": 0,
        "daily_allowance": 10,
    }
    assert [s["product"] for s in overview["subscriptions"]] == ["market-insights", "lead-sourcing"]


def test_the_billing_overview_holds_only_the_users_own_records(
    member_client: Client, other_client: Client, other_member: User
) -> None:
    create(other_client)
    services.grant_credits(other_member, amount=100, reason="Basic pack", reference="order:x")

    overview = member_client.get("/fast-ai/v1/users/billing").json()["data"]

    assert overview["orders"] == []
    assert overview["ledger"] == []
    assert overview["credits"]["bought"] == 0


def test_the_billing_overview_needs_a_signed_in_user(client: Client) -> None:
    assert client.get("/fast-ai/v1/users/billing").status_code == 401


def test_a_paid_subscription_is_in_the_profile(
    member_client: Client, member: User, sandbox_order: Callable[..., Order]
) -> None:
    order = sandbox_order(member, "market-insights", "daily")
    services.fulfil_order(
        order.pk, provider="sandbox", provider_reference=order.provider_reference, amount_cents=1200
    )

    profile = member_client.get("/fast-ai/v1/users").json()["data"]

    assert profile["user_subscription"]["plan"]["key"] == "daily"
    assert profile["user_subscription"]["status"] == "active"
    assert profile["user_subscription"]["ends_at"] is not None
    assert profile["queries_left_today"] is None


# The 403s other features raise through billing (spec §8)


def test_a_quota_block_is_403_with_query_limit_exceeded_in_data_error(member: User) -> None:
    services.record_query(member, product_name="market-insights", key="a")
    services.record_query(member, product_name="market-insights", key="b")
    with pytest.raises(services.QueryLimitExceeded) as blocked:
        services.record_query(member, product_name="market-insights", key="c")

    response = application_error_response(blocked.value)

    assert response.status_code == 403
    assert "query limit exceeded" in json.loads(response.content)["data"]["error"]


def test_a_credit_block_is_403_with_insufficient_credit_in_meta_message(member: User) -> None:
    with pytest.raises(services.InsufficientCredit) as blocked:
        services.charge_credits(member, amount=11, reason="lead-phone", reference="lead-phone:1")

    response = application_error_response(blocked.value)

    assert response.status_code == 403
    assert "insufficient credit" in json.loads(response.content)["meta"]["message"]


def test_the_profile_of_a_new_user_is_on_the_free_plans(
    member: User,
) -> None:
    response = signed_in(member).get("/fast-ai/v1/users")

    assert response.status_code == 200
    profile = response.json()["data"]
    assert (profile["id"], profile["email"], profile["name"]) == (
        member.pk,
        "lan.nguyen@example.com",
        "Lan Nguyen",
    )
    subscription = profile["user_subscription"]
    assert (subscription["product"], subscription["plan"]["key"]) == ("market-insights", "free")
    assert subscription["plan"]["plan_usage"] == [
        {"limit_value": 2, "plan_limit": {"limit_type": "query_per_day"}}
    ]
    assert [s["product"] for s in profile["subscriptions"]] == ["market-insights", "lead-sourcing"]
    assert profile["total_user_query_logs_in_day"] == 0
    assert profile["queries_left_today"] == 2
    assert profile["credits"] == {
        "balance": 10,
        "free": 10,
        "bought": 0,
        "held": 0,
        "daily_allowance": 10,
    }


def test_the_profile_reads_session_user_plans_subscriptions_queries_and_credits(
    member: User, django_assert_num_queries: Any
) -> None:
    client = signed_in(member)
    with django_assert_num_queries(6):
        assert client.get("/fast-ai/v1/users").status_code == 200


def test_no_profile_for_a_visitor(client: Client) -> None:
    response = client.get("/fast-ai/v1/users")

    assert response.status_code == 401
    assert response.json()["meta"] == {
        "message": "Please login to use this feature",
        "code": "not_authenticated",
    }


@pytest.mark.parametrize(
    ("reference", "topic"),
    [("lead-email:7", "lead-email"), ("verification:3:1", "verification"), ("misc:1", None)],
)
def test_a_ledger_entry_names_its_topic_never_an_unknown_one(
    member_client: Client, member: User, reference: str, topic: str | None
) -> None:
    services.grant_credits(member, amount=5, reason="x" * 200, reference=reference)
    entry = member_client.get("/fast-ai/v1/users/billing").json()["data"]["ledger"][0]
    assert entry["topic"] == topic
    assert entry["reason"] == "x" * 80


def test_a_value_the_database_refuses_is_the_callers_error(
    member_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.db import DataError

    def refused(*args: Any, **kwargs: Any) -> None:
        raise DataError("value too long for type character varying(40)")

    monkeypatch.setattr(selectors, "orders_page", refused)

    response = member_client.get("/oms-backend/v1/orders")

    assert response.status_code == 422
    assert response.json()["meta"] == {
        "message": "A value is too long or out of range",
        "code": "validation_failed",
    }
