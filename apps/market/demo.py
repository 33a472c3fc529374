"""Deterministic, realistic demo shipments in the import file format (source "demo").

Every company is fictitious and every web address is on an `.example` domain. The rows model the
agricultural trade of Viet Nam and its competitors (Brazil, India, Indonesia, Thailand, Côte
d'Ivoire): real HS 2022 subheadings, crop seasonality, plausible prices, container loads and
ports, and goods descriptions in English, Vietnamese and Chinese.

Calibration (carried here as constants; nothing is read at run time):

* Partner shares of Viet Nam's exports: FAO, FAOSTAT Detailed Trade Matrix (CC BY 4.0), export
  value by partner, 2021-2023 summed, partners with at least a 5 % share of the item. Items:
  coffee green; pepper raw; natural rubber (primary and other forms); tea leaves; cassava dry;
  bananas; mangoes; other tropical fruits; other vegetables; the processed-food group (cashew
  kernels, seafood: USA 45 %, CHN 30 %, NLD 22 %) and the grain-mill group (rice, starch: CHN 43 %,
  PHL 42 %, GHA 6 %, IDN 6 %, CIV 3 %). The file drops partners under 5 %, so each product also
  has an assumed "tail" share spread over smaller markets.
* Coffee competitor split: USDA FAS PSD, exports in marketing year 2023 (1,000 60-kg bags):
  Brazil 43,850, Viet Nam 25,000, India 6,336, Indonesia 6,050.
* Seafood and wood are outside FAOSTAT's agricultural matrix; their partner shares, the other
  competitor shares, the product mix, prices and seasonality are assumptions from public market
  reporting, stated next to each table.

`generate_rows` is a pure function of (index, seed): rows come in blocks of `_BLOCK` with their own
random stream, so the first N rows are the same whatever the count.
"""

from __future__ import annotations

import calendar
import csv
import gzip
import io
import random
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from datetime import date, timedelta
from functools import lru_cache
from itertools import accumulate, islice, pairwise
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from apps.market.fileformat import SHIPMENT_FILE_COLUMNS

T = TypeVar("T")

CSV_HEADER = SHIPMENT_FILE_COLUMNS
SOURCE = "demo"
DEFAULT_SEED = 2024
DEFAULT_START = date(2023, 1, 1)
DEFAULT_END = date(2025, 12, 31)
_BLOCK = 65_536
_NAMES_SEED = 20_240_601  # the company pools never change with the row seed

# --------------------------------------------------------------------------------------------
# Calibration tables
# --------------------------------------------------------------------------------------------

# Share of demo rows (shipments, not value) per product. Assumption: Viet Nam's 2023 export
# values (seafood ~9, wood products ~13, fruit and vegetables ~5.6, coffee ~4.2, rice ~4.8,
# cashew ~3.6, rubber ~2.8, cassava ~1.3, pepper ~0.9, tea ~0.2 USD bn) divided by a typical
# shipment value, flattened so that small products still get enough rows.
PRODUCT_ROW_SHARES: dict[str, float] = {
    "coffee": 12,
    "cashew": 10,
    "pepper": 5,
    "rice": 9,
    "rubber": 6,
    "cassava": 4,
    "tea": 3,
    "fruit": 14,
    "vegetables": 6,
    "seafood": 16,
    "wood": 14,
}

# Exporter-country split per product (share of the product's rows). Coffee: Viet Nam fixed at
# 60 %, the rest split on USDA PSD 2023 exports (BR 43,850 : IN 6,336 : ID 6,050). Others:
# assumptions on the main competing origins.
EXPORTER_SPLIT: dict[str, dict[str, float]] = {
    "coffee": {"VN": 60.0, "BR": 31.2, "IN": 4.5, "ID": 4.3},
    "cashew": {"VN": 70, "IN": 12, "CI": 18},
    "pepper": {"VN": 75, "BR": 12, "ID": 10, "IN": 3},
    "rice": {"VN": 55, "IN": 25, "TH": 20},
    "rubber": {"VN": 45, "TH": 35, "ID": 20},
    "cassava": {"VN": 55, "TH": 45},
    "tea": {"VN": 75, "IN": 15, "ID": 10},
    "fruit": {"VN": 100},
    "vegetables": {"VN": 100},
    "seafood": {"VN": 80, "IN": 12, "ID": 8},
    "wood": {"VN": 100},
}

# Viet Nam's partners: FAOSTAT shares (percent of the named partners, 2021-2023) and the assumed
# share of all other markets ("tail", spread over TAIL_MARKETS with decreasing weights).
VN_PARTNERS: dict[str, tuple[dict[str, float], float, tuple[str, ...]]] = {
    # Coffee, green: DEU 25.3, ITA 16.3, USA 14.9, JPN 12.3, ESP 10.7, RUS 10.1, BEL 7.2, DZA 3.1.
    "coffee": (
        {
            "DE": 25.3,
            "IT": 16.3,
            "US": 14.9,
            "JP": 12.3,
            "ES": 10.7,
            "RU": 10.1,
            "BE": 7.2,
            "DZ": 3.1,
        },
        0.45,
        ("NL", "GB", "KR", "CN", "PH", "MY", "IN", "ID", "TH", "FR", "PL", "MX", "AU", "EG"),
    ),
    # Processed-food group (cashew kernels dominate it): USA 45.0, CHN 29.7, NLD 21.7.
    "cashew": (
        {"US": 45.0, "CN": 29.7, "NL": 21.7},
        0.35,
        ("DE", "AE", "AU", "GB", "CA", "IL", "SA", "RU", "FR", "IT", "ES", "TH"),
    ),
    # Pepper (Piper spp.), raw: USA 55.9, CHN 15.9, ARE 9.0, DEU 7.8, IND 7.8, NLD 3.6.
    "pepper": (
        {"US": 55.9, "CN": 15.9, "AE": 9.0, "DE": 7.8, "IN": 7.8, "NL": 3.6},
        0.35,
        ("KR", "PK", "EG", "GB", "FR", "PL", "JP", "TH", "SA", "RU", "ES", "MA"),
    ),
    # Grain-mill group (milled rice dominates it): PHL 41.8, GHA 6.4, IDN 6.2, CIV 2.6 (CHN 43.0
    # is mostly cassava starch and goes to cassava below).
    "rice": (
        {"PH": 41.8, "GH": 6.4, "ID": 6.2, "CI": 2.6, "CN": 12.0},
        0.25,
        ("MY", "SG", "SN", "HK", "AU", "US", "IQ", "TW", "AE", "KR"),
    ),
    # Natural rubber, other forms + primary forms: IND 38.1, CHN 22.3 (+ primary 92.1), KOR 16.5,
    # DEU 9.9, USA 6.7, RUS 3.3, TUR 3.2.
    "rubber": (
        {"CN": 40.0, "IN": 27.0, "KR": 11.7, "DE": 7.0, "US": 5.0, "RU": 2.3, "TR": 2.7, "LK": 0.6},
        0.2,
        ("MY", "JP", "TW", "ID", "BR", "IT", "ES", "BD"),
    ),
    # Cassava, dry: CHN 82.4, KOR 17.6.
    "cassava": (
        {"CN": 82.4, "KR": 17.6},
        0.08,
        ("TW", "JP", "MY", "PH", "ID"),
    ),
    # Tea leaves: PAK 74.7, RUS 13.1, CHN 12.2.
    "tea": (
        {"PK": 74.7, "RU": 13.1, "CN": 12.2},
        0.3,
        ("TW", "AE", "US", "ID", "PL", "SA", "IQ", "DE", "MY"),
    ),
    # Bananas CHN 93.9 KOR 6.1; mangoes CHN 87.5; other tropical fruit CHN 94.1, HKG 3.9, LAO 1.2.
    "fruit": (
        {"CN": 90.0, "KR": 4.5, "HK": 2.5, "RU": 1.5, "US": 1.0, "LA": 0.5},
        0.12,
        ("TH", "JP", "NL", "AU", "AE", "SG", "MY", "TW", "CA", "GB", "FR", "DE"),
    ),
    # Other vegetables, fresh: SGP 21.5, MYS 15.7, NOR 14.2, CAN 13.5, CHE 13.1, CZE 12.7.
    "vegetables": (
        {
            "SG": 21.5,
            "MY": 15.7,
            "NO": 14.2,
            "CA": 13.5,
            "CH": 13.1,
            "CZ": 12.7,
            "FR": 3.9,
            "RU": 3.6,
            "NL": 1.8,
        },
        0.55,
        ("CN", "JP", "KR", "TW", "US", "AU", "HK"),
    ),
    # Assumption (VASEP-style market split, not FAOSTAT): shrimp and pangasius markets.
    "seafood": (
        {
            "US": 20.0,
            "JP": 16.0,
            "CN": 17.0,
            "KR": 8.0,
            "NL": 4.0,
            "DE": 4.0,
            "GB": 4.0,
            "AU": 3.5,
            "CA": 3.5,
        },
        0.2,
        ("BE", "FR", "IT", "ES", "MX", "SG", "TW", "HK", "TH", "PH", "SA", "AE"),
    ),
    # Assumption: US for furniture, Japan/Korea for pellets and chips, China for chips and sawn.
    "wood": (
        {
            "US": 42.0,
            "JP": 14.0,
            "CN": 14.0,
            "KR": 10.0,
            "GB": 3.0,
            "AU": 3.0,
            "CA": 2.5,
            "DE": 2.0,
        },
        0.1,
        ("FR", "NL", "TW", "IN", "MY", "PL", "BE"),
    ),
}

# Competitors' partners (assumption: their main destination markets).
COMPETITOR_PARTNERS: dict[tuple[str, str], dict[str, float]] = {
    ("coffee", "BR"): {
        "US": 20,
        "DE": 17,
        "BE": 9,
        "IT": 9,
        "JP": 7,
        "CN": 3,
        "ES": 3,
        "RU": 3,
        "CA": 3,
        "FR": 2,
        "GB": 2,
        "KR": 2,
        "NL": 2,
        "MX": 1,
    },
    ("coffee", "IN"): {
        "IT": 25,
        "DE": 15,
        "RU": 12,
        "BE": 10,
        "TR": 5,
        "JP": 4,
        "PL": 4,
        "GR": 4,
        "US": 3,
    },
    ("coffee", "ID"): {
        "US": 18,
        "EG": 12,
        "JP": 10,
        "MY": 10,
        "IT": 8,
        "RU": 6,
        "DE": 6,
        "BE": 4,
        "DZ": 4,
    },
    ("cashew", "IN"): {"AE": 25, "NL": 15, "JP": 12, "SA": 10, "US": 10, "GB": 6, "DE": 5, "ES": 4},
    ("cashew", "CI"): {"VN": 72, "IN": 22, "AE": 3, "BR": 3},
    ("pepper", "BR"): {
        "US": 20,
        "DE": 15,
        "VN": 15,
        "AE": 10,
        "MA": 8,
        "SN": 6,
        "AR": 6,
        "EG": 5,
        "MX": 5,
    },
    ("pepper", "ID"): {"US": 30, "VN": 15, "IN": 10, "CN": 10, "DE": 8, "SG": 8, "NL": 5},
    ("pepper", "IN"): {"US": 35, "GB": 10, "DE": 10, "CA": 8, "AE": 8, "SA": 6},
    ("rice", "IN"): {
        "SA": 15,
        "BD": 10,
        "AE": 8,
        "SN": 8,
        "BJ": 8,
        "CI": 7,
        "IQ": 6,
        "NP": 6,
        "US": 5,
        "GB": 4,
        "MY": 4,
    },
    ("rice", "TH"): {
        "ID": 15,
        "US": 14,
        "ZA": 10,
        "PH": 8,
        "IQ": 8,
        "JP": 6,
        "CN": 6,
        "MY": 6,
        "HK": 5,
        "SN": 4,
        "AO": 4,
    },
    ("rubber", "TH"): {"CN": 45, "MY": 12, "JP": 9, "US": 8, "KR": 6, "IN": 5},
    ("rubber", "ID"): {"US": 22, "JP": 18, "IN": 12, "CN": 12, "BR": 6, "TR": 6, "KR": 6},
    ("cassava", "TH"): {"CN": 75, "JP": 7, "TW": 6, "ID": 5, "MY": 4},
    ("tea", "IN"): {"AE": 18, "RU": 15, "IQ": 14, "GB": 10, "US": 8, "IR": 8, "DE": 5},
    ("tea", "ID"): {"MY": 25, "RU": 15, "AU": 10, "PK": 10, "US": 8, "GB": 8},
    ("seafood", "IN"): {"US": 40, "CN": 20, "JP": 8, "BE": 5, "NL": 5, "GB": 5, "AE": 4},
    ("seafood", "ID"): {"US": 55, "JP": 18, "CN": 8, "AU": 4, "MY": 4},
}

