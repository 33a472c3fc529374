"""The period rules of each language: a pattern and the period it names, relative to today,
most specific first."""

# ruff: noqa: RUF001

from __future__ import annotations

import re
from datetime import date

from apps.market.ask.dates.periods import (
    EN_MONTH,
    Rule,
    en_month,
    half_range,
    last_month,
    last_quarter,
    month_range,
    months_back,
    months_span,
    quarter_range,
    read_number,
    recent_half,
    recent_month,
    recent_quarter,
    this_quarter,
    year_range,
)

_NUM_EN = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen)"
_EN_RANGE_SEP = r"\s*(?:to|and|until|till|through|thru|-|–|—)\s*"
_EN_RULES: list[Rule] = [
    (
        re.compile(
            rf"\b(?:from|between)\s+{EN_MONTH}\s+(\d{{4}})\s+(?:to|and|until|-|–)\s+{EN_MONTH}\b(?!\s*,?\s*\d{{4}})"
        ),
        lambda m, t: (
            month_range(int(m[2]), en_month(m[1]))[0],
            month_range(int(m[2]) + (1 if en_month(m[3]) < en_month(m[1]) else 0), en_month(m[3]))[
                1
            ],
        ),
    ),
    (
        re.compile(
            rf"\b(?:from\s+|between\s+)?{EN_MONTH}{_EN_RANGE_SEP}{EN_MONTH}\s*,?\s*(?:of\s+)?((?:19|20)\d{{2}})\b"
        ),
        lambda m, t: months_span(en_month(m[1]), en_month(m[2]), int(m[3]), t),
    ),
    (
        re.compile(rf"\b(?:from|between)\s+{EN_MONTH}{_EN_RANGE_SEP}{EN_MONTH}(?!\w)"),
        lambda m, t: months_span(en_month(m[1]), en_month(m[2]), None, t),
    ),
    (
        re.compile(r"\b(?:h([12])|(first|second) half(?: of)?)\s*,?\s*((?:19|20)\d{2})\b"),
        lambda m, t: half_range(int(m[3]), int(m[1]) if m[1] else (1 if m[2] == "first" else 2)),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\s*h([12])\b"),
        lambda m, t: half_range(int(m[1]), int(m[2])),
    ),
    (
        re.compile(r"\b(?:h([12])|(first|second) half(?: of the year)?)\b"),
        lambda m, t: (lambda h: half_range(recent_half(h, t), h))(
            int(m[1]) if m[1] else (1 if m[2] == "first" else 2)
        ),
    ),
    (
        re.compile(
            rf"\b(?:from|between)\s+{EN_MONTH}\s+(\d{{4}})\s+(?:to|and|until|-|–)\s+"
            rf"{EN_MONTH}\s+(\d{{4}})\b"
        ),
        lambda m, t: (
            month_range(int(m[2]), en_month(m[1]))[0],
            month_range(int(m[4]), en_month(m[3]))[1],
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
        re.compile(rf"\b(?:since|starting(?: from| in)?|from)\s+{EN_MONTH}\s+(\d{{4}})\b"),
        lambda m, t: (date(int(m[2]), en_month(m[1]), 1), t),
    ),
    (
        re.compile(r"\b(?:since|starting(?: from| in)?)\s+((?:19|20)\d{2})\b"),
        lambda m, t: (date(int(m[1]), 1, 1), t),
    ),
    (
        re.compile(rf"\bsince\s+{EN_MONTH}(?!\w)"),
        lambda m, t: (date(recent_month(en_month(m[1]), t), en_month(m[1]), 1), t),
    ),
    (
        re.compile(rf"\b(?:last|past|previous|recent)\s+{_NUM_EN}\s+(month|week|day|year)s?\b"),
        lambda m, t: months_back(t, read_number(m[1]), m[2]),
    ),
    (
        re.compile(r"\bq([1-4])\s*(?:of\s+|/|-)?\s*((?:19|20)\d{2})\b"),
        lambda m, t: quarter_range(int(m[2]), int(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\s*[-/]?\s*q([1-4])\b"),
        lambda m, t: quarter_range(int(m[1]), int(m[2])),
    ),
    (
        re.compile(
            r"\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?"
            r"((?:19|20)\d{2})\b"
        ),
        lambda m, t: quarter_range(int(m[2]), read_number(m[1])),
    ),
    (re.compile(r"\b(?:last|previous|past)\s+quarter\b"), lambda m, t: last_quarter(t)),
    (re.compile(r"\b(?:this|current)\s+quarter\b"), lambda m, t: this_quarter(t)),
    (
        re.compile(r"\bq([1-4])\b"),
        lambda m, t: quarter_range(recent_quarter(int(m[1]), t), int(m[1])),
    ),
    (
        re.compile(r"\b(first|second|third|fourth)\s+quarter\b"),
        lambda m, t: quarter_range(recent_quarter(read_number(m[1]), t), read_number(m[1])),
    ),
    (re.compile(r"\b(?:last|previous|past)\s+month\b"), lambda m, t: last_month(t)),
    (re.compile(r"\b(?:this|current)\s+month\b"), lambda m, t: (t.replace(day=1), t)),
    (
        re.compile(r"\byear before last\b"),
        lambda m, t: year_range(t.year - 2),
    ),
    (
        re.compile(r"\b(?:last|previous|past)\s+year\b"),
        lambda m, t: year_range(t.year - 1),
    ),
    (
        re.compile(r"\b(?:this year|current year|year to date|ytd|so far this year)\b"),
        lambda m, t: (date(t.year, 1, 1), t),
    ),
    (
        re.compile(rf"\b{EN_MONTH}\s*,?\s+((?:19|20)\d{{2}})\b"),
        lambda m, t: month_range(int(m[2]), en_month(m[1])),
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
        lambda m, t: month_range(recent_month(en_month(m[1]), t), en_month(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\b"),
        lambda m, t: year_range(int(m[1])),
    ),
]

_VI_MY = r"thang\s*(\d{1,2})\s*(?:/|-|\.|\s+nam\s+|\s+)\s*(\d{4})"
_VI_RULES: list[Rule] = [
    (
        re.compile(
            r"\b(?:tu\s+)?thang\s*(\d{1,2})\s*(?:den|toi|-|–)\s*(?:het\s+)?(?:thang\s*)?(\d{1,2})"
            r"\s*(?:/|-|\.|\s+nam\s+|\s+)\s*(\d{4})"
        ),
        lambda m, t: months_span(int(m[1]), int(m[2]), int(m[3]), t),
    ),
    (
        re.compile(
            rf"\btu\s+{_VI_MY}\s+(?:den|toi|-)\s+(?:het\s+)?thang\s*(\d{{1,2}})\b(?!\s*(?:/|-|nam))"
        ),
        lambda m, t: months_span(
            int(m[1]), int(m[3]), int(m[2]) + (1 if int(m[3]) < int(m[1]) else 0), t
        ),
    ),
    (
        re.compile(r"\btu\s+thang\s*(\d{1,2})\s+(?:den|toi)\s+(?:het\s+)?thang\s*(\d{1,2})\b"),
        lambda m, t: months_span(int(m[1]), int(m[2]), None, t),
    ),
    (
        re.compile(r"\b(?:6|sau) thang (dau|cuoi) (?:cua\s+)?nam\s*(\d{4})"),
        lambda m, t: half_range(int(m[2]), 1 if m[1] == "dau" else 2),
    ),
    (
        re.compile(r"\bnua (dau|cuoi|sau) (?:cua\s+)?nam\s*(\d{4})"),
        lambda m, t: half_range(int(m[2]), 1 if m[1] == "dau" else 2),
    ),
    (
        re.compile(r"\b(?:6|sau) thang (dau|cuoi) nam\b"),
        lambda m, t: (lambda h: half_range(recent_half(h, t), h))(1 if m[1] == "dau" else 2),
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
        lambda m, t: (date(recent_month(int(m[1]), t), int(m[1]), 1), t),
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
        lambda m, t: months_back(t, read_number(m[1]), m[2]),
    ),
    (
        re.compile(r"\b(?:trong|trong vong)\s+(\d+)\s+(thang|tuan|ngay|nam)\b"),
        lambda m, t: months_back(t, int(m[1]), m[2]),
    ),
    (
        re.compile(r"\bquy\s*(\d|iv|iii|ii|i)\s*(?:/|-|\s+nam\s+|\s+)\s*(\d{4})"),
        lambda m, t: quarter_range(int(m[2]), read_number(m[1])),
    ),
    (re.compile(r"\bquy\s+(?:truoc|vua qua|roi)\b"), lambda m, t: last_quarter(t)),
    (re.compile(r"\bquy\s+(?:nay|hien tai)\b"), lambda m, t: this_quarter(t)),
    (
        re.compile(r"\bquy\s*(\d|iv|iii|ii|i)\b"),
        lambda m, t: quarter_range(recent_quarter(read_number(m[1]), t), read_number(m[1])),
    ),
    (re.compile(r"\bthang\s+(?:truoc|vua qua|roi)\b"), lambda m, t: last_month(t)),
    (re.compile(r"\bthang\s+nay\b"), lambda m, t: (t.replace(day=1), t)),
    (re.compile(r"\bnam\s+kia\b"), lambda m, t: year_range(t.year - 2)),
    (
        re.compile(r"\bnam\s+(?:ngoai|truoc|roi|vua qua)\b"),
        lambda m, t: year_range(t.year - 1),
    ),
    (re.compile(r"\bnam\s+nay\b"), lambda m, t: (date(t.year, 1, 1), t)),
    (re.compile(rf"\b{_VI_MY}"), lambda m, t: month_range(int(m[2]), int(m[1]))),
    (
        re.compile(r"\bthang\s*(\d{1,2})\b(?!\s*(?:thang|tuan|ngay))"),
        lambda m, t: month_range(recent_month(int(m[1]), t), int(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\b"),
        lambda m, t: year_range(int(m[1])),
    ),
]

_ZH_NUM = r"(\d+|[一二两三四五六七八九十]+)"
_ZH_RULES: list[Rule] = [
    (
        re.compile(r"(\d{4})年(\d{1,2})月?(?:份)?(?:到|至|-|—|~|～)(\d{1,2})月"),
        lambda m, t: months_span(int(m[2]), int(m[3]), int(m[1]), t),
    ),
    (
        re.compile(r"(?<![\d年])(\d{1,2})月?(?:份)?(?:到|至|-|—|~|～)(\d{1,2})月(?!\d)"),
        lambda m, t: months_span(int(m[1]), int(m[2]), None, t),
    ),
    (
        re.compile(r"(\d{4})年?(上|下)半年"),
        lambda m, t: half_range(int(m[1]), 1 if m[2] == "上" else 2),
    ),
    (
        re.compile(r"(?:今年)?(上|下)半年"),
        lambda m, t: (lambda h: half_range(recent_half(h, t), h))(1 if m[1] == "上" else 2),
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
        lambda m, t: months_back(t, read_number(m[1]), m[2]),
    ),
    (
        re.compile(r"(\d{4})年?第?([1-4一二三四])季度"),
        lambda m, t: quarter_range(int(m[1]), read_number(m[2])),
    ),
    (
        re.compile(r"(\d{4})年?q([1-4])"),
        lambda m, t: quarter_range(int(m[1]), int(m[2])),
    ),
    (re.compile(r"(?:上个|上一|上)季度"), lambda m, t: last_quarter(t)),
    (re.compile(r"(?:本|这个|这一|当前)季度"), lambda m, t: this_quarter(t)),
    (
        re.compile(r"第?([1-4一二三四])季度"),
        lambda m, t: quarter_range(recent_quarter(read_number(m[1]), t), read_number(m[1])),
    ),
    (re.compile(r"(?:上个月|上月|上一个月)"), lambda m, t: last_month(t)),
    (re.compile(r"(?:本月|这个月|当月)"), lambda m, t: (t.replace(day=1), t)),
    (re.compile(r"前年"), lambda m, t: year_range(t.year - 2)),
    (
        re.compile(r"(?:去年|上一年|上年)"),
        lambda m, t: year_range(t.year - 1),
    ),
    (re.compile(r"(?:今年|本年|年初至今)"), lambda m, t: (date(t.year, 1, 1), t)),
    (
        re.compile(r"(\d{4})年(\d{1,2})月"),
        lambda m, t: month_range(int(m[1]), int(m[2])),
    ),
    (
        re.compile(r"(\d{4})年"),
        lambda m, t: year_range(int(m[1])),
    ),
    (
        re.compile(r"((?:19|20)\d{2})"),
        lambda m, t: year_range(int(m[1])),
    ),
]
RULES = {"en": _EN_RULES, "vi": _VI_RULES, "zh": _ZH_RULES}
