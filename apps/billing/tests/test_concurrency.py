"""Simultaneous requests cannot overspend or double-charge: 50 threads, each with its own
database connection, charge one account at once; and two acts on one order, the second started
while the first holds its lock. Row locks need a real server: these run on PostgreSQL only
(DATABASE_URL), as in CI."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.db import connection, connections, transaction
from django.db.models import Sum

from apps.accounts.models import User
from apps.billing import selectors, services
from apps.billing.models import CreditAccount, CreditEntry, CreditHold, Order, Subscription
from apps.billing.services import InsufficientCredit, QueryLimitExceeded
from apps.billing.tests.conftest import refund_event, session_event
from apps.core.errors import Conflict

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks are tested on PostgreSQL"
    ),
]

ATTEMPTS = 50


def all_at_once(act: Callable[[int], object]) -> list[object]:
    """Run `act(0..49)` in 50 threads released together; each result or raised error."""
    start = threading.Barrier(ATTEMPTS)

    def attempt(number: int) -> object:
        start.wait()
        try:
            return act(number)
        except (InsufficientCredit, QueryLimitExceeded) as refused:
            return refused
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=ATTEMPTS) as pool:
        return list(pool.map(attempt, range(ATTEMPTS)))


@pytest.fixture
def user_with_ten_credits() -> User:
    user = User.objects.create_user("lan@example.com")
    services.grant_credits(user, amount=10, reason="Basic pack", reference="order:1")
    # Today's free credits already spent, so exactly ten credits remain.
    services.charge_credits(user, amount=10, reason="lead-email", reference="lead-email:0")
    return user


def test_fifty_simultaneous_charges_against_ten_credits(user_with_ten_credits: User) -> None:
    user = user_with_ten_credits

    results = all_at_once(
        lambda n: services.charge_credits(
            user, amount=1, reason="lead-email", reference=f"lead-email:{n + 1}"
        )
    )

    succeeded = [r for r in results if isinstance(r, services.CreditChange)]
    refused = [r for r in results if isinstance(r, InsufficientCredit)]
    assert (len(succeeded), len(refused)) == (10, 40)
    account = CreditAccount.objects.get(user=user)
    assert account.balance == 0
    total = CreditEntry.objects.filter(account=account).aggregate(total=Sum("amount"))["total"]
    assert total == account.balance


def test_fifty_simultaneous_charges_of_one_reference_charge_once(
    user_with_ten_credits: User,
) -> None:
    user = user_with_ten_credits

    results = all_at_once(
        lambda n: services.charge_credits(
            user, amount=1, reason="lead-email", reference="lead-email:77"
        )
    )

    assert sum(1 for r in results if getattr(r, "changed", False)) == 1
    assert CreditAccount.objects.get(user=user).balance == 9


def test_fifty_simultaneous_searches_of_a_free_user_count_two() -> None:
    user = User.objects.create_user("binh@example.com")

    results = all_at_once(
        lambda n: services.record_query(user, product_name="market-insights", key=f"search {n}")
    )

    assert sum(1 for r in results if isinstance(r, services.QuotaState)) == 2
    assert selectors.queries_today(user, "market-insights") == 2


# Two acts on one order at once: the second waits for the first's row lock, then sees its end.


def wait_until_a_query_waits_for_a_lock(timeout: float = 30) -> None:
    """Return once another connection to this database is blocked on a lock."""
    deadline = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.02)
    raise AssertionError("no query waited for a lock")


def holding(
    act: Callable[[], object], started: threading.Event, release: threading.Event
) -> Callable[[], object]:
    """Run `act` in a transaction that stays open (holding its locks) until `release`."""

    def run() -> object:
        try:
            with transaction.atomic():
                result = act()
                started.set()
                assert release.wait(timeout=60)
            return result
        finally:
            connections.close_all()

    return run


def after(started: threading.Event, act: Callable[[], object]) -> Callable[[], object]:
    def run() -> object:
        assert started.wait(timeout=60)
        try:
            return act()
        except Conflict as refused:
            return refused
        finally:
            connections.close_all()

    return run


def stripe_order(user: User, product: str, plan: str) -> Order:
    order = services.create_order(user, product_name=product, plan_key=plan)
    order.provider, order.provider_reference = "stripe", f"cs_test_lock_{order.pk}"
    order.save(update_fields=["provider", "provider_reference"])
    return order


def one_while_the_other_holds(
    first: Callable[[], object], second: Callable[[], object]
) -> tuple[object, object]:
    started, release = threading.Event(), threading.Event()
    with ThreadPoolExecutor(max_workers=2) as pool:
        held = pool.submit(holding(first, started, release))
        waiting = pool.submit(after(started, second))
        try:
            wait_until_a_query_waits_for_a_lock()
        finally:
            release.set()
        return held.result(timeout=60), waiting.result(timeout=60)


def test_a_cancel_during_the_fulfilment_is_refused_and_the_refund_takes_the_credits_back() -> None:
    user = User.objects.create_user("lan@example.com")
    order = stripe_order(user, "lead-sourcing", "basic")

    fulfilled, cancelled = one_while_the_other_holds(
        lambda: services.handle_stripe_event(session_event(order)),
        lambda: services.cancel_order(user, order.pk),
    )

    assert fulfilled == services.Outcome.FULFILLED
    assert isinstance(cancelled, Conflict)
    order.refresh_from_db()
    assert order.status == Order.Status.PAID
    assert services.handle_stripe_event(refund_event(order)) == services.Outcome.REFUNDED
    assert CreditAccount.objects.get(user=user).bought_balance == 0


def test_two_payment_events_for_one_session_at_once_start_one_subscription() -> None:
    user = User.objects.create_user("lan@example.com")
    order = stripe_order(user, "market-insights", "monthly")

    first, second = one_while_the_other_holds(
        lambda: services.handle_stripe_event(session_event(order)),
        lambda: services.handle_stripe_event(
            session_event(order, "checkout.session.async_payment_succeeded")
        ),
    )

    assert (first, second) == (services.Outcome.FULFILLED, services.Outcome.ALREADY_DONE)
    assert Subscription.objects.filter(user=user).count() == 1


def test_fifty_simultaneous_holds_back_only_what_the_balance_covers() -> None:
    user = User.objects.create_user("lan@example.com")
    services.grant_credits(user, amount=240, reason="Basic pack", reference="order:1")
    lifetime = timedelta(minutes=5)

    results = all_at_once(
        lambda number: services.hold_credits(
            user,
            amount=100,
            reason="verification",
            reference=f"verification:{number}:1",
            lifetime=lifetime,
        )
    )

    held = [result for result in results if isinstance(result, CreditHold)]
    assert len(held) == 2  # 250 credits (240 bought, 10 free today) back two holds of 100
    assert selectors.credit_summary(user, 10)["balance"] == 50
