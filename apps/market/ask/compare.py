"""Comparisons: two or more countries on one side of the trade ('Germany vs the Netherlands',
'sang Đức và Hà Lan', '德国和荷兰'), two or more years ('2023 and 2024', '2023年与2024年'),
goods ('cashew vs pepper') or companies on one side, each answered with its own figures side
by side."""

# ruff: noqa: RUF001

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date

from apps.market.ask.text import QuestionText, fold
from apps.market.filters import ShipmentFilters

# What joins the things compared: 'vs', 'and', 'compared with', 'và', 'so với', '和', '与', '对比'.
_JOIN = {
    "en": re.compile(
        r"^\s*(?:,|vs\.?|versus|v\.|and|or|against|compared (?:to|with)|&)\s*(?:the\s+|in\s+)?$"
    ),
    "vi": re.compile(r"^\s*(?:,|va|hay|hoac|voi|so voi|vs\.?|and)\s*(?:nam\s+|nuoc\s+)?$"),
    "zh": re.compile(r"^\s*(?:、|,|，|和|与|跟|及|同|对比|相比|比|vs\.?)\s*$"),
}
# Countries on either side of 'between' are the two sides of one trade, not a comparison.
_BETWEEN = re.compile(r"\bbetween\b|\bgiua\b|之间|两国")
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")


@dataclass(frozen=True)
class Goods:
    """Goods compared: as the question names them, their HS codes and the words no code
    carries."""

    name: str
    hs_codes: tuple[str, ...]
    details: str = ""


@dataclass(frozen=True)
class Comparison:
    """What is compared: `field` is 'importer_country', 'exporter_country', 'importer_name',
    'exporter_name', 'period' or 'goods'; each value a country code, a company name, a
    (start, end) period or goods."""

    field: str
    values: tuple[str | tuple[date, date] | Goods, ...]

    @property
    def is_union(self) -> bool:
        """Whether the search behind the comparison holds just what is compared (both years,
        both goods), not every country or company of that side."""
        return self.field in ("period", "goods")


def _joined(between: str, language: str) -> bool:
    return bool(_JOIN[language].match(between))


def joined_run(text: QuestionText, language: str, spans: list[tuple[int, int]]) -> list[int]:
    """The indexes of the first two or more spans written one after the other with only a
    joining word between them ('Germany vs the Netherlands', 'cashew and pepper'); []
    otherwise."""
    subject = text.low if language == "zh" else text.fold
    if len(spans) < 2:
        return []
    run = [0]
    for index in range(1, len(spans)):
        if _joined(subject[spans[run[-1]][1] : spans[index][0]], language):
            run.append(index)
        elif len(run) < 2:
            run = [index]
    return run if len(run) >= 2 else []


def compared_countries(
    text: QuestionText, language: str, countries: list[tuple[int, int, str]]
) -> list[str]:
    """The countries written one after the other with only a joining word between them
    ('Germany vs the Netherlands', 'to Germany and the Netherlands'): one side of the trade
    cannot be two countries at once, so each is searched on its own; [] otherwise."""
    subject = text.low if language == "zh" else text.fold
    if _BETWEEN.search(subject):
        return []
    run = joined_run(text, language, [(start, end) for start, end, _ in countries])
    codes = list(dict.fromkeys(countries[index][2] for index in run))
    return codes if len(codes) >= 2 else []


def compared_years(marked: str, language: str, last_date: date | None) -> list[tuple[date, date]]:
    """Whole years written one after the other with a joining word ('2023 and 2024', '2023年
    与2024年'), each as its period; a range ('2023 to 2024') is one period, not a comparison.
    The year still running ends at the data's last date."""
    subject = marked if language == "zh" else " ".join(fold(marked).split())
    years = list(_YEAR.finditer(subject))
    if len(years) < 2:
        return []
    run = [years[0]]
    for match in years[1:]:
        between = subject[run[-1].end() : match.start()].replace("年", "")
        if _joined(between, language):
            run.append(match)
        elif len(run) < 2:
            run = [match]
    values = sorted({int(match.group(1)) for match in run})
    if len(values) < 2:
        return []
    periods = []
    for year in values:
        end = date(year, 12, 31)
        if last_date is not None and last_date.year == year:
            end = min(end, last_date)
        periods.append((date(year, 1, 1), end))
    return periods


def variant(
    filters: ShipmentFilters, field: str, value: str | tuple[date, date] | Goods
) -> ShipmentFilters:
    """The search of one of the things compared."""
    if isinstance(value, tuple):
        return replace(filters, start_date=value[0], end_date=value[1])
    if isinstance(value, Goods):
        return replace(filters, hs_codes=value.hs_codes, product_details=value.details)
    if field == "importer_name":
        return replace(filters, importer_name=value)
    if field == "exporter_name":
        return replace(filters, exporter_name=value)
    if field == "importer_country":
        return replace(filters, importer_country=value)
    return replace(filters, exporter_country=value)
