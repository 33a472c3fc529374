"""Query quotas and the credit ledger: counting searches against a plan, and every change of a
user's credits (charges, grants, refunds, operators' adjustments), each one transaction under
the row lock of the user's credit account."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from apps.accounts.models import User
from apps.billing import selectors
from apps.billing.models import (
    CreditAccount,
    CreditEntry,
    CreditHold,
    Order,
    QueryLog,
)
from apps.core.audit import record_audit
from apps.core.errors import (
    PermissionDenied,
    ValidationFailed,
)

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


def locked_account(user: User) -> CreditAccount:
    """The user's credit account, created when missing, locked until the transaction ends."""
    CreditAccount.objects.get_or_create(user=user)
    return CreditAccount.objects.select_for_update().get(user=user)


def append_entry(
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
        reason=reason[: CreditEntry._meta.get_field("reason").max_length],
        reference=reference,
        order=order,
    )


def save_account(account: CreditAccount) -> None:
    account.save(update_fields=["free_balance", "free_day", "bought_balance", "updated_at"])


# Query quota


def count_query(user: User, *, product_name: str, key: str) -> None:
    """Count a search (by its key) against the user's queries of `product_name` today, as
    record_query does; a search already counted today (repeated or paged) is told by one
    indexed lookup, without taking the account's lock."""
    if not selectors.query_counted_today(user, product_name, key):
        record_query(user, product_name=product_name, key=key)


def record_query(user: User, *, product_name: str, key: str) -> QuotaState:
    """Count one query of `product_name` against the user's plan for today (UTC). The same key
    on the same day counts once; past the plan's `query_per_day` it raises QueryLimitExceeded."""
    with transaction.atomic():
        product = selectors.product_named(product_name)
        locked_account(user)
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
        append_entry(
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
        append_entry(
            account,
            Kind.DAILY_GRANT,
            Bucket.FREE,
            allowance,
            "daily free credits",
            reference=f"daily:{today}",
        )


def charge_credits(user: User, *, amount: int, reason: str, reference: str) -> CreditChange:
    """Take `amount` credits for what `reference` names (e.g. `lead-email:123`), today's free
    credits first. Charging a reference that was already charged changes nothing."""
    with transaction.atomic():
        if amount <= 0:
            raise ValueError("a charge takes at least one credit")
        return _charge(locked_account(user), user, amount, reason, reference)


def _charge(
    account: CreditAccount, user: User, amount: int, reason: str, reference: str
) -> CreditChange:
    """The charge on an account already locked; credits held for other work are not spent."""
    if account.entries.filter(kind=Kind.CHARGE, reference=reference).exists():
        return CreditChange(changed=False, balance=account.balance)
    _refresh_daily_credits(account, user)
    available = account.balance - selectors.held_credits(account)
    if available < amount:
        raise InsufficientCredit(f"insufficient credit: {amount} needed, {available} available")
    from_free = min(account.free_balance, amount)
    if from_free:
        account.free_balance -= from_free
        append_entry(account, Kind.CHARGE, Bucket.FREE, -from_free, reason, reference)
    if amount > from_free:
        account.bought_balance -= amount - from_free
        append_entry(account, Kind.CHARGE, Bucket.BOUGHT, from_free - amount, reason, reference)
    save_account(account)
    return CreditChange(changed=True, balance=account.balance)


def hold_credits(
    user: User, *, amount: int, reason: str, reference: str, lifetime: timedelta
) -> CreditHold:
    """Set `amount` credits aside for the work `reference` names until it is settled (or
    `lifetime` passes): InsufficientCredit when the credits not already held fall short.
    Holding a reference that is held already returns that hold."""
    with transaction.atomic():
        if amount <= 0:
            raise ValueError("a hold sets aside at least one credit")
        account = locked_account(user)
        existing = CreditHold.objects.filter(reference=reference).first()
        if existing is not None:
            return existing
        _refresh_daily_credits(account, user)
        save_account(account)
        available = account.balance - selectors.held_credits(account)
        if available < amount:
            raise InsufficientCredit(f"insufficient credit: {amount} needed, {available} available")
        now = timezone.now()
        return CreditHold.objects.create(
            account=account,
            reference=reference,
            amount=amount,
            reason=reason[: CreditHold._meta.get_field("reason").max_length],
            created_at=now,
            expires_at=now + lifetime,
        )


def settle_hold(user: User, *, reference: str, amount: int, reason: str) -> CreditChange:
    """End the hold for `reference` and charge what the work came to (`amount`, at most the
    hold; 0 releases it all). Settling twice charges once."""
    with transaction.atomic():
        account = locked_account(user)
        hold = CreditHold.objects.filter(account=account, reference=reference).first()
        if hold is not None and hold.released_at is None:
            if amount > hold.amount:
                raise ValueError("a hold settles to at most what it set aside")
            hold.released_at = timezone.now()
            hold.save(update_fields=["released_at"])
        if amount <= 0:
            return CreditChange(changed=hold is not None, balance=account.balance)
        return _charge(account, user, amount, reason, reference)


def grant_credits(
    user: User, *, amount: int, reason: str, reference: str, order: Order | None = None
) -> CreditChange:
    """Add bought (never expiring) credits once for `reference`."""
    with transaction.atomic():
        if amount <= 0:
            raise ValueError("a grant gives at least one credit")
        account = locked_account(user)
        if account.entries.filter(kind=Kind.GRANT, reference=reference).exists():
            return CreditChange(changed=False, balance=account.balance)
        account.bought_balance += amount
        append_entry(account, Kind.GRANT, Bucket.BOUGHT, amount, reason, reference, order)
        save_account(account)
        return CreditChange(changed=True, balance=account.balance)


def refund_credits(user: User, *, reference: str, reason: str) -> CreditChange:
    """Give back what the charge for `reference` took, once. Free credits come back only on
    the day they were taken: the next day they would have expired anyway."""
    with transaction.atomic():
        account = locked_account(user)
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
            append_entry(account, Kind.REFUND, charge.bucket, -charge.amount, reason, reference)
            changed = True
        save_account(account)
        return CreditChange(changed=changed, balance=account.balance)


def adjust_credits(user: User, *, amount: int, reason: str, operator: User) -> CreditChange:
    """An operator's correction of a user's bought credits (a goodwill grant, a mistake put
    right), written to the ledger and to the audit trail with the operator's name."""
    with transaction.atomic():
        if amount == 0:
            raise ValidationFailed("An adjustment changes at least one credit")
        account = locked_account(user)
        if account.bought_balance + amount < 0:
            raise ValidationFailed(
                f"Only {account.bought_balance} bought credits can be taken",
                fields={"amount": [f"At least {-account.bought_balance}"]},
            )
        before = {"free_balance": account.free_balance, "bought_balance": account.bought_balance}
        account.bought_balance += amount
        save_account(account)
        audit = record_audit(
            actor=operator,
            action="adjust_credits",
            target=account,
            before=before,
            after={"free_balance": account.free_balance, "bought_balance": account.bought_balance},
            note=reason,
        )
        reference = f"adjustment #{audit.pk} by {operator.email}"[:120]
        append_entry(account, Kind.ADJUSTMENT, Bucket.BOUGHT, amount, reason, reference)
        return CreditChange(changed=True, balance=account.balance)


# Orders
