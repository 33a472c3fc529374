"""The DuckDB snapshot of the shipments: its filters, its aggregates, and the switch from one
snapshot to the next while searches go on."""

from __future__ import annotations

import logging
import os
import re
import sys
import threading
from datetime import date
from pathlib import Path
from typing import Any

import duckdb
import pytest
from psycopg.conninfo import conninfo_to_dict

from apps.market import index
from apps.market.filters import ShipmentFilters
from apps.market.index import DuckDBTradeIndex, IndexMissing
from apps.market.index.build import _libpq_dsn, at_low_priority
from apps.market.index.queries import ROW_GROUP_SIZE, row_group_ranges
from apps.market.models import TradeParty
from apps.market.tests.factories import cashew_and_coffee_trade, party, recorded_statements, ship

pytestmark = pytest.mark.django_db

YEAR_2024 = {"start_date": date(2024, 1, 1), "end_date": date(2024, 12, 31)}


@pytest.fixture(autouse=True)
def index_dir(settings: Any, tmp_path: Path) -> Path:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    return settings.TRADE_INDEX_DIR


@pytest.fixture
def trade() -> dict[str, TradeParty]:
    parties = cashew_and_coffee_trade()
    index.build_snapshot()
    return parties


def search(**filters: Any) -> ShipmentFilters:
    return ShipmentFilters(**{**YEAR_2024, **filters})


def current() -> DuckDBTradeIndex:
    return index.trade_index()  # type: ignore[return-value]


def test_no_index_yet_is_reported() -> None:
    with pytest.raises(IndexMissing):
        index.trade_index()


def test_an_index_limits_its_calls_to_the_time_it_is_given(settings: Any) -> None:
    settings.TRADE_INDEX_QUERY_TIMEOUT = 7.5

    assert DuckDBTradeIndex(Path("a.duckdb")).timeout == 7.5
    assert DuckDBTradeIndex(Path("a.duckdb"), timeout=0.5).timeout == 0.5
    assert DuckDBTradeIndex(Path("a.duckdb"), timeout=0).timeout == 0


def test_a_product_search_returns_the_newest_first(trade: dict[str, TradeParty]) -> None:
    rows = current().page(search(product_details="cashew"), offset=0, limit=10)

    # 'Hạt điều nhân' is cashew in Vietnamese.
    assert [r["date"] for r in rows] == [date(2024, 7, 2), date(2024, 3, 20), date(2024, 3, 5)]
    assert rows[2]["exporter_name"] == "CÔNG TY TNHH NÔNG SẢN PHÚC AN"
    assert rows[2]["importer_name"] == "Dutch Nut Trading B.V."
    assert rows[2]["price_per_unit"] == pytest.approx(130000 / 19200)


def test_text_search_ignores_case_and_vietnamese_accents(trade: dict[str, TradeParty]) -> None:
    # 'Đóng thùng' (packed in cartons) names no goods: its words are searched as written.
    rows = current().page(search(product_details="DONG THUNG"), offset=0, limit=10)
    assert [r["product_description"] for r in rows] == ["Hạt điều nhân WW240 đóng thùng"]
    unaccented = current().page(search(product_details="HAT DIEU"), offset=0, limit=10)
    assert "Hạt điều nhân WW240 đóng thùng" in [r["product_description"] for r in unaccented]


def test_a_grade_asks_for_nothing_and_every_word_of_no_product_must_match(
    trade: dict[str, TradeParty],
) -> None:
    # 'Cashew WW320' names cashew and its grade, as an invoice line does: the grade asks for
    # nothing, so the WW240 and W320 kernels count too; a grade alone is words to find.
    assert current().count(search(product_details="cashew ww320")) == 3
    assert current().count(search(product_details="ww320")) == 1
    assert current().count(search(product_details="ww320 ww240")) == 0


def test_party_names_match_without_accents_or_punctuation(trade: dict[str, TradeParty]) -> None:
    assert current().count(search(exporter_name="cong ty tnhh nong san phuc an")) == 3
    assert current().count(search(exporter_name="Phúc An")) == 3
    assert current().count(search(importer_name="dutch nut trading bv")) == 1


def test_a_misspelt_name_or_product_finds_the_nearest_words(trade: dict[str, TradeParty]) -> None:
    assert current().count(search(importer_name="hanseatik")) == 1  # one letter wrong
    assert current().count(search(importer_name="gardne state")) == 2  # two letters swapped
    assert current().count(search(exporter_name="kerela cashw")) == 1
    assert current().count(search(product_details="robsuta")) == 1
    assert current().count(search(product_details="kernals ww320")) == 1


