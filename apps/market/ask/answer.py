"""The answer to a question, in its language, written from the search's figures only: it never
makes up a figure."""

# ruff: noqa: RUF001

from __future__ import annotations

import calendar
from datetime import date
from typing import Any

from babel.numbers import format_currency, format_decimal

from apps.market.ask.compare import Goods
from apps.market.ask.dates import DATE_FORMAT, filter_date, month_range
from apps.market.ask.parse import LANGUAGES, ParsedQuestion
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


def _period(filters: dict[str, Any], language: str) -> str:
    try:
        start = filter_date(filters["start_date"])
        end = filter_date(filters["end_date"])
    except (KeyError, ValueError):
        return ""
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


def _product_name(parsed: ParsedQuestion) -> str:
    if parsed.product:
        return parsed.product
    details = str(parsed.filters.get("product_details") or "")
    if details:
        return details
    codes = parsed.filters.get("hs_code") or []
    if codes:
        return {"en": "HS ", "vi": "mã HS ", "zh": "HS编码"}[parsed.language] + ", ".join(codes)
    return {"en": "goods", "vi": "hàng hóa", "zh": "货物"}[parsed.language]


def _subject(parsed: ParsedQuestion) -> str:
    """What was searched, e.g. 'cashew shipments from Vietnam to the Netherlands in 2024'."""
    language = parsed.language
    filters = parsed.filters
    product = _product_name(parsed)
    exporter = filters.get("exporter_country") or ""
    importer = filters.get("importer_country") or ""
    exporter_name = filters.get("exporter_name") or ""
    importer_name = filters.get("importer_name") or ""
    period = _period(filters, language)
    if language == "vi":
        parts = [f"Các lô hàng {product}"]
        if exporter_name:
            parts.append(f"của nhà xuất khẩu {exporter_name}")
        if exporter:
            parts.append(f"từ {_country(exporter, language)}")
        if importer_name:
            parts.append(f"cho nhà nhập khẩu {importer_name}")
        if importer:
            parts.append(f"sang {_country(importer, language)}")
        parts.append(period)
        return " ".join(part for part in parts if part)
    if language == "zh":
        head = period
        if exporter:
            head += f"从{_country(exporter, language)}"
        if exporter_name:
            head += f"出口商{exporter_name}"
        if importer:
            head += f"出口到{_country(importer, language)}"
        if importer_name:
            head += f"进口商{importer_name}"
        return f"{head}的{product}"
    parts = [f"{product[:1].upper()}{product[1:]} shipments"]
    if exporter_name:
        parts.append(f"by exporter {exporter_name}")
    if exporter:
        parts.append(f"from {_country(exporter, language)}")
    if importer_name:
        parts.append(f"to importer {importer_name}")
    if importer:
        parts.append(f"to {_country(importer, language)}")
    parts.append(period)
    return " ".join(part for part in parts if part)


_FIELD_LABELS = {
    "product": {"en": "Product", "vi": "Sản phẩm", "zh": "产品"},
    "product_details": {"en": "Description", "vi": "Mô tả", "zh": "描述"},
    "hs_code": {"en": "HS code", "vi": "Mã HS", "zh": "HS编码"},
    "exporter_name": {"en": "Exporter", "vi": "Nhà xuất khẩu", "zh": "出口商"},
    "importer_name": {"en": "Importer", "vi": "Nhà nhập khẩu", "zh": "进口商"},
    "exporter_country": {"en": "From", "vi": "Nước xuất khẩu", "zh": "出口国"},
    "importer_country": {"en": "To", "vi": "Nước nhập khẩu", "zh": "进口国"},
    "period": {"en": "Period", "vi": "Thời gian", "zh": "时间"},
}


def _period_text(filters: dict[str, Any], language: str) -> str:
    period = _period(filters, language)
    for prefix in ("in ", "from "):
        if language == "en" and period.startswith(prefix):
            return period[len(prefix) :]
    return period


