"""The ClickHouse trade index (run on chDB) against the DuckDB snapshot: both built from the
same generated shipments, every `TradeIndex` method gives the same answers.

Sums of floats are compared to a relative 1e-9: the two engines add the same values in a
different order (and parallel parts), so the last bits of a sum may differ, and a figure
rounded to cents can then differ by one cent when it lies on a half cent."""

from __future__ import annotations

import io
import math
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

import clickhouse_connect
import pytest
from clickhouse_connect.driver.exceptions import DatabaseError
from django.core.management import call_command
from django.db import transaction

from apps.market import index
from apps.market.demo.files import write_csv
from apps.market.filters import ShipmentFilters
from apps.market.hs import load_default_nomenclature
from apps.market.imports import import_shipments
from apps.market.index import IndexMissing, QueryTimedOut
from apps.market.index.clickhouse import (
    ClickHouseTradeIndex,
    ServerConnection,
    connect,
    load_shipments,
)
from apps.market.index.paging import SHIPMENT_SORTS
from apps.market.index.queries import DuckDBTradeIndex
from apps.market.models import Shipment

pytestmark = pytest.mark.django_db

YEAR = {"start_date": date(2024, 1, 1), "end_date": date(2024, 12, 31)}


@pytest.fixture(scope="module")
def directory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("trade-index")


@pytest.fixture(scope="module")
def chdb_url(directory: Path) -> str:
    # chDB runs one database directory per process: every test here shares it.
    return f"chdb://{directory / 'chdb'}"


@pytest.fixture(scope="module")
def indexes(
    django_db_setup: Any, django_db_blocker: Any, directory: Path, chdb_url: str
) -> tuple[DuckDBTradeIndex, ClickHouseTradeIndex]:
    from django.test import override_settings

    # Built from this module's shipments alone (browser tests commit theirs, with the same
    # keys), then the database is rolled back: the two indexes keep what they were built from.
    with (
        override_settings(TRADE_INDEX_DIR=directory),
        django_db_blocker.unblock(),
        transaction.atomic(),
    ):
        Shipment.objects.all().delete()
        load_default_nomenclature()  # a browser test's flush at its end empties it too
        with tempfile.TemporaryDirectory() as workdir:
            path = Path(workdir) / "shipments.csv"
            write_csv(path, 4000, start=date(2023, 1, 1), end=date(2024, 12, 31))
            import_shipments(path)
        connection = connect(chdb_url)
        load_shipments(connection)
        duck = index.trade_index()
        assert isinstance(duck, DuckDBTradeIndex)
        transaction.set_rollback(True)
    return duck, ClickHouseTradeIndex(connection, timeout=0)


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        if a is None or b is None:
            return a is b
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=0.011)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def same(duck: Any, click: Any) -> None:
    assert _close(duck, click), f"DuckDB {duck!r}\nClickHouse {click!r}"


SEARCHES = [
    {"hs_codes": ("09",)},
    {"hs_codes": ("0801",)},
    {"hs_codes": ("080132", "090111")},
    {"exporter_country": "VN"},
    {"importer_country": "US", "hs_codes": ("08",)},
    {"product_details": "cashew"},
    {"product_details": "hạt điều"},
    {"product_details": "腰果"},
    {"product_details": "raw coffee beans unroasted"},
    {"product_details": "banana"},
    {"product_details": "cashw"},
    {"product_details": "pepper", "exporter_country": "VN"},
    {"importer_name": "trading"},
    {"exporter_name": "cong ty"},
    {"start_date": date(2023, 3, 1), "end_date": date(2023, 5, 31), "hs_codes": ("03",)},
    {"start_date": date(2024, 2, 10), "end_date": date(2024, 8, 20), "exporter_country": "VN"},
]


def _filters(search: dict[str, Any]) -> ShipmentFilters:
    return ShipmentFilters(**{**YEAR, **search})


@pytest.mark.parametrize("search", SEARCHES, ids=str)
def test_aggregates_match(
    indexes: tuple[DuckDBTradeIndex, ClickHouseTradeIndex], search: dict[str, Any]
) -> None:
    duck, click = indexes
    filters = _filters(search)
    same(duck.count(filters), click.count(filters))
    same(duck.statistics(filters), click.statistics(filters))
    same(duck.monthly(filters), click.monthly(filters))
    same(duck.top_hs_codes(filters, limit=5), click.top_hs_codes(filters, limit=5))
    same(duck.top_importers(filters, limit=5), click.top_importers(filters, limit=5))
    same(duck.top_exporters(filters, limit=5), click.top_exporters(filters, limit=5))
    for by in ("importer", "hs_code", "exporter_country", "month"):
        same(duck.importer_totals(filters, by=by), click.importer_totals(filters, by=by))
    # ClickHouse's quartiles are exact, as DuckDB's from the prices (not from the roll-up of
    # shipments per step of price, which estimates them).
    exact = DuckDBTradeIndex(duck.path, timeout=duck.timeout, rollups=False)
    for by in ("", "origin", "destination"):
        same(exact.unit_prices(filters, by=by), click.unit_prices(filters, by=by))
    for side in ("importer", "exporter"):
        for measure in ("value", "weight", "shipments"):
            same(
                duck.rankings(filters, side=side, by=measure, offset=0, limit=5),
                click.rankings(filters, side=side, by=measure, offset=0, limit=5),
            )