# Relative monthly weights (Jan..Dec) of shipments: crop calendars and export peaks.
SEASONALITY: dict[tuple[str, str], tuple[int, ...]] = {
    # Robusta harvest Nov-Jan in the Central Highlands, exports peak Dec-Apr.
    ("coffee", "VN"): (15, 14, 14, 12, 8, 5, 4, 4, 4, 5, 6, 13),
    # Brazil harvest May-Sep, exports peak Jul-Dec.
    ("coffee", "BR"): (8, 7, 7, 6, 6, 7, 9, 10, 10, 11, 10, 9),
    ("coffee", "IN"): (11, 12, 12, 11, 9, 7, 6, 6, 6, 6, 7, 9),
    ("coffee", "ID"): (6, 5, 5, 6, 8, 10, 12, 12, 11, 9, 8, 7),
    # Cashew kernels year-round, more after the Mar-Jun processing season.
    ("cashew", "VN"): (6, 6, 8, 9, 10, 10, 10, 9, 9, 8, 8, 7),
    ("cashew", "IN"): (7, 7, 8, 9, 9, 9, 8, 8, 9, 9, 9, 8),
    # Côte d'Ivoire raw nuts: campaign Feb-Jul.
    ("cashew", "CI"): (2, 8, 14, 17, 17, 14, 10, 6, 4, 3, 2, 3),
    # Pepper harvest Feb-May, exports Mar-Jul.
    ("pepper", "VN"): (5, 6, 10, 12, 12, 11, 10, 8, 7, 6, 6, 7),
    ("pepper", "BR"): (6, 5, 5, 5, 6, 8, 10, 12, 12, 11, 10, 10),
    ("pepper", "ID"): (6, 5, 5, 5, 6, 8, 11, 12, 12, 11, 10, 9),
    ("pepper", "IN"): (7, 9, 11, 11, 10, 8, 7, 7, 8, 8, 7, 7),
    # Rice: winter-spring crop (Mar-Jun) and summer-autumn crop (Aug-Sep) peaks.
    ("rice", "VN"): (7, 7, 9, 10, 10, 9, 8, 9, 9, 8, 7, 7),
    ("rice", "IN"): (9, 9, 9, 8, 8, 7, 7, 7, 8, 9, 9, 10),
    ("rice", "TH"): (9, 9, 9, 8, 8, 8, 8, 8, 8, 8, 8, 9),
    # Rubber: wintering Feb-May, most tapping and exports Jun-Jan.
    ("rubber", "VN"): (9, 6, 5, 5, 6, 8, 9, 9, 10, 11, 11, 11),
    ("rubber", "TH"): (10, 8, 6, 5, 6, 8, 9, 9, 9, 10, 10, 10),
    ("rubber", "ID"): (9, 8, 7, 7, 8, 8, 9, 9, 9, 9, 9, 8),
    # Cassava: harvest Oct-Apr, chips and starch shipped Dec-May.
    ("cassava", "VN"): (11, 11, 12, 12, 10, 7, 5, 5, 5, 6, 7, 9),
    ("cassava", "TH"): (11, 11, 11, 11, 9, 7, 6, 6, 6, 7, 7, 8),
    # Tea: plucking Apr-Oct.
    ("tea", "VN"): (5, 4, 6, 8, 10, 11, 11, 11, 10, 9, 8, 7),
    ("tea", "IN"): (4, 4, 6, 8, 10, 11, 11, 11, 11, 10, 8, 6),
    ("tea", "ID"): (7, 7, 8, 8, 9, 9, 9, 9, 9, 9, 8, 8),
    # Fruit: durian May-Sep, dragon fruit and bananas all year, Tet demand in Jan.
    ("fruit", "VN"): (9, 7, 7, 7, 9, 10, 10, 9, 9, 8, 7, 8),
    ("vegetables", "VN"): (10, 9, 9, 8, 7, 7, 7, 7, 8, 9, 9, 10),
    # Shrimp and pangasius: second half of the year for year-end holidays.
    ("seafood", "VN"): (6, 5, 7, 7, 8, 8, 9, 10, 10, 10, 10, 10),
    ("seafood", "IN"): (6, 6, 7, 7, 8, 8, 9, 10, 10, 10, 10, 9),
    ("seafood", "ID"): (7, 7, 7, 8, 8, 8, 9, 9, 9, 9, 10, 9),
    # Wood and furniture: orders for Western holiday season ship Jun-Oct.
    ("wood", "VN"): (7, 5, 8, 8, 8, 9, 9, 10, 10, 10, 8, 8),
}

# Reference unit price in USD per kg (per the product's first variant) at month anchors; linear
# in between. Assumptions from 2023-2025 export price reporting (Viet Nam's MARD/VICOFA/VINAS,
# ICO, World Bank Pink Sheet orders of magnitude).
PRICE_ANCHORS: dict[str, tuple[tuple[int, int, float], ...]] = {
    # Robusta G1 S18 FOB: ~2.2 early 2023, ~5 at the 2025 peak.
    "coffee": (
        (2023, 1, 2.2),
        (2023, 9, 2.6),
        (2024, 3, 3.5),
        (2024, 9, 4.6),
        (2025, 2, 5.0),
        (2025, 7, 4.2),
        (2025, 12, 4.4),
    ),
    # Cashew kernels WW320: ~6.0 in 2023, ~7.0 in 2025.
    "cashew": ((2023, 1, 6.0), (2023, 12, 5.9), (2024, 9, 6.8), (2025, 4, 7.1), (2025, 12, 7.0)),
    # Black pepper 500 g/l: ~3.2 in early 2023, ~6.5 from mid-2024.
    "pepper": ((2023, 1, 3.2), (2023, 12, 3.9), (2024, 7, 6.4), (2025, 3, 6.7), (2025, 12, 6.3)),
    # Rice 5 % broken: ~0.47, peak 0.64 late 2023, back to ~0.5 in 2025.
    "rice": ((2023, 1, 0.47), (2023, 10, 0.64), (2024, 6, 0.6), (2024, 12, 0.52), (2025, 12, 0.5)),
    # TSNR (SVR 10): ~1.4 in 2023, ~1.9 late 2024.
    "rubber": ((2023, 1, 1.42), (2023, 12, 1.45), (2024, 10, 1.95), (2025, 12, 1.72)),
    # Dried cassava chips: ~0.27.
    "cassava": ((2023, 1, 0.27), (2024, 6, 0.28), (2025, 12, 0.24)),
    # Black tea, bulk: ~1.7.
    "tea": ((2023, 1, 1.7), (2025, 12, 1.75)),
    # Fresh dragon fruit: ~1.2.
    "fruit": ((2023, 1, 1.15), (2025, 12, 1.25)),
    "vegetables": ((2023, 1, 0.85), (2025, 12, 0.9)),
    # Frozen shrimp: ~9.5.
    "seafood": ((2023, 1, 9.8), (2024, 6, 9.2), (2025, 12, 9.6)),
    # Sawn acacia per kg (~300 USD/m3 at ~650 kg/m3).
    "wood": ((2023, 1, 0.46), (2025, 12, 0.48)),
}

# --------------------------------------------------------------------------------------------
# Products: (weight, hs_code, unit, price multiplier, container loads in kg, kg per unit,
#            English names, grades, packings, Vietnamese name, grades, packings, Chinese name)
# Units: KGM (quantity in kg), TNE (tonnes), MTQ (cubic metres), PCE (pieces).
# --------------------------------------------------------------------------------------------

V = tuple[Any, ...]

