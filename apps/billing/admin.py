"""The operators' back office for billing. Plans and subscriptions are edited here; balances,
ledger entries, orders and payment events are read-only, because only billing's services may
change them (an operator audits them here)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from apps.billing.models import (
    CreditAccount,
    CreditEntry,
    Order,
    PaymentEvent,
    Plan,
    Product,
    QueryLog,
    Subscription,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Product)
class ProductAdmin(admin.ModelAdmin):
    list_display = ["name"]


@admin.register(Plan)
class PlanAdmin(admin.ModelAdmin):
    list_display = [
        "product",
        "key",
        "number",
        "kind",
        "period",
        "price_cents",
        "list_price_cents",
        "discount",
        "credits",
        "daily_credits",
        "queries_per_day",
        "is_active",
    ]
    list_filter = ["product", "kind", "is_active"]
    ordering = ["product", "position"]


@admin.register(Subscription)
class SubscriptionAdmin(admin.ModelAdmin):
    list_display = ["user", "plan", "status", "started_at", "ends_at", "trial_ends_at", "order"]
    list_filter = ["status", "plan__product"]
    search_fields = ["user__email"]
    raw_id_fields = ["user", "order"]


@admin.register(Order)
class OrderAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "user",
        "plan",
        "amount_cents",
        "status",
        "provider",
        "created_at",
        "paid_at",
    ]
    list_filter = ["status", "provider", "product"]
    search_fields = ["user__email", "provider_reference", "payment_reference"]


class CreditEntryInline(admin.TabularInline):
    model = CreditEntry
    ordering = ["-id"]
    readonly_fields = [
        "created_at",
        "kind",
        "bucket",
        "amount",
        "balance_after",
        "reason",
        "reference",
        "order",
    ]
    can_delete = False
    extra = 0
    max_num = 0


@admin.register(CreditAccount)
class CreditAccountAdmin(ReadOnlyAdmin):
    list_display = ["user", "free_balance", "free_day", "bought_balance", "updated_at"]
    search_fields = ["user__email"]
    inlines = [CreditEntryInline]


@admin.register(CreditEntry)
class CreditEntryAdmin(ReadOnlyAdmin):
    list_display = [
        "created_at",
        "account",
        "kind",
        "bucket",
        "amount",
        "balance_after",
        "reason",
        "reference",
    ]
    list_filter = ["kind", "bucket"]
    search_fields = ["account__user__email", "reference"]


@admin.register(PaymentEvent)
class PaymentEventAdmin(ReadOnlyAdmin):
    list_display = ["received_at", "provider", "event_id", "type", "order", "outcome"]
    list_filter = ["provider", "type", "outcome"]


@admin.register(QueryLog)
class QueryLogAdmin(ReadOnlyAdmin):
    list_display = ["day", "user", "product", "created_at"]
    list_filter = ["product", "day"]
