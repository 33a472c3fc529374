"""The sentences of the figures a question asks for beyond the totals: a price in USD per kg
with its spread and change, a monthly trend, and things compared side by side."""

# ruff: noqa: RUF001

from __future__ import annotations

import calendar
from datetime import date
from typing import Any

from babel.numbers import format_decimal

from apps.market.ask.compare import Goods
from apps.market.ask.dates import month_range
from apps.market.ask.wording import _count, _country, _figure, _locale, _money, period_label


def _month(month: str, language: str) -> str:
    """'2025-03' as 'Mar 2025', 'tháng 3/2025' or '2025年3月'."""
    year, number = (int(part) for part in month.split("-")[:2])
    if language == "vi":
        return f"tháng {number}/{year}"
    if language == "zh":
        return f"{year}年{number}月"
    return f"{calendar.month_abbr[number]} {year}"


def _change(first: float, last: float, language: str) -> str:
    percent = format_decimal(
        (last - first) / first * 100, format="+#,##0.0;-#,##0.0", locale=_locale(language)
    )
    return f"{percent}%"


def price_change(prices: list[dict[str, Any]], language: str, *, estimated: bool = False) -> str:
    """The unit price in USD per kg: the middle half and the median of the last month's priced
    shipments (marked ≈ when `estimated`), against the first month's average ('' without
    priced shipments)."""
    months = [row for row in prices if row.get("average") and row.get("median")]
    if not months:
        return {
            "en": "No shipment of this search declares both a value and a net weight, so no "
            "price per kg can be given.",
            "vi": "Không lô hàng nào của tìm kiếm này khai cả trị giá và khối lượng tịnh, nên "
            "không tính được giá mỗi kg.",
            "zh": "该查询的货物均未同时申报金额和净重，无法计算每千克价格。",
        }[language]
    first, last = months[0], months[-1]

    def usd(value: Any) -> str:
        return _money(value, language, cents=True)

    when = _month(str(last["month"]), language)
    about = "≈" if estimated else ""  # once before the range, once before the median
    spread = (f"{about}{usd(last['p25'])}", usd(last["p75"]), f"{about}{usd(last['median'])}")
    if language == "vi":
        text = (
            f"Giá {when}: một nửa số lô hàng ở mức {spread[0]}–{spread[1]}/kg, "
            f"trung vị {spread[2]}/kg"
        )
    elif language == "zh":
        text = f"{when}价格：中间一半货物每千克{spread[0]}–{spread[1]}，中位数每千克{spread[2]}"
    else:
        text = (
            f"Price in {when}: the middle half of shipments paid {spread[0]}–{spread[1]} per kg, "
            f"median {spread[2]}"
        )
    if first is last:
        return text + ("。" if language == "zh" else ".")
    change = _change(float(first["average"]), float(last["average"]), language)
    since = _month(str(first["month"]), language)
    averages = (usd(first["average"]), usd(last["average"]))
    return (
        text
        + {
            "en": f"; the average went from {averages[0]} per kg in {since} to {averages[1]} "
            f"({change}).",
            "vi": f"; giá bình quân từ {averages[0]}/kg {since} thành {averages[1]}/kg ({change}).",
            "zh": f"；均价从{since}的每千克{averages[0]}变为{averages[1]}（{change}）。",
        }[language]
    )


def whole_months(months: list[dict[str, Any]], period: tuple[date, date]) -> list[dict[str, Any]]:
    """The months the period covers whole (all of them when it covers none whole): a month cut
    by the period's first or last day would read as a fall or a rise that is only the cut."""
    start, end = period
    cut = set()
    if start.day != 1:
        cut.add(f"{start:%Y-%m}")
    if end != month_range(end.year, end.month)[1]:
        cut.add(f"{end:%Y-%m}")
    whole = [row for row in months if str(row.get("month")) not in cut]
    return whole or months


