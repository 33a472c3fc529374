"""Request and response schemas of the billing API (snake_case on the wire)."""

from __future__ import annotations

from typing import Literal

from ninja import Schema
from pydantic import Field

from apps.core.paging import OrderPageSize, Page
from apps.core.validation import SingleLine

OrderStatus = Literal["pending", "paid", "cancelled", "failed", "refunded"]


class PurchaseIn(Schema):
    product: SingleLine = Field(min_length=1, max_length=40)
    plan: SingleLine = Field(min_length=1, max_length=40)


class CheckoutIn(PurchaseIn):
    language: Literal["en", "vi", "zh"] = "en"


class OrderUpdateIn(Schema):
    status: Literal["cancelled"]


class PlansQuery(Schema):
    product_id: int | None = None


class OrdersQuery(Schema):
    page: Page = 1
    page_size: OrderPageSize = 10
    status: OrderStatus | None = None


class PlanLimit(Schema):
    limit_type: str


class PlanUsage(Schema):
    limit_value: int | None
    plan_limit: PlanLimit


class PlanTexts(Schema):
    name: str
    description: str
    plan_title: str
    button_text: str
    plan_unit_selling_points: list[str]


class PlanOut(PlanTexts):
    id: int
    key: str
    product: str
    product_id: int
    number: int
    kind: Literal["free", "subscription", "credits"]
    period: Literal["day", "month"] | None
    price: float
    price_without_discount: float
    discount: int
    currency: str
    credits: int | None
    daily_credits: int | None
    plan_usage: list[PlanUsage]
    translations: dict[str, PlanTexts]


class SubscriptionOut(Schema):
    id: int | None
    product: str
    status: str
    plan_id: int
    plan: PlanOut
    started_at: str | None
    ends_at: str | None
    trial_ends_at: str | None


class CreditsOut(Schema):
    balance: int = Field(description="Credits that can be spent now (held credits excluded).")
    free: int
    bought: int
    held: int = Field(description="Credits set aside for verifications under way.")
    daily_allowance: int


class OrderOut(Schema):
    id: int
    product: str
    plan: str
    plan_id: int
    plan_name: str
    amount: float
    amount_cents: int
    currency: str
    status: OrderStatus
    provider: str
    provider_reference: str
    created_at: str
    updated_at: str
    paid_at: str | None


class LedgerEntryOut(Schema):
    id: int
    created_at: str
    amount: int
    bucket: Literal["free", "bought"]
    kind: str
    reason: str
    reference: str | None
    topic: Literal["order", "lead-email", "lead-phone", "verification", "daily", "demo"] | None
    balance_after: int
    order_id: int | None


class BillingOut(Schema):
    orders: list[OrderOut]
    ledger: list[LedgerEntryOut]
    subscriptions: list[SubscriptionOut]
    credits: CreditsOut


class Profile(Schema):
    id: int
    email: str
    name: str
    user_subscription: SubscriptionOut
    subscriptions: list[SubscriptionOut]
    total_user_query_logs_in_day: int
    queries_left_today: int | None
    credits: CreditsOut


class CheckoutOut(Schema):
    url: str
    order_id: int
    provider: str


class ProductOut(Schema):
    id: int
    name: str
