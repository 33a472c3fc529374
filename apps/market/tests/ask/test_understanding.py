"""What the AI box reads in a question besides products: HS codes as written, the parties the
data holds, ranking words, and the period, in English, Vietnamese and Chinese."""

import logging
from datetime import date

import pytest

from apps.market.ask import AskContext, ParsedQuestion, parse_question
from apps.market.ask.dates import default_period, parse_dates
from apps.market.ask.directory import PartyDirectory
from apps.market.ask.hscodes import find_hs_codes
from apps.market.ask.text import fold
from apps.market.ask.warm import warm_up

TODAY = date(2025, 11, 20)
NOMENCLATURE = frozenset(
    {"08", "09", "0801", "080131", "080132", "0901", "090111", "0902", "0904", "090411",
     "1006", "100630", "4001", "400122", "2008"}
)  # fmt: skip
PARTIES = PartyDirectory(
    [
        ("Hoang Long Cashew Processing Co., Ltd", "VN", 41, 0),
        ("CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU HOÀNG LONG", "VN", 12, 0),
        ("CÔNG TY CỔ PHẦN RAU QUẢ NHẬT MINH", "VN", 38, 0),
        ("CÔNG TY TNHH RAU QUẢ MỸ AN", "VN", 6, 0),
        ("Hanseatic Tradewind Global Sourcing GmbH", "DE", 0, 209),
        ("Royal Trading Co., Ltd.", "NL", 0, 3),
        ("Royal Star Trading Co., Ltd.", "NL", 0, 20),
        ("Lotus Foods Co., Ltd.", "JP", 4, 9),
    ]
)
CONTEXT = AskContext(PARTIES, NOMENCLATURE, date(2023, 1, 1), date(2025, 12, 31))


def read(question: str) -> dict[str, object]:
    return parse_question(question, today=TODAY, context=CONTEXT).filters


# HS codes as written


@pytest.mark.parametrize(
    ("question", "codes"),
    [
        ("HS 0904 exports to Germany", ["0904"]),
        ("hs code 100630 to the Philippines", ["100630"]),
        ("shipments under HS0801", ["0801"]),
        ("mã HS 0801 sang Hà Lan", ["0801"]),
        ("ma hs 0904 nam 2024", ["0904"]),
        ("编码0801出口到美国", ["0801"]),
        ("海关编码4001.22运往中国", ["400122"]),
        ("exports of 0901.11 to Italy", ["090111"]),
        ("HS 0901, 0902 and 0904 to Japan", ["0901", "0902", "0904"]),
        ("HS 0901、0902和0904", ["0901", "0902", "0904"]),
        ("rice 10063099 to Ghana", ["100630"]),  # a national line: its subheading
        ("chapter HS 09 in 2024", ["09"]),
    ],
)
def test_hs_codes_in_every_usual_form(question: str, codes: list[str]) -> None:
    found = find_hs_codes(fold(question), NOMENCLATURE)
    assert [match.code for match in found] == codes


def test_years_and_quantities_are_not_codes() -> None:
    assert find_hs_codes(fold("cashew exports in 2008, 2024 and 200 tons"), NOMENCLATURE) == []
    assert find_hs_codes(fold("from 01/03/2025 to 30/06/2025"), NOMENCLATURE) == []


def test_a_code_the_nomenclature_does_not_hold_is_reported_not_searched() -> None:
    parsed = parse_question("HS 9999 to Germany in 2024", today=TODAY, context=CONTEXT)
    assert parsed.filters.hs_codes == ()
    assert parsed.unknown_codes == ("9999",)
    assert not parsed.understood


def test_a_written_code_is_not_read_as_a_year() -> None:
    filters = read("HS 2008 exports to Japan last year")
    assert filters.hs_codes == ("2008",)
    assert filters.period == (date(2024, 1, 1), date(2024, 12, 31))


# Parties the data holds


