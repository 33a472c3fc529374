"""The AI box's labelled questions: what an exporter means by each, written by hand.

`today` is fixed (TODAY) so relative periods have one meaning; a question that names no period
means the default one (the last 12 months of the data), written `period=None`. Companies are
the demo data's (apps/market/demo), written in any of their spellings. HS codes are the most
specific codes the words mean (a product named by no code's text keeps its name in `details`).
"""

# ruff: noqa: RUF001

from __future__ import annotations

import calendar
from dataclasses import dataclass, field
from datetime import date

TODAY = date(2025, 11, 20)


@dataclass(frozen=True)
class Case:
    language: str
    question: str
    hs: list[str] = field(default_factory=list)
    details: str = ""
    exporter: str = ""
    importer: str = ""
    exporter_country: str = ""
    importer_country: str = ""
    period: tuple[date, date] | None = None
    understood: bool = True
    # Checked only where given (bench/ask_eval_more.py): what the question asks of the figures
    # ("summary", "price", "trend"), how many names it ranks, whether it asks for a forecast,
    # and what it compares ((field, values), values as country codes or years).
    figures: str | None = None
    ranked: int | None = None
    future: bool | None = None
    compare: tuple[str, tuple[object, ...]] | None = None
    # The name written starts several parties' names: a question back (which one?), no search.
    suggest: bool | None = None


def Y(year: int) -> tuple[date, date]:
    return date(year, 1, 1), date(year, 12, 31)


def M(
    year: int, first: int, last: int | None = None, end_year: int | None = None
) -> tuple[date, date]:
    last = last or first
    end_year = end_year or year
    return date(year, first, 1), date(end_year, last, calendar.monthrange(end_year, last)[1])


def Q(year: int, quarter: int) -> tuple[date, date]:
    return M(year, 3 * quarter - 2, 3 * quarter)


def D(a: str, b: str) -> tuple[date, date]:
    return date.fromisoformat(a), date.fromisoformat(b)


THIS_YEAR = (date(2025, 1, 1), TODAY)
LAST_YEAR = Y(2024)
LAST_MONTH = M(2025, 10)
LAST_QUARTER = Q(2025, 3)
LAST_6_MONTHS = (date(2025, 5, 20), TODAY)
LAST_3_MONTHS = (date(2025, 8, 20), TODAY)
LAST_2_YEARS = (date(2023, 11, 20), TODAY)

CASHEW = ["080131", "080132"]
PEPPER = ["090411", "090412"]
GREEN_TEA = ["090210", "090220"]
BLACK_TEA = ["090230", "090240"]
SHRIMP = ["030616", "030617"]


def en(question: str, **expected: object) -> Case:
    return Case("en", question, **expected)  # type: ignore[arg-type]


def vi(question: str, **expected: object) -> Case:
    return Case("vi", question, **expected)  # type: ignore[arg-type]


def zh(question: str, **expected: object) -> Case:
    return Case("zh", question, **expected)  # type: ignore[arg-type]