@pytest.mark.parametrize("search", SEARCHES[:8], ids=str)
@pytest.mark.parametrize("sort", SHIPMENT_SORTS)
def test_pages_match(
    indexes: tuple[DuckDBTradeIndex, ClickHouseTradeIndex], search: dict[str, Any], sort: str
) -> None:
    duck, click = indexes
    filters = _filters(search)
    for offset in (0, 20):
        same(
            duck.page(filters, offset=offset, limit=20, sort=sort),
            click.page(filters, offset=offset, limit=20, sort=sort),
        )


def test_parties_and_facts_match(indexes: tuple[DuckDBTradeIndex, ClickHouseTradeIndex]) -> None:
    duck, click = indexes
    same(duck.facts() | {"built_at": None}, click.facts() | {"built_at": None})
    same(sorted(duck.party_roles()), sorted(click.party_roles()))
    ranked, _ = duck.rankings(_filters({}), side="importer", by="value", offset=0, limit=3)
    exporters, _ = duck.rankings(_filters({}), side="exporter", by="value", offset=0, limit=3)
    for row in ranked + exporters:
        same(duck.party(row["party_id"]), click.party(row["party_id"]))
        same(duck.party_profile(row["party_id"]), click.party_profile(row["party_id"]))
        period = {"start": date(2024, 4, 1), "end": date(2024, 9, 30)}
        same(
            duck.party_profile(row["party_id"], **period),
            click.party_profile(row["party_id"], **period),
        )
    assert click.party(10**9) is None


def test_monthly_totals_read_from_the_rollup_match_the_shipments(
    indexes: tuple[DuckDBTradeIndex, ClickHouseTradeIndex],
) -> None:
    _, click = indexes
    filters = _filters({"hs_codes": ("09",), "exporter_country": "VN"})
    assert click._rollup_answers(filters)
    rows = click.connection.query(
        "SELECT sum(shipments) AS n FROM monthly_by_hs WHERE startsWith(hs_code, '09') "
        "AND exporter_country = 'VN' AND toYear(month) = 2024"
    )
    assert rows[0]["n"] == click.count(filters)


def test_a_query_past_its_time_limit_is_stopped(
    indexes: tuple[DuckDBTradeIndex, ClickHouseTradeIndex],
) -> None:
    _, click = indexes
    with pytest.raises(QueryTimedOut):
        click.connection.query(
            "SELECT count() FROM numbers(10000000000) WHERE sipHash64(number) = 1", timeout=0.2
        )
    assert click.connection.query("SELECT 1 AS n") == [{"n": 1}]


def test_the_url_setting_switches_searches_to_clickhouse(
    indexes: tuple[DuckDBTradeIndex, ClickHouseTradeIndex], chdb_url: str, settings: Any
) -> None:
    duck, _ = indexes
    filters = _filters({"product_details": "cashew"})
    settings.TRADE_INDEX_URL = chdb_url
    trade = index.trade_index()
    assert isinstance(trade, ClickHouseTradeIndex)
    assert trade.count(filters) == duck.count(filters)
    out = io.StringIO()
    call_command("build_trade_index", "--if-missing", stdout=out)
    assert out.getvalue() == "ClickHouse already holds 4,000 shipments.\n"


def test_a_database_not_loaded_yet_is_reported(
    indexes: tuple[DuckDBTradeIndex, ClickHouseTradeIndex],
) -> None:
    _, click = indexes
    click.connection.command("CREATE DATABASE IF NOT EXISTS empty")
    with pytest.raises(IndexMissing):
        click.connection.query("SELECT * FROM empty.facts")


class _Server:
    """What a ClickHouse server answers through clickhouse-connect, as far as the adapter uses
    it: the statements and settings it was sent."""

    def __init__(self, **connected: Any) -> None:
        self.connected = connected
        self.sent: list[tuple[str, Any, Any]] = []
        self.database = ""

    def command(self, sql: str) -> None:
        self.sent.append((sql, None, None))

    def query(self, sql: str, parameters: Any = None, settings: Any = None) -> Any:
        self.sent.append((sql, parameters, settings))
        if "sleep" in sql:
            raise DatabaseError("Code: 159. DB::Exception: Timeout exceeded (TIMEOUT_EXCEEDED)")
        return type("Result", (), {"named_results": lambda _: iter([{"n": 1}])})()


def test_a_server_gets_the_url_s_account_and_each_query_s_time_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    servers: list[_Server] = []

    def get_client(**connected: Any) -> _Server:
        servers.append(_Server(**connected))
        return servers[-1]

    monkeypatch.setattr(clickhouse_connect, "get_client", get_client)
    connection = ServerConnection("clickhouse://reader:s%40cret@ch.internal:8124/tradewise")
    [server] = servers
    assert server.connected | {"autogenerate_session_id": None} == {
        "host": "ch.internal",
        "port": 8124,
        "username": "reader",
        "password": "s@cret",
        "secure": False,
        "autogenerate_session_id": None,
    }
    assert server.sent == [("CREATE DATABASE IF NOT EXISTS tradewise", None, None)]
    assert server.database == "tradewise"
    assert connection.query("SELECT {p0:String} AS n", {"p0": "x"}, timeout=2.5) == [{"n": 1}]
    assert server.sent[-1][2] == {
        "join_use_nulls": 1,
        "max_execution_time": 2.5,
        "timeout_overflow_mode": "throw",
    }
    with pytest.raises(QueryTimedOut):
        connection.query("SELECT sleep(3)", timeout=1)