@pytest.mark.parametrize(
    ("question", "side", "name"),
    [
        (
            "How much did Hoang Long Cashew Processing Co., Ltd export in 2024?",
            "exporter_name",
            "Hoang Long Cashew Processing Co., Ltd",
        ),
        (  # without its legal form, in lower case
            "hoang long cashew processing exports to Germany",
            "exporter_name",
            "Hoang Long Cashew Processing Co., Ltd",
        ),
        (  # without accents
            "cong ty tnhh che bien hat dieu hoang long xuat khau nam 2024",
            "exporter_name",
            "CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU HOÀNG LONG",
        ),
        (
            "Hanseatic Tradewind Global Sourcing mua gì năm ngoái",
            "importer_name",
            "Hanseatic Tradewind Global Sourcing GmbH",
        ),
        (
            "进口商Hanseatic Tradewind Global Sourcing GmbH去年买了什么",
            "importer_name",
            "Hanseatic Tradewind Global Sourcing GmbH",
        ),
        (  # the longest name wins over a shorter one inside it
            "what did Royal Star Trading buy in 2024?",
            "importer_name",
            "Royal Star Trading Co., Ltd.",
        ),
    ],
)
def test_parties_the_data_holds(question: str, side: str, name: str) -> None:
    assert getattr(read(question), side) == name


def test_words_inside_a_company_name_are_neither_product_nor_country() -> None:
    filters = read("How much did Hoang Long Cashew Processing Co., Ltd export in 2024?")
    assert filters.hs_codes == ()
    assert filters.exporter_country == filters.importer_country == ""
    # 'Nhật' (Japan) and 'Mỹ' (the United States) inside Vietnamese names.
    filters = read("Rau quả Nhật Minh xuất khẩu sang Trung Quốc năm 2025")
    assert filters.exporter_name == "CÔNG TY CỔ PHẦN RAU QUẢ NHẬT MINH"
    assert (filters.importer_country, filters.exporter_country) == ("CN", "")
    filters = read("rau quả Mỹ An bán cho ai năm 2024?")
    assert filters.exporter_name == "CÔNG TY TNHH RAU QUẢ MỸ AN"
    assert filters.importer_country == ""


def test_a_role_word_decides_the_side_of_a_party_that_both_buys_and_sells() -> None:
    assert read("importer Lotus Foods in 2024").importer_name == "Lotus Foods Co., Ltd."
    assert read("exporter Lotus Foods in 2024").exporter_name == "Lotus Foods Co., Ltd."
    assert read("Lotus Foods exported to Korea in 2024").exporter_name == "Lotus Foods Co., Ltd."


def test_a_party_found_in_the_data_is_not_read_again_after_a_role_word() -> None:
    filters = read("nhà xuất khẩu CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU HOÀNG LONG năm 2025")
    assert filters.exporter_name == "CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU HOÀNG LONG"
    assert filters.period == (date(2025, 1, 1), date(2025, 12, 31))


@pytest.mark.parametrize(
    ("question", "side", "name"),
    [
        (  # the first words of the name
            "What did Hanseatic Tradewind buy in 2025?",
            "importer_name",
            "Hanseatic Tradewind Global Sourcing GmbH",
        ),
        (  # a letter off, and a word short
            "Hanseatic Tradewinds Global pepper imports",
            "importer_name",
            "Hanseatic Tradewind Global Sourcing GmbH",
        ),
        (  # a company word before the name, without accents
            "cong ty Rau Qua Nhat Minh xuat khau gi nam 2024",
            "exporter_name",
            "CÔNG TY CỔ PHẦN RAU QUẢ NHẬT MINH",
        ),
        (  # one long word that starts no other party's name
            "Hanseatic coffee imports in 2024",
            "importer_name",
            "Hanseatic Tradewind Global Sourcing GmbH",
        ),
        ("Royal Star Tradng imports", "importer_name", "Royal Star Trading Co., Ltd."),
    ],
)
def test_parties_are_found_as_people_write_them(question: str, side: str, name: str) -> None:
    assert getattr(read(question), side) == name


def test_a_name_that_starts_several_parties_names_asks_which_one() -> None:
    parsed = parse_question("Royal imports of cashew in 2024", today=TODAY, context=CONTEXT)
    assert parsed.filters.importer_name == ""
    parsed = parse_question("Royal Tradng cashew 2024", today=TODAY, context=CONTEXT)
    assert parsed.filters.importer_name == "Royal Trading Co., Ltd."
    parsed = parse_question("Hoang cashew 2024", today=TODAY, context=CONTEXT)
    assert parsed.filters.exporter_name == ""


