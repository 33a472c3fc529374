"""The AI box's answers: in the question's language, with only the figures they are given."""

# ruff: noqa: RUF001

from datetime import date

import pytest

from apps.market.ask import (
    AskContext,
    compose_answer,
    coverage_note,
    parse_question,
    reading,
    understood_so_far,
)
from apps.market.ask.wording import period_label

TODAY = date(2026, 11, 22)

STATISTICS = {
    "shipments": 1234,
    "total_value_usd": 5678901.4,
    "total_weight_kg": 2345678.0,
    "importers": 56,
    "exporters": 78,
    "avg_price_per_unit": 6.25,
}


def test_answer_in_english() -> None:
    parsed = parse_question("cashew exports from Vietnam to the Netherlands in 2024", today=TODAY)
    answer = compose_answer(
        parsed, STATISTICS, [{"importer_name": "Dutch Nuts BV", "value_usd": 1200000}]
    )
    # The price is per kg: the value over the net weight (5,678,901.4 / 2,345,678).
    for text in ("1,234 shipments", "$5,678,901", "2,345,678 kg", "56", "78", "$2.42 per kg"):
        assert text in answer
    assert "cashew" in answer.lower()
    assert "Netherlands" in answer
    assert "Vietnam" in answer
    assert "2024" in answer
    assert "Dutch Nuts BV ($1,200,000)" in answer


def test_answer_in_vietnamese() -> None:
    parsed = parse_question("xuất khẩu cà phê sang Đức năm ngoái", today=TODAY)
    answer = compose_answer(parsed, STATISTICS)
    for text in ("1.234 lô hàng", "5.678.901", "US$", "2.345.678 kg", "2,42", "nhà nhập khẩu"):
        assert text in answer
    assert "cà phê" in answer
    assert "Đức" in answer
    assert "năm 2025" in answer


def test_answer_in_chinese() -> None:
    parsed = parse_question("2024年第一季度越南出口到美国的胡椒", today=TODAY)
    answer = compose_answer(parsed, STATISTICS, [{"name": "Spice Co", "value_usd": 99000.0}])
    for text in ("1,234批", "US$5,678,901", "2,345,678千克", "56家进口商", "每千克US$2.42"):
        assert text in answer
    assert "胡椒" in answer
    assert "美国" in answer
    assert "越南" in answer
    assert "2024年第一季度" in answer
    assert "Spice Co (US$99,000)" in answer


def test_answer_uses_only_given_figures() -> None:
    parsed = parse_question("rice exports to the Philippines in 2025", today=TODAY)
    answer = compose_answer(parsed, {"shipments": 3, "total_value_usd": None})
    assert "3 shipments" in answer
    assert "$" not in answer
    assert "kg" not in answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("coffee exports to Germany in 2024", "No shipments found"),
        ("xuất khẩu cà phê sang Đức năm 2024", "Không tìm thấy lô hàng"),
        ("2024年越南出口到德国的咖啡", "未找到货运记录"),
    ],
)
def test_answer_when_nothing_was_found(question: str, expected: str) -> None:
    parsed = parse_question(question, today=TODAY)
    answer = compose_answer(parsed, {"shipments": 0, "total_value_usd": 0})
    assert answer.startswith(expected)


@pytest.mark.parametrize(
    ("question", "example"),
    [
        ("what's up?", "cashew exports from Vietnam"),
        ("xin chào bạn, thời tiết thế nào", "xuất khẩu cà phê sang Đức"),
        ("hôm nay thế nào", "xuất khẩu cà phê sang Đức"),
        ("你好，今天天气怎么样", "2024年越南出口到美国的胡椒"),
    ],
)
def test_help_when_not_understood(question: str, example: str) -> None:
    parsed = parse_question(question, today=TODAY)
    assert not parsed.understood
    assert example in compose_answer(parsed, STATISTICS)


# How the question was read


def test_the_reading_lists_each_filter_in_the_questions_language() -> None:
    english = reading(parse_question("pepper exports to Germany in Q1 2025", today=TODAY))
    assert [item["field"] for item in english] == [
        "product",
        "hs_code",
        "exporter_country",
        "importer_country",
        "period",
    ]
    assert {item["text"] for item in english} >= {
        "Product: pepper",
        "From: Vietnam",
        "To: Germany",
        "Period: Q1 2025",
    }
    vietnamese = reading(parse_question("xuất khẩu hồ tiêu sang Đức quý 1/2025", today=TODAY))
    assert {item["text"] for item in vietnamese} >= {
        "Sản phẩm: hồ tiêu",
        "Nước nhập khẩu: Đức",
        "Thời gian: quý 1/2025",
    }
    chinese = reading(parse_question("2025年第一季度越南出口到德国的胡椒", today=TODAY))
    assert {item["text"] for item in chinese} >= {"产品：胡椒", "进口国：德国", "出口国：越南"}
    period = next(item for item in chinese if item["field"] == "period")
    assert period["value"] == "01-01-2025|31-03-2025"


