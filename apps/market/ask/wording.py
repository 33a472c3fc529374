"""How the AI box writes figures, countries and periods in the question's language (Babel's
number and currency formats), for the answer and the figures it gives."""

from __future__ import annotations

import calendar
from datetime import date
from typing import Any

from babel.numbers import format_currency, format_decimal

from apps.market.ask.dates import month_range
from apps.market.countries import country_name

_BABEL_LOCALES = {"en": "en", "vi": "vi", "zh": "zh_Hans"}


def _locale(language: str) -> str:
    return _BABEL_LOCALES.get(language, "en")


def _country(code: str, language: str) -> str:
    short = {
        "en": {
            "HK": "Hong Kong",
            "US": "the United States",
            "NL": "the Netherlands",
            "GB": "the United Kingdom",
            "AE": "the United Arab Emirates",
        },
        "vi": {"HK": "Hồng Kông"},
        "zh": {"HK": "香港"},
    }[language]
    return short.get(code) or country_name(code, language)


def _count(value: Any, language: str) -> str:
    return format_decimal(value, format="#,##0", locale=_locale(language))


def _money(value: Any, language: str, *, cents: bool = False) -> str:
    if cents:
        return format_currency(value, "USD", locale=_locale(language))
    pattern = "#,##0 ¤" if language == "vi" else "¤#,##0"
    return format_currency(
        value, "USD", format=pattern, locale=_locale(language), currency_digits=False
    )


def period_words(start: date, end: date, language: str) -> str:
    """A period as a sentence says it: 'in 2024', 'in Q1 2024', 'from 3 Jan 2024 to ...'."""
    whole_end = end == month_range(end.year, end.month)[1]
    if start.day == 1 and whole_end and start.year == end.year:
        if start.month == 1 and end.month == 12:
            return {"en": f"in {start.year}", "vi": f"năm {start.year}", "zh": f"{start.year}年"}[
                language
            ]
        if start.month % 3 == 1 and end.month == start.month + 2:
            quarter = (start.month - 1) // 3 + 1
            zh_quarter = "一二三四"[quarter - 1]
            return {
                "en": f"in Q{quarter} {start.year}",
                "vi": f"quý {quarter}/{start.year}",
                "zh": f"{start.year}年第{zh_quarter}季度",
            }[language]
        if start.month == end.month:
            month_name = calendar.month_name[start.month]
            return {
                "en": f"in {month_name} {start.year}",
                "vi": f"tháng {start.month}/{start.year}",
                "zh": f"{start.year}年{start.month}月",
            }[language]
    if language == "vi":
        return f"từ {start:%d/%m/%Y} đến {end:%d/%m/%Y}"
    if language == "zh":
        return f"{start.year}年{start.month}月{start.day}日至{end.year}年{end.month}月{end.day}日"
    return (
        f"from {start.day} {calendar.month_abbr[start.month]} {start.year} "
        f"to {end.day} {calendar.month_abbr[end.month]} {end.year}"
    )


def period_label(start: date, end: date, language: str) -> str:
    """A period as a label says it: '2024', 'Q1 2024', '3 Jan 2024 to ...'."""
    period = period_words(start, end, language)
    for prefix in ("in ", "from "):
        if language == "en" and period.startswith(prefix):
            return period[len(prefix) :]
    return period


def _figure(statistics: dict[str, Any], key: str) -> Any:
    value = statistics.get(key)
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None
