"""POST /fast-ai/v1/payments/webhooks/stripe: Stripe's signed events pay, close and refund
orders, each exactly once."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client

from apps.accounts.models import User
from apps.billing import selectors, services
from apps.billing.models import (
    CreditAccount,
    CreditEntry,
    Order,
    PaymentEvent,
    Plan,
    Subscription,
)
from apps.billing.services import orders
from apps.billing.tests.conftest import (
    WEBHOOK_SECRET,
    WEBHOOK_URL,
    Response,
    refund_event,
    session_event,
    stripe_signature,
)

pytestmark = pytest.mark.django_db

Deliver = Callable[..., Response]
MakeOrder = Callable[..., Order]
NOON = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def outcome(response: Response) -> str:
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["received"] is True
    return str(body["outcome"])


def bought_credits(user: User) -> int:
    account = CreditAccount.objects.filter(user=user).first()
    return account.bought_balance if account else 0


def grants(user: User) -> list[CreditEntry]:
    return list(CreditEntry.objects.filter(account__user=user, kind=CreditEntry.Kind.GRANT))


def paid(order: Order, deliver: Deliver) -> Order:
    assert outcome(deliver(session_event(order))) == "fulfilled"
    order.refresh_from_db()
    return order


# Payment


def test_a_paid_session_pays_the_order_and_grants_the_packs_credits(
    member: User, stripe_order: MakeOrder, deliver: Deliver, ledger_balanced: Callable[..., None]
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    with time_machine.travel(NOON, tick=False):
        assert outcome(deliver(session_event(order, event_id="evt_paid"))) == "fulfilled"

    order.refresh_from_db()
    assert order.status == Order.Status.PAID
    assert order.paid_at == NOON
    assert order.payment_reference == f"pi_for_order_{order.pk}"
    [grant] = grants(member)
    assert grant.amount == 100
    assert grant.bucket == CreditEntry.Bucket.BOUGHT
    assert grant.reference == f"order:{order.pk}"
    assert grant.order == order
    assert bought_credits(member) == 100
    event = PaymentEvent.objects.get()
    assert (event.provider, event.event_id, event.type) == (
        "stripe",
        "evt_paid",
        "checkout.session.completed",
    )
    assert (event.order, event.outcome) == (order, "fulfilled")
    ledger_balanced(member)


@pytest.mark.parametrize(("plan_key", "credits"), [("advanced", 2000), ("premium", 5000)])
def test_each_pack_grants_its_credits(
    member: User,
    stripe_order: MakeOrder,
    deliver: Deliver,
    ledger_balanced: Callable[..., None],
    plan_key: str,
    credits: int,
) -> None:
    paid(stripe_order(member, "lead-sourcing", plan_key), deliver)

    assert bought_credits(member) == credits
    ledger_balanced(member)


def test_a_daily_plan_runs_for_one_day(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "market-insights", "daily")

    with time_machine.travel(NOON, tick=False):
        paid(order, deliver)
        current = selectors.current_plans(member)["market-insights"]

    subscription = Subscription.objects.get(order=order)
    assert subscription.user == member
    assert subscription.status == Subscription.Status.ACTIVE
    assert (subscription.started_at, subscription.ends_at) == (NOON, NOON + timedelta(days=1))
    assert current.subscription == subscription
    assert current.plan.queries_per_day is None
    assert not grants(member)


@pytest.mark.parametrize(
    ("bought_at", "ends_at"),
    [
        (datetime(2026, 3, 10, 12, 0, tzinfo=UTC), datetime(2026, 4, 10, 12, 0, tzinfo=UTC)),
        (datetime(2026, 1, 31, 8, 30, tzinfo=UTC), datetime(2026, 2, 28, 8, 30, tzinfo=UTC)),
        (datetime(2028, 1, 31, 8, 30, tzinfo=UTC), datetime(2028, 2, 29, 8, 30, tzinfo=UTC)),
        (datetime(2026, 12, 15, 23, 0, tzinfo=UTC), datetime(2027, 1, 15, 23, 0, tzinfo=UTC)),
    ],
)
def test_a_monthly_plan_runs_for_one_calendar_month(
    member: User,
    stripe_order: MakeOrder,
    deliver: Deliver,
    bought_at: datetime,
    ends_at: datetime,
) -> None:
    order = stripe_order(member, "market-insights", "monthly")

    with time_machine.travel(bought_at, tick=False):
        paid(order, deliver)

    subscription = Subscription.objects.get(order=order)
    assert (subscription.started_at, subscription.ends_at) == (bought_at, ends_at)


def test_a_month_bought_during_a_running_day_starts_when_the_day_ends(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    daily = stripe_order(member, "market-insights", "daily")
    monthly = stripe_order(member, "market-insights", "monthly")
    with time_machine.travel(NOON, tick=False):
        paid(daily, deliver)
    with time_machine.travel(NOON + timedelta(hours=3), tick=False):
        paid(monthly, deliver)
        current_now = selectors.current_plans(member)["market-insights"].plan.key

    day = Subscription.objects.get(order=daily)
    month = Subscription.objects.get(order=monthly)
    assert month.started_at == day.ends_at == NOON + timedelta(days=1)
    assert month.ends_at == datetime(2026, 4, 11, 12, 0, tzinfo=UTC)
    assert current_now == "daily"
    with time_machine.travel(NOON + timedelta(days=1, minutes=1), tick=False):
        assert selectors.current_plans(member)["market-insights"].plan.key == "monthly"
    with time_machine.travel(datetime(2026, 4, 11, 12, 1, tzinfo=UTC), tick=False):
        assert selectors.current_plans(member)["market-insights"].plan.key == "free"


def test_a_plan_bought_after_the_last_one_ended_starts_at_once(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    first = stripe_order(member, "market-insights", "daily")
    second = stripe_order(member, "market-insights", "daily")
    with time_machine.travel(NOON, tick=False):
        paid(first, deliver)
    later = NOON + timedelta(days=3)
    with time_machine.travel(later, tick=False):
        paid(second, deliver)

    assert Subscription.objects.get(order=second).started_at == later


def test_another_members_running_plan_does_not_delay_mine(
    member: User, other_member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    theirs = stripe_order(other_member, "market-insights", "monthly")
    mine = stripe_order(member, "market-insights", "daily")
    with time_machine.travel(NOON, tick=False):
        paid(theirs, deliver)
    with time_machine.travel(NOON + timedelta(hours=1), tick=False):
        paid(mine, deliver)

    subscription = Subscription.objects.get(order=mine)
    assert subscription.started_at == NOON + timedelta(hours=1)
    assert subscription.ends_at == NOON + timedelta(days=1, hours=1)


def test_a_running_plan_of_another_product_does_not_delay_this_one(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    team = Plan.objects.get(product__name="lead-sourcing", key="free")
    team.pk, team.key, team.kind, team.period = None, "team", Plan.Kind.SUBSCRIPTION, "month"
    team.price_cents = team.list_price_cents = 100
    team.save()
    Subscription.objects.create(
        user=member, plan=team, started_at=NOON, ends_at=NOON + timedelta(days=30)
    )
    daily = stripe_order(member, "market-insights", "daily")
    with time_machine.travel(NOON + timedelta(hours=1), tick=False):
        paid(daily, deliver)

    assert Subscription.objects.get(order=daily).started_at == NOON + timedelta(hours=1)


def test_a_refunded_plan_does_not_delay_the_next_one(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    refunded = stripe_order(member, "market-insights", "monthly")
    bought = stripe_order(member, "market-insights", "daily")
    with time_machine.travel(NOON, tick=False):
        paid(refunded, deliver)
    with time_machine.travel(NOON + timedelta(hours=1), tick=False):
        assert outcome(deliver(refund_event(refunded))) == "refunded"
    with time_machine.travel(NOON + timedelta(hours=2), tick=False):
        paid(bought, deliver)

    assert Subscription.objects.get(order=bought).started_at == NOON + timedelta(hours=2)


def test_an_event_delivered_again_changes_nothing(
    member: User, stripe_order: MakeOrder, deliver: Deliver, ledger_balanced: Callable[..., None]
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")
    event = session_event(order, event_id="evt_once")

    first, again = deliver(event), deliver(event)

    assert (outcome(first), outcome(again)) == ("fulfilled", "replayed")
    assert len(grants(member)) == 1
    assert bought_credits(member) == 100
    assert PaymentEvent.objects.count() == 1
    ledger_balanced(member)


def test_another_event_for_the_same_session_fulfils_it_once(
    member: User, stripe_order: MakeOrder, deliver: Deliver, ledger_balanced: Callable[..., None]
) -> None:
    order = stripe_order(member, "market-insights", "daily")

    completed = deliver(session_event(order))
    succeeded = deliver(session_event(order, "checkout.session.async_payment_succeeded"))

    assert (outcome(completed), outcome(succeeded)) == ("fulfilled", "already done")
    assert Subscription.objects.filter(user=member).count() == 1
    assert PaymentEvent.objects.count() == 2
    ledger_balanced(member)


def test_a_session_paid_later_is_fulfilled_when_the_payment_succeeds(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    waiting = deliver(session_event(order, payment_status="unpaid"))
    order.refresh_from_db()
    assert (outcome(waiting), order.status) == ("ignored", Order.Status.PENDING)

    succeeded = deliver(session_event(order, "checkout.session.async_payment_succeeded"))

    order.refresh_from_db()
    assert (outcome(succeeded), order.status) == ("fulfilled", Order.Status.PAID)
    assert bought_credits(member) == 100


def test_an_event_whose_work_failed_is_acted_on_when_stripe_retries(
    monkeypatch: pytest.MonkeyPatch,
    member: User,
    stripe_order: MakeOrder,
    deliver: Deliver,
    ledger_balanced: Callable[..., None],
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")
    event = session_event(order, event_id="evt_retried")

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("database went away")

    # The credits of the order cannot be written: the whole fulfilment rolls back.
    with monkeypatch.context() as patch:
        patch.setattr(orders, "grant_credits", broken)
        with pytest.raises(RuntimeError):
            deliver(event)

    order.refresh_from_db()
    assert order.status == Order.Status.PENDING
    assert not PaymentEvent.objects.exists()

    assert outcome(deliver(event)) == "fulfilled"
    assert bought_credits(member) == 100
    ledger_balanced(member)


# Payments that must not be fulfilled


def test_an_unknown_order_is_acknowledged_and_changes_nothing(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")
    stranger = session_event(order, client_reference_id="999999", metadata={"order_id": "999999"})

    assert outcome(deliver(stranger)) == "unknown order"
    order.refresh_from_db()
    assert order.status == Order.Status.PENDING
    assert not CreditEntry.objects.exists()
    assert PaymentEvent.objects.get().order is None


def test_a_session_names_its_order_by_client_reference_alone(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    assert outcome(deliver(session_event(order, metadata={}))) == "fulfilled"
    assert bought_credits(member) == 100


def test_a_payment_without_a_payment_intent_keeps_no_payment_reference(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    assert outcome(deliver(session_event(order, payment_intent=None))) == "fulfilled"
    order.refresh_from_db()
    assert order.payment_reference == ""


def test_a_session_without_an_order_id_is_acknowledged(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    response = deliver(session_event(order, client_reference_id=None, metadata={}))

    assert outcome(response) == "unknown order"
    order.refresh_from_db()
    assert order.status == Order.Status.PENDING


def test_a_sandbox_order_cannot_be_paid_through_stripe(
    member: User, sandbox_order: MakeOrder, deliver: Deliver
) -> None:
    order = sandbox_order(member, "lead-sourcing", "basic")

    assert outcome(deliver(session_event(order))) == "unknown order"
    order.refresh_from_db()
    assert order.status == Order.Status.PENDING
    assert not CreditEntry.objects.exists()


@pytest.mark.parametrize(
    "overrides",
    [
        {"amount_total": 1},
        {"amount_total": 499},
        {"amount_total": None},
        {"id": "cs_test_another_session"},
    ],
    ids=["one cent", "a cent short", "no amount", "another session"],
)
def test_a_payment_that_does_not_match_the_order_is_not_fulfilled(
    member: User,
    stripe_order: MakeOrder,
    deliver: Deliver,
    overrides: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    assert outcome(deliver(session_event(order, **overrides))) == "mismatch"
    order.refresh_from_db()
    assert order.status == Order.Status.PENDING
    assert not CreditEntry.objects.exists()
    assert [r.getMessage() for r in caplog.records if r.name == orders.__name__] == [
        f"Payment for order {order.pk} does not match it; not fulfilled"
    ]


def test_another_members_session_cannot_pay_this_members_order(
    member: User, other_member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    mine = stripe_order(member, "lead-sourcing", "basic")
    theirs = stripe_order(other_member, "lead-sourcing", "basic")

    forged = session_event(theirs, metadata={"order_id": str(mine.pk)}, client_reference_id=None)

    assert outcome(deliver(forged)) == "mismatch"
    mine.refresh_from_db()
    assert mine.status == Order.Status.PENDING
    assert not CreditEntry.objects.exists()


# Signatures


@pytest.mark.parametrize(
    "sign",
    [
        lambda payload: stripe_signature(payload, secret="whsec_someone_else"),
        lambda payload: stripe_signature(payload + " "),
        lambda payload: "",
        lambda payload: "v1=deadbeef",
    ],
    ids=["other secret", "other payload", "no header", "no timestamp"],
)
def test_an_event_without_a_valid_signature_is_refused(
    member: User, stripe_order: MakeOrder, client: Client, sign: Callable[[str], str]
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")
    payload = json.dumps(session_event(order))

    response = client.post(
        WEBHOOK_URL,
        payload,
        content_type="application/json",
        headers={"Stripe-Signature": sign(payload)} if sign(payload) else {},
    )

    assert response.status_code == 400
    assert response.json()["meta"]["code"] == "invalid_signature"
    order.refresh_from_db()
    assert order.status == Order.Status.PENDING
    assert not PaymentEvent.objects.exists()
    assert not CreditEntry.objects.exists()


def test_without_a_webhook_secret_every_event_is_refused(
    settings: Any, member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    settings.STRIPE_WEBHOOK_SECRET = ""
    order = stripe_order(member, "lead-sourcing", "basic")

    for secret in ("", WEBHOOK_SECRET):
        assert deliver(session_event(order), secret=secret).status_code == 400

    order.refresh_from_db()
    assert order.status == Order.Status.PENDING
    assert not PaymentEvent.objects.exists()


def test_a_captured_event_replayed_later_is_refused(
    member: User, stripe_order: MakeOrder, client: Client
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")
    payload = json.dumps(session_event(order))
    with time_machine.travel(NOON, tick=False):
        signature = stripe_signature(payload)

    def send() -> Response:
        return client.post(
            WEBHOOK_URL,
            payload,
            content_type="application/json",
            headers={"Stripe-Signature": signature},
        )

    with time_machine.travel(NOON + timedelta(minutes=6), tick=False):
        stale = send()
    assert stale.status_code == 400
    order.refresh_from_db()
    assert order.status == Order.Status.PENDING

    with time_machine.travel(NOON + timedelta(minutes=4), tick=False):
        fresh = send()
    assert outcome(fresh) == "fulfilled"


def test_stripe_needs_no_csrf_token(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")
    stripe_servers = Client(enforce_csrf_checks=True)
    payload = json.dumps(session_event(order))

    response = stripe_servers.post(
        WEBHOOK_URL,
        payload,
        content_type="application/json",
        headers={"Stripe-Signature": stripe_signature(payload)},
    )

    assert outcome(response) == "fulfilled"


# Checkouts that end unpaid


@pytest.mark.parametrize(
    ("event_type", "status"),
    [
        ("checkout.session.expired", Order.Status.CANCELLED),
        ("checkout.session.async_payment_failed", Order.Status.FAILED),
    ],
)
def test_a_checkout_that_ends_unpaid_closes_the_pending_order(
    member: User, stripe_order: MakeOrder, deliver: Deliver, event_type: str, status: str
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    closing = session_event(order, event_type, payment_status="unpaid", status="expired")

    assert outcome(deliver(closing)) == "closed"
    order.refresh_from_db()
    assert order.status == status
    assert not CreditEntry.objects.exists()


def test_an_expired_session_does_not_touch_a_paid_order(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = paid(stripe_order(member, "lead-sourcing", "basic"), deliver)

    expired = session_event(order, "checkout.session.expired", payment_status="unpaid")

    assert outcome(deliver(expired)) == "already done"
    order.refresh_from_db()
    assert order.status == Order.Status.PAID
    assert bought_credits(member) == 100


def test_an_expiry_for_another_session_does_not_close_the_order(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    expired = session_event(order, "checkout.session.expired", id="cs_test_someone_else")

    assert outcome(deliver(expired)) == "unknown order"
    order.refresh_from_db()
    assert order.status == Order.Status.PENDING


# Refunds


def test_a_refunded_pack_takes_back_its_credits(
    member: User, stripe_order: MakeOrder, deliver: Deliver, ledger_balanced: Callable[..., None]
) -> None:
    order = paid(stripe_order(member, "lead-sourcing", "basic"), deliver)

    assert outcome(deliver(refund_event(order))) == "refunded"

    order.refresh_from_db()
    assert order.status == Order.Status.REFUNDED
    assert bought_credits(member) == 0
    reversal = CreditEntry.objects.get(account__user=member, kind=CreditEntry.Kind.REVERSAL)
    assert (reversal.amount, reversal.reason, reversal.reference, reversal.order) == (
        -100,
        "payment refunded",
        f"order:{order.pk}",
        order,
    )
    ledger_balanced(member)


def test_a_refund_takes_back_only_the_credits_left_unspent(
    member: User, stripe_order: MakeOrder, deliver: Deliver, ledger_balanced: Callable[..., None]
) -> None:
    order = paid(stripe_order(member, "lead-sourcing", "basic"), deliver)
    # Today's 10 free credits go first, then 30 of the 100 bought ones.
    services.charge_credits(
        member, amount=40, reason="company verification", reference="verification:7"
    )
    assert bought_credits(member) == 70

    assert outcome(deliver(refund_event(order))) == "refunded"

    account = CreditAccount.objects.get(user=member)
    assert (account.free_balance, account.bought_balance) == (0, 0)
    reversal = CreditEntry.objects.get(account__user=member, kind=CreditEntry.Kind.REVERSAL)
    assert reversal.amount == -70
    ledger_balanced(member)


def test_a_refund_leaves_the_credits_of_other_packs(
    member: User, stripe_order: MakeOrder, deliver: Deliver, ledger_balanced: Callable[..., None]
) -> None:
    refunded = paid(stripe_order(member, "lead-sourcing", "basic"), deliver)
    paid(stripe_order(member, "lead-sourcing", "advanced"), deliver)

    assert outcome(deliver(refund_event(refunded))) == "refunded"

    assert bought_credits(member) == 2000
    ledger_balanced(member)


def test_a_refunded_plan_ends_its_subscription(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    with time_machine.travel(NOON, tick=False):
        order = paid(stripe_order(member, "market-insights", "monthly"), deliver)
    with time_machine.travel(NOON + timedelta(days=2), tick=False):
        assert selectors.current_plans(member)["market-insights"].plan.key == "monthly"
        assert outcome(deliver(refund_event(order))) == "refunded"
        current = selectors.current_plans(member)["market-insights"]

    assert Subscription.objects.get(order=order).status == Subscription.Status.CANCELLED
    assert current.plan.key == "free"
    order.refresh_from_db()
    assert order.status == Order.Status.REFUNDED


def test_a_paid_order_cannot_be_cancelled_and_its_refund_takes_the_credits_back(
    member: User,
    member_client: Client,
    stripe_order: MakeOrder,
    deliver: Deliver,
    ledger_balanced: Callable[..., None],
) -> None:
    order = paid(stripe_order(member, "lead-sourcing", "basic"), deliver)

    cancelled = member_client.put(
        f"/oms-backend/v1/orders/{order.pk}",
        json.dumps({"status": "cancelled"}),
        content_type="application/json",
    )

    assert cancelled.status_code == 409
    order.refresh_from_db()
    assert order.status == Order.Status.PAID
    assert outcome(deliver(refund_event(order))) == "refunded"
    assert bought_credits(member) == 0
    ledger_balanced(member)


def test_a_refund_is_applied_once(
    member: User, stripe_order: MakeOrder, deliver: Deliver, ledger_balanced: Callable[..., None]
) -> None:
    order = paid(stripe_order(member, "lead-sourcing", "basic"), deliver)
    paid(stripe_order(member, "lead-sourcing", "basic"), deliver)
    event = refund_event(order)

    results = [deliver(event), deliver(event), deliver(refund_event(order))]

    assert [outcome(result) for result in results] == ["refunded", "replayed", "already done"]
    assert bought_credits(member) == 100
    assert CreditEntry.objects.filter(kind=CreditEntry.Kind.REVERSAL).count() == 1
    ledger_balanced(member)


def test_a_partial_refund_changes_nothing(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = paid(stripe_order(member, "lead-sourcing", "basic"), deliver)

    partial = refund_event(order, refunded=False, amount_refunded=100)

    assert outcome(deliver(partial)) == "ignored"
    order.refresh_from_db()
    assert order.status == Order.Status.PAID
    assert bought_credits(member) == 100


def test_a_refund_of_an_unknown_payment_changes_nothing(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = paid(stripe_order(member, "lead-sourcing", "basic"), deliver)

    for payment_intent in ("pi_unknown", None):
        assert (
            outcome(deliver(refund_event(order, payment_intent=payment_intent))) == "unknown order"
        )

    order.refresh_from_db()
    assert order.status == Order.Status.PAID
    assert bought_credits(member) == 100


def test_a_refund_before_the_payment_is_confirmed_changes_nothing(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    assert outcome(deliver(refund_event(order, payment_intent=""))) == "unknown order"
    order.refresh_from_db()
    assert order.status == Order.Status.PENDING


def test_other_event_types_are_acknowledged_and_ignored(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")

    event = session_event(order, "payment_intent.created")

    assert outcome(deliver(event)) == "ignored"
    order.refresh_from_db()
    assert order.status == Order.Status.PENDING
    assert PaymentEvent.objects.get().outcome == "ignored"


# Malformed events


def post_signed(client: Client, payload: str) -> Response:
    return client.post(
        WEBHOOK_URL,
        payload,
        content_type="application/json",
        headers={"Stripe-Signature": stripe_signature(payload)},
    )


@pytest.mark.parametrize(
    "payload",
    [
        "not json",
        "[]",
        "null",
        "{}",
        '{"id": "evt_1", "type": "checkout.session.completed"}',
        '{"id": "evt_1", "type": "checkout.session.completed", "data": []}',
        '{"id": "evt_1", "type": "checkout.session.completed", "data": {"object": "x"}}',
        '{"id": 7, "type": "checkout.session.completed", "data": {"object": {"id": "cs_1"}}}',
        '{"id": "evt\\u0000", "type": "charge.refunded", "data": {"object": {"id": "ch_1"}}}',
        '{"id": "evt_1", "type": "checkout.session.completed",'
        ' "data": {"object": {"id": "cs_1", "metadata": ["order_id"]}}}',
        '{"id": "evt_1", "type": "checkout.session.completed",'
        ' "data": {"object": {"id": "cs_1", "payment_status": "paid", "amount_total": "lots"}}}',
    ],
)
def test_a_signed_but_malformed_event_is_refused_with_400(
    client: Client, payment_settings: Any, payload: str
) -> None:
    response = post_signed(client, payload)

    assert response.status_code == 400, response.content
    assert response.json()["meta"]["code"] == "malformed_event"
    assert not PaymentEvent.objects.exists()


def test_an_order_with_an_eighteen_digit_id_is_paid(
    member: User, stripe_order: MakeOrder, deliver: Deliver
) -> None:
    order = stripe_order(member, "lead-sourcing", "basic")
    Order.objects.filter(pk=order.pk).update(id=10**17)
    order.pk = 10**17

    assert outcome(deliver(session_event(order))) == "fulfilled"
    assert bought_credits(member) == 100


@pytest.mark.parametrize("order_id", ["²", "1" * 30, "9" * 19])
def test_an_event_naming_an_impossible_order_is_an_unknown_order(
    deliver: Deliver, order_id: str
) -> None:
    event = {
        "id": "evt_impossible",
        "type": "checkout.session.completed",
        "data": {
            "object": {
                "id": "cs_impossible",
                "metadata": {"order_id": order_id},
                "payment_status": "paid",
                "amount_total": 500,
            }
        },
    }

    assert outcome(deliver(event)) == "unknown order"
