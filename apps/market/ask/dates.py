"""The period a question names, in English, Vietnamese or Chinese, relative to today; and the
filters' date format."""

# ruff: noqa: RUF001

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, timedelta

from apps.market.ask.text import fold, lower

DATE_FORMAT = "%d-%m-%Y"


def _year_range(year: int) -> tuple[date, date]:
    return date(year, 1, 1), date(year, 12, 31)


def month_range(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def _quarter_range(year: int, quarter: int) -> tuple[date, date]:
    first = 3 * (quarter - 1) + 1
    return date(year, first, 1), month_range(year, first + 2)[1]


def _minus_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _recent_month(month: int, today: date) -> int:
    """The year of the latest `month` that has begun by `today`."""
    return today.year if month <= today.month else today.year - 1


def _recent_quarter(quarter: int, today: date) -> int:
    return today.year if 3 * (quarter - 1) + 1 <= today.month else today.year - 1


def _last_quarter(today: date) -> tuple[date, date]:
    quarter = (today.month - 1) // 3 + 1
    if quarter == 1:
        return _quarter_range(today.year - 1, 4)
    return _quarter_range(today.year, quarter - 1)


def _this_quarter(today: date) -> tuple[date, date]:
    quarter = (today.month - 1) // 3 + 1
    return _quarter_range(today.year, quarter)[0], today


def _last_month(today: date) -> tuple[date, date]:
    previous = _minus_months(today.replace(day=1), 1)
    return month_range(previous.year, previous.month)


def _back(today: date, count: int, unit: str) -> tuple[date, date]:
    if unit in {"day", "ngay", "天", "日"}:
        return today - timedelta(days=count), today
    if unit in {"week", "tuan", "周", "星期"}:
        return today - timedelta(weeks=count), today
    if unit in {"year", "nam", "年"}:
        return _minus_months(today, 12 * count), today
    return _minus_months(today, count), today


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
_EN_MONTH = "(" + "|".join(sorted(_EN_MONTHS, key=len, reverse=True)) + r")\.?"
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


def _number(word: str) -> int:
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


_Rule = tuple[re.Pattern[str], Callable[[re.Match[str], date], tuple[date, date]]]


def _en_month(name: str) -> int:
    return _EN_MONTHS[name.rstrip(".")]


def _months_span(first: int, last: int, year: int | None, t: date) -> tuple[date, date]:
    """From month `first` to month `last`; the year written once counts for both ends (the end
    year when the range crosses New Year: 'from November to February 2025')."""
    if year is None:
        year = _recent_month(last, t)
    start_year = year if first <= last else year - 1
    return month_range(start_year, first)[0], month_range(year, last)[1]


def _half(year: int, half: int) -> tuple[date, date]:
    return (
        (date(year, 1, 1), date(year, 6, 30))
        if half == 1
        else (date(year, 7, 1), date(year, 12, 31))
    )


def _recent_half(half: int, t: date) -> int:
    return t.year if half == 1 or t.month >= 7 else t.year - 1


_NUM_EN = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen)"
_EN_RANGE_SEP = r"\s*(?:to|and|until|till|through|thru|-|–|—)\s*"
_EN_RULES: list[_Rule] = [
    (
        re.compile(
            rf"\b(?:from|between)\s+{_EN_MONTH}\s+(\d{{4}})\s+(?:to|and|until|-|–)\s+{_EN_MONTH}\b(?!\s*,?\s*\d{{4}})"
        ),
        lambda m, t: (
            month_range(int(m[2]), _en_month(m[1]))[0],
            month_range(
                int(m[2]) + (1 if _en_month(m[3]) < _en_month(m[1]) else 0), _en_month(m[3])
            )[1],
        ),
    ),
    (
        re.compile(
            rf"\b(?:from\s+|between\s+)?{_EN_MONTH}{_EN_RANGE_SEP}{_EN_MONTH}\s*,?\s*(?:of\s+)?((?:19|20)\d{{2}})\b"
        ),
        lambda m, t: _months_span(_en_month(m[1]), _en_month(m[2]), int(m[3]), t),
    ),
    (
        re.compile(rf"\b(?:from|between)\s+{_EN_MONTH}{_EN_RANGE_SEP}{_EN_MONTH}(?!\w)"),
        lambda m, t: _months_span(_en_month(m[1]), _en_month(m[2]), None, t),
    ),
    (
        re.compile(r"\b(?:h([12])|(first|second) half(?: of)?)\s*,?\s*((?:19|20)\d{2})\b"),
        lambda m, t: _half(int(m[3]), int(m[1]) if m[1] else (1 if m[2] == "first" else 2)),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\s*h([12])\b"),
        lambda m, t: _half(int(m[1]), int(m[2])),
    ),
    (
        re.compile(r"\b(?:h([12])|(first|second) half(?: of the year)?)\b"),
        lambda m, t: (lambda h: _half(_recent_half(h, t), h))(
            int(m[1]) if m[1] else (1 if m[2] == "first" else 2)
        ),
    ),
    (
        re.compile(
            rf"\b(?:from|between)\s+{_EN_MONTH}\s+(\d{{4}})\s+(?:to|and|until|-|–)\s+"
            rf"{_EN_MONTH}\s+(\d{{4}})\b"
        ),
        lambda m, t: (
            month_range(int(m[2]), _en_month(m[1]))[0],
            month_range(int(m[4]), _en_month(m[3]))[1],
        ),
    ),
    (
        re.compile(
            r"\b(?:from|between)?\s*((?:19|20)\d{2})\s*(?:to|and|until|-|–)\s*"
            r"((?:19|20)\d{2})\b"
        ),
        lambda m, t: (date(int(m[1]), 1, 1), date(int(m[2]), 12, 31)),
    ),
    (
        re.compile(rf"\b(?:since|starting(?: from| in)?|from)\s+{_EN_MONTH}\s+(\d{{4}})\b"),
        lambda m, t: (date(int(m[2]), _en_month(m[1]), 1), t),
    ),
    (
        re.compile(r"\b(?:since|starting(?: from| in)?)\s+((?:19|20)\d{2})\b"),
        lambda m, t: (date(int(m[1]), 1, 1), t),
    ),
    (
        re.compile(rf"\bsince\s+{_EN_MONTH}(?!\w)"),
        lambda m, t: (date(_recent_month(_en_month(m[1]), t), _en_month(m[1]), 1), t),
    ),
    (
        re.compile(rf"\b(?:last|past|previous|recent)\s+{_NUM_EN}\s+(month|week|day|year)s?\b"),
        lambda m, t: _back(t, _number(m[1]), m[2]),
    ),
    (
        re.compile(r"\bq([1-4])\s*(?:of\s+|/|-)?\s*((?:19|20)\d{2})\b"),
        lambda m, t: _quarter_range(int(m[2]), int(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\s*[-/]?\s*q([1-4])\b"),
        lambda m, t: _quarter_range(int(m[1]), int(m[2])),
    ),
    (
        re.compile(
            r"\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?"
            r"((?:19|20)\d{2})\b"
        ),
        lambda m, t: _quarter_range(int(m[2]), _number(m[1])),
    ),
    (re.compile(r"\b(?:last|previous|past)\s+quarter\b"), lambda m, t: _last_quarter(t)),
    (re.compile(r"\b(?:this|current)\s+quarter\b"), lambda m, t: _this_quarter(t)),
    (
        re.compile(r"\bq([1-4])\b"),
        lambda m, t: _quarter_range(_recent_quarter(int(m[1]), t), int(m[1])),
    ),
    (
        re.compile(r"\b(first|second|third|fourth)\s+quarter\b"),
        lambda m, t: _quarter_range(_recent_quarter(_number(m[1]), t), _number(m[1])),
    ),
    (re.compile(r"\b(?:last|previous|past)\s+month\b"), lambda m, t: _last_month(t)),
    (re.compile(r"\b(?:this|current)\s+month\b"), lambda m, t: (t.replace(day=1), t)),
    (
        re.compile(r"\byear before last\b"),
        lambda m, t: _year_range(t.year - 2),
    ),
    (
        re.compile(r"\b(?:last|previous|past)\s+year\b"),
        lambda m, t: _year_range(t.year - 1),
    ),
    (
        re.compile(r"\b(?:this year|current year|year to date|ytd|so far this year)\b"),
        lambda m, t: (date(t.year, 1, 1), t),
    ),
    (
        re.compile(rf"\b{_EN_MONTH}\s*,?\s+((?:19|20)\d{{2}})\b"),
        lambda m, t: month_range(int(m[2]), _en_month(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})-(0[1-9]|1[0-2])\b"),
        lambda m, t: month_range(int(m[1]), int(m[2])),
    ),
    (
        re.compile(
            r"\bin\s+(january|february|march|april|june|july|august|september|october|"
            r"november|december)\b"
        ),
        lambda m, t: month_range(_recent_month(_en_month(m[1]), t), _en_month(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\b"),
        lambda m, t: _year_range(int(m[1])),
    ),
]

_VI_MY = r"thang\s*(\d{1,2})\s*(?:/|-|\.|\s+nam\s+|\s+)\s*(\d{4})"
_VI_RULES: list[_Rule] = [
    (
        re.compile(
            r"\b(?:tu\s+)?thang\s*(\d{1,2})\s*(?:den|toi|-|–)\s*(?:het\s+)?(?:thang\s*)?(\d{1,2})"
            r"\s*(?:/|-|\.|\s+nam\s+|\s+)\s*(\d{4})"
        ),
        lambda m, t: _months_span(int(m[1]), int(m[2]), int(m[3]), t),
    ),
    (
        re.compile(
            rf"\btu\s+{_VI_MY}\s+(?:den|toi|-)\s+(?:het\s+)?thang\s*(\d{{1,2}})\b(?!\s*(?:/|-|nam))"
        ),
        lambda m, t: _months_span(
            int(m[1]), int(m[3]), int(m[2]) + (1 if int(m[3]) < int(m[1]) else 0), t
        ),
    ),
    (
        re.compile(r"\btu\s+thang\s*(\d{1,2})\s+(?:den|toi)\s+(?:het\s+)?thang\s*(\d{1,2})\b"),
        lambda m, t: _months_span(int(m[1]), int(m[2]), None, t),
    ),
    (
        re.compile(r"\b(?:6|sau) thang (dau|cuoi) (?:cua\s+)?nam\s*(\d{4})"),
        lambda m, t: _half(int(m[2]), 1 if m[1] == "dau" else 2),
    ),
    (
        re.compile(r"\bnua (dau|cuoi|sau) (?:cua\s+)?nam\s*(\d{4})"),
        lambda m, t: _half(int(m[2]), 1 if m[1] == "dau" else 2),
    ),
    (
        re.compile(r"\b(?:6|sau) thang (dau|cuoi) nam\b"),
        lambda m, t: (lambda h: _half(_recent_half(h, t), h))(1 if m[1] == "dau" else 2),
    ),
    (
        re.compile(rf"\btu\s+{_VI_MY}\s+(?:den|toi)\s+{_VI_MY}"),
        lambda m, t: (
            month_range(int(m[2]), int(m[1]))[0],
            month_range(int(m[4]), int(m[3]))[1],
        ),
    ),
    (
        re.compile(r"\btu\s+(?:nam\s+)?(\d{4})\s+(?:den|toi|-)\s+(?:nam\s+)?(\d{4})"),
        lambda m, t: (date(int(m[1]), 1, 1), date(int(m[2]), 12, 31)),
    ),
    (
        re.compile(rf"\b(?:ke\s+)?tu\s+{_VI_MY}"),
        lambda m, t: (date(int(m[2]), int(m[1]), 1), t),
    ),
    (
        re.compile(r"\b(?:ke\s+)?tu\s+thang\s*(\d{1,2})\b"),
        lambda m, t: (date(_recent_month(int(m[1]), t), int(m[1]), 1), t),
    ),
    (
        re.compile(r"\b(?:ke\s+)?tu\s+(?:dau\s+)?nam\s+(\d{4})"),
        lambda m, t: (date(int(m[1]), 1, 1), t),
    ),
    (re.compile(r"\btu\s+dau\s+nam\b"), lambda m, t: (date(t.year, 1, 1), t)),
    (
        re.compile(
            r"\b(\d+|hai|ba|bon|sau|chin|muoi hai|muoi)\s+(thang|tuan|ngay|nam)\s+"
            r"(?:qua|gan day|gan nhat|vua qua|truoc|lai day|tro lai day)"
        ),
        lambda m, t: _back(t, _number(m[1]), m[2]),
    ),
    (
        re.compile(r"\b(?:trong|trong vong)\s+(\d+)\s+(thang|tuan|ngay|nam)\b"),
        lambda m, t: _back(t, int(m[1]), m[2]),
    ),
    (
        re.compile(r"\bquy\s*(\d|iv|iii|ii|i)\s*(?:/|-|\s+nam\s+|\s+)\s*(\d{4})"),
        lambda m, t: _quarter_range(int(m[2]), _number(m[1])),
    ),
    (re.compile(r"\bquy\s+(?:truoc|vua qua|roi)\b"), lambda m, t: _last_quarter(t)),
    (re.compile(r"\bquy\s+(?:nay|hien tai)\b"), lambda m, t: _this_quarter(t)),
    (
        re.compile(r"\bquy\s*(\d|iv|iii|ii|i)\b"),
        lambda m, t: _quarter_range(_recent_quarter(_number(m[1]), t), _number(m[1])),
    ),
    (re.compile(r"\bthang\s+(?:truoc|vua qua|roi)\b"), lambda m, t: _last_month(t)),
    (re.compile(r"\bthang\s+nay\b"), lambda m, t: (t.replace(day=1), t)),
    (re.compile(r"\bnam\s+kia\b"), lambda m, t: _year_range(t.year - 2)),
    (
        re.compile(r"\bnam\s+(?:ngoai|truoc|roi|vua qua)\b"),
        lambda m, t: _year_range(t.year - 1),
    ),
    (re.compile(r"\bnam\s+nay\b"), lambda m, t: (date(t.year, 1, 1), t)),
    (re.compile(rf"\b{_VI_MY}"), lambda m, t: month_range(int(m[2]), int(m[1]))),
    (
        re.compile(r"\bthang\s*(\d{1,2})\b(?!\s*(?:thang|tuan|ngay))"),
        lambda m, t: month_range(_recent_month(int(m[1]), t), int(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\b"),
        lambda m, t: _year_range(int(m[1])),
    ),
]

_ZH_NUM = r"(\d+|[一二两三四五六七八九十]+)"
_ZH_RULES: list[_Rule] = [
    (
        re.compile(r"(\d{4})年(\d{1,2})月?(?:份)?(?:到|至|-|—|~|～)(\d{1,2})月"),
        lambda m, t: _months_span(int(m[2]), int(m[3]), int(m[1]), t),
    ),
    (
        re.compile(r"(?<![\d年])(\d{1,2})月?(?:份)?(?:到|至|-|—|~|～)(\d{1,2})月(?!\d)"),
        lambda m, t: _months_span(int(m[1]), int(m[2]), None, t),
    ),
    (
        re.compile(r"(\d{4})年?(上|下)半年"),
        lambda m, t: _half(int(m[1]), 1 if m[2] == "上" else 2),
    ),
    (
        re.compile(r"(?:今年)?(上|下)半年"),
        lambda m, t: (lambda h: _half(_recent_half(h, t), h))(1 if m[1] == "上" else 2),
    ),
    (
        re.compile(r"(\d{4})年(\d{1,2})月(?:份)?(?:到|至|-|—|~)(\d{4})年(\d{1,2})月"),
        lambda m, t: (
            month_range(int(m[1]), int(m[2]))[0],
            month_range(int(m[3]), int(m[4]))[1],
        ),
    ),
    (
        re.compile(r"(\d{4})年?(?:到|至|-|—|~)(\d{4})年"),
        lambda m, t: (date(int(m[1]), 1, 1), date(int(m[2]), 12, 31)),
    ),
    (
        re.compile(r"(?:自|从|自从)(\d{4})年(\d{1,2})月"),
        lambda m, t: (date(int(m[1]), int(m[2]), 1), t),
    ),
    (
        re.compile(r"(\d{4})年(\d{1,2})月(?:份)?(?:以来|起|开始|至今)"),
        lambda m, t: (date(int(m[1]), int(m[2]), 1), t),
    ),
    (
        re.compile(r"(?:自|从|自从)(\d{4})年(?:以来|起|开始|至今)?"),
        lambda m, t: (date(int(m[1]), 1, 1), t),
    ),
    (re.compile(r"(\d{4})年(?:以来|至今)"), lambda m, t: (date(int(m[1]), 1, 1), t)),
    (
        re.compile(rf"(?:过去|最近|近|前){_ZH_NUM}个?(月|周|星期|天|日|年)"),
        lambda m, t: _back(t, _number(m[1]), m[2]),
    ),
    (
        re.compile(r"(\d{4})年?第?([1-4一二三四])季度"),
        lambda m, t: _quarter_range(int(m[1]), _number(m[2])),
    ),
    (
        re.compile(r"(\d{4})年?q([1-4])"),
        lambda m, t: _quarter_range(int(m[1]), int(m[2])),
    ),
    (re.compile(r"(?:上个|上一|上)季度"), lambda m, t: _last_quarter(t)),
    (re.compile(r"(?:本|这个|这一|当前)季度"), lambda m, t: _this_quarter(t)),
    (
        re.compile(r"第?([1-4一二三四])季度"),
        lambda m, t: _quarter_range(_recent_quarter(_number(m[1]), t), _number(m[1])),
    ),
    (re.compile(r"(?:上个月|上月|上一个月)"), lambda m, t: _last_month(t)),
    (re.compile(r"(?:本月|这个月|当月)"), lambda m, t: (t.replace(day=1), t)),
    (re.compile(r"前年"), lambda m, t: _year_range(t.year - 2)),
    (
        re.compile(r"(?:去年|上一年|上年)"),
        lambda m, t: _year_range(t.year - 1),
    ),
    (re.compile(r"(?:今年|本年|年初至今)"), lambda m, t: (date(t.year, 1, 1), t)),
    (
        re.compile(r"(\d{4})年(\d{1,2})月"),
        lambda m, t: month_range(int(m[1]), int(m[2])),
    ),
    (
        re.compile(r"(\d{4})年"),
        lambda m, t: _year_range(int(m[1])),
    ),
    (
        re.compile(r"((?:19|20)\d{2})"),
        lambda m, t: _year_range(int(m[1])),
    ),
]
_RULES = {"en": _EN_RULES, "vi": _VI_RULES, "zh": _ZH_RULES}

# Dates to the day, read by dateparser: '15/03/2024', '2024-03-15', '15 March 2024',
# 'March 15, 2024', 'ngày 15 tháng 3 năm 2024', '2024年3月15日'.
_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = re.compile(
    r"\d{4}-\d{1,2}-\d{1,2}(?!\d)|(?<!\d)\d{1,2}([/.-])\d{1,2}\1\d{4}(?!\d)"
    rf"|(?<!\d)\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_WORD}\s*,?\s*\d{{4}}"
    rf"|\b{_MONTH_WORD}\s+\d{{1,2}}(?:st|nd|rd|th)?\s*,\s*\d{{4}}"
    r"|\bngay\s*\d{1,2}\s*thang\s*\d{1,2}\s*nam\s*\d{4}"
    r"|\d{4}年\d{1,2}月\d{1,2}[日号]"
)
_DAY_TO = re.compile(r"^\s*(?:to|and|until|till|through|-|–|den|toi|到|至|~|～)\s*$")
_DAY_SINCE = re.compile(r"(?:since|from|after|starting|tu|ke tu|sau|从|自|自从)\s*$")
_DAY_UNTIL = re.compile(r"(?:until|till|before|up to|den|truoc|到|至)\s*$")
_DATEPARSER_LANGUAGES = {"en": ["en"], "vi": ["vi", "en"], "zh": ["zh", "en"]}


def _read_day(text: str, language: str) -> date | None:
    import dateparser  # loads its language data on first use

    settings = {"DATE_ORDER": "DMY", "PREFER_DAY_OF_MONTH": "first", "STRICT_PARSING": True}
    if re.fullmatch(r"\d{4}-\d{1,2}-\d{1,2}", text):
        settings["DATE_ORDER"] = "YMD"
    text = re.sub(r"^ngay\s*", "", text)
    parsed = dateparser.parse(text, languages=_DATEPARSER_LANGUAGES[language], settings=settings)
    return parsed.date() if parsed else None


def _day_period(subject: str, language: str, today: date) -> tuple[date, date] | None:
    """A period given to the day: a range, 'since' a day, 'until' a day, or one day."""
    found = [(m.start(), m.end(), _read_day(m.group(), language)) for m in _DAY.finditer(subject)]
    days = [(a, b, day) for a, b, day in found if day is not None]
    if not days:
        return None
    if len(days) >= 2 and _DAY_TO.match(subject[days[0][1] : days[1][0]]):
        return days[0][2], days[1][2]
    start, end, day = days[0]
    before = subject[max(0, start - 12) : start]
    after = subject[end : end + 8]
    if _DAY_SINCE.search(before) or re.match(r"\s*(?:以来|起|开始|至今|den nay|toi nay)", after):
        return day, today
    if _DAY_UNTIL.search(before) or re.match(r"\s*(?:之前|以前)", after):
        return _minus_months(day, 12), day
    return day, day


def parse_dates(text: str, language: str, today: date) -> tuple[date, date, bool]:
    """(start, end, whether the question named the period); the last 12 months to today when it
    names none."""
    compact = "".join(lower(text).split())
    subject = compact if language == "zh" else " ".join(fold(text).split())
    period = _day_period(subject, language, today)
    if period is not None and period[0] <= period[1]:
        return period[0], period[1], True
    for pattern, handler in _RULES[language]:
        match = pattern.search(subject)
        if match is None:
            continue
        try:
            start, end = handler(match, today)
        except ValueError:  # a month 13, a quarter 5...
            continue
        if start <= end:
            return start, end, True
    return _minus_months(today, 12), today, False


def filter_date(text: str) -> date:
    day, month, year = (int(part) for part in re.split(r"[-/]", text))
    return date(year, month, day)


def default_period(today: date, last_date: date | None = None) -> tuple[date, date]:
    """The last 12 months of the data: up to today, or up to the data's last date when the data
    ends before today."""
    end = min(today, last_date) if last_date else today
    return _minus_months(end, 12), end
