"""The lead-sourcing API's parameters (spec §3 and §5), their validation, and the response
schemas."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import date, datetime

from ninja import Schema
from pydantic import Field

from apps.core.errors import Problem, ValidationFailed
from apps.core.paging import Page, PageSize
from apps.core.schemas import RecordId
from apps.core.validation import SearchText, SingleLine
from apps.leads.models import Lead
from apps.market.countries import is_country
from apps.market.filters import BAD_COUNTRY, BAD_DATE, BAD_HS_CODE, parse_date
from apps.market.names import normalise_name

FILTER_REQUIRED = Problem("At least one of the filters is required", "filter_required")
REVENUE_RANGE = Problem("Revenue min must be smaller than or equal to revenue max", "revenue_range")
FOUNDED_YEAR_RANGE = Problem(
    "Founded year min must be smaller than or equal to founded year max", "founded_year_range"
)
COMPANY_SIZE_RANGE = Problem(
    "Company size min must be smaller than or equal to company size max", "company_size_range"
)
RETAIL_LOCATION_RANGE = Problem(
    "Retail location min must be smaller than or equal to retail location size max",
    "retail_location_range",
)
COMPANY_IDS_REQUIRED = Problem("Select at least one company", "company_ids_required")
NOT_NEGATIVE = Problem("Must be 0 or more", "not_negative")
BAD_SENIORITY = Problem("Unknown seniority", "seniority_unknown")
BAD_PRODUCT_CODE = BAD_HS_CODE

RANGES = (
    ("revenue", REVENUE_RANGE),
    ("founded_year", FOUNDED_YEAR_RANGE),
    ("company_size", COMPANY_SIZE_RANGE),
    ("retail_location", RETAIL_LOCATION_RANGE),
)


class Paging(Schema):
    page: Page = 1
    page_size: PageSize = 10


class CompanyQuery(Paging):
    """The company search's query string: lists are repeated keys (`countries=DE&countries=NL`)."""

    name: SearchText = ""
    company_name: SearchText = ""
    countries: list[SingleLine] = Field(default_factory=list)
    industries: list[SingleLine] = Field(default_factory=list)
    technology: list[SingleLine] = Field(default_factory=list)
    funding_stages: list[SingleLine] = Field(default_factory=list)
    funding_date: SingleLine = ""
    job_posting: bool | None = None
    job_posting_date: SingleLine = ""
    company_location: SearchText = ""
    revenue_min: int | None = None
    revenue_max: int | None = None
    company_size_min: int | None = None
    company_size_max: int | None = None
    founded_year_min: int | None = None
    founded_year_max: int | None = None
    retail_location_min: int | None = None
    retail_location_max: int | None = None
    business_type: list[SingleLine] = Field(default_factory=list)
    keyword: SearchText = ""
    imports_product: SearchText = ""
    imported_since: SingleLine = ""


class LeadQuery(Paging):
    # Database ids: a number past the largest one is refused here, not by the database.
    company_ids: list[RecordId] = Field(default_factory=list)
    name: SearchText = ""
    job_title: list[SearchText] = Field(default_factory=list)
    seniority: list[SingleLine] = Field(default_factory=list)
    lead_location: SearchText = ""
    countries: list[SingleLine] = Field(default_factory=list)
    keyword: SearchText = ""


@dataclass(frozen=True)
class CompanyFilters:
    """A validated company search; empty parts do not filter."""

    name: str = ""
    countries: tuple[str, ...] = ()
    industries: tuple[str, ...] = ()
    technologies: tuple[str, ...] = ()
    funding_stages: tuple[str, ...] = ()
    funded_since: date | None = None
    hiring: bool | None = None
    job_posted_since: date | None = None
    location: str = ""
    revenue_min: int | None = None
    revenue_max: int | None = None
    employees_min: int | None = None
    employees_max: int | None = None
    founded_year_min: int | None = None
    founded_year_max: int | None = None
    retail_locations_min: int | None = None
    retail_locations_max: int | None = None
    business_types: tuple[str, ...] = ()
    keyword: str = ""
    imports_product: str = ""
    imported_since: date | None = None

    @property
    def trade(self) -> bool:
        return bool(self.imports_product or self.imported_since)

    def cache_key(self) -> str:
        """The search without paging, for counting it once a day."""
        return "companies|" + "|".join(f"{key}={value}" for key, value in asdict(self).items())


@dataclass(frozen=True)
class LeadFilters:
    company_ids: tuple[int, ...]
    name: str = ""
    job_titles: tuple[str, ...] = ()
    seniorities: tuple[str, ...] = ()
    location: str = ""
    countries: tuple[str, ...] = ()
    keyword: str = ""

    def cache_key(self) -> str:
        return "leads|" + "|".join(f"{key}={value}" for key, value in asdict(self).items())


def _failed(problems: dict[str, list[str]]) -> ValidationFailed:
    return ValidationFailed(next(iter(problems.values()))[0], fields=problems)


def _words(values: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(" ".join(v.split()) for v in values if v.strip()))


def _countries(values: list[str], problems: dict[str, list[str]]) -> tuple[str, ...]:
    codes = tuple(dict.fromkeys(v.strip().upper() for v in values if v.strip()))
    if any(not is_country(code) for code in codes):
        problems["countries"] = [BAD_COUNTRY]
    return codes


def _date(query: Schema, name: str, problems: dict[str, list[str]]) -> date | None:
    text = str(getattr(query, name)).strip()
    if not text:
        return None
    parsed = parse_date(text)
    if parsed is None:
        problems[name] = [BAD_DATE]
    return parsed


