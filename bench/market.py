"""Trade-data benchmark: load N demo shipments through the seed generator and the import path,
build the analytics index, then time a fixed mix of searches through the API (Django's test
client, in-process: the whole request path without the network; with --http, over HTTP to the
product under gunicorn) and the same searches run directly on the index.

    make bench BENCH_SHIPMENTS=100000   # SQLite under var/, emptied first
    make bench TRADE_INDEX=clickhouse   # the same on ClickHouse (chDB unless TRADE_INDEX_URL)
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/tradewise_bench \\
        .venv/bin/python bench/market.py [--shipments 10000000] [--requests 30] [--fresh] [--http]

It uses its own database (created when missing on PostgreSQL; SQLite when the URL says so)
and its own index directory, never the product's. Prints import rows per second, index build
time, per query p50 / p95 in ms with the API / direct ratio, and what bounding a search costs
per call: the search limits (in the configured cache) and the index query's timer."""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import (
    ROOT,
    CheckedClient,
    HttpClient,
    configure,
    load_shipments,
    percentile,
    served,
    timed,
)

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/tradewise_bench"
# The product's web server under --http, by environment variable and default (as bin/serve).
WEB_SERVER = {"WEB_WORKERS": "2", "WEB_THREADS": "8"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--shipments", type=int, default=10_000_000)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--fresh", action="store_true", help="Empty the shipments first.")
    parser.add_argument(
        "--http",
        action="store_true",
        help="Send the API requests over HTTP to the product under gunicorn (WEB_WORKERS and "
        "WEB_THREADS, as bin/serve runs it) instead of through Django's test client.",
    )
    parser.add_argument(
        "--keep-file",
        type=Path,
        help="Generate the shipments file here and keep it; import the one already there.",
    )
    default_index = Path(tempfile.gettempdir()) / "tradewise-bench-index"
    parser.add_argument("--index-dir", default=str(default_index))
    parser.add_argument(
        "--results",
        default=str(ROOT / "var" / "bench-market"),
        help="Each run's API p50/p95 go to <dir>/<shipments>.json; every size found there is "
        "printed side by side at the end.",
    )
    parser.add_argument(
        "--index",
        choices=("duckdb", "clickhouse"),
        default="duckdb",
        help="The index backend: ClickHouse at TRADE_INDEX_URL, else chDB in the index dir.",
    )
    options = parser.parse_args()
    configure(os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE), Path(options.index_dir))
    if options.index == "clickhouse":
        os.environ.setdefault("TRADE_INDEX_URL", f"chdb://{Path(options.index_dir) / 'chdb'}")
    else:
        os.environ["TRADE_INDEX_URL"] = ""

    import django

    django.setup()
    from django.conf import settings
    from django.test import Client
    from django.test.utils import setup_test_environment

    from apps.accounts.models import User
    from apps.billing.services import set_up_paid_demo

    setup_test_environment()
    # With TRADE_INDEX_URL set, the import (or the index build) also loads ClickHouse.
    loaded = load_shipments(options.shipments, options.fresh, options.keep_file)

    user, _ = User.objects.get_or_create(email="bench@example.com")
    set_up_paid_demo(user)
    signed_in = Client()
    signed_in.force_login(user)
    with ExitStack() as stack:
        client: Any = signed_in
        if options.http:
            workers, threads = (int(os.environ.get(name, d)) for name, d in WEB_SERVER.items())
            base_url = stack.enter_context(served(workers, threads))
            session = signed_in.cookies[settings.SESSION_COOKIE_NAME].value
            client = HttpClient(base_url, (settings.SESSION_COOKIE_NAME, session))
            print(f"API over HTTP: gunicorn, {workers} workers of {threads} threads")
        results = time_mix(CheckedClient(client), user.pk, options)
    kept = {label: [figure] for label, figure in loaded.items()}
    side_by_side(Path(options.results), options.shipments, kept | results)