_COFFEE_VN: list[V] = [
    (
        80,
        "090111",
        "KGM",
        1.0,
        (19200, 19200, 19200, 19800, 21000, 21600),
        1,
        (
            "VIETNAM ROBUSTA COFFEE BEANS",
            "ROBUSTA GREEN COFFEE BEANS",
            "GREEN COFFEE ROBUSTA",
            "Vietnam Robusta Coffee",
        ),
        (
            "GRADE 1, SCREEN 18",
            "GRADE 1, SCR 16",
            "GRADE 2, SCREEN 13",
            "GRADE 1 S18 WET POLISHED",
            "GRADE 1 S16 CLEAN",
            "FINE ROBUSTA S16",
            "S18 MAX 0.1% BLACK BROKEN",
            "R2 SCR 13",
        ),
        (
            "60KG JUTE BAGS",
            "IN BULK (CONTAINER LINER)",
            "1000KG BIG BAGS",
            "60KG NEW JUTE BAGS",
            "GRAINPRO BAGS INSIDE JUTE BAGS",
        ),
        "Cà phê Robusta nhân xô",
        ("loại 1, sàng 18", "loại 1, sàng 16", "loại 2, sàng 13", "đánh bóng ướt sàng 18"),
        ("đóng bao đay 60kg", "hàng rời trong container", "bao jumbo 1 tấn"),
        "越南罗布斯塔生咖啡豆",
    ),
    (
        8,
        "090111",
        "KGM",
        1.55,
        (19200, 19200, 18000),
        1,
        ("VIETNAM ARABICA COFFEE BEANS", "GREEN ARABICA COFFEE", "ARABICA WASHED COFFEE"),
        ("GRADE 1, SCREEN 16", "CATIMOR S16 WASHED", "SCREEN 18 FULLY WASHED", "SPECIALTY 82+"),
        ("60KG JUTE BAGS", "30KG GRAINPRO BAGS", "60KG JUTE BAGS WITH GRAINPRO"),
        "Cà phê Arabica nhân",
        ("loại 1, sàng 16", "chế biến ướt, sàng 18"),
        ("đóng bao đay 60kg",),
        "越南阿拉比卡生咖啡豆",
    ),
    (
        12,
        "090121",
        "KGM",
        2.3,
        (3000, 5000, 8000, 10000, 12000),
        1,
        ("ROASTED COFFEE BEANS", "ROASTED GROUND COFFEE", "ROBUSTA ROASTED COFFEE BEANS"),
        ("MEDIUM ROAST", "DARK ROAST", "ESPRESSO BLEND", "CULI ROBUSTA DARK ROAST"),
        ("1KG VALVE BAGS", "CARTONS OF 20 X 500G", "CARTONS OF 10 X 1KG", "250G BAGS IN CARTONS"),
        "Cà phê rang xay",
        ("rang vừa", "rang đậm", "pha phin"),
        ("túi 500g, đóng thùng carton", "túi 1kg có van một chiều"),
        "越南烘焙咖啡豆",
    ),
]
_COFFEE_BR: list[V] = [
    (
        75,
        "090111",
        "KGM",
        1.6,
        (19200, 19200, 21000),
        1,
        ("BRAZIL NATURAL ARABICA COFFEE", "BRAZILIAN GREEN COFFEE ARABICA", "BRAZIL SANTOS COFFEE"),
        (
            "NY 2/3 SCREEN 17/18 FINE CUP",
            "NY 2/3 SC 16/17 SS FC",
            "NY 4/5 SC 14/16 GOOD CUP",
            "SEMI-WASHED SC 17/18",
        ),
        ("60KG JUTE BAGS", "IN BULK", "BIG BAGS"),
        "",
        (),
        (),
        "巴西阿拉比卡生咖啡豆",
    ),
    (
        25,
        "090111",
        "KGM",
        1.0,
        (19200, 21000),
        1,
        ("BRAZIL CONILON COFFEE", "BRAZIL ROBUSTA CONILON"),
        ("7/8 SCREEN 13 UP", "TYPE 7/8 SC 13/14"),
        ("60KG JUTE BAGS", "IN BULK"),
        "",
        (),
        (),
        "",
    ),
]
_COFFEE_IN: list[V] = [
    (
        100,
        "090111",
        "KGM",
        1.15,
        (19200, 19200),
        1,
        (
            "INDIAN ROBUSTA CHERRY COFFEE",
            "INDIA ARABICA PLANTATION COFFEE",
            "INDIAN MONSOONED COFFEE",
        ),
        ("AB GRADE", "AA GRADE", "PB GRADE", "MALABAR AA"),
        ("60KG JUTE BAGS", "50KG JUTE BAGS"),
        "",
        (),
        (),
        "",
    ),
]
_COFFEE_ID: list[V] = [
    (
        100,
        "090111",
        "KGM",
        1.02,
        (19200, 19200, 21000),
        1,
        ("INDONESIA ROBUSTA COFFEE", "SUMATRA MANDHELING ARABICA", "LAMPUNG ROBUSTA COFFEE"),
        ("ELB/ER GRADE 4", "GRADE 1 TRIPLE PICKED", "EK-1 80 DEFECTS"),
        ("60KG JUTE BAGS", "IN BULK"),
        "",
        (),
        (),
        "",
    ),
]
_CASHEW_VN: list[V] = [
    (
        55,
        "080132",
        "KGM",
        1.0,
        (15876, 15876, 15876, 7938, 16000),
        1,
        ("CASHEW KERNELS", "VIETNAM CASHEW NUTS KERNELS", "RAW CASHEW KERNELS WHITE WHOLE"),
        ("WW320", "WW320 STANDARD", "WW320 PREMIUM", "W320 NEW CROP"),
        (
            "50LBS VACUUM TIN",
            "2 X 25LBS VACUUM BAGS IN CARTON",
            "22.68KG CARTONS",
            "10KG VACUUM BAGS",
        ),
        "Hạt điều nhân",
        ("WW320", "W320 loại 1"),
        ("đóng thùng thiếc 50lbs", "túi hút chân không"),
        "越南腰果仁",
    ),
    (
        15,
        "080132",
        "KGM",
        1.12,
        (15876, 15876),
        1,
        ("CASHEW KERNELS", "CASHEW NUTS KERNELS"),
        ("WW240", "W240 PREMIUM", "WW180"),
        ("50LBS VACUUM TIN", "2 X 25LBS VACUUM BAGS"),
        "Hạt điều nhân",
        ("WW240", "W180"),
        ("đóng thùng thiếc 50lbs",),
        "越南腰果仁",
    ),
    (
        25,
        "080132",
        "KGM",
        0.78,
        (15876, 15876, 16000),
        1,
        ("CASHEW KERNELS", "CASHEW NUT PIECES"),
        ("WS", "LP", "SP", "DW", "WS/LP MIX", "SWP"),
        ("50LBS CARTONS", "22.68KG VACUUM BAGS"),
        "Hạt điều nhân vỡ",
        ("WS", "LP", "SP"),
        ("đóng thùng carton",),
        "腰果仁碎",
    ),
    (
        5,
        "080132",
        "KGM",
        1.35,
        (5000, 8000, 12000),
        1,
        ("ROASTED SALTED CASHEW NUTS", "ROASTED CASHEW WITH SKIN"),
        ("W320", "W240"),
        ("CARTONS OF 24 X 500G", "10KG CARTONS"),
        "Hạt điều rang muối",
        ("W320", "W240"),
        ("hũ 500g, thùng carton",),
        "越南盐焗腰果",
    ),
]
_CASHEW_IN: list[V] = [
    (
        100,
        "080132",
        "KGM",
        1.08,
        (15876, 15876, 7938),
        1,
        ("INDIAN CASHEW KERNELS", "CASHEW KERNELS KERALA ORIGIN"),
        ("W320", "W240", "SW320", "JH"),
        ("2 X 25LBS VACUUM PACKED IN CARTON", "50LBS TINS"),
        "",
        (),
        (),
        "",
    ),
]
_CASHEW_CI: list[V] = [
    (
        100,
        "080131",
        "KGM",
        0.21,
        (18000, 20000, 25000, 25000),
        1,
        ("RAW CASHEW NUTS IN SHELL", "IVORY COAST RAW CASHEW NUTS", "RCN IN SHELL"),
        ("OUTTURN 47 LBS", "KOR 48 NUT COUNT 190", "OUTTURN 46-48 LBS, MOISTURE 10% MAX"),
        ("80KG JUTE BAGS", "IN BULK"),
        "",
        (),
        (),
        "",
    ),
]
_PEPPER_VN: list[V] = [
    (
        60,
        "090411",
        "KGM",
        1.0,
        (15000, 16000, 18000, 18000, 12500),
        1,
        ("VIETNAM BLACK PEPPER", "BLACK PEPPER WHOLE", "BLACK PEPPER ASTA QUALITY"),
        ("500G/L FAQ", "550G/L CLEANED", "570G/L ASTA", "500G/L SORTEX", "5MM BOLD"),
        ("50KG PP BAGS", "25KG PP BAGS", "50KG DOUBLE PP BAGS"),
        "Hạt tiêu đen",
        ("500g/l", "550g/l sạch", "570g/l ASTA"),
        ("bao PP 50kg", "bao PP 25kg"),
        "越南黑胡椒",
    ),
    (
        25,
        "090411",
        "KGM",
        1.45,
        (15000, 16000),
        1,
        ("VIETNAM WHITE PEPPER", "WHITE PEPPER WHOLE"),
        ("630G/L", "DOUBLE WASHED 630G/L"),
        ("25KG PP BAGS", "50KG PP BAGS"),
        "Hạt tiêu trắng",
        ("630g/l", "630g/l rửa kỹ"),
        ("bao PP 25kg",),
        "越南白胡椒",
    ),
    (
        15,
        "090412",
        "KGM",
        1.3,
        (8000, 12000, 14000),
        1,
        ("GROUND BLACK PEPPER", "BLACK PEPPER POWDER", "CRACKED BLACK PEPPER"),
        ("MESH 30-40", "MESH 16-30", "STERILIZED"),
        ("25KG KRAFT BAGS", "CARTONS OF 12 X 1KG"),
        "Tiêu đen xay",
        ("mesh 30-40",),
        ("bao giấy kraft 25kg",),
        "黑胡椒粉",
    ),
]
_PEPPER_OTHER: list[V] = [
    (
        100,
        "090411",
        "KGM",
        1.1,
        (15000, 18000),
        1,
        ("BLACK PEPPER", "MUNTOK WHITE PEPPER", "LAMPUNG BLACK PEPPER", "MALABAR GARBLED PEPPER"),
        ("FAQ 550G/L", "ASTA GRADE", "MG1"),
        ("50KG PP BAGS", "25KG BAGS"),
        "",
        (),
        (),
        "",
    ),
]
_RICE_VN: list[V] = [
    (
        55,
        "100630",
        "TNE",
        1.0,
        (25000, 25000, 26000, 50000, 100000, 250000),
        1,
        ("VIETNAM WHITE RICE", "LONG GRAIN WHITE RICE", "VIETNAMESE RICE"),
        ("5% BROKEN", "15% BROKEN", "25% BROKEN", "5% BROKEN, DOUBLE POLISHED"),
        ("50KG PP BAGS", "25KG PP BAGS", "IN BULK VESSEL", "50KG NEW PP BAGS"),
        "Gạo trắng hạt dài",
        ("5% tấm", "15% tấm", "25% tấm"),
        ("bao PP 50kg", "hàng rời"),
        "越南长粒大米",
    ),
    (
        35,
        "100630",
        "TNE",
        1.25,
        (25000, 25000, 26000),
        1,
        (
            "VIETNAM JASMINE RICE",
            "FRAGRANT RICE ST25",
            "DAI THOM 8 FRAGRANT RICE",
            "OM18 RICE",
            "JAPONICA RICE",
        ),
        ("5% BROKEN", "SORTEXED", "NEW CROP"),
        ("25KG PP BAGS", "10KG PE BAGS", "5KG BAGS IN BALES"),
        "Gạo thơm",
        ("ST25", "Jasmine 5% tấm", "Đài Thơm 8", "OM18"),
        ("bao 25kg", "túi 5kg"),
        "越南香米",
    ),
    (
        10,
        "100640",
        "TNE",
        0.72,
        (25000, 26000, 50000),
        1,
        ("BROKEN RICE", "100% BROKEN RICE", "WHITE BROKEN RICE A1"),
        ("A1 SUPER", "100% BROKEN"),
        ("50KG PP BAGS",),
        "Tấm gạo",
        ("tấm 100%",),
        ("bao 50kg",),
        "碎米",
    ),
]
_RICE_OTHER: list[V] = [
    (
        70,
        "100630",
        "TNE",
        1.0,
        (25000, 26000, 50000, 200000),
        1,
        ("LONG GRAIN WHITE RICE", "PARBOILED RICE", "SONA MASOORI RICE", "THAI WHITE RICE"),
        ("5% BROKEN", "100% SORTEXED", "25% BROKEN"),
        ("50KG PP BAGS", "25KG BOPP BAGS"),
        "",
        (),
        (),
        "",
    ),
    (
        30,
        "100630",
        "TNE",
        2.1,
        (25000, 26000),
        1,
        ("BASMATI RICE 1121 SELLA", "THAI HOM MALI RICE", "JASMINE RICE 100% GRADE A"),
        ("EXTRA LONG GRAIN", "NEW CROP", "PREMIUM"),
        ("20KG BAGS", "5KG X 4 BALES"),
        "",
        (),
        (),
        "",
    ),
]
_RUBBER_VN: list[V] = [
    (
        70,
        "400122",
        "KGM",
        1.0,
        (20160, 20160, 20160, 40320, 100800),
        1,
        (
            "NATURAL RUBBER SVR 10",
            "NATURAL RUBBER SVR 3L",
            "TSNR SVR CV60",
            "NATURAL RUBBER SVR 20",
        ),
        ("STANDARD GRADE", "GRADE A", "HIGH QUALITY"),
        ("1.26MT SHRINK-WRAPPED PALLETS", "35KG BALES, SW PALLETS", "1.2MT WOODEN PALLETS"),
        "Cao su thiên nhiên",
        ("SVR 10", "SVR 3L", "SVR CV60"),
        ("35kg/bành, pallet gỗ",),
        "越南天然橡胶",
    ),
    (
        20,
        "400110",
        "KGM",
        0.72,
        (20000, 20000, 21000),
        1,
        ("CENTRIFUGED LATEX 60% DRC", "NATURAL RUBBER LATEX HA", "LATEX CONCENTRATE LA"),
        ("60% DRC", "HA GRADE", "LA GRADE"),
        ("IN 205KG DRUMS", "IN FLEXIBAG"),
        "Mủ cao su ly tâm",
        ("60% DRC",),
        ("phuy 205kg",),
        "天然胶乳",
    ),
    (
        10,
        "400129",
        "KGM",
        0.92,
        (20160, 20160),
        1,
        ("NATURAL RUBBER CSR", "RUBBER MIXTURE SVR 10 + SBR"),
        ("CSR L", "STANDARD"),
        ("35KG BALES",),
        "Cao su hỗn hợp",
        ("CSR",),
        ("bành 35kg",),
        "复合橡胶",
    ),
]
_RUBBER_OTHER: list[V] = [
    (
        100,
        "400122",
        "KGM",
        1.02,
        (20160, 20160, 40320),
        1,
        ("NATURAL RUBBER STR 20", "TSNR SIR 20", "RIBBED SMOKED SHEET RSS3", "STR 5L"),
        ("STANDARD", "PREMIUM"),
        ("33.33KG BALES, SW PALLETS", "1.26MT PALLETS"),
        "",
        (),
        (),
        "",
    ),
]
_CASSAVA_VN: list[V] = [
    (
        45,
        "071410",
        "TNE",
        1.0,
        (25000, 27000, 28000, 50000, 500000, 1000000),
        1,
        ("DRIED CASSAVA CHIPS", "TAPIOCA CHIPS", "SLICED DRIED CASSAVA"),
        ("STARCH 70% MIN", "MOISTURE 14% MAX", "FEED GRADE"),
        ("IN BULK", "IN JUMBO BAGS"),
        "Sắn lát khô",
        ("tinh bột 70% min", "độ ẩm 14% max"),
        ("hàng rời", "bao jumbo"),
        "越南木薯干片",
    ),
    (
        55,
        "110814",
        "TNE",
        1.75,
        (20000, 20000, 22000, 25000, 100000),
        1,
        ("NATIVE TAPIOCA STARCH", "CASSAVA STARCH", "TAPIOCA STARCH FOOD GRADE"),
        ("SUPER GRADE", "PREMIUM GRADE", "INDUSTRIAL GRADE", "WHITENESS 90% MIN"),
        ("50KG PP BAGS", "850KG JUMBO BAGS", "25KG PAPER BAGS"),
        "Tinh bột sắn",
        ("loại super", "loại premium"),
        ("bao 50kg", "bao jumbo 850kg"),
        "越南木薯淀粉",
    ),
]
_CASSAVA_TH: list[V] = [
    (
        100,
        "110814",
        "TNE",
        1.85,
        (20000, 25000, 100000),
        1,
        ("THAI TAPIOCA STARCH", "NATIVE TAPIOCA STARCH", "MODIFIED TAPIOCA STARCH"),
        ("FOOD GRADE", "PREMIUM", "INDUSTRIAL"),
        ("25KG BAGS", "850KG JUMBO BAGS"),
        "",
        (),
        (),
        "",
    ),
]
_TEA_VN: list[V] = [
    (
        55,
        "090240",
        "KGM",
        1.0,
        (10000, 12000, 14000, 16000),
        1,
        ("BLACK TEA OP", "BLACK TEA PEKOE", "BLACK TEA BOP", "CTC BLACK TEA", "BLACK TEA FBOP"),
        ("OP", "PEKOE", "BOP", "BPS", "PD"),
        ("IN PAPER SACKS 50KG", "IN PLY BAGS", "60KG BAGS"),
        "Chè đen",
        ("OP", "BOP", "PS"),
        ("bao giấy 50kg",),
        "越南红茶",
    ),
    (
        35,
        "090220",
        "KGM",
        1.25,
        (8000, 10000, 12000),
        1,
        ("GREEN TEA", "VIETNAM GREEN TEA CHUN MEE", "GREEN TEA OP", "SENCHA GREEN TEA"),
        ("CHUN MEE 41022", "OP", "SPECIAL GRADE"),
        ("IN CARTONS 30KG", "IN PP BAGS 40KG"),
        "Chè xanh",
        ("Thái Nguyên loại 1", "móc câu"),
        ("thùng carton 30kg",),
        "越南绿茶",
    ),
    (
        10,
        "090230",
        "KGM",
        3.5,
        (2000, 4000, 6000),
        1,
        ("BLACK TEA BAGS", "OOLONG TEA IN 250G PACKS"),
        ("100 BAGS X 2G", "PREMIUM"),
        ("CARTONS OF 48 BOXES",),
        "Trà túi lọc",
        ("hộp 100 túi",),
        ("thùng carton",),
        "红茶袋泡茶",
    ),
]
_TEA_OTHER: list[V] = [
    (
        100,
        "090240",
        "KGM",
        1.4,
        (12000, 15000, 18000),
        1,
        ("ASSAM CTC BLACK TEA", "DARJEELING BLACK TEA", "BLACK TEA BOPF", "ORTHODOX BLACK TEA"),
        ("BP1", "PF1", "BOP", "FTGFOP1"),
        ("PAPER SACKS", "50KG BAGS"),
        "",
        (),
        (),
        "",
    ),
]
_FRUIT_VN: list[V] = [
    (
        30,
        "081090",
        "KGM",
        1.0,
        (10000, 12000, 15000, 16000, 20000),
        1,
        (
            "FRESH DRAGON FRUIT",
            "FRESH WHITE FLESH DRAGON FRUIT",
            "FRESH RED DRAGON FRUIT",
            "FRESH RAMBUTAN",
            "FRESH PASSION FRUIT",
            "FRESH LONGAN",
        ),
        ("SIZE L", "300-500G/PC", "GRADE A", "SIZE M/L", "CLASS I"),
        ("9KG CARTONS", "5KG CARTONS", "10KG CARTONS", "PLASTIC CRATES"),
        "Thanh long ruột trắng tươi",
        ("loại 1", "cỡ L"),
        ("thùng carton 9kg",),
        "越南火龙果",
    ),
    (
        30,
        "081060",
        "KGM",
        3.6,
        (15000, 18000, 19000, 20000),
        1,
        ("FRESH DURIAN", "FRESH DURIAN RI6", "FRESH DURIAN MONTHONG", "FROZEN WHOLE DURIAN"),
        ("GRADE A 2-5KG", "GRADE B", "CLASS I"),
        ("CARTONS", "18KG CARTONS", "BASKETS"),
        "Sầu riêng tươi",
        ("Ri6 loại A", "Monthong loại 1"),
        ("thùng carton 18kg",),
        "越南鲜榴莲",
    ),
    (
        20,
        "080390",
        "KGM",
        0.4,
        (18000, 20000, 21000),
        1,
        ("FRESH CAVENDISH BANANAS", "FRESH GREEN BANANAS", "CAVENDISH BANANA"),
        ("CLASS A", "GRADE 1", "13KG NET"),
        ("13KG CARTONS", "13.5KG CARTONS"),
        "Chuối tươi Cavendish",
        ("loại 1",),
        ("thùng 13kg",),
        "越南香蕉",
    ),
    (
        10,
        "080450",
        "KGM",
        1.0,
        (12000, 15000, 18000),
        1,
        ("FRESH MANGO", "FRESH CAT HOA LOC MANGO", "FRESH KEO MANGO"),
        ("GRADE 1", "300-450G"),
        ("5KG CARTONS", "10KG CARTONS"),
        "Xoài tươi",
        ("xoài cát Hòa Lộc", "xoài Keo"),
        ("thùng carton",),
        "越南芒果",
    ),
    (
        10,
        "081340",
        "KGM",
        4.5,
        (5000, 8000, 10000),
        1,
        (
            "DRIED MANGO",
            "SOFT DRIED JACKFRUIT",
            "DRIED MIXED FRUIT",
            "VACUUM FRIED JACKFRUIT CHIPS",
        ),
        ("LOW SUGAR", "NO SUGAR ADDED", "PREMIUM"),
        ("CARTONS OF 10KG", "1KG BAGS X 10"),
        "Xoài sấy dẻo",
        ("ít đường",),
        ("túi 1kg",),
        "芒果干",
    ),
]
_VEG_VN: list[V] = [
    (
        40,
        "070999",
        "KGM",
        1.0,
        (8000, 10000, 12000, 15000),
        1,
        (
            "FRESH OKRA",
            "FRESH LEMONGRASS",
            "FRESH BITTER GOURD",
            "FRESH VIETNAMESE HERBS",
            "FRESH SWEET CORN",
            "FRESH WATER SPINACH",
        ),
        ("GRADE A", "CLASS I", "EXPORT QUALITY"),
        ("5KG CARTONS", "10KG CARTONS", "FOAM BOXES"),
        "Rau tươi",
        ("loại 1",),
        ("thùng carton",),
        "越南新鲜蔬菜",
    ),
    (
        35,
        "070960",
        "KGM",
        1.6,
        (6000, 10000, 12000),
        1,
        ("FRESH RED CHILLI", "FRESH BIRD EYE CHILLI", "FRESH GREEN CHILLI"),
        ("SIZE 3-5CM", "GRADE A"),
        ("5KG CARTONS", "FOAM BOXES"),
        "Ớt tươi",
        ("ớt chỉ thiên",),
        ("thùng xốp",),
        "越南鲜辣椒",
    ),
    (
        25,
        "071090",
        "KGM",
        1.2,
        (18000, 20000, 24000),
        1,
        ("FROZEN MIXED VEGETABLES", "IQF MIXED VEGETABLES", "FROZEN OKRA IQF"),
        ("IQF GRADE A",),
        ("10KG CARTONS", "CARTONS OF 20 X 500G"),
        "Rau củ đông lạnh",
        ("IQF",),
        ("thùng 10kg",),
        "速冻混合蔬菜",
    ),
]
_SEAFOOD_VN: list[V] = [
    (
        45,
        "030617",
        "KGM",
        1.0,
        (12000, 14000, 16000, 18000),
        1,
        (
            "FROZEN VANNAMEI SHRIMP",
            "FROZEN BLACK TIGER SHRIMP",
            "FROZEN PD VANNAMEI SHRIMP",
            "FROZEN HLSO WHITE SHRIMP",
            "FROZEN PDTO COOKED SHRIMP",
        ),
        ("SIZE 16/20", "SIZE 21/25", "SIZE 26/30", "SIZE 31/40", "SIZE 41/50", "SIZE 51/60"),
        ("10 X 1KG BLOCK/CARTON", "6 X 2KG IQF/CARTON", "10 X 500G BAGS", "1.8KG BLOCK X 6"),
        "Tôm thẻ chân trắng đông lạnh",
        ("cỡ 26/30", "cỡ 31/40"),
        ("thùng 10kg",),
        "冻南美白对虾",
    ),
    (
        45,
        "030462",
        "KGM",
        0.3,
        (20000, 22000, 24000, 25000),
        1,
        ("FROZEN PANGASIUS FILLETS", "FROZEN BASA FILLETS", "PANGASIUS FILLET WELL TRIMMED IQF"),
        (
            "WHITE MEAT 120-170G",
            "SIZE 170-220G",
            "SIZE 220 UP",
            "LIGHT PINK 10% GLAZE",
            "20% GLAZING",
        ),
        ("10KG BULK CARTON", "5KG X 2 BAGS", "1KG BAGS X 10"),
        "Cá tra phi lê đông lạnh",
        ("thịt trắng", "size 170-220g"),
        ("thùng 10kg",),
        "越南冻巴沙鱼柳",
    ),
    (
        10,
        "030743",
        "KGM",
        0.62,
        (12000, 15000, 18000),
        1,
        ("FROZEN SQUID TUBES", "FROZEN WHOLE CLEANED SQUID", "FROZEN CUTTLEFISH"),
        ("U/10", "10/20", "20/40 IQF"),
        ("10KG CARTONS", "2KG BLOCK X 6"),
        "Mực ống đông lạnh",
        ("cỡ 10/20",),
        ("thùng 10kg",),
        "冻鱿鱼",
    ),
]
_SEAFOOD_OTHER: list[V] = [
    (
        100,
        "030617",
        "KGM",
        0.92,
        (14000, 16000, 18000),
        1,
        ("FROZEN VANNAMEI SHRIMP HLSO", "FROZEN RAW PD SHRIMP", "FROZEN BLACK TIGER PRAWNS"),
        ("SIZE 21/25", "SIZE 31/40", "SIZE 41/50"),
        ("6 X 2KG BLOCK", "10 X 1KG IQF"),
        "",
        (),
        (),
        "",
    ),
]
_WOOD_VN: list[V] = [
    (
        30,
        "440799",
        "MTQ",
        1.0,
        (14000, 15000, 16000),
        650,
        (
            "ACACIA SAWN TIMBER",
            "RUBBERWOOD SAWN TIMBER KD",
            "EUCALYPTUS SAWN WOOD",
            "ACACIA BOARDS",
        ),
        ("AB GRADE, KD 8-12%", "FJ LAMINATED", "THICKNESS 22MM", "KILN DRIED"),
        ("BUNDLES", "STRAPPED BUNDLES"),
        "Gỗ keo xẻ sấy",
        ("AB, sấy 8-12%",),
        ("kiện",),
        "越南相思木板材",
    ),
    (
        5,
        "440711",
        "MTQ",
        1.15,
        (14000, 15000),
        520,
        ("PINE SAWN TIMBER", "RADIATA PINE LUMBER KD"),
        ("AD GRADE", "KD"),
        ("BUNDLES",),
        "Gỗ thông xẻ",
        ("sấy khô",),
        ("kiện",),
        "松木锯材",
    ),
    (
        30,
        "440131",
        "TNE",
        0.28,
        (25000, 27000, 28000, 5000000, 10000000),
        1,
        ("WOOD PELLETS", "ACACIA WOOD PELLETS", "BIOMASS WOOD PELLETS"),
        ("6MM, GCV 4300 KCAL/KG", "8MM, ASH < 1.5%", "ENPLUS A2"),
        ("IN BULK", "JUMBO BAGS 1MT"),
        "Viên nén gỗ",
        ("6mm, nhiệt trị 4300",),
        ("hàng rời",),
        "木质颗粒燃料",
    ),
    (
        10,
        "440122",
        "TNE",
        0.3,
        (20000, 22000, 8000000),
        1,
        ("ACACIA WOOD CHIPS", "EUCALYPTUS WOOD CHIPS"),
        ("BDMT BASIS", "FOR PULP"),
        ("IN BULK",),
        "Dăm gỗ keo",
        ("dăm gỗ làm bột giấy",),
        ("hàng rời",),
        "相思木片",
    ),
    (
        25,
        "940360",
        "PCE",
        5.2,
        (5000, 6500, 8000, 9000, 10000),
        9,
        (
            "WOODEN DINING CHAIRS",
            "OUTDOOR ACACIA TABLES",
            "RUBBERWOOD DINING TABLE SET",
            "WOODEN FOLDING CHAIRS",
            "OAK VENEER SIDEBOARDS",
            "TEAK GARDEN FURNITURE",
        ),
        ("ITEM NO. DC-1102", "MODEL HT-2024", "KD PACKED", "FSC 100%", "FSC MIX CREDIT"),
        ("CARTONS", "KNOCK-DOWN CARTONS"),
        "Bàn ghế gỗ",
        ("ghế ăn gỗ cao su", "bàn ngoài trời gỗ keo"),
        ("thùng carton",),
        "木制家具",
    ),
]

