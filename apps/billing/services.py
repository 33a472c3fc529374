"""Billing's writes: query quotas, credits, orders, checkout and fulfilment.

Every act is one transaction. A user's billing acts are serialised by a row lock on their
credit account, so concurrent requests (any number of processes) can neither overspend credits,
count a query twice nor start overlapping subscriptions."""

from __future__ import annotations

import calendar
import logging
from dataclasses import dataclass
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
    CreditAccount,
    CreditEntry,
    Order,
    PaymentEvent,
    Plan,
    QueryLog,
    Subscription,
)
from apps.billing.products import MARKET_INSIGHTS
from apps.billing.providers.checkout import CheckoutProviderError, checkout_provider
from apps.billing.providers.stripe_checkout import NAME as STRIPE
from apps.core.audit import record_audit
from apps.core.errors import (
    Conflict,
    NotFound,
    PermissionDenied,
    ProviderUnavailable,
    ValidationFailed,
)

logger = logging.getLogger(__name__)

Kind, Bucket = CreditEntry.Kind, CreditEntry.Bucket


class QueryLimitExceeded(PermissionDenied):
    code = "query_limit_exceeded"
    message = "Daily query limit exceeded"


class InsufficientCredit(PermissionDenied):
    code = "insufficient_credit"
    message = "insufficient credit"


@dataclass(frozen=True)
class QuotaState:
    used: int
    limit: int | None
    counted: bool

    @property
    def remaining(self) -> int | None:
        return None if self.limit is None else max(self.limit - self.used, 0)


@dataclass(frozen=True)
class CreditChange:
    changed: bool
    balance: int


def _locked_account(user: User) -> CreditAccount:
    """The user's credit account, created when missing, locked until the transaction ends."""
    CreditAccount.objects.get_or_create(user=user)
    return CreditAccount.objects.select_for_update().get(user=user)


def _append(
    account: CreditAccount,
    kind: str,
    bucket: str,
    amount: int,
    reason: str,
    reference: str = "",
    order: Order | None = None,
) -> None:
    CreditEntry.objects.create(
        account=account,
        kind=kind,
        bucket=bucket,
        amount=amount,
        balance_after=account.balance,
        reason=reason,
        reference=reference,
        order=order,
    )


def _save(account: CreditAccount) -> None:
    account.save(update_fields=["free_balance", "free_day", "bought_balance", "updated_at"])


# Query quota


def count_query(user: User, *, product_name: str, key: str) -> None:
    """Count a search (by its key) against the user's queries of `product_name` today, as
    record_query does; a search already counted today (repeated or paged) is told by one
    indexed lookup, without taking the account's lock."""
    if not selectors.query_counted_today(user, product_name, key):
        record_query(user, product_name=product_name, key=key)


@transaction.atomic
def record_query(user: User, *, product_name: str, key: str) -> QuotaState:
    """Count one query of `product_name` against the user's plan for today (UTC). The same key
    on the same day counts once; past the plan's `query_per_day` it raises QueryLimitExceeded."""
    product = selectors.product_named(product_name)
    _locked_account(user)
    today = selectors.utc_today()
    todays = QueryLog.objects.filter(user=user, product=product, day=today)
    digest = selectors.query_key_hash(key)
    limit = selectors.current_plans(user)[product.name].plan.queries_per_day
    used = todays.count()
    if todays.filter(key_hash=digest).exists():
        return QuotaState(used=used, limit=limit, counted=False)
    if limit is not None and used >= limit:
        raise QueryLimitExceeded(f"Daily query limit exceeded: {limit} of {limit} used today")
    QueryLog.objects.create(user=user, product=product, day=today, key_hash=digest)
    return QuotaState(used=used + 1, limit=limit, counted=True)


# Credits


