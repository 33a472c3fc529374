"""Simultaneous requests cannot overspend or double-charge: 50 threads, each with its own
database connection, charge one account at once. Row locks need a real server: PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, connections
from django.db.models import Sum

from apps.accounts.models import User
from apps.billing import selectors, services
from apps.billing.models import CreditAccount, CreditEntry
from apps.billing.services import InsufficientCredit, QueryLimitExceeded

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
