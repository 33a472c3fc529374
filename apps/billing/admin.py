"""The operators' back office for billing. Plans and subscriptions are edited here, and every
such edit is audited with its columns before and after (a plan's daily credits or price moves
money for all its users); balances, ledger entries, orders and payment events are read-only,
because only billing's services may change them: an operator corrects a balance with the
'adjust credits' action, which writes a ledger entry and an audit record."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db import transaction
from django.db.models import F, Prefetch, QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse

from apps.accounts.admin import UserAdmin
from apps.accounts.auth import operator_of
from apps.accounts.models import User
from apps.billing import selectors, services
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
from apps.core.admin import AuditedAdmin
from apps.core.errors import ValidationFailed


class ReadOnlyAdmin(admin.ModelAdmin):
    show_full_result_count = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def _dollars(cents: int) -> str:
    return f"${cents / 100:,.2f}"


@admin.register(Product)
class ProductAdmin(admin.ModelAdmin):
    list_display = ["name"]


@admin.register(Plan)
class PlanAdmin(AuditedAdmin):
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
    list_select_related = ["product"]
    ordering = ["product", "position"]


@admin.register(Subscription)
class SubscriptionAdmin(AuditedAdmin):
    list_display = ["user", "plan", "status", "started_at", "ends_at", "trial_ends_at", "order"]
    list_filter = ["status", "plan__product"]
    list_select_related = ["user", "plan__product", "order__plan__product"]
    search_fields = ["user__email"]
    raw_id_fields = ["user", "order"]


@admin.register(Order)
class OrderAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "user",
        "plan",
        "amount",
        "status",
        "provider",
        "created_at",
        "paid_at",
    ]
    list_filter = ["status", "provider", "product", ("created_at", admin.DateFieldListFilter)]
    list_select_related = ["user", "plan__product"]
    search_fields = ["user__email", "provider_reference", "payment_reference"]

    @admin.display(description="amount", ordering="amount_cents")
    def amount(self, order: Order) -> str:
        return f"{_dollars(order.amount_cents)} {order.currency}"


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


class AdjustCreditsForm(forms.Form):
    amount = forms.IntegerField(
        help_text="Credits to add (positive) or take away (negative) from the bought balance."
    )
    reason = forms.CharField(max_length=80, help_text="Kept in the ledger and the audit trail.")

    def clean_amount(self) -> int:
        amount: int = self.cleaned_data["amount"]
        if amount == 0:
            raise forms.ValidationError("An adjustment changes at least one credit.")
        return amount


@admin.register(CreditAccount)
class CreditAccountAdmin(ReadOnlyAdmin):
    list_display = ["user", "free_balance", "free_day", "bought_balance", "updated_at"]
    list_select_related = ["user"]
    search_fields = ["user__email"]
    inlines = [CreditEntryInline]
    actions = ["adjust_credits"]

    @admin.action(description="Adjust credits of the selected accounts", permissions=["view"])
    def adjust_credits(
        self, request: HttpRequest, queryset: QuerySet[CreditAccount]
    ) -> TemplateResponse | None:
        form = AdjustCreditsForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            self._apply_adjustment(request, queryset, **form.cleaned_data)
            return None
        return TemplateResponse(
            request,
            "admin/billing/adjust_credits.html",
            {
                **self.admin_site.each_context(request),
                "title": "Adjust credits",
                "opts": self.model._meta,
                "accounts": queryset,
                "form": form,
                "action_checkbox_name": ACTION_CHECKBOX_NAME,
            },
        )

    def _apply_adjustment(
        self, request: HttpRequest, queryset: QuerySet[CreditAccount], amount: int, reason: str
    ) -> None:
        operator = operator_of(request)
        try:
            with transaction.atomic():
                for account in queryset.select_related("user"):
                    services.adjust_credits(
                        account.user, amount=amount, reason=reason, operator=operator
                    )
        except ValidationFailed as exc:
            self.message_user(request, f"Nothing adjusted: {exc.message}.", messages.ERROR)
            return
        self.message_user(
            request, f"{amount:+d} credits for {queryset.count()} account(s).", messages.SUCCESS
        )


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
    list_filter = ["kind", "bucket", ("created_at", admin.DateFieldListFilter)]
    list_select_related = ["account__user"]
    search_fields = ["account__user__email", "reference", "reason"]


@admin.register(PaymentEvent)
class PaymentEventAdmin(ReadOnlyAdmin):
    list_display = ["received_at", "provider", "event_id", "type", "order", "outcome"]
    list_filter = ["provider", "type", "outcome"]
    list_select_related = ["order__plan__product"]
    search_fields = ["event_id"]


@admin.register(QueryLog)
class QueryLogAdmin(ReadOnlyAdmin):
    list_display = ["day", "user", "product", "created_at"]
    list_filter = ["product", "day"]
    list_select_related = ["user", "product"]


admin.site.unregister(User)


@admin.register(User)
class CustomerAdmin(UserAdmin):
    """accounts' user admin with each user's current paid plans and credit balance (billing
    knows them; accounts may not import billing)."""

    list_display = (*UserAdmin.list_display, "plans", "credits")

    def get_queryset(self, request: HttpRequest) -> QuerySet[User]:
        running = selectors.running_subscriptions()
        return (
            super()
            .get_queryset(request)
            .annotate(
                credit_balance=F("credit_account__free_balance")
                + F("credit_account__bought_balance")
            )
            .prefetch_related(Prefetch("subscriptions", running, to_attr="running"))
        )

    @admin.display(description="paid plans")
    def plans(self, user: User) -> str:
        return ", ".join(str(subscription.plan) for subscription in user.running) or "free"  # type: ignore[attr-defined]

    @admin.display(description="credits", ordering="credit_balance")
    def credits(self, user: User) -> int:
        return user.credit_balance or 0  # type: ignore[attr-defined]
