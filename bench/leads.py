"""Lead-sourcing benchmark: a small demo shipments load (so companies can be proven importers),
then N generated companies and M people (bench/leads_data.py) copied straight into the
tables, then a fixed mix of company searches, a lead list and email reveals timed through the
API (Django's test client, in-process: the whole request path without the network).

    make bench BENCH_COMPANIES=20000   # SQLite under var/, emptied first
    .venv/bin/python bench/leads.py [--companies 1000000] [--people 5000000] [--fresh]

It uses its own database, BENCH_DATABASE_URL (default below, created when missing), and keeps
the data between runs unless --fresh. On PostgreSQL the rows arrive by COPY with the tables'
secondary indexes dropped and rebuilt afterwards. Prints per query p50 / p95 in ms against its
target, and the load average while measuring (figures depend on what else runs)."""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import configure, load_shipments, percentile, timed

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/tradewise_leads_bench"
COMPANY_SEARCH_MS = 150.0
LEAD_LIST_MS = 50.0
EMAIL_REVEAL_MS = 50.0
BATCH = 10_000


def _copy(table: str, columns: tuple[str, ...], rows: Iterator[tuple[Any, ...]]) -> None:
    """Write the rows: COPY on PostgreSQL (secondary indexes rebuilt afterwards, foreign keys
    not checked: the generator keeps them), batched inserts elsewhere."""
    from django.db import connection

    names = ", ".join(columns)
    if connection.vendor != "postgresql":
        values = ", ".join(["%s"] * len(columns))
        sql = f"INSERT INTO {table} ({names}) VALUES ({values})"  # noqa: S608 (model tables)
        batch: list[tuple[Any, ...]] = []
        with connection.cursor() as cursor:
            for row in rows:
                batch.append(row)
                if len(batch) == BATCH:
                    cursor.executemany(sql, batch)
                    batch.clear()
            cursor.executemany(sql, batch)
        return
    connection.ensure_connection()
    raw = connection.connection
    with raw.cursor() as cursor:
        indexes = cursor.execute(
            "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index "
            "WHERE indrelid = %s::regclass AND NOT indisprimary AND NOT EXISTS "
            "(SELECT 1 FROM pg_constraint WHERE conindid = indexrelid)",
            [table],
        ).fetchall()
        for name, _ in indexes:
            cursor.execute(f"DROP INDEX {name}")
        cursor.execute("SET session_replication_role = replica")
        with cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        cursor.execute("SET session_replication_role = DEFAULT")
        cursor.execute("SET maintenance_work_mem = '1GB'")
        for _, definition in indexes:
            cursor.execute(definition)
        cursor.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), max(id)) FROM {table}"  # noqa: S608
        )
        cursor.execute(f"VACUUM ANALYZE {table}")


def _tables_referring_to(model: Any) -> list[str]:
    """The model's table and every table whose rows point at it, directly or through another
    (leads, their contact requests, verification's caches of a company), referring ones
    first: the order to empty them in."""
    order: list[str] = []
    seen: set[Any] = set()

    def visit(current: Any) -> None:
        if current in seen:
            return
        seen.add(current)
        for relation in current._meta.get_fields(include_hidden=True):
            if relation.auto_created and not relation.concrete and relation.related_model:
                visit(relation.related_model)
        order.append(current._meta.db_table)

    visit(model)
    return order


