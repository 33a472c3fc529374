"""The monthly roll-ups answer every aggregate as a scan of the shipments does: one snapshot
of demo shipments, each aggregate through both paths, over HS codes of every level,
countries, parties, product texts in several languages and date ranges with and without
partial months."""

from __future__ import annotations

import csv
import logging
import math
import re
import shutil
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

import duckdb
import pytest

from apps.market import demo
from apps.market.filters import ShipmentFilters
from apps.market.imports import import_shipments
from apps.market.index import DuckDBTradeIndex, current_snapshot
from apps.market.index.rollups import (
    PARTY_PRICES,
    ROLLUPS,
    Source,
    build_rollups,
    source,
    whole_months,
)
from apps.market.tests.factories import demo_snapshot, recorded_statements, same_figures

THREE_YEARS = (date(2023, 1, 1), date(2025, 12, 31))
SPRING = (date(2024, 3, 15), date(2024, 7, 10))


pytestmark = pytest.mark.django_db


@pytest.fixture
def snapshot(tmp_path: Path) -> Path:
    """A snapshot of 6,000 demo shipments (2023 to 2025), loaded as an import loads them."""
    return demo_snapshot(tmp_path, 6_000)


def _names(index: DuckDBTradeIndex) -> dict[str, str]:
    """The name of the busiest importer and exporter of the demo data, and the HS chapter
    that exporter ships most."""
    names = {}
    for side in ("importer", "exporter"):
        [top], _ = index.rankings(
            ShipmentFilters(*THREE_YEARS), side=side, by="shipments", offset=0, limit=1
        )
        names[side] = top["name"]
    exporter = ShipmentFilters(*THREE_YEARS, exporter_name=names["exporter"])
    names["chapter"] = index.top_hs_codes(exporter, limit=1)[0]["hs_code"][:2]
    return names


SEARCHES: dict[str, Callable[[dict[str, str]], ShipmentFilters]] = {
    "chapter, one year": lambda _: ShipmentFilters(
        date(2024, 1, 1), date(2024, 12, 31), hs_codes=("09",)
    ),
    "heading, partial months at both ends": lambda _: ShipmentFilters(*SPRING, hs_codes=("0801",)),
    "subheading, three years": lambda _: ShipmentFilters(*THREE_YEARS, hs_codes=("100630",)),
    "three headings, three years": lambda _: ShipmentFilters(
        *THREE_YEARS, hs_codes=("0901", "0801", "1006")
    ),
    "product text, three years": lambda _: ShipmentFilters(*THREE_YEARS, product_details="rice"),
    "product text and country, no whole month": lambda _: ShipmentFilters(
        date(2024, 2, 10), date(2024, 3, 20), product_details="cashew", exporter_country="VN"
    ),
    "two words, partial last month": lambda _: ShipmentFilters(
        date(2024, 1, 1), date(2024, 6, 15), product_details="coffee beans"
    ),
    "exporter country and heading, partial first month": lambda _: ShipmentFilters(
        date(2023, 5, 20), date(2024, 1, 31), exporter_country="VN", hs_codes=("0901",)
    ),
    "importer name": lambda names: ShipmentFilters(
        date(2023, 5, 20), date(2025, 1, 31), importer_name=names["importer"]
    ),
    "exporter name and chapter, partial months": lambda names: ShipmentFilters(
        date(2023, 3, 3),
        date(2025, 10, 30),
        exporter_name=names["exporter"],
        hs_codes=(names["chapter"],),
    ),
    "both countries, whole months": lambda _: ShipmentFilters(
        date(2024, 4, 1), date(2025, 3, 31), exporter_country="VN", importer_country="US"
    ),
    "Vietnamese text, three years": lambda _: ShipmentFilters(*THREE_YEARS, product_details="gạo"),
    "Chinese text, partial months at both ends": lambda _: ShipmentFilters(
        *SPRING, product_details="大米"
    ),
    "Vietnamese words, one year": lambda _: ShipmentFilters(
        date(2024, 1, 1), date(2024, 12, 31), product_details="cà phê nhân"
    ),
    "words and a state that chooses subheadings": lambda _: ShipmentFilters(
        date(2023, 7, 1), date(2025, 6, 30), product_details="raw coffee beans unroasted"
    ),
    "a word with a typo and a chapter": lambda _: ShipmentFilters(
        *THREE_YEARS, product_details="bananna", hs_codes=("08",)
    ),
    "product text and importer country, whole months": lambda _: ShipmentFilters(
        date(2024, 1, 1), date(2024, 12, 31), product_details="cashew", importer_country="US"
    ),
    "product text and importer name": lambda names: ShipmentFilters(
        *THREE_YEARS, product_details="coffee", importer_name=names["importer"]
    ),
    "a product whose code holds other goods, in a state": lambda _: ShipmentFilters(
        *THREE_YEARS, product_details="dried mango"
    ),
    "the same from one country, whole months": lambda _: ShipmentFilters(
        date(2024, 1, 1), date(2024, 12, 31), product_details="dried mango", exporter_country="VN"
    ),
    "the same in Vietnamese, partial months at both ends": lambda _: ShipmentFilters(
        *SPRING, product_details="xoài sấy"
    ),
    "a product and its prepared goods among others, one year": lambda _: ShipmentFilters(
        date(2024, 1, 1), date(2024, 12, 31), product_details="cashew"
    ),
    "nothing matches": lambda _: ShipmentFilters(*THREE_YEARS, product_details="zzqqxx"),
}


