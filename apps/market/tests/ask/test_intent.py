"""What a question asks beyond its filters: a forecast (which the data cannot give), a price or
a trend, how many names a ranking lists, and comparisons side by side; and the answers they get,
written from the figures given only."""

# ruff: noqa: RUF001

from datetime import date

import pytest

from apps.market.ask import compose_answer, parse_question
from apps.market.ask.answer import beyond_the_data
from apps.market.ask.figures import monthly_trend, price_change, side_by_side

TODAY = date(2026, 11, 22)


@pytest.mark.parametrize(
    "question",
    [
        "What will the price of robusta be next year?",
        "Forecast cashew exports to the US",
        "Giá cà phê năm tới sẽ thế nào?",
        "dự báo xuất khẩu hạt tiêu sang Mỹ",
        "明年胡椒价格会涨吗？",
        "预测越南腰果出口",
    ],
)
def test_questions_about_what_is_to_come_are_told_apart(question: str) -> None:
    parsed = parse_question(question, today=TODAY)
    assert parsed.future
    answer = beyond_the_data(parsed)
    assert not any(char.isdigit() for char in answer)


@pytest.mark.parametrize(
    "question",
    [
        "What did Vietnam export to the US in 2024?",
        "cashew exports to Germany last year",
        "xuất khẩu cà phê sang Đức năm ngoái",
        "2024年越南出口到美国的胡椒",
    ],
)
def test_questions_about_shipments_made_are_not_forecasts(question: str) -> None:
    assert not parse_question(question, today=TODAY).future


@pytest.mark.parametrize(
    ("question", "ranked"),
    [
        ("Top 5 importers of cashew in 2024", 5),
        ("the ten largest buyers of coffee", 10),
        ("top 50 pepper importers", 10),  # at most a page of the rankings
        ("biggest cashew importers", 3),
        ("5 nhà nhập khẩu hạt điều lớn nhất", 5),
        ("năm nhà nhập khẩu cà phê lớn nhất", 5),
        ("前五大腰果进口商", 5),
        ("咖啡进口商前10名", 10),
        ("胡椒三大进口商", 3),
        ("Which 4 companies bought the most durian last year?", 4),
        ("the 6 coffee importers that bought the most", 6),
        ("哪5家公司进口了最多的榴莲", 5),
    ],
)
def test_a_ranking_lists_the_number_of_names_asked(question: str, ranked: int) -> None:
    assert parse_question(question, today=TODAY).ranked == ranked


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        ("What is the price of pepper from Vietnam?", "price"),
        ("coffee price trend in 2025", "price"),
        ("Giá hạt điều xuất khẩu năm 2024", "price"),
        ("腰果的平均单价", "price"),
        ("pepper exports by month in 2025", "trend"),
        ("xu hướng xuất khẩu cà phê", "trend"),
        ("越南咖啡出口月度趋势", "trend"),
        ("cashew exports to the US", "summary"),
        ("các quốc gia nhập khẩu hạt điều", "summary"),  # 'quốc gia' (country) is not 'giá'
        ("xuất khẩu gia vị sang Ấn Độ", "summary"),  # nor 'gia vị' (spices)
    ],
)
def test_the_figures_a_question_wants(question: str, figures: str) -> None:
    assert parse_question(question, today=TODAY).figures == figures


@pytest.mark.parametrize(
    ("question", "field", "values"),
    [
        ("Germany vs Netherlands coffee imports 2024", "importer_country", ("DE", "NL")),
        ("coffee exports to Germany and the Netherlands in 2024", "importer_country", ("DE", "NL")),
        ("Vietnam vs Brazil coffee exports to the US", "exporter_country", ("VN", "BR")),
        ("So sánh xuất khẩu cà phê sang Đức và Hà Lan", "importer_country", ("DE", "NL")),
        ("德国和荷兰进口咖啡对比", "importer_country", ("DE", "NL")),
    ],
)
def test_countries_compared_are_searched_each_on_its_own(
    question: str, field: str, values: tuple[str, ...]
) -> None:
    parsed = parse_question(question, today=TODAY)
    assert parsed.comparison is not None
    assert (parsed.comparison.field, parsed.comparison.values) == (field, values)
    assert getattr(parsed.filters, field) == ""  # the form searches them together


@pytest.mark.parametrize(
    "question", ["Compare pepper exports in 2023 and 2024", "2023年与2024年越南胡椒出口对比"]
)
def test_years_compared_are_searched_each_on_its_own(question: str) -> None:
    parsed = parse_question(question, today=TODAY)
    assert parsed.comparison is not None
    assert parsed.comparison.values == (
        (date(2023, 1, 1), date(2023, 12, 31)),
        (date(2024, 1, 1), date(2024, 12, 31)),
    )
    assert parsed.filters.period == (date(2023, 1, 1), date(2024, 12, 31))


@pytest.mark.parametrize(
    "question",
    [
        "cashew exports from 2023 to 2024",
        "cashew exports from Vietnam to the Netherlands in 2024",
        "coffee trade between Vietnam and China",
    ],
)
def test_a_range_or_the_two_sides_of_a_trade_are_not_a_comparison(question: str) -> None:
    assert parse_question(question, today=TODAY).comparison is None


def test_chinese_question_words_and_years_are_never_names() -> None:
    parsed = parse_question("越南腰果的主要进口商有哪些？", today=TODAY)
    assert parsed.filters.importer_name == ""
    assert parsed.filters.exporter_country == "VN"
    assert parse_question("进口商是谁？2025年的咖啡", today=TODAY).filters.importer_name == ""


