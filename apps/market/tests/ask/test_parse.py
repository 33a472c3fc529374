"""The AI question box, offline: questions in three languages become the same filters."""

from dataclasses import replace
from datetime import date

import pytest

from apps.core.errors import ValidationFailed
from apps.market.ask import ParsedQuestion, detect_language, parse_question
from apps.market.ask.search import AskedSearch
from apps.market.filters import (
    BAD_COUNTRY,
    PARTY_OR_PRODUCT_REQUIRED,
    SEARCH_FIELDS,
    START_AFTER_END,
    filters_as_query,
    search_filters,
)
from apps.market.schemas import SearchQuery

TODAY = date(2026, 11, 22)

# (question, today, language, expected filters: a subset of the result)
QUESTIONS = [
    # English
    (
        "cashew exports from Vietnam to the Netherlands in 2024",
        TODAY,
        "en",
        {
            "product_details": "",
            "hs_code": ["0801"],
            "exporter_country": "VN",
            "importer_country": "NL",
            "start_date": "01-01-2024",
            "end_date": "31-12-2024",
        },
    ),
    (
        "Coffee exports to Germany last year",
        TODAY,
        "en",
        {
            "product_details": "",
            "hs_code": ["0901"],
            "importer_country": "DE",
            "exporter_country": "VN",
            "start_date": "01-01-2025",
            "end_date": "31-12-2025",
        },
    ),
    (
        "US imports of natural rubber in Q1 2024",
        TODAY,
        "en",
        {
            "product_details": "",
            "hs_code": ["4001"],
            "importer_country": "US",
            "exporter_country": "",
            "start_date": "01-01-2024",
            "end_date": "31-03-2024",
        },
    ),
    (
        "imports of coffee from Brazil into Germany last quarter",
        TODAY,
        "en",
        {
            "exporter_country": "BR",
            "importer_country": "DE",
            "start_date": "01-07-2026",
            "end_date": "30-09-2026",
        },
    ),
    (
        "pepper shipments to the USA since March 2024",
        TODAY,
        "en",
        {
            "product_details": "",
            "hs_code": ["0904"],
            "importer_country": "US",
            "start_date": "01-03-2024",
            "end_date": "22-11-2026",
        },
    ),
    (
        "Which buyers in Japan bought shrimp in the last 6 months?",
        TODAY,
        "en",
        {
            "product_details": "",
            "hs_code": ["0306"],
            "importer_country": "JP",
            "start_date": "22-05-2026",
            "end_date": "22-11-2026",
        },
    ),
    (
        'rice sold to importer "Olam International" in March 2024',
        TODAY,
        "en",
        {
            "product_details": "",
            "importer_name": "Olam International",
            "start_date": "01-03-2024",
            "end_date": "31-03-2024",
        },
    ),
    (
        "tea shipped by exporter Phu Bai Tea Company to Pakistan this year",
        TODAY,
        "en",
        {
            "product_details": "",
            "hs_code": ["0902"],
            "exporter_name": "Phu Bai Tea Company",
            "importer_country": "PK",
            "start_date": "01-01-2026",
            "end_date": "22-11-2026",
        },
    ),
    (
        "cassava exports to China",
        TODAY,
        "en",
        {
            "product_details": "",
            "hs_code": ["0714", "1108"],
            "importer_country": "CN",
            "exporter_country": "VN",
            "start_date": "23-11-2025",
            "end_date": "22-11-2026",
        },
    ),
    (
        "Dragon fruit exports to India in the third quarter of 2025",
        TODAY,
        "en",
        {
            "product_details": "dragon fruit",
            "hs_code": ["0810"],
            "importer_country": "IN",
            "start_date": "01-07-2025",
            "end_date": "30-09-2025",
        },
    ),
    (
        "Vietnamese pangasius sold to the UK last month",
        TODAY,
        "en",
        {
            "product_details": "",
            "hs_code": ["0304"],
            "exporter_country": "VN",
            "importer_country": "GB",
            "start_date": "01-10-2026",
            "end_date": "31-10-2026",
        },
    ),
    (
        "wooden furniture exports from Vietnam to Australia between January 2025 and June 2025",
        TODAY,
        "en",
        {
            "product_details": "",
            "hs_code": ["9403"],
            "exporter_country": "VN",
            "importer_country": "AU",
            "start_date": "01-01-2025",
            "end_date": "30-06-2025",
        },
    ),
    (
        "fruit exports to Hong Kong in 2023",
        TODAY,
        "en",
        {"hs_code": ["08"], "importer_country": "HK", "start_date": "01-01-2023"},
    ),
    # Vietnamese, with and without accents
    (
        "xuất khẩu cà phê sang Đức năm ngoái",
        TODAY,
        "vi",
        {
            "product_details": "",
            "hs_code": ["0901"],
            "importer_country": "DE",
            "exporter_country": "VN",
            "start_date": "01-01-2025",
            "end_date": "31-12-2025",
        },
    ),
    (
        "xuat khau ca phe sang duc nam ngoai",
        TODAY,
        "vi",
        {
            "product_details": "",
            "importer_country": "DE",
            "exporter_country": "VN",
            "start_date": "01-01-2025",
            "end_date": "31-12-2025",
        },
    ),
    (
        "Hạt điều xuất khẩu sang Hà Lan quý 1 năm 2024",
        TODAY,
        "vi",
        {
            "product_details": "",
            "hs_code": ["0801"],
            "importer_country": "NL",
            "start_date": "01-01-2024",
            "end_date": "31-03-2024",
        },
    ),
    (
        "hat dieu xuat khau sang Ha Lan quy 1/2024",
        TODAY,
        "vi",
        {
            "product_details": "",
            "importer_country": "NL",
            "start_date": "01-01-2024",
            "end_date": "31-03-2024",
        },
    ),
    (
        "hồ tiêu xuất sang Mỹ từ tháng 3 năm 2024",
        TODAY,
        "vi",
        {
            "product_details": "",
            "hs_code": ["0904"],
            "importer_country": "US",
            "start_date": "01-03-2024",
            "end_date": "22-11-2026",
        },
    ),
    (
        "ho tieu xuat khau sang Hoa Ky 6 thang qua",
        TODAY,
        "vi",
        {
            "product_details": "",
            "importer_country": "US",
            "exporter_country": "VN",
            "start_date": "22-05-2026",
            "end_date": "22-11-2026",
        },
    ),
    (
        "Philippines nhập khẩu gạo từ Việt Nam năm nay",
        TODAY,
        "vi",
        {
            "product_details": "",
            "hs_code": ["1006"],
            "importer_country": "PH",
            "exporter_country": "VN",
            "start_date": "01-01-2026",
            "end_date": "22-11-2026",
        },
    ),
    (
        "nhà nhập khẩu Công ty ABC mua tiêu từ Việt Nam tháng 3/2024",
        TODAY,
        "vi",
        {
            "product_details": "",
            "importer_name": "Công ty ABC",
            "exporter_country": "VN",
            "start_date": "01-03-2024",
            "end_date": "31-03-2024",
        },
    ),
    (
        "nhà xuất khẩu Intimex bán cao su sang Trung Quốc quý trước",
        TODAY,
        "vi",
        {
            "product_details": "",
            "exporter_name": "Intimex",
            "importer_country": "CN",
            "start_date": "01-07-2026",
            "end_date": "30-09-2026",
        },
    ),
    (
        "sầu riêng xuất khẩu sang Trung Quốc tháng 5/2025",
        TODAY,
        "vi",
        {
            "product_details": "durian",
            "importer_country": "CN",
            "start_date": "01-05-2025",
            "end_date": "31-05-2025",
        },
    ),
    (
        "khoai mì xuất khẩu đến Hàn Quốc năm 2025",
        TODAY,
        "vi",
        {
            "product_details": "",
            "hs_code": ["0714", "1108"],
            "importer_country": "KR",
            "start_date": "01-01-2025",
            "end_date": "31-12-2025",
        },
    ),
    (
        "ca tra xuat khau sang My quy truoc",
        TODAY,
        "vi",
        {
            "product_details": "",
            "importer_country": "US",
            "exporter_country": "VN",
            "start_date": "01-07-2026",
            "end_date": "30-09-2026",
        },
    ),
    (
        "đồ gỗ xuất khẩu vào Nhật Bản năm nay",
        TODAY,
        "vi",
        {
            "product_details": "",
            "hs_code": ["9403"],
            "importer_country": "JP",
            "start_date": "01-01-2026",
            "end_date": "22-11-2026",
        },
    ),
    (
        "xuất khẩu trà sang Đài Loan năm trước",
        TODAY,
        "vi",
        {
            "product_details": "",
            "importer_country": "TW",
            "start_date": "01-01-2025",
            "end_date": "31-12-2025",
        },
    ),
    (
        "tôm xuất khẩu từ Việt Nam sang Úc",
        TODAY,
        "vi",
        {
            "product_details": "",
            "exporter_country": "VN",
            "importer_country": "AU",
            "start_date": "23-11-2025",
            "end_date": "22-11-2026",
        },
    ),
    # Chinese, without spaces
    (
        "2024年越南出口到美国的胡椒",
        TODAY,
        "zh",
        {
            "product_details": "",
            "hs_code": ["0904"],
            "exporter_country": "VN",
            "importer_country": "US",
            "start_date": "01-01-2024",
            "end_date": "31-12-2024",
        },
    ),
    (
        "去年越南出口到德国的咖啡",
        TODAY,
        "zh",
        {
            "product_details": "",
            "exporter_country": "VN",
            "importer_country": "DE",
            "start_date": "01-01-2025",
            "end_date": "31-12-2025",
        },
    ),
    (
        "2024年第一季度越南对中国出口的火龙果",
        TODAY,
        "zh",
        {
            "product_details": "dragon fruit",
            "exporter_country": "VN",
            "importer_country": "CN",
            "start_date": "01-01-2024",
            "end_date": "31-03-2024",
        },
    ),
    (
        "德国从越南进口腰果",
        TODAY,
        "zh",
        {
            "product_details": "",
            "hs_code": ["0801"],
            "importer_country": "DE",
            "exporter_country": "VN",
            "start_date": "23-11-2025",
            "end_date": "22-11-2026",
        },
    ),
    (
        "自2024年3月以来越南出口到日本的大米",
        TODAY,
        "zh",
        {
            "product_details": "",
            "importer_country": "JP",
            "exporter_country": "VN",
            "start_date": "01-03-2024",
            "end_date": "22-11-2026",
        },
    ),
    (
        "过去6个月进口商ABC Trading从越南采购的腰果",
        TODAY,
        "zh",
        {
            "product_details": "",
            "importer_name": "ABC Trading",
            "exporter_country": "VN",
            "start_date": "22-05-2026",
            "end_date": "22-11-2026",
        },
    ),
    pytest.param(
        "上季度越南出口到韩国的虾",
        TODAY,
        "zh",
        {
            "product_details": "",
            "importer_country": "KR",
            "start_date": "01-07-2026",
            "end_date": "30-09-2026",
        },
    ),
    (
        "今年巴沙鱼出口到美国",
        TODAY,
        "zh",
        {
            "product_details": "",
            "hs_code": ["0304"],
            "importer_country": "US",
            "exporter_country": "VN",
            "start_date": "01-01-2026",
            "end_date": "22-11-2026",
        },
    ),
    (
        "2025年3月泰国的橡胶出口",
        TODAY,
        "zh",
        {
            "product_details": "",
            "exporter_country": "TH",
            "start_date": "01-03-2025",
            "end_date": "31-03-2025",
        },
    ),
    (
        "出口商“陈氏农产”销往荷兰的木薯",
        TODAY,
        "zh",
        {
            "product_details": "",
            "exporter_name": "陈氏农产",
            "importer_country": "NL",
        },
    ),
    (
        "过去三个月越南出口到阿联酋的榴莲",
        TODAY,
        "zh",
        {
            "product_details": "durian",
            "importer_country": "AE",
            "start_date": "22-08-2026",
            "end_date": "22-11-2026",
        },
    ),
    (
        "上个月越南的茶叶出口到台湾",
        TODAY,
        "zh",
        {
            "product_details": "",
            "exporter_country": "VN",
            "importer_country": "TW",
            "start_date": "01-10-2026",
            "end_date": "31-10-2026",
        },
    ),
    (
        "越南出口到英国的家具 2023年",
        TODAY,
        "zh",
        {"product_details": "", "importer_country": "GB", "start_date": "01-01-2023"},
    ),
    # Another day: a quarter with no year is the latest one that has begun.
    (
        "Q4 durian exports to China",
        date(2026, 2, 10),
        "en",
        {"start_date": "01-10-2025", "end_date": "31-12-2025", "importer_country": "CN"},
    ),
]