PRODUCT_VARIANTS: dict[tuple[str, str], list[V]] = {
    ("coffee", "VN"): _COFFEE_VN,
    ("coffee", "BR"): _COFFEE_BR,
    ("coffee", "IN"): _COFFEE_IN,
    ("coffee", "ID"): _COFFEE_ID,
    ("cashew", "VN"): _CASHEW_VN,
    ("cashew", "IN"): _CASHEW_IN,
    ("cashew", "CI"): _CASHEW_CI,
    ("pepper", "VN"): _PEPPER_VN,
    ("pepper", "BR"): _PEPPER_OTHER,
    ("pepper", "ID"): _PEPPER_OTHER,
    ("pepper", "IN"): _PEPPER_OTHER,
    ("rice", "VN"): _RICE_VN,
    ("rice", "IN"): _RICE_OTHER,
    ("rice", "TH"): _RICE_OTHER,
    ("rubber", "VN"): _RUBBER_VN,
    ("rubber", "TH"): _RUBBER_OTHER,
    ("rubber", "ID"): _RUBBER_OTHER,
    ("cassava", "VN"): _CASSAVA_VN,
    ("cassava", "TH"): _CASSAVA_TH,
    ("tea", "VN"): _TEA_VN,
    ("tea", "IN"): _TEA_OTHER,
    ("tea", "ID"): _TEA_OTHER,
    ("fruit", "VN"): _FRUIT_VN,
    ("vegetables", "VN"): _VEG_VN,
    ("seafood", "VN"): _SEAFOOD_VN,
    ("seafood", "IN"): _SEAFOOD_OTHER,
    ("seafood", "ID"): _SEAFOOD_OTHER,
    ("wood", "VN"): _WOOD_VN,
}

