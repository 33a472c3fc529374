"""A search's parameters become its filters, or the spec's message for each wrong field."""

from dataclasses import dataclass, field
from datetime import date

import pytest

from apps.core.errors import ValidationFailed
from apps.core.validation import SEARCH_TEXT_MAX_WORDS
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


ONE_SEARCH = ShipmentFilters(
    start_date=date(2024, 1, 1),
    end_date=date(2024, 12, 31),
    product_details="cashew",
    importer_name="Dutch Nut Trading",
    exporter_name="Phuc An",
    importer_country="NL",
    exporter_country="VN",
    hs_codes=("0801",),
)


@pytest.mark.parametrize(
    "change",
    [
        {"start_date": date(2024, 1, 2)},
        {"end_date": date(2024, 12, 30)},
        {"product_details": "coffee"},
        {"importer_name": "Garden State Snacks"},
        {"exporter_name": "Kerala Cashew"},
        {"importer_country": "US"},
        {"exporter_country": "IN"},
        {"hs_codes": ("0901",)},
        {"hs_codes": ("0801", "0901")},
    ],
)
def test_a_search_differing_in_any_filter_counts_apart(change: dict[str, object]) -> None:
    other = ShipmentFilters(**{**ONE_SEARCH.__dict__, **change})
    assert other.cache_key() != ONE_SEARCH.cache_key()


def test_the_order_of_hs_codes_does_not_make_another_search() -> None:
    first = ShipmentFilters(**{**ONE_SEARCH.__dict__, "hs_codes": ("0801", "0901")})
    second = ShipmentFilters(**{**ONE_SEARCH.__dict__, "hs_codes": ("0901", "0801")})
    assert first.cache_key() == second.cache_key()


def test_a_one_day_search_is_valid() -> None:
    filters = search_filters(
        SearchQuery(product_details="cashew", start_date="20-03-2024", end_date="20/03/2024")
    )
    assert (filters.start_date, filters.end_date) == (date(2024, 3, 20), date(2024, 3, 20))


def test_an_end_before_the_start_is_refused() -> None:
    with pytest.raises(ValidationFailed) as refused:
        search_filters(
            SearchQuery(product_details="cashew", start_date="21-03-2024", end_date="20-03-2024")
        )
    assert refused.value.fields == {
        "start_date": ["Start date must be before or equal to end date"]
    }


@dataclass
class Parameters:
    """A search as another caller than the API gives it (the AI box, a saved search)."""

    product_details: str = ""
    importer_name: str = ""
    exporter_name: str = ""
    start_date: str = "01-01-2024"
    end_date: str = "31-12-2024"
    importer_country: str = ""
    exporter_country: str = ""
    hs_code: list[str] = field(default_factory=list)


@pytest.mark.parametrize("name", ["product_details", "importer_name", "exporter_name"])
def test_each_text_over_the_limits_is_refused_on_its_field(name: str) -> None:
    many_words = " ".join(["cashew"] * (SEARCH_TEXT_MAX_WORDS + 1))
    with pytest.raises(ValidationFailed) as refused:
        search_filters(Parameters(**{name: many_words}))
    assert refused.value.fields == {name: [f"Use at most {SEARCH_TEXT_MAX_WORDS} words"]}
    at_the_limit = " ".join(["cashew"] * SEARCH_TEXT_MAX_WORDS)
    assert getattr(search_filters(Parameters(**{name: at_the_limit})), name) == at_the_limit
