"""Company searches are bounded: they count against the user's search limits, and on
PostgreSQL each statement stops at COMPANY_SEARCH_TIMEOUT with the search's 503."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client

from apps.accounts.models import User
from apps.core import search_limits as limits
from apps.core.database import statement_time_limit
from apps.core.errors import QueryTimedOut
from apps.leads import selectors
from apps.leads.schemas import CompanyFilters
from apps.leads.tests.conftest import make_company

pytestmark = pytest.mark.django_db

COMPANIES = "/fast-ai/v1/lead-sourcing/companies"

postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="statement_timeout is PostgreSQL's"
)


def test_company_searches_count_against_the_minute_limit(
    settings: Any, member_client: Client
) -> None:
    settings.SEARCH_RATE_PER_MINUTE = 2
    make_company(name="Hanse Nuts GmbH")
    statuses = [member_client.get(COMPANIES, {"countries": "DE"}).status_code for _ in range(3)]

    assert statuses == [200, 200, 429]


def test_a_company_search_while_others_run_is_refused(
    settings: Any, member: User, member_client: Client
) -> None:
    settings.SEARCH_CONCURRENCY = 1
    with limits.search_allowance(member.pk):
        response = member_client.get(COMPANIES, {"countries": "DE"})
    assert response.status_code == 429
    assert response.json()["meta"]["code"] == "searches_running"
    assert member_client.get(COMPANIES, {"countries": "DE"}).status_code == 200


@postgresql_only
def test_a_statement_past_the_limit_is_stopped_and_the_connection_serves_the_next() -> None:
    with (
        pytest.raises(QueryTimedOut),
        statement_time_limit(0.05),
        connection.cursor() as cursor,
    ):
        cursor.execute("SELECT pg_sleep(2)")

    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone() == ("0",)  # the limit ended with its transaction
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)


@postgresql_only
def test_the_company_search_runs_under_the_limit(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.COMPANY_SEARCH_TIMEOUT = 1.5
    seen: list[str] = []
    search = selectors._search_companies

    def observed(*args: Any, **kwargs: Any) -> Any:
        with connection.cursor() as cursor:
            cursor.execute("SHOW statement_timeout")
            seen.append(cursor.fetchone()[0])
        return search(*args, **kwargs)

    monkeypatch.setattr(selectors, "_search_companies", observed)
    make_company(name="Hanse Nuts GmbH")
    rows, _ = selectors.search_companies(CompanyFilters(countries=("DE",)), page=1, page_size=10)

    assert [row["name"] for row in rows] == ["Hanse Nuts GmbH"]
    assert seen == ["1500ms"]