def _refresh_daily_credits(account: CreditAccount, user: User) -> None:
    """Free credits are today's only: on the first use of a UTC day the rest of the last
    day's expire and today's allowance is granted."""
    today = selectors.utc_today()
    if account.free_day == today:
        return
    if account.free_balance:
        expired, account.free_balance = account.free_balance, 0
        _append(
            account,
            Kind.DAILY_EXPIRY,
            Bucket.FREE,
            -expired,
            "daily credits expired",
            reference=f"daily:{account.free_day}",
        )
    account.free_day = today
    allowance = selectors.daily_credit_allowance(user)
    if allowance:
        account.free_balance = allowance
        _append(
            account,
            Kind.DAILY_GRANT,
            Bucket.FREE,
            allowance,
            "daily free credits",
            reference=f"daily:{today}",
        )


@transaction.atomic
def charge_credits(user: User, *, amount: int, reason: str, reference: str) -> CreditChange:
    """Take `amount` credits for what `reference` names (e.g. `lead-email:123`), today's free
    credits first. Charging a reference that was already charged changes nothing."""
    if amount <= 0:
        raise ValueError("a charge takes at least one credit")
    account = _locked_account(user)
    if account.entries.filter(kind=Kind.CHARGE, reference=reference).exists():
        return CreditChange(changed=False, balance=account.balance)
    _refresh_daily_credits(account, user)
    if account.balance < amount:
        raise InsufficientCredit(
            f"insufficient credit: {amount} needed, {account.balance} available"
        )
    from_free = min(account.free_balance, amount)
    if from_free:
        account.free_balance -= from_free
        _append(account, Kind.CHARGE, Bucket.FREE, -from_free, reason, reference)
    if amount > from_free:
        account.bought_balance -= amount - from_free
        _append(account, Kind.CHARGE, Bucket.BOUGHT, from_free - amount, reason, reference)
    _save(account)
    return CreditChange(changed=True, balance=account.balance)


@transaction.atomic
def grant_credits(
    user: User, *, amount: int, reason: str, reference: str, order: Order | None = None
) -> CreditChange:
    """Add bought (never expiring) credits once for `reference`."""
    if amount <= 0:
        raise ValueError("a grant gives at least one credit")
    account = _locked_account(user)
    if account.entries.filter(kind=Kind.GRANT, reference=reference).exists():
        return CreditChange(changed=False, balance=account.balance)
    account.bought_balance += amount
    _append(account, Kind.GRANT, Bucket.BOUGHT, amount, reason, reference, order)
    _save(account)
    return CreditChange(changed=True, balance=account.balance)


@transaction.atomic
def refund_credits(user: User, *, reference: str, reason: str) -> CreditChange:
    """Give back what the charge for `reference` took, once. Free credits come back only on
    the day they were taken: the next day they would have expired anyway."""
    account = _locked_account(user)
    charges = list(account.entries.filter(kind=Kind.CHARGE, reference=reference))
    already = account.entries.filter(kind=Kind.REFUND, reference=reference).exists()
    if not charges or already:
        return CreditChange(changed=False, balance=account.balance)
    _refresh_daily_credits(account, user)
    changed = False
    for charge in charges:
        if charge.bucket == Bucket.FREE:
            if charge.created_at.date() != account.free_day:
                continue
            account.free_balance -= charge.amount
        else:
            account.bought_balance -= charge.amount
        _append(account, Kind.REFUND, charge.bucket, -charge.amount, reason, reference)
        changed = True
    _save(account)
    return CreditChange(changed=changed, balance=account.balance)


@transaction.atomic
def adjust_credits(user: User, *, amount: int, reason: str, operator: User) -> CreditChange:
    """An operator's correction of a user's bought credits (a goodwill grant, a mistake put
    right), written to the ledger and to the audit trail with the operator's name."""
    if amount == 0:
        raise ValidationFailed("An adjustment changes at least one credit")
    account = _locked_account(user)
    if account.bought_balance + amount < 0:
        raise ValidationFailed(
            f"Only {account.bought_balance} bought credits can be taken",
            fields={"amount": [f"At least {-account.bought_balance}"]},
        )
    before = {"free_balance": account.free_balance, "bought_balance": account.bought_balance}
    account.bought_balance += amount
    _save(account)
    audit = record_audit(
        actor=operator,
        action="adjust_credits",
        target=account,
        before=before,
        after={"free_balance": account.free_balance, "bought_balance": account.bought_balance},
        note=reason,
    )
    reference = f"adjustment #{audit.pk} by {operator.email}"[:120]
    _append(account, Kind.ADJUSTMENT, Bucket.BOUGHT, amount, reason[:80], reference)
    return CreditChange(changed=True, balance=account.balance)


