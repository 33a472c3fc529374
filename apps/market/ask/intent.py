"""What a question asks of the search beyond its filters: the figures it wants (a summary, a
price, a trend), how many names a ranking lists, and whether it asks what the data cannot
tell (a forecast, prices to come)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.market.ask.dates.periods import read_number
from apps.market.ask.text import QuestionText

# As many names as a page of the rankings holds.
MAX_RANKED = 10
DEFAULT_RANKED = 3

_PRICE = {
    "en": re.compile(
        r"\b(?:prices?|priced|pricing|cost|costs|usd\s*/\s*(?:kg|t|ton|tonne)|per (?:kg|ton|tonne)"
        r"|unit values?|(?:on )?average|avg|how much (?:is|are|was|were|does|did))\b"
    ),
    # 'gia' also ends 'quốc gia' (country) and starts 'gia vị' (spices), 'gia tăng' (rise).
    "vi": re.compile(
        r"(?<!quoc )(?<!tham )\b(?:gia|don gia|gia ca)\b(?!\s+(?:vi|tang|dinh|cong|han))"
        r"|\b(?:bao nhieu tien|usd\s*/\s*(?:kg|tan)|(?:theo|moi|tren|mot) (?:kg|tan)|"
        r"trung binh|binh quan)\b"
    ),
    "zh": re.compile(r"价格|单价|价钱|均价|多少钱|报价|每公斤|每千克|每吨|平均"),
}
_TREND = {
    "en": re.compile(
        r"\b(?:trends?|trending|by month|monthly|per month|month by month|each month|over time|"
        r"growth|growing|grew|rising|rose|falling|fell|declin(?:e|ed|ing)|evolution|seasonality|"
        r"chang(?:e|es|ed|ing))\b"
    ),
    "vi": re.compile(
        r"\b(?:xu huong|theo thang|hang thang|tung thang|moi thang|tang truong|bien dong|"
        r"dien bien|mua vu)\b"
    ),
    "zh": re.compile(r"趋势|走势|按月|每月|逐月|月度|各月|变化|增长|波动|季节性"),
}
# A question about what is still to come: the data holds shipments made, never forecasts.
_FUTURE = {
    "en": re.compile(
        r"\b(?:will|forecasts?|forecasting|predict(?:ed|ion|ions)?|projections?|projected|"
        r"expected to|going to|outlook|next (?:year|month|quarter|season|week)|in the future|"
        r"upcoming|coming (?:year|months?|season))\b"
    ),
    "vi": re.compile(
        r"\b(?:du bao|du doan|se|nam toi|nam sau|thang toi|thang sau|quy toi|quy sau|"
        r"tuong lai|trien vong|sap toi)\b"
    ),
    "zh": re.compile(
        r"预测|预计|预估|预期|明年|下个?月|下季度|下一年|未来|将会|会不会|会涨|会跌|会是|前景"
    ),
}

# Number words a ranking is written with; their values are the period reader's
# (`read_number`), but for the Vietnamese words it leaves out because they also mean something
# else in a date ('năm' is also 'year').
_EN_NUMBERS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_VI_NUMBERS = ("hai", "ba", "bon", "nam", "sau", "bay", "tam", "chin", "muoi")
_VI_ONLY_IN_RANKINGS = {"nam": 5, "bay": 7, "tam": 8}
_EN_RANKED = re.compile(
    r"\btop\s*(?P<n>\d{1,3}|" + "|".join(_EN_NUMBERS) + r")\b"
    r"|\b(?P<m>\d{1,3}|" + "|".join(_EN_NUMBERS) + r")\s+(?:[a-z]+\s+)?(?:biggest|largest|"
    r"leading|main|top|major|most active|busiest|key|companies|importers|buyers|exporters|"
    r"suppliers|firms|customers|markets|countries)\b"
)
_VI_RANKED = re.compile(
    r"\btop\s*(?P<n>\d{1,3})\b|\b(?P<m>\d{1,3}|" + "|".join(_VI_NUMBERS) + r")\s+"
    r"(?:nha nhap khau|nha xuat khau|doanh nghiep|cong ty|khach hang|nha cung cap|thi truong)"
)
_ZH_RANKED = re.compile(
    r"前\s*(?P<n>\d{1,3}|[一二两三四五六七八九十]+)|(?P<m>\d{1,3}|[一二两三四五六七八九十])(?:大|家)"
)


@dataclass(frozen=True)
class Intent:
    figures: str = "summary"  # "summary", "price" or "trend"
    ranked: int = DEFAULT_RANKED  # names a ranking lists
    future: bool = False  # asks what is still to come
    spans: tuple[tuple[int, int], ...] = ()  # the words that said so: no product's words


def _number(word: str) -> int | None:
    if word in _VI_ONLY_IN_RANKINGS:
        return _VI_ONLY_IN_RANKINGS[word]
    try:
        return read_number(word)
    except ValueError:
        return None


def ranked_count(text: QuestionText, language: str) -> int:
    """How many names the question's ranking asks for ('top 5', 'năm nhà nhập khẩu', '前五大'),
    within a page of the rankings; 3 when it names no number."""
    pattern = {"en": _EN_RANKED, "vi": _VI_RANKED, "zh": _ZH_RANKED}[language]
    subject = text.low if language == "zh" else text.fold
    for match in pattern.finditer(subject):
        number = _number(match.group("n") or match.group("m"))
        if number and number > 0:
            return min(number, MAX_RANKED)
    if language == "vi":
        return ranked_count(text, "en")
    return DEFAULT_RANKED


def read_intent(text: QuestionText, language: str) -> Intent:
    """What the question wants of the search's figures."""
    subject = text.low if language == "zh" else text.fold
    price, trend, future = (
        [match.span() for match in patterns[language].finditer(subject)]
        for patterns in (_PRICE, _TREND, _FUTURE)
    )
    # A price trend is answered with the price and its change over the period.
    figures = "price" if price else "trend" if trend else "summary"
    return Intent(
        figures=figures,
        ranked=ranked_count(text, language),
        future=bool(future),
        spans=tuple(sorted(price + trend + future)),
    )
