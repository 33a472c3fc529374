"""The shipment search's parameters (spec §3 and §5) and the API's response schemas."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field, WithJsonSchema, field_validator

from apps.core.errors import ValidationFailed
from apps.core.paging import Page, PageSize
from apps.core.validation import SEARCH_TEXT_SCHEMA, SingleLine
from apps.market.countries import is_country
from apps.market.filters import BAD_COUNTRY, BAD_DATE, START_AFTER_END, parse_date
from apps.market.index.paging import DEFAULT_SORT, SHIPMENT_SORTS

# The forms the search accepts, for the OpenAPI document; apps/market/filters.py checks them
# and answers with the spec's messages.
Text = Annotated[str, WithJsonSchema(SEARCH_TEXT_SCHEMA)]
DateText = Annotated[
    str,
    WithJsonSchema(
        {
            "type": "string",
            "pattern": "^([0-9]{2}[-/][0-9]{2}[-/][0-9]{4}|[0-9]{4}-[0-9]{2}-[0-9]{2})$",
        }
    ),
]
CountryCode = Annotated[str, WithJsonSchema({"type": "string", "pattern": "^([A-Za-z]{2})?$"})]
HSCode = Annotated[str, WithJsonSchema({"type": "string", "pattern": "^[0-9]{2}([0-9]{2}){0,2}$"})]

BAD_SORT = "Sort by date, value, weight or price_per_kg, with '-' for descending"


class SearchQuery(Schema):
    """The query string of every shipments call; also the AI box's `filters`."""

    product_details: Text = ""
    importer_name: Text = ""
    exporter_name: Text = ""
    start_date: DateText = ""
    end_date: DateText = ""
    importer_country: CountryCode = ""
    exporter_country: CountryCode = ""
    hs_code: list[HSCode] = Field(default_factory=list)


class PagedSearchQuery(SearchQuery):
    page: Page = 1
    page_size: PageSize = 10


class ShipmentPageQuery(PagedSearchQuery):
    """A page of the shipments, in one of `SHIPMENT_SORTS` (a leading '-' is descending)."""

    sort: str = DEFAULT_SORT


def shipment_sort(query: ShipmentPageQuery) -> str:
    """The table's order, or ValidationFailed."""
    sort = query.sort.strip() or DEFAULT_SORT
    if sort not in SHIPMENT_SORTS:
        raise ValidationFailed(BAD_SORT, fields={"sort": [BAD_SORT]})
    return sort


class RankingQuery(PagedSearchQuery):
    side: Literal["importer", "exporter"] = "importer"
    by: Literal["value", "weight", "shipments"] = "value"


class PriceQuery(SearchQuery):
    by: Literal["", "origin", "destination"] = ""


class ProfileQuery(Schema):
    """A profile's period; empty: all the data."""

    start_date: SingleLine = ""
    end_date: SingleLine = ""


def profile_period(query: ProfileQuery) -> tuple[date | None, date | None]:
    """The period of a profile, or ValidationFailed with the search's date messages."""
    problems: dict[str, list[str]] = {}
    dates: list[date | None] = []
    for field_name in ("start_date", "end_date"):
        text = getattr(query, field_name).strip()
        parsed = parse_date(text) if text else None
        if text and parsed is None:
            problems[field_name] = [BAD_DATE]
        dates.append(parsed)
    start, end = dates
    if start and end and start > end:
        problems["start_date"] = [START_AFTER_END]
    if problems:
        raise ValidationFailed(next(iter(problems.values()))[0], fields=problems)
    return start, end


# Responses


class ShipmentOut(Schema):
    id: int
    date: date
    hs_code: str
    product_description: str
    exporter_name: str
    exporter_country: str
    importer_name: str
    importer_country: str
    quantity: float | None
    quantity_unit: str
    net_weight_kg: float | None
    value_usd: float
    price_per_unit: float | None
    exporter_id: int
    importer_id: int
    price_per_kg: float | None = Field(description="USD per kg of net weight")


class Descriptions(Schema):
    en: str
    vi: str
    zh: str


class RankingOut(Schema):
    rank: int
    party_id: int
    name: str
    country: str
    shipments: int
    value_usd: float
    net_weight_kg: float
    last_date: date
    share: float | None = Field(description="Of the search's total by the ranking's measure")
    previous: float = Field(description="The measure in the previous period of equal length")
    growth: float | None = Field(description="Against the previous period; none when it was 0")


class PriceFigures(Schema):
    priced_shipments: int
    net_weight_kg: float
    value_usd: float
    p25: float | None
    median: float | None
    p75: float | None
    average: float | None = Field(description="Value over weight (USD/kg)")


class PriceMonthOut(PriceFigures):
    month: str


class PriceGroupOut(PriceFigures):
    country: str
    months: list[PriceMonthOut]


