"""A search's parameters become its filters, or the spec's message for each wrong field."""

from dataclasses import dataclass, field
from datetime import date

import pytest

from apps.core.errors import ValidationFailed
from apps.core.validation import SEARCH_TEXT_MAX_WORDS
from apps.market.filters import SEARCH_FIELDS, ShipmentFilters, filters_as_query, search_filters
from apps.market.lexicon.search import ProductQuery
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


@pytest.mark.parametrize(
    ("dates", "fields"),
    [
        ({"start_date": ""}, {"start_date": ["Start date is required"]}),
        ({"end_date": " "}, {"end_date": ["End date is required"]}),
        ({"start_date": "2024-13-01"}, {"start_date": ["Use dd-MM-yyyy or dd/MM/yyyy"]}),
        ({"end_date": "31.12.24x"}, {"end_date": ["Use dd-MM-yyyy or dd/MM/yyyy"]}),
        (
            {"start_date": "soon", "end_date": "later"},
            {
                "start_date": ["Use dd-MM-yyyy or dd/MM/yyyy"],
                "end_date": ["Use dd-MM-yyyy or dd/MM/yyyy"],
            },
        ),
    ],
)
def test_each_date_is_refused_on_its_own_field_with_its_message(
    dates: dict[str, str], fields: dict[str, list[str]]
) -> None:
    with pytest.raises(ValidationFailed) as refused:
        search_filters(Parameters(product_details="cashew", **dates))
    assert refused.value.fields == fields
    # The answer's message is the first field's.
    assert refused.value.message == next(iter(fields.values()))[0]


@pytest.mark.parametrize("code", ["09", "0901", "090111"])
def test_hs_codes_of_two_four_and_six_digits_are_valid(code: str) -> None:
    assert search_filters(Parameters(hs_code=[code])).hs_codes == (code,)


@pytest.mark.parametrize("code", ["9", "090", "09011", "0901111", "٠٩"])
def test_other_hs_codes_are_refused(code: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        search_filters(Parameters(hs_code=[code]))
    assert refused.value.fields == {"hs_code": ["HS codes have 2, 4 or 6 digits"]}


@pytest.mark.parametrize("side", ["importer_country", "exporter_country"])
def test_each_country_is_read_and_checked_on_its_own_side(side: str) -> None:
    filters = search_filters(Parameters(product_details="cashew", **{side: " de "}))
    other = "exporter_country" if side == "importer_country" else "importer_country"
    assert (getattr(filters, side), getattr(filters, other)) == ("DE", "")
    with pytest.raises(ValidationFailed) as refused:
        search_filters(Parameters(product_details="cashew", **{side: "ZZ"}))
    assert refused.value.fields == {side: ["Unknown country code"]}


@pytest.mark.parametrize(
    ("text", "code"), [("09", "09"), (" 0901.11 ", "090111"), ("0801 32 10 00", "0801321000")]
)
def test_a_product_text_of_digits_is_read_as_an_hs_code(text: str, code: str) -> None:
    filters = search_filters(Parameters(product_details=text))
    assert (filters.product_details, filters.hs_codes) == ("", (code,))


def test_an_hs_code_in_the_product_text_narrows_the_chosen_hs_codes() -> None:
    filters = search_filters(Parameters(product_details="0801", hs_code=["08", "0801", "09"]))
    assert filters.hs_codes == ("0801",)
    filters = search_filters(Parameters(product_details="08", hs_code=["0801", "0901"]))
    assert filters.hs_codes == ("0801",)
    with pytest.raises(ValidationFailed) as refused:
        search_filters(Parameters(product_details="0901", hs_code=["08"]))
    assert refused.value.fields == {
        "product_details": ["This HS code is outside the chosen HS codes"]
    }


@pytest.mark.parametrize("text", ["9", "12345678901", "-", "12-34", "٠٩٠١", "%%"])
def test_a_product_text_without_letters_that_is_no_hs_code_is_refused(text: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        search_filters(Parameters(product_details=text))
    assert refused.value.fields == {
        "product_details": ["Enter a product name, or an HS code of 2 to 10 digits"]
    }


@pytest.mark.parametrize("name", ["importer_name", "exporter_name"])
def test_a_company_name_without_letters_is_refused(name: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        search_filters(Parameters(**{name: " 123 "}))
    assert refused.value.fields == {name: ["A company name must contain letters"]}
    assert getattr(search_filters(Parameters(**{name: "3M 中国"})), name) == "3M 中国"


JAN, DEC = date(2024, 1, 1), date(2024, 12, 31)


def test_a_product_and_two_dates_make_a_search_without_a_query_string() -> None:
    assert ShipmentFilters.for_product(" hạt điều ", start=JAN, end=DEC) == ShipmentFilters(
        start_date=JAN, end_date=DEC, product_details="hạt điều"
    )


def test_a_product_of_digits_is_read_as_its_hs_code_as_the_search_reads_it() -> None:
    filters = ShipmentFilters.for_product("0801.32", start=JAN, end=DEC)

    assert filters.hs_codes == ("080132",)
    assert filters.product_details == ""


def test_no_product_means_every_shipment_of_the_days() -> None:
    assert ShipmentFilters.for_product("  ", start=JAN, end=DEC) == ShipmentFilters(
        start_date=JAN, end_date=DEC
    )


@pytest.mark.parametrize(
    ("product", "start", "end", "message"),
    [
        ("--", JAN, DEC, "Enter a product name, or an HS code of 2 to 10 digits"),
        ("cashew", DEC, JAN, "Start date must be before or equal to end date"),
    ],
)
def test_a_product_or_days_the_search_refuses_are_refused_with_its_message(
    product: str, start: date, end: date, message: str
) -> None:
    with pytest.raises(ValidationFailed) as refused:
        ShipmentFilters.for_product(product, start=start, end=end)

    assert refused.value.message == message


def test_a_search_as_parameters_names_the_search_fields_in_their_order() -> None:
    assert tuple(filters_as_query(ShipmentFilters(start_date=JAN, end_date=DEC))) == SEARCH_FIELDS


def test_a_search_reads_its_product_text_once_whatever_asks_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from apps.market import filters as filters_module
    from apps.market.index.conditions import matching_parts, where_clause

    reads: list[str] = []
    real = filters_module.product_query

    def counted(text: str) -> ProductQuery:
        reads.append(text)
        return real(text)

    monkeypatch.setattr(filters_module, "product_query", counted)
    search = ShipmentFilters(start_date=JAN, end_date=DEC, product_details="cashew")

    where_clause(search)
    matching_parts(search)

    assert reads == ["cashew"]
    assert search.product.hs_codes
