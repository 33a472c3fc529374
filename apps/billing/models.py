"""Products, plans, subscriptions, query logs, the credit ledger and orders.

Money is in integer US cents and credits are integers. A balance lives in `CreditAccount` and
changes only through `apps.billing.services`, which writes one `CreditEntry` per change in the
same transaction, so the entries of an account always sum to its balance."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

LANGUAGES = ("en", "vi", "zh")


class Product(models.Model):
    name = models.SlugField(max_length=40, unique=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name


class Plan(models.Model):
    class Kind(models.TextChoices):
        FREE = "free"
        SUBSCRIPTION = "subscription"
        CREDITS = "credits"

    class Period(models.TextChoices):
        DAY = "day"
        MONTH = "month"

    product = models.ForeignKey(Product, on_delete=models.PROTECT, related_name="plans")
    key = models.SlugField(max_length=40)
    number = models.PositiveSmallIntegerField(
        help_text="The plan's number as shown to users; numbers repeat across products."
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    period = models.CharField(max_length=10, choices=Period.choices, blank=True)
    price_cents = models.PositiveIntegerField(default=0)
    list_price_cents = models.PositiveIntegerField(default=0)
    discount = models.PositiveSmallIntegerField(default=0, help_text="Percent off the list price.")
    credits = models.PositiveIntegerField(null=True, blank=True, help_text="Granted once.")
    daily_credits = models.PositiveIntegerField(
        null=True, blank=True, help_text="Free credits each UTC day."
    )
    queries_per_day = models.PositiveIntegerField(
        null=True, blank=True, help_text="Empty means unlimited."
    )
    texts = models.JSONField(
        default=dict,
        help_text='Per language ("en", "vi", "zh"): name, description, plan_title, '
        "button_text and selling_points (a list).",
    )
    position = models.PositiveSmallIntegerField(default=0)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["product_id", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["product", "key"], name="billing_plan_product_key"),
            models.CheckConstraint(
                condition=Q(price_cents__lte=models.F("list_price_cents")),
                name="billing_plan_price_within_list_price",
            ),
            models.CheckConstraint(
                condition=~Q(kind="subscription") | ~Q(period=""),
                name="billing_plan_subscription_has_period",
            ),
            models.CheckConstraint(
                condition=~Q(kind="credits") | Q(credits__gt=0),
                name="billing_plan_credit_pack_has_credits",
            ),
            models.CheckConstraint(
                condition=~Q(kind="free") | Q(price_cents=0),
                name="billing_plan_free_costs_nothing",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.product.name}/{self.key}"

    def text(self, language: str, field: str) -> Any:
        return (self.texts.get(language) or {}).get(field) or self.texts.get("en", {}).get(field)

    @property
    def is_paid(self) -> bool:
        return self.kind != self.Kind.FREE


class Subscription(models.Model):
    """A user's time on a plan. Without a current one the user is on the product's free plan;
    an ended subscription needs no job to end it, it simply stops being current."""

    class Status(models.TextChoices):
        ACTIVE = "active"
        CANCELLED = "cancelled"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="subscriptions"
    )
    plan = models.ForeignKey(Plan, on_delete=models.PROTECT, related_name="subscriptions")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    started_at = models.DateTimeField(default=timezone.now)
    ends_at = models.DateTimeField(null=True, blank=True)
    trial_ends_at = models.DateTimeField(null=True, blank=True)
    order = models.OneToOneField(
        "Order", on_delete=models.PROTECT, null=True, blank=True, related_name="subscription"
    )

    class Meta:
        indexes = [models.Index(fields=["user", "-started_at"], name="billing_sub_user_started")]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_at__isnull=True) | Q(ends_at__gt=models.F("started_at")),
                name="billing_subscription_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} on {self.plan}"


class QueryLog(models.Model):
    """One counted query: a user's distinct search (by its key) in a product on a UTC day."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    product = models.ForeignKey(Product, on_delete=models.PROTECT)
    day = models.DateField()
    key_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "product", "day", "key_hash"], name="billing_query_once_a_day"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.product} · {self.day}"


