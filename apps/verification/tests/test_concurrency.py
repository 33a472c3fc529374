"""Many verifications started at once by one user: the holds let through only the runs the
balance covers, and the others stop before any outside source is asked. Row locks need a real
server: this runs on PostgreSQL only (DATABASE_URL), as in CI."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, connections

from apps.accounts.models import User
from apps.billing.services import InsufficientCredit
from apps.leads.tests.conftest import make_company, with_credits
from apps.verification import services
from apps.verification.models import Verification
from apps.verification.tests.conftest import Sources

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks are tested on PostgreSQL"
    ),
]

RUNS = 17


def test_seventeen_runs_started_at_once_with_credits_for_one(sources: Sources) -> None:
    user = with_credits(User.objects.create_user("lan@example.com"), 120)
    companies = [make_company(name=f"Galaxy Foods {number}") for number in range(RUNS)]
    start = threading.Barrier(RUNS)

    def attempt(number: int) -> object:
        start.wait()
        try:
            return services.run_check(
                user=user, company_id=companies[number].pk, check="sanctions", domain=""
            )
        except InsufficientCredit as refused:
            return refused
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=RUNS) as pool:
        results = list(pool.map(attempt, range(RUNS)))

    started = [result for result in results if isinstance(result, Verification)]
    assert len(started) == 1
    assert sources.screening.calls == 1
    assert Verification.objects.filter(user=user, run__gt=0).count() == 1
