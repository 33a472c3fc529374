"""Pages of the shipment list sought by key range are those an offset over the whole search
gives, in every order, for every kind of search."""

from __future__ import annotations

import math
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import duckdb
import pytest
from django.core.cache import cache
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.db import transaction

from apps.market import demo, index
from apps.market.filters import ShipmentFilters
from apps.market.hs import load_default_nomenclature
from apps.market.imports import import_shipments
from apps.market.index import DuckDBTradeIndex, ordered, paging, queries, steps
from apps.market.index.paging import SHIPMENT_SORTS, window
from apps.market.index.shared import cache_name
from apps.market.models import Shipment
from apps.market.tests.factories import recorded_statements

pytestmark = pytest.mark.django_db

START, END = date(2024, 1, 1), date(2024, 4, 30)
SEARCHES = {
    "everything": ShipmentFilters(START, END),
    "chapter": ShipmentFilters(START, END, hs_codes=("08",)),
    "product": ShipmentFilters(START, END, product_details="coffee"),
    "product and country": ShipmentFilters(
        date(2024, 2, 1), date(2024, 3, 31), product_details="cashew", importer_country="US"
    ),
    "nothing": ShipmentFilters(START, END, product_details="zzzzqqqq"),
}


@pytest.fixture(scope="module")
def snapshot(
    django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """Four months of generated shipments, some of them with equal values, no weight or a
    zero weight (no USD/kg), built once for the module."""
    directory = tmp_path_factory.mktemp("trade-index")
    source = directory / "shipments.csv"
    demo.write_csv(source, 4_000, start=START, end=END)
    with django_db_blocker.unblock(), transaction.atomic(), pytest.MonkeyPatch.context() as patch:
        patch.setattr("django.conf.settings.TRADE_INDEX_DIR", directory)
        # Shipments other tests left (browser tests commit theirs) would share these rows' keys,
        # and a browser test's flush at its end also empties the nomenclature.
        Shipment.objects.all().delete()
        load_default_nomenclature()
        import_shipments(source)
        ids = list(Shipment.objects.order_by("id").values_list("id", flat=True))
        Shipment.objects.filter(id__in=ids[::7]).update(value_usd=Decimal("25000"))
        Shipment.objects.filter(id__in=ids[::11]).update(net_weight_kg=None)
        Shipment.objects.filter(id__in=ids[::13]).update(net_weight_kg=Decimal(0))
        built = index.build_snapshot(directory)
        transaction.set_rollback(True)
    return built


def pages(trade: DuckDBTradeIndex, filters: ShipmentFilters, sort: str, size: int) -> list[Any]:
    total = trade.count(filters)
    last = max(total - 1, 0) // size * size
    offsets = sorted({0, size, total // 2, last - size, last, total, total + size} - {-size})
    return [
        [row["id"] for row in trade.page(filters, offset=o, limit=size, sort=sort)]
        for o in offsets
        if o >= 0
    ]


@pytest.mark.parametrize("sort", SHIPMENT_SORTS)
@pytest.mark.parametrize("search", SEARCHES)
def test_sought_pages_equal_offset_pages(
    snapshot: Path, monkeypatch: pytest.MonkeyPatch, sort: str, search: str
) -> None:
    trade = DuckDBTradeIndex(snapshot, timeout=0)
    filters = SEARCHES[search]
    with monkeypatch.context() as offsets_only:
        offsets_only.setattr(paging, "_window", lambda *args, **kwargs: None)
        by_offset = {size: pages(trade, filters, sort, size) for size in (10, 100)}
    monkeypatch.setattr(paging, "SEEK_FROM", 0)
    cache.clear()

    for size in (10, 100):
        assert pages(trade, filters, sort, size) == by_offset[size]
        # The first time a date order seeks in the first days, or counts them all; the
        # second time the counts come from the cache.
        assert pages(trade, filters, sort, size) == by_offset[size]
    if search != "nothing":
        assert any(by_offset[100])


def test_the_whole_list_in_pages_is_the_sorted_search(
    snapshot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    trade = DuckDBTradeIndex(snapshot, timeout=0)
    filters = SEARCHES["chapter"]
    monkeypatch.setattr(paging, "SEEK_FROM", 0)
    rows: list[dict[str, Any]] = []
    while page := trade.page(filters, offset=len(rows), limit=100, sort="-weight"):
        rows += page

    assert len(rows) == trade.count(filters) > 300
    weighed = [row for row in rows if row["net_weight_kg"] is not None]
    assert rows[: len(weighed)] == weighed
    assert [r["net_weight_kg"] for r in weighed] == sorted(
        (r["net_weight_kg"] for r in weighed), reverse=True
    )
    assert len({row["id"] for row in rows}) == len(rows)


def test_a_window_spans_the_keys_holding_the_page() -> None:
    counts = {date(2024, 1, 1): 5, date(2024, 1, 2): 3, date(2024, 1, 3): 4}

    newest = window(counts, offset=2, limit=2, descending=True)
    across = window(counts, offset=6, limit=4, descending=False)

    assert newest == paging.Window((date(2024, 1, 3),), nulls=False, skip=2)
    assert across == paging.Window((date(2024, 1, 2), date(2024, 1, 3)), nulls=False, skip=1)
    assert window(counts, offset=12, limit=10, descending=True) == paging.Window(
        (), nulls=False, skip=0
    )


def test_rows_without_a_key_come_last_either_way() -> None:
    counts = {1.0: 2, 2.0: 2, None: 3}

    assert window(counts, offset=3, limit=5, descending=True) == paging.Window(
        (1.0,), nulls=True, skip=1
    )
    assert window(counts, offset=4, limit=2, descending=False) == paging.Window(
        (), nulls=True, skip=0
    )


@pytest.fixture
def kept(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """How long each count put in the cache (cleared first) is kept."""
    timeouts: list[Any] = []
    keep = cache.set

    def recorded(name: str, value: Any, timeout: Any = DEFAULT_TIMEOUT) -> None:
        timeouts.append(timeout)
        keep(name, value, timeout)

    monkeypatch.setattr(cache, "set", recorded)
    cache.clear()
    return timeouts


@pytest.mark.parametrize("sort", ["-date", "date"])
def test_a_page_by_date_counts_the_first_days_then_all_of_them_once(
    snapshot: Path, monkeypatch: pytest.MonkeyPatch, kept: list[Any], sort: str
) -> None:
    trade = DuckDBTradeIndex(snapshot, timeout=0)
    counted: list[int] = []
    counts = paging._counts

    def recorded(*args: Any, **kwargs: Any) -> dict[Any, int]:
        found = counts(*args, **kwargs)
        counted.append(sum(found.values()))
        return found

    monkeypatch.setattr(paging, "_counts", recorded)
    filters = SEARCHES["everything"]
    total = trade.count(filters)

    trade.page(filters, offset=0, limit=100, sort=sort)
    first_days = counted[:]
    trade.page(filters, offset=3_000, limit=100, sort=sort)
    trade.page(filters, offset=3_100, limit=100, sort=sort)

    assert len(first_days) == 1
    assert 100 <= first_days[0] < 3_000
    # The first days' counts are kept as well, and the next page needs no count.
    assert counted == [*first_days, total]
    # For an hour each.
    assert kept == [3600, 3600]


def test_each_search_and_order_seeks_with_its_own_counts(
    snapshot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    trade = DuckDBTradeIndex(snapshot, timeout=0)
    asked = [
        (SEARCHES["everything"], "value"),
        (SEARCHES["everything"], "-weight"),
        (SEARCHES["chapter"], "value"),
        (SEARCHES["chapter"], "-date"),
    ]

    def ids() -> list[list[int]]:
        return [
            [row["id"] for row in trade.page(filters, offset=300, limit=50, sort=sort)]
            for filters, sort in asked
        ]

    with monkeypatch.context() as offsets_only:
        offsets_only.setattr(paging, "_window", lambda *args, **kwargs: None)
        by_offset = ids()
    monkeypatch.setattr(paging, "SEEK_FROM", 0)
    cache.clear()

    assert ids() == by_offset


def test_a_window_ends_with_the_key_that_completes_the_page() -> None:
    """A key whose rows all come before the page is not read, nor one after the page."""
    counts = {date(2024, 1, 1): 5, date(2024, 1, 2): 3, date(2024, 1, 3): 4}

    assert window(counts, offset=5, limit=3, descending=False) == paging.Window(
        (date(2024, 1, 2),), nulls=False, skip=0
    )


def test_a_window_condition_spans_its_keys_and_nulls() -> None:
    keys = paging.Window((2.0, 1.0, 3.0), nulls=False, skip=0)
    with_nulls = paging.Window((1.0, 2.0), nulls=True, skip=0)
    nulls_only = paging.Window((), nulls=True, skip=0)

    assert keys.condition("k") == ("(k BETWEEN ? AND ?)", [1.0, 3.0])
    assert with_nulls.condition("k") == ("(k BETWEEN ? AND ? OR k IS NULL)", [1.0, 2.0])
    assert nulls_only.condition("k") == ("(k IS NULL)", [])


def test_the_first_days_are_the_first_month_of_the_search_in_its_order() -> None:
    long = ShipmentFilters(START, END)
    short = ShipmentFilters(START, date(2024, 1, 10))

    assert paging._first_days(long, descending=True) == (date(2024, 3, 30), END)
    assert paging._first_days(long, descending=False) == (START, date(2024, 2, 1))
    assert paging._first_days(short, descending=True) == (START, date(2024, 1, 10))
    assert paging._first_days(short, descending=False) == (START, date(2024, 1, 10))


class _Unused:
    """A cursor for a page whose window comes from counts in the cache."""

    def execute(self, sql: str, params: Any = ()) -> None:
        raise AssertionError(sql)

    def fetchall(self) -> list[Any]:
        raise AssertionError


def test_first_days_that_just_reach_the_page_give_its_window() -> None:
    filters, snapshot = SEARCHES["everything"], Path("a.duckdb")
    cache.clear()
    days = {date(2024, 4, 30): 60, date(2024, 4, 29): 40}
    cache.set(cache_name("page-counts", snapshot, "first days -date", filters), days)

    found = paging._window(
        _Unused(), snapshot, filters, "true", [], sort="-date", offset=50, limit=50
    )

    assert found == paging.Window((date(2024, 4, 30), date(2024, 4, 29)), nulls=False, skip=50)


@pytest.mark.parametrize(("offset", "counted"), [(1_999, False), (2_000, True)])
def test_a_page_is_sought_from_the_seek_offset_on(
    snapshot: Path, kept: list[Any], offset: int, counted: bool
) -> None:
    """Before SEEK_FROM a page by value of a search no roll-up holds (no whole month) is
    sorted from the whole search, from it on sought by the search's counts, which are kept
    an hour."""
    trade = DuckDBTradeIndex(snapshot, timeout=0)
    filters = ShipmentFilters(date(2024, 1, 2), date(2024, 1, 30))

    sorted_page = [row["id"] for row in trade.page(filters, offset=offset, limit=10, sort="value")]

    assert kept == ([3600] if counted else [])
    assert sorted_page == [
        row["id"] for row in trade.page(filters, offset=offset, limit=10, sort="value")
    ]


@pytest.mark.parametrize("sort", ["-value", "weight", "-price_per_kg"])
def test_a_search_a_rollup_holds_is_sought_from_its_first_page(
    snapshot: Path, monkeypatch: pytest.MonkeyPatch, kept: list[Any], sort: str
) -> None:
    """By a measure, the counts per step of a search with whole months come from a roll-up,
    so even its first page is read from a window of steps (of the copy in that measure's
    order), never from every shipment it matches."""
    statements = recorded_statements(monkeypatch)
    trade = DuckDBTradeIndex(snapshot, timeout=0)

    trade.page(SEARCHES["chapter"], offset=0, limit=10, sort=sort)

    key = sort.lstrip("-")
    copy = ordered.ORDERED[key].table
    assert kept == [3600]
    assert any(f"FROM {key}_steps s" in sql for sql in statements)
    [read] = [sql for sql in statements if sql.startswith("SELECT s.row_id FROM")]
    assert f"FROM {copy} s" in read
    assert not [sql for sql in statements if sql.startswith("SELECT s.rowid FROM shipments")]


@pytest.mark.parametrize(
    ("sort", "column"),
    [("value", "s.value_usd"), ("-weight", "s.net_weight_kg"), ("price_per_kg", steps.PER_KG)],
)
def test_a_page_sought_by_steps_also_bounds_their_column(
    snapshot: Path, monkeypatch: pytest.MonkeyPatch, sort: str, column: str
) -> None:
    """From its ordered copy, by the copy's stored measure, which DuckDB compares with the
    range of each row group (it cannot with an expression); on a snapshot without the
    copies, from the shipments by the measure's own expression."""
    statements = recorded_statements(monkeypatch)
    trade = DuckDBTradeIndex(snapshot, timeout=0)
    filters = SEARCHES["everything"]

    trade.page(filters, offset=paging.SEEK_FROM, limit=10, sort=sort)
    with monkeypatch.context() as without_copies:
        without_copies.setattr(queries, "_has_tables", lambda _, tables: tables != ordered.TABLES)
        trade.page(filters, offset=paging.SEEK_FROM, limit=10, sort=sort)

    [sought, scanned] = [sql for sql in statements if sql.startswith("SELECT s.row")]
    assert f"{column} <= ?" in scanned
    assert f"{ordered.MEASURE} <= ?" in sought


def test_a_steps_range_holds_every_value_of_its_steps_and_little_else() -> None:
    lowest, per_e = steps.LOWEST_STEP, steps.STEPS_PER_E
    windows = [(lowest, lowest), (lowest, 10), (0, 0), (100, 104), (300, 959)]
    # 1.0 is the first value of step 0 exactly: a range a hair too narrow leaves it out.
    edges = [math.exp(step / per_e) for step in range(lowest - 8, 960, 13)] + [1.0]
    values = [0.0, -5.0, 0.0005, 0.001, *edges, *(e * (1 + 1e-12) for e in edges)]
    values += [e * (1 - 1e-12) for e in edges]
    step_of = dict(
        duckdb.execute(
            f"SELECT v, {steps.steps('v')} FROM unnest(?::DOUBLE[]) t(v)", [values]
        ).fetchall()
    )
    for first, last in windows:
        low, high = steps.steps_range(first, last)
        assert (low is None) == (first == lowest)
        for value, step in step_of.items():
            if first <= step <= last:
                assert low is None or low <= value
                assert value <= high
        assert high < math.exp((last + 1.01) / per_e)
        assert low is None or low > math.exp((first - 0.01) / per_e)


def test_an_ordered_copy_holds_every_shipment_in_its_measure_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Written range by range of the measure (a few hundred rows a sort here), each copy
    holds every shipment once, its measure as the shipment's, largest first and the
    shipments without it last."""
    db = duckdb.connect()
    db.execute(
        """
        CREATE TABLE shipments AS SELECT i AS id, DATE '2024-01-01' + (i % 90)::INTEGER AS date,
            '0801' AS hs_code, i % 5 AS description_id, i % 7 AS exporter_id,
            i % 11 AS importer_id, 'VN' AS exporter_country, 'US' AS importer_country,
            CASE WHEN i % 11 = 0 THEN NULL WHEN i % 13 = 0 THEN 0 ELSE (i * 104729) % 3001 END
              ::DOUBLE AS net_weight_kg,
            CASE WHEN i % 7 = 0 THEN 25000 ELSE (i * 7919) % 10007 END::DOUBLE AS value_usd
        FROM range(2000) t(i)
        """
    )
    monkeypatch.setattr(ordered, "SORTED_AT_ONCE", 300)

    ordered.build_ordered(db)

    for copy in ordered.ORDERED.values():
        rows = db.execute(
            f"SELECT c.row_id, c.measure, {copy.measure} FROM {copy.table} c "
            "JOIN (SELECT rowid AS row_id, * FROM shipments) s ON s.row_id = c.row_id "
            "ORDER BY c.rowid"
        ).fetchall()
        assert sorted(row_id for row_id, _, _ in rows) == list(range(2000))
        assert all(measure == own for _, measure, own in rows if own is not None)
        measures = [measure for _, measure, _ in rows]
        known = [measure for measure in measures if measure is not None]
        # Every shipment has a value; some have no weight, or a zero weight and so no USD/kg.
        assert (len(known) < len(measures)) == (copy.table != "shipments_by_value")
        assert measures == [*sorted(known, reverse=True), *[None] * (len(measures) - len(known))]
