"""A shipment search: its filters, and how the API's parameters become them (spec §3 and §5,
with the spec's message for each field that is wrong)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cached_property
from typing import Protocol

from apps.core.errors import Problem, ValidationFailed
from apps.core.validation import search_text_problem
from apps.market.countries import is_country
from apps.market.lexicon.search import ProductQuery, product_query
from apps.market.names import normalise_name

DATE_FORMATS = ("%d-%m-%Y", "%d/%m/%Y", "%Y-%m-%d")
# How the API writes a search's dates, e.g. in the AI box's answer and a saved search.
DATE_TEXT = "%d-%m-%Y"

PARTY_OR_PRODUCT_REQUIRED = Problem(
    "At least one of the fields product, importer, or exporter is required",
    "party_or_product_required",
)
DATES_REQUIRED = Problem("Please enter the start and end date", "dates_required")
START_REQUIRED = Problem("Start date is required", "start_date_required")
END_REQUIRED = Problem("End date is required", "end_date_required")
START_AFTER_END = Problem("Start date must be before or equal to end date", "start_after_end")
BAD_DATE = Problem("Use dd-MM-yyyy or dd/MM/yyyy", "date_invalid")
BAD_COUNTRY = Problem("Unknown country code", "country_unknown")
BAD_HS_CODE = Problem("HS codes have 2, 4 or 6 digits", "hs_code_invalid")
PRODUCT_NEEDS_LETTERS = Problem(
    "Enter a product name, or an HS code of 2 to 10 digits", "product_needs_letters"
)
HS_TEXT_OUTSIDE_CODES = Problem(
    "This HS code is outside the chosen HS codes", "hs_code_outside_chosen"
)
NAME_NEEDS_LETTERS = Problem("A company name must contain letters", "name_needs_letters")
# The search's fields as the API and the address bar name them, in the address's order: the
# one list the AI box's reading, the market insights address and filters_as_query follow.
SEARCH_FIELDS = (
    "product_details",
    "importer_name",
    "exporter_name",
    "start_date",
    "end_date",
    "importer_country",
    "exporter_country",
    "hs_code",
)
# An HS code as people write it in a product field: 2 to 10 digits ("0901", "0901.11").
HS_TEXT_DIGITS = range(2, 11)


@dataclass(frozen=True)
class ShipmentFilters:
    """A validated search: dates are required; every other part may be empty."""

    start_date: date
    end_date: date
    product_details: str = ""
    importer_name: str = ""
    exporter_name: str = ""
    importer_country: str = ""
    exporter_country: str = ""
    hs_codes: tuple[str, ...] = field(default_factory=tuple)

    @cached_property
    def product(self) -> ProductQuery:
        """What the product text asks for, read once by the lexicon (`product_query`): every
        index adapter takes this reading instead of reading the text again."""
        return product_query(self.product_details)

    def cache_key(self) -> str:
        """The search without paging, for counting it once a day."""
        parts = [
            self.start_date.isoformat(),
            self.end_date.isoformat(),
            normalise_name(self.product_details),
            normalise_name(self.importer_name),
            normalise_name(self.exporter_name),
            self.importer_country,
            self.exporter_country,
            ",".join(sorted(self.hs_codes)),
        ]
        return "|".join(parts)

    @classmethod
    def for_product(cls, product: str, *, start: date, end: date) -> ShipmentFilters:
        """The shipments of `product` (a name in any language, or an HS code, read as the
        search reads its product field) from `start` to `end`; every shipment of those days
        without a product. ValidationFailed, with the search's message, for a product the
        search refuses."""
        if not product.strip():
            return cls(start_date=start, end_date=end)
        return _checked_between(_Texts(product_details=product), start, end)

    @classmethod
    def checked(cls, search: Search) -> ShipmentFilters:
        """`search` (e.g. as the AI box read a question) checked as the API checks its
        parameters: ValidationFailed, with the spec's message per field, when it is wrong."""
        texts = _Texts(
            product_details=search.product_details,
            importer_name=search.importer_name,
            exporter_name=search.exporter_name,
            importer_country=search.importer_country,
            exporter_country=search.exporter_country,
            hs_code=list(search.hs_codes),
        )
        return _checked_between(texts, search.start_date, search.end_date)


class _Fields(Protocol):
    """A search's texts and countries, which every form of a search names alike."""

    @property
    def product_details(self) -> str: ...
    @property
    def importer_name(self) -> str: ...
    @property
    def exporter_name(self) -> str: ...
    @property
    def importer_country(self) -> str: ...
    @property
    def exporter_country(self) -> str: ...


class Search(_Fields, Protocol):
    """A search's fields as ShipmentFilters holds them, checked or not yet."""

    @property
    def start_date(self) -> date: ...
    @property
    def end_date(self) -> date: ...
    @property
    def hs_codes(self) -> tuple[str, ...]: ...


class SearchTexts(_Fields, Protocol):
    """A search's fields besides its dates, as the API receives them."""

    @property
    def hs_code(self) -> list[str]: ...


class SearchParameters(SearchTexts, Protocol):
    """A search as the API receives it (the query string of the shipments calls)."""

    @property
    def start_date(self) -> str: ...
    @property
    def end_date(self) -> str: ...


@dataclass(frozen=True)
class _Texts:
    product_details: str = ""
    importer_name: str = ""
    exporter_name: str = ""
    importer_country: str = ""
    exporter_country: str = ""
    hs_code: list[str] = field(default_factory=list)


def parse_date(text: str) -> date | None:
    for pattern in DATE_FORMATS:
        try:
            return datetime.strptime(text.strip(), pattern).date()
        except ValueError:
            continue
    return None