def test_typos_are_forgiven_only_where_nothing_matches_as_typed(
    trade: dict[str, TradeParty],
) -> None:
    ship(date(2024, 5, 6), "090111", "ROBUSTA COFFEE", trade["phuc_an"], party("Stake Foods", "US"))
    index.build_snapshot()
    assert current().count(search(importer_name="state")) == 2  # Garden State, not Stake
    assert current().count(search(importer_name="stake")) == 1
    assert current().count(search(importer_name="stale")) == 3  # one letter from both
    # Four letters are too few to guess at.
    assert current().count(search(importer_name="nuts")) == 0
    assert current().count(search(product_details="bean")) == 1  # inside 'beans'
    assert current().count(search(product_details="baen")) == 0


def test_countries_and_hs_codes_of_any_level(trade: dict[str, TradeParty]) -> None:
    assert current().count(search(importer_country="US")) == 2
    assert current().count(search(exporter_country="IN")) == 1
    assert current().count(search(hs_codes=("08",))) == 3
    assert current().count(search(hs_codes=("0801", "0901"))) == 4
    assert current().count(search(hs_codes=("090111",))) == 1


def test_filters_combine(trade: dict[str, TradeParty]) -> None:
    found = search(product_details="cashew", exporter_country="VN", importer_country="NL")
    assert current().count(found) == 1


def test_dates_bound_the_search(trade: dict[str, TradeParty]) -> None:
    assert current().count(search(start_date=date(2023, 1, 1))) == 5
    assert current().count(search(end_date=date(2024, 3, 31))) == 2


def test_both_dates_are_inside_the_search(trade: dict[str, TradeParty]) -> None:
    march = search(start_date=date(2024, 3, 5), end_date=date(2024, 3, 20))
    assert [r["date"] for r in current().page(march, offset=0, limit=10)] == [
        date(2024, 3, 20),
        date(2024, 3, 5),
    ]
    assert current().count(search(start_date=date(2024, 3, 20), end_date=date(2024, 3, 20))) == 1
    assert current().count(search(start_date=date(2024, 3, 6), end_date=date(2024, 3, 19))) == 0


def test_an_hs_code_matches_from_the_first_digit(trade: dict[str, TradeParty]) -> None:
    # 080132 and 090111 hold these digits, but not at their start.
    for code in ("01", "13", "32", "0132", "11", "0111"):
        assert current().count(search(hs_codes=(code,))) == 0, code
    assert current().count(search(hs_codes=("0801", "01"))) == 3


def test_paging(trade: dict[str, TradeParty]) -> None:
    first = current().page(search(), offset=0, limit=3)
    second = current().page(search(), offset=3, limit=3)
    assert (len(first), len(second)) == (3, 1)
    assert {r["id"] for r in first}.isdisjoint({r["id"] for r in second})


def test_statistics(trade: dict[str, TradeParty]) -> None:
    stats = current().statistics(search(exporter_name="phuc an"))

    assert stats["shipments"] == 3
    assert stats["total_value_usd"] == pytest.approx(376000)
    assert stats["total_weight_kg"] == pytest.approx(57600)
    assert (stats["importers"], stats["exporters"]) == (3, 1)
    assert stats["avg_price_per_unit"] == pytest.approx(376000 / 57600)


def test_monthly_sums_equal_the_statistics(trade: dict[str, TradeParty]) -> None:
    filters = search(start_date=date(2023, 1, 1))
    months = current().monthly(filters)
    stats = current().statistics(filters)

    assert [m["month"] for m in months] == ["2023-12", "2024-03", "2024-07", "2024-11"]
    assert sum(m["shipments"] for m in months) == stats["shipments"]
    assert sum(m["value_usd"] for m in months) == pytest.approx(stats["total_value_usd"])
    assert sum(m["net_weight_kg"] for m in months) == pytest.approx(stats["total_weight_kg"])


def test_top_hs_codes(trade: dict[str, TradeParty]) -> None:
    top = current().top_hs_codes(search(), limit=10)
    assert [(t["hs_code"], t["shipments"]) for t in top] == [("080132", 3), ("090111", 1)]
    assert top[0]["value_usd"] == pytest.approx(400000)
    assert top[0]["description_en"]


