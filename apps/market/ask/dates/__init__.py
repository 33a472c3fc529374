"""The period a question names, in English, Vietnamese or Chinese, relative to today."""

# ruff: noqa: RUF001

from __future__ import annotations

import re
from datetime import date, timedelta

from apps.market.ask.dates.periods import minus_months, month_range
from apps.market.ask.dates.rules import RULES
from apps.market.ask.text import fold, lower

__all__ = ["default_period", "month_range", "parse_dates"]

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
        return minus_months(day, 12), day
    return day, day


def parse_dates(text: str, language: str, today: date) -> tuple[date, date, bool]:
    """(start, end, whether the question named the period); the last 12 months to today when it
    names none."""
    compact = "".join(lower(text).split())
    subject = compact if language == "zh" else " ".join(fold(text).split())
    period = _day_period(subject, language, today)
    if period is not None and period[0] <= period[1]:
        return period[0], period[1], True
    for pattern, handler in RULES[language]:
        match = pattern.search(subject)
        if match is None:
            continue
        try:
            start, end = handler(match, today)
        except ValueError:  # a month 13, a quarter 5...
            continue
        if start <= end:
            return start, end, True
    return minus_months(today, 12), today, False


def default_period(today: date, last_date: date | None = None) -> tuple[date, date]:
    """The last 12 months of the data: up to today, or up to the data's last date when the data
    ends before today; from the day after the same day a year before, as the search form's
    own default period is."""
    end = min(today, last_date) if last_date else today
    return minus_months(end, 12) + timedelta(days=1), end