def reading(parsed: ParsedQuestion) -> list[dict[str, str]]:
    """How the question was read: each filter with its label in the question's language, in
    the order of the search form."""
    language = parsed.language if parsed.language in LANGUAGES else "en"
    filters = parsed.filters
    items: list[dict[str, str]] = []

    def add(field: str, value: str, shown: str) -> None:
        label = _FIELD_LABELS[field][language]
        separator = "：" if language == "zh" else ": "
        items.append({"field": field, "value": value, "text": f"{label}{separator}{shown}"})

    codes = list(filters.get("hs_code") or [])
    if parsed.product:
        add("product", parsed.product, parsed.product)
    if filters.get("product_details") and filters["product_details"] != parsed.product:
        add("product_details", filters["product_details"], filters["product_details"])
    if codes:
        add("hs_code", ",".join(codes), ", ".join(codes))
    for field in ("exporter_name", "importer_name"):
        if filters.get(field):
            add(field, filters[field], filters[field])
    for field in ("exporter_country", "importer_country"):
        if filters.get(field):
            add(field, filters[field], _country(filters[field], language).removeprefix("the "))
    # The period searched; for a question it cannot search, only a period it named.
    if (
        filters.get("start_date")
        and filters.get("end_date")
        and (parsed.dated or parsed.understood)
    ):
        add(
            "period",
            f"{filters['start_date']}|{filters['end_date']}",
            _period_text(filters, language),
        )
    return items


def _day(day: date, language: str) -> str:
    if language == "vi":
        return f"{day:%d/%m/%Y}"
    if language == "zh":
        return f"{day.year}年{day.month}月{day.day}日"
    return f"{day.day} {calendar.month_abbr[day.month]} {day.year}"


def coverage_note(parsed: ParsedQuestion, first_date: date | None, last_date: date | None) -> str:
    """A sentence when the period asked for reaches beyond the data's dates ('' otherwise)."""
    if first_date is None or last_date is None:
        return ""
    try:
        start = filter_date(parsed.filters["start_date"])
        end = filter_date(parsed.filters["end_date"])
    except (KeyError, ValueError):
        return ""
    if first_date <= start and end <= last_date:
        return ""
    language = parsed.language if parsed.language in LANGUAGES else "en"
    outside = end < first_date or start > last_date
    span = (_day(first_date, language), _day(last_date, language))
    if language == "vi":
        where = "nằm ngoài khoảng này" if outside else "vượt ra ngoài khoảng này"
        return f"Dữ liệu có từ {span[0]} đến {span[1]}; khoảng thời gian bạn hỏi {where}."
    if language == "zh":
        where = "不在此范围内" if outside else "部分超出此范围"
        return f"数据覆盖{span[0]}至{span[1]}；您询问的时间段{where}。"
    where = "lies outside it" if outside else "reaches beyond it"
    return f"The data covers {span[0]} to {span[1]}; the period you asked about {where}."


def understood_so_far(parsed: ParsedQuestion) -> str:
    """The help text, with what the question did say when it named something."""
    language = parsed.language if parsed.language in LANGUAGES else "en"
    items = [item["text"] for item in reading(parsed)]
    unknown = ", ".join(parsed.unknown_codes)
    notes = []
    if unknown:
        notes.append(
            {
                "en": f"HS {unknown} is not a code of the nomenclature.",
                "vi": f"Mã HS {unknown} không có trong danh mục.",
                "zh": f"HS编码{unknown}不在商品目录中。",
            }[language]
        )
    if items:
        joined = "；".join(items) if language == "zh" else "; ".join(items)
        notes.append(
            {
                "en": f"I understood: {joined}, but not what to search for.",
                "vi": f"Tôi hiểu được: {joined}, nhưng chưa rõ cần tìm gì.",
                "zh": f"我理解到：{joined}，但不清楚要查找什么。",
            }[language]
        )
    space = "" if language == "zh" else " "
    return space.join([*notes, _HELP[language]])


_HELP = {
    "en": (
        "I can answer questions about shipments: name a product, a country or a company, "
        "and a period if you like. For example: 'cashew exports from Vietnam to the "
        "Netherlands in 2024'."
    ),
    "vi": (
        "Tôi có thể trả lời câu hỏi về các lô hàng: hãy nêu sản phẩm, quốc gia hoặc công ty, "
        "và khoảng thời gian nếu muốn. Ví dụ: 'xuất khẩu cà phê sang Đức năm ngoái'."
    ),
    "zh": (
        "我可以回答有关货运的问题：请说明产品、国家或公司，也可以加上时间段。"
        "例如：'2024年越南出口到美国的胡椒'。"
    ),
}