# Orders


def create_order(user: User, *, product_name: str, plan_key: str) -> Order:
    plan = selectors.purchasable_plan(product_name, plan_key)
    return Order.objects.create(
        user=user, product=plan.product, plan=plan, amount_cents=plan.price_cents
    )


@transaction.atomic
def cancel_order(user: User, order_id: int) -> Order:
    order = Order.objects.select_for_update().filter(user=user, pk=order_id).first()
    if order is None:
        raise NotFound("Order not found")
    if order.status != Order.Status.PENDING:
        raise Conflict(f"Only a pending order can be cancelled; this one is {order.status}")
    order.status = Order.Status.CANCELLED
    order.save(update_fields=["status", "updated_at"])
    return order


def _return_url(outcome: str, product_name: str) -> str:
    return f"{settings.SITE_URL}/{outcome}?{urlencode({'product_name': product_name})}"


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
            success_url=_return_url("success", product_name),
            cancel_url=_return_url("cancel", product_name),
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


def _period_end(plan: Plan, start: datetime) -> datetime:
    if plan.period == Plan.Period.DAY:
        return start + timedelta(days=1)
    return _add_months(start, 1)


def _start_subscription(order: Order) -> None:
    """A bought period starts now, or when the user's paid time for the product runs out."""
    _locked_account(order.user)
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
        ends_at=_period_end(order.plan, start),
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


@transaction.atomic
def fulfil_order(
    order_id: int,
    *,
    provider: str,
    provider_reference: str,
    amount_cents: int,
    payment_reference: str = "",
) -> Outcome:
    """Mark a paid order paid and deliver what it bought, in one transaction, once."""
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


@transaction.atomic
def close_unpaid_order(
    order_id: int, *, provider: str, provider_reference: str, status: str
) -> Outcome:
    """The provider says the checkout ended without payment (cancelled, expired, failed)."""
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


@transaction.atomic
def refund_order(*, provider: str, payment_reference: str) -> Outcome:
    """The provider refunded a payment: end what it bought; take back its credits as far as
    they are unspent."""
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
    account = _locked_account(order.user)
    taken = min(order.plan.credits or 0, account.bought_balance)
    if order.plan.kind == Plan.Kind.CREDITS and taken:
        account.bought_balance -= taken
        _append(
            account,
            Kind.REVERSAL,
            Bucket.BOUGHT,
            -taken,
            "payment refunded",
            reference=f"order:{order.pk}",
            order=order,
        )
        _save(account)
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


@transaction.atomic
def set_up_paid_demo(user: User) -> None:
    """The paid demo account: the monthly market-insights plan (unless a paid plan is running)
    and 500 bought credits, granted once however often the demo is seeded."""
    product_name, plan_key = DEMO_PLAN
    if selectors.current_plans(user)[product_name].subscription is None:
        plan = selectors.purchasable_plan(product_name, plan_key)
        start = timezone.now()
        Subscription.objects.create(
            user=user, plan=plan, started_at=start, ends_at=_period_end(plan, start)
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
    return int(text) if text.isdigit() else None


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


@transaction.atomic
def handle_stripe_event(event: dict[str, Any]) -> Outcome:
    """Act on a verified Stripe event once, however often Stripe delivers it."""
    received = record_payment_event(STRIPE, str(event["id"]), str(event["type"]))
    if received is None:
        return Outcome.REPLAYED
    outcome = _act_on_stripe_event(str(event["type"]), event["data"]["object"])
    received.outcome = outcome.value
    obj_order = _session_order_id(event["data"]["object"])
    received.order = Order.objects.filter(pk=obj_order).first() if obj_order else None
    received.save(update_fields=["outcome", "order"])
    return outcome