def load_leads(companies: int, people: int, fresh: bool) -> None:
    from django.db import connection

    from apps.leads import selectors
    from apps.leads.models import Company, ContactRequest, Lead
    from bench import leads_data

    present = (Company.objects.count(), Lead.objects.count())
    if not fresh and present >= (companies, people):
        print(f"{present[0]:,} companies and {present[1]:,} people already loaded")
        return
    tables = _tables_referring_to(Company)
    assert {ContactRequest._meta.db_table, Lead._meta.db_table} <= set(tables)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY")
        else:
            for table in tables:
                cursor.execute(f"DELETE FROM {table}")  # noqa: S608 (model tables)
    importers = selectors.importers()
    countries: list[str] = []

    def noted(rows: Iterator[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
        for row in rows:
            countries.append(row[4])
            yield row

    started = time.perf_counter()
    rows = noted(leads_data.companies(companies, importers))
    _copy(Company._meta.db_table, leads_data.COMPANY_COLUMNS, rows)
    print(
        f"companies: {companies:,} ({len(importers):,} of them importers with trade data) "
        f"in {time.perf_counter() - started:.0f} s"
    )
    started = time.perf_counter()
    rows = leads_data.people(people, companies, countries)
    _copy(Lead._meta.db_table, leads_data.LEAD_COLUMNS, rows)
    print(f"people: {people:,} in {time.perf_counter() - started:.0f} s ({connection.vendor})")


def company_mix(importer_name: str) -> list[tuple[str, dict[str, Any]]]:
    typo = importer_name[:-2] + importer_name[-1] + importer_name[-2]
    return [
        (f"name with a typo ({typo})", {"name": typo}),
        ("name word (tradewind)", {"name": "tradewind"}),
        ("keyword (cashew)", {"keyword": "cashew"}),
        ("countries + industries", {"countries": ["DE", "NL"], "industries": ["Wholesale"]}),
        ("country US (broad)", {"countries": ["US"]}),
        (
            "min/max ranges",
            {
                "company_size_min": 50,
                "company_size_max": 500,
                "revenue_min": 1_000_000,
                "revenue_max": 50_000_000,
                "founded_year_min": 1990,
                "founded_year_max": 2015,
            },
        ),
        ("countries + employees min", {"countries": ["FR", "IT"], "company_size_min": 200}),
        ("imports_product (coffee)", {"imports_product": "coffee"}),
        (
            "imports_product 0801 + since",
            {"imports_product": "0801", "imported_since": "01-01-2024"},
        ),
        ("imported_since + DE", {"imported_since": "01-01-2024", "countries": ["DE"]}),
        (
            "trade + industries + size",
            {"imports_product": "cashew", "industries": ["Wholesale"], "company_size_min": 10},
        ),
    ]


def _checked(response: Any) -> Any:
    if response.status_code >= 300:
        raise SystemExit(f"{response.status_code}: {response.content[:300]!r}")
    return response


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--companies", type=int, default=1_000_000)
    parser.add_argument("--people", type=int, default=5_000_000)
    parser.add_argument("--shipments", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--fresh", action="store_true", help="Reload companies and people.")
    default_index = Path(tempfile.gettempdir()) / "tradewise-leads-bench-index"
    parser.add_argument("--index-dir", default=str(default_index))
    options = parser.parse_args()
    configure(os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE), Path(options.index_dir))

    import django

    django.setup()
    from django.db.models import Max, Min
    from django.test import Client
    from django.test.utils import setup_test_environment

    from apps.accounts.models import User
    from apps.billing.services import grant_credits
    from apps.leads.models import Lead

    setup_test_environment()
    load_shipments(options.shipments, fresh=False)
    load_leads(options.companies, options.people, options.fresh)

    user, _ = User.objects.get_or_create(email="bench-leads@example.com")
    grant_credits(
        user, amount=options.requests + 1, reason="bench", reference=f"bench:{time.time()}"
    )
    client = Client()
    client.force_login(user)
    searches = "/fast-ai/v1/lead-sourcing/companies"
    queries: list[tuple[str, Callable[[], Any], float]] = []
    for label, params in company_mix("hanseatic tradewind"):
        query = {**params, "page_size": 25}
        meta = _checked(client.get(searches, query)).json()["meta"]
        about = "~" if meta["total_is_estimate"] else ""
        label = f"companies: {label} [{about}{meta['total']:,}]"
        queries.append(
            (label, lambda q=query: _checked(client.get(searches, q)), COMPANY_SEARCH_MS)
        )

    # Trade answers are kept per index snapshot; a new date each time shows an uncached search.
    days = itertools.count()

    def uncached_trade_search() -> Any:
        since = date(2023, 1, 1) + timedelta(days=next(days))
        query = {"imports_product": "cashew", "imported_since": since.strftime("%d-%m-%Y")}
        return _checked(client.get(searches, {**query, "page_size": 25}))

    label = "companies: imports_product (cashew) + a new since each time"
    queries.append((label, uncached_trade_search, COMPANY_SEARCH_MS))

    rng = random.Random(7)  # noqa: S311 (benchmark sampling)
    company_ids = rng.sample(range(1, options.companies + 1), 25)
    people = {"company_ids": company_ids, "page_size": 25}
    queries.append(
        (
            "lead list, 25 companies",
            lambda: _checked(client.get("/fast-ai/v1/lead-sourcing/employees", people)),
            LEAD_LIST_MS,
        )
    )
    bounds = Lead.objects.aggregate(low=Min("pk"), high=Max("pk"))
    # Other people each run: a reveal of someone revealed before costs nothing and is faster.
    fresh = random.Random(time.time_ns())  # noqa: S311 (benchmark sampling)
    candidates = fresh.sample(range(bounds["low"], bounds["high"] + 1), options.requests * 5)
    unrevealed = iter(
        Lead.objects.filter(pk__in=candidates)
        .exclude(email="")
        .exclude(contact_requests__user=user)
        .values_list("pk", flat=True)
    )
    queries.append(
        (
            "email reveal (charged)",
            lambda: _checked(
                client.get(f"/fast-ai/v1/lead-sourcing/employees/{next(unrevealed)}/request-email")
            ),
            EMAIL_REVEAL_MS,
        )
    )
    print(f"\nload average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    print(f"{'query':62} {'p50':>7} {'p95':>7} {'target':>7}  ok")
    for label, act, target in queries:
        samples = timed(act, options.requests)
        p95 = percentile(samples, 0.95)
        ok = "yes" if p95 <= target else "NO"
        print(f"{label:62} {statistics.median(samples):7.1f} {p95:7.1f} {target:7.0f}  {ok}")
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