class UnitPricesOut(Schema):
    unit: Literal["USD/kg"]
    approximate: bool = Field(
        description="Whether the quartiles are estimated (from the shipments per step of price)"
    )
    relative_error: float | None = Field(
        description="The most an estimated quartile differs from the exact one, as a share of it"
    )
    months: list[PriceMonthOut]
    groups: list[PriceGroupOut]


class ProfileMonthOut(Schema):
    month: str
    shipments: int
    value_usd: float
    net_weight_kg: float


class ProfileProductOut(Schema):
    hs_code: str
    descriptions: Descriptions
    shipments: int
    value_usd: float
    net_weight_kg: float
    median_price_per_kg: float | None


class ProfileCountryOut(Schema):
    country: str
    shipments: int
    value_usd: float
    net_weight_kg: float


class CounterpartyOut(Schema):
    party_id: int
    name: str
    country: str
    shipments: int
    value_usd: float
    net_weight_kg: float
    last_date: date


class PartyProfileOut(Schema):
    party_id: int
    name: str
    country: str
    shipments: int
    as_importer: int
    as_exporter: int
    value_usd: float
    net_weight_kg: float
    first_date: date | None
    last_date: date | None
    months: list[ProfileMonthOut]
    products: list[ProfileProductOut]
    partner_countries: list[ProfileCountryOut]
    counterparties: list[CounterpartyOut]


class StatisticsOut(Schema):
    shipments: int
    total_value_usd: float
    total_weight_kg: float
    importers: int
    exporters: int
    avg_price_per_unit: float | None
    avg_price_per_kg: float | None = Field(
        None, description="Value over net weight of the shipments that have one (USD/kg)"
    )


class MonthOut(Schema):
    month: str
    shipments: int
    value_usd: float
    net_weight_kg: float


class TopHSCodeOut(Schema):
    hs_code: str
    description: str
    descriptions: Descriptions
    shipments: int
    value_usd: float


class CountryOut(Schema):
    code: str
    name_en: str
    name_vi: str
    name_zh: str


class HSChapterOut(Schema):
    code: str
    description_en: str
    description_vi: str
    description_zh: str


class HSSectionOut(Schema):
    code: str
    name_en: str
    name_vi: str
    name_zh: str
    chapters: list[HSChapterOut]


class DataRange(Schema):
    first_date: date | None
    last_date: date | None


class CoverageOut(Schema):
    first_date: date | None
    last_date: date | None
    shipments: int
    sources: list[str]
    demo: bool
    updated_at: datetime | None = Field(description="When the data was last imported")


class MetaDataOut(Schema):
    countries: list[CountryOut]
    hs_sections: list[HSSectionOut]
    page_sizes: list[int]
    date_formats: list[str]
    data_range: DataRange
    demo_data: bool
    coverage: CoverageOut


class AskIn(Schema):
    question: str = Field(min_length=1, max_length=500)


class AskFilters(Schema):
    product_details: str
    importer_name: str
    exporter_name: str
    start_date: str
    end_date: str
    importer_country: str
    exporter_country: str
    hs_code: list[str]


class AskImporterOut(Schema):
    """An importer the answer names, with its party id for its trade profile."""

    party_id: int
    importer_name: str
    importer_country: str
    shipments: int
    value_usd: float


class AskReadingOut(Schema):
    """One filter the question was read as: `field` of the search form (product, hs_code,
    exporter_name, importer_name, exporter_country, importer_country, product_details, period),
    its `value` as the form takes it (a period as 'start|end') and `text` in the question's
    language."""

    field: str
    value: str
    text: str


class AskOut(Schema):
    answer: str
    language: Literal["en", "vi", "zh"]
    understood: bool
    dated: bool
    filters: AskFilters
    reading: list[AskReadingOut]
    statistics: StatisticsOut | None
    importers: list[AskImporterOut] = Field(default_factory=list)


class ContactRequestOut(Schema):
    id: int
    importer_name: str
    importer_country: str
    status: Literal["pending", "sent"]
    created_at: str
    sent_at: str | None


class HSSuggestQuery(Schema):
    q: SingleLine = Field("", max_length=100)
    lang: Literal["en", "vi", "zh"] = "en"
    limit: int = Field(8, ge=1, le=20)


class HSSuggestionOut(Schema):
    code: str
    name: str
    level: int


class ContactRequestIn(Schema):
    importer_name: SingleLine = Field(min_length=1, max_length=300)
    importer_country: SingleLine = Field("", max_length=2)

    @field_validator("importer_country")
    @classmethod
    def known_country(cls, value: str) -> str:
        code = value.strip().upper()
        if code and not is_country(code):
            raise ValueError(BAD_COUNTRY)
        return code


class DownloadQuery(SearchQuery):
    format: Literal["csv", "xlsx"] = "csv"