def test_an_empty_search_has_zero_statistics(trade: dict[str, TradeParty]) -> None:
    stats = current().statistics(search(product_details="durian"))
    assert (stats["shipments"], stats["total_value_usd"], stats["avg_price_per_unit"]) == (
        0,
        0,
        None,
    )


def test_a_new_snapshot_shows_new_rows_and_the_old_one_keeps_answering(
    trade: dict[str, TradeParty], index_dir: Path
) -> None:
    old = current()
    assert old.count(search()) == 4
    ship(date(2024, 8, 8), "090111", "ROBUSTA COFFEE", trade["phuc_an"], trade["hamburg"])

    index.build_snapshot()

    assert current().path != old.path
    assert current().count(search()) == 5
    assert old.count(search()) == 4  # a reader with the old snapshot open is not disturbed
    assert sorted(p.name for p in index_dir.glob("*.duckdb")) == [current().path.name]


def test_searches_go_on_while_a_snapshot_is_built(trade: dict[str, TradeParty]) -> None:
    answers: list[int] = []
    stop = threading.Event()

    def keep_searching() -> None:
        reader = current()
        while not stop.is_set():
            answers.append(reader.count(search()))

    searcher = threading.Thread(target=keep_searching)
    searcher.start()
    try:
        index.build_snapshot()
    finally:
        stop.set()
        searcher.join()
    assert answers
    assert set(answers) == {4}


def test_binding_parameters_does_not_search_for_pandas_again(trade: dict[str, TradeParty]) -> None:
    """DuckDB looks for pandas whenever it binds a parameter; a search must not pay for a
    fresh search of the module path each time (pandas is not a dependency)."""
    looked_up: list[str] = []

    class Spy:
        def find_spec(self, name: str, *_: Any) -> None:
            looked_up.append(name)

    sys.meta_path.insert(0, Spy())  # type: ignore[arg-type]
    try:
        current().count(search(product_details="cashew", importer_country="US"))
    finally:
        sys.meta_path.pop(0)
    assert "pandas" not in looked_up
    with pytest.raises(ImportError):
        import pandas  # noqa: F401


def test_searches_and_builds_use_the_configured_memory_and_threads(settings: Any) -> None:
    settings.TRADE_INDEX_MEMORY_LIMIT, settings.TRADE_INDEX_THREADS = "300MB", 3
    settings.TRADE_INDEX_BUILD_MEMORY_LIMIT, settings.TRADE_INDEX_BUILD_THREADS = "200MB", 1

    def limits(config: dict[str, Any]) -> tuple[int, int]:
        with duckdb.connect(config=config) as db:
            row = db.execute(
                "SELECT current_setting('threads'), current_setting('memory_limit')"
            ).fetchone()
        assert row is not None
        return row[0], row[1]

    search_threads, search_memory = limits(index.search_config())
    build_threads, build_memory = limits(index.build_config())
    assert (search_threads, build_threads) == (3, 1)
    assert search_memory.startswith(("286", "300"))
    assert build_memory.startswith(("190", "200"))


def test_a_build_runs_at_a_lower_priority_than_the_searches(settings: Any) -> None:
    settings.TRADE_INDEX_BUILD_NICE = 5
    process = os.getpriority(os.PRIO_PROCESS, 0)
    seen: list[int] = []
    at_low_priority(lambda: seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id())))
    assert seen == [min(process + 5, 19)]
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == process


def test_a_failed_build_step_fails_the_build() -> None:
    def fail() -> None:
        raise duckdb.IOException("disk full")

    with pytest.raises(duckdb.IOException, match="disk full"):
        at_low_priority(fail)


def test_a_snapshot_keeps_each_month_by_hs_code(trade: dict[str, TradeParty]) -> None:
    ship(date(2024, 3, 1), "090111", "ROBUSTA COFFEE BEANS", trade["phuc_an"], trade["hamburg"])
    with duckdb.connect(str(index.build_snapshot()), read_only=True) as db:
        stored = db.execute("SELECT date, hs_code FROM shipments ORDER BY rowid").fetchall()
    assert stored == [
        (date(2023, 12, 1), "080132"),
        (date(2024, 3, 5), "080132"),
        (date(2024, 3, 20), "080132"),
        (date(2024, 3, 1), "090111"),
        (date(2024, 7, 2), "080132"),
        (date(2024, 11, 30), "090111"),
    ]


def test_a_snapshot_of_no_shipments_finds_none() -> None:
    index.build_snapshot()

    assert current().count(search()) == 0
    assert current().statistics(search())["shipments"] == 0


