"""The answer to a question, in its language, written from the search's figures only: it never
makes up a figure."""

# ruff: noqa: RUF001

from __future__ import annotations

import calendar
from datetime import date
from typing import Any

from apps.market.ask.figures import monthly_trend, price_change, side_by_side, whole_months
from apps.market.ask.parse import LANGUAGES, ParsedQuestion
from apps.market.ask.wording import (
    _count,
    _country,
    _figure,
    _money,
    period_label,
    period_words,
)
from apps.market.filters import date_text


def _product_name(parsed: ParsedQuestion) -> str:
    if parsed.product:
        return parsed.product
    details = parsed.filters.product_details
    if details:
        return details
    codes = parsed.filters.hs_codes
    if codes:
        return {"en": "HS ", "vi": "mã HS ", "zh": "HS 编码 "}[parsed.language] + ", ".join(codes)
    return {"en": "goods", "vi": "hàng hóa", "zh": "货物"}[parsed.language]


def _subject(parsed: ParsedQuestion) -> str:
    """What was searched, e.g. 'cashew shipments from Vietnam to the Netherlands in 2024'."""
    language = parsed.language
    filters = parsed.filters
    product = _product_name(parsed)
    exporter = filters.exporter_country
    importer = filters.importer_country
    exporter_name = filters.exporter_name
    importer_name = filters.importer_name
    period = period_words(*filters.period, language)
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
    "hs_code": {"en": "HS code", "vi": "Mã HS", "zh": "HS 编码"},
    "exporter_name": {"en": "Exporter", "vi": "Nhà xuất khẩu", "zh": "出口商"},
    "importer_name": {"en": "Importer", "vi": "Nhà nhập khẩu", "zh": "进口商"},
    "exporter_country": {"en": "From", "vi": "Nước xuất khẩu", "zh": "出口国"},
    "importer_country": {"en": "To", "vi": "Nước nhập khẩu", "zh": "进口国"},
    "period": {"en": "Period", "vi": "Thời gian", "zh": "时间"},
}


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

    codes = filters.hs_codes
    if parsed.product:
        add("product", parsed.product, parsed.product)
    if filters.product_details and filters.product_details != parsed.product:
        add("product_details", filters.product_details, filters.product_details)
    if codes:
        add("hs_code", ",".join(codes), ", ".join(codes))
    for field, name in (
        ("exporter_name", filters.exporter_name),
        ("importer_name", filters.importer_name),
    ):
        if name:
            add(field, name, name)
    countries = (
        ("exporter_country", filters.exporter_country),
        ("importer_country", filters.importer_country),
    )
    for field, code in countries:
        if code:
            add(field, code, _country(code, language).removeprefix("the "))
    # The period searched; for a question it cannot search, only a period it named.
    if parsed.dated or parsed.understood:
        start, end = filters.period
        add("period", f"{date_text(start)}|{date_text(end)}", period_label(start, end, language))
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
    start, end = parsed.filters.period
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
                "zh": f"HS 编码 {unknown} 不在商品目录中。",
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


def compose_answer(
    parsed: ParsedQuestion,
    statistics: dict[str, Any],
    top_importers: list[dict[str, Any]] | None = None,
    top_exporters: list[dict[str, Any]] | None = None,
    *,
    prices: list[dict[str, Any]] | None = None,
    prices_estimated: bool = False,
    months: list[dict[str, Any]] | None = None,
    compared: list[tuple[Any, dict[str, Any]]] | None = None,
) -> str:
    """The answer in the question's language, with the figures of `statistics`,
    `top_importers`, `top_exporters`, the unit prices per month (`prices`, their percentiles
    estimated when `prices_estimated`), the monthly totals (`months`) and the statistics of
    each thing compared (`compared`) only."""
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
        sentences.append(
            price_change(
                whole_months(prices or [], parsed.filters.period),
                language,
                estimated=prices_estimated,
            )
        )
    if parsed.figures == "trend":
        sentences.append(monthly_trend(whole_months(months or [], parsed.filters.period), language))
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