@pytest.mark.parametrize(
    ("question", "importer", "exporter"),
    [
        ("美国腰果进口商", "US", ""),
        ("印度黑胡椒进口", "IN", ""),
        ("越南腰果的进口商", "", "VN"),
        ("越南咖啡出口", "", "VN"),
        ("nhà nhập khẩu hạt điều Mỹ", "US", ""),
        ("hạt điều Mỹ xuất khẩu sang Ấn Độ", "IN", "US"),
    ],
)
def test_a_country_next_to_the_goods_takes_the_side_the_words_around_give(
    question: str, importer: str, exporter: str
) -> None:
    filters = parse_question(question, today=TODAY).filters
    assert (filters.importer_country, filters.exporter_country) == (importer, exporter)


MONTHS = [
    {"month": "2025-01", "shipments": 10, "value_usd": 1000.0, "net_weight_kg": 100.0},
    {"month": "2025-02", "shipments": 12, "value_usd": 1500.0, "net_weight_kg": 120.0},
    {"month": "2025-03", "shipments": 30, "value_usd": 4000.0, "net_weight_kg": 300.0},
    {"month": "2025-04", "shipments": 20, "value_usd": 2500.0, "net_weight_kg": 200.0},
]


def test_a_trend_names_its_direction_change_and_peak_month() -> None:
    assert monthly_trend(MONTHS, "en") == (
        "By month, the value is rising: from $1,000 in Jan 2025 to $2,500 in Apr 2025 "
        "(+150.0%); the peak was Mar 2025 with $4,000."
    )
    assert "2025年3月" in monthly_trend(MONTHS, "zh")
    assert "giảm" in monthly_trend(list(reversed(MONTHS)), "vi")


def test_a_trend_leaves_out_the_months_the_period_cuts() -> None:
    parsed = parse_question("pepper exports by month", today=date(2025, 4, 15))
    cut = [{"month": "2024-04", "shipments": 1, "value_usd": 1.0, "net_weight_kg": 1.0}]
    answer = compose_answer(
        parsed, {"shipments": 73, "total_value_usd": 9000.0}, months=cut + MONTHS
    )
    # April 2024 and April 2025, both cut by the period, are left out.
    assert "from $1,000 in Jan 2025 to $4,000 in Mar 2025 (+300.0%)" in answer


def test_a_price_answer_gives_usd_per_kg_its_spread_and_change() -> None:
    prices = [
        {"month": "2025-01", "average": 5.0, "p25": 4.5, "median": 5.1, "p75": 5.6},
        {"month": "2025-02", "average": 6.0, "p25": 5.5, "median": 6.1, "p75": 6.4},
    ]
    assert price_change(prices, "en") == (
        "Price in Feb 2025: the middle half of shipments paid $5.50–$6.40 per kg, median "
        "$6.10; the average went from $5.00 per kg in Jan 2025 to $6.00 (+20.0%)."
    )
    assert "no price per kg" in price_change([], "en")
    # Percentiles estimated from the shipments per step of price say so.
    assert price_change(prices, "en", estimated=True).startswith(
        "Price in Feb 2025: the middle half of shipments paid ≈$5.50–$6.40 per kg, median ≈$6.10;"
    )


def test_compared_figures_are_side_by_side_with_the_difference() -> None:
    compared = [
        ("DE", {"shipments": 130, "total_value_usd": 2000.0, "total_weight_kg": 400.0}),
        ("NL", {"shipments": 50, "total_value_usd": 1500.0, "total_weight_kg": 300.0}),
    ]
    assert side_by_side(compared, "en") == (
        "Side by side — Germany: 130 shipments, $2,000, 400 kg; Netherlands: 50 shipments, "
        "$1,500, 300 kg. Germany is ahead of Netherlands by $500 in value (+33.3%)."
    )
    assert "德国比荷兰金额多" in side_by_side(compared, "zh")


@pytest.mark.parametrize(
    "question",
    [
        "xu hướng xuất khẩu sầu riêng sang Trung Quốc năm 2025",
        "How has the price of durian changed in 2024?",
        "giá sầu riêng trung bình mỗi kg",
        "榴莲每公斤均价",
    ],
)
def test_the_words_that_ask_for_a_price_or_a_trend_are_not_goods(question: str) -> None:
    assert parse_question(question, today=TODAY).filters.hs_codes == ("081060",)


def test_goods_compared_are_searched_each_on_its_own() -> None:
    parsed = parse_question("cashew vs pepper exports to the US in 2024", today=TODAY)
    assert parsed.comparison is not None
    assert parsed.comparison.field == "goods"
    assert [goods.name for goods in parsed.comparison.values] == ["cashew", "pepper"]
    assert parsed.comparison.is_union  # the search holds both, and only them


def test_compared_countries_are_answered_without_the_whole_markets_figures() -> None:
    parsed = parse_question("Germany vs Netherlands coffee imports 2024", today=TODAY)
    market = {"shipments": 793, "total_value_usd": 154932460.0, "total_weight_kg": 3.2e7}
    compared = [
        ("DE", {"shipments": 130, "total_value_usd": 2000.0, "total_weight_kg": 400.0}),
        ("NL", {"shipments": 50, "total_value_usd": 1500.0, "total_weight_kg": 300.0}),
    ]
    answer = compose_answer(parsed, market, [{"importer_name": "Anyone"}], compared=compared)
    assert "793" not in answer
    assert "Anyone" not in answer
    assert "Germany: 130 shipments" in answer


def test_goods_the_lexicon_does_not_know_are_not_read_as_the_goods_they_name() -> None:
    # '苹果手机' are Apple phones, not apples: the question is not understood, not answered
    # with the apple trade.
    parsed = parse_question("进口苹果手机", today=TODAY)
    assert not parsed.understood
    assert not parsed.filters.hs_codes
