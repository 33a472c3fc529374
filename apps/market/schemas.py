"""The shipment search's parameters (spec §3 and §5) and the API's response schemas."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field, WithJsonSchema, field_validator

from apps.core.paging import Page, PageSize
from apps.core.validation import SEARCH_TEXT_SCHEMA
from apps.market.countries import is_country
from apps.market.filters import BAD_COUNTRY

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


class StatisticsOut(Schema):
    shipments: int
    total_value_usd: float
    total_weight_kg: float
    importers: int
    exporters: int
    avg_price_per_unit: float | None


class MonthOut(Schema):
    month: str
    shipments: int
    value_usd: float
    net_weight_kg: float


class Descriptions(Schema):
    en: str
    vi: str
    zh: str


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


class MetaDataOut(Schema):
    countries: list[CountryOut]
    hs_sections: list[HSSectionOut]
    page_sizes: list[int]
    date_formats: list[str]
    data_range: DataRange
    demo_data: bool


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


class AskOut(Schema):
    answer: str
    language: Literal["en", "vi", "zh"]
    understood: bool
    filters: AskFilters
    statistics: StatisticsOut | None


class ContactRequestOut(Schema):
    id: int
    importer_name: str
    importer_country: str
    status: Literal["pending", "sent"]
    created_at: str
    sent_at: str | None


class ContactRequestIn(Schema):
    importer_name: str = Field(min_length=1, max_length=300)
    importer_country: str = Field("", max_length=2)

    @field_validator("importer_country")
    @classmethod
    def known_country(cls, value: str) -> str:
        code = value.strip().upper()
        if code and not is_country(code):
            raise ValueError(BAD_COUNTRY)
        return code


class DownloadQuery(SearchQuery):
    format: Literal["csv", "xlsx"] = "csv"
