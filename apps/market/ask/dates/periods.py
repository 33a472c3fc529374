"""Calendar periods (years, quarters, halves, months, the last N of them) and the number and
month words the period rules read."""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, timedelta


def year_range(year: int) -> tuple[date, date]:
    return date(year, 1, 1), date(year, 12, 31)


def month_range(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def quarter_range(year: int, quarter: int) -> tuple[date, date]:
    first = 3 * (quarter - 1) + 1
    return date(year, first, 1), month_range(year, first + 2)[1]


def minus_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def recent_month(month: int, today: date) -> int:
    """The year of the latest `month` that has begun by `today`."""
    return today.year if month <= today.month else today.year - 1


def recent_quarter(quarter: int, today: date) -> int:
    return today.year if 3 * (quarter - 1) + 1 <= today.month else today.year - 1


def last_quarter(today: date) -> tuple[date, date]:
    quarter = (today.month - 1) // 3 + 1
    if quarter == 1:
        return quarter_range(today.year - 1, 4)
    return quarter_range(today.year, quarter - 1)


def this_quarter(today: date) -> tuple[date, date]:
    quarter = (today.month - 1) // 3 + 1
    return quarter_range(today.year, quarter)[0], today


def last_month(today: date) -> tuple[date, date]:
    previous = minus_months(today.replace(day=1), 1)
    return month_range(previous.year, previous.month)


def months_back(today: date, count: int, unit: str) -> tuple[date, date]:
    if unit in {"day", "ngay", "天", "日"}:
        return today - timedelta(days=count), today
    if unit in {"week", "tuan", "周", "星期"}:
        return today - timedelta(weeks=count), today
    if unit in {"year", "nam", "年"}:
        return minus_months(today, 12 * count), today
    return minus_months(today, count), today


_EN_MONTHS = {
    name: index
    for index, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
EN_MONTH = "(" + "|".join(sorted(_EN_MONTHS, key=len, reverse=True)) + r")\.?"
_WORD_NUMBERS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "eighteen": 18,
    "twenty-four": 24,
    "mot": 1,
    "hai": 2,
    "ba": 3,
    "bon": 4,
    "sau": 6,
    "chin": 9,
    "muoi": 10,
    "muoi hai": 12,
}
_ORDINALS = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "i": 1,
    "ii": 2,
    "iii": 3,
    "iv": 4,
}
_ZH_DIGITS = {
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "十": 10,
}


def read_number(word: str) -> int:
    word = word.strip()
    if word.isdigit():
        return int(word)
    if word in _WORD_NUMBERS:
        return _WORD_NUMBERS[word]
    if word in _ORDINALS:
        return _ORDINALS[word]
    if word and all(char in _ZH_DIGITS for char in word):
        if word == "十":
            return 10
        if word.startswith("十"):
            return 10 + _ZH_DIGITS[word[1]]
        if "十" in word:
            tens, _, ones = word.partition("十")
            return _ZH_DIGITS[tens] * 10 + (_ZH_DIGITS[ones] if ones else 0)
        return _ZH_DIGITS[word[0]]
    raise ValueError(word)


Rule = tuple[re.Pattern[str], Callable[[re.Match[str], date], tuple[date, date]]]


def en_month(name: str) -> int:
    return _EN_MONTHS[name.rstrip(".")]


def months_span(first: int, last: int, year: int | None, t: date) -> tuple[date, date]:
    """From month `first` to month `last`; the year written once counts for both ends (the end
    year when the range crosses New Year: 'from November to February 2025')."""
    if year is None:
        year = recent_month(last, t)
    start_year = year if first <= last else year - 1
    return month_range(start_year, first)[0], month_range(year, last)[1]


def half_range(year: int, half: int) -> tuple[date, date]:
    return (
        (date(year, 1, 1), date(year, 6, 30))
        if half == 1
        else (date(year, 7, 1), date(year, 12, 31))
    )


def recent_half(half: int, t: date) -> int:
    return t.year if half == 1 or t.month >= 7 else t.year - 1
