"""The shipment search's parameters (spec §3 and §5) and the API's response schemas."""

from __future__ import annotations

from datetime import date
from typing import Literal

from ninja import Schema
from pydantic import Field, field_validator

from apps.core.errors import ValidationFailed
from apps.market.countries import is_country
from apps.market.filters import BAD_COUNTRY

PAGE_SIZES = (10, 25, 50, 100)

BAD_PAGE_SIZE = "Page size must be 10, 25, 50 or 100"
BAD_PAGE = "Page must be 1 or more"


class SearchQuery(Schema):
    """The query string of every shipments call; also the AI box's `filters`."""

    product_details: str = ""
    importer_name: str = ""
    exporter_name: str = ""
    start_date: str = ""
    end_date: str = ""
    importer_country: str = ""
    exporter_country: str = ""
    hs_code: list[str] = Field(default_factory=list)


class PagedSearchQuery(SearchQuery):
    page: str = "1"
    page_size: str = "10"


def paging(query: PagedSearchQuery) -> tuple[int, int]:
    """(page, page_size), or ValidationFailed."""
    problems: dict[str, list[str]] = {}
    page = int(query.page) if query.page.strip().isdigit() else 0
    size = int(query.page_size) if query.page_size.strip().isdigit() else 0
    if page < 1:
        problems["page"] = [BAD_PAGE]
    if size not in PAGE_SIZES:
        problems["page_size"] = [BAD_PAGE_SIZE]
    if problems:
        raise ValidationFailed(next(iter(problems.values()))[0], fields=problems)
    return page, size


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


class HSSuggestQuery(Schema):
    q: str = Field("", max_length=100)
    lang: Literal["en", "vi", "zh"] = "en"
    limit: int = Field(8, ge=1, le=20)


class HSSuggestionOut(Schema):
    code: str
    name: str
    level: int


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