def monthly_trend(months: list[dict[str, Any]], language: str) -> str:
    """The monthly series in a sentence: its direction (the last three months against the
    first three), the change from the first month to the last and the peak month."""
    rows = [row for row in months if row.get("value_usd") is not None]
    if len(rows) < 2:
        return ""
    values = [float(row["value_usd"]) for row in rows]
    span = min(3, len(values) // 2)
    before, after = sum(values[:span]) / span, sum(values[-span:]) / span
    ratio = after / before if before else None
    direction = "flat" if ratio is None or 0.9 <= ratio <= 1.1 else "up" if ratio > 1 else "down"
    peak = max(rows, key=lambda row: float(row["value_usd"]))
    first, last = rows[0], rows[-1]
    words = {
        "en": {"up": "rising", "down": "falling", "flat": "about level"},
        "vi": {"up": "tăng", "down": "giảm", "flat": "gần như đi ngang"},
        "zh": {"up": "上升", "down": "下降", "flat": "基本持平"},
    }[language]
    ends = (
        _month(str(first["month"]), language),
        _money(first["value_usd"], language),
        _month(str(last["month"]), language),
        _money(last["value_usd"], language),
    )
    peak_month, peak_value = (
        _month(str(peak["month"]), language),
        _money(peak["value_usd"], language),
    )
    change = _change(values[0], values[-1], language) if values[0] else ""
    changed = f" ({change})" if change else ""
    if language == "vi":
        return (
            f"Theo tháng, trị giá {words[direction]}: từ {ends[1]} ({ends[0]}) đến {ends[3]} "
            f"({ends[2]}){changed}; cao nhất vào {peak_month} với {peak_value}."
        )
    if language == "zh":
        return (
            f"按月看，金额{words[direction]}：从{ends[0]}的{ends[1]}到{ends[2]}的{ends[3]}{changed}；"
            f"最高为{peak_month}，{peak_value}。"
        )
    return (
        f"By month, the value is {words[direction]}: from {ends[1]} in {ends[0]} to {ends[3]} "
        f"in {ends[2]}{changed}; the peak was {peak_month} with {peak_value}."
    )


def _compared_label(field: str, value: Any, language: str) -> str:
    if isinstance(value, Goods):
        return value.name
    if isinstance(value, tuple):
        start, end = value
        return period_label(start, end, language)
    if field.endswith("_name"):
        return str(value)
    return _country(str(value), language).removeprefix("the ")


def side_by_side(
    compared: list[tuple[Any, dict[str, Any]]], language: str, field: str = "importer_country"
) -> str:
    """Each thing compared with its shipments, value and weight, then how far the first by
    value is ahead of the second."""
    rows = [
        (
            _compared_label(field, value, language),
            _figure(figures, "shipments") or 0,
            _figure(figures, "total_value_usd") or 0,
            _figure(figures, "total_weight_kg") or 0,
        )
        for value, figures in compared
    ]
    if language == "vi":
        items = [
            f"{label}: {_count(n, language)} lô hàng, {_money(v, language)}, "
            f"{_count(w, language)} kg"
            for label, n, v, w in rows
        ]
        text = "So sánh — " + "; ".join(items) + "."
    elif language == "zh":
        items = [
            f"{label}{_count(n, language)}批，金额{_money(v, language)}，"
            f"净重{_count(w, language)}千克"
            for label, n, v, w in rows
        ]
        text = "对比：" + "；".join(items) + "。"
    else:
        items = [
            f"{label}: {_count(n, language)} {'shipment' if n == 1 else 'shipments'}, "
            f"{_money(v, language)}, "
            f"{_count(w, language)} kg"
            for label, n, v, w in rows
        ]
        text = "Side by side — " + "; ".join(items) + "."
    ranked = sorted(rows, key=lambda row: -row[2])
    (leader, _, top, _), (second, _, runner_up, _) = ranked[0], ranked[1]
    if top == runner_up:
        return text
    gap = _money(top - runner_up, language)
    change = f" ({_change(runner_up, top, language)})" if runner_up else ""
    space = "" if language == "zh" else " "
    return space.join(
        [
            text,
            {
                "en": f"{leader[:1].upper()}{leader[1:]} is ahead of {second} by {gap} in "
                f"value{change}.",
                "vi": f"{leader} hơn {second} {gap} về trị giá{change}.",
                "zh": f"{leader}比{second}金额多{gap}{change}。",
            }[language],
        ]
    )