def time_mix(
    client: CheckedClient, user_id: int, options: argparse.Namespace
) -> dict[str, list[float]]:
    """Time the mix through `client` and directly on the index, then the deep pages and what
    bounding a search costs; return the API's p50 and p95 per query."""
    from apps.market import index
    from apps.market.filters import search_filters
    from apps.market.schemas import SearchQuery

    trade = index.trade_index()
    year = {"start_date": "01-01-2024", "end_date": "31-12-2024"}
    text_country = {"product_details": "cashew", "importer_country": "US", **year}
    importer = {"importer_name": "hanseatic tradewind", **year}
    chapter = {"hs_code": ["09"], **year}
    words = {"product_details": "raw coffee beans unroasted", **year}
    foreign = {"product_details": "banana", **year}
    three_years = {"start_date": "01-01-2023", "end_date": "31-12-2025"}
    rice = {"product_details": "rice", **three_years}
    headings = {"hs_code": ["0901", "0801", "1006"], **three_years}
    # The direct runs take the search exactly as the API reads it.
    mix = [
        ("text+country+year", text_country),
        ("importer name", importer),
        ("HS chapter 09", chapter),
        ("product words", words),
        ("product in 3 languages", foreign),
        ("rice, 3 years", rice),
        ("3 HS headings, 3 years", headings),
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
    cashew = search_filters(SearchQuery(**text_country))
    top_importer = trade.rankings(cashew, side="importer", by="value", offset=0, limit=1)[0]
    queries += [
        (
            "text+country+year: sorted by USD/kg",
            lambda: client.get(
                "/fast-ai/v1/shipments", {**text_country, "page_size": 25, "sort": "-price_per_kg"}
            ),
            lambda: trade.page(cashew, offset=0, limit=25, sort="-price_per_kg"),
        ),
        (
            "text+country+year: importer ranking",
            lambda: client.get("/fast-ai/v1/shipments/rankings", text_country),
            lambda: trade.rankings(cashew, side="importer", by="value", offset=0, limit=10),
        ),
        (
            "HS chapter 09: exporters by weight",
            lambda: client.get(
                "/fast-ai/v1/shipments/rankings", {**chapter, "side": "exporter", "by": "weight"}
            ),
            lambda: trade.rankings(
                search_filters(SearchQuery(**chapter)),
                side="exporter",
                by="weight",
                offset=0,
                limit=10,
            ),
        ),
        (
            "text+country+year: unit prices by origin",
            lambda: client.get(
                "/fast-ai/v1/shipments/unit-prices", {**text_country, "by": "origin"}
            ),
            lambda: trade.unit_prices(cashew, by="origin"),
        ),
    ]
    for label, params in (("rice, 3 years", rice), ("3 HS headings, 3 years", headings)):
        filters = search_filters(SearchQuery(**params))
        queries += [
            (
                f"{label}: importer ranking",
                lambda p=params: client.get("/fast-ai/v1/shipments/rankings", p),
                lambda f=filters: trade.rankings(
                    f, side="importer", by="value", offset=0, limit=10
                ),
            ),
            (
                f"{label}: exporters by weight",
                lambda p=params: client.get(
                    "/fast-ai/v1/shipments/rankings", {**p, "side": "exporter", "by": "weight"}
                ),
                lambda f=filters: trade.rankings(
                    f, side="exporter", by="weight", offset=0, limit=10
                ),
            ),
        ]
    # Page 500 of 100 rows: the table's deepest usual page.
    deep = search_filters(SearchQuery(**headings))
    queries.append(
        (
            "3 HS headings, 3 years: page 500 of 100",
            lambda: client.get(
                "/fast-ai/v1/shipments", {**headings, "page": 500, "page_size": 100}
            ),
            lambda: (trade.page(deep, offset=49_900, limit=100), trade.count(deep)),
        )
    )
    if top_importer:
        party_id = top_importer[0]["party_id"]
        queries.append(
            (
                "party profile (all the data)",
                lambda: client.get(f"/fast-ai/v1/parties/{party_id}"),
                lambda: trade.party_profile(party_id),
            )
        )
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
    results: dict[str, list[float]] = {}
    print(f"\n{'query':40} {'API p50':>8} {'p95':>8} {'direct p50':>11} {'p95':>8} {'ratio':>6}")
    for label, through_api, on_index in queries:
        api = timed(through_api, options.requests)
        results[label] = [statistics.median(api), percentile(api, 0.95)]
        line = f"{label:40} {statistics.median(api):8.1f} {percentile(api, 0.95):8.1f}"
        if on_index is not None:
            raw = timed(on_index, options.requests)
            ratio = statistics.median(api) / max(statistics.median(raw), 1e-6)
            line += f" {statistics.median(raw):11.1f} {percentile(raw, 0.95):8.1f} {ratio:6.2f}"
        print(line)
    results |= held_out(client, options.requests)
    results |= deep_pages(client, options.requests)
    results |= screens(client, options.requests)
    bounding_costs(user_id, trade)
    return results


def _timed_api(
    label: str, act: Callable[[], Any], requests: int, *, cold: bool = False
) -> dict[str, list[float]]:
    """p50 and p95 of `act`; `cold`: with the cache emptied before each call, so that each
    computes what the search computes the first time it is asked (page counts, the pass over
    a search's parties), none read what the one before kept."""
    samples = timed(act, requests, before=_empty_cache if cold else None)
    print(f"{label:52} {statistics.median(samples):8.1f} {percentile(samples, 0.95):8.1f}")
    return {label: [statistics.median(samples), percentile(samples, 0.95)]}


def _empty_cache() -> None:
    from django.core.cache import cache

    cache.clear()


def held_out(client: Any, requests: int) -> dict[str, list[float]]:
    """Calls of the kind people outside the team try, beyond the mix: rankings and unit-price
    quartiles of product texts over three years (a product alone in its codes, one that
    stands for its prepared goods elsewhere, a variety or a kind in the descriptions, in
    Vietnamese and Chinese), and statistics of broad texts; each as the search's first."""
    three_years = {"start_date": "01-01-2023", "end_date": "31-12-2025"}
    texts = ("coffee", "cashew", "robusta coffee", "black pepper", "hạt điều", "大米")
    print(f"\n{'held-out calls (API)':52} {'p50':>8} {'p95':>8}")
    results: dict[str, list[float]] = {}
    for text in texts:
        search = {**three_years, "product_details": text}
        calls = {
            "importers by value": ("rankings", {}),
            "exporters by weight": ("rankings", {"side": "exporter", "by": "weight"}),
            "unit prices": ("unit-prices", {}),
            "unit prices by origin": ("unit-prices", {"by": "origin"}),
            "unit prices by destination": ("unit-prices", {"by": "destination"}),
            "statistics": ("statistics", {}),
        }
        for name, (path, extra) in calls.items():
            act = functools.partial(client.get, f"/fast-ai/v1/shipments/{path}", search | extra)
            results |= _timed_api(f"'{text}', 3 years: {name}", act, requests, cold=True)
    return results


# The calls the market screen makes for one search, all at once as the browser sends them.
SCREEN_CALLS = (
    ("shipments", {"page_size": 25}),
    ("shipments/statistics", {}),
    ("shipments/summary", {}),
    ("shipments/hs-codes", {}),
    ("shipments/rankings", {}),
    ("shipments/unit-prices", {}),
)


def screens(client: CheckedClient, requests: int) -> dict[str, list[float]]:
    """One search's six calls sent together (six at once over HTTP, as a browser sends them;
    one after another through the in-process client), timed until the last answer, each time
    as the search's first (`_timed_api`'s `cold`)."""
    three_years = {"start_date": "01-01-2023", "end_date": "31-12-2025"}
    searches = {
        "HS chapter 09, 3 years": {"hs_code": "09", **three_years},
        "'cashew', 3 years": {"product_details": "cashew", **three_years},
        # Words of the descriptions within its codes: its statistics count its parties and its
        # rankings total them, a side a pass, from its matches (`shared`).
        "'robusta coffee', 3 years": {"product_details": "robusta coffee", **three_years},
        "'rice' from VN, 3 years": {"product_details": "rice", "exporter_country": "VN"}
        | three_years,
        "'cà phê' to US, 2024": {
            "product_details": "cà phê",
            "importer_country": "US",
            "start_date": "01-01-2024",
            "end_date": "31-12-2024",
        },
    }
    together = isinstance(client.client, HttpClient)
    print(f"\n{'the six calls of one search':52} {'p50':>8} {'p95':>8}")
    results: dict[str, list[float]] = {}
    with ThreadPoolExecutor(max_workers=len(SCREEN_CALLS)) as pool:
        for label, search in searches.items():

            def screen(search: dict[str, Any] = search) -> None:
                calls = [
                    functools.partial(client.get, f"/fast-ai/v1/{path}", search | extra)
                    for path, extra in SCREEN_CALLS
                ]
                if together:
                    for answer in [pool.submit(call) for call in calls]:
                        answer.result()
                else:
                    for call in calls:
                        call()

            results |= _timed_api(f"screen: {label}", screen, requests, cold=True)
    return results


def deep_pages(client: Any, requests: int) -> dict[str, list[float]]:
    """The shipment list's first and deep pages (to page 500 of 100 rows, page 1000 of 25)
    through the API, for three broad searches over the demo data's three years, in the
    default order and by each measure."""
    three_years = {"start_date": "01-01-2023", "end_date": "31-12-2025"}
    searches = {
        "HS chapter 09": {"hs_code": "09"},
        "product 'rice'": {"product_details": "rice"},
        "product 'cashew'": {"product_details": "cashew"},
    }
    sorts = ("-date", "-value", "value", "-weight", "-price_per_kg", "price_per_kg")
    print(f"\n{'deep pages (API)':40} {'p50':>8} {'p95':>8}")
    results = {}
    for (label, search), sort, (page, size) in itertools.product(
        searches.items(), sorts, ((1, 25), (1, 100), (100, 25), (500, 100), (1000, 25))
    ):
        params = {**three_years, **search, "sort": sort, "page": page, "page_size": size}
        samples = timed(functools.partial(client.get, "/fast-ai/v1/shipments", params), requests)
        name = f"{label} {sort}: page {page} of {size}"
        results[name] = [statistics.median(samples), percentile(samples, 0.95)]
        print(f"{name:40} {statistics.median(samples):8.1f} {percentile(samples, 0.95):8.1f}")
    return results


def side_by_side(directory: Path, shipments: int, results: dict[str, list[float]]) -> None:
    """Keep this run's figures (the load's, one each; the API's p50/p95 per query), then print
    every size kept (this one included) in columns, so the growth from one size to the next
    shows."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{shipments}.json").write_text(json.dumps(results, indent=1))
    runs = {
        int(path.stem): json.loads(path.read_text())
        for path in sorted(directory.glob("*.json"), key=lambda path: int(path.stem))
    }
    header = "".join(f"{f'{size:,} p50':>16} {'p95':>7}" for size in runs)
    print(f"\n{'the load, then the API in ms':40}{header}")
    for label in results:
        cells = (runs[size].get(label) for size in runs)
        line = "".join(_cell(cell) for cell in cells)
        print(f"{label:40}{line}")


def _cell(figures: list[float] | None) -> str:
    if not figures:
        return f"{'—':>16} {'':7}"
    if len(figures) == 1:
        return f"{figures[0]:16,.1f} {'':7}"
    return f"{figures[0]:16.1f} {figures[1]:7.1f}"


def bounding_costs(user_id: int, trade: Any) -> None:
    """Microseconds per call of the search limits (a minute's count and a slot, taken and
    given back, in the configured cache) and of the time limit of an index call: the smallest
    query (the index's facts) with its limit against the same without, so the difference is
    the limit's cost, not the query's noise."""
    from django.conf import settings

    from apps.core.search_limits import search_allowance
    from apps.market.index import DuckDBTradeIndex, TradeIndex
    from apps.market.index.clickhouse import ClickHouseTradeIndex

    def allowance() -> None:
        with search_allowance(user_id):
            pass

    rounds = 2000
    limits = timed(allowance, rounds)
    print(
        f"\nsearch limits ({settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}): "
        f"{statistics.median(limits) * 1000:.1f} µs per call (p95 "
        f"{percentile(limits, 0.95) * 1000:.1f})"
    )
    indexes: list[TradeIndex] = [
        ClickHouseTradeIndex(trade.connection, timeout=t)
        if isinstance(trade, ClickHouseTradeIndex)
        else DuckDBTradeIndex(trade.path, timeout=t)
        for t in (None, 0)
    ]
    bounded, unbounded = indexes
    with_limit: list[float] = []
    without: list[float] = []
    for _ in range(20):  # interleaved, so both see the same machine
        with_limit += timed(bounded.facts, 100)
        without += timed(unbounded.facts, 100)
    extra = (statistics.median(with_limit) - statistics.median(without)) * 1000
    print(
        f"index call with its time limit: {statistics.median(with_limit) * 1000:.1f} µs, "
        f"without: {statistics.median(without) * 1000:.1f} µs (p50, the limit costs {extra:.1f} µs)"
    )


if __name__ == "__main__":
    main()
