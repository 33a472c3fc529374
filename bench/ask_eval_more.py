"""More labelled questions for the AI box (bench/ask_eval.py): what a question asks of the
figures (rankings of N names, prices, trends), comparisons side by side, questions about what is
still to come, and companies written the way people write them (the first words of a name, a
letter off, a legal form left out or changed, a company word before it). Written by hand against
the demo companies of a 20,000-shipment load; `today` is TODAY of bench/ask_eval_set.py."""

# ruff: noqa: RUF001

from __future__ import annotations

from datetime import date

from bench.ask_eval_set import CASHEW, LAST_YEAR, PEPPER, Case, Y, en, vi, zh

COFFEE, RICE, DURIAN = ["0901"], ["1006"], ["081060"]


def YEARS(first: int, last: int) -> tuple[date, date]:
    return date(first, 1, 1), date(last, 12, 31)


def future(language: str, question: str) -> Case:
    return Case(language, question, future=True)


INTENT_CASES: list[Case] = [
    # English
    en("Top 5 importers of cashew in 2024", hs=CASHEW, period=Y(2024), ranked=5),
    en(
        "Who are the 10 biggest buyers of Vietnamese coffee?",
        hs=COFFEE,
        exporter_country="VN",
        ranked=10,
    ),
    en("top three pepper importers in Germany", hs=PEPPER, importer_country="DE", ranked=3),
    en(
        "Show the 7 largest rice importers from Vietnam in 2025",
        hs=RICE,
        exporter_country="VN",
        period=Y(2025),
        ranked=7,
    ),
    en(
        "What is the price of Vietnamese pepper in 2025?",
        hs=PEPPER,
        exporter_country="VN",
        period=Y(2025),
        figures="price",
    ),
    en(
        "average cashew price per kg to the US last year",
        hs=CASHEW,
        importer_country="US",
        period=LAST_YEAR,
        figures="price",
    ),
    en("How has the price of coffee changed in 2024?", hs=COFFEE, period=Y(2024), figures="price"),
    en(
        "monthly trend of durian exports to China in 2025",
        hs=DURIAN,
        importer_country="CN",
        exporter_country="VN",
        period=Y(2025),
        figures="trend",
    ),
    en("rice exports by month in 2024", hs=RICE, period=Y(2024), figures="trend"),
    en("Is pepper demand in India growing?", hs=PEPPER, importer_country="IN", figures="trend"),
    en(
        "Compare coffee exports to Germany and Italy in 2024",
        hs=COFFEE,
        exporter_country="VN",
        period=Y(2024),
        compare=("importer_country", ("DE", "IT")),
    ),
    en(
        "cashew: United States vs China in 2025",
        hs=CASHEW,
        period=Y(2025),
        compare=("importer_country", ("US", "CN")),
    ),
    en(
        "Vietnam versus India pepper exports to the US",
        hs=PEPPER,
        importer_country="US",
        compare=("exporter_country", ("VN", "IN")),
    ),
    en(
        "rice exports in 2023 vs 2024",
        hs=RICE,
        period=YEARS(2023, 2024),
        compare=("period", (2023, 2024)),
    ),
    en(
        "Compare durian shipments to China in 2024 and 2025",
        hs=DURIAN,
        importer_country="CN",
        period=YEARS(2024, 2025),
        compare=("period", (2024, 2025)),
    ),
    en("Top 10 coffee exporters to Japan", hs=COFFEE, importer_country="JP", ranked=10),
    en(
        "pepper price trend in the US market 2024",
        hs=PEPPER,
        importer_country="US",
        period=Y(2024),
        figures="price",
    ),
    future("en", "What will coffee prices be next year?"),
    future("en", "Forecast cashew exports to the US for 2026"),
    future("en", "Will pepper prices go up in the coming months?"),
    future("en", "predict rice demand in the Philippines"),
    future("en", "what is the outlook for durian exports to China"),
    # Vietnamese
    vi("Top 5 nhà nhập khẩu hạt điều năm 2024", hs=CASHEW, period=Y(2024), ranked=5),
    vi("10 nhà nhập khẩu cà phê lớn nhất của Đức", hs=COFFEE, importer_country="DE", ranked=10),
    vi("ba nhà nhập khẩu hồ tiêu lớn nhất tại Mỹ", hs=PEPPER, importer_country="US", ranked=3),
    vi(
        "năm nhà xuất khẩu gạo hàng đầu sang Philippines năm 2025",
        hs=RICE,
        importer_country="PH",
        period=Y(2025),
        ranked=5,
    ),
    vi("Giá hồ tiêu xuất khẩu năm 2025 là bao nhiêu?", hs=PEPPER, period=Y(2025), figures="price"),
    vi(
        "giá hạt điều sang Mỹ năm ngoái",
        hs=CASHEW,
        importer_country="US",
        period=LAST_YEAR,
        figures="price",
    ),
    vi(
        "đơn giá cà phê xuất khẩu sang Đức theo kg",
        hs=COFFEE,
        importer_country="DE",
        exporter_country="VN",
        figures="price",
    ),
    vi(
        "xu hướng xuất khẩu sầu riêng sang Trung Quốc năm 2025",
        hs=DURIAN,
        importer_country="CN",
        exporter_country="VN",
        period=Y(2025),
        figures="trend",
    ),
    vi("xuất khẩu gạo theo tháng năm 2024", hs=RICE, period=Y(2024), figures="trend"),
    vi(
        "nhập khẩu hạt điều của Mỹ tăng trưởng thế nào",
        hs=CASHEW,
        importer_country="US",
        figures="trend",
    ),
    vi(
        "So sánh xuất khẩu cà phê sang Đức và Ý năm 2024",
        hs=COFFEE,
        exporter_country="VN",
        period=Y(2024),
        compare=("importer_country", ("DE", "IT")),
    ),
    vi(
        "xuất khẩu hồ tiêu sang Mỹ so với Ấn Độ",
        hs=PEPPER,
        exporter_country="VN",
        compare=("importer_country", ("US", "IN")),
    ),
    vi(
        "so sánh xuất khẩu gạo năm 2023 và 2024",
        hs=RICE,
        period=YEARS(2023, 2024),
        compare=("period", (2023, 2024)),
    ),
    vi(
        "sầu riêng sang Trung Quốc năm 2024 và năm 2025",
        hs=DURIAN,
        importer_country="CN",
        period=YEARS(2024, 2025),
        compare=("period", (2024, 2025)),
    ),
    vi("top 10 nhà xuất khẩu hạt điều sang Hà Lan", hs=CASHEW, importer_country="NL", ranked=10),
    vi(
        "giá gạo trung bình mỗi kg sang Philippines năm 2025",
        hs=RICE,
        importer_country="PH",
        period=Y(2025),
        figures="price",
    ),
    vi(
        "diễn biến nhập khẩu cà phê của Nhật Bản năm 2024",
        hs=COFFEE,
        importer_country="JP",
        period=Y(2024),
        figures="trend",
    ),
    future("vi", "Giá cà phê năm tới sẽ thế nào?"),
    future("vi", "dự báo xuất khẩu hạt điều năm 2026"),
    future("vi", "giá tiêu tháng sau có tăng không"),
    future("vi", "triển vọng xuất khẩu sầu riêng sang Trung Quốc"),
    future("vi", "dự đoán nhu cầu gạo của Philippines"),
    # Chinese
    zh("2024年腰果前五大进口商", hs=CASHEW, period=Y(2024), ranked=5),
    zh("越南咖啡的前十大买家", hs=COFFEE, exporter_country="VN", ranked=10),
    zh("美国三大胡椒进口商", hs=PEPPER, importer_country="US", ranked=3),
    zh(
        "2025年出口到菲律宾的大米前7名出口商",
        hs=RICE,
        importer_country="PH",
        period=Y(2025),
        ranked=7,
    ),
    zh(
        "2025年越南胡椒的价格是多少？",
        hs=PEPPER,
        exporter_country="VN",
        period=Y(2025),
        figures="price",
    ),
    zh(
        "去年出口到美国的腰果单价",
        hs=CASHEW,
        importer_country="US",
        exporter_country="VN",
        period=LAST_YEAR,
        figures="price",
    ),
    zh("咖啡每公斤均价", hs=COFFEE, figures="price"),
    zh(
        "2025年越南出口到中国的榴莲月度趋势",
        hs=DURIAN,
        exporter_country="VN",
        importer_country="CN",
        period=Y(2025),
        figures="trend",
    ),
    zh("2024年大米出口按月变化", hs=RICE, period=Y(2024), figures="trend"),
    zh("印度胡椒进口增长情况", hs=PEPPER, importer_country="IN", figures="trend"),
    zh(
        "2024年越南咖啡出口到德国和意大利对比",
        hs=COFFEE,
        exporter_country="VN",
        period=Y(2024),
        compare=("importer_country", ("DE", "IT")),
    ),
    zh("美国与中国的腰果进口比较", hs=CASHEW, compare=("importer_country", ("US", "CN"))),
    zh(
        "2023年和2024年大米出口对比",
        hs=RICE,
        period=YEARS(2023, 2024),
        compare=("period", (2023, 2024)),
    ),
    zh(
        "越南与印度出口到美国的胡椒对比",
        hs=PEPPER,
        importer_country="US",
        compare=("exporter_country", ("VN", "IN")),
    ),
    zh("出口到荷兰的腰果前10名出口商", hs=CASHEW, importer_country="NL", ranked=10),
    zh(
        "2025年菲律宾进口大米的平均价格",
        hs=RICE,
        importer_country="PH",
        period=Y(2025),
        figures="price",
    ),
    zh(
        "2024年日本咖啡进口每月变化",
        hs=COFFEE,
        importer_country="JP",
        period=Y(2024),
        figures="trend",
    ),
    future("zh", "明年咖啡价格会涨吗？"),
    future("zh", "预测2026年腰果出口"),
    future("zh", "未来三个月胡椒价格走势"),
    future("zh", "榴莲出口前景如何"),
    future("zh", "下个月大米价格会是多少"),
]

