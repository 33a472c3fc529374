"""Orders, checkout and fulfilment: a plan bought through a checkout provider becomes a
subscription or credits once paid, refunds take them back, and payment events are recorded
once."""

from __future__ import annotations

import calendar
import logging
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.accounts.models import User
from apps.billing import selectors
from apps.billing.models import (
    CreditEntry,
    Order,
    PaymentEvent,
    Plan,
    Subscription,
)
from apps.billing.products import MARKET_INSIGHTS
from apps.billing.providers.checkout import CheckoutProviderError, checkout_provider
from apps.billing.providers.stripe_checkout import NAME as STRIPE
from apps.billing.services.ledger import append_entry, grant_credits, locked_account, save_account
from apps.core.errors import (
    Conflict,
    NotFound,
    ProviderUnavailable,
)

logger = logging.getLogger(__name__)

Kind, Bucket = CreditEntry.Kind, CreditEntry.Bucket


def create_order(user: User, *, product_name: str, plan_key: str) -> Order:
    plan = selectors.purchasable_plan(product_name, plan_key)
    return Order.objects.create(
        user=user, product=plan.product, plan=plan, amount_cents=plan.price_cents
    )


def cancel_order(user: User, order_id: int) -> Order:
    with transaction.atomic():
        order = Order.objects.select_for_update().filter(user=user, pk=order_id).first()
        if order is None:
            raise NotFound("Order not found")
        if order.status != Order.Status.PENDING:
            raise Conflict(f"Only a pending order can be cancelled; this one is {order.status}")
        order.status = Order.Status.CANCELLED
        order.save(update_fields=["status", "updated_at"])
        return order


def return_path(outcome: str, order: Order) -> str:
    """`/success` or `/cancel` for an order: its product name (spec §2) and the order itself,
    so the page can name what was bought."""
    return f"/{outcome}?{urlencode({'product_name': order.product.name, 'order': order.pk})}"


def start_checkout(
    user: User, *, product_name: str, plan_key: str, language: str
) -> tuple[Order, str]:
    """A pending order and a checkout session for it at the configured payment provider;
    returns the order and the address the user pays at."""
    provider = checkout_provider()
    if provider is None:
        raise ProviderUnavailable("Payments are not configured")
    order = create_order(user, product_name=product_name, plan_key=plan_key)
    try:
        session = provider.create_session(
            order=order,
            customer_email=user.email,
            success_url=settings.SITE_URL + return_path("success", order),
            cancel_url=settings.SITE_URL + return_path("cancel", order),
            language=language,
        )
    except CheckoutProviderError as exc:
        logger.warning("Checkout for order %s failed at %s: %s", order.pk, provider.name, exc)
        order.status, order.provider = Order.Status.FAILED, provider.name
        order.save(update_fields=["status", "provider", "updated_at"])
        raise ProviderUnavailable() from exc
    order.provider, order.provider_reference = provider.name, session.reference
    order.save(update_fields=["provider", "provider_reference", "updated_at"])
    return order, session.url


# Fulfilment: only a payment provider's confirmation gets here


class Outcome(StrEnum):
    FULFILLED = "fulfilled"
    ALREADY_DONE = "already done"
    UNKNOWN_ORDER = "unknown order"
    MISMATCH = "mismatch"
    CLOSED = "closed"
    REFUNDED = "refunded"
    REPLAYED = "replayed"
    IGNORED = "ignored"


def _add_months(moment: datetime, months: int) -> datetime:
    month_index = moment.month - 1 + months
    year, month = moment.year + month_index // 12, month_index % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


def period_end(plan: Plan, start: datetime) -> datetime:
    if plan.period == Plan.Period.DAY:
        return start + timedelta(days=1)
    return _add_months(start, 1)


def _start_subscription(order: Order) -> None:
    """A bought period starts now, or when the user's paid time for the product runs out."""
    locked_account(order.user)
    now = timezone.now()
    running = (
        Subscription.objects.filter(
            user=order.user,
            plan__product=order.product,
            status=Subscription.Status.ACTIVE,
            ends_at__gt=now,
        )
        .order_by("-ends_at")
        .first()
    )
    start = running.ends_at if running and running.ends_at else now
    Subscription.objects.create(
        user=order.user,
        plan=order.plan,
        started_at=start,
        ends_at=period_end(order.plan, start),
        order=order,
    )


def _deliver(order: Order) -> None:
    if order.plan.kind == Plan.Kind.CREDITS:
        grant_credits(
            order.user,
            amount=order.plan.credits or 0,
            reason=f"{order.plan} pack",
            reference=f"order:{order.pk}",
            order=order,
        )
    elif order.plan.kind == Plan.Kind.SUBSCRIPTION:
        _start_subscription(order)


def fulfil_order(
    order_id: int,
    *,
    provider: str,
    provider_reference: str,
    amount_cents: int,
    payment_reference: str = "",
) -> Outcome:
    """Mark a paid order paid and deliver what it bought, in one transaction, once."""
    with transaction.atomic():
        order = (
            Order.objects.select_for_update()
            .select_related("plan", "product", "user")
            .filter(pk=order_id, provider=provider)
            .first()
        )
        if order is None:
            return Outcome.UNKNOWN_ORDER
        if order.status in (Order.Status.PAID, Order.Status.REFUNDED):
            return Outcome.ALREADY_DONE
        if order.provider_reference != provider_reference or order.amount_cents != amount_cents:
            logger.error("Payment for order %s does not match it; not fulfilled", order.pk)
            return Outcome.MISMATCH
        order.status, order.paid_at = Order.Status.PAID, timezone.now()
        order.payment_reference = payment_reference
        order.save(update_fields=["status", "paid_at", "payment_reference", "updated_at"])
        _deliver(order)
        return Outcome.FULFILLED