def test_a_question_it_cannot_search_says_what_it_understood() -> None:
    parsed = parse_question("what about Germany in 2024?", today=TODAY)
    assert not parsed.understood
    text = understood_so_far(parsed)
    assert "I understood: To: Germany; Period: 2024, but not what to search for." in text
    assert "cashew exports from Vietnam" in text
    vietnamese = understood_so_far(parse_question("còn Đức năm 2024 thì sao?", today=TODAY))
    assert "Tôi hiểu được: Nước nhập khẩu: Đức" in vietnamese


def test_an_unknown_hs_code_is_said() -> None:
    context = AskContext(hs_codes=frozenset({"0801"}))
    parsed = parse_question("HS 9999 to Germany", today=TODAY, context=context)
    assert "HS 9999 is not a code of the nomenclature." in understood_so_far(parsed)


def test_a_period_beyond_the_data_is_said() -> None:
    parsed = parse_question("cashew exports to Germany in 2027", today=TODAY)
    first, last = date(2023, 1, 1), date(2025, 12, 31)
    assert coverage_note(parsed, first, last) == (
        "The data covers 1 Jan 2023 to 31 Dec 2025; the period you asked about lies outside it."
    )
    parsed = parse_question("cashew exports to Germany from 2025 to 2026", today=TODAY)
    assert "reaches beyond it" in coverage_note(parsed, first, last)
    parsed = parse_question("xuất khẩu hạt điều sang Đức năm 2027", today=TODAY)
    assert coverage_note(parsed, first, last).startswith("Dữ liệu có từ 01/01/2023 đến 31/12/2025")
    parsed = parse_question("cashew exports to Germany in 2024", today=TODAY)
    assert coverage_note(parsed, first, last) == ""
    assert coverage_note(parsed, None, None) == ""


def test_a_ranking_of_exporters_lists_the_exporters_given() -> None:
    parsed = parse_question("largest exporters of pepper to India in 2025", today=TODAY)
    assert parsed.ranking
    assert parsed.ranks == "exporters"
    answer = compose_answer(
        parsed, STATISTICS, top_exporters=[{"exporter_name": "Malabar Spices", "value_usd": 7e5}]
    )
    assert "Top exporters: Malabar Spices ($700,000)." in answer
    assert "Top importers" not in answer
    vietnamese = parse_question("những nhà xuất khẩu hồ tiêu hàng đầu sang Ấn Độ", today=TODAY)
    assert vietnamese.ranks == "exporters"
    assert parse_question("2025年出口到印度的主要胡椒出口商", today=TODAY).ranks == "exporters"
    assert parse_question("biggest importers of cashew in 2024", today=TODAY).ranks == "importers"


def test_a_name_of_several_parties_is_answered_with_them_and_no_figure() -> None:
    from dataclasses import replace

    from apps.market.ask import did_you_mean

    parsed = replace(
        parse_question("Golden Gate imports", today=TODAY),
        unresolved="Golden Gate",
        suggestions=("Golden Gate Meridian Inc.", "Golden Gate Evergreen Corp."),
    )
    assert did_you_mean(parsed) == (
        "“Golden Gate” could be several companies in the data: Golden Gate Meridian Inc. or "
        "Golden Gate Evergreen Corp. Write the name of the one you mean."
    )
    chinese = replace(parsed, language="zh")
    assert "Golden Gate Meridian Inc.或Golden Gate Evergreen Corp." in did_you_mean(chinese)


@pytest.mark.parametrize(
    ("start", "end", "language", "label"),
    [
        (date(2024, 1, 1), date(2024, 12, 31), "en", "2024"),
        (date(2024, 4, 1), date(2024, 6, 30), "en", "Q2 2024"),
        (date(2024, 4, 1), date(2024, 6, 30), "zh", "2024年第二季度"),
        (date(2024, 3, 1), date(2024, 3, 31), "vi", "tháng 3/2024"),
        (date(2024, 1, 3), date(2024, 2, 9), "en", "3 Jan 2024 to 9 Feb 2024"),
    ],
)
def test_a_period_is_worded_from_its_dates(
    start: date, end: date, language: str, label: str
) -> None:
    assert period_label(start, end, language) == label