@pytest.mark.parametrize(("question", "today", "language", "expected"), QUESTIONS)
def test_questions_become_filters(
    question: str, today: date, language: str, expected: dict[str, object]
) -> None:
    parsed = parse_question(question, today=today)
    assert parsed.language == language
    assert parsed.understood
    query = filters_as_query(parsed.filters)
    assert tuple(query) == SEARCH_FIELDS
    for key, value in expected.items():
        if key == "product_details":
            continue  # the words no code carries are the product lexicon's (test_lexicon)
        if key == "hs_code":
            # The lexicon chooses the subheadings; the heading is what the question says.
            headings = {code[:4] for code in parsed.filters.hs_codes}
            expected_headings = {str(code)[:4] for code in value}  # type: ignore[attr-defined]
            assert headings, (key, parsed.filters)
            assert headings <= expected_headings, (key, parsed.filters)
            continue
        assert query[key] == value, (key, query)


def test_the_language_of_each_question_is_told_apart() -> None:
    rows = [case.values if hasattr(case, "values") else case for case in QUESTIONS]
    detected = {(row[0], detect_language(row[0])) for row in rows}
    assert detected == {(row[0], row[2]) for row in rows}
    assert {language for _, language in detected} == {"en", "vi", "zh"}


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("cashew exports to Germany", "en"),
        ("xuất khẩu cà phê", "vi"),
        ("xuat khau ca phe sang duc", "vi"),
        ("nam ngoai gao", "vi"),
        ("越南胡椒", "zh"),
        ("Côte d'Ivoire cashew", "en"),
    ],
)
def test_detect_language(question: str, language: str) -> None:
    assert detect_language(question) == language