def test_words_that_could_start_several_names_are_suggestions_not_a_search() -> None:
    directory = PartyDirectory(
        [
            ("Golden Gate Evergreen Merchants Corp.", "US", 0, 40),
            ("Golden Gate Meridian Global Sourcing Inc.", "US", 0, 90),
            ("Golden Gate Oriental International LLC", "US", 0, 10),
        ]
    )
    context = AskContext(directory, NOMENCLATURE, date(2023, 1, 1), date(2025, 12, 31))
    parsed = parse_question("Golden Gate cashew imports in 2024", today=TODAY, context=context)
    assert parsed.unresolved == "Golden Gate"
    assert parsed.suggestions == (
        "Golden Gate Meridian Global Sourcing Inc.",
        "Golden Gate Evergreen Merchants Corp.",
        "Golden Gate Oriental International LLC",
    )
    assert parsed.filters.importer_name == ""
    parsed = parse_question("Golden Gate Meridian imports", today=TODAY, context=context)
    assert parsed.filters.importer_name == "Golden Gate Meridian Global Sourcing Inc."
    assert parsed.suggestions == ()


def test_a_name_is_found_by_its_last_words_and_a_shared_name_asks_which() -> None:
    directory = PartyDirectory(
        [
            ("CÔNG TY TNHH MTV CHẾ BIẾN THỦY SẢN HẢI NAM", "VN", 30, 0),
            ("CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU TÂM PHÚC", "VN", 20, 0),
            ("CÔNG TY TNHH THỰC PHẨM TÂM PHÚC", "VN", 10, 0),
            ("Atlantic Import Corp.", "US", 0, 40),
            ("Atlantic Import LLC", "US", 0, 20),
        ]
    )
    context = AskContext(directory, NOMENCLATURE, date(2023, 1, 1), date(2025, 12, 31))

    def parsed(question: str) -> ParsedQuestion:
        return parse_question(question, today=TODAY, context=context)

    hai_nam = parsed("Thủy sản Hải Nam xuất khẩu sang Nhật Bản năm 2025")
    assert hai_nam.filters.exporter_name == "CÔNG TY TNHH MTV CHẾ BIẾN THỦY SẢN HẢI NAM"
    tam_phuc = parsed("hạt điều Tâm Phúc xuất khẩu sang Mỹ")
    assert tam_phuc.filters.exporter_name == "CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU TÂM PHÚC"
    assert tam_phuc.filters.hs_codes == ()  # 'hạt điều' is the name's, not the goods
    assert parsed("Tâm Phúc xuất khẩu gì").suggestions == (
        "CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU TÂM PHÚC",
        "CÔNG TY TNHH THỰC PHẨM TÂM PHÚC",
    )
    assert parsed("Atlantic Import pepper imports").suggestions == (
        "Atlantic Import Corp.",
        "Atlantic Import LLC",
    )
    assert parsed("Atlantic Import Corp pepper").filters.importer_name == "Atlantic Import Corp."
    assert parsed("Công ty nào xuất khẩu cà phê").suggestions == ()  # a company word names no one


def test_companies_on_one_side_compared_are_searched_each_on_its_own() -> None:
    parsed = parse_question(
        "Royal Star Trading vs Hanseatic Tradewind imports in 2024", today=TODAY, context=CONTEXT
    )
    assert parsed.comparison is not None
    assert parsed.comparison.field == "importer_name"
    assert parsed.comparison.values == (
        "Royal Star Trading Co., Ltd.",
        "Hanseatic Tradewind Global Sourcing GmbH",
    )
    assert parsed.filters.importer_name == ""


def test_lower_case_and_generic_words_are_not_read_as_a_name() -> None:
    assert read("global cashew imports in 2024").importer_name == ""
    assert read("Trading of cashew in 2024").importer_name == ""


def test_an_empty_directory_finds_nothing() -> None:
    assert PartyDirectory([]).find("Royal Star Trading") == []


# Ranking words


@pytest.mark.parametrize(
    "question",
    [
        "biggest importers of cashew in the United States in 2024",
        "top 5 buyers of coffee in Germany",
        "nhà nhập khẩu hạt điều lớn nhất ở Mỹ năm 2024",
        "những nhà xuất khẩu hồ tiêu hàng đầu sang Ấn Độ",
        "2024年美国最大的腰果进口商",
        "德国进口咖啡最多的前5名买家",
    ],
)
def test_ranking_words_are_a_ranking_not_a_name(question: str) -> None:
    parsed = parse_question(question, today=TODAY, context=CONTEXT)
    assert parsed.ranking
    assert parsed.filters.importer_name == parsed.filters.exporter_name == ""


