"""Twenty simultaneous email reveals with credit for five: exactly five are charged, and the
ledger sums to the balance; twenty simultaneous reveals, or phone requests, of one person
charge it once, and only one of them says so. Row locks need a real server: PostgreSQL."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, connections
from django.db.models import Sum

from apps.accounts.models import User
from apps.billing.models import CreditAccount, CreditEntry
from apps.billing.services import InsufficientCredit
from apps.leads import services
from apps.leads.models import ContactRequest
from apps.leads.tests.conftest import make_company, make_lead, with_credits

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks are tested on PostgreSQL"
    ),
]

ATTEMPTS = 20


def test_twenty_simultaneous_reveals_against_five_credits() -> None:
    user = with_credits(User.objects.create_user("lan@example.com"), 5)
    company = make_company()
    leads = [make_lead(company) for _ in range(ATTEMPTS)]
    start = threading.Barrier(ATTEMPTS)

    def reveal(lead_id: int) -> object:
        start.wait()
        try:
            return services.reveal_email(user=user, lead_id=lead_id)
        except InsufficientCredit as refused:
            return refused
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=ATTEMPTS) as pool:
        results = list(pool.map(reveal, [lead.pk for lead in leads]))

    assert sum(1 for r in results if isinstance(r, InsufficientCredit)) == ATTEMPTS - 5
    assert ContactRequest.objects.filter(state="found").count() == 5
    account = CreditAccount.objects.get(user=user)
    assert account.balance == 0
    total = CreditEntry.objects.filter(account=account).aggregate(total=Sum("amount"))["total"]
    assert total == account.balance


def test_twenty_simultaneous_reveals_of_one_person_charge_it_once() -> None:
    user = with_credits(User.objects.create_user("lan@example.com"), 5)
    lead = make_lead(make_company())
    start = threading.Barrier(ATTEMPTS)

    def reveal(_: int) -> int:
        start.wait()
        try:
            return services.reveal_email(user=user, lead_id=lead.pk)[1]
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=ATTEMPTS) as pool:
        charged = list(pool.map(reveal, range(ATTEMPTS)))

    assert sorted(charged) == [0] * (ATTEMPTS - 1) + [1]
    assert CreditAccount.objects.get(user=user).balance == 4


def test_twenty_simultaneous_phone_requests_of_one_person_charge_it_once() -> None:
    user = with_credits(User.objects.create_user("lan@example.com"), 5)
    lead = make_lead(make_company())
    start = threading.Barrier(ATTEMPTS)

    def request(_: int) -> int:
        start.wait()
        try:
            return services.request_phone(user=user, lead_id=lead.pk)[1]
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=ATTEMPTS) as pool:
        charged = list(pool.map(request, range(ATTEMPTS)))

    assert sorted(charged) == [0] * (ATTEMPTS - 1) + [5]
    assert ContactRequest.objects.filter(kind="phone").count() == 1
    assert CreditAccount.objects.get(user=user).balance == 0