def _calls(filters: ShipmentFilters) -> Iterator[tuple[str, Callable[[DuckDBTradeIndex], Any]]]:
    yield "count", lambda index: index.count(filters)
    yield "statistics", lambda index: index.statistics(filters)
    yield "monthly", lambda index: index.monthly(filters)
    yield "top_hs_codes", lambda index: index.top_hs_codes(filters, limit=10)
    yield "top_importers", lambda index: index.top_importers(filters, limit=10)
    yield "top_exporters", lambda index: index.top_exporters(filters, limit=10)
    for side in ("importer", "exporter"):
        for by in ("value", "weight", "shipments"):
            for offset in (0, 3):
                yield (
                    f"rankings {side} {by} from {offset}",
                    partial(_ranking, filters=filters, side=side, by=by, offset=offset),
                )
    for by in ("importer", "hs_code", "exporter_country", "month"):
        yield f"importer_totals by {by}", partial(_importer_totals, filters=filters, by=by)


def _ranking(
    index: DuckDBTradeIndex, *, filters: ShipmentFilters, side: str, by: str, offset: int
) -> Any:
    return index.rankings(filters, side=side, by=by, offset=offset, limit=5)


def _importer_totals(index: DuckDBTradeIndex, *, filters: ShipmentFilters, by: str) -> Any:
    return index.importer_totals(filters, by=by, limit=20)


def test_every_aggregate_equals_the_scan(snapshot: Path) -> None:
    """One snapshot for every search and call (an import takes seconds)."""
    rolled = DuckDBTradeIndex(snapshot, timeout=0)
    scanning = DuckDBTradeIndex(snapshot, timeout=0, rollups=False)
    names = _names(scanning)
    rolled_up = 0
    for search, make in SEARCHES.items():
        filters = make(names)
        rolled_up += source(filters, rollups=True).rolled
        assert (scanning.count(filters) > 0) == (search != "nothing matches"), search
        for name, call in _calls(filters):
            expected, got = call(scanning), call(rolled)
            assert same_figures(got, expected), f"{search}: {name}\n{got}\n!=\n{expected}"
    # Searches within a month scan either way; a product alone in its codes ('rice', 'coffee')
    # is those codes, which a roll-up holds with the countries and parties, and so is a
    # product's own part beside its prepared goods ('cashew' to the US: the roasted cashews
    # among other nuts are scanned, within their code).
    assert rolled_up == 22


def test_the_rollups_hold_every_shipment(snapshot: Path) -> None:
    index = DuckDBTradeIndex(snapshot, timeout=0)
    for rollup in ROLLUPS:
        [row] = index._query(f"SELECT sum(shipments) AS n FROM {rollup.table}", [])
        assert row["n"] == 6_000