def test_three_languages_give_the_same_filters() -> None:
    questions = [
        "pepper exports from Vietnam to the United States in 2024",
        "xuất khẩu hồ tiêu từ Việt Nam sang Mỹ năm 2024",
        "2024年越南出口到美国的胡椒",
    ]
    filters = [parse_question(question, today=TODAY).filters for question in questions]
    headings = [
        replace(found, hs_codes=tuple(sorted({code[:4] for code in found.hs_codes})))
        for found in filters
    ]
    # The words no code carries are each language's own.
    assert len({replace(found, product_details="") for found in headings}) == 1


@pytest.mark.parametrize(
    "question",
    [
        "hello, how are you?",
        "你好",
        "tiêu thụ điện",
    ],
)
def test_questions_with_nothing_to_search_are_not_understood(question: str) -> None:
    parsed = parse_question(question, today=TODAY)
    assert not parsed.understood
    assert parsed.filters.period == (date(2025, 11, 23), date(2026, 11, 22))


def test_a_lower_case_us_is_not_a_country() -> None:
    parsed = parse_question("show us coffee exports in 2024", today=TODAY)
    assert parsed.filters.importer_country == ""
    assert parsed.filters.exporter_country == ""


def test_parsed_questions_are_frozen() -> None:
    parsed = parse_question("coffee", today=TODAY)
    assert isinstance(parsed, ParsedQuestion)
    with pytest.raises(AttributeError):
        parsed.language = "vi"  # type: ignore[misc]