def test_the_pairs_rollup_is_kept_by_importer(trade: dict[str, TradeParty]) -> None:
    with duckdb.connect(str(index.build_snapshot()), read_only=True) as db:
        stored = db.execute("SELECT importer_id, month FROM pair_totals ORDER BY rowid").fetchall()
    assert stored == sorted(stored)
    assert len({importer for importer, _ in stored}) > 1


def test_the_prices_by_party_are_kept_by_party_within_each_month(
    trade: dict[str, TradeParty],
) -> None:
    with duckdb.connect(str(index.build_snapshot()), read_only=True) as db:
        stored = db.execute(
            "SELECT date_trunc('month', date), party_id, hs_code FROM party_prices ORDER BY rowid"
        ).fetchall()
    assert stored == sorted(stored)
    assert len({month for month, _, _ in stored}) > 1
    assert len({party for _, party, _ in stored}) > 1


def test_each_step_of_a_build_is_logged_with_its_time(
    trade: dict[str, TradeParty], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="apps.market.index.build"):
        index.build_snapshot()
    steps = [
        found.group(1)
        for record in caplog.records
        if (found := re.fullmatch(r"Trade index build: (.+) in \d+\.\d s", record.getMessage()))
    ]
    assert steps == [
        "shipments exported",
        "shipments split by month",
        "distinct texts read",
        "descriptions and their words",
        "shipments sorted by month",
        "roll-ups",
        "prices by party",
        "shipments in the order of each measure",
        "written to disk",
    ]


def test_a_product_text_is_also_bounded_by_the_hs_codes_of_its_goods(
    trade: dict[str, TradeParty],
) -> None:
    vn, us = trade["phuc_an"], trade["new_jersey"]
    ship(date(2024, 11, 12), "200819", "CASHEW KERNELS ROASTED SALTED", vn, us)
    index.build_snapshot()
    trade_index = current()
    # Cashew is its own codes (080131, 080132) and, among other nuts, roasted cashew under
    # 200819: those codes bound it, not the codes of the descriptions it matches.
    assert trade_index._declared_hs(search(product_details="cashew")) == ()
    assert trade_index._declared_hs(search(product_details="robusta")) == ("090111",)
    assert trade_index._declared_hs(search(product_details="durian")) == ()
    assert trade_index._declared_hs(search(hs_codes=("0801",))) == ()
    # The bound is implied by the descriptions: it leaves no shipment out.
    assert trade_index.count(search(product_details="cashew")) == 4
    assert trade_index.count(search(product_details="cashew roasted")) == 1


def test_a_page_reads_its_rows_by_the_row_id_ranges_of_their_row_groups() -> None:
    size = ROW_GROUP_SIZE
    assert row_group_ranges([size + 7, 5, size - 1, 3 * size, size]) == (
        f"rowid BETWEEN 5 AND {size - 1} OR rowid BETWEEN {size} AND {size + 7} "
        f"OR rowid BETWEEN {3 * size} AND {3 * size}"
    )


def test_a_product_texts_page_aggregates_and_unit_prices_read_only_its_hs_codes(
    trade: dict[str, TradeParty], monkeypatch: pytest.MonkeyPatch
) -> None:
    statements = recorded_statements(monkeypatch)
    cashew = search(product_details="cashew")
    for read in (
        lambda: current().page(cashew, offset=0, limit=10),
        lambda: current().statistics(cashew),
        lambda: current().monthly(cashew),
        lambda: current().unit_prices(cashew),
    ):
        statements.clear()
        read()
        # Cashew is read as its HS codes: ranges of codes that skip the other row groups.
        assert any("(s.hs_code >= ? AND s.hs_code < ?)" in sql for sql in statements), statements


def test_the_connection_string_of_a_direct_read_keeps_every_setting() -> None:
    database = {
        "HOST": "db.internal",
        "PORT": 5433,
        "NAME": "trade data",
        "USER": "app",
        "PASSWORD": "it's a \\secret",
        "OPTIONS": {"sslmode": "require"},
    }

    assert conninfo_to_dict(_libpq_dsn(database)) == {
        "host": "db.internal",
        "port": "5433",
        "dbname": "trade data",
        "user": "app",
        "password": "it's a \\secret",
        "sslmode": "require",
    }
    assert "password" not in conninfo_to_dict(_libpq_dsn({**database, "PASSWORD": ""}))