def test_each_rollup_build_is_logged_with_its_groups_and_time(
    snapshot: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with duckdb.connect() as db:
        db.execute(f"ATTACH '{snapshot}' AS snapshot (READ_ONLY)")
        db.execute("CREATE TABLE shipments AS SELECT * FROM snapshot.shipments")
        groups = {
            rollup.table: db.execute(f"SELECT count(*) FROM snapshot.{rollup.table}").fetchall()[0][
                0
            ]
            for rollup in ROLLUPS
        }
        started = time.perf_counter()
        with caplog.at_level(logging.INFO, logger="apps.market.index.rollups"):
            build_rollups(db)
        took = time.perf_counter() - started

    logged = [
        re.fullmatch(r"Roll-up (\w+): (\d+) groups in (\d+\.\d) s", record.getMessage())
        for record in caplog.records
    ]
    assert all(logged), caplog.messages
    assert {found[1]: int(found[2]) for found in logged if found} == groups
    assert all(0 <= float(found[3]) <= took + 0.05 for found in logged if found)


@pytest.mark.parametrize(
    ("start", "end", "months"),
    [
        (date(2024, 1, 1), date(2024, 12, 31), (date(2024, 1, 1), date(2024, 12, 31))),
        (date(2024, 1, 2), date(2024, 12, 30), (date(2024, 2, 1), date(2024, 11, 30))),
        (date(2024, 2, 1), date(2024, 2, 29), (date(2024, 2, 1), date(2024, 2, 29))),
        (date(2024, 2, 1), date(2024, 2, 28), None),
        (date(2024, 12, 15), date(2025, 1, 15), None),
        (date(2024, 12, 15), date(2025, 2, 28), (date(2025, 1, 1), date(2025, 2, 28))),
        (date(2023, 2, 10), date(2023, 4, 30), (date(2023, 3, 1), date(2023, 4, 30))),
    ],
)
def test_whole_months_of_a_period(start: date, end: date, months: tuple[date, date] | None) -> None:
    assert whole_months(start, end) == months


# Party profiles


@pytest.fixture
def trading_snapshot(tmp_path: Path) -> Path:
    """Demo shipments, and a demo exporter that also buys: from another exporter, from
    itself (on a whole month's day, and on a day of a month a period below ends within), and
    sells to a new importer of its own country in the group of one of those shipments."""
    shipments = tmp_path / "shipments.csv"
    demo.write_csv(shipments, 3_000)
    with shipments.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    exporters = Counter((row["exporter_name"], row["exporter_country"]) for row in rows)
    (name, country), (seller, seller_country) = (party for party, _ in exporters.most_common(2))
    hs_code = next(row["hs_code"] for row in rows if row["exporter_name"] == name)
    trades = [
        ("2024-03-20", seller, seller_country, name, country, "1200"),
        ("2024-04-05", seller, seller_country, name, country, "800"),
        ("2024-05-31", seller, seller_country, name, country, ""),
        ("2025-01-15", seller, seller_country, name, country, "500"),
        ("2024-04-05", name, country, name, country, "1000"),
        ("2024-07-08", name, country, name, country, "700"),
        ("2024-07-08", name, country, "Lotus Harbour Trading", country, "300"),
    ]
    with shipments.open("a", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        for number, (day, exporter, origin, importer, destination, kg) in enumerate(trades):
            value = f"{4_321.5 + number * 97:.2f}"
            writer.writerow(
                [
                    *(day, hs_code, "Cashew kernels WW320", exporter, origin, importer),
                    *(destination, kg or "10", "KGM", kg, value, "Cat Lai", "Busan", "SEA"),
                    *("demo", f"demo-trade-{number}"),
                ]
            )
    import_shipments(shipments)
    path = current_snapshot()
    assert path is not None
    return path


PROFILE_PERIODS: list[dict[str, date]] = [
    {},
    dict(zip(("start", "end"), SPRING, strict=True)),
    dict(zip(("start", "end"), THREE_YEARS, strict=True)),
    {"start": date(2024, 4, 1), "end": date(2024, 4, 30)},
    {"start": date(2024, 7, 3), "end": date(2024, 7, 9)},
    {"start": date(2030, 1, 1), "end": date(2030, 12, 31)},
]


def _expected_profile(index: DuckDBTradeIndex, party: int, period: dict[str, date]) -> Any:
    """The figures of a profile summed in Python from the party's shipments: one bought from
    itself counts once, as bought."""
    start, end = period.get("start", date.min), period.get("end", date.max)
    rows = index._query(
        "SELECT * FROM shipments WHERE (importer_id = ? OR exporter_id = ?) "
        "AND date BETWEEN ? AND ?",
        [party, party, start, end],
    )
    groups: dict[str, dict[Any, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        bought = row["importer_id"] == party
        groups["month"][row["date"].strftime("%Y-%m")].append(row)
        groups["hs_code"][row["hs_code"]].append(row)
        groups["country"][row["exporter_country" if bought else "importer_country"]].append(row)
        groups["party_id"][row["exporter_id" if bought else "importer_id"]].append(row)

    def figures(rows: list[dict[str, Any]]) -> tuple[int, float, float]:
        return (
            len(rows),
            round(sum(row["value_usd"] for row in rows), 2) + 0.0,
            round(sum(row["net_weight_kg"] or 0 for row in rows), 3) + 0.0,
        )

    def top(name: str) -> list[tuple[Any, ...]]:
        keyed = sorted(groups[name].items(), key=lambda item: (-figures(item[1])[1], str(item[0])))
        return [(key, *figures(rows)) for key, rows in keyed[:10]]

    prices = {
        code: statistics.median(
            [row["value_usd"] / row["net_weight_kg"] for row in rows if row["net_weight_kg"]]
            or [math.nan]
        )
        for code, rows in groups["hs_code"].items()
    }
    return {
        "figures": figures(rows),
        "as_importer": sum(row["importer_id"] == party for row in rows),
        "dates": (
            min((r["date"] for r in rows), default=None),
            max((r["date"] for r in rows), default=None),
        ),
        "months": [(month, *figures(groups["month"][month])) for month in sorted(groups["month"])],
        "products": [(*product, prices[product[0]]) for product in top("hs_code")],
        "partner_countries": top("country"),
        "counterparties": [
            (*partner, max(row["date"] for row in groups["party_id"][partner[0]]))
            for partner in top("party_id")
        ],
    }


def _profile_figures(profile: dict[str, Any]) -> Any:
    """The figures of a profile as `_expected_profile` gives them."""

    def figures(row: dict[str, Any], *names: str) -> tuple[Any, ...]:
        return (
            *(row[name] for name in names),
            row["shipments"],
            row["value_usd"],
            row["net_weight_kg"],
        )

    return {
        "figures": figures(profile),
        "as_importer": profile["as_importer"],
        "dates": (profile["first_date"], profile["last_date"]),
        "months": [figures(row, "month") for row in profile["months"]],
        "products": [
            (*figures(row, "hs_code"), row["median_price_per_kg"] or math.nan)
            for row in profile["products"]
        ],
        "partner_countries": [figures(row, "country") for row in profile["partner_countries"]],
        "counterparties": [
            (*figures(row, "party_id"), row["last_date"]) for row in profile["counterparties"]
        ],
    }


def test_a_profile_from_the_rollups_equals_the_scan_and_its_shipments(
    trading_snapshot: Path,
) -> None:
    rolled = DuckDBTradeIndex(trading_snapshot, timeout=0)
    scanning = DuckDBTradeIndex(trading_snapshot, timeout=0, rollups=False)
    [(trader,)] = {
        (row["importer_id"],)
        for row in rolled._query(
            "SELECT importer_id FROM shipments WHERE importer_id = exporter_id", []
        )
    }
    everything = ShipmentFilters(date.min, date.max)
    assert rolled._source(everything, needs=["exporter_id"]).rolled
    assert not scanning._source(everything, needs=["exporter_id"]).rolled
    parties = [trader]
    for side in ("importer", "exporter"):
        ranked, _ = rolled.rankings(
            ShipmentFilters(*THREE_YEARS), side=side, by="shipments", offset=0, limit=2
        )
        parties += [row["party_id"] for row in ranked]
    for party in parties:
        for period in PROFILE_PERIODS:
            got = rolled.party_profile(party, **period)
            assert got is not None
            assert same_figures(got, scanning.party_profile(party, **period)), (party, period)
            expected = _expected_profile(rolled, party, period)
            assert same_figures(_profile_figures(got), expected), (party, period, got)
    whole = rolled.party_profile(trader)
    assert whole is not None
    assert (whole["as_importer"], whole["as_exporter"]) > (0, 0)


_READS = re.compile(r"\b(?:from|join)\s+(\w+)", re.IGNORECASE)
(
    LANE,
    IMPORTERS,
    EXPORTERS,
    DESCRIPTIONS,
    PAIRS,
    _,
    _,
    PRICE_STEPS,
    DESCRIBED_PRICES,
    DESCRIBED_DESTINATIONS,
) = (rollup.table for rollup in ROLLUPS)
SCAN = "shipments"
_BULK = {SCAN, PARTY_PRICES, *(rollup.table for rollup in ROLLUPS)}


def _tables_read(monkeypatch: pytest.MonkeyPatch, call: Callable[[], Any]) -> set[str]:
    """The roll-ups and the shipments that the statements of `call` read (table names in
    lower case: SQL does not tell them apart by case)."""
    with monkeypatch.context() as patch:
        statements = recorded_statements(patch)
        call()
    return {table.lower() for sql in statements for table in _READS.findall(sql)} & _BULK


def test_each_aggregate_reads_the_smallest_rollup_that_serves_it(
    snapshot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole months of a search come from the smallest roll-up holding the columns it filters
    on and groups by, without touching the shipments; partial months add the shipments of
    their days; what no roll-up holds scans."""
    index = DuckDBTradeIndex(snapshot, timeout=0)
    names = _names(index)
    year = (date(2024, 1, 1), date(2024, 12, 31))
    heading = ShipmentFilters(*year, hs_codes=("0901",))
    # Mangoes share 080450 with guavas and mangosteens, fresh or dried: the descriptions say
    # which. Rice is 1006 alone: its codes say it all.
    text = ShipmentFilters(*THREE_YEARS, product_details="dried mango")
    codes_only = ShipmentFilters(*THREE_YEARS, product_details="rice")
    # Cashews are 080131 and 080132 alone, and roasted ones among other nuts under 200819.
    prepared = ShipmentFilters(*THREE_YEARS, product_details="cashew")
    importer = ShipmentFilters(*THREE_YEARS, importer_name=names["importer"])
    exporter = ShipmentFilters(*THREE_YEARS, exporter_name=names["exporter"])
    [busiest] = index.importer_totals(heading, limit=1)
    ids = [busiest["key"]]
    expected: list[tuple[str, Callable[[], Any], set[str]]] = [
        ("count", lambda: index.count(heading), {LANE}),
        ("statistics", lambda: index.statistics(heading), {LANE, IMPORTERS, EXPORTERS}),
        ("monthly", lambda: index.monthly(heading), {LANE}),
        ("top HS codes", lambda: index.top_hs_codes(heading, limit=5), {LANE}),
        ("top importers", lambda: index.top_importers(heading, limit=5), {IMPORTERS}),
        ("top exporters", lambda: index.top_exporters(heading, limit=5), {EXPORTERS}),
        ("totals by importer", lambda: index.importer_totals(heading), {IMPORTERS}),
        ("totals by HS code", lambda: index.importer_totals(heading, by="hs_code"), {LANE}),
        (
            "totals by origin",
            lambda: index.importer_totals(heading, by="exporter_country"),
            {LANE},
        ),
        ("totals by month", lambda: index.importer_totals(heading, by="month"), {LANE}),
        (
            "an importer's totals by month",
            lambda: index.importer_totals(heading, by="month", importer_ids=ids),
            {IMPORTERS},
        ),
        (
            "both countries",
            lambda: index.count(
                ShipmentFilters(*year, exporter_country="VN", importer_country="US")
            ),
            {LANE},
        ),
        (
            "partial months",
            lambda: index.top_importers(ShipmentFilters(*SPRING, hs_codes=("0801",)), limit=5),
            {IMPORTERS, SCAN},
        ),
        (
            "a partial first month only",
            lambda: index.count(ShipmentFilters(date(2024, 3, 15), date(2024, 4, 30))),
            {LANE, SCAN},
        ),
        (
            "within a month",
            lambda: index.count(ShipmentFilters(date(2024, 2, 1), date(2024, 2, 28))),
            {SCAN},
        ),
        ("product text", lambda: index.monthly(text), {DESCRIPTIONS}),
        ("product text, top HS codes", lambda: index.top_hs_codes(text, limit=5), {DESCRIPTIONS}),
        (
            "product text, distinct parties counted beside the sums",
            lambda: index.statistics(text),
            {DESCRIPTIONS, SCAN},
        ),
        (
            "product text, top importers from the pass of its rankings",
            lambda: index.top_importers(text, limit=5),
            {SCAN},
        ),
        (
            "product text, fewer top importers, from the pass kept",
            lambda: index.top_importers(text, limit=3),
            set(),
        ),
        (
            "product text and a country",
            lambda: index.count(replace(text, importer_country="US")),
            {DESCRIBED_DESTINATIONS},
        ),
        (
            "product text and both countries",
            lambda: index.count(replace(text, exporter_country="VN", importer_country="US")),
            {SCAN},
        ),
        ("a product alone in its codes", lambda: index.monthly(codes_only), {LANE}),
        (
            "a product and its prepared goods elsewhere",
            lambda: index.monthly(prepared),
            {LANE, DESCRIPTIONS},
        ),
        (
            "a product and its prepared goods elsewhere, top importers",
            lambda: index.top_importers(prepared, limit=5),
            {IMPORTERS, SCAN},
        ),
        ("unit prices", lambda: index.unit_prices(heading, by="origin"), {PRICE_STEPS}),
        (
            "unit prices of a product and its prepared goods elsewhere",
            lambda: index.unit_prices(prepared),
            {PRICE_STEPS, DESCRIBED_PRICES},
        ),
        ("unit prices of a product text", lambda: index.unit_prices(text), {DESCRIBED_PRICES}),
        (
            "unit prices of a product text by origin",
            lambda: index.unit_prices(text, by="origin"),
            {DESCRIBED_PRICES},
        ),
        (
            "unit prices of a product text by destination",
            lambda: index.unit_prices(text, by="destination"),
            {DESCRIBED_DESTINATIONS},
        ),
        (
            "a product alone in its codes, top importers",
            lambda: index.top_importers(codes_only, limit=5),
            {IMPORTERS},
        ),
        (
            "a product alone in its codes and a country",
            lambda: index.count(replace(codes_only, importer_country="US")),
            {LANE},
        ),
        ("importer name", lambda: index.count(importer), {IMPORTERS}),
        (
            "importer name, top importers",
            lambda: index.top_importers(importer, limit=5),
            {IMPORTERS},
        ),
        (
            "importer name, distinct parties",
            lambda: index.statistics(importer),
            {IMPORTERS, PAIRS},
        ),
        ("importer name, top exporters", lambda: index.top_exporters(importer, limit=5), {PAIRS}),
        (
            "HS code and importer name, distinct parties from the pass beside the sums",
            lambda: index.statistics(replace(importer, hs_codes=("0901",))),
            {IMPORTERS, SCAN},
        ),
        ("exporter name", lambda: index.count(exporter), {EXPORTERS}),
        ("exporter name, top importers", lambda: index.top_importers(exporter, limit=5), {PAIRS}),
        (
            "a party's profile",
            lambda: index.party_profile(ids[0]),
            {IMPORTERS, EXPORTERS, PAIRS, PARTY_PRICES},
        ),
    ]
    read = {name: _tables_read(monkeypatch, call) for name, call, _ in expected}

    assert read == {name: tables for name, _, tables in expected}


def _read_by(found: Source) -> set[str]:
    return {table.lower() for table in _READS.findall(found.sql)} & _BULK


@pytest.mark.parametrize(
    ("filters", "needs", "tables"),
    [
        (ShipmentFilters(*THREE_YEARS, hs_codes=("0901",)), (), {LANE}),
        (ShipmentFilters(*THREE_YEARS, hs_codes=("0901",)), ("importer_id",), {IMPORTERS}),
        (ShipmentFilters(*THREE_YEARS, exporter_country="VN"), ("exporter_id",), {EXPORTERS}),
        (ShipmentFilters(*THREE_YEARS, importer_country="US"), ("hs_code",), {LANE}),
        (ShipmentFilters(*THREE_YEARS, importer_name="Acme"), (), {IMPORTERS}),
        (ShipmentFilters(*THREE_YEARS, exporter_name="Acme"), (), {EXPORTERS}),
        (ShipmentFilters(*THREE_YEARS, product_details="dried mango"), (), {DESCRIPTIONS}),
        (ShipmentFilters(*THREE_YEARS, product_details="rice"), (), {LANE}),
        (
            ShipmentFilters(*THREE_YEARS, exporter_country="VN", importer_country="US"),
            ("hs_code",),
            {LANE},
        ),
        (ShipmentFilters(*THREE_YEARS), ("importer_id", "exporter_id"), {PAIRS}),
        (ShipmentFilters(*THREE_YEARS, importer_name="Acme", exporter_name="Bolt"), (), {PAIRS}),
        (
            ShipmentFilters(*THREE_YEARS, importer_name="Acme", exporter_name="Bolt"),
            ("hs_code",),
            {SCAN},
        ),
        (
            ShipmentFilters(*THREE_YEARS, product_details="dried mango"),
            ("exporter_country",),
            {DESCRIBED_PRICES},
        ),
        (
            ShipmentFilters(*THREE_YEARS, product_details="dried mango"),
            ("importer_country",),
            {DESCRIBED_DESTINATIONS},
        ),
        (
            ShipmentFilters(*THREE_YEARS, product_details="dried mango"),
            ("exporter_country", "importer_country"),
            {SCAN},
        ),
        (ShipmentFilters(*THREE_YEARS, product_details="rice"), ("exporter_country",), {LANE}),
        (
            ShipmentFilters(*THREE_YEARS, product_details="dried mango", exporter_country="VN"),
            ("price_per_kg_step",),
            {DESCRIBED_PRICES},
        ),
        (
            ShipmentFilters(*THREE_YEARS, product_details="dried mango"),
            ("price_per_kg_step", "importer_country"),
            {DESCRIBED_DESTINATIONS},
        ),
        (ShipmentFilters(date(2024, 2, 1), date(2024, 2, 28)), (), {SCAN}),
    ],
)
def test_a_source_is_the_smallest_rollup_holding_its_columns(
    filters: ShipmentFilters, needs: tuple[str, ...], tables: set[str]
) -> None:
    found = source(filters, rollups=True, needs=needs)

    assert (_read_by(found), found.rolled) == (tables, SCAN not in tables)
    assert _read_by(source(filters, rollups=False, needs=needs)) == {SCAN}


def test_a_source_reads_the_days_of_partial_months_from_the_shipments() -> None:
    filters = ShipmentFilters(*SPRING, hs_codes=("0801",))
    also = ["s.importer_id IN (1)"]

    found = source(filters, rollups=True, needs=["importer_id"], also=also)

    assert found.sql.count("FROM importer_totals s WHERE s.month BETWEEN ? AND ?") == 1
    assert found.sql.count("FROM shipments s WHERE s.date BETWEEN ? AND ?") == 2
    assert found.sql.count("s.importer_id IN (1)") == 3
    assert found.params == [
        *(date(2024, 4, 1), date(2024, 6, 1), "0801", "0802"),
        *(date(2024, 3, 15), date(2024, 3, 31), "0801", "0802"),
        *(date(2024, 7, 1), date(2024, 7, 10), "0801", "0802"),
    ]


_LARGEST_IMPORTER = (
    "SELECT importer_id FROM shipments GROUP BY importer_id ORDER BY count(*) DESC, 1 LIMIT 1"
)


def test_an_index_without_rollups_scans(snapshot: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked not to use them, or on a snapshot built before them, an index scans the shipments
    and gives the same figures."""
    indexes = [DuckDBTradeIndex(snapshot, timeout=0, rollups=False)]
    for later in (DESCRIPTIONS, PARTY_PRICES):
        older = snapshot.with_name(f"without-{later}.duckdb")
        shutil.copy(snapshot, older)
        with duckdb.connect(str(older)) as db:
            db.execute(f"DROP TABLE {later}")
        indexes.append(DuckDBTradeIndex(older, timeout=0))
    heading = ShipmentFilters(date(2024, 1, 1), date(2024, 12, 31), hs_codes=("0901",))
    rolled = DuckDBTradeIndex(snapshot, timeout=0)
    [(party,)] = {(row["importer_id"],) for row in rolled._query(_LARGEST_IMPORTER, [])}

    for index in indexes:
        assert _tables_read(monkeypatch, partial(index.statistics, heading)) == {SCAN}
        assert same_figures(index.statistics(heading), rolled.statistics(heading))
        assert _tables_read(monkeypatch, partial(index.party_profile, party)) == {SCAN}
        assert same_figures(index.party_profile(party), rolled.party_profile(party))


_SKETCHED_SEARCHES = {
    "": (
        "three headings, three years",
        "heading, partial months at both ends",
        "a product whose code holds other goods, in a state",
        "the same in Vietnamese, partial months at both ends",
        "a product and its prepared goods among others, one year",
    ),
    "origin": (
        "three headings, three years",
        "words and a state that chooses subheadings",
        "a product whose code holds other goods, in a state",
        "the same from one country, whole months",
    ),
    "destination": (
        "three headings, three years",
        "heading, partial months at both ends",
        "a product whose code holds other goods, in a state",
        "product text and importer country, whole months",
    ),
}


@pytest.mark.parametrize("by", ["", "origin", "destination"])
def test_unit_prices_from_the_price_steps_are_within_their_bound_of_the_prices(
    snapshot: Path, by: str
) -> None:
    """Where a roll-up counts the shipments per step of price (of HS codes and countries, or
    of the goods descriptions a product text matches and their origin), the quartiles are
    estimated from those counts within the bound the answer states; the counts, weights,
    values and averages are those of the prices themselves."""
    rolled = DuckDBTradeIndex(snapshot, timeout=0)
    scanning = DuckDBTradeIndex(snapshot, timeout=0, rollups=False)
    compared = 0
    for search in _SKETCHED_SEARCHES[by]:
        filters = SEARCHES[search]({})
        sketched, exact = rolled.unit_prices(filters, by=by), scanning.unit_prices(filters, by=by)

        assert (sketched["approximate"], exact["approximate"]) == (True, False)
        assert exact["relative_error"] is None
        bound = sketched["relative_error"]
        assert 0 < bound < 0.01
        assert [row.get("country") for row in sketched["groups"]] == [
            row.get("country") for row in exact["groups"]
        ]
        pairs = zip(
            [*sketched["months"], *(m for g in sketched["groups"] for m in [g, *g["months"]])],
            [*exact["months"], *(m for g in exact["groups"] for m in [g, *g["months"]])],
            strict=True,
        )
        for got, expected in pairs:
            for name in ("priced_shipments", "net_weight_kg", "value_usd", "average"):
                assert same_figures(got[name], expected[name]), (name, got, expected)
            for name in ("p25", "median", "p75"):
                # A hair above the bound: a price at the edge of its step meets it exactly.
                assert got[name] == pytest.approx(expected[name], rel=bound * (1 + 1e-9))
                compared += 1
    assert compared > 30


def test_unit_prices_of_a_search_no_rollup_holds_are_exact(snapshot: Path) -> None:
    index = DuckDBTradeIndex(snapshot, timeout=0)
    within_a_month = ShipmentFilters(date(2024, 2, 3), date(2024, 2, 20), hs_codes=("09",))

    # No roll-up holds a product text's descriptions with both countries.
    text = SEARCHES["a product whose code holds other goods, in a state"]({})
    [largest, *_] = index.unit_prices(text, by="destination")["groups"]
    to_one_country = replace(text, importer_country=largest["country"])

    for prices in (
        index.unit_prices(within_a_month),
        index.unit_prices(to_one_country, by="origin"),
    ):
        assert (prices["approximate"], prices["relative_error"]) == (False, None)
        assert prices["months"]