def close_unpaid_order(
    order_id: int, *, provider: str, provider_reference: str, status: str
) -> Outcome:
    """The provider says the checkout ended without payment (cancelled, expired, failed)."""
    with transaction.atomic():
        order = (
            Order.objects.select_for_update()
            .filter(pk=order_id, provider=provider, provider_reference=provider_reference)
            .first()
        )
        if order is None:
            return Outcome.UNKNOWN_ORDER
        if order.status != Order.Status.PENDING:
            return Outcome.ALREADY_DONE
        order.status = status
        order.save(update_fields=["status", "updated_at"])
        return Outcome.CLOSED


def refund_order(*, provider: str, payment_reference: str) -> Outcome:
    """The provider refunded a payment: end what it bought; take back its credits as far as
    they are unspent."""
    with transaction.atomic():
        order = (
            Order.objects.select_for_update()
            .select_related("plan", "user")
            .filter(provider=provider, payment_reference=payment_reference)
            .exclude(payment_reference="")
            .first()
        )
        if order is None:
            return Outcome.UNKNOWN_ORDER
        if order.status != Order.Status.PAID:
            return Outcome.ALREADY_DONE
        order.status = Order.Status.REFUNDED
        order.save(update_fields=["status", "updated_at"])
        Subscription.objects.filter(order=order).update(status=Subscription.Status.CANCELLED)
        account = locked_account(order.user)
        taken = min(order.plan.credits or 0, account.bought_balance)
        if order.plan.kind == Plan.Kind.CREDITS and taken:
            account.bought_balance -= taken
            append_entry(
                account,
                Kind.REVERSAL,
                Bucket.BOUGHT,
                -taken,
                "payment refunded",
                reference=f"order:{order.pk}",
                order=order,
            )
            save_account(account)
        return Outcome.REFUNDED


def record_payment_event(provider: str, event_id: str, event_type: str) -> PaymentEvent | None:
    """Keep a provider's event once; None when it was already received (a replay). Call it
    inside the transaction that acts on the event, so a failed act lets the retry through."""
    try:
        with transaction.atomic():
            return PaymentEvent.objects.create(
                provider=provider, event_id=event_id, type=event_type
            )
    except IntegrityError:
        return None


# Demo accounts

DEMO_PLAN = (MARKET_INSIGHTS, "monthly")
DEMO_CREDITS = 500


def set_up_paid_demo(user: User) -> None:
    """The paid demo account: the monthly market-insights plan (unless a paid plan is running)
    and 500 bought credits, granted once however often the demo is seeded."""
    with transaction.atomic():
        product_name, plan_key = DEMO_PLAN
        if selectors.current_plans(user)[product_name].subscription is None:
            plan = selectors.purchasable_plan(product_name, plan_key)
            start = timezone.now()
            Subscription.objects.create(
                user=user, plan=plan, started_at=start, ends_at=period_end(plan, start)
            )
        grant_credits(user, amount=DEMO_CREDITS, reason="demo credits", reference="demo:credits")


# Stripe's webhook events

PAID_SESSION_EVENTS = ("checkout.session.completed", "checkout.session.async_payment_succeeded")
UNPAID_SESSION_EVENTS = {
    "checkout.session.expired": Order.Status.CANCELLED,
    "checkout.session.async_payment_failed": Order.Status.FAILED,
}


def _session_order_id(session: dict[str, Any]) -> int | None:
    raw = (session.get("metadata") or {}).get("order_id") or session.get("client_reference_id")
    text = str(raw or "")
    # ASCII digits within a bigint: "²" or a 30-digit number name no order.
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def _act_on_stripe_event(event_type: str, obj: dict[str, Any]) -> Outcome:
    if event_type in PAID_SESSION_EVENTS or event_type in UNPAID_SESSION_EVENTS:
        order_id = _session_order_id(obj)
        if order_id is None:
            return Outcome.UNKNOWN_ORDER
        if event_type in UNPAID_SESSION_EVENTS:
            return close_unpaid_order(
                order_id,
                provider=STRIPE,
                provider_reference=obj["id"],
                status=UNPAID_SESSION_EVENTS[event_type],
            )
        if obj.get("payment_status") != "paid":
            return Outcome.IGNORED  # paid later: async_payment_succeeded follows
        return fulfil_order(
            order_id,
            provider=STRIPE,
            provider_reference=obj["id"],
            amount_cents=int(obj.get("amount_total") or 0),
            payment_reference=str(obj.get("payment_intent") or ""),
        )
    if event_type == "charge.refunded" and obj.get("refunded"):
        return refund_order(provider=STRIPE, payment_reference=str(obj.get("payment_intent") or ""))
    return Outcome.IGNORED


def handle_stripe_event(event: dict[str, Any]) -> Outcome:
    """Act on a verified Stripe event once, however often Stripe delivers it."""
    with transaction.atomic():
        received = record_payment_event(STRIPE, str(event["id"]), str(event["type"]))
        if received is None:
            return Outcome.REPLAYED
        outcome = _act_on_stripe_event(str(event["type"]), event["data"]["object"])
        received.outcome = outcome.value
        obj_order = _session_order_id(event["data"]["object"])
        received.order = Order.objects.filter(pk=obj_order).first() if obj_order else None
        received.save(update_fields=["outcome", "order"])
        return outcome
