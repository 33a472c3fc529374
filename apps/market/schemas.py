"""The shipment search's parameters (spec §3 and §5) and the API's response schemas."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from ninja import Schema
from pydantic import Field, field_validator

from apps.core.errors import ValidationFailed
from apps.market.ask import product_synonyms
from apps.market.countries import is_country
from apps.market.index import ShipmentFilters

PAGE_SIZES = (10, 25, 50, 100)
DATE_FORMATS = ("%d-%m-%Y", "%d/%m/%Y", "%Y-%m-%d")

PARTY_OR_PRODUCT_REQUIRED = "At least one of the fields product, importer, or exporter is required"
DATES_REQUIRED = "Please enter the start and end date"
START_REQUIRED = "Start date is required"
END_REQUIRED = "End date is required"
START_AFTER_END = "Start date must be before or equal to end date"
BAD_DATE = "Use dd-MM-yyyy or dd/MM/yyyy"
BAD_COUNTRY = "Unknown country code"
BAD_HS_CODE = "HS codes have 2, 4 or 6 digits"
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


def parse_date(text: str) -> date | None:
    for pattern in DATE_FORMATS:
        try:
            return datetime.strptime(text.strip(), pattern).date()
        except ValueError:
            continue
    return None


def _dates(query: SearchQuery, problems: dict[str, list[str]]) -> tuple[date, date] | None:
    start_text, end_text = query.start_date.strip(), query.end_date.strip()
    if not start_text and not end_text:
        problems["start_date"] = [DATES_REQUIRED]
        problems["end_date"] = [DATES_REQUIRED]
        return None
    if not start_text:
        problems["start_date"] = [START_REQUIRED]
    if not end_text:
        problems["end_date"] = [END_REQUIRED]
    start, end = parse_date(start_text), parse_date(end_text)
    if start_text and start is None:
        problems["start_date"] = [BAD_DATE]
    if end_text and end is None:
        problems["end_date"] = [BAD_DATE]
    if start and end and start > end:
        problems["start_date"] = [START_AFTER_END]
    return (start, end) if start and end and start <= end else None


def _country(text: str, field: str, problems: dict[str, list[str]]) -> str:
    code = text.strip().upper()
    if code and not is_country(code):
        problems[field] = [BAD_COUNTRY]
    return code


def _hs_codes(values: list[str], problems: dict[str, list[str]]) -> tuple[str, ...]:
    codes = tuple(dict.fromkeys(v.strip() for v in values if v.strip()))
    if any(not (code.isdigit() and len(code) in (2, 4, 6)) for code in codes):
        problems["hs_code"] = [BAD_HS_CODE]
    return codes


def search_filters(query: SearchQuery) -> ShipmentFilters:
    """The validated search, or ValidationFailed with the spec's message per field."""
    problems: dict[str, list[str]] = {}
    hs_codes = _hs_codes(query.hs_code, problems)
    texts = (query.product_details, query.importer_name, query.exporter_name)
    if not any(text.strip() for text in texts) and not hs_codes:
        problems["product_details"] = [PARTY_OR_PRODUCT_REQUIRED]
    dates = _dates(query, problems)
    importer_country = _country(query.importer_country, "importer_country", problems)
    exporter_country = _country(query.exporter_country, "exporter_country", problems)
    if problems or dates is None:
        first = next(iter(problems.values()))[0]
        raise ValidationFailed(first, fields=problems)
    return ShipmentFilters(
        start_date=dates[0],
        end_date=dates[1],
        product_details=query.product_details.strip(),
        product_synonyms=product_synonyms(query.product_details),
        importer_name=query.importer_name.strip(),
        exporter_name=query.exporter_name.strip(),
        importer_country=importer_country,
        exporter_country=exporter_country,
        hs_codes=hs_codes,
    )


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


def filters_as_query(filters: ShipmentFilters) -> dict[str, object]:
    """A search as the API's parameters (dates as dd-MM-yyyy), e.g. for the AI box's answer."""
    return {
        "product_details": filters.product_details,
        "importer_name": filters.importer_name,
        "exporter_name": filters.exporter_name,
        "start_date": filters.start_date.strftime("%d-%m-%Y"),
        "end_date": filters.end_date.strftime("%d-%m-%Y"),
        "importer_country": filters.importer_country,
        "exporter_country": filters.exporter_country,
        "hs_code": list(filters.hs_codes),
    }


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