DONGGUAN = "Dongguan Heritage Distribution Import & Export Co., Ltd."
KUNMING = "Kunming Blue River Food Ingredients Import & Export Co., Ltd."
SAKURA = "Sakura Silver Leaf Food Ingredients Corporation"
YUANDA = "Yuanda Foods Trading Co., Ltd."
ATLANTIC = "Atlantic Import Corp."
SAMJIN = "SAMJIN GREEN VALLEY FOOD INGREDIENTS CO., LTD."
QINGDAO = "Qingdao Harvest Import & Export Co., Ltd."
HANSEATIC = "Hanseatic Tradewind Global Sourcing GmbH"
HOLLAND = "Holland Heritage Import Export B.V."
MANILA = "Manila Evergreen Commodities Corp."
ALBION = "Albion Star Import Export Limited"
HARBOR = "Harbor Green Valley Food Ingredients LLC"
SELANGOR = "Selangor Silver Leaf Import Export Sdn. Bhd."
TOKAI = "Tokai Agro Co., Ltd."
LIBERTY = "LIBERTY PIONEER GLOBAL SOURCING CORP."
MINAS = "MINAS MERIDIAN COFFEE EXPORTS EXPORTADORA LTDA"
DECCAN = "DECCAN JADE OVERSEAS PVT LTD"
IVOIRE = "IVOIRE ROYAL CASHEW EXPORTS SA"
GANGA = "Ganga Amber Cajou Exports Pvt Ltd"
PAULISTA = "Paulista Evergreen Plantations Exportadora Ltda"
THANH_DAT = "CÔNG TY TNHH LÂM SẢN THÀNH ĐẠT"
HAI_NAM = "CÔNG TY TNHH MTV CHẾ BIẾN THỦY SẢN HẢI NAM"
BINH_MINH = "CONG TY CO PHAN TRAI CAY BINH MINH XANH"
AN_PHU_GIA = "CONG TY TNHH MTV TRAI CAY AN PHU GIA"
HUONG_SEN = "CÔNG TY TNHH GỖ HƯƠNG SEN"
TAM_PHUC = "CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU TÂM PHÚC"
THIEN_AN = "CÔNG TY TNHH TRÁI CÂY THIÊN ÂN"
MY_AN = "CONG TY TNHH THUY SAN MY AN"
DAI_PHUC = "CÔNG TY CỔ PHẦN RAU QUẢ ĐẠI PHÚC"

