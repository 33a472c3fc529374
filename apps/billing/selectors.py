"""Billing's reads: the catalogue, each user's current plans, quota and credits, and their
orders and ledger, shaped as the API sends them (snake_case, money in USD)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, date
from typing import Any

from django.db.models import Q, QuerySet, Sum
from django.utils import timezone

from apps.accounts.models import User
from apps.billing.models import (
    LANGUAGES,
    CreditAccount,
    CreditEntry,
    CreditHold,
    Order,
    Plan,
    Product,
    QueryLog,
    Subscription,
)
from apps.billing.products import LEAD_SOURCING, MARKET_INSIGHTS
from apps.core.errors import NotFound, ValidationFailed

LEDGER_HISTORY = 50
ORDER_HISTORY = 50
TRANSLATED_FIELDS = ("name", "description", "plan_title", "button_text")


def utc_today() -> date:
    return timezone.now().astimezone(UTC).date()


def _usd(cents: int) -> float:
    return round(cents / 100, 2)


def _iso(moment: Any) -> str | None:
    return moment.isoformat() if moment else None


# The catalogue


def products() -> list[dict[str, Any]]:
    return [{"id": product.pk, "name": product.name} for product in Product.objects.all()]


def product_named(name: str) -> Product:
    product = Product.objects.filter(name=name).first()
    if product is None:
        raise ValidationFailed("Unknown product", fields={"product": ["Unknown product"]})
    return product


def catalogue(product_id: int | None = None) -> list[Plan]:
    plans = Plan.objects.filter(is_active=True).select_related("product")
    if product_id is not None:
        plans = plans.filter(product_id=product_id)
    return list(plans)


def purchasable_plan(product_name: str, plan_key: str) -> Plan:
    plan = next(
        (p for p in catalogue() if p.product.name == product_name and p.key == plan_key), None
    )
    if plan is None:
        product_named(product_name)  # an unknown product is reported as such
        raise ValidationFailed("Unknown plan", fields={"plan": ["Unknown plan"]})
    if not plan.is_paid:
        raise ValidationFailed(
            "The free plan needs no purchase", fields={"plan": ["The free plan needs no purchase"]}
        )
    return plan


def _plan_texts(plan: Plan, language: str) -> dict[str, Any]:
    texts = {field: plan.text(language, field) or "" for field in TRANSLATED_FIELDS}
    texts["plan_unit_selling_points"] = plan.text(language, "selling_points") or []
    return texts


def plan_data(plan: Plan) -> dict[str, Any]:
    usage = (
        [{"limit_value": plan.queries_per_day, "plan_limit": {"limit_type": "query_per_day"}}]
        if plan.queries_per_day is not None
        else []
    )
    return {
        "id": plan.pk,
        "key": plan.key,
        "product": plan.product.name,
        "product_id": plan.product_id,
        "number": plan.number,
        "kind": plan.kind,
        "period": plan.period or None,
        "price": _usd(plan.price_cents),
        "price_without_discount": _usd(plan.list_price_cents),
        "discount": plan.discount,
        "currency": "USD",
        "credits": plan.credits,
        "daily_credits": plan.daily_credits,
        **_plan_texts(plan, "en"),
        "plan_usage": usage,
        "translations": {lang: _plan_texts(plan, lang) for lang in LANGUAGES if lang != "en"},
    }


# Current plans


@dataclass(frozen=True)
class CurrentPlan:
    plan: Plan
    subscription: Subscription | None  # None: the product's free plan


def running_subscriptions() -> QuerySet[Subscription]:
    """Every user's subscriptions running now, newest first, with their plan and product."""
    now = timezone.now()
    return (
        Subscription.objects.filter(status=Subscription.Status.ACTIVE, started_at__lte=now)
        .filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now))
        .select_related("plan__product")
        .order_by("-started_at")
    )


def current_plans(user: User, plans: list[Plan] | None = None) -> dict[str, CurrentPlan]:
    """Each product's current plan for the user, keyed by product name: the newest running
    subscription, else the product's free plan. Products without plans are left out."""
    current: dict[str, CurrentPlan] = {}
    for subscription in running_subscriptions().filter(user=user):
        current.setdefault(
            subscription.plan.product.name, CurrentPlan(subscription.plan, subscription)
        )
    for plan in plans if plans is not None else catalogue():
        if plan.kind == Plan.Kind.FREE:
            current.setdefault(plan.product.name, CurrentPlan(plan, None))
    return current


def daily_credit_allowance(user: User) -> int:
    current = current_plans(user).get(LEAD_SOURCING)
    return (current.plan.daily_credits or 0) if current else 0


def subscription_data(product_name: str, current: CurrentPlan) -> dict[str, Any]:
    subscription = current.subscription
    return {
        "id": subscription.pk if subscription else None,
        "product": product_name,
        "status": subscription.status if subscription else Subscription.Status.ACTIVE,
        "plan_id": current.plan.pk,
        "plan": plan_data(current.plan),
        "started_at": _iso(subscription.started_at) if subscription else None,
        "ends_at": _iso(subscription.ends_at) if subscription else None,
        "trial_ends_at": _iso(subscription.trial_ends_at) if subscription else None,
    }


# Quota and credits


