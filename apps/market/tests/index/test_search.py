"""What a search of the snapshot means: its period, its words and their typos, its HS codes,
its orders and pages, and the totals of what it matches."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path
from typing import Any

import duckdb
import pytest

from apps.market import index
from apps.market.filters import ShipmentFilters
from apps.market.index import DuckDBTradeIndex
from apps.market.models import Shipment
from apps.market.tests.factories import party, recorded_statements, ship

pytestmark = pytest.mark.django_db


@pytest.fixture
def trade(settings: Any, tmp_path: Path) -> dict[str, Shipment]:
    """Five shipments of 2024 and one of 2023: two of the same value, two of the same day; and
    two of frozen shrimp in 2025, one declared as a prepared food."""
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    mekong, saigon = party("Mekong Seafoods Corp", "VN"), party("Saigon Export JSC", "VN")
    kerala = party("Kerala Traders", "IN")
    dutch, garden = party("Dutch Nut Trading B.V.", "NL"), party("Garden State Snacks Inc", "US")
    hanse = party("Hanseatic Coffee GmbH", "DE")
    shipments = {
        "old": ship(date(2023, 12, 31), "080132", "CASHEW KERNELS OLD", mekong, dutch, usd="10"),
        "a": ship(
            date(2024, 1, 1),
            "080132",
            "CASHEW KERNELS WW320 MEKONGSTAR",
            mekong,
            dutch,
            kg="1000",
            usd="8000",
        ),
        "b": ship(
            date(2024, 1, 31),
            "080132",
            "CASHEW KERNELS WW240",
            saigon,
            garden,
            kg="2000",
            usd="8000",
        ),
        "c": ship(
            date(2024, 2, 1), "090111", "ROBUSTA COFFEE BEANS", saigon, hanse, kg="500", usd="3000"
        ),
        "d": ship(
            date(2024, 2, 1), "090111", "ARABICA COFFEE BEANS", kerala, hanse, kg="100", usd="5000"
        ),
        "e": ship(
            date(2024, 3, 31), "030617", "FROZEN SHRIMP", mekong, garden, kg="3000", usd="12000"
        ),
    }
    ca_mau, tokyo = party("Ca Mau Foods", "VN"), party("Tokyo Seafood KK", "JP")
    shipments["prepared"] = ship(date(2025, 6, 1), "160521", "FROZEN SHRIMP", ca_mau, tokyo)
    shipments["raw"] = ship(date(2025, 6, 2), "030616", "FROZEN SHRIMP HOSO", ca_mau, tokyo)
    index.build_snapshot()
    return shipments


def search(start: date = date(2024, 1, 1), end: date = date(2024, 12, 31), **rest: Any) -> Any:
    return ShipmentFilters(start_date=start, end_date=end, **rest)


def current() -> DuckDBTradeIndex:
    return index.trade_index()  # type: ignore[return-value]


def ids(rows: list[dict[str, Any]]) -> list[int]:
    return [row["id"] for row in rows]


def test_both_ends_of_the_period_are_inside(trade: dict[str, Shipment]) -> None:
    january = search(date(2024, 1, 1), date(2024, 1, 31))
    assert ids(current().page(january, offset=0, limit=10)) == [trade["b"].pk, trade["a"].pk]
    assert current().count(search(date(2024, 1, 31), date(2024, 1, 31))) == 1
    assert current().count(search(date(2024, 1, 2), date(2024, 1, 30))) == 0
    assert current().count(search(date(2023, 1, 1), date(2023, 12, 31))) == 1


def test_a_page_row_names_its_goods_and_parties(trade: dict[str, Shipment]) -> None:
    [row] = current().page(search(product_details="mekongstar"), offset=0, limit=10)
    assert row == {
        "id": trade["a"].pk,
        "date": date(2024, 1, 1),
        "hs_code": "080132",
        "product_description": "CASHEW KERNELS WW320 MEKONGSTAR",
        "exporter_id": trade["a"].exporter_id,
        "exporter_name": "Mekong Seafoods Corp",
        "exporter_country": "VN",
        "importer_id": trade["a"].importer_id,
        "importer_name": "Dutch Nut Trading B.V.",
        "importer_country": "NL",
        "quantity": 1000,
        "quantity_unit": "KGM",
        "net_weight_kg": 1000,
        "value_usd": 8000,
        "price_per_unit": 8,
        "price_per_kg": 8,
    }


def test_a_search_matching_nothing_has_an_empty_page(trade: dict[str, Shipment]) -> None:
    assert current().page(search(product_details="durian"), offset=0, limit=10) == []
    assert current().count(search(product_details="durian")) == 0


@pytest.mark.parametrize(
    ("sort", "order"),
    [
        ("-date", "edcba"),
        ("date", "abcde"),
        ("-value", "ebadc"),  # a and b are worth the same: the newer first
        ("value", "cdbae"),
        ("-weight", "ebacd"),
        ("weight", "dcabe"),
        ("-price_per_kg", "daceb"),  # b and e cost the same: the newer first
        ("price_per_kg", "ebcad"),  # b and e cost 4 USD/kg: the newer first
    ],
)
def test_sort_orders_and_their_ties(trade: dict[str, Shipment], sort: str, order: str) -> None:
    rows = current().page(search(), offset=0, limit=10, sort=sort)
    assert ids(rows) == [trade[name].pk for name in order]


def test_pages_follow_one_another(trade: dict[str, Shipment]) -> None:
    pages = [current().page(search(), offset=offset, limit=2) for offset in (0, 2, 4)]
    assert [ids(page) for page in pages] == [
        [trade["e"].pk, trade["d"].pk],
        [trade["c"].pk, trade["b"].pk],
        [trade["a"].pk],
    ]


def test_an_hs_code_is_a_prefix_and_several_codes_are_alternatives(
    trade: dict[str, Shipment],
) -> None:
    assert current().count(search(hs_codes=("03",))) == 1
    assert current().count(search(hs_codes=("0306",))) == 1
    assert current().count(search(hs_codes=("06",))) == 0  # inside 030617, not at its start
    assert current().count(search(hs_codes=("17",))) == 0
    assert current().count(search(hs_codes=("0801", "0306"))) == 3
    assert current().count(search(hs_codes=("0801",), product_details="robusta")) == 0


def test_a_state_of_goods_keeps_to_its_subheadings(trade: dict[str, Shipment]) -> None:
    """Frozen shrimp are declared under 030616 or 030617; the same words under 1605 are
    prepared food."""
    in_2025 = search(date(2025, 1, 1), date(2025, 12, 31), product_details="frozen shrimp")
    assert ids(current().page(in_2025, offset=0, limit=10)) == [trade["raw"].pk]
    assert ids(current().page(search(product_details="frozen shrimp"), offset=0, limit=10)) == [
        trade["e"].pk
    ]


def test_every_word_of_a_text_must_match(trade: dict[str, Shipment]) -> None:
    # A grade asks for nothing ('cashew ww320' is the cashew of an invoice line: both
    # kernels of 2024); the words of a text naming no product must all match.
    assert current().count(search(product_details="cashew ww320")) == 2
    assert current().count(search(product_details="ww320 mekongstar")) == 1
    assert current().count(search(product_details="ww240 mekongstar")) == 0
    assert current().count(search(importer_name="garden snacks")) == 2
    assert current().count(search(importer_name="garden hanseatic")) == 0
    assert current().count(search(importer_name="garden garden")) == 2


def test_importer_and_exporter_names_are_matched_on_their_own_side(
    trade: dict[str, Shipment],
) -> None:
    assert current().count(search(exporter_name="mekong")) == 2
    assert current().count(search(importer_name="mekong")) == 0
    assert current().count(search(importer_name="hanseatic")) == 2
    assert current().count(search(exporter_name="hanseatic")) == 0
    assert current().count(search(exporter_name="saigon", importer_name="garden")) == 1


def test_countries_are_matched_on_their_own_side(trade: dict[str, Shipment]) -> None:
    assert current().count(search(exporter_country="VN")) == 4
    assert current().count(search(importer_country="VN")) == 0
    assert current().count(search(importer_country="US", exporter_country="VN")) == 2


def test_the_typos_a_name_may_have_grow_with_its_length(trade: dict[str, Shipment]) -> None:
    assert current().count(search(importer_name="nutt")) == 0  # four letters: no typo
    assert current().count(search(importer_name="stlte")) == 2  # five letters: one typo
    assert current().count(search(exporter_name="tradres")) == 1  # seven letters: one typo
    assert current().count(search(exporter_name="tardres")) == 0  # not two
    assert current().count(search(exporter_name="saefoots")) == 2  # eight letters: two typos
    assert current().count(search(exporter_name="saefootz")) == 0  # not three


def test_the_typos_a_product_word_may_have_grow_with_its_length(
    trade: dict[str, Shipment],
) -> None:
    assert current().count(search(product_details="kernesl")) == 2  # seven letters: one typo
    assert current().count(search(product_details="kenresl")) == 0  # not two
    assert current().count(search(product_details="mekognsatr")) == 1  # ten letters: two typos
    assert current().count(search(product_details="mekognsatt")) == 0  # not three


def test_importer_totals(trade: dict[str, Shipment]) -> None:
    dutch, garden, hanse = (trade[name].importer_id for name in "abc")
    totals = current().importer_totals(search())
    # Dutch Nut Trading and Hanseatic Coffee bought as much: the lower id first.
    assert [(t["key"], t["shipments"], t["value_usd"]) for t in totals] == [
        (garden, 2, 20000),
        (dutch, 1, 8000),
        (hanse, 2, 8000),
    ]
    assert totals[0] == {
        "key": garden,
        "shipments": 2,
        "value_usd": 20000,
        "last_date": date(2024, 3, 31),
        "name": "Garden State Snacks Inc",
        "normalized_name": "garden state snacks inc",
        "country": "US",
    }
    chosen = current().importer_totals(search(), importer_ids=[hanse, dutch])
    assert [t["key"] for t in chosen] == [dutch, hanse]
    assert [t["key"] for t in current().importer_totals(search(), limit=1)] == [garden]


@pytest.mark.parametrize(
    ("by", "expected"),
    [
        ("hs_code", [("080132", 2, 16000), ("030617", 1, 12000), ("090111", 2, 8000)]),
        ("month", [("2024-01", 2, 16000), ("2024-03", 1, 12000), ("2024-02", 2, 8000)]),
        ("exporter_country", [("VN", 4, 31000), ("IN", 1, 5000)]),
    ],
)
def test_totals_by_another_key(
    trade: dict[str, Shipment], by: str, expected: list[tuple[str, int, int]]
) -> None:
    totals = current().importer_totals(search(), by=by)
    assert [(t["key"], t["shipments"], t["value_usd"]) for t in totals] == expected
    assert set(totals[0]) == {"key", "shipments", "value_usd", "last_date"}


def test_top_parties_and_codes(trade: dict[str, Shipment]) -> None:
    exporters = current().top_exporters(search(), limit=10)
    assert [(e["exporter_name"], e["exporter_country"], e["shipments"]) for e in exporters] == [
        ("Mekong Seafoods Corp", "VN", 2),
        ("Saigon Export JSC", "VN", 2),
        ("Kerala Traders", "IN", 1),
    ]
    assert [e["value_usd"] for e in exporters] == [20000, 11000, 5000]
    [importer] = current().top_importers(search(), limit=1)
    assert importer == {
        "party_id": trade["b"].importer_id,
        "importer_name": "Garden State Snacks Inc",
        "importer_country": "US",
        "shipments": 2,
        "value_usd": 20000,
    }
    codes = current().top_hs_codes(search(), limit=2)
    assert [(c["hs_code"], c["shipments"], c["value_usd"]) for c in codes] == [
        ("080132", 2, 16000),
        ("090111", 2, 8000),
    ]


def test_what_the_whole_index_holds(trade: dict[str, Shipment]) -> None:
    facts = current().facts()
    assert (facts["first_date"], facts["last_date"]) == (date(2023, 12, 31), date(2025, 6, 2))
    assert (facts["shipments"], facts["demo_shipments"]) == (8, 0)
    roles = {
        (name, country): (exported, imported)
        for name, country, exported, imported in (current().party_roles())
    }
    assert roles[("Mekong Seafoods Corp", "VN")] == (3, 0)
    assert roles[("Garden State Snacks Inc", "US")] == (0, 2)
    assert roles[("Dutch Nut Trading B.V.", "NL")] == (0, 2)


def test_a_snapshot_built_before_the_roles_were_kept_counts_them(
    trade: dict[str, Shipment], tmp_path: Path
) -> None:
    snapshot = current().path
    older = tmp_path / snapshot.name
    shutil.copy(snapshot, older)
    with duckdb.connect(str(older)) as db:
        db.execute("DROP TABLE party_roles")

    assert index.complete(snapshot)
    assert not index.complete(older)
    assert sorted(DuckDBTradeIndex(older).party_roles()) == sorted(current().party_roles())


def test_a_variety_misspelt_in_the_goods_is_found(settings: Any, tmp_path: Path) -> None:
    """A variety the search names ('robusta', with its Vietnamese and Chinese names) matches
    a description that misspells it when no description spells it right."""
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    seller, buyer = party("Seller Co", "VN"), party("Buyer GmbH", "DE")
    misspelt = ship(date(2024, 5, 1), "090111", "ROBUSTTA COFFEE BEANS", seller, buyer)
    ship(date(2024, 5, 2), "090111", "ARABICA COFFEE BEANS", seller, buyer)
    index.build_snapshot()
    found = current().page(search(product_details="coffee robusta"), offset=0, limit=10)
    assert ids(found) == [misspelt.pk]


def test_chinese_words_match_as_written_never_a_character_away(
    settings: Any, tmp_path: Path
) -> None:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    seller, buyer = party("Seller Co", "VN"), party("Buyer GmbH", "DE")
    # Ulaanbaatar cloth; 'Ulaanbaatar city' differs in one character (and one byte of it).
    ship(date(2024, 5, 1), "520811", "乌兰巴托布", seller, buyer)
    index.build_snapshot()
    assert current().count(search(product_details="乌兰巴托布")) == 1
    assert current().count(search(product_details="乌兰巴托市")) == 0


def test_the_calls_of_one_search_look_its_texts_up_once(
    trade: dict[str, Shipment], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A product text's descriptions and a name's parties are looked up once per snapshot;
    every call of the search then finds its rows by those ids, with the answers a lookup
    within each statement gives."""
    search = ShipmentFilters(
        date(2024, 1, 1), date(2024, 12, 31), product_details="robusta", exporter_name="saigon"
    )
    path = index.current_snapshot()
    assert path is not None
    trade = DuckDBTradeIndex(path, timeout=0)
    statements = recorded_statements(monkeypatch)

    calls = [
        lambda trade: trade.count(search),
        lambda trade: trade.statistics(search),
        lambda trade: trade.monthly(search),
        lambda trade: [row["id"] for row in trade.page(search, offset=0, limit=10)],
        lambda trade: trade.unit_prices(search),
    ]
    answers = [call(trade) for call in calls]
    lookups = [sql for sql in statements if "vocabulary" in sql]

    assert answers[0] == 1
    assert [call(trade) for call in calls] == answers
    # One for the descriptions, one for the exporter's parties.
    assert len(lookups) == 2
    monkeypatch.setattr(DuckDBTradeIndex, "_resolve", None)
    assert answers == [call(trade) for call in calls]
