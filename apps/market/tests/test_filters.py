"""A search's parameters become its filters, or the spec's message for each wrong field."""

from datetime import date

import pytest

from apps.core.errors import ValidationFailed
from apps.market.filters import ShipmentFilters, filters_as_query, search_filters
from apps.market.schemas import SearchQuery


def test_a_valid_search_becomes_its_filters() -> None:
    filters = search_filters(
        SearchQuery(
            product_details=" hạt điều ",
            start_date="01/01/2024",
            end_date="2024-12-31",
            importer_country="nl",
            hs_code=["0801", "0801", " "],
        )
    )
    assert filters == ShipmentFilters(
        start_date=date(2024, 1, 1),
        end_date=date(2024, 12, 31),
        product_details="hạt điều",
        importer_country="NL",
        hs_codes=("0801",),
    )


def test_every_wrong_field_has_its_message() -> None:
    with pytest.raises(ValidationFailed) as refused:
        search_filters(SearchQuery(start_date="01-01-2024", end_date="31-12-2024"))
    assert refused.value.fields == {
        "product_details": ["At least one of the fields product, importer, or exporter is required"]
    }
    with pytest.raises(ValidationFailed) as refused:
        search_filters(SearchQuery(exporter_country="XX", hs_code=["9"]))
    assert refused.value.fields == {
        "hs_code": ["HS codes have 2, 4 or 6 digits"],
        "start_date": ["Please enter the start and end date"],
        "end_date": ["Please enter the start and end date"],
        "exporter_country": ["Unknown country code"],
    }


def test_filters_go_back_to_the_api_parameters() -> None:
    query = {
        "product_details": "coffee",
        "importer_name": "",
        "exporter_name": "Intimex",
        "start_date": "01-03-2024",
        "end_date": "31-03-2024",
        "importer_country": "DE",
        "exporter_country": "",
        "hs_code": ["0901"],
    }
    assert filters_as_query(search_filters(SearchQuery(**query))) == query


def test_a_search_counts_once_however_it_is_spelt() -> None:
    first = search_filters(
        SearchQuery(importer_name="ACME, Ltd.", start_date="01-01-2024", end_date="31-01-2024")
    )
    second = search_filters(
        SearchQuery(importer_name="acme ltd", start_date="01/01/2024", end_date="2024-01-31")
    )
    assert first.cache_key() == second.cache_key()