def test_asking_for_exporters_does_not_narrow_to_vietnam() -> None:
    assert read("largest exporters of pepper to India in 2025").exporter_country == ""
    assert read("pepper exports to India in 2025").exporter_country == "VN"


# Periods


@pytest.mark.parametrize(
    ("text", "language", "start", "end"),
    [
        ("from March to June 2024", "en", "2024-03-01", "2024-06-30"),
        ("between March and June 2024", "en", "2024-03-01", "2024-06-30"),
        ("Mar-Jun 2024", "en", "2024-03-01", "2024-06-30"),
        ("from November 2023 to February", "en", "2023-11-01", "2024-02-29"),
        ("from November to February 2025", "en", "2024-11-01", "2025-02-28"),
        ("first half of 2024", "en", "2024-01-01", "2024-06-30"),
        ("Q3 2024", "en", "2024-07-01", "2024-09-30"),
        ("last quarter", "en", "2025-07-01", "2025-09-30"),
        ("last 6 months", "en", "2025-05-20", "2025-11-20"),
        ("this year", "en", "2025-01-01", "2025-11-20"),
        ("from 01/03/2025 to 30/06/2025", "en", "2025-03-01", "2025-06-30"),
        ("since 15 March 2025", "en", "2025-03-15", "2025-11-20"),
        ("từ tháng 3 đến tháng 6 năm 2024", "vi", "2024-03-01", "2024-06-30"),
        ("tu thang 3 den thang 6 nam 2024", "vi", "2024-03-01", "2024-06-30"),
        ("tháng 3-6/2024", "vi", "2024-03-01", "2024-06-30"),
        ("từ tháng 11/2024 đến tháng 2/2025", "vi", "2024-11-01", "2025-02-28"),
        ("6 tháng đầu năm 2024", "vi", "2024-01-01", "2024-06-30"),
        ("quý 1/2025", "vi", "2025-01-01", "2025-03-31"),
        ("3 tháng gần đây", "vi", "2025-08-20", "2025-11-20"),
        ("từ ngày 15 tháng 3 năm 2025 đến nay", "vi", "2025-03-15", "2025-11-20"),
        ("2024年3月到6月", "zh", "2024-03-01", "2024-06-30"),
        ("2024年3-6月", "zh", "2024-03-01", "2024-06-30"),
        ("2024年11月至2025年2月", "zh", "2024-11-01", "2025-02-28"),
        ("2024年上半年", "zh", "2024-01-01", "2024-06-30"),
        ("上季度", "zh", "2025-07-01", "2025-09-30"),
        ("过去6个月", "zh", "2025-05-20", "2025-11-20"),
        ("2025年3月15日以来", "zh", "2025-03-15", "2025-11-20"),
    ],
)
def test_periods(text: str, language: str, start: str, end: str) -> None:
    found = parse_dates(text, language, TODAY)
    assert found == (date.fromisoformat(start), date.fromisoformat(end), True)


def test_the_default_period_is_the_search_forms_year_ending_with_the_data() -> None:
    assert default_period(date(2026, 11, 23), date(2025, 12, 31)) == (
        date(2025, 1, 1),
        date(2025, 12, 31),
    )
    assert default_period(TODAY, date(2025, 12, 31)) == (date(2024, 11, 21), TODAY)
    assert default_period(TODAY) == (date(2024, 11, 21), TODAY)


def test_a_country_read_between_words_does_not_join_them_into_a_period() -> None:
    # 'từ Trung Quốc năm 2024' is not 'từ năm 2024' (since 2024).
    filters = read("nhập khẩu tỏi từ Trung Quốc năm 2024")
    assert filters.period == (date(2024, 1, 1), date(2024, 12, 31))
    assert filters.exporter_country == "CN"


@pytest.mark.django_db
def test_warming_up_reads_a_question_in_every_language(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        warm_up()
    assert not [record for record in caplog.records if record.name.startswith("apps.market")]