# Origins written in descriptions: (ASCII upper-case, Vietnamese or local spelling).
ORIGINS: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {
    ("coffee", "VN"): (
        ("DAK LAK", "Đắk Lắk"),
        ("LAM DONG", "Lâm Đồng"),
        ("GIA LAI", "Gia Lai"),
        ("DAK NONG", "Đắk Nông"),
        ("KON TUM", "Kon Tum"),
        ("SON LA", "Sơn La"),
    ),
    ("cashew", "VN"): (
        ("BINH PHUOC", "Bình Phước"),
        ("DONG NAI", "Đồng Nai"),
        ("BINH DUONG", "Bình Dương"),
        ("TAY NINH", "Tây Ninh"),
    ),
    ("pepper", "VN"): (
        ("DAK LAK", "Đắk Lắk"),
        ("GIA LAI", "Gia Lai"),
        ("DONG NAI", "Đồng Nai"),
        ("BA RIA - VUNG TAU", "Bà Rịa - Vũng Tàu"),
        ("BINH PHUOC", "Bình Phước"),
        ("PHU QUOC", "Phú Quốc"),
    ),
    ("rice", "VN"): (
        ("AN GIANG", "An Giang"),
        ("DONG THAP", "Đồng Tháp"),
        ("KIEN GIANG", "Kiên Giang"),
        ("CAN THO", "Cần Thơ"),
        ("SOC TRANG", "Sóc Trăng"),
        ("LONG AN", "Long An"),
    ),
    ("rubber", "VN"): (
        ("BINH DUONG", "Bình Dương"),
        ("BINH PHUOC", "Bình Phước"),
        ("TAY NINH", "Tây Ninh"),
        ("GIA LAI", "Gia Lai"),
    ),
    ("cassava", "VN"): (
        ("TAY NINH", "Tây Ninh"),
        ("GIA LAI", "Gia Lai"),
        ("QUANG NGAI", "Quảng Ngãi"),
        ("BINH DINH", "Bình Định"),
        ("KON TUM", "Kon Tum"),
    ),
    ("tea", "VN"): (
        ("THAI NGUYEN", "Thái Nguyên"),
        ("PHU THO", "Phú Thọ"),
        ("LAM DONG", "Lâm Đồng"),
        ("HA GIANG", "Hà Giang"),
        ("YEN BAI", "Yên Bái"),
    ),
    ("fruit", "VN"): (
        ("BINH THUAN", "Bình Thuận"),
        ("TIEN GIANG", "Tiền Giang"),
        ("DAK LAK", "Đắk Lắk"),
        ("LONG AN", "Long An"),
        ("BEN TRE", "Bến Tre"),
        ("DONG THAP", "Đồng Tháp"),
    ),
    ("vegetables", "VN"): (
        ("LAM DONG", "Lâm Đồng"),
        ("HAI DUONG", "Hải Dương"),
        ("TIEN GIANG", "Tiền Giang"),
        ("DA LAT", "Đà Lạt"),
    ),
    ("seafood", "VN"): (
        ("CA MAU", "Cà Mau"),
        ("SOC TRANG", "Sóc Trăng"),
        ("BAC LIEU", "Bạc Liêu"),
        ("AN GIANG", "An Giang"),
        ("DONG THAP", "Đồng Tháp"),
        ("KIEN GIANG", "Kiên Giang"),
    ),
    ("wood", "VN"): (
        ("BINH DINH", "Bình Định"),
        ("BINH DUONG", "Bình Dương"),
        ("QUANG TRI", "Quảng Trị"),
        ("YEN BAI", "Yên Bái"),
        ("DONG NAI", "Đồng Nai"),
    ),
    ("coffee", "BR"): (
        ("SUL DE MINAS", ""),
        ("CERRADO MINEIRO", ""),
        ("MOGIANA", ""),
        ("ESPIRITO SANTO", ""),
    ),
    ("coffee", "IN"): (("KARNATAKA", ""), ("KERALA", ""), ("CHIKMAGALUR", "")),
    ("coffee", "ID"): (("LAMPUNG", ""), ("SOUTH SUMATRA", ""), ("ACEH", "")),
    ("cashew", "IN"): (("KERALA", ""), ("GOA", ""), ("KOLLAM", "")),
    ("cashew", "CI"): (("BOUNDIALI", ""), ("KORHOGO", ""), ("BONDOUKOU", "")),
    ("pepper", "BR"): (("ESPIRITO SANTO", ""), ("PARA", "")),
    ("pepper", "ID"): (("LAMPUNG", ""), ("BANGKA", "")),
    ("pepper", "IN"): (("KERALA", ""), ("KARNATAKA", "")),
    ("rice", "IN"): (("PUNJAB", ""), ("ANDHRA PRADESH", ""), ("HARYANA", "")),
    ("rice", "TH"): (("SURIN", ""), ("ROI ET", ""), ("SUPHAN BURI", "")),
    ("rubber", "TH"): (("SURAT THANI", ""), ("SONGKHLA", "")),
    ("rubber", "ID"): (("SOUTH SUMATRA", ""), ("JAMBI", "")),
    ("cassava", "TH"): (("NAKHON RATCHASIMA", ""), ("KAMPHAENG PHET", "")),
    ("tea", "IN"): (("ASSAM", ""), ("DARJEELING", ""), ("NILGIRIS", "")),
    ("tea", "ID"): (("WEST JAVA", ""), ("NORTH SUMATRA", "")),
    ("seafood", "IN"): (("ANDHRA PRADESH", ""), ("GUJARAT", "")),
    ("seafood", "ID"): (("EAST JAVA", ""), ("LAMPUNG", "")),
}

# Country data: (English name, sea ports, airport, legal forms, name stems).
COUNTRIES: dict[str, tuple[str, tuple[str, ...], str, tuple[str, ...], tuple[str, ...]]] = {
    "VN": (
        "VIETNAM",
        (
            "Cat Lai (Ho Chi Minh City)",
            "Cai Mep (Ba Ria-Vung Tau)",
            "Hai Phong",
            "Da Nang",
            "Quy Nhon",
        ),
        "Tan Son Nhat Airport (Ho Chi Minh City)",
        ("Co., Ltd",),
        ("Saigon", "Mekong", "Hanoi"),
    ),
    "BR": (
        "BRAZIL",
        ("Santos", "Rio de Janeiro", "Vitoria", "Paranagua"),
        "Sao Paulo Guarulhos",
        ("Ltda", "S.A.", "Exportadora Ltda"),
        ("Cafés", "Minas", "Serra", "Vale", "Paulista"),
    ),
    "IN": (
        "INDIA",
        ("Nhava Sheva", "Chennai", "Tuticorin", "Cochin", "Mundra", "Kolkata"),
        "Mumbai Airport",
        ("Pvt Ltd", "Exports Pvt Ltd", "LLP", "Ltd"),
        ("Sri", "Malabar", "Deccan", "Ganga", "Kaveri", "Shree", "Bharat"),
    ),
    "ID": (
        "INDONESIA",
        ("Panjang", "Tanjung Priok (Jakarta)", "Belawan", "Tanjung Perak"),
        "Soekarno-Hatta Airport",
        ("PT",),
        ("Sumber", "Mitra", "Karya", "Sinar", "Nusantara"),
    ),
    "TH": (
        "THAILAND",
        ("Laem Chabang", "Bangkok", "Songkhla"),
        "Suvarnabhumi Airport",
        ("Co., Ltd.", "Public Co., Ltd."),
        ("Siam", "Thai", "Chao Phraya", "Golden"),
    ),
    "CI": (
        "COTE D'IVOIRE",
        ("Abidjan", "San Pedro"),
        "Abidjan Airport",
        ("SARL", "SA"),
        ("Ivoire", "Savane", "Lagunes", "Baobab"),
    ),
    "DE": (
        "GERMANY",
        ("Hamburg", "Bremerhaven"),
        "Frankfurt Airport",
        ("GmbH", "GmbH & Co. KG"),
        ("Hanseatic", "Elbe", "Nordkontor", "Rhein", "Alster", "Bavaria"),
    ),
    "IT": (
        "ITALY",
        ("Trieste", "Genoa", "La Spezia", "Naples"),
        "Milan Malpensa Airport",
        ("S.r.l.", "S.p.A."),
        ("Adriatica", "Torrefazione", "Ligure", "Emilia", "Milano"),
    ),
    "US": (
        "UNITED STATES",
        (
            "Los Angeles",
            "Long Beach",
            "New York/Newark",
            "Oakland",
            "Houston",
            "Savannah",
            "Seattle",
        ),
        "Los Angeles Airport",
        ("Inc.", "LLC", "Corp."),
        ("Pacific", "Atlantic", "Golden Gate", "Liberty", "Summit", "Great Plains", "Harbor"),
    ),
    "JP": (
        "JAPAN",
        ("Tokyo", "Yokohama", "Kobe", "Nagoya", "Osaka"),
        "Narita Airport",
        ("Co., Ltd.", "K.K.", "Corporation"),
        ("Sakura", "Fuji", "Kansai", "Tokai", "Hokuto"),
    ),
    "ES": (
        "SPAIN",
        ("Barcelona", "Valencia", "Algeciras"),
        "Madrid Barajas Airport",
        ("S.L.", "S.A."),
        ("Iberica", "Levante", "Catalana", "Mediterranea"),
    ),
    "RU": (
        "RUSSIA",
        ("Saint Petersburg", "Vladivostok", "Novorossiysk"),
        "Moscow Sheremetyevo",
        ("LLC", "OOO", "JSC"),
        ("Volga", "Baltika", "Sibir", "Ural", "Neva"),
    ),
    "BE": (
        "BELGIUM",
        ("Antwerp",),
        "Brussels Airport",
        ("NV", "BV", "SA"),
        ("Scheldt", "Flanders", "Brabant", "Meuse"),
    ),
    "DZ": (
        "ALGERIA",
        ("Algiers", "Oran", "Bejaia"),
        "Algiers Airport",
        ("SARL", "EURL", "SPA"),
        ("El Djazair", "Sahel", "Atlas", "Tell"),
    ),
    "NL": (
        "NETHERLANDS",
        ("Rotterdam", "Amsterdam"),
        "Amsterdam Schiphol Airport",
        ("B.V.",),
        ("Holland", "Maas", "Zeeland", "Oranje", "Delta"),
    ),
    "GB": (
        "UNITED KINGDOM",
        ("Felixstowe", "Southampton", "London Gateway"),
        "London Heathrow",
        ("Ltd", "Limited", "PLC"),
        ("Albion", "Thames", "Pennine", "Britannia"),
    ),
    "FR": (
        "FRANCE",
        ("Le Havre", "Marseille-Fos"),
        "Paris CDG Airport",
        ("SAS", "SARL", "SA"),
        ("Provence", "Normandie", "Atlantique", "Rhone"),
    ),
    "PL": (
        "POLAND",
        ("Gdansk", "Gdynia"),
        "Warsaw Airport",
        ("Sp. z o.o.",),
        ("Baltyk", "Wisla", "Mazowsze"),
    ),
    "KR": (
        "SOUTH KOREA",
        ("Busan", "Incheon", "Gwangyang"),
        "Incheon Airport",
        ("Co., Ltd.",),
        ("Hanil", "Daesung", "Seoul", "Samjin", "Dongbang"),
    ),
    "CN": (
        "CHINA",
        (
            "Shanghai",
            "Qingdao",
            "Tianjin Xingang",
            "Xiamen",
            "Shenzhen Yantian",
            "Guangzhou Nansha",
            "Huangpu",
            "Ningbo",
        ),
        "Guangzhou Baiyun Airport",
        ("Co., Ltd.", "Trading Co., Ltd.", "Import & Export Co., Ltd."),
        (
            "Guangxi",
            "Xiamen",
            "Shenzhen",
            "Kunming",
            "Shanghai",
            "Qingdao",
            "Dongguan",
            "Nanning",
            "Pingxiang",
            "Huafeng",
            "Jinhong",
            "Yuanda",
        ),
    ),
    "HK": (
        "HONG KONG",
        ("Hong Kong",),
        "Hong Kong Airport",
        ("Limited", "Co., Ltd."),
        ("Kowloon", "Harbour", "Victoria", "Pearl"),
    ),
    "TW": (
        "TAIWAN",
        ("Kaohsiung", "Keelung", "Taichung"),
        "Taoyuan Airport",
        ("Co., Ltd.",),
        ("Formosa", "Taiwan", "Evergreen"),
    ),
    "PH": (
        "PHILIPPINES",
        ("Manila", "Batangas", "Cebu", "Davao"),
        "Manila Airport",
        ("Inc.", "Corp."),
        ("Luzon", "Visayas", "Mindanao", "Manila"),
    ),
    "MY": (
        "MALAYSIA",
        ("Port Klang", "Penang", "Pasir Gudang"),
        "Kuala Lumpur Airport",
        ("Sdn. Bhd.",),
        ("Malaya", "Selangor", "Johor", "Perdana"),
    ),
    "PK": (
        "PAKISTAN",
        ("Karachi", "Port Qasim"),
        "Karachi Airport",
        ("(Pvt) Ltd",),
        ("Indus", "Punjab", "Karachi", "Lahore"),
    ),
    "AE": (
        "UNITED ARAB EMIRATES",
        ("Jebel Ali", "Sharjah"),
        "Dubai Airport",
        ("LLC", "FZE", "General Trading LLC"),
        ("Gulf", "Emirates", "Al Noor", "Falcon", "Al Waha"),
    ),
    "SA": (
        "SAUDI ARABIA",
        ("Jeddah", "Dammam"),
        "Riyadh Airport",
        ("Co.", "Est."),
        ("Al Rajhi", "Najd", "Hijaz", "Al Safwa"),
    ),
    "AU": (
        "AUSTRALIA",
        ("Sydney", "Melbourne", "Brisbane"),
        "Sydney Airport",
        ("Pty Ltd",),
        ("Southern Cross", "Coral", "Outback", "Harbour"),
    ),
    "CA": (
        "CANADA",
        ("Vancouver", "Montreal", "Prince Rupert"),
        "Vancouver Airport",
        ("Inc.", "Ltd."),
        ("Maple", "Northern", "Laurentian", "Cascade"),
    ),
    "KH": (
        "CAMBODIA",
        ("Phnom Penh", "Sihanoukville"),
        "Phnom Penh Airport",
        ("Co., Ltd.",),
        ("Angkor", "Mekong", "Khmer"),
    ),
    "LA": (
        "LAOS",
        ("Vientiane (dry port)",),
        "Vientiane Airport",
        ("Sole Co., Ltd.",),
        ("Lao", "Vientiane", "Champa"),
    ),
    "SG": (
        "SINGAPORE",
        ("Singapore",),
        "Singapore Changi Airport",
        ("Pte. Ltd.",),
        ("Lion", "Merlion", "Straits", "Orchard"),
    ),
    "TR": (
        "TURKEY",
        ("Mersin", "Istanbul Ambarli", "Izmir"),
        "Istanbul Airport",
        ("Ltd. Sti.", "A.S."),
        ("Anadolu", "Bosphorus", "Ege", "Marmara"),
    ),
    "GH": ("GHANA", ("Tema", "Takoradi"), "Accra Airport", ("Ltd",), ("Volta", "Ashanti", "Gold")),
    "MX": (
        "MEXICO",
        ("Manzanillo", "Veracruz", "Lazaro Cardenas"),
        "Mexico City Airport",
        ("S.A. de C.V.",),
        ("Azteca", "Sierra", "Pacifico"),
    ),
    "EG": (
        "EGYPT",
        ("Alexandria", "Port Said", "Damietta"),
        "Cairo Airport",
        ("S.A.E.", "LLC"),
        ("Nile", "Delta", "Cairo"),
    ),
    "CH": (
        "SWITZERLAND",
        ("Basel (via Rotterdam)",),
        "Zurich Airport",
        ("AG", "GmbH", "SA"),
        ("Helvetia", "Alpina", "Lemania"),
    ),
    "CZ": (
        "CZECHIA",
        ("Prague (via Hamburg)",),
        "Prague Airport",
        ("s.r.o.",),
        ("Bohemia", "Morava", "Vltava"),
    ),
    "NO": ("NORWAY", ("Oslo",), "Oslo Airport", ("AS",), ("Fjord", "Nordlys", "Viking")),
    "BD": (
        "BANGLADESH",
        ("Chittagong", "Mongla"),
        "Dhaka Airport",
        ("Ltd.",),
        ("Bengal", "Padma", "Meghna"),
    ),
    "LK": ("SRI LANKA", ("Colombo",), "Colombo Airport", ("(Pvt) Ltd",), ("Lanka", "Ceylon")),
    "IQ": ("IRAQ", ("Umm Qasr",), "Baghdad Airport", ("Co.",), ("Rafidain", "Babil", "Tigris")),
    "GR": (
        "GREECE",
        ("Piraeus", "Thessaloniki"),
        "Athens Airport",
        ("S.A.", "I.K.E."),
        ("Aegean", "Hellas", "Olympia"),
    ),
    "SN": ("SENEGAL", ("Dakar",), "Dakar Airport", ("SARL", "SA"), ("Teranga", "Cap Vert")),
    "MA": (
        "MOROCCO",
        ("Casablanca", "Tanger Med"),
        "Casablanca Airport",
        ("SARL",),
        ("Maghreb", "Atlas", "Sahara"),
    ),
    "IL": ("ISRAEL", ("Haifa", "Ashdod"), "Tel Aviv Airport", ("Ltd.",), ("Carmel", "Galil")),
    "AR": (
        "ARGENTINA",
        ("Buenos Aires",),
        "Buenos Aires Airport",
        ("S.A.", "S.R.L."),
        ("Pampa", "Plata", "Andes"),
    ),
    "BJ": ("BENIN", ("Cotonou",), "Cotonou Airport", ("SARL",), ("Dahomey", "Ouidah")),
    "NP": (
        "NEPAL",
        ("Birgunj (ICD via Kolkata)",),
        "Kathmandu Airport",
        ("Pvt. Ltd.",),
        ("Himalaya", "Everest"),
    ),
    "ZA": (
        "SOUTH AFRICA",
        ("Durban", "Cape Town"),
        "Johannesburg Airport",
        ("(Pty) Ltd",),
        ("Cape", "Zulu", "Highveld"),
    ),
    "AO": ("ANGOLA", ("Luanda",), "Luanda Airport", ("Lda",), ("Kwanza", "Benguela")),
    "IR": ("IRAN", ("Bandar Abbas",), "Tehran Airport", ("Co.",), ("Pars", "Alborz")),
}