def query_key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def query_counted_today(user: User, product_name: str, key: str) -> bool:
    """Whether this search (by its key) was already counted today: repeating or paging it is
    free, and this one indexed lookup spares the locked counting path."""
    return QueryLog.objects.filter(
        user=user, product__name=product_name, day=utc_today(), key_hash=query_key_hash(key)
    ).exists()


def queries_today(user: User, product_name: str) -> int:
    return QueryLog.objects.filter(user=user, product__name=product_name, day=utc_today()).count()


def held_credits(account: CreditAccount) -> int:
    """Credits the account's open holds set aside (lapsed holds no longer count)."""
    held = CreditHold.objects.filter(
        account=account, released_at__isnull=True, expires_at__gt=timezone.now()
    ).aggregate(total=Sum("amount"))["total"]
    return int(held or 0)


def credit_summary(user: User, daily_allowance: int) -> dict[str, int]:
    """Credits as they stand now: `balance` is what can be spent, after the credits held for
    work under way (`held`). Today's free credits are reported even before the first use of
    the day has written them (that write happens lazily, on the first charge)."""
    account = CreditAccount.objects.filter(user=user).first()
    bought = account.bought_balance if account else 0
    if account is None or account.free_day != utc_today():
        free = daily_allowance
    else:
        free = account.free_balance
    held = held_credits(account) if account else 0
    return {
        "balance": max(free + bought - held, 0),
        "free": free,
        "bought": bought,
        "held": held,
        "daily_allowance": daily_allowance,
    }


def usage(user: User, plans: list[Plan] | None = None) -> dict[str, Any]:
    """What the profile reports of billing: plans, today's queries and credits. `plans` is
    the catalogue when the caller has already read it."""
    current = current_plans(user, plans)
    market = current[MARKET_INSIGHTS]
    used = queries_today(user, MARKET_INSIGHTS)
    limit = market.plan.queries_per_day
    lead_plan = current.get(LEAD_SOURCING)
    allowance = (lead_plan.plan.daily_credits or 0) if lead_plan else 0
    return {
        "user_subscription": subscription_data(MARKET_INSIGHTS, market),
        "subscriptions": [subscription_data(name, plan) for name, plan in current.items()],
        "total_user_query_logs_in_day": used,
        "queries_left_today": None if limit is None else max(limit - used, 0),
        "credits": credit_summary(user, allowance),
    }


def profile(user: User, plans: list[Plan] | None = None) -> dict[str, Any]:
    """The profile the client stores on startup (`GET /fast-ai/v1/users`): the user, and
    billing's figures (plans, today's queries and credits)."""
    return {"id": user.pk, "email": user.email, "name": user.name, **usage(user, plans)}


# Orders and ledger


def order_data(order: Order) -> dict[str, Any]:
    return {
        "id": order.pk,
        "product": order.product.name,
        "plan": order.plan.key,
        "plan_id": order.plan_id,
        "plan_name": order.plan.text("en", "name"),
        "amount": _usd(order.amount_cents),
        "amount_cents": order.amount_cents,
        "currency": order.currency,
        "status": order.status,
        "provider": order.provider,
        "provider_reference": order.provider_reference,
        "created_at": _iso(order.created_at),
        "updated_at": _iso(order.updated_at),
        "paid_at": _iso(order.paid_at),
    }


def _orders(user: User) -> QuerySet[Order]:
    return Order.objects.filter(user=user).select_related("product", "plan")


def order_for(user: User, order_id: int) -> Order:
    order = _orders(user).filter(pk=order_id).first()
    if order is None:
        raise NotFound("Order not found")
    return order


def returning_order(user: Any, order_id: str) -> Order | None:
    """The order a payment page returns with, when it is the signed-in user's; anything else
    (no id, a malformed one, someone else's order) is no order."""
    if not isinstance(user, User) or not (order_id.isascii() and order_id.isdigit()):
        return None
    if len(order_id) > 18:  # past any database id
        return None
    return _orders(user).filter(pk=int(order_id)).first()


def orders_page(
    user: User, *, page: int, page_size: int, status: str | None
) -> tuple[list[Order], int]:
    orders = _orders(user)
    if status:
        orders = orders.filter(status=status)
    start = (page - 1) * page_size
    return list(orders[start : start + page_size]), orders.count()


# What a ledger entry was for, read from the prefix of its reference ('lead-email:12'); the
# screen words each topic in the reader's language instead of showing the reference.
LEDGER_TOPICS = frozenset({"order", "lead-email", "lead-phone", "verification", "daily", "demo"})


def ledger_topic(reference: str) -> str | None:
    prefix = reference.partition(":")[0]
    return prefix if prefix in LEDGER_TOPICS else None


def entry_data(entry: CreditEntry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "created_at": _iso(entry.created_at),
        "amount": entry.amount,
        "bucket": entry.bucket,
        "kind": entry.kind,
        "reason": entry.reason,
        "reference": entry.reference or None,
        "topic": ledger_topic(entry.reference),
        "balance_after": entry.balance_after,
        "order_id": entry.order_id,
    }


def billing_overview(user: User) -> dict[str, Any]:
    figures = usage(user)
    entries = CreditEntry.objects.filter(account__user=user).order_by("-id")[:LEDGER_HISTORY]
    return {
        "orders": [order_data(order) for order in _orders(user)[:ORDER_HISTORY]],
        "ledger": [entry_data(entry) for entry in entries],
        "subscriptions": figures["subscriptions"],
        "credits": figures["credits"],
    }