def _figure(statistics: dict[str, Any], key: str) -> Any:
    value = statistics.get(key)
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def compose_answer(
    parsed: ParsedQuestion,
    statistics: dict[str, Any],
    top_importers: list[dict[str, Any]] | None = None,
    top_exporters: list[dict[str, Any]] | None = None,
    *,
    prices: list[dict[str, Any]] | None = None,
    months: list[dict[str, Any]] | None = None,
    compared: list[tuple[Any, dict[str, Any]]] | None = None,
) -> str:
    """The answer in the question's language, with the figures of `statistics`,
    `top_importers`, `top_exporters`, the unit prices per month (`prices`), the monthly
    totals (`months`) and the statistics of each thing compared (`compared`) only."""
    language = parsed.language if parsed.language in LANGUAGES else "en"
    if parsed.future:
        return beyond_the_data(parsed)
    if not parsed.understood:
        return _HELP[language]
    subject = _subject(parsed)
    shipments = _figure(statistics, "shipments") or 0
    if not shipments:
        return {
            "en": f"No shipments found: {subject}. Try a longer period or fewer filters.",
            "vi": f"Không tìm thấy lô hàng nào: {subject}. Hãy thử khoảng thời gian dài hơn "
            "hoặc bớt bộ lọc.",
            "zh": f"未找到货运记录：{subject}。请尝试更长的时间段或减少筛选条件。",
        }[language]
    if compared and parsed.comparison and not parsed.comparison.is_union:
        # The search behind it holds every country or company of that side: only the ones
        # compared are figures of the question.
        colon = "：" if language == "zh" else ": "
        return subject + colon + side_by_side(compared, language, parsed.comparison.field)
    value = _figure(statistics, "total_value_usd")
    weight = _figure(statistics, "total_weight_kg")
    importers = _figure(statistics, "importers")
    exporters = _figure(statistics, "exporters")
    price = value / weight if value is not None and weight else None
    sentences: list[str] = []
    if language == "vi":
        first = f"{subject}: {_count(shipments, language)} lô hàng"
        if value is not None:
            first += f", tổng trị giá {_money(value, language)}"
        if weight is not None:
            first += f", khối lượng {_count(weight, language)} kg"
        sentences.append(first + ".")
        if importers is not None and exporters is not None:
            sentences.append(
                f"Có {_count(importers, language)} nhà nhập khẩu và "
                f"{_count(exporters, language)} nhà xuất khẩu."
            )
        if price is not None:
            sentences.append(f"Giá trung bình {_money(price, language, cents=True)}/kg.")
    elif language == "zh":
        first = f"{subject}：共{_count(shipments, language)}批货物"
        if value is not None:
            first += f"，总金额{_money(value, language)}"
        if weight is not None:
            first += f"，净重{_count(weight, language)}千克"
        sentences.append(first + "。")
        if importers is not None and exporters is not None:
            sentences.append(
                f"涉及{_count(importers, language)}家进口商和"
                f"{_count(exporters, language)}家出口商。"
            )
        if price is not None:
            sentences.append(f"平均单价每千克{_money(price, language, cents=True)}。")
    else:
        noun = "shipment" if shipments == 1 else "shipments"
        first = f"{subject}: {_count(shipments, language)} {noun}"
        if value is not None:
            first += f" worth {_money(value, language)}"
        if weight is not None:
            first += f", {_count(weight, language)} kg"
        sentences.append(first + ".")
        if importers is not None and exporters is not None:
            sentences.append(
                f"{_count(importers, language)} importers bought from "
                f"{_count(exporters, language)} exporters."
            )
        if price is not None:
            sentences.append(f"Average price: {_money(price, language, cents=True)} per kg.")
    if compared and parsed.comparison:
        sentences.append(side_by_side(compared, language, parsed.comparison.field))
    if parsed.figures == "price":
        sentences.append(price_change(_whole_months(prices or [], parsed.filters), language))
    if parsed.figures == "trend":
        sentences.append(monthly_trend(_whole_months(months or [], parsed.filters), language))
    top = _top_importers(top_importers or [], language, parsed.ranked)
    if top:
        sentences.append(top)
    top = _top_exporters(top_exporters or [], language, parsed.ranked)
    if top:
        sentences.append(top)
    return ("" if language == "zh" else " ").join(sentence for sentence in sentences if sentence)


def _top_importers(rows: list[dict[str, Any]], language: str, ranked: int) -> str:
    items = []
    for row in rows[:ranked]:
        name = row.get("importer_name") or row.get("name")
        if not name:
            continue
        value = _figure(row, "value_usd")
        if value is None:
            value = _figure(row, "total_value_usd")
        items.append(f"{name} ({_money(value, language)})" if value is not None else str(name))
    if not items:
        return ""
    if language == "vi":
        return "Nhà nhập khẩu lớn nhất: " + "; ".join(items) + "."
    if language == "zh":
        return "主要进口商：" + "；".join(items) + "。"
    return "Top importers: " + "; ".join(items) + "."