_VN_ROAD = (
    "Huu Nghi Border Gate (Lang Son)",
    "Tan Thanh Border Gate (Lang Son)",
    "Kim Thanh Border Gate (Lao Cai)",
    "Mong Cai Border Gate (Quang Ninh)",
)
_CN_ROAD = ("Pingxiang (Youyiguan)", "Pingxiang (Puzhai)", "Hekou", "Dongxing")
_VN_RAIL = ("Dong Dang Station (Lang Son)", "Yen Vien Station (Ha Noi)")
_CN_RAIL = ("Pingxiang Station", "Zhengzhou Putian Station", "Kunming Wangjiaying Station")
_VN_AIR = ("Tan Son Nhat Airport (Ho Chi Minh City)", "Noi Bai Airport (Ha Noi)")

# Viet Nam's loading ports per product (sea): weights per port name.
_VN_SEA_PORTS: dict[str, dict[str, float]] = {
    "coffee": {
        "Cat Lai (Ho Chi Minh City)": 60,
        "Cai Mep (Ba Ria-Vung Tau)": 25,
        "Hai Phong": 6,
        "Da Nang": 5,
        "Quy Nhon": 4,
    },
    "cashew": {"Cat Lai (Ho Chi Minh City)": 75, "Cai Mep (Ba Ria-Vung Tau)": 20, "Hai Phong": 5},
    "pepper": {"Cat Lai (Ho Chi Minh City)": 80, "Cai Mep (Ba Ria-Vung Tau)": 15, "Quy Nhon": 5},
    "rice": {
        "Cat Lai (Ho Chi Minh City)": 70,
        "Cai Mep (Ba Ria-Vung Tau)": 15,
        "Hai Phong": 5,
        "Quy Nhon": 5,
        "Da Nang": 5,
    },
    "rubber": {
        "Cat Lai (Ho Chi Minh City)": 60,
        "Cai Mep (Ba Ria-Vung Tau)": 25,
        "Quy Nhon": 10,
        "Da Nang": 5,
    },
    "cassava": {
        "Quy Nhon": 35,
        "Cat Lai (Ho Chi Minh City)": 30,
        "Cai Mep (Ba Ria-Vung Tau)": 20,
        "Da Nang": 15,
    },
    "tea": {"Hai Phong": 80, "Cat Lai (Ho Chi Minh City)": 20},
    "fruit": {
        "Cat Lai (Ho Chi Minh City)": 65,
        "Cai Mep (Ba Ria-Vung Tau)": 20,
        "Hai Phong": 10,
        "Da Nang": 5,
    },
    "vegetables": {"Hai Phong": 45, "Cat Lai (Ho Chi Minh City)": 45, "Da Nang": 10},
    "seafood": {
        "Cat Lai (Ho Chi Minh City)": 70,
        "Cai Mep (Ba Ria-Vung Tau)": 22,
        "Hai Phong": 4,
        "Da Nang": 4,
    },
    "wood": {
        "Quy Nhon": 30,
        "Cat Lai (Ho Chi Minh City)": 30,
        "Cai Mep (Ba Ria-Vung Tau)": 20,
        "Hai Phong": 10,
        "Da Nang": 10,
    },
}

# Transport modes from Viet Nam: to China by land for fresh produce; by air for some fruit and
# seafood. (SEA, AIR, ROAD, RAIL) weights; other destinations drop ROAD and RAIL.
_MODES_TO_CHINA: dict[str, tuple[int, int, int, int]] = {
    "fruit": (35, 3, 55, 7),
    "vegetables": (40, 2, 52, 6),
    "cassava": (75, 0, 22, 3),
    "rubber": (75, 0, 22, 3),
    "seafood": (80, 5, 15, 0),
    "cashew": (92, 0, 7, 1),
}
_AIR_SHARE: dict[str, int] = {"fruit": 12, "vegetables": 6, "seafood": 4}
_MODE_NAMES = ("SEA", "AIR", "ROAD", "RAIL")
_LAND_NEIGHBOURS_VN = {
    "CN": (_VN_ROAD, _CN_ROAD),
    "LA": (("Lao Bao Border Gate",), ("Densavanh",)),
    "KH": (("Moc Bai Border Gate",), ("Bavet",)),
}

# --------------------------------------------------------------------------------------------
# Company names (fictitious)
# --------------------------------------------------------------------------------------------