PARTY_CASES: list[Case] = [
    # English: the first words of a name, a letter off, the legal form changed.
    # Three companies' names start with 'Dongguan Heritage', four with 'Kunming Blue River'.
    en("What did Dongguan Heritage import in 2024?", period=Y(2024), suggest=True),
    en("Kunming Blue River coffee purchases", hs=COFFEE, suggest=True),
    en("Kunming Blue River Food Ingredients coffee purchases", importer=KUNMING, hs=COFFEE),
    en("Sakura Silver Leaf imports of cashew in 2025", importer=SAKURA, hs=CASHEW, period=Y(2025)),
    en("Yuanda Foods Trading Co Ltd durian", importer=YUANDA, hs=DURIAN),
    en("Atlantic Imports Corp pepper 2024", importer=ATLANTIC, hs=PEPPER, period=Y(2024)),
    en("Samjin Green Valley shipments last year", importer=SAMJIN, period=LAST_YEAR),
    en("Qingdao Harvest Import Export rice", importer=QINGDAO, hs=RICE),
    en(
        "How much coffee did Hanseatic Tradewind buy in 2024?",
        importer=HANSEATIC,
        hs=COFFEE,
        period=Y(2024),
    ),
    en("Holand Heritage cashew imports", importer=HOLLAND, hs=CASHEW),
    en("Manilla Evergreen rice purchases in 2025", importer=MANILA, hs=RICE, period=Y(2025)),
    en("Albion Star Import Export Ltd pepper", importer=ALBION, hs=PEPPER),
    en("importer Harbor Green Valley", suggest=True),  # two companies' names start so
    en("importer Harbor Green Valley Food", importer=HARBOR),
    en("Selangor Silver Leaf cashew 2024", importer=SELANGOR, hs=CASHEW, period=Y(2024)),
    en("Tokai Agro coffee imports", importer=TOKAI, hs=COFFEE),
    en(
        "Liberty Pioneer Global Sourcing pepper in 2025",
        importer=LIBERTY,
        hs=PEPPER,
        period=Y(2025),
    ),
    en("What did Minas Meridian export in 2024?", exporter=MINAS, period=Y(2024)),
    en("Deccan Jade Overseas pepper exports", exporter=DECCAN, hs=PEPPER),
    en("Ivoire Royal Cashew shipments to Vietnam", exporter=IVOIRE, importer_country="VN"),
    en("Ganga Amber exports of cashew in 2025", exporter=GANGA, hs=CASHEW, period=Y(2025)),
    en("Paulista Evergreen coffee to the US", exporter=PAULISTA, hs=COFFEE, importer_country="US"),
    # Vietnamese: company words, the name's last words, no accents.
    vi("công ty Lâm Sản Thành Đạt xuất khẩu gì năm 2024", exporter=THANH_DAT, period=Y(2024)),
    vi(
        "cong ty lam san thanh dat xuat khau sang Trung Quoc",
        exporter=THANH_DAT,
        importer_country="CN",
    ),
    vi(
        "Thủy sản Hải Nam xuất khẩu sang Nhật Bản năm 2025",
        exporter=HAI_NAM,
        importer_country="JP",
        period=Y(2025),
    ),
    vi("Trái cây Bình Minh Xanh bán cho ai", exporter=BINH_MINH),
    # Several companies' names end in 'Bình Minh Xanh' and in 'An Phú Gia'.
    vi("công ty Bình Minh Xanh xuất khẩu sầu riêng", hs=DURIAN, suggest=True),
    vi(
        "An Phú Gia xuất khẩu sang Trung Quốc năm 2025",
        importer_country="CN",
        period=Y(2025),
        suggest=True,
    ),
    vi("Trái cây An Phú Gia xuất khẩu sang Trung Quốc", exporter=AN_PHU_GIA, importer_country="CN"),
    vi("Gỗ Hương Sen xuất khẩu năm 2024", exporter=HUONG_SEN, period=Y(2024)),
    vi("hạt điều Tâm Phúc xuất khẩu sang Mỹ", exporter=TAM_PHUC, importer_country="US"),
    vi("Trái Cây Thiên Ân xuất khẩu năm 2025", exporter=THIEN_AN, period=Y(2025)),
    vi("thuy san My An xuat khau sang Han Quoc", exporter=MY_AN, importer_country="KR"),
    vi("Rau quả Đại Phúc xuất khẩu gì", exporter=DAI_PHUC),
    vi(
        "nhà nhập khẩu Dongguan Heritage Distribution Import mua hạt điều năm 2024",
        importer=DONGGUAN,
        hs=CASHEW,
        period=Y(2024),
    ),
    vi("Sakura Silver Leaf nhập khẩu cà phê", importer=SAKURA, hs=COFFEE),
    # Five companies: Atlantic Import Corp., Inc., LLC, Import Export Inc. and Corp.
    vi("Atlantic Import mua hồ tiêu năm 2025", hs=PEPPER, period=Y(2025), suggest=True),
    vi("Atlantic Import Corp mua hồ tiêu năm 2025", importer=ATLANTIC, hs=PEPPER, period=Y(2025)),
    vi("Hanseatic Tradewind mua gì từ Việt Nam", importer=HANSEATIC, exporter_country="VN"),
    vi("công ty Holland Heritage nhập khẩu hạt điều", importer=HOLLAND, hs=CASHEW),
    vi("Manila Evergreen nhập khẩu gạo năm 2024", importer=MANILA, hs=RICE, period=Y(2024)),
    vi("Kunming Blue River mua sầu riêng", hs=DURIAN, suggest=True),
    vi("nhà xuất khẩu Minas Meridian bán cà phê cho ai", exporter=MINAS, hs=COFFEE),
    vi(
        "Tokai Agro nhập khẩu cà phê từ Việt Nam năm 2025",
        importer=TOKAI,
        hs=COFFEE,
        exporter_country="VN",
        period=Y(2025),
    ),
    # Chinese: Latin names next to Chinese words.
    zh("Dongguan Heritage 2024年进口了什么", period=Y(2024), suggest=True),
    zh("进口商Kunming Blue River Food的咖啡采购", importer=KUNMING, hs=COFFEE),
    zh("Sakura Silver Leaf进口的腰果", importer=SAKURA, hs=CASHEW),
    zh("Yuanda Foods 2025年进口榴莲", importer=YUANDA, hs=DURIAN, period=Y(2025)),
    zh("Atlantic Import Corp 的胡椒进口", importer=ATLANTIC, hs=PEPPER),
    zh("Samjin Green Valley去年进口了多少", importer=SAMJIN, period=LAST_YEAR),
    zh("Qingdao Harvest进口大米", importer=QINGDAO, hs=RICE),
    zh("Hanseatic Tradewind从越南进口的咖啡", importer=HANSEATIC, exporter_country="VN", hs=COFFEE),
    zh("Holland Heritage公司进口腰果", importer=HOLLAND, hs=CASHEW),
    zh("Manila Evergreen 2024年的大米进口", importer=MANILA, hs=RICE, period=Y(2024)),
    zh("Albion Star进口胡椒", importer=ALBION, hs=PEPPER),
    zh("Harbor Green Valley的进口情况", suggest=True),
    zh("Selangor Silver Leaf进口腰果", importer=SELANGOR, hs=CASHEW),
    zh("Tokai Agro进口咖啡", importer=TOKAI, hs=COFFEE),
    zh("Liberty Pioneer 2025年胡椒进口", importer=LIBERTY, hs=PEPPER, period=Y(2025)),
    zh("出口商Minas Meridian 2024年出口了什么", exporter=MINAS, period=Y(2024)),
    zh("Deccan Jade出口的胡椒", exporter=DECCAN, hs=PEPPER),
    zh("Ganga Amber 2025年出口腰果", exporter=GANGA, hs=CASHEW, period=Y(2025)),
    zh("Paulista Evergreen出口到美国的咖啡", exporter=PAULISTA, importer_country="US", hs=COFFEE),
    zh(
        "越南出口商Lâm Sản Thành Đạt 2024年出口到中国",
        exporter=THANH_DAT,
        exporter_country="VN",
        importer_country="CN",
        period=Y(2024),
    ),
]