def _top_exporters(rows: list[dict[str, Any]], language: str, ranked: int) -> str:
    items = []
    for row in rows[:ranked]:
        name = row.get("exporter_name")
        if not name:
            continue
        value = _figure(row, "value_usd")
        items.append(f"{name} ({_money(value, language)})" if value is not None else str(name))
    if not items:
        return ""
    if language == "vi":
        return "Nhà xuất khẩu lớn nhất: " + "; ".join(items) + "."
    if language == "zh":
        return "主要出口商：" + "；".join(items) + "。"
    return "Top exporters: " + "; ".join(items) + "."


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


def price_change(prices: list[dict[str, Any]], language: str) -> str:
    """The unit price in USD per kg: the middle half and the median of the last month's priced
    shipments, against the first month's average ('' without priced shipments)."""
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
    spread = (usd(last["p25"]), usd(last["p75"]), usd(last["median"]))
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


def _whole_months(months: list[dict[str, Any]], filters: dict[str, Any]) -> list[dict[str, Any]]:
    """The months the period covers whole (all of them when it covers none whole): a month cut
    by the period's first or last day would read as a fall or a rise that is only the cut."""
    try:
        start, end = filter_date(filters["start_date"]), filter_date(filters["end_date"])
    except (KeyError, ValueError):
        return months
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


def beyond_the_data(parsed: ParsedQuestion) -> str:
    """What the box says to a question about what is still to come: no figure, and what it
    can answer instead."""
    language = parsed.language if parsed.language in LANGUAGES else "en"
    product = _product_name(parsed) if parsed.understood else ""
    example = {
        "en": f"for example the monthly price of {product}"
        if product
        else "for example prices by month",
        "vi": f"ví dụ giá {product} theo tháng" if product else "ví dụ giá theo tháng",
        "zh": f"例如{product}的月度价格" if product else "例如按月的价格",
    }[language]
    return {
        "en": "I answer from shipments already made, so I cannot forecast prices or volumes to "
        f"come. I can show what was shipped and at what price, {example}.",
        "vi": "Tôi trả lời từ các lô hàng đã giao, nên không thể dự báo giá hay khối lượng sắp "
        f"tới. Tôi có thể cho biết hàng đã xuất nhập và giá ra sao, {example}.",
        "zh": "我只根据已发生的货运记录作答，无法预测未来的价格或数量。"
        f"我可以显示已成交的货物及其价格，{example}。",
    }[language]


def _compared_label(field: str, value: Any, language: str) -> str:
    if isinstance(value, Goods):
        return value.name
    if isinstance(value, tuple):
        start, end = value
        filters = {"start_date": start.strftime(DATE_FORMAT), "end_date": end.strftime(DATE_FORMAT)}
        return _period_text(filters, language)
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


def did_you_mean(parsed: ParsedQuestion) -> str:
    """The answer to a name that could be several parties': which ones, and no figure (a
    figure of all of them, or of the market, would answer another question)."""
    language = parsed.language if parsed.language in LANGUAGES else "en"
    names = list(parsed.suggestions)
    written = parsed.unresolved
    if language == "vi":
        joined = ", ".join(names[:-1]) + f" hoặc {names[-1]}"
        stop = "" if joined.endswith(".") else "."
        return (
            f"“{written}” có thể là nhiều công ty trong dữ liệu: {joined}{stop} "
            "Hãy ghi rõ tên công ty bạn muốn hỏi."
        )
    if language == "zh":
        joined = "、".join(names[:-1]) + f"或{names[-1]}"
        return f"“{written}”可能指数据中的多家公司：{joined}。请写明您要查询的公司名称。"
    joined = ", ".join(names[:-1]) + f" or {names[-1]}"
    stop = "" if joined.endswith(".") else "."
    return (
        f"“{written}” could be several companies in the data: {joined}{stop} "
        "Write the name of the one you mean."
    )


def goods_not_in_data(parsed: ParsedQuestion) -> str:
    """The answer to goods the data holds no shipment of in any period: no figure, and what the
    box can answer instead."""
    language = parsed.language if parsed.language in LANGUAGES else "en"
    product = _product_name(parsed)
    statement = {
        "en": f"The data holds no shipments of {product} in any period.",
        "vi": f"Dữ liệu không có lô hàng {product} nào trong bất kỳ giai đoạn nào.",
        "zh": f"数据中任何时期都没有{product}的货运记录。",
    }[language]
    return ("" if language == "zh" else " ").join([statement, _HELP[language]])