def _ranges(query: CompanyQuery, problems: dict[str, list[str]]) -> None:
    for prefix, message in RANGES:
        low, high = getattr(query, f"{prefix}_min"), getattr(query, f"{prefix}_max")
        for name, value in ((f"{prefix}_min", low), (f"{prefix}_max", high)):
            if value is not None and value < 0:
                problems[name] = [NOT_NEGATIVE]
        if low is not None and high is not None and low > high:
            problems.setdefault(f"{prefix}_min", []).append(message)


def company_filters(query: CompanyQuery) -> CompanyFilters:
    """The validated search, or ValidationFailed with the spec's message per field."""
    problems: dict[str, list[str]] = {}
    _ranges(query, problems)
    product = " ".join(query.imports_product.split())
    if product.isdigit() and len(product) not in (2, 4, 6):
        problems["imports_product"] = [BAD_PRODUCT_CODE]
    filters = CompanyFilters(
        name=normalise_name(query.company_name or query.name),
        countries=_countries(query.countries, problems),
        industries=_words(query.industries),
        technologies=_words(query.technology),
        funding_stages=_words(query.funding_stages),
        funded_since=_date(query, "funding_date", problems),
        hiring=query.job_posting,
        job_posted_since=_date(query, "job_posting_date", problems),
        location=" ".join(query.company_location.split()),
        revenue_min=query.revenue_min,
        revenue_max=query.revenue_max,
        employees_min=query.company_size_min,
        employees_max=query.company_size_max,
        founded_year_min=query.founded_year_min,
        founded_year_max=query.founded_year_max,
        retail_locations_min=query.retail_location_min,
        retail_locations_max=query.retail_location_max,
        business_types=_words(query.business_type),
        keyword=" ".join(query.keyword.split()),
        imports_product=product,
        imported_since=_date(query, "imported_since", problems),
    )
    if filters == CompanyFilters() and not problems:
        problems["filters"] = [FILTER_REQUIRED]
    if problems:
        raise _failed(problems)
    return filters


def lead_filters(query: LeadQuery) -> LeadFilters:
    """The validated lead search: it runs only for chosen companies (`company_ids`)."""
    problems: dict[str, list[str]] = {}
    if not query.company_ids:
        problems["company_ids"] = [COMPANY_IDS_REQUIRED]
    seniorities = tuple(dict.fromkeys(v.strip().lower() for v in query.seniority if v.strip()))
    if any(value not in Lead.Seniority.values for value in seniorities):
        problems["seniority"] = [BAD_SENIORITY]
    countries = _countries(query.countries, problems)
    if problems:
        raise _failed(problems)
    return LeadFilters(
        company_ids=tuple(dict.fromkeys(query.company_ids)),
        name=" ".join(query.name.split()),
        job_titles=_words(query.job_title),
        seniorities=seniorities,
        location=" ".join(query.lead_location.split()),
        countries=countries,
        keyword=" ".join(query.keyword.split()),
    )


# Responses


class PageMeta(Schema):
    page: int
    page_size: int
    total: int


class CompanyPageMeta(PageMeta):
    """`total` is exact up to 1,000 matches; past that it may be the database's estimate."""

    total_is_estimate: bool = False


class CompanyOut(Schema):
    id: int
    name: str
    domain: str
    country: str
    city: str
    industries: list[str]
    technologies: list[str]
    keywords: list[str]
    funding_stage: str
    funding_date: date | None
    job_postings: int
    job_posting_date: date | None
    revenue_usd: int | None
    revenue_range: str
    employees: int | None
    founded_year: int | None
    retail_locations: int | None
    business_type: str
    description: str
    source: str
    source_date: date | None
    is_demo: bool
    shipment_count: int
    last_import_date: date | None


class CompaniesOut(Schema):
    data: list[CompanyOut]
    meta: CompanyPageMeta


class TradeTotal(Schema):
    shipments: int
    value_usd: float


class ProductTotal(TradeTotal):
    hs_code: str


class CountryTotal(TradeTotal):
    country: str


class YearTotal(TradeTotal):
    year: int


class MonthTotal(TradeTotal):
    month: str


class TradeSummaryOut(Schema):
    shipments: int
    value_usd: float
    last_shipment_date: date | None
    top_products: list[ProductTotal]
    partner_countries: list[CountryTotal]
    value_per_year: list[YearTotal]
    monthly: list[MonthTotal]


class CompanyDetailOut(CompanyOut):
    people_count: int
    trade: TradeSummaryOut | None
    trade_party_id: int | None  # its trade profile in market insights (`?party=`)


class CompanyDetailEnvelope(Schema):
    data: CompanyDetailOut
    meta: dict[str, object] = Field(default_factory=dict)


class LeadCompanyOut(Schema):
    id: int
    name: str
    domain: str
    country: str
    revenue_usd: int | None
    revenue_range: str
    employees: int | None
    is_demo: bool


class LeadOut(Schema):
    """A person as one user sees them: email and phone only once that user revealed them;
    `email_state` and `phone_state` are null (never asked), processing, found or not_found;
    `phone_state` is failed when the lookup's source never answered (refunded)."""

    id: int
    name: str
    first_name: str
    last_name: str
    social_url: str
    country: str
    location: str
    job_title: str
    seniority: str
    department: str
    company: LeadCompanyOut
    email: str | None
    email_status: str | None
    email_state: str | None
    phone: str | None
    phone_state: str | None
    requested_at: datetime | None


class LeadsOut(Schema):
    data: list[LeadOut]
    meta: PageMeta


class RevealMeta(Schema):
    message: str
    credits_charged: int


class RevealOut(Schema):
    data: LeadOut
    meta: RevealMeta