def test_a_read_question_is_checked_as_the_same_search_typed_into_the_form() -> None:
    parsed = parse_question("pepper exports from Vietnam to India in 2024", today=TODAY)

    checked = parsed.filters.checked()

    typed = search_filters(SearchQuery.model_validate(filters_as_query(parsed.filters)))
    assert checked == typed
    assert (checked.start_date, checked.end_date) == (date(2024, 1, 1), date(2024, 12, 31))


@pytest.mark.parametrize(
    ("search", "field", "message"),
    [
        (
            AskedSearch(date(2024, 1, 1), date(2024, 12, 31)),
            "product_details",
            PARTY_OR_PRODUCT_REQUIRED,
        ),
        (
            AskedSearch(date(2024, 12, 31), date(2024, 1, 1), "pepper"),
            "start_date",
            START_AFTER_END,
        ),
        (
            AskedSearch(date(2024, 1, 1), date(2024, 12, 31), "pepper", importer_country="XX"),
            "importer_country",
            BAD_COUNTRY,
        ),
    ],
)
def test_a_read_question_too_little_or_wrong_to_search_is_refused_with_the_forms_message(
    search: AskedSearch, field: str, message: str
) -> None:
    with pytest.raises(ValidationFailed) as refused:
        search.checked()

    assert refused.value.fields[field] == [message]