class CreditAccount(models.Model):
    """A user's credits: today's free ones (valid on `free_day` only) and bought ones."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="credit_account"
    )
    free_balance = models.PositiveIntegerField(default=0)
    free_day = models.DateField(null=True, blank=True)
    bought_balance = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(free_balance__gte=0) & Q(bought_balance__gte=0),
                name="billing_credit_account_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.balance} credits"

    @property
    def balance(self) -> int:
        return self.free_balance + self.bought_balance


class CreditEntry(models.Model):
    """One change of a balance, never edited or deleted."""

    class Kind(models.TextChoices):
        GRANT = "grant"
        CHARGE = "charge"
        REFUND = "refund"
        REVERSAL = "reversal"
        DAILY_GRANT = "daily_grant"
        DAILY_EXPIRY = "daily_expiry"
        ADJUSTMENT = "adjustment"

    class Bucket(models.TextChoices):
        FREE = "free"
        BOUGHT = "bought"

    account = models.ForeignKey(CreditAccount, on_delete=models.PROTECT, related_name="entries")
    created_at = models.DateTimeField(default=timezone.now)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    bucket = models.CharField(max_length=10, choices=Bucket.choices)
    amount = models.IntegerField(help_text="Credits added (positive) or taken (negative).")
    balance_after = models.IntegerField()
    reason = models.CharField(max_length=80)
    reference = models.CharField(max_length=120, blank=True)
    order = models.ForeignKey(
        "Order", on_delete=models.PROTECT, null=True, blank=True, related_name="credit_entries"
    )

    class Meta:
        verbose_name_plural = "credit entries"
        indexes = [models.Index(fields=["account", "-id"], name="billing_entry_account_recent")]
        constraints = [
            models.UniqueConstraint(
                fields=["account", "kind", "bucket", "reference"],
                condition=~Q(reference=""),
                name="billing_entry_reference_once",
            ),
            models.CheckConstraint(condition=~Q(amount=0), name="billing_entry_not_zero"),
        ]

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.bucket} ({self.reason})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("credit entries are append-only")
        super().save(*args, **kwargs)


class CreditHold(models.Model):
    """Credits set aside for work that has started and is paid when it ends (a verification
    run holds its price ceiling). A held credit cannot be spent twice: the balance a user can
    spend is their credits less their open holds. A hold is released when its work is settled,
    or lapses at `expires_at` when that work was abandoned."""

    account = models.ForeignKey(CreditAccount, on_delete=models.CASCADE, related_name="holds")
    reference = models.CharField(max_length=120, unique=True)
    amount = models.PositiveIntegerField()
    reason = models.CharField(max_length=80)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    released_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["account", "expires_at"],
                condition=Q(released_at__isnull=True),
                name="billing_hold_open",
            )
        ]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="billing_hold_not_zero"),
        ]

    def __str__(self) -> str:
        return f"{self.amount} held for {self.reference}"


class Order(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        PAID = "paid"
        CANCELLED = "cancelled"
        FAILED = "failed"
        REFUNDED = "refunded"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="orders"
    )
    product = models.ForeignKey(Product, on_delete=models.PROTECT)
    plan = models.ForeignKey(Plan, on_delete=models.PROTECT)
    amount_cents = models.PositiveIntegerField()
    currency = models.CharField(max_length=3, default="USD")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    provider = models.CharField(max_length=20, blank=True)
    provider_reference = models.CharField(max_length=255, blank=True)
    payment_reference = models.CharField(max_length=255, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    paid_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "-created_at"], name="billing_order_user_recent")]
        constraints = [
            models.UniqueConstraint(
                fields=["provider", "provider_reference"],
                condition=~Q(provider_reference=""),
                name="billing_order_provider_reference_once",
            ),
        ]

    def __str__(self) -> str:
        return f"Order {self.pk} ({self.plan}, {self.status})"


class PaymentEvent(models.Model):
    """A payment provider's event as received, kept once for audit and replay detection."""

    provider = models.CharField(max_length=20)
    event_id = models.CharField(max_length=255)
    type = models.CharField(max_length=80)
    order = models.ForeignKey(Order, on_delete=models.PROTECT, null=True, blank=True)
    received_at = models.DateTimeField(default=timezone.now)
    outcome = models.CharField(max_length=80, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["provider", "event_id"], name="billing_event_once"),
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.type} {self.event_id}"