CASES: list[Case] = [
    # English: products across the nomenclature, countries, periods.
    en(
        "cashew exports from Vietnam to the Netherlands in 2024",
        hs=CASHEW,
        exporter_country="VN",
        importer_country="NL",
        period=Y(2024),
    ),
    en(
        "How much coffee did Vietnam export to Germany last year?",
        hs=["0901"],
        exporter_country="VN",
        importer_country="DE",
        period=LAST_YEAR,
    ),
    en(
        "black pepper shipments to India in Q1 2025",
        hs=PEPPER,
        importer_country="IN",
        period=Q(2025, 1),
    ),
    en(
        "rice exports to the Philippines from March to June 2024",
        hs=["1006"],
        exporter_country="VN",
        importer_country="PH",
        period=M(2024, 3, 6),
    ),
    en(
        "broken rice sold to Senegal this year",
        hs=["100640"],
        exporter_country="VN",
        importer_country="SN",
        period=THIS_YEAR,
    ),
    en(
        "natural rubber exports to China in the last 6 months",
        hs=["4001"],
        exporter_country="VN",
        importer_country="CN",
        period=LAST_6_MONTHS,
    ),
    en(
        "tapioca starch shipped to China in 2023",
        hs=["110814"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2023),
    ),
    en(
        "durian exports to China last month",
        hs=["081060"],
        exporter_country="VN",
        importer_country="CN",
        period=LAST_MONTH,
    ),
    en(
        "dragon fruit to the United States in 2024",
        hs=["081090"],
        details="dragon fruit",
        importer_country="US",
        period=Y(2024),
    ),
    en(
        "green tea exports to Pakistan in 2025",
        hs=GREEN_TEA,
        exporter_country="VN",
        importer_country="PK",
        period=Y(2025),
    ),
    en(
        "black tea shipments to Russia in the first half of 2024",
        hs=BLACK_TEA,
        importer_country="RU",
        period=M(2024, 1, 6),
    ),
    en(
        "frozen shrimp exports to Japan in Q3 2024",
        hs=SHRIMP,
        exporter_country="VN",
        importer_country="JP",
        period=Q(2024, 3),
    ),
    en(
        "frozen pangasius fillets to the US last quarter",
        hs=["030462"],
        importer_country="US",
        period=LAST_QUARTER,
    ),
    en(
        "sawn wood exports to South Korea in 2024",
        hs=["4407"],
        exporter_country="VN",
        importer_country="KR",
        period=Y(2024),
    ),
    en(
        "wood pellets exported to Japan in 2025",
        hs=["440131"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2025),
    ),
    en(
        "cinnamon exports to India since March 2025",
        hs=["0906"],
        exporter_country="VN",
        importer_country="IN",
        period=(date(2025, 3, 1), TODAY),
    ),
    en(
        "star anise shipments to India in 2024",
        hs=["090961", "090962"],
        importer_country="IN",
        period=Y(2024),
    ),
    en(
        "instant coffee exports to the Philippines in 2025",
        hs=["210111"],
        exporter_country="VN",
        importer_country="PH",
        period=Y(2025),
    ),
    en(
        "mango exports to South Korea between April and July 2025",
        hs=["080450"],
        exporter_country="VN",
        importer_country="KR",
        period=M(2025, 4, 7),
    ),
    en("banana shipments to China in 2024", hs=["0803"], importer_country="CN", period=Y(2024)),
    en(
        "desiccated coconut exports to Australia in 2024",
        hs=["080111"],
        exporter_country="VN",
        importer_country="AU",
        period=Y(2024),
    ),
    en(
        "pineapple exports to Russia last year",
        hs=["080430"],
        exporter_country="VN",
        importer_country="RU",
        period=LAST_YEAR,
    ),
    en(
        "passion fruit to the Netherlands in 2025",
        hs=["081090"],
        details="passion fruit",
        importer_country="NL",
        period=Y(2025),
    ),
    en(
        "raw cashew nuts imported from Côte d'Ivoire in 2024",
        hs=["080131"],
        exporter_country="CI",
        period=Y(2024),
    ),
    en(
        "cashew kernels exported to the UAE in 2025",
        hs=["080132"],
        exporter_country="VN",
        importer_country="AE",
        period=Y(2025),
    ),
    en(
        "ground black pepper exports to the USA in 2024",
        hs=["090412"],
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    en(
        "frozen squid exports to Italy in 2024",
        hs=["030743"],
        exporter_country="VN",
        importer_country="IT",
        period=Y(2024),
    ),
    en(
        "canned tuna shipments to Egypt in 2025",
        hs=["160414"],
        importer_country="EG",
        period=Y(2025),
    ),
    en("garlic imports from China in 2024", hs=["070320"], exporter_country="CN", period=Y(2024)),
    en("maize imports from Brazil last year", hs=["1005"], exporter_country="BR", period=LAST_YEAR),
    en(
        "soybean imports from the United States in 2025",
        hs=["1201"],
        exporter_country="US",
        period=Y(2025),
    ),
    en("wheat imports from Australia in 2024", hs=["1001"], exporter_country="AU", period=Y(2024)),
    en(
        "palm oil imports from Indonesia in Q2 2025",
        hs=["1511"],
        exporter_country="ID",
        period=Q(2025, 2),
    ),
    en(
        "cane sugar imports from Thailand in 2024",
        hs=["1701"],
        exporter_country="TH",
        period=Y(2024),
    ),
    en(
        "natural honey exports to the United States in 2024",
        hs=["0409"],
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    en(
        "cocoa beans from Côte d'Ivoire in 2025", hs=["1801"], exporter_country="CI", period=Y(2025)
    ),
    en(
        "instant noodles exported to Cambodia in 2025",
        hs=["190230"],
        exporter_country="VN",
        importer_country="KH",
        period=Y(2025),
    ),
    en(
        "solar panels exported to the United States in 2024",
        hs=["854143"],
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    en(
        "smartphones exported to India last year",
        hs=["851713"],
        exporter_country="VN",
        importer_country="IN",
        period=LAST_YEAR,
    ),
    en(
        "laptop exports to the Netherlands in 2025",
        hs=["847130"],
        exporter_country="VN",
        importer_country="NL",
        period=Y(2025),
    ),
    en(
        "cotton t-shirts exported to Germany in 2024",
        hs=["610910"],
        exporter_country="VN",
        importer_country="DE",
        period=Y(2024),
    ),
    en(
        "urea fertilizer imports from China in 2025",
        hs=["310210"],
        exporter_country="CN",
        period=Y(2025),
    ),
    en("coal imports from Australia in 2024", hs=["2701"], exporter_country="AU", period=Y(2024)),
    en(
        "fishmeal exports to China in 2024",
        hs=["230120"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2024),
    ),
    en(
        "avocado exports to China in 2025",
        hs=["080440"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2025),
    ),
    en(
        "sweet potato exports to Japan in 2024",
        hs=["071420"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2024),
    ),
    en(
        "fresh ginger exports to Pakistan in 2025",
        hs=["091011"],
        exporter_country="VN",
        importer_country="PK",
        period=Y(2025),
    ),
    en(
        "turmeric exports to Japan in 2024",
        hs=["091030"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2024),
    ),
    en(
        "frozen tilapia fillets to the US in 2024",
        hs=["030461"],
        importer_country="US",
        period=Y(2024),
    ),
    en(
        "canned pineapple exports to Germany in 2025",
        hs=["200820"],
        exporter_country="VN",
        importer_country="DE",
        period=Y(2025),
    ),
    # English: HS codes as written.
    en(
        "HS 0904 exports to Germany in 2024",
        hs=["0904"],
        exporter_country="VN",
        importer_country="DE",
        period=Y(2024),
    ),
    en(
        "hs code 100630 to the Philippines in 2025",
        hs=["100630"],
        importer_country="PH",
        period=Y(2025),
    ),
    en(
        "shipments under HS0801 to the Netherlands last year",
        hs=["0801"],
        importer_country="NL",
        period=LAST_YEAR,
    ),
    en(
        "exports of 0901.11 to Italy in 2024",
        hs=["090111"],
        exporter_country="VN",
        importer_country="IT",
        period=Y(2024),
    ),
    en(
        "HS 0901, 0902 and 0904 exports to Japan in 2025",
        hs=["0901", "0902", "0904"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2025),
    ),
    en(
        "HS code 4001.22 shipments to China from January to April 2025",
        hs=["400122"],
        importer_country="CN",
        period=M(2025, 1, 4),
    ),
    # English: companies of the data.
    en(
        "How much did Hoang Long Cashew Processing Co., Ltd export in 2024?",
        exporter="Hoang Long Cashew Processing Co., Ltd",
        period=Y(2024),
    ),
    en(
        "shipments of Dai Thanh Coffee Co., Ltd to Germany in 2025",
        exporter="Dai Thanh Coffee Co., Ltd",
        importer_country="DE",
        period=Y(2025),
    ),
    en(
        "what did Hanseatic Tradewind Global Sourcing GmbH buy last year?",
        importer="Hanseatic Tradewind Global Sourcing GmbH",
        period=LAST_YEAR,
    ),
    en(
        "coffee bought by Hanseatic Tradewind Global Sourcing in 2024",
        hs=["0901"],
        importer="Hanseatic Tradewind Global Sourcing GmbH",
        period=Y(2024),
    ),
    en(
        "Hoang Long Spices pepper exports to India in 2025",
        hs=PEPPER,
        exporter="Hoang Long Spices Co., Ltd",
        importer_country="IN",
        period=Y(2025),
    ),
    en(
        "tan loc rubber co ltd exports to China this year",
        exporter="Tan Loc Rubber Co., Ltd",
        importer_country="CN",
        period=THIS_YEAR,
    ),
    en(
        "rice shipments from An Khang Rice Co., Ltd. to the Philippines in Q2 2025",
        hs=["1006"],
        exporter="An Khang Rice Co., Ltd",
        importer_country="PH",
        period=Q(2025, 2),
    ),
    en(
        "importer Holland Heritage Import Export B.V. cashew purchases in 2024",
        hs=CASHEW,
        importer="Holland Heritage Import Export B.V.",
        period=Y(2024),
    ),
    en(
        "shipments from CONG TY TNHH NONG NGHIEP MINH PHAT in 2024",
        exporter="CÔNG TY TNHH NÔNG NGHIỆP MINH PHÁT",
        period=Y(2024),
    ),
    en(
        "What did Golden Gate Evergreen Merchants Corp. import from Vietnam in 2025?",
        importer="Golden Gate Evergreen Merchants Corp.",
        exporter_country="VN",
        period=Y(2025),
    ),
    # English: ranking words, misspellings, date forms.
    en(
        "biggest importers of cashew in the United States in 2024",
        hs=CASHEW,
        importer_country="US",
        period=Y(2024),
    ),
    en(
        "top 5 buyers of Vietnamese coffee in Germany last year",
        hs=["0901"],
        exporter_country="VN",
        importer_country="DE",
        period=LAST_YEAR,
    ),
    en(
        "largest exporters of black pepper to India in 2025",
        hs=PEPPER,
        importer_country="IN",
        period=Y(2025),
    ),
    en(
        "cashw exports to the Netherlands in 2024",
        hs=CASHEW,
        exporter_country="VN",
        importer_country="NL",
        period=Y(2024),
    ),
    en(
        "coffe exports to Italy in 2025",
        hs=["0901"],
        exporter_country="VN",
        importer_country="IT",
        period=Y(2025),
    ),
    en("peper shipments to the USA in 2024", hs=PEPPER, importer_country="US", period=Y(2024)),
    en(
        "rice exports to Malaysia from 01/03/2025 to 30/06/2025",
        hs=["1006"],
        exporter_country="VN",
        importer_country="MY",
        period=D("2025-03-01", "2025-06-30"),
    ),
    en(
        "coffee exports to Spain since 15 March 2025",
        hs=["0901"],
        exporter_country="VN",
        importer_country="ES",
        period=(date(2025, 3, 15), TODAY),
    ),
    en(
        "cashew exports to China in the last 3 months",
        hs=CASHEW,
        exporter_country="VN",
        importer_country="CN",
        period=LAST_3_MONTHS,
    ),
    en("pepper exports to the UAE", hs=PEPPER, exporter_country="VN", importer_country="AE"),
    en(
        "rubber exports to India from November 2024 to February 2025",
        hs=["4001"],
        exporter_country="VN",
        importer_country="IN",
        period=M(2024, 11, 2, 2025),
    ),
    # English: out of scope.
    en("what's the weather tomorrow?", understood=False),
    en("how do I reset my password?", understood=False),
    en("tell me a joke", understood=False),
    en("translate this sentence into French please", understood=False),
    # Vietnamese: products, countries, periods.
    vi(
        "xuất khẩu hạt điều sang Hà Lan năm 2024",
        hs=CASHEW,
        exporter_country="VN",
        importer_country="NL",
        period=Y(2024),
    ),
    vi(
        "Việt Nam xuất khẩu bao nhiêu cà phê sang Đức năm ngoái?",
        hs=["0901"],
        exporter_country="VN",
        importer_country="DE",
        period=LAST_YEAR,
    ),
    vi(
        "xuất khẩu hồ tiêu sang Ấn Độ quý 1/2025",
        hs=PEPPER,
        exporter_country="VN",
        importer_country="IN",
        period=Q(2025, 1),
    ),
    vi(
        "xuất khẩu gạo sang Philippines từ tháng 3 đến tháng 6 năm 2024",
        hs=["1006"],
        exporter_country="VN",
        importer_country="PH",
        period=M(2024, 3, 6),
    ),
    vi(
        "gạo tấm xuất khẩu sang Senegal năm nay",
        hs=["100640"],
        exporter_country="VN",
        importer_country="SN",
        period=THIS_YEAR,
    ),
    vi(
        "xuất khẩu cao su thiên nhiên sang Trung Quốc 6 tháng qua",
        hs=["4001"],
        exporter_country="VN",
        importer_country="CN",
        period=LAST_6_MONTHS,
    ),
    vi(
        "xuất khẩu tinh bột sắn sang Trung Quốc năm 2023",
        hs=["110814"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2023),
    ),
    vi(
        "xuất khẩu sầu riêng sang Trung Quốc tháng trước",
        hs=["081060"],
        exporter_country="VN",
        importer_country="CN",
        period=LAST_MONTH,
    ),
    vi(
        "xuất khẩu thanh long sang Mỹ năm 2024",
        hs=["081090"],
        details="dragon fruit",
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu chè xanh sang Pakistan năm 2025",
        hs=GREEN_TEA,
        exporter_country="VN",
        importer_country="PK",
        period=Y(2025),
    ),
    vi(
        "xuất khẩu chè đen sang Nga 6 tháng đầu năm 2024",
        hs=BLACK_TEA,
        exporter_country="VN",
        importer_country="RU",
        period=M(2024, 1, 6),
    ),
    vi(
        "xuất khẩu tôm đông lạnh sang Nhật Bản quý 3 năm 2024",
        hs=SHRIMP,
        exporter_country="VN",
        importer_country="JP",
        period=Q(2024, 3),
    ),
    vi(
        "xuất khẩu cá tra phi lê đông lạnh sang Mỹ quý trước",
        hs=["030462"],
        exporter_country="VN",
        importer_country="US",
        period=LAST_QUARTER,
    ),
    vi(
        "xuất khẩu gỗ xẻ sang Hàn Quốc năm 2024",
        hs=["4407"],
        exporter_country="VN",
        importer_country="KR",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu viên nén gỗ sang Nhật Bản năm 2025",
        hs=["440131"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2025),
    ),
    vi(
        "xuất khẩu quế sang Ấn Độ từ tháng 3/2025",
        hs=["0906"],
        exporter_country="VN",
        importer_country="IN",
        period=(date(2025, 3, 1), TODAY),
    ),
    vi(
        "xuất khẩu hoa hồi sang Ấn Độ năm 2024",
        hs=["090961", "090962"],
        exporter_country="VN",
        importer_country="IN",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu cà phê hòa tan sang Philippines năm 2025",
        hs=["210111"],
        exporter_country="VN",
        importer_country="PH",
        period=Y(2025),
    ),
    vi(
        "xuất khẩu xoài sang Hàn Quốc từ tháng 4 đến tháng 7 năm 2025",
        hs=["080450"],
        exporter_country="VN",
        importer_country="KR",
        period=M(2025, 4, 7),
    ),
    vi(
        "xuất khẩu chuối sang Trung Quốc năm 2024",
        hs=["0803"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu dừa sấy khô sang Úc năm 2024",
        hs=["080111"],
        exporter_country="VN",
        importer_country="AU",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu dứa sang Nga năm ngoái",
        hs=["080430"],
        exporter_country="VN",
        importer_country="RU",
        period=LAST_YEAR,
    ),
    vi(
        "xuất khẩu chanh leo sang Hà Lan năm 2025",
        hs=["081090"],
        details="passion fruit",
        exporter_country="VN",
        importer_country="NL",
        period=Y(2025),
    ),
    vi(
        "nhập khẩu hạt điều thô từ Bờ Biển Ngà năm 2024",
        hs=["080131"],
        exporter_country="CI",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu nhân điều sang UAE năm 2025",
        hs=["080132"],
        exporter_country="VN",
        importer_country="AE",
        period=Y(2025),
    ),
    vi(
        "xuất khẩu tiêu đen xay sang Mỹ năm 2024",
        hs=["090412"],
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu mực đông lạnh sang Ý năm 2024",
        hs=["030743"],
        exporter_country="VN",
        importer_country="IT",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu cá ngừ đóng hộp sang Ai Cập năm 2025",
        hs=["160414"],
        exporter_country="VN",
        importer_country="EG",
        period=Y(2025),
    ),
    vi(
        "nhập khẩu tỏi từ Trung Quốc năm 2024", hs=["070320"], exporter_country="CN", period=Y(2024)
    ),
    vi("nhập khẩu ngô từ Brazil năm ngoái", hs=["1005"], exporter_country="BR", period=LAST_YEAR),
    vi("nhập khẩu đậu tương từ Mỹ năm 2025", hs=["1201"], exporter_country="US", period=Y(2025)),
    vi("nhập khẩu lúa mì từ Úc năm 2024", hs=["1001"], exporter_country="AU", period=Y(2024)),
    vi(
        "nhập khẩu dầu cọ từ Indonesia quý 2 năm 2025",
        hs=["1511"],
        exporter_country="ID",
        period=Q(2025, 2),
    ),
    vi(
        "xuất khẩu mật ong sang Mỹ năm 2024",
        hs=["0409"],
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu mì ăn liền sang Campuchia năm 2025",
        hs=["190230"],
        exporter_country="VN",
        importer_country="KH",
        period=Y(2025),
    ),
    vi(
        "xuất khẩu tấm pin mặt trời sang Mỹ năm 2024",
        hs=["854143"],
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu điện thoại thông minh sang Ấn Độ năm ngoái",
        hs=["851713"],
        exporter_country="VN",
        importer_country="IN",
        period=LAST_YEAR,
    ),
    vi(
        "xuất khẩu áo thun cotton sang Đức năm 2024",
        hs=["610910"],
        exporter_country="VN",
        importer_country="DE",
        period=Y(2024),
    ),
    vi(
        "nhập khẩu phân urê từ Trung Quốc năm 2025",
        hs=["310210"],
        exporter_country="CN",
        period=Y(2025),
    ),
    vi("nhập khẩu than đá từ Úc năm 2024", hs=["2701"], exporter_country="AU", period=Y(2024)),
    vi(
        "xuất khẩu bột cá sang Trung Quốc năm 2024",
        hs=["230120"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu bơ sang Trung Quốc năm 2025",
        hs=["080440"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2025),
    ),
    vi(
        "xuất khẩu khoai lang sang Nhật Bản năm 2024",
        hs=["071420"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu gừng tươi sang Pakistan năm 2025",
        hs=["091011"],
        exporter_country="VN",
        importer_country="PK",
        period=Y(2025),
    ),
    vi(
        "xuất khẩu nghệ sang Nhật Bản năm 2024",
        hs=["091030"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu dứa đóng hộp sang Đức năm 2025",
        hs=["200820"],
        exporter_country="VN",
        importer_country="DE",
        period=Y(2025),
    ),
    # Vietnamese without accents.
    vi(
        "xuat khau hat dieu sang My nam 2024",
        hs=CASHEW,
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    vi(
        "xuat khau ca phe sang Duc nam ngoai",
        hs=["0901"],
        exporter_country="VN",
        importer_country="DE",
        period=LAST_YEAR,
    ),
    vi(
        "xuat khau ho tieu sang An Do tu thang 3 den thang 6 nam 2025",
        hs=PEPPER,
        exporter_country="VN",
        importer_country="IN",
        period=M(2025, 3, 6),
    ),
    vi(
        "xuat khau gao sang Philippines quy 2 nam 2025",
        hs=["1006"],
        exporter_country="VN",
        importer_country="PH",
        period=Q(2025, 2),
    ),
    vi(
        "xuat khau sau rieng sang Trung Quoc nam 2025",
        hs=["081060"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2025),
    ),
    vi(
        "xuat khau cao su sang An Do nam 2024",
        hs=["4001"],
        exporter_country="VN",
        importer_country="IN",
        period=Y(2024),
    ),
    vi(
        "xuat khau tom dong lanh sang Han Quoc nam 2024",
        hs=SHRIMP,
        exporter_country="VN",
        importer_country="KR",
        period=Y(2024),
    ),
    vi(
        "xuat khau che sang Dai Loan nam 2025",
        hs=["0902"],
        exporter_country="VN",
        importer_country="TW",
        period=Y(2025),
    ),
    vi(
        "nhap khau hat dieu tho tu Ghana nam 2024",
        hs=["080131"],
        exporter_country="GH",
        period=Y(2024),
    ),
    vi(
        "xuat khau xoai sang Uc 3 thang qua",
        hs=["080450"],
        exporter_country="VN",
        importer_country="AU",
        period=LAST_3_MONTHS,
    ),
    # Vietnamese: HS codes as written.
    vi(
        "mã HS 0801 xuất khẩu sang Hà Lan năm 2024",
        hs=["0801"],
        exporter_country="VN",
        importer_country="NL",
        period=Y(2024),
    ),
    vi(
        "mã hs 100630 sang Philippines năm 2025",
        hs=["100630"],
        importer_country="PH",
        period=Y(2025),
    ),
    vi(
        "xuất khẩu HS 0904 sang Đức năm 2024",
        hs=["0904"],
        exporter_country="VN",
        importer_country="DE",
        period=Y(2024),
    ),
    vi(
        "hàng mã số 0901.11 xuất sang Ý năm 2024",
        hs=["090111"],
        exporter_country="VN",
        importer_country="IT",
        period=Y(2024),
    ),
    vi(
        "mã HS 4001.22 sang Trung Quốc từ tháng 1 đến tháng 4 năm 2025",
        hs=["400122"],
        importer_country="CN",
        period=M(2025, 1, 4),
    ),
    # Vietnamese: companies of the data.
    vi(
        "CÔNG TY TNHH THỦY SẢN HOÀNG LONG xuất khẩu bao nhiêu năm 2024?",
        exporter="CÔNG TY TNHH THỦY SẢN HOÀNG LONG",
        period=Y(2024),
    ),
    vi(
        "Công ty TNHH Gia Vị Hoàng Long xuất khẩu tiêu sang Ấn Độ năm 2025",
        hs=PEPPER,
        exporter="CÔNG TY TNHH GIA VỊ HOÀNG LONG",
        importer_country="IN",
        period=Y(2025),
    ),
    vi(
        "lô hàng của công ty tnhh chế biến hạt điều hoàng long năm 2024",
        exporter="CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU HOÀNG LONG",
        period=Y(2024),
    ),
    vi(
        "cong ty tnhh nong nghiep minh phat xuat khau nam 2024",
        exporter="CONG TY TNHH NONG NGHIEP MINH PHAT",
        period=Y(2024),
    ),
    vi(
        "Nông sản Đại Thành xuất khẩu sang Đức năm nay",
        exporter="CÔNG TY CỔ PHẦN NÔNG SẢN ĐẠI THÀNH",
        importer_country="DE",
        period=THIS_YEAR,
    ),
    vi(
        "Rau quả Nhật Minh xuất khẩu sang Trung Quốc năm 2025",
        exporter="CÔNG TY CỔ PHẦN RAU QUẢ NHẬT MINH",
        importer_country="CN",
        period=Y(2025),
    ),
    vi("rau quả Mỹ An bán cho ai năm 2024?", exporter="CÔNG TY TNHH RAU QUẢ MỸ AN", period=Y(2024)),
    vi(
        "Công ty Chế biến hạt điều Thái Bình Dương xuất khẩu năm 2024",
        exporter="CÔNG TY TNHH MTV CHẾ BIẾN HẠT ĐIỀU THÁI BÌNH DƯƠNG",
        period=Y(2024),
    ),
    vi(
        "nhà nhập khẩu Hanseatic Tradewind Global Sourcing GmbH mua gì năm ngoái",
        importer="Hanseatic Tradewind Global Sourcing GmbH",
        period=LAST_YEAR,
    ),
    vi(
        "Holland Heritage Import Export B.V. nhập khẩu hạt điều năm 2024",
        hs=CASHEW,
        importer="Holland Heritage Import Export B.V.",
        period=Y(2024),
    ),
    # Vietnamese: ranking words, misspellings, date forms.
    vi(
        "nhà nhập khẩu hạt điều lớn nhất ở Mỹ năm 2024",
        hs=CASHEW,
        importer_country="US",
        period=Y(2024),
    ),
    vi(
        "top 5 người mua cà phê Việt Nam tại Đức năm ngoái",
        hs=["0901"],
        exporter_country="VN",
        importer_country="DE",
        period=LAST_YEAR,
    ),
    vi(
        "những nhà xuất khẩu hồ tiêu hàng đầu sang Ấn Độ năm 2025",
        hs=PEPPER,
        importer_country="IN",
        period=Y(2025),
    ),
    vi(
        "xuất khẩu hạt điu sang Hà Lan năm 2024",
        hs=CASHEW,
        exporter_country="VN",
        importer_country="NL",
        period=Y(2024),
    ),
    vi(
        "xuất khẩu gạo sang Malaysia từ 01/03/2025 đến 30/06/2025",
        hs=["1006"],
        exporter_country="VN",
        importer_country="MY",
        period=D("2025-03-01", "2025-06-30"),
    ),
    vi(
        "xuất khẩu cà phê sang Tây Ban Nha từ ngày 15 tháng 3 năm 2025 đến nay",
        hs=["0901"],
        exporter_country="VN",
        importer_country="ES",
        period=(date(2025, 3, 15), TODAY),
    ),
    vi(
        "xuất khẩu hạt điều sang Trung Quốc 3 tháng gần đây",
        hs=CASHEW,
        exporter_country="VN",
        importer_country="CN",
        period=LAST_3_MONTHS,
    ),
    vi("xuất khẩu hồ tiêu sang UAE", hs=PEPPER, exporter_country="VN", importer_country="AE"),
    vi(
        "xuất khẩu cao su sang Ấn Độ từ tháng 11/2024 đến tháng 2/2025",
        hs=["4001"],
        exporter_country="VN",
        importer_country="IN",
        period=M(2024, 11, 2, 2025),
    ),
    # Vietnamese: out of scope.
    vi("thời tiết ngày mai thế nào?", understood=False),
    vi("làm sao để đổi mật khẩu?", understood=False),
    vi("kể cho tôi một câu chuyện cười", understood=False),
    # Chinese: products, countries, periods.
    zh(
        "2024年越南出口到荷兰的腰果",
        hs=CASHEW,
        exporter_country="VN",
        importer_country="NL",
        period=Y(2024),
    ),
    zh(
        "去年越南出口到德国多少咖啡？",
        hs=["0901"],
        exporter_country="VN",
        importer_country="DE",
        period=LAST_YEAR,
    ),
    zh(
        "2025年第一季度越南出口到印度的黑胡椒",
        hs=PEPPER,
        exporter_country="VN",
        importer_country="IN",
        period=Q(2025, 1),
    ),
    zh(
        "2024年3月到6月越南出口到菲律宾的大米",
        hs=["1006"],
        exporter_country="VN",
        importer_country="PH",
        period=M(2024, 3, 6),
    ),
    zh(
        "今年越南出口到塞内加尔的碎米",
        hs=["100640"],
        exporter_country="VN",
        importer_country="SN",
        period=THIS_YEAR,
    ),
    zh(
        "过去6个月越南出口到中国的天然橡胶",
        hs=["4001"],
        exporter_country="VN",
        importer_country="CN",
        period=LAST_6_MONTHS,
    ),
    zh(
        "2023年越南出口到中国的木薯淀粉",
        hs=["110814"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2023),
    ),
    zh(
        "上个月越南出口到中国的榴莲",
        hs=["081060"],
        exporter_country="VN",
        importer_country="CN",
        period=LAST_MONTH,
    ),
    zh(
        "2024年越南出口到美国的火龙果",
        hs=["081090"],
        details="dragon fruit",
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    zh(
        "2025年越南出口到巴基斯坦的绿茶",
        hs=GREEN_TEA,
        exporter_country="VN",
        importer_country="PK",
        period=Y(2025),
    ),
    zh(
        "2024年上半年越南出口到俄罗斯的红茶",
        hs=BLACK_TEA,
        exporter_country="VN",
        importer_country="RU",
        period=M(2024, 1, 6),
    ),
    zh(
        "2024年第三季度越南出口到日本的冻虾",
        hs=SHRIMP,
        exporter_country="VN",
        importer_country="JP",
        period=Q(2024, 3),
    ),
    zh(
        "上季度越南出口到美国的冷冻巴沙鱼片",
        hs=["030462"],
        exporter_country="VN",
        importer_country="US",
        period=LAST_QUARTER,
    ),
    zh(
        "2024年越南出口到韩国的锯材",
        hs=["4407"],
        exporter_country="VN",
        importer_country="KR",
        period=Y(2024),
    ),
    zh(
        "2025年越南出口到日本的木颗粒",
        hs=["440131"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2025),
    ),
    zh(
        "自2025年3月以来越南出口到印度的肉桂",
        hs=["0906"],
        exporter_country="VN",
        importer_country="IN",
        period=(date(2025, 3, 1), TODAY),
    ),
    zh(
        "2024年越南出口到印度的八角",
        hs=["090961", "090962"],
        exporter_country="VN",
        importer_country="IN",
        period=Y(2024),
    ),
    zh(
        "2025年越南出口到菲律宾的速溶咖啡",
        hs=["210111"],
        exporter_country="VN",
        importer_country="PH",
        period=Y(2025),
    ),
    zh(
        "2025年4月至7月越南出口到韩国的芒果",
        hs=["080450"],
        exporter_country="VN",
        importer_country="KR",
        period=M(2025, 4, 7),
    ),
    zh(
        "2024年越南出口到中国的香蕉",
        hs=["0803"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2024),
    ),
    zh(
        "2024年越南出口到澳大利亚的椰子干",
        hs=["080111"],
        exporter_country="VN",
        importer_country="AU",
        period=Y(2024),
    ),
    zh(
        "去年越南出口到俄罗斯的菠萝",
        hs=["080430"],
        exporter_country="VN",
        importer_country="RU",
        period=LAST_YEAR,
    ),
    zh(
        "2025年越南出口到荷兰的百香果",
        hs=["081090"],
        details="passion fruit",
        exporter_country="VN",
        importer_country="NL",
        period=Y(2025),
    ),
    zh("2024年从科特迪瓦进口的带壳腰果", hs=["080131"], exporter_country="CI", period=Y(2024)),
    zh(
        "2025年越南出口到阿联酋的腰果仁",
        hs=["080132"],
        exporter_country="VN",
        importer_country="AE",
        period=Y(2025),
    ),
    zh(
        "2024年越南出口到美国的黑胡椒粉",
        hs=["090412"],
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    zh(
        "2024年越南出口到意大利的冷冻鱿鱼",
        hs=["030743"],
        exporter_country="VN",
        importer_country="IT",
        period=Y(2024),
    ),
    zh(
        "2025年越南出口到埃及的金枪鱼罐头",
        hs=["160414"],
        exporter_country="VN",
        importer_country="EG",
        period=Y(2025),
    ),
    zh("2024年从中国进口的大蒜", hs=["070320"], exporter_country="CN", period=Y(2024)),
    zh("去年从巴西进口的玉米", hs=["1005"], exporter_country="BR", period=LAST_YEAR),
    zh("2025年从美国进口的大豆", hs=["1201"], exporter_country="US", period=Y(2025)),
    zh("2024年从澳大利亚进口的小麦", hs=["1001"], exporter_country="AU", period=Y(2024)),
    zh(
        "2025年第二季度从印度尼西亚进口的棕榈油",
        hs=["1511"],
        exporter_country="ID",
        period=Q(2025, 2),
    ),
    zh(
        "2024年越南出口到美国的蜂蜜",
        hs=["0409"],
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    zh(
        "2025年越南出口到柬埔寨的方便面",
        hs=["190230"],
        exporter_country="VN",
        importer_country="KH",
        period=Y(2025),
    ),
    zh(
        "2024年越南出口到美国的太阳能电池板",
        hs=["854143"],
        exporter_country="VN",
        importer_country="US",
        period=Y(2024),
    ),
    zh(
        "去年越南出口到印度的智能手机",
        hs=["851713"],
        exporter_country="VN",
        importer_country="IN",
        period=LAST_YEAR,
    ),
    zh(
        "2024年越南出口到德国的棉制T恤",
        hs=["610910"],
        exporter_country="VN",
        importer_country="DE",
        period=Y(2024),
    ),
    zh("2025年从中国进口的尿素", hs=["310210"], exporter_country="CN", period=Y(2025)),
    zh("2024年从澳大利亚进口的煤炭", hs=["2701"], exporter_country="AU", period=Y(2024)),
    zh(
        "2024年越南出口到中国的鱼粉",
        hs=["230120"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2024),
    ),
    zh(
        "2025年越南出口到中国的牛油果",
        hs=["080440"],
        exporter_country="VN",
        importer_country="CN",
        period=Y(2025),
    ),
    zh(
        "2024年越南出口到日本的红薯",
        hs=["071420"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2024),
    ),
    zh(
        "2025年越南出口到巴基斯坦的鲜姜",
        hs=["091011"],
        exporter_country="VN",
        importer_country="PK",
        period=Y(2025),
    ),
    zh(
        "2024年越南出口到日本的姜黄",
        hs=["091030"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2024),
    ),
    zh(
        "2025年越南出口到德国的菠萝罐头",
        hs=["200820"],
        exporter_country="VN",
        importer_country="DE",
        period=Y(2025),
    ),
    zh(
        "2024年越南出口到马来西亚的咖啡",
        hs=["0901"],
        exporter_country="VN",
        importer_country="MY",
        period=Y(2024),
    ),
    zh(
        "2025年越南出口到台湾的茶叶",
        hs=["0902"],
        exporter_country="VN",
        importer_country="TW",
        period=Y(2025),
    ),
    zh("2024年从加纳进口的带壳腰果", hs=["080131"], exporter_country="GH", period=Y(2024)),
    zh(
        "最近3个月越南出口到澳大利亚的芒果",
        hs=["080450"],
        exporter_country="VN",
        importer_country="AU",
        period=LAST_3_MONTHS,
    ),
    zh(
        "2024年越南出口到印度的橡胶",
        hs=["4001"],
        exporter_country="VN",
        importer_country="IN",
        period=Y(2024),
    ),
    zh(
        "2025年越南出口到中国的百香果",
        hs=["081090"],
        details="passion fruit",
        exporter_country="VN",
        importer_country="CN",
        period=Y(2025),
    ),
    # Chinese: HS codes as written.
    zh(
        "2024年HS编码0801出口到荷兰",
        hs=["0801"],
        exporter_country="VN",
        importer_country="NL",
        period=Y(2024),
    ),
    zh("编码100630 2025年运往菲律宾", hs=["100630"], importer_country="PH", period=Y(2025)),
    zh(
        "2024年税号0904出口到德国的货物",
        hs=["0904"],
        exporter_country="VN",
        importer_country="DE",
        period=Y(2024),
    ),
    zh(
        "2024年越南出口到意大利的0901.11",
        hs=["090111"],
        exporter_country="VN",
        importer_country="IT",
        period=Y(2024),
    ),
    zh(
        "HS 0901、0902和0904 2025年出口到日本",
        hs=["0901", "0902", "0904"],
        exporter_country="VN",
        importer_country="JP",
        period=Y(2025),
    ),
    zh(
        "海关编码4001.22 2025年1月到4月运往中国",
        hs=["400122"],
        importer_country="CN",
        period=M(2025, 1, 4),
    ),
    # Chinese: companies of the data.
    zh(
        "Hoang Long Cashew Processing Co., Ltd 2024年出口了多少？",
        exporter="Hoang Long Cashew Processing Co., Ltd",
        period=Y(2024),
    ),
    zh(
        "出口商CÔNG TY TNHH THỦY SẢN HOÀNG LONG 2025年出口到日本的货物",
        exporter="CÔNG TY TNHH THỦY SẢN HOÀNG LONG",
        importer_country="JP",
        period=Y(2025),
    ),
    zh(
        "进口商Hanseatic Tradewind Global Sourcing GmbH去年买了什么",
        importer="Hanseatic Tradewind Global Sourcing GmbH",
        period=LAST_YEAR,
    ),
    zh(
        "Yuanda Unity Trading Co., Ltd. 2024年进口的腰果",
        hs=CASHEW,
        importer="Yuanda Unity Trading Co., Ltd.",
        period=Y(2024),
    ),
    zh(
        "Samjin Green Valley Food Ingredients 2025年的采购",
        importer="SAMJIN GREEN VALLEY FOOD INGREDIENTS CO., LTD.",
        period=Y(2025),
    ),
    zh(
        "2024年Kunming Blue River Distribution Trading Co., Ltd.从越南进口了什么",
        importer="Kunming Blue River Distribution Trading Co., Ltd.",
        exporter_country="VN",
        period=Y(2024),
    ),
    zh(
        "Tan Loc Rubber今年出口到中国的橡胶",
        hs=["4001"],
        exporter="TAN LOC RUBBER CO.,LTD",
        importer_country="CN",
        period=THIS_YEAR,
    ),
    zh(
        "供应商An Khang Rice Co., Ltd 2025年第二季度的大米出口",
        hs=["1006"],
        exporter="An Khang Rice Co., Ltd",
        period=Q(2025, 2),
    ),
    zh(
        "Sakura Silver Leaf Food Ingredients Corporation 2024年进口的咖啡",
        hs=["0901"],
        importer="Sakura Silver Leaf Food Ingredients Corporation",
        period=Y(2024),
    ),
    zh(
        "Savane Meridian Cashew Exports SA去年出口了多少腰果",
        hs=CASHEW,
        exporter="Savane Meridian Cashew Exports SA",
        period=LAST_YEAR,
    ),
    # Chinese: ranking words, date forms.
    zh("2024年美国最大的腰果进口商", hs=CASHEW, importer_country="US", period=Y(2024)),
    zh(
        "去年德国进口越南咖啡最多的前5名买家",
        hs=["0901"],
        exporter_country="VN",
        importer_country="DE",
        period=LAST_YEAR,
    ),
    zh("2025年出口到印度的主要胡椒出口商", hs=PEPPER, importer_country="IN", period=Y(2025)),
    zh(
        "2025年3月1日到2025年6月30日越南出口到马来西亚的大米",
        hs=["1006"],
        exporter_country="VN",
        importer_country="MY",
        period=D("2025-03-01", "2025-06-30"),
    ),
    zh(
        "2025年3月15日以来越南出口到西班牙的咖啡",
        hs=["0901"],
        exporter_country="VN",
        importer_country="ES",
        period=(date(2025, 3, 15), TODAY),
    ),
    zh("越南出口到阿联酋的胡椒", hs=PEPPER, exporter_country="VN", importer_country="AE"),
    zh(
        "2024年11月至2025年2月越南出口到印度的橡胶",
        hs=["4001"],
        exporter_country="VN",
        importer_country="IN",
        period=M(2024, 11, 2, 2025),
    ),
    zh(
        "今年上半年越南出口到韩国的榴莲",
        hs=["081060"],
        exporter_country="VN",
        importer_country="KR",
        period=M(2025, 1, 6),
    ),
    zh(
        "今年越南出口到中国的火龙果",
        hs=["081090"],
        details="dragon fruit",
        exporter_country="VN",
        importer_country="CN",
        period=THIS_YEAR,
    ),
    zh("2023年从泰国进口的蔗糖", hs=["1701"], exporter_country="TH", period=Y(2023)),
    # Chinese: out of scope.
    zh("明天天气怎么样？", understood=False),
    zh("怎么修改密码？", understood=False),
    zh("给我讲个笑话", understood=False),
]