def _dates(query: SearchParameters, problems: dict[str, list[str]]) -> tuple[date, date] | None:
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
    return _ordered(start, end, problems) if start and end else None


def _ordered(start: date, end: date, problems: dict[str, list[str]]) -> tuple[date, date] | None:
    if start > end:
        problems["start_date"] = [START_AFTER_END]
        return None
    return start, end


def _country(text: str, field: str, problems: dict[str, list[str]]) -> str:
    code = text.strip().upper()
    if code and not is_country(code):
        problems[field] = [BAD_COUNTRY]
    return code


def _hs_codes(values: list[str], problems: dict[str, list[str]]) -> tuple[str, ...]:
    codes = tuple(dict.fromkeys(v.strip() for v in values if v.strip()))
    if any(not (code.isascii() and code.isdigit() and len(code) in (2, 4, 6)) for code in codes):
        problems["hs_code"] = [BAD_HS_CODE]
    return codes


def _texts(query: SearchTexts, problems: dict[str, list[str]]) -> None:
    # Bounded before any query is built: each word of a text is one more condition.
    for name in ("product_details", "importer_name", "exporter_name"):
        problem = search_text_problem(getattr(query, name))
        if problem:
            problems[name] = [problem]


def _has_letters(text: str) -> bool:
    return any(char.isalpha() for char in text)


def _hs_code_in_text(text: str) -> str | None:
    """The HS code a text of digits names, written with spaces or dots or not."""
    code = "".join(text.split()).replace(".", "")
    digits = code.isascii() and code.isdigit()
    return code if digits and len(code) in HS_TEXT_DIGITS else None


def _narrowed(code: str, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """The codes both within `code` and within one of the `chosen` codes (all when none is
    chosen): the longer prefix of each pair where one starts the other."""
    if not chosen:
        return (code,)
    pairs = (c for c in chosen if c.startswith(code) or code.startswith(c))
    return tuple(dict.fromkeys(max(code, c, key=len) for c in pairs))


def _product_text(
    text: str, hs_codes: tuple[str, ...], problems: dict[str, list[str]]
) -> tuple[str, tuple[str, ...]]:
    """The product text and HS codes to search. A text without letters names no product word,
    so it would match every shipment: digits are read as an HS code (as the HS code filter
    reads it, within the codes chosen there), anything else is refused."""
    if not text or _has_letters(text) or "product_details" in problems:
        return text, hs_codes
    code = _hs_code_in_text(text)
    if code is None:
        problems["product_details"] = [PRODUCT_NEEDS_LETTERS]
        return text, hs_codes
    narrowed = _narrowed(code, hs_codes)
    if not narrowed:
        problems["product_details"] = [HS_TEXT_OUTSIDE_CODES]
    return "", narrowed


def _party_names(query: SearchTexts, problems: dict[str, list[str]]) -> None:
    # A name without letters ("123", "-") matches parties by fragments of other names.
    for name in ("importer_name", "exporter_name"):
        text = getattr(query, name).strip()
        if text and not _has_letters(text) and name not in problems:
            problems[name] = [NAME_NEEDS_LETTERS]


def search_filters(query: SearchParameters) -> ShipmentFilters:
    """The validated search, or ValidationFailed with the spec's message per field."""
    return _checked(query, lambda problems: _dates(query, problems))


DateRange = Callable[[dict[str, list[str]]], "tuple[date, date] | None"]


def _checked_between(texts: SearchTexts, start: date, end: date) -> ShipmentFilters:
    """`texts` over the days from `start` to `end`, checked as the API's parameters are."""
    return _checked(texts, lambda problems: _ordered(start, end, problems))


def _checked(query: SearchTexts, date_range: DateRange) -> ShipmentFilters:
    """The search of `query`'s fields over the days `date_range` gives (noting its problems),
    or ValidationFailed with the message of each field that is wrong."""
    problems: dict[str, list[str]] = {}
    hs_codes = _hs_codes(query.hs_code, problems)
    texts = (query.product_details, query.importer_name, query.exporter_name)
    if not any(text.strip() for text in texts) and not hs_codes:
        problems["product_details"] = [PARTY_OR_PRODUCT_REQUIRED]
    _texts(query, problems)
    product_details, hs_codes = _product_text(query.product_details.strip(), hs_codes, problems)
    _party_names(query, problems)
    dates = date_range(problems)
    importer_country = _country(query.importer_country, "importer_country", problems)
    exporter_country = _country(query.exporter_country, "exporter_country", problems)
    if problems or dates is None:
        first = next(iter(problems.values()))[0]
        raise ValidationFailed(first, fields=problems)
    return ShipmentFilters(
        start_date=dates[0],
        end_date=dates[1],
        product_details=product_details,
        importer_name=query.importer_name.strip(),
        exporter_name=query.exporter_name.strip(),
        importer_country=importer_country,
        exporter_country=exporter_country,
        hs_codes=hs_codes,
    )


def date_text(day: date) -> str:
    """A day as the API writes it (dd-MM-yyyy)."""
    return day.strftime(DATE_TEXT)


def filters_as_query(filters: Search) -> dict[str, object]:
    """A search as the API's parameters (dates as dd-MM-yyyy), e.g. for the AI box's answer."""
    return {
        "product_details": filters.product_details,
        "importer_name": filters.importer_name,
        "exporter_name": filters.exporter_name,
        "start_date": date_text(filters.start_date),
        "end_date": date_text(filters.end_date),
        "importer_country": filters.importer_country,
        "exporter_country": filters.exporter_country,
        "hs_code": list(filters.hs_codes),
    }
