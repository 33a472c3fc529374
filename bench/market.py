"""Trade-data benchmark: load N demo shipments through the seed generator and the import path,
build the analytics index, then time a fixed mix of searches through the API (Django's test
client, in-process: the whole request path without the network) and the same searches run
directly on the index.

    make bench BENCH_SHIPMENTS=100000   # SQLite under var/, emptied first
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/tradewise_bench \\
        .venv/bin/python bench/market.py [--shipments 10000000] [--requests 30] [--fresh]

It uses its own database (created when missing on PostgreSQL; SQLite when the URL says so)
and its own index directory, never the product's. Prints import rows per second, index build
time, and per query p50 / p95 in ms with the API / direct ratio."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import configure, load_shipments, percentile, timed

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/tradewise_bench"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--shipments", type=int, default=10_000_000)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--fresh", action="store_true", help="Empty the shipments first.")
    default_index = Path(tempfile.gettempdir()) / "tradewise-bench-index"
    parser.add_argument("--index-dir", default=str(default_index))
    options = parser.parse_args()
    configure(os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE), Path(options.index_dir))

    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    from apps.accounts.models import User
    from apps.billing.services import set_up_paid_demo
    from apps.market import index
    from apps.market.filters import search_filters
    from apps.market.schemas import SearchQuery

    setup_test_environment()
    load_shipments(options.shipments, options.fresh)

    user, _ = User.objects.get_or_create(email="bench@example.com")
    set_up_paid_demo(user)
    client = Client()
    client.force_login(user)
    trade = index.trade_index()
    year = {"start_date": "01-01-2024", "end_date": "31-12-2024"}
    text_country = {"product_details": "cashew", "importer_country": "US", **year}
    importer = {"importer_name": "hanseatic tradewind", **year}
    chapter = {"hs_code": ["09"], **year}
    words = {"product_details": "raw coffee beans unroasted", **year}
    foreign = {"product_details": "banana", **year}
    # The direct runs take the search exactly as the API reads it.
    mix = [
        ("text+country+year", text_country),
        ("importer name", importer),
        ("HS chapter 09", chapter),
        ("product words", words),
        ("product in 3 languages", foreign),
    ]
    queries: list[tuple[str, Callable[[], Any], Callable[[], Any] | None]] = []
    for label, params in mix:
        filters = search_filters(SearchQuery(**params))
        queries += [
            (
                f"{label}: page of 25",
                lambda p=params: client.get("/fast-ai/v1/shipments", {**p, "page_size": 25}),
                lambda f=filters: (trade.page(f, offset=0, limit=25), trade.count(f)),
            ),
            (
                f"{label}: statistics",
                lambda p=params: client.get("/fast-ai/v1/shipments/statistics", p),
                lambda f=filters: trade.statistics(f),
            ),
            (
                f"{label}: monthly",
                lambda p=params: client.get("/fast-ai/v1/shipments/summary", p),
                lambda f=filters: trade.monthly(f),
            ),
            (
                f"{label}: top HS codes",
                lambda p=params: client.get("/fast-ai/v1/shipments/hs-codes", p),
                lambda f=filters: trade.top_hs_codes(f, limit=10),
            ),
        ]
    two_years = search_filters(
        SearchQuery(hs_code=["0901"], start_date="01-01-2023", end_date="31-12-2024")
    )
    queries.append(
        (
            "monthly, 2 years, coffee",
            lambda: client.get(
                "/fast-ai/v1/shipments/summary",
                {"hs_code": "0901", "start_date": "01-01-2023", "end_date": "31-12-2024"},
            ),
            lambda: trade.monthly(two_years),
        )
    )
    queries.append(
        (
            "AI question",
            lambda: client.post(
                "/fast-ai/v1/shipments/ai/ask",
                {"question": "cashew exports from Vietnam to the United States in 2024"},
                content_type="application/json",
            ),
            None,
        )
    )
    print(f"\n{'query':40} {'API p50':>8} {'p95':>8} {'direct p50':>11} {'p95':>8} {'ratio':>6}")
    for label, through_api, on_index in queries:
        api = timed(through_api, options.requests)
        line = f"{label:40} {statistics.median(api):8.1f} {percentile(api, 0.95):8.1f}"
        if on_index is not None:
            raw = timed(on_index, options.requests)
            ratio = statistics.median(api) / max(statistics.median(raw), 1e-6)
            line += f" {statistics.median(raw):11.1f} {percentile(raw, 0.95):8.1f} {ratio:6.2f}"
        print(line)


if __name__ == "__main__":
    main()
