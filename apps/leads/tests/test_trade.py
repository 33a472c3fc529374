"""Trade filters and figures: companies proven by market's shipments (through its index)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from apps.leads.imports import import_companies
from apps.leads.models import Company
from apps.market import index
from apps.market.models import TradeParty
from apps.market.tests.factories import cashew_and_coffee_trade

pytestmark = pytest.mark.django_db

COMPANIES = "/fast-ai/v1/lead-sourcing/companies"

FILE = """name,country,source,source_record_id,employees
Dutch Nut Trading BV,NL,crm,nl,50
Garden State Snacks Inc,US,crm,us,80
Hanseatic Coffee GmbH,DE,crm,de,30
Unknown Buyer Ltd,GB,crm,gb,10
"""


@pytest.fixture
def linked(tmp_path: Any) -> dict[str, Company]:
    cashew_and_coffee_trade()
    index.build_snapshot()
    path = tmp_path / "companies.csv"
    path.write_text(FILE)
    import_companies(path)
    return {c.source_record_id: c for c in Company.objects.all()}


def found(client: Client, **query: Any) -> dict[str, Any]:
    response = client.get(COMPANIES, query)
    assert response.status_code == 200, response.json()
    return {row["name"]: row for row in response.json()["data"]}


def test_imports_link_companies_to_importers_by_name_and_country(
    linked: dict[str, Company],
) -> None:
    importers = {
        (party.normalized_name, party.country): party.pk for party in TradeParty.objects.all()
    }
    assert linked["nl"].trade_party_id == importers[("dutch nut trading bv", "NL")]
    assert linked["us"].trade_party_id == importers[("garden state snacks inc", "US")]
    assert linked["de"].trade_party_id == importers[("hanseatic coffee gmbh", "DE")]
    assert linked["gb"].trade_party_id is None


def test_imports_product_by_name_in_any_language_or_hs_code(
    member_client: Client, linked: dict[str, Company]
) -> None:
    by_name = found(member_client, imports_product="cashew")
    by_vietnamese = found(member_client, imports_product="hạt điều")
    by_code = found(member_client, imports_product="0901")

    assert sorted(by_name) == ["Dutch Nut Trading BV", "Garden State Snacks Inc"]
    assert sorted(by_vietnamese) == sorted(by_name)
    assert by_name["Dutch Nut Trading BV"]["shipment_count"] == 2
    assert str(by_name["Dutch Nut Trading BV"]["last_import_date"]) == "2024-03-05"
    assert list(by_code) == ["Hanseatic Coffee GmbH"]


def test_imported_since_combines_with_the_other_filters(
    member_client: Client, linked: dict[str, Company]
) -> None:
    since = found(member_client, imports_product="cashew", imported_since="01-06-2024")
    dutch = found(member_client, imported_since="2024-01-01", countries="NL")

    assert list(since) == ["Garden State Snacks Inc"]
    assert list(dutch) == ["Dutch Nut Trading BV"]
    assert dutch["Dutch Nut Trading BV"]["shipment_count"] == 1


@pytest.mark.parametrize(
    ("countries", "expected"),
    [
        ("US", ["Garden State Snacks Inc"]),
        (["NL", "DE"], ["Dutch Nut Trading BV"]),  # Hanseatic Coffee imports no cashew
        ("GB", []),  # a company of the country, but no importer on record
    ],
)
def test_imports_of_a_product_from_a_country_hold_on_every_row(
    member_client: Client, linked: dict[str, Company], countries: Any, expected: list[str]
) -> None:
    rows = found(member_client, imports_product="cashew", countries=countries)

    assert sorted(rows) == expected
    wanted = {countries} if isinstance(countries, str) else set(countries)
    for row in rows.values():
        assert row["country"] in wanted
        assert row["shipment_count"] > 0


def test_a_bad_hs_code_is_a_field_message(
    member_client: Client, linked: dict[str, Company]
) -> None:
    response = member_client.get(COMPANIES, {"imports_product": "080"})

    assert response.status_code == 422
    assert "imports_product" in response.json()["data"]["fields"]


def test_the_detail_carries_the_trade_summary(
    member_client: Client, linked: dict[str, Company]
) -> None:
    detail = member_client.get(f"{COMPANIES}/{linked['us'].pk}").json()["data"]
    trade = detail["trade"]

    assert detail["trade_party_id"] == linked["us"].trade_party_id is not None
    assert trade["shipments"] == 2
    assert trade["top_products"][0]["hs_code"] == "080132"
    assert {row["country"] for row in trade["partner_countries"]} == {"VN", "IN"}
    assert trade["value_per_year"] == [{"year": 2024, "shipments": 2, "value_usd": 270000.0}]
    assert str(trade["last_shipment_date"]) == "2024-07-02"