_VN_FORMS = (
    ("CÔNG TY TNHH", "Co., Ltd", 45),
    ("CÔNG TY CỔ PHẦN", "Joint Stock Company", 30),
    ("CÔNG TY TNHH MTV", "One Member Co., Ltd", 12),
    ("DOANH NGHIỆP TƯ NHÂN", "Private Enterprise", 5),
    ("CÔNG TY TNHH THƯƠNG MẠI DỊCH VỤ", "Trading Services Co., Ltd", 8),
)
_VN_SECTORS: dict[str, tuple[tuple[str, str], ...]] = {
    "coffee": (
        ("CÀ PHÊ", "Coffee"),
        ("NÔNG SẢN", "Agri"),
        ("XUẤT NHẬP KHẨU CÀ PHÊ", "Coffee Imex"),
    ),
    "cashew": (
        ("CHẾ BIẾN HẠT ĐIỀU", "Cashew Processing"),
        ("HẠT ĐIỀU", "Cashew"),
        ("NÔNG SẢN", "Agri"),
    ),
    "pepper": (("HỒ TIÊU", "Pepper"), ("GIA VỊ", "Spices"), ("NÔNG SẢN", "Agri")),
    "rice": (("LƯƠNG THỰC", "Food"), ("GẠO", "Rice"), ("NÔNG NGHIỆP", "Agriculture")),
    "rubber": (("CAO SU", "Rubber"),),
    "cassava": (("TINH BỘT SẮN", "Tapioca Starch"), ("NÔNG SẢN", "Agri")),
    "tea": (("CHÈ", "Tea"), ("TRÀ", "Tea")),
    "fruit": (("TRÁI CÂY", "Fruit"), ("RAU QUẢ", "Fruits and Vegetables"), ("NÔNG SẢN", "Agri")),
    "vegetables": (("RAU QUẢ", "Fruits and Vegetables"), ("THỰC PHẨM", "Foods")),
    "seafood": (("THỦY SẢN", "Seafood"), ("CHẾ BIẾN THỦY SẢN", "Seafood Processing")),
    "wood": (("GỖ", "Wood"), ("LÂM SẢN", "Forest Products"), ("NỘI THẤT", "Furniture")),
}
_VN_BRANDS = (
    "PHÚC AN",
    "HOÀNG LONG",
    "MINH PHÁT",
    "TÂN LỘC",
    "ĐẠI THÀNH",
    "AN KHANG",
    "HƯNG THỊNH",
    "PHƯƠNG NAM",
    "BẢO NGỌC",
    "THIÊN ÂN",
    "KIM NGÂN",
    "NGỌC LAN",
    "ĐỨC TÍN",
    "QUANG VINH",
    "TRƯỜNG XUÂN",
    "HẢI ĐĂNG",
    "VĨNH HƯNG",
    "LỘC PHÁT",
    "TÂM ĐỨC",
    "THUẬN PHONG",
    "GIA HUY",
    "SAO MAI XANH",
    "ĐÔNG DƯƠNG",
    "HỒNG HÀ",
    "CỬU LONG XANH",
    "TÂY NGUYÊN VÀNG",
    "BẾN NGHÉ",
    "NAM VIỆT HƯNG",
    "THÀNH ĐẠT",
    "MỸ AN",
    "HÒA BÌNH XANH",
    "KHÁNH AN",
    "PHÚ QUÝ",
    "TIẾN ĐẠT",
    "VIỆT HƯƠNG",
    "HƯƠNG SEN",
    "ÁNH DƯƠNG",
    "NHẬT MINH",
    "PHÚC THỊNH",
    "AN PHÚ GIA",
    "LAM SƠN XANH",
    "THÁI BÌNH DƯƠNG",
    "ĐẠI PHÚC",
    "HOÀNG GIA AN",
    "SƠN TRÀ",
    "BÌNH MINH XANH",
    "TRUNG TÍN",
    "HƯNG PHÁT",
    "VẠN XUÂN",
    "NGUYÊN KHANG",
    "THỊNH VƯỢNG",
    "PHƯỚC LỘC",
    "HẠ LONG",
    "TRÀ MY",
    "ĐỒNG XANH",
    "KHẢI HOÀN",
    "MINH KHUÊ",
    "QUỐC BẢO",
    "HỮU NGHỊ XANH",
    "LONG HẢI",
    "THIÊN PHÚ",
    "BẢO AN",
    "TÂN THÀNH PHÁT",
    "DUY TÂN",
    "HẢI NAM",
    "KIẾN AN",
    "LẠC HỒNG",
    "MINH CHÂU",
    "NGỌC PHÚ",
    "PHÚ THÀNH",
    "SÔNG TIỀN",
    "TÂM PHÚC",
    "THANH BÌNH",
    "TƯỜNG VY",
)
_GENERIC_IMPORTER_WORDS = (
    "Trading",
    "Foods",
    "Import",
    "Commodities",
    "International",
    "Global Sourcing",
    "Food Ingredients",
    "Distribution",
    "Provisions",
    "Import Export",
    "Agro",
    "Merchants",
)
_COMPETITOR_WORDS: dict[str, tuple[str, ...]] = {
    "coffee": ("Coffee Exports", "Café Exportadora", "Coffee Traders", "Plantations"),
    "cashew": ("Cashew Exports", "Cajou", "Cashew Industries", "Agro Exports"),
    "pepper": ("Spices", "Pepper Exports", "Pimenta Exportadora"),
    "rice": ("Rice Mills", "Agro Industries", "Rice Exports", "Overseas"),
    "rubber": ("Rubber Industry", "Rubber", "Karet"),
    "cassava": ("Tapioca Starch", "Tapioca Industry"),
    "tea": ("Tea Estates", "Tea Exports", "Teh"),
    "seafood": ("Seafoods", "Marine Exports", "Aquaculture"),
}


def _rng(seed: int | str) -> random.Random:
    """A seeded generator for demo data (not for anything secret)."""
    return random.Random(seed)  # noqa: S311


def strip_diacritics(text: str) -> str:
    """ASCII spelling of a Vietnamese name: 'CÔNG TY ĐẠI PHÚC' -> 'CONG TY DAI PHUC'."""
    text = text.replace("Đ", "D").replace("đ", "d")
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _slug(text: str) -> str:
    return "".join(ch for ch in strip_diacritics(text).lower() if ch.isalnum())


class DemoCompany(NamedTuple):
    """A fictitious company: its canonical name, the spellings rows use, and contacts on an
    `.example` domain."""

    key: str
    country: str
    name: str
    spellings: tuple[str, ...]
    website: str
    email: str


def _company(country: str, name: str, spellings: Sequence[str]) -> DemoCompany:
    slug = _slug(name)[:40]
    domain = f"{slug}.example"
    unique = tuple(dict.fromkeys(spellings))
    return DemoCompany(
        f"{country}:{slug}", country, name, unique, f"https://www.{domain}", f"sales@{domain}"
    )


def _title_ascii(text: str) -> str:
    return " ".join(word.capitalize() for word in strip_diacritics(text).split())


@lru_cache(maxsize=1)
def _vn_exporters() -> dict[str, list[DemoCompany]]:
    """About 330 fictitious Vietnamese exporters, each with two to four spellings."""
    rng = _rng(_NAMES_SEED)
    forms = list(_VN_FORMS)
    form_cum = list(accumulate(f[2] for f in forms))
    by_product: dict[str, list[DemoCompany]] = {p: [] for p in PRODUCT_ROW_SHARES}
    seen: set[str] = set()
    products = list(PRODUCT_ROW_SHARES)
    for brand in _VN_BRANDS:
        for product in rng.sample(products, 5):
            sector_vi, sector_en = rng.choice(_VN_SECTORS[product])
            form_vi, form_en, _ = forms[bisect_right(form_cum, rng.random() * form_cum[-1])]
            vi = f"{form_vi} {sector_vi} {brand}"
            if vi in seen:
                continue
            seen.add(vi)
            ascii_upper = strip_diacritics(vi)
            brand_en = _title_ascii(brand)
            english = f"{brand_en} {sector_en} {form_en}"
            spellings = [vi, ascii_upper, english]
            if rng.random() < 0.5:
                spellings.append(english.upper().replace("CO., LTD", "CO.,LTD"))
            company = _company("VN", vi, spellings)
            by_product[product].append(company)
            # A few companies trade a second product under the same name.
            if rng.random() < 0.25:
                by_product[rng.choice(products)].append(company)
    return by_product


@lru_cache(maxsize=1)
def _competitor_exporters() -> dict[tuple[str, str], list[DemoCompany]]:
    rng = _rng(_NAMES_SEED + 1)
    pools: dict[tuple[str, str], list[DemoCompany]] = {}
    for product, split in EXPORTER_SPLIT.items():
        for country in split:
            if country == "VN":
                continue
            _, _, _, forms, stems = COUNTRIES[country]
            words = _COMPETITOR_WORDS.get(product, ("Exports",))
            pool: list[DemoCompany] = []
            names: set[str] = set()
            for _ in range(40):
                stem = f"{rng.choice(stems)} {rng.choice(_SURNAMES)}"
                name = f"{stem} {rng.choice(words)} {rng.choice(forms)}"
                if country == "ID":
                    name = f"PT {stem} {rng.choice(words)}"
                if name in names:
                    continue
                names.add(name)
                pool.append(_company(country, name, (name, name.upper())))
            pools[(product, country)] = pool
    return pools


_SURNAMES = (
    "Alpha",
    "Royal",
    "Star",
    "Prime",
    "Green Valley",
    "Blue River",
    "Sunrise",
    "Crown",
    "Harvest",
    "Heritage",
    "Silver Leaf",
    "Evergreen",
    "Horizon",
    "Oriental",
    "Unity",
    "Vista",
    "Meridian",
    "Pioneer",
    "Tradewind",
    "Sterling",
    "Amber",
    "Lotus",
    "Cedar",
    "Jade",
    "Orchid",
)


@lru_cache(maxsize=1)
def _importers() -> dict[str, list[DemoCompany]]:
    """A fictitious pool of importers per country, a few thousand in all."""
    rng = _rng(_NAMES_SEED + 2)
    weight: dict[str, float] = {}
    for partners, tail, tail_markets in VN_PARTNERS.values():
        for country, share in partners.items():
            weight[country] = weight.get(country, 0.0) + share
        for country in tail_markets:
            weight[country] = weight.get(country, 0.0) + tail * 10
    for partners in COMPETITOR_PARTNERS.values():
        for country, share in partners.items():
            weight[country] = weight.get(country, 0.0) + share / 3
    top = max(weight.values())
    pools: dict[str, list[DemoCompany]] = {}
    for country in sorted(weight):
        size = max(20, int(320 * (weight[country] / top) ** 0.6))
        _, _, _, forms, stems = COUNTRIES[country]
        if not forms:
            forms, stems = ("Co., Ltd.",), ("Royal", "Golden")
        names: dict[str, None] = {}
        while len(names) < size:
            stem = rng.choice(stems)
            second = rng.choice(_SURNAMES)
            word = rng.choice(_GENERIC_IMPORTER_WORDS)
            name = (
                f"{stem} {word} {rng.choice(forms)}"
                if rng.random() < 0.3
                else f"{stem} {second} {word} {rng.choice(forms)}"
            )
            if country == "CN" and rng.random() < 0.4:
                name = f"{stem} {second} Import & Export Co., Ltd."
            names[name] = None
        pool = []
        for name in names:
            spellings = [name, name.upper()] if rng.random() < 0.3 else [name]
            pool.append(_company(country, name, spellings))
        pools[country] = pool
    return pools


def demo_companies() -> list[DemoCompany]:
    """Every fictitious company the generator uses, with its spellings and `.example` contacts."""
    seen: dict[str, DemoCompany] = {}
    for pool in _vn_exporters().values():
        for company in pool:
            seen.setdefault(company.key, company)
    for pool in _competitor_exporters().values():
        for company in pool:
            seen.setdefault(company.key, company)
    for pool in _importers().values():
        for company in pool:
            seen.setdefault(company.key, company)
    return list(seen.values())


# --------------------------------------------------------------------------------------------
# Lookup tables
# --------------------------------------------------------------------------------------------


def _table(items: Sequence[T], weights: Sequence[float], bits: int) -> list[T]:
    """A list of 2**bits entries where each item appears in proportion to its weight (at least
    once): drawing `table[rng.getrandbits(bits)]` is a weighted choice in one step."""
    size = 1 << bits
    while size < 2 * len(items):
        size <<= 1
    total = float(sum(weights))
    raw = [w / total * size for w in weights]
    slots = [max(1, int(r)) for r in raw]
    short = size - sum(slots)
    order = sorted(range(len(items)), key=lambda i: raw[i] - int(raw[i]), reverse=True)
    k = 0
    while short > 0:
        slots[order[k % len(order)]] += 1
        short -= 1
        k += 1
    while short < 0:
        i = max(range(len(slots)), key=lambda j: slots[j])
        slots[i] -= 1
        short += 1
    out: list[T] = []
    for item, n in zip(items, slots, strict=True):
        out.extend([item] * n)
    if len(out) != size:  # pragma: no cover - defensive
        raise AssertionError("lookup table has the wrong size")
    return out


def _zipf(n: int, exponent: float = 1.07) -> list[float]:
    return [1.0 / (rank**exponent) for rank in range(1, n + 1)]


def _months(start: date, end: date) -> list[tuple[int, int]]:
    out = []
    y, m = start.year, start.month
    while (y, m) <= (end.year, end.month):
        out.append((y, m))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


def _price_curve(product: str, months: list[tuple[int, int]]) -> list[float]:
    anchors = [((y * 12 + m - 1), p) for y, m, p in PRICE_ANCHORS[product]]
    out = []
    for y, m in months:
        t = y * 12 + m - 1
        if t <= anchors[0][0]:
            out.append(anchors[0][1])
            continue
        if t >= anchors[-1][0]:
            out.append(anchors[-1][1])
            continue
        for (t0, p0), (t1, p1) in pairwise(anchors):
            if t0 <= t <= t1:
                out.append(p0 + (p1 - p0) * (t - t0) / (t1 - t0))
                break
    return out


def _noise_table(spread: float) -> list[float]:
    """1024 price multipliers, roughly triangular on [1 - spread, 1 + spread]."""
    rng = _rng(_NAMES_SEED + 3)
    return sorted(1.0 + spread * (rng.random() + rng.random() - 1.0) for _ in range(1024))


_EN_FORMATS = (
    "{name} {grade}, {pack}, ORIGIN {origin}",
    "{name}, {grade}, PACKED IN {pack}",
    "{name} - {grade} - {pack} - ORIGIN: {origin}, {country}",
    "{name} {grade} ({pack})",
    "{name}; QUALITY: {grade}; PACKING: {pack}; ORIGIN: {country}",
    "{title} {grade}, {pack}",
)
# Products whose descriptions carry no crop year.
_NO_CROP = frozenset({"rubber", "seafood", "wood"})
_VI_FORMATS = (
    "{vi_name} {vi_grade}, {vi_pack}, xuất xứ {vi_origin}",
    "{vi_name} ({name}) {vi_grade}, {vi_pack}",
    "{vi_name}, hàng mới 100%, {vi_grade}, {vi_pack}",
    "{vi_name} {vi_grade}. Hàng xuất khẩu, xuất xứ Việt Nam",
)
_ZH_FORMATS = (
    "{zh_name} {grade}，{pack}，原产地越南",  # noqa: RUF001
    "{zh_name}（{name}）{grade}",  # noqa: RUF001
    "{zh_name}，规格 {grade}，产地 {origin}",  # noqa: RUF001
)


def _crop_suffixes(months: list[tuple[int, int]]) -> dict[str, list[list[str]]]:
    en = [
        [""] * len(months),
        [""] * len(months),
        [f", CROP {y}" for y, _ in months],
        [f", NEW CROP {y}" if m < 7 else f", CROP {y}" for y, m in months],
        [f", CROP {y - 1}/{y}" if m < 9 else f", CROP {y}/{y + 1}" for y, m in months],
    ]
    vi = [
        [""] * len(months),
        [f", vụ mùa {y}" for y, _ in months],
        [f", niên vụ {y - 1}/{y}" if m < 9 else f", niên vụ {y}/{y + 1}" for y, m in months],
    ]
    zh = [[""] * len(months), [f"，{y}年新货" for y, _ in months]]  # noqa: RUF001
    return {"en": en, "vi": vi, "zh": zh}


def _descriptions(
    variant: V, product: str, exporter: str, zh_share: float, suffixes: dict[str, list[list[str]]]
) -> list[tuple[str, list[str]]]:
    """1024 (description, crop suffix by month) entries for one variant and exporter."""
    (
        _w,
        hs,
        _unit,
        _mult,
        _loads,
        _kpu,
        names,
        grades,
        packs,
        vi_name,
        vi_grades,
        vi_packs,
        zh_name,
    ) = variant
    rng = _rng(f"{_NAMES_SEED}:{product}:{exporter}:{hs}:{names[0]}:{zh_share}")
    origins = ORIGINS.get((product, exporter), (("", ""),))
    country = COUNTRIES[exporter][0]
    vi_share = 0.18 if exporter == "VN" and vi_name else 0.0
    out: list[tuple[str, list[str]]] = []
    for _ in range(1024):
        origin, vi_origin = rng.choice(origins)
        origin = origin or country
        roll = rng.random()
        name, grade, pack = rng.choice(names), rng.choice(grades), rng.choice(packs)
        if roll < vi_share:
            text = rng.choice(_VI_FORMATS).format(
                vi_name=vi_name,
                name=name,
                vi_grade=rng.choice(vi_grades),
                vi_pack=rng.choice(vi_packs),
                vi_origin=vi_origin or origin,
            )
            crop = rng.choice(suffixes["vi"])
        elif zh_name and exporter == "VN" and roll < vi_share + zh_share:
            text = rng.choice(_ZH_FORMATS).format(
                zh_name=zh_name, name=name, grade=grade, pack=pack, origin=origin.title()
            )
            crop = rng.choice(suffixes["zh"])
        else:
            text = rng.choice(_EN_FORMATS).format(
                name=name,
                title=name.title(),
                grade=grade,
                pack=pack,
                origin=origin,
                country=country,
            )
            crop = rng.choice(suffixes["en"])
        if product in _NO_CROP:
            crop = suffixes["en"][0]
        text = " ".join(text.replace(" ,", ",").split()).strip(" ,")
        out.append((text, crop))
    return out


def _importer_weights(product: str, exporter: str) -> dict[str, float]:
    if exporter != "VN":
        return dict(COMPETITOR_PARTNERS[(product, exporter)])
    partners, tail, markets = VN_PARTNERS[product]
    named_total = sum(partners.values())
    weights = {c: s / named_total * (1 - tail) for c, s in partners.items()}
    tail_weights = _zipf(len(markets), 0.8)
    tail_total = sum(tail_weights)
    for country, w in zip(markets, tail_weights, strict=True):
        weights[country] = weights.get(country, 0.0) + tail * w / tail_total
    return weights


def _modes(product: str, exporter: str, importer: str) -> list[tuple[str, list[str], list[str]]]:
    """(mode, loading ports, discharge ports) lookup table for one lane."""
    imp = COUNTRIES[importer]
    sea_dest = list(imp[1]) or [imp[0].title()]
    air_dest = [imp[2] or imp[0].title()]
    if exporter == "VN":
        sea_src = _table(list(_VN_SEA_PORTS[product]), list(_VN_SEA_PORTS[product].values()), 6)
        air_src = list(_VN_AIR)
    else:
        sea_src = list(COUNTRIES[exporter][1])
        air_src = [COUNTRIES[exporter][2]]
    sea_dest_t = _table(sea_dest, _zipf(len(sea_dest), 0.9), 6)
    weights = [100, 0, 0, 0]
    entries: list[tuple[str, list[str], list[str]]] = [
        ("SEA", sea_src, sea_dest_t),
        ("AIR", air_src, air_dest),
        ("ROAD", sea_src, sea_dest_t),
        ("RAIL", sea_src, sea_dest_t),
    ]
    if exporter == "VN":
        air = _AIR_SHARE.get(product, 0)
        weights = [100 - air, air, 0, 0]
        if importer == "CN" and product in _MODES_TO_CHINA:
            weights = list(_MODES_TO_CHINA[product])
            entries[2] = ("ROAD", list(_VN_ROAD), list(_CN_ROAD))
            entries[3] = ("RAIL", list(_VN_RAIL), list(_CN_RAIL))
        elif importer in ("LA", "KH"):
            src, dst = _LAND_NEIGHBOURS_VN[importer]
            weights = [30, 0, 70, 0]
            entries[2] = ("ROAD", list(src), list(dst))
    kept = [(e, w) for e, w in zip(entries, weights, strict=True) if w > 0]
    return _table([e for e, _ in kept], [w for _, w in kept], 8)


Flow = tuple[Any, ...]


@lru_cache(maxsize=4)
def _flows(start: date, end: date) -> list[Flow]:
    """The per-(product, exporter country) lookup tables for a date range (4096 entries)."""
    months = _months(start, end)
    month_index = {ym: i for i, ym in enumerate(months)}
    days: list[date] = []
    d = start
    while d <= end:
        days.append(d)
        d += timedelta(days=1)
    iso_days = [(day.isoformat(), month_index[(day.year, day.month)]) for day in days]
    suffixes = _crop_suffixes(months)
    vn_pools = _vn_exporters()
    comp_pools = _competitor_exporters()
    importers = _importers()
    importer_tables: dict[str, list[str]] = {}
    for country, pool in importers.items():
        zipf = _zipf(len(pool), 1.1)
        names: list[str] = []
        weights: list[float] = []
        for company, w in zip(pool, zipf, strict=True):
            for spelling in company.spellings:
                names.append(spelling)
                weights.append(w / len(company.spellings))
        importer_tables[country] = _table(names, weights, 12)

    containers = _table([1, 2, 3, 4, 5, 8, 10], [48, 24, 12, 7, 4, 3, 2], 6)
    flows: list[Flow] = []
    flow_weights: list[float] = []
    for product, share in PRODUCT_ROW_SHARES.items():
        growth = 1.0
        for exporter, split in EXPORTER_SPLIT[product].items():
            pool = vn_pools[product] if exporter == "VN" else comp_pools[(product, exporter)]
            exp_names: list[str] = []
            exp_weights: list[float] = []
            order = _rng(f"{_NAMES_SEED}:{product}:{exporter}").sample(pool, len(pool))
            for company, w in zip(order, _zipf(len(order), 0.8), strict=True):
                spell_w = (0.45, 0.3, 0.2, 0.05)[: len(company.spellings)]
                for spelling, sw in zip(company.spellings, spell_w, strict=True):
                    exp_names.append(spelling)
                    exp_weights.append(w * sw)
            exp_table = _table(exp_names, exp_weights, 12)

            season = SEASONALITY[(product, exporter)]
            day_weights = []
            for day in days:
                # Trade grows ~4 % a year on top of the season.
                year_factor = growth * (1.04 ** (day.year - 2023))
                dim = calendar.monthrange(day.year, day.month)[1]
                day_weights.append(season[day.month - 1] * year_factor / dim)
            date_table = _table(iso_days, day_weights, 13)

            curve = _price_curve(product, months)
            variants = PRODUCT_VARIANTS[(product, exporter)]
            noise = _noise_table(0.09)
            country_weights = _importer_weights(product, exporter)
            var_tables: dict[float, list[Any]] = {}
            for zh in (0.0, 0.35):
                var_entries = []
                for variant in variants:
                    (_vw, hs, unit, mult, loads, kpu, *_rest) = variant
                    descs = _descriptions(variant, product, exporter, zh, suffixes)
                    prices = [round(mult * p, 4) for p in curve]
                    var_entries.append((hs, unit, loads, prices, kpu, descs, containers))
                var_tables[zh] = _table(var_entries, [v[0] for v in variants], 8)
            lanes = []
            for importer in country_weights:
                zh = 0.35 if importer in ("CN", "HK", "TW") else 0.0
                lanes.append(
                    (
                        importer,
                        importer_tables[importer],
                        _modes(product, exporter, importer),
                        var_tables[zh],
                    )
                )
            lane_table = _table(lanes, list(country_weights.values()), 10)
            flows.append((exporter, exp_table, date_table, lane_table, noise))
            flow_weights.append(share * split)
    return _table(flows, flow_weights, 12)


# --------------------------------------------------------------------------------------------
# Generation
# --------------------------------------------------------------------------------------------


def _block(block: int, count: int, seed: int, start: date, end: date) -> Iterator[tuple[str, ...]]:
    """The rows of block `block` (absolute indices below `count`), from the block's own stream."""
    flows = _flows(start, end)
    bits = _rng(seed * 1_000_003 + block).getrandbits
    index = block * _BLOCK
    last = min(count, index + _BLOCK)
    while index < last:
        # Two 64-bit draws, sliced into table indices (table sizes are fixed powers of two).
        r = bits(64)
        r2 = bits(64)
        exporter, exp_table, date_table, lane_table, noise = flows[r & 4095]
        day, month = date_table[(r >> 12) & 8191]
        importer_country, imp_table, modes, var_table = lane_table[(r >> 25) & 1023]
        hs, unit, loads, prices, kpu, descs, containers = var_table[(r >> 35) & 255]
        mode, pols, pods = modes[(r >> 43) & 255]
        kg = loads[(r2 & 1023) % len(loads)] * containers[(r2 >> 10) & 63]
        if mode == "AIR":
            kg //= 8
        price = prices[month] * noise[(r2 >> 16) & 1023]
        text, crop = descs[(r2 >> 26) & 1023]
        index += 1
        if unit == "KGM":
            quantity = str(kg)
        elif unit == "TNE":
            quantity = f"{kg / 1000:.3f}"
        elif unit == "MTQ":
            quantity = f"{kg / kpu:.3f}"
        else:
            pieces = kg // kpu
            kg = pieces * kpu
            quantity = str(pieces)
        yield (
            day,
            hs,
            text + crop[month],
            exp_table[(r2 >> 48) & 4095],
            exporter,
            imp_table[(r2 >> 36) & 4095],
            importer_country,
            quantity,
            unit,
            str(kg),
            f"{kg * price:.2f}",
            pols[(r >> 51) % len(pols)],
            pods[(r >> 57) % len(pods)],
            mode,
            SOURCE,
            f"demo-{index:09d}",
        )


def generate_rows(
    count: int,
    *,
    seed: int = DEFAULT_SEED,
    start: date = DEFAULT_START,
    end: date = DEFAULT_END,
) -> Iterator[tuple[str, ...]]:
    """`count` demo shipments as tuples of strings in CSV_HEADER order.

    Deterministic for (seed, start, end); the first N rows never depend on `count`."""
    if count < 0:
        raise ValueError("count must not be negative")
    if end < start:
        raise ValueError("end must not be before start")
    if (end - start).days >= 4096:
        raise ValueError("the demo date range is limited to about eleven years")
    block = 0
    while block * _BLOCK < count:
        yield from _block(block, count, seed, start, end)
        block += 1


def _open_text(path: Path) -> io.TextIOBase:
    if path.name.endswith(".gz"):
        # Level 1: ten million rows compress several times faster than at the default level.
        binary = gzip.GzipFile(path, "wb", compresslevel=1)
        return io.TextIOWrapper(binary, encoding="utf-8", newline="")
    return path.open("w", encoding="utf-8", newline="")


def write_csv(path: str | Path, count: int, **kwargs: Any) -> int:
    """Write `count` demo rows with a header to `path` (gzip when it ends in .gz), streaming;
    returns the number of rows written. Keyword arguments go to `generate_rows`."""
    written = 0
    rows = generate_rows(count, **kwargs)
    with _open_text(Path(path)) as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_HEADER)
        while chunk := list(islice(rows, 10_000)):
            writer.writerows(chunk)
            written += len(chunk)
    return written
